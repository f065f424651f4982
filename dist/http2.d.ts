/**
 * HTTP/2 through node's compatibility API: `http2.createServer(app)` and
 * `http2.createSecureServer({ allowHTTP1: true, key, cert }, app)`.
 *
 * node hands an HTTP/2 request to the app as an `Http2ServerRequest` /
 * `Http2ServerResponse`, which are not `IncomingMessage` / `ServerResponse`:
 * swapping in the usual `app.request` / `app.response` (whose chains end in
 * node's HTTP/1 prototypes) would hide their `url`, `method`, `headers`... So
 * an HTTP/2 request gets parallel prototypes: the same member definitions
 * (velox's, then the app chain's own, nearest last) laid over node's HTTP/2
 * prototypes, built once per app on its first HTTP/2 request.
 *
 * Members added to `velox.request`, `app.request` (and the response ones)
 * after an app's first HTTP/2 request are not seen by its later HTTP/2
 * requests; Express apps add them at startup.
 *
 * Hot path: HTTP/1 requests never reach this module. `app.handle` comes here
 * only from its prototype-swap branch (never taken with `app.listen`) and only
 * when `req.httpVersionMajor === 2` (an own data property on HTTP/1 requests).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from './application';
import type { Next } from './router/layer';
/** The app's prototype for HTTP/2 requests, built on first use. */
export declare function http2RequestPrototype(app: App): object;
/** The app's prototype for HTTP/2 responses, built on first use. */
export declare function http2ResponsePrototype(app: App): object;
/**
 * `app.handle` for an HTTP/2 request whose prototypes are not yet this
 * app's: the same steps as the HTTP/1 swap branch, with the HTTP/2 prototypes.
 */
export declare function handleHttp2(app: App, req: IncomingMessage, res: ServerResponse, callback: Next | undefined): void;
/** Puts back the parent app's prototypes after a mounted app handled an HTTP/2 request. */
export declare function restoreHttp2Prototypes(app: App, req: IncomingMessage, res: ServerResponse): void;
