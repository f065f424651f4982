/** `require('express/lib/request')`: the request prototype (`require('express').request`). */
import { request } from '../request';
export = request;
