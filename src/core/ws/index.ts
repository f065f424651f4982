/**
 * WebSocket upgrades through the app's router (beyond Express 4): the server
 * side of `app.ws()` / `router.ws()` (the routes themselves: router/ws-route.ts).
 *
 * Loaded with the first `ws` route (application.ts), with the `ws` package, an
 * optional peer dependency. From then on, each new connection of a server
 * whose request listener is an app with a `ws` route somewhere in its tree
 * gets the app's `upgrade` listener (found through node's `net.server.socket`
 * diagnostics channel, so `app.listen`, `http.createServer(app)` and `https`
 * are alike, and an app without `ws` routes is left exactly as it was).
 *
 * An upgrade goes through `app.handle` like a GET, with a marker (`kUpgrade`)
 * that lets it into `ws` routes only (no method or `all` route); middleware, mounts, params
 * and `app.param` see it as usual. Until the handshake `res` writes to the
 * upgrade's socket, so a refusal (`res.status(401).end()`, an error, the final
 * handler's 404) is an HTTP answer with `Connection: close`. The last handler
 * of the `ws` route triggers the handshake (`accept` below) and is called with
 * the open socket.
 *
 * Beside other `upgrade` listeners (socket.io, express-ws, a WebSocketServer
 * of the app's own) only upgrades a `ws` route could take are dispatched,
 * after the other listeners had their turn: one that took the socket (wrote
 * to it, or closed it) keeps it.
 */
import dc from 'diagnostics_channel';
import { type IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';
import type * as WsModule from 'ws';
import { requestError, toError } from '../errors';
import { finalHandle } from '../final-handler';
import { isClosing } from '../lifecycle/held-connections';
import { errorLogText, escapeLogText } from '../base/log-text';
import { kAppRouter, kMountedApp } from '../base/symbols';
import { isThenable, type Layer } from '../router/layer';
import type { Next } from '../router/types';
import { adopt, type Endpoint, endpointFor, headerLines, ignoreError, kResponseHeaders, type ResolvedOptions, validateOptions } from './socket';
import { kUpgrade, type UpgradeMarker, type WebSocketHandlerFn, WsRoute, wsRoutesAdded } from '../router/ws-route';
import { traceUnhandled } from '../tracing';
import { servedAppOf } from '../platform';
import { pathnameOf } from '../base/url';

/** What this module needs of an app (the one in application.ts, read structurally). */
interface AppLike {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	handle(req: IncomingMessage, res: ServerResponse, callback?: Next): void;
	get(setting: string): unknown;
	_router?: { stack: Layer[] };
	/** Velox 5: the router behind `app.router` (application.ts). */
	[kAppRouter]?: { stack: Layer[] };
}

type Handle = { stack?: unknown; [kMountedApp]?: { _router?: { stack?: unknown }; [kAppRouter]?: { stack?: unknown } } };

type MarkedRequest = IncomingMessage & { [kUpgrade]?: Marker; [kResponseHeaders]?: string[]; ws?: unknown; wsHandled?: boolean; app?: AppLike };

/** The handshake's state for one upgrade request (`req[kUpgrade]`). */
class Marker implements UpgradeMarker {
	/** The open socket, once the handshake is done (here or by another listener). */
	ws: WsModule.WebSocket | undefined = undefined;

	constructor(
		readonly app: AppLike,
		readonly server: object,
		readonly socket: Socket,
		readonly head: Buffer,
	) {}

	accept(req: IncomingMessage, res: ServerResponse, handler: WebSocketHandlerFn, routeOptions: object | undefined, next: Next): void {
		const request = req as MarkedRequest;
		const app = request.app ?? this.app;
		// After the handshake, a handler's error cannot be an HTTP answer: the socket closes with 1011.
		const wsNext: Next = (err) => {
			if (err !== undefined && err !== null && err !== 'route' && err !== 'router') failed(app, req, this.ws, err);
			else next(err);
		};
		if (this.ws === undefined && isOpenSocket(request.ws)) {
			// Another upgrade listener (express-ws) did the handshake and dispatches the request itself.
			this.ws = request.ws;
			request.wsHandled = true;
			adopt(this.ws, this.socket, undefined, this.server, res);
		}
		if (this.ws !== undefined) {
			// Open already: an earlier `ws` route's handler passed it on with `next()`.
			callHandler(handler, this.ws, req, wsNext);
			return;
		}
		let endpoint: Endpoint;
		try {
			endpoint = endpointFor(app.get('ws options'), routeOptions);
		} catch (err) {
			next(err);
			return;
		}
		const refusal = handshakeRefusal(req, endpoint.options);
		if (refusal !== undefined) {
			next(refusal);
			return;
		}
		const socket = this.socket;
		if (!socket.readable || !socket.writable) {
			socket.destroy();
			return;
		}
		try {
			// Runs what middleware hooked on the head (express-session's cookie, …); nothing is written.
			res.writeHead(101);
		} catch (err) {
			next(err);
			return;
		}
		(req as MarkedRequest)[kResponseHeaders] = headerLines(res);
		res.detachSocket(socket);
		socket.removeListener('error', onSocketError);
		endpoint.server.handleUpgrade(req, socket, this.head, (ws: WsModule.WebSocket) => {
			this.ws = ws;
			adopt(ws, socket, endpoint.options, this.server, res);
			callHandler(handler, ws, req, wsNext);
		});
	}
}

function isOpenSocket(value: unknown): value is WsModule.WebSocket {
	return typeof value === 'object' && value !== null && typeof (value as { send?: unknown }).send === 'function' && 'readyState' in value;
}

const keyPattern = /^[+/0-9A-Za-z]{22}==$/;

/** The 4xx a handshake gets before it completes: a refused origin, a malformed request. */
function handshakeRefusal(req: IncomingMessage, options: ResolvedOptions): unknown {
	const origin = req.headers.origin;
	if (options.origins !== undefined && origin !== undefined && !options.origins(origin, req)) {
		return refusal(req, 'VELOX_ERR_WS_ORIGIN', JSON.stringify(origin));
	}
	const key = req.headers['sec-websocket-key'];
	if (key === undefined || !keyPattern.test(key)) return refusal(req, 'VELOX_ERR_WS_HANDSHAKE', 'missing or invalid Sec-WebSocket-Key');
	const version = req.headers['sec-websocket-version'];
	if (version !== '13' && version !== '8') return refusal(req, 'VELOX_ERR_WS_HANDSHAKE', 'missing or invalid Sec-WebSocket-Version');
	return undefined;
}

/**
 * The refusals `handshakeRefusal` made, with what their log line says of them: what a client sent
 * was refused, the client's error and not the server's, which anyone who can connect can cause at
 * will. When one reaches the final handler it is logged as one short line, at most one a minute
 * per app (`logRefusal`), not as a stack trace per handshake.
 */
const refusals = new WeakMap<object, string>();

function refusal(req: IncomingMessage, code: 'VELOX_ERR_WS_ORIGIN' | 'VELOX_ERR_WS_HANDSHAKE', detail: string): object {
	const err = requestError(code, [detail]);
	const where = `${quote(pathnameOf(req.url) ?? '')} from ${String(req.socket.remoteAddress)}`;
	refusals.set(err, `${err.status} ${code} ${quote(err.message)} (${where})`);
	return err;
}

/** At most one line per interval for an app's refused handshakes; the others are counted. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** The longest part of a request (path, message) a refusal's line quotes. */
const REFUSAL_LOG_QUOTE = 120;

/** An app's refusals within the current interval that were not logged one by one. */
interface RefusalLog {
	suppressed: number;
}

const refusalLogs = new WeakMap<AppLike, RefusalLog>();

function quote(text: string): string {
	const short = text.length > REFUSAL_LOG_QUOTE ? text.slice(0, REFUSAL_LOG_QUOTE) + '…' : text;
	return escapeLogText(short);
}

/**
 * Logs a refused handshake: when none was logged for `app` in the last interval, one line
 * (`velox: WebSocket handshake refused: 403 VELOX_ERR_WS_ORIGIN …`), with no stack, then counts
 * the next ones; at the end of an interval with refusals counted, one line with their number, and
 * another interval starts. A steady flood thus writes one line a minute.
 */
function logRefusal(app: AppLike, text: string): void {
	const log = refusalLogs.get(app);
	if (log !== undefined) {
		log.suppressed++;
		return;
	}
	console.error(`velox: WebSocket handshake refused: ${text}; more in the next minute are counted, not logged`);
	startRefusalInterval(app);
}

function startRefusalInterval(app: AppLike): void {
	refusalLogs.set(app, { suppressed: 0 });
	setTimeout(endRefusalInterval, REFUSAL_LOG_INTERVAL_MS, app).unref();
}

function endRefusalInterval(app: AppLike): void {
	const log = refusalLogs.get(app);
	refusalLogs.delete(app);
	if (log === undefined || log.suppressed === 0) return;
	const count = log.suppressed === 1 ? '1 more WebSocket handshake' : `${log.suppressed} more WebSocket handshakes`;
	console.error(`velox: ${count} refused in the last ${REFUSAL_LOG_INTERVAL_MS / 1000} s (one line a minute at most)`);
	startRefusalInterval(app);
}

function callHandler(handler: WebSocketHandlerFn, ws: WsModule.WebSocket, req: IncomingMessage, next: Next): void {
	try {
		const result = handler(ws, req, next);
		if (isThenable(result)) result.then(undefined, (reason: unknown) => next(toError(reason)));
	} catch (err) {
		next(err);
	}
}

/** A handler failed after the handshake: the error is reported as the final handler reports one, the socket closes with 1011. */
function failed(app: AppLike, req: IncomingMessage, ws: WsModule.WebSocket | undefined, err: unknown): void {
	traceUnhandled(req, err);
	logError(app, err);
	if (ws !== undefined && (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)) ws.close(1011);
}

function logError(app: AppLike, err: unknown): void {
	if (app.get('env') === 'test') return;
	// A handshake Velox refused: the client's error, one short line at most (logRefusal).
	const refused = typeof err === 'object' && err !== null ? refusals.get(err) : undefined;
	if (refused !== undefined) logRefusal(app, refused);
	// Anything else, as the app's final handler logs (Express 4's logerror): the server's error, with its stack.
	else console.error(errorLogText(err));
}

/** Before the handshake the socket is nobody's: an error (a reset) ends it quietly. */
function onSocketError(this: Socket): void {
	this.destroy();
}

/** After an HTTP answer to an upgrade, the connection closes. */
function endAfterAnswer(this: ServerResponse): void {
	const socket = this.socket;
	if (socket === null) return;
	this.detachSocket(socket);
	socket.removeListener('error', onSocketError);
	socket.on('error', ignoreError);
	socket.end();
}

/** Dispatches an upgrade request through the app; `marker` undefined for an upgrade that is not a WebSocket's (answered like a request). */
function dispatch(app: AppLike, server: object, req: IncomingMessage, socket: Socket, marker: Marker | undefined): void {
	socket.on('error', onSocketError);
	const res = new ServerResponse(req);
	res.shouldKeepAlive = false;
	res.assignSocket(socket);
	res.once('finish', endAfterAnswer);
	if (marker !== undefined) (req as MarkedRequest)[kUpgrade] = marker;
	if (marker !== undefined && isClosing(server)) {
		finalHandle(req, res, requestError('VELOX_ERR_WS_SHUTTING_DOWN'), app.get('env'), undefined);
		return;
	}
	app.handle(req, res, (err?: unknown) => {
		if (marker?.ws !== undefined) {
			// The dispatch went on past the handler that got the socket.
			if (err !== undefined && err !== null && err !== 'route' && err !== 'router') failed(app, req, marker.ws, err);
			return;
		}
		const error = err === 'route' || err === 'router' ? undefined : err;
		if (error) traceUnhandled(req, error);
		finalHandle(req, res, error, app.get('env'), error ? (e: unknown) => logError(app, e) : undefined);
	});
}

function isWebSocketUpgrade(req: IncomingMessage): boolean {
	const upgrade = req.headers.upgrade;
	return req.method === 'GET' && typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket';
}

/**
 * express-ws (on an app whose `ws` method is Velox's) dispatches the upgrade it accepted with its
 * URL rewritten to `…/.websocket`, for the GET routes it would have added. That one rewrite is
 * kept from the request: the app's `ws` route is found at the path the client asked for.
 */
function keepUrl(req: IncomingMessage): () => void {
	const original = req.url ?? '/';
	const query = original.indexOf('?');
	const base = query === -1 ? original : original.slice(0, query);
	const rewritten = (base.endsWith('/') ? base : base + '/') + '.websocket' + (query === -1 ? '' : original.slice(query));
	let url = original;
	const restore = (): void => {
		Object.defineProperty(req, 'url', { configurable: true, enumerable: true, writable: true, value: url });
	};
	Object.defineProperty(req, 'url', {
		configurable: true,
		enumerable: true,
		get: () => url,
		set: (value: string) => {
			if (value !== rewritten) url = value;
			restore();
		},
	});
	return restore;
}

/** Whether another `upgrade` listener took the socket: answered (or handshook) it, or closed it. */
function takenElsewhere(req: MarkedRequest, socket: Socket): boolean {
	return socket.destroyed || !socket.writable || socket.bytesWritten > 0 || req.ws !== undefined;
}

/** A server's wiring: the app found as its request listener (null: none with a `ws` route), when it was looked for. */
interface Wiring {
	app: AppLike | null;
	routesSeen: number;
	servedBy: unknown;
}

const wirings = new WeakMap<object, Wiring>();

type UpgradeServer = NodeJS.EventEmitter & object;

function onUpgrade(this: UpgradeServer, req: IncomingMessage, socket: Socket, head: Buffer): void {
	const app = wirings.get(this)?.app;
	if (app === undefined || app === null) return;
	const alone = this.listenerCount('upgrade') === 1;
	if (!isWebSocketUpgrade(req)) {
		// Without this listener node would have served it as a request: so does the app (then closes).
		if (alone) dispatch(app, this, req, socket, undefined);
		return;
	}
	const marker = new Marker(app, this, socket, head);
	if (alone) {
		dispatch(app, this, req, socket, marker);
		return;
	}
	if (!couldMatch(app, req.url)) return;
	(req as MarkedRequest)[kUpgrade] = marker;
	const restore = keepUrl(req);
	// The other listeners run in this same emit: look once they all had their turn.
	queueMicrotask(() => {
		restore();
		if (takenElsewhere(req as MarkedRequest, socket) || marker.ws !== undefined) return;
		dispatch(app, this, req, socket, marker);
	});
}

/** Whether a `ws` route of the app could match `url` (through mounted routers and apps). */
function couldMatch(app: AppLike, url: string | undefined): boolean {
	const stack = (app._router ?? app[kAppRouter])?.stack;
	const path = pathnameOf(url);
	if (stack === undefined || path === undefined) return false;
	return matchesWsRoute(stack, path, new Set([stack]));
}

function matchesWsRoute(stack: readonly Layer[], path: string, seen: Set<unknown>): boolean {
	for (const layer of stack) {
		if (layer.route instanceof WsRoute) {
			if (safeMatch(layer, path)) return true;
			continue;
		}
		if (layer.route !== undefined) continue;
		const children = childStack(layer);
		if (children === undefined || seen.has(children) || !safeMatch(layer, path)) continue;
		const rest = path.slice((layer.path ?? '').length);
		seen.add(children);
		const found = matchesWsRoute(children, rest[0] === '/' ? rest : '/' + rest, seen);
		seen.delete(children);
		if (found) return true;
	}
	return false;
}

function safeMatch(layer: Layer, path: string): boolean {
	try {
		return layer.match(path);
	} catch {
		return false;
	}
}

function childStack(layer: Layer): readonly Layer[] | undefined {
	const handle = layer.handle as Handle;
	const mounted = handle[kMountedApp];
	const stack = (mounted?._router ?? mounted?.[kAppRouter])?.stack ?? handle.stack;
	return Array.isArray(stack) ? (stack as Layer[]) : undefined;
}

function hasWsRoute(stack: readonly Layer[], seen: Set<unknown>): boolean {
	for (const layer of stack) {
		if (layer.route instanceof WsRoute) return true;
		if (layer.route !== undefined) continue;
		const children = childStack(layer);
		if (children === undefined || seen.has(children)) continue;
		seen.add(children);
		if (hasWsRoute(children, seen)) return true;
	}
	return false;
}

/**
 * The server's request listener that is an app with a `ws` route, if any; else the app the
 * server is known to serve (`app.listen`'s, or the one that served a request on it), for when
 * another library (socket.io) wrapped the request listener.
 */
function wsAppOf(server: UpgradeServer): AppLike | null {
	for (const listener of server.listeners('request')) if (isWsApp(listener)) return listener as AppLike;
	const served = servedAppOf(server);
	return isWsApp(served) ? (served as AppLike) : null;
}

function isWsApp(value: unknown): boolean {
	const candidate = value as Partial<AppLike> | undefined;
	const stack = (candidate?._router ?? candidate?.[kAppRouter])?.stack;
	return typeof candidate?.handle === 'function' && Array.isArray(stack) && hasWsRoute(stack, new Set([stack]));
}

function onServerSocket(message: unknown): void {
	const server = (message as { socket?: { server?: unknown } }).socket?.server as UpgradeServer | undefined;
	if (typeof server !== 'object' || server === null || typeof server.listeners !== 'function') return;
	let wiring = wirings.get(server);
	const routes = wsRoutesAdded();
	const servedBy = servedAppOf(server);
	if (wiring !== undefined && (wiring.app !== null || (wiring.routesSeen === routes && wiring.servedBy === servedBy))) return;
	const app = wsAppOf(server);
	if (wiring === undefined) {
		wiring = { app, routesSeen: routes, servedBy };
		wirings.set(server, wiring);
	} else {
		wiring.app = app;
		wiring.routesSeen = routes;
		wiring.servedBy = servedBy;
	}
	if (app !== null) server.prependListener('upgrade', onUpgrade);
}

let enabled = false;

export type { WebSocketOptions } from './socket';

/** Called for each `ws` route added (application.ts): checks its options, and wires servers from now on. */
export function enableWebSockets(options: object | undefined): void {
	validateOptions(options);
	if (enabled) return;
	enabled = true;
	dc.subscribe('net.server.socket', onServerSocket);
}
