/** `require('express/lib/response')`: the response prototype (`require('express').response`). */
import { response } from '../response';
export = response;
