/**
 * The sockets of Velox's WebSocket handshakes (src/core/ws/index.ts does the
 * routing): the options of a `ws` route and their defaults, the `ws`
 * package's server and socket class with flow control (a peer that stops
 * reading is first slowed down, then dropped), heartbeats that find dead
 * peers, and what every open socket gets (shutdown's 1001, `res` closing
 * with it). Loaded with the first `ws` route, with the `ws` package.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';
import type * as WsModule from 'ws';
import { veloxError } from '../errors';
import { holdConnection } from '../lifecycle/held-connections';
import type { WebSocketOptions } from './options';

export type { WebSocketOptions };

export interface ResolvedOptions {
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

export interface Endpoint {
	options: ResolvedOptions;
	server: WsModule.WebSocketServer;
}

const none = {};
const endpoints = new WeakMap<object, WeakMap<object, Endpoint>>();

/** The resolved options and the handshake server for a route's options under an app's setting. */
export function endpointFor(setting: unknown, routeOptions: object | undefined): Endpoint {
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
	const lines = (req as HandshakeRequest)[kResponseHeaders];
	if (lines !== undefined) for (const line of lines) headers.push(line);
}

/** On the request being upgraded: the header lines of its `res`, for the 101 answer. */
export const kResponseHeaders: unique symbol = Symbol('velox.wsResponseHeaders');

type HandshakeRequest = IncomingMessage & { [kResponseHeaders]?: string[] };

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

export function headerLines(res: ServerResponse): string[] {
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

/** After the handshake: flow control, heartbeat, shutdown, and `res` closing with the socket (req.signal, tracing). */
export function adopt(ws: WsModule.WebSocket, socket: Socket, options: ResolvedOptions | undefined, server: object, res: ServerResponse): void {
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

export function ignoreError(): void {}
