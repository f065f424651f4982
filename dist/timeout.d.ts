/**
 * Request abort signals (`req.signal`) and the opt-in handler timeout
 * (`velox.timeout('5s')`).
 *
 * `req.signal` is an `AbortSignal` made on first read: a request that never
 * reads it (and is not under `velox.timeout`) pays nothing, not even a
 * listener. It aborts when the client goes away before the response finished
 * (the response closes unfinished), or when `velox.timeout` fires; never
 * after a response that completed.
 *
 * `velox.timeout(time)` starts a timer per request; when it fires and no
 * response has started, it aborts `req.signal` and calls `next` with an error
 * (`status` 503, `code` 'ETIMEDOUT'), so the app's error handlers or the final
 * handler answer, once. From then on the response ignores late writes
 * (`res.send`, `res.set`, `res.end`... after the answer went out) instead of
 * throwing `ERR_HTTP_HEADERS_SENT`. The timer is cleared when the response
 * closes, and never keeps the process alive.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Next } from './router/layer';
/** The reason `req.signal` carries when the client went away first. */
export interface ClientClosedError extends Error {
    code: 'ECONNRESET';
}
/** The error `velox.timeout` passes to `next` (and aborts `req.signal` with). */
export interface TimeoutError extends Error {
    status: 503;
    statusCode: 503;
    code: 'ETIMEDOUT';
    /** The timeout, in milliseconds. */
    timeout: number;
    expose: false;
}
/** `req.signal`: defined on `velox.request` (see request.ts). */
export declare const signalDescriptor: PropertyDescriptor;
/**
 * Middleware that answers 503 through the error path when no response has
 * started within `time` (milliseconds, or an `ms` string such as '5s'),
 * aborting `req.signal` first. A later `velox.timeout` on the same request
 * (a route's own) replaces an earlier one (the app's).
 *
 * @example
 * app.use(velox.timeout('5s'));
 * app.get('/report', async (req, res) => res.json(await buildReport({ signal: req.signal })));
 */
export declare function timeout(time: number | string): (req: IncomingMessage, res: ServerResponse, next: Next) => void;
