import type { VeloxResponse } from './types';
/**
 * Sends `body` as JSON, with the `json replacer`, `json spaces` and
 * `json escape` settings.
 *
 * @example
 * res.status(201).json({ id: 7 });
 */
export declare function json(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse;
/**
 * Sends JSON wrapped in the callback named by the query parameter of the
 * `jsonp callback name` setting (default `callback`).
 *
 * @example
 * // GET /user?callback=show  →  /**\/ typeof show === 'function' && show({"name":"tobi"});
 * res.jsonp({ name: 'tobi' });
 */
export declare function jsonp(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse;
/**
 * Express 4's deprecated `(body, status)` and `(status, body)` forms of `res.send`, `res.json`
 * and `res.jsonp`: warns in Express's words, sets the status and returns the body. A number
 * second means `(body, status)`, except that `res.send` reads two numbers as `(status, body)`,
 * as Express does. `warn` is the calling module's depd: depd then reports the user's call
 * site, as Express's warnings do (one `warn` call per form keeps them reported apart).
 */
export declare function twoArgumentBody(res: VeloxResponse, method: 'send' | 'json' | 'jsonp', first: unknown, second: unknown, warn: (message: string) => void): unknown;
