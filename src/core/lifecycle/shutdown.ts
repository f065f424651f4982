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
 * one behind `server.closeIdleConnections()`, platform.ts); where it cannot be
 * found, idle ones close at once and the rest at the deadline
 * (`server.closeAllConnections()`). HTTP/2 sessions are tracked
 * from a server's first HTTP/2 request that reaches a Velox app (see
 * http2.ts): a session opened before that and idle since is not reached (its
 * client closes it, or the process exit does).
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'http';
import type { Http2Session } from 'http2';
import type { Server as NetServer } from 'net';
import { veloxError } from '../errors';
import { closeHeld } from './held-connections';
import { anyLogText } from '../base/log-text';
import { durationOf } from '../base/utils';
import { httpConnections, serverOf } from '../platform';

const kShutdown: unique symbol = Symbol('velox.shutdown');
const kSessions: unique symbol = Symbol('velox.http2Sessions');

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

type AnyServer = NetServer & { closeIdleConnections?: () => void; closeAllConnections?: () => void };

interface TrackedServer {
	[kShutdown]?: Promise<void>;
	[kSessions]?: Set<Http2Session>;
}

function sessionsOf(server: AnyServer): Set<Http2Session> {
	const tracked = server as TrackedServer;
	let sessions = tracked[kSessions];
	if (sessions === undefined) {
		const created = new Set<Http2Session>();
		sessions = created;
		tracked[kSessions] = sessions;
		server.on('session', (session: Http2Session) => {
			addSession(created, session);
			// A session whose handshake ended during a shutdown is ended at once.
			if (tracked[kShutdown] !== undefined) session.close();
		});
	}
	return sessions;
}

function addSession(sessions: Set<Http2Session>, session: Http2Session): void {
	if (sessions.has(session) || session.destroyed) return;
	sessions.add(session);
	session.once('close', () => sessions.delete(session));
}

const seenSessions = new WeakSet<Http2Session>();

/**
 * Called by http2.ts for each HTTP/2 request's session: from the first one
 * on, the server's sessions are tracked (for GOAWAY at shutdown).
 */
export function trackHttp2Session(session: Http2Session | undefined): void {
	if (session === undefined || seenSessions.has(session)) return;
	seenSessions.add(session);
	const server = serverOf(session.socket) as AnyServer | undefined;
	if (server !== undefined) addSession(sessionsOf(server), session);
}

function toMilliseconds(time: unknown): number {
	const value = durationOf(time);
	if (value === undefined) throw veloxError('VELOX_ERR_SHUTDOWN_TIMEOUT', time);
	return value;
}

function isHttp2(req: IncomingMessage): boolean {
	return req.httpVersionMajor === 2;
}

/** The response will close its connection: `Connection: close` if its head is not out, else close once it finished. */
function closeAfter(server: AnyServer, res: ServerResponse): void {
	if (!res.headersSent) {
		res.shouldKeepAlive = false;
		return;
	}
	if (res.writableFinished) return;
	res.once('finish', () => setImmediate(closeIdle, server));
}

function closeIdle(server: AnyServer): void {
	if (typeof server.closeIdleConnections === 'function') server.closeIdleConnections();
}

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
export function shutdown(server: NetServer | HttpServer, options: ShutdownOptions = {}): Promise<void> {
	const target = server as AnyServer;
	const tracked = target as TrackedServer;
	const running = tracked[kShutdown];
	if (running !== undefined) return running;
	const deadline = toMilliseconds(options.timeout ?? 10_000);
	const sessions = sessionsOf(target);

	const promise = new Promise<void>((resolve) => {
		let finished = false;
		let timer: NodeJS.Timeout | undefined;
		const finish = (): void => {
			if (finished) return;
			finished = true;
			if (timer !== undefined) clearTimeout(timer);
			target.off('request', onRequest);
			resolve();
		};

		// Requests that arrive from now on (kept-alive HTTP/1 connections) close their connection.
		function onRequest(req: IncomingMessage, res: ServerResponse): void {
			if (!isHttp2(req)) closeAfter(target, res);
		}
		target.prependListener('request', onRequest);

		// Stop accepting; resolves when every connection is gone.
		target.close(() => finish());

		for (const { socket, response: res } of httpConnections(target) ?? []) {
			if (res !== null && !res.writableFinished) closeAfter(target, res);
			// A connection that never sent a byte is idle too (node counts it as
			// waiting for a request head, so closeIdleConnections keeps it).
			else if (res === null && socket.bytesRead === 0) socket.destroy();
		}
		closeIdle(target);
		for (const session of sessions) if (!session.closed && !session.destroyed) session.close();
		// WebSockets get a close frame (1001), event streams their end (held-connections.ts).
		closeHeld(target, false);

		timer = setTimeout(() => {
			const connections = httpConnections(target);
			if (connections !== undefined) for (const { socket } of connections) socket.destroy();
			else if (typeof target.closeAllConnections === 'function') target.closeAllConnections();
			for (const session of sessions) session.destroy();
			closeHeld(target, true);
			// Anything not reached (see above) does not hold the promise.
			setImmediate(finish);
		}, deadline);
		timer.unref();
	});
	tracked[kShutdown] = promise;
	return promise;
}

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
export function shutdownOnSignal(server: NetServer | HttpServer, options: ShutdownOnSignalOptions = {}): () => void {
	const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
	toMilliseconds(options.timeout ?? 10_000);
	let received: NodeJS.Signals | undefined;
	const remove = (): void => {
		for (const signal of signals) process.off(signal, onSignal);
	};
	function onSignal(signal: NodeJS.Signals): void {
		if (received !== undefined) {
			// Second signal: give up waiting.
			remove();
			process.kill(process.pid, signal);
			return;
		}
		received = signal;
		shutdown(server, options)
			.then(() => (options.onShutdown ? options.onShutdown() : undefined))
			.catch((err: unknown) => {
				console.error(anyLogText(err));
				process.exitCode = 1;
			})
			.finally(() => {
				remove();
				if (options.exit !== false) process.kill(process.pid, signal);
			});
	}
	for (const signal of signals) process.on(signal, onSignal);
	return remove;
}
