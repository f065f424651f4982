/**
 * Graceful shutdown: `await velox.shutdown(server, { timeout })`, and
 * `velox.shutdownOnSignal(server)` for containers and process managers.
 *
 * Works with the server `app.listen` returns and with any `http`/`https`
 * server or `http2` server (h2c, or TLS with `allowHTTP1`) serving an app:
 * - stops accepting connections at once (`server.close()`);
 * - HTTP/1: idle keep-alive connections close at once; a request in flight
 *   is answered, with `Connection: close` when its head is not out yet (node
 *   then closes the connection after it), else the connection closes once the
 *   response finished; a request arriving on a kept-alive connection
 *   meanwhile is answered with `Connection: close` too;
 * - HTTP/2: every session gets GOAWAY (`session.close()`): streams already
 *   open are answered, new ones refused, and the session ends after them;
 * - at the deadline, whatever is left is destroyed.
 * The promise resolves once the server closed (or right after the deadline's
 * cleanup), never rejects.
 *
 * HTTP/1 connections are reached through node's own connection list (the
 * one behind `server.closeIdleConnections()`). HTTP/2 sessions are tracked
 * from a server's first HTTP/2 request that reaches a Velox app (see
 * http2.ts): a session opened before that and idle since is not reached (its
 * client closes it, or the process exit does).
 */
import type { Server as HttpServer } from 'node:http';
import type { Http2Session } from 'node:http2';
import type { Server as NetServer } from 'node:net';
/** Options of `velox.shutdown`. */
export interface ShutdownOptions {
    /** How long requests in flight get before their connections are destroyed: milliseconds or an `ms` string. Default 10 s. */
    timeout?: number | string;
}
/** Options of `velox.shutdownOnSignal`. */
export interface ShutdownOnSignalOptions extends ShutdownOptions {
    /** The signals to handle. Default `['SIGTERM', 'SIGINT']`. */
    signals?: NodeJS.Signals[];
    /**
     * After the shutdown: re-raise the signal so the process ends as it would
     * have without the handler (default `true`); `false` leaves the process to
     * end by itself once nothing else keeps it alive.
     */
    exit?: boolean;
    /** Called after the server closed, before the signal is re-raised (close databases here). */
    onShutdown?: () => unknown;
}
/**
 * Called by http2.ts for each HTTP/2 request's session: from the first one
 * on, the server's sessions are tracked (for GOAWAY at shutdown).
 */
export declare function trackHttp2Session(session: Http2Session | undefined): void;
/**
 * Stops `server` gracefully: no new connections, requests in flight answered,
 * idle connections closed at once, HTTP/2 sessions sent GOAWAY; what is left
 * at `timeout` (default 10 s) is destroyed. Calling it again returns the same promise.
 *
 * @example
 * const server = app.listen(3000);
 * process.on('SIGTERM', async () => {
 *   await velox.shutdown(server, { timeout: '10s' });
 *   await db.close();
 * });
 */
export declare function shutdown(server: NetServer | HttpServer, options?: ShutdownOptions): Promise<void>;
/**
 * On the first of `signals` (default SIGTERM and SIGINT), shuts `server`
 * down, runs `onShutdown`, then re-raises the signal so the process exits as
 * it would have (unless `exit: false`). A second signal meanwhile exits at
 * once. Returns a function that removes the handlers.
 *
 * @example
 * const server = app.listen(3000);
 * velox.shutdownOnSignal(server, { timeout: '10s', onShutdown: () => db.close() });
 */
export declare function shutdownOnSignal(server: NetServer | HttpServer, options?: ShutdownOnSignalOptions): () => void;
