/** `require('express/lib/middleware/query')`: the query middleware (`require('express').query`). */
import { query } from '../../query';
export = query;
