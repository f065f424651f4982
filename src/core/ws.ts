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
 * that lets it into `ws` and `all` routes only; middleware, mounts, params
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
import { requestError, toError, veloxError } from './errors';
import { finalHandle } from './final-handler';
import { holdConnection, isClosing } from './held-connections';
import { errorLogText } from './log-text';
import { kMountedApp } from './routes';
import { isThenable, type Layer, type Next } from './router/layer';
import { kUpgrade, type UpgradeMarker, type WebSocketHandlerFn, WsRoute, wsRoutesAdded } from './router/ws-route';
import { traceUnhandled } from './tracing';
import { pathnameOf } from './url';

/**
 * Options of a `ws` route (`app.ws(path, options, handler)`), also read from the app setting
 * `ws options` (the route's win). Sizes are bytes, times milliseconds.
 */
export interface WebSocketOptions {
	/** The largest message (or frame) accepted; a larger one closes the socket with 1009. Default 1 MiB. */
	maxPayload?: number;
	/**
	 * The `Origin` values a browser may connect from (`'https://example.com'`), or a function that
	 * decides. A handshake with another `Origin` is refused with 403 before it completes; one
	 * without `Origin` (not a browser) is let through. Default: not checked.
	 */
	origins?: readonly string[] | ((origin: string, req: IncomingMessage) => boolean);
	/** How often each socket is pinged; one that has not answered the previous ping is dropped. `false` or 0: never. Default 30 s. */
	heartbeat?: number | false;
	/** While more than this waits to be sent to the peer, its messages are not read (TCP slows it down). Default 1 MiB. */
	highWaterMark?: number;
	/** When more than this waits to be sent to the peer (it stopped reading), the connection is dropped. Default 16 MiB. */
	maxBufferedAmount?: number;
	/** permessage-deflate, as the `ws` package takes it. Default `false`. */
	perMessageDeflate?: boolean | object;
	/** Picks the subprotocol among those the client offers (as the `ws` package takes it). Default: the first. */
	handleProtocols?: (protocols: Set<string>, req: IncomingMessage) => string | false;
}

interface ResolvedOptions {
	maxPayload: number;
	origins: ((origin: string, req: IncomingMessage) => boolean) | undefined;
	heartbeat: number;
	highWaterMark: number;
	maxBufferedAmount: number;
	perMessageDeflate: boolean | object;
	handleProtocols: WebSocketOptions['handleProtocols'];
}

const defaults: ResolvedOptions = {
	maxPayload: 1024 * 1024,
	origins: undefined,
	heartbeat: 30_000,
	highWaterMark: 1024 * 1024,
	maxBufferedAmount: 16 * 1024 * 1024,
	perMessageDeflate: false,
	handleProtocols: undefined,
};

/** What this module needs of an app (the one in application.ts, read structurally). */
interface AppLike {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	handle(req: IncomingMessage, res: ServerResponse, callback?: Next): void;
	get(setting: string): unknown;
	_router?: { stack: Layer[] };
}

type Handle = { stack?: unknown; [kMountedApp]?: { _router?: { stack?: unknown } } };

// The ws package, an optional peer dependency: required here, with the first `ws` route.
let wsPackage: typeof WsModule;
try {
	wsPackage = require('ws') as typeof WsModule;
} catch (err) {
	throw veloxError('VELOX_ERR_WS_MISSING', (err as Error).message);
}
const { WebSocket: BaseSocket, WebSocketServer } = wsPackage;

const kFlow: unique symbol = Symbol('velox.wsFlow');

/** Per socket: flow control and heartbeat state. */
interface Flow {
	socket: Socket;
	highWaterMark: number;
	maxBufferedAmount: number;
	paused: boolean;
	awaitingPong: boolean;
}

type FlowSocket = WsModule.WebSocket & { [kFlow]?: Flow };

/**
 * The socket class of Velox's handshakes: `ws`'s, with its sends watched. Past `highWaterMark`
 * waiting to be sent, the peer's messages stop being read until the socket drains; past
 * `maxBufferedAmount`, the peer has stopped reading and the connection is dropped.
 */
class VeloxWebSocket extends BaseSocket {
	override send(data: unknown, options?: unknown, callback?: unknown): void {
		(BaseSocket.prototype.send as (this: WsModule.WebSocket, d: unknown, o: unknown, c: unknown) => void).call(this, data, options, callback);
		const flow = (this as FlowSocket)[kFlow];
		if (flow !== undefined && this.bufferedAmount > flow.highWaterMark) throttle(this, flow);
	}
}

function throttle(ws: WsModule.WebSocket, flow: Flow): void {
	if (ws.bufferedAmount > flow.maxBufferedAmount) {
		ws.terminate();
		return;
	}
	if (flow.paused) return;
	flow.paused = true;
	ws.pause();
	waitForDrain(ws, flow);
}

function waitForDrain(ws: WsModule.WebSocket, flow: Flow): void {
	const resume = (): void => {
		if (ws.readyState !== BaseSocket.OPEN) return;
		if (ws.bufferedAmount > flow.highWaterMark) {
			waitForDrain(ws, flow);
			return;
		}
		flow.paused = false;
		ws.resume();
	};
	// What waits may sit in ws's own queue rather than the socket's (no 'drain' then): look again shortly.
	if (flow.socket.writableNeedDrain) flow.socket.once('drain', resume);
	else setTimeout(resume, 10).unref();
}

// Heartbeats: one timer per interval for all the sockets that use it.
const beats = new Map<number, { timer: NodeJS.Timeout; sockets: Set<FlowSocket> }>();

function watchHeartbeat(ws: FlowSocket, interval: number): void {
	let beat = beats.get(interval);
	if (beat === undefined) {
		const sockets = new Set<FlowSocket>();
		const timer = setInterval(pingAll, interval, sockets);
		timer.unref();
		beat = { timer, sockets };
		beats.set(interval, beat);
	}
	beat.sockets.add(ws);
	ws.on('pong', onPong);
	ws.once('close', () => {
		const current = beats.get(interval);
		if (current === undefined) return;
		current.sockets.delete(ws);
		if (current.sockets.size === 0) {
			clearInterval(current.timer);
			beats.delete(interval);
		}
	});
}

function onPong(this: FlowSocket): void {
	const flow = this[kFlow];
	if (flow !== undefined) flow.awaitingPong = false;
}

function pingAll(sockets: Set<FlowSocket>): void {
	for (const ws of sockets) {
		const flow = ws[kFlow];
		// A socket whose reading is paused cannot see the pong: not counted against it.
		if (flow === undefined || flow.paused || ws.readyState !== BaseSocket.OPEN) continue;
		if (flow.awaitingPong) {
			ws.terminate();
			continue;
		}
		flow.awaitingPong = true;
		ws.ping();
	}
}

// Options: validated when a route is added, resolved (setting + route) once per pair.
function check(name: string, value: unknown, ok: boolean, expected: string): void {
	if (!ok) throw veloxError('VELOX_ERR_WS_OPTION', name, expected, typeof value === 'string' ? JSON.stringify(value) : String(value));
}

function isSize(value: unknown): boolean {
	return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Throws the catalog's TypeError for an option of the wrong type. */
export function validateOptions(options: object | undefined): void {
	if (options === undefined) return;
	const o = options as Record<string, unknown>;
	if (o.maxPayload !== undefined) check('maxPayload', o.maxPayload, isSize(o.maxPayload), 'a positive integer');
	if (o.highWaterMark !== undefined) check('highWaterMark', o.highWaterMark, isSize(o.highWaterMark), 'a positive integer');
	if (o.maxBufferedAmount !== undefined) check('maxBufferedAmount', o.maxBufferedAmount, isSize(o.maxBufferedAmount), 'a positive integer');
	if (o.heartbeat !== undefined)
		check('heartbeat', o.heartbeat, o.heartbeat === false || (typeof o.heartbeat === 'number' && o.heartbeat >= 0), 'false or milliseconds');
	if (o.origins !== undefined) {
		const origins = o.origins;
		const ok = typeof origins === 'function' || (Array.isArray(origins) && origins.every((one) => typeof one === 'string'));
		check('origins', origins, ok, 'an array of origins or a function');
	}
	if (o.perMessageDeflate !== undefined) {
		const value = o.perMessageDeflate;
		check('perMessageDeflate', value, typeof value === 'boolean' || (typeof value === 'object' && value !== null), 'a boolean or an object');
	}
	if (o.handleProtocols !== undefined) check('handleProtocols', o.handleProtocols, typeof o.handleProtocols === 'function', 'a function');
}

function resolveOptions(setting: object | undefined, route: object | undefined): ResolvedOptions {
	validateOptions(setting);
	const merged = { ...(setting as WebSocketOptions), ...(route as WebSocketOptions) };
	const heartbeat = merged.heartbeat;
	return {
		maxPayload: merged.maxPayload ?? defaults.maxPayload,
		origins: originCheck(merged.origins),
		heartbeat: heartbeat === undefined ? defaults.heartbeat : heartbeat === false ? 0 : heartbeat,
		highWaterMark: merged.highWaterMark ?? defaults.highWaterMark,
		maxBufferedAmount: merged.maxBufferedAmount ?? defaults.maxBufferedAmount,
		perMessageDeflate: merged.perMessageDeflate ?? defaults.perMessageDeflate,
		handleProtocols: merged.handleProtocols,
	};
}

function originCheck(origins: WebSocketOptions['origins']): ResolvedOptions['origins'] {
	if (origins === undefined) return undefined;
	if (typeof origins === 'function') return (origin, req) => Boolean(origins(origin, req));
	// Browsers serialise an origin in lower case; the list is compared the same way.
	const allowed = new Set(origins.map((one) => one.toLowerCase()));
	return (origin) => allowed.has(origin.toLowerCase());
}

interface Endpoint {
	options: ResolvedOptions;
	server: WsModule.WebSocketServer;
}

const none = {};
const endpoints = new WeakMap<object, WeakMap<object, Endpoint>>();

/** The resolved options and the handshake server for a route's options under an app's setting. */
function endpointFor(app: AppLike | undefined, routeOptions: object | undefined): Endpoint {
	const setting = app?.get('ws options');
	const settingKey = typeof setting === 'object' && setting !== null ? setting : none;
	const routeKey = routeOptions ?? none;
	let byRoute = endpoints.get(routeKey);
	if (byRoute === undefined) {
		byRoute = new WeakMap();
		endpoints.set(routeKey, byRoute);
	}
	let endpoint = byRoute.get(settingKey);
	if (endpoint === undefined) {
		const options = resolveOptions(settingKey === none ? undefined : settingKey, routeOptions);
		const server = new WebSocketServer({
			noServer: true,
			clientTracking: false,
			maxPayload: options.maxPayload,
			perMessageDeflate: options.perMessageDeflate,
			handleProtocols: options.handleProtocols,
			WebSocket: VeloxWebSocket,
		} as WsModule.ServerOptions);
		server.on('headers', addResponseHeaders);
		endpoint = { options, server };
		byRoute.set(settingKey, endpoint);
	}
	return endpoint;
}

/** The handshake answer carries the headers middleware set on `res` (cookies, security headers). */
function addResponseHeaders(headers: string[], req: IncomingMessage): void {
	const marker = (req as MarkedRequest)[kUpgrade];
	if (marker !== undefined) for (const line of marker.headers) headers.push(line);
}

/** Headers of the response that the 101 answer must not repeat or that belong to the handshake. */
const notForwarded = new Set([
	'connection',
	'upgrade',
	'keep-alive',
	'content-length',
	'content-type',
	'transfer-encoding',
	'date',
	'sec-websocket-accept',
	'sec-websocket-protocol',
	'sec-websocket-extensions',
]);

function headerLines(res: ServerResponse): string[] {
	const lines: string[] = [];
	const headers = res.getHeaders();
	for (const name of Object.keys(headers)) {
		if (notForwarded.has(name)) continue;
		const value = headers[name];
		if (Array.isArray(value)) for (const one of value) lines.push(name + ': ' + one);
		else if (value !== undefined) lines.push(name + ': ' + String(value));
	}
	return lines;
}

type MarkedRequest = IncomingMessage & { [kUpgrade]?: Marker; ws?: unknown; wsHandled?: boolean; app?: AppLike };

/** The handshake's state for one upgrade request (`req[kUpgrade]`). */
class Marker implements UpgradeMarker {
	/** The open socket, once the handshake is done (here or by another listener). */
	ws: WsModule.WebSocket | undefined = undefined;
	/** `res`'s headers, for the 101 answer. */
	headers: string[] = [];

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
			endpoint = endpointFor(app, routeOptions);
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
		this.headers = headerLines(res);
		res.detachSocket(socket);
		socket.removeListener('error', onSocketError);
		endpoint.server.handleUpgrade(req, socket, this.head, (ws) => {
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
		return requestError('VELOX_ERR_WS_ORIGIN', [JSON.stringify(origin)]);
	}
	const key = req.headers['sec-websocket-key'];
	if (key === undefined || !keyPattern.test(key)) return requestError('VELOX_ERR_WS_HANDSHAKE', ['missing or invalid Sec-WebSocket-Key']);
	const version = req.headers['sec-websocket-version'];
	if (version !== '13' && version !== '8') return requestError('VELOX_ERR_WS_HANDSHAKE', ['missing or invalid Sec-WebSocket-Version']);
	return undefined;
}

/** After the handshake: flow control, heartbeat, shutdown, and `res` closing with the socket (req.signal, tracing). */
function adopt(ws: WsModule.WebSocket, socket: Socket, options: ResolvedOptions | undefined, server: object, res: ServerResponse): void {
	const flowSocket = ws as FlowSocket;
	const resolved = options ?? defaults;
	flowSocket[kFlow] = {
		socket,
		highWaterMark: resolved.highWaterMark,
		maxBufferedAmount: resolved.maxBufferedAmount,
		paused: false,
		awaitingPong: false,
	};
	if (resolved.heartbeat > 0) watchHeartbeat(flowSocket, resolved.heartbeat);
	// The close event carries the code (1009 for an oversize message, 1002, …); an unheard
	// 'error' event would throw and end the process.
	ws.on('error', ignoreError);
	const release = holdConnection(server, (force) => {
		if (force) ws.terminate();
		else ws.close(1001, 'Server shutting down');
	});
	ws.once('close', () => {
		release();
		res.emit('close');
	});
}

function ignoreError(): void {}

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
	if (ws !== undefined && (ws.readyState === BaseSocket.OPEN || ws.readyState === BaseSocket.CONNECTING)) ws.close(1011);
}

function logError(app: AppLike, err: unknown): void {
	// As the app's final handler logs (Express 4's logerror).
	if (app.get('env') !== 'test') console.error(errorLogText(err));
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
	const server = this;
	// The other listeners run in this same emit: look once they all had their turn.
	queueMicrotask(() => {
		restore();
		if (takenElsewhere(req as MarkedRequest, socket) || marker.ws !== undefined) return;
		dispatch(app, server, req, socket, marker);
	});
}

/** Whether a `ws` route of the app could match `url` (through mounted routers and apps). */
function couldMatch(app: AppLike, url: string | undefined): boolean {
	const stack = app._router?.stack;
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
	const stack = handle[kMountedApp]?._router?.stack ?? handle.stack;
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

/** The server's request listener that is an app with a `ws` route, if any. */
function wsAppOf(server: UpgradeServer): AppLike | null {
	for (const listener of server.listeners('request')) {
		const candidate = listener as Partial<AppLike>;
		const stack = candidate._router?.stack;
		if (typeof candidate.handle === 'function' && Array.isArray(stack) && hasWsRoute(stack, new Set([stack]))) return listener as AppLike;
	}
	return null;
}

function onServerSocket(message: unknown): void {
	const server = (message as { socket?: { server?: unknown } }).socket?.server as UpgradeServer | undefined;
	if (typeof server !== 'object' || server === null || typeof server.listeners !== 'function') return;
	let wiring = wirings.get(server);
	const routes = wsRoutesAdded();
	if (wiring !== undefined && (wiring.app !== null || wiring.routesSeen === routes)) return;
	const app = wsAppOf(server);
	if (wiring === undefined) {
		wiring = { app, routesSeen: routes };
		wirings.set(server, wiring);
	} else {
		wiring.app = app;
		wiring.routesSeen = routes;
	}
	if (app !== null) server.prependListener('upgrade', onUpgrade);
}

let enabled = false;

/** Called for each `ws` route added (application.ts): checks its options, and wires servers from now on. */
export function enableWebSockets(options: object | undefined): void {
	validateOptions(options);
	if (enabled) return;
	enabled = true;
	dc.subscribe('net.server.socket', onServerSocket);
}
