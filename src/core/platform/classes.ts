/**
 * The platform seam's prototype strategies: how a request and a response get their app's
 * prototypes over HTTP/1.1, which applies when:
 * - `app.listen`: node builds each request and response with the app's classes (public options);
 * - `http.createServer(app)`: the first request is swapped, then the server is adopted: it gets the
 *   app's classes under node's own keys (else every request's prototypes are swapped, as in Express);
 * - any other way in (an app used as middleware, a mounted app, a server with other listeners,
 *   Express's `expressInit` alone): `Object.setPrototypeOf` per request, as Express does.
 * HTTP/2's strategies are in http2/platform.ts.
 */
import type { EventEmitter } from 'events';
import type http from 'http';
import { IncomingMessage, ServerResponse } from 'http';
import { kRequestClass, kResponseClass } from '../base/symbols';
import { defineOwn } from '../base/utils';
import type { NodeSurface } from './surface';

// node's keys of a server's classes in force (`useServerClasses`); undefined: adoption is off.
let serverClassKeys: readonly [symbol, symbol] | undefined;

/** Puts node's keys of a server's request and response classes in force (platform/index.ts). */
export function useServerClasses(keys: readonly [symbol, symbol] | undefined): void {
	serverClassKeys = keys;
}

/** What the strategies read and write on an app: its prototypes and the classes made from them. */
export interface PrototypeOwner {
	request: object;
	response: object;
	[kRequestClass]?: unknown;
	[kResponseClass]?: unknown;
}

type RequestClass = { new (...args: never[]): IncomingMessage; prototype: object };
type ResponseClass = { new (...args: never[]): ServerResponse; prototype: object };

/** Every app's request and response class; weak, so a dropped app's classes go with it. */
const veloxClasses = new WeakSet<object>();

function isVeloxClass(value: unknown): boolean {
	return typeof value === 'function' && veloxClasses.has(value);
}

/**
 * The app's request class: node builds each request with it, so its prototype sits between the
 * instance and `app.request` and no per-request swap is needed (`class extends` costs nothing).
 */
function requestClassFor(app: PrototypeOwner): RequestClass {
	if (app[kRequestClass] === undefined) {
		class VeloxRequest extends IncomingMessage {}
		Object.setPrototypeOf(VeloxRequest.prototype, app.request);
		// `req.constructor` is node's class, as it is after Express's prototype swap.
		Object.defineProperty(VeloxRequest.prototype, 'constructor', { value: IncomingMessage, writable: true, configurable: true });
		defineOwn(app, kRequestClass, VeloxRequest);
		veloxClasses.add(VeloxRequest);
	}
	return app[kRequestClass] as RequestClass;
}

/** The app's response class (see `requestClassFor`). */
function responseClassFor(app: PrototypeOwner): ResponseClass {
	if (app[kResponseClass] === undefined) {
		class VeloxResponse extends ServerResponse {}
		Object.setPrototypeOf(VeloxResponse.prototype, app.response);
		Object.defineProperty(VeloxResponse.prototype, 'constructor', { value: ServerResponse, writable: true, configurable: true });
		defineOwn(app, kResponseClass, VeloxResponse);
		veloxClasses.add(VeloxResponse);
	}
	return app[kResponseClass] as ResponseClass;
}

/** `app.listen`'s server options: node's documented way to build requests and responses with the app's classes. */
export function serverOptionsFor(app: PrototypeOwner): http.ServerOptions {
	return { IncomingMessage: requestClassFor(app), ServerResponse: responseClassFor(app) } as http.ServerOptions;
}

/** Whether `object` already inherits `proto`, directly or through the app's class. */
export function hasAppPrototype(object: object, proto: object, appClass: unknown): boolean {
	const current = Object.getPrototypeOf(object);
	return current === proto || (appClass !== undefined && current === (appClass as { prototype: object }).prototype);
}

/**
 * node's keys of a server's request and response classes, found by value on a server made with
 * classes of the probe's own (node's documented options), not by name.
 */
export function findServerClassKeys(surface: NodeSurface): [symbol, symbol] | undefined {
	try {
		class ProbeRequest extends surface.IncomingMessage {}
		class ProbeResponse extends surface.ServerResponse {}
		const options = { IncomingMessage: ProbeRequest, ServerResponse: ProbeResponse } as http.ServerOptions;
		const probe = new surface.Server(options) as Record<symbol, unknown>;
		let request: symbol | undefined;
		let response: symbol | undefined;
		for (const key of Object.getOwnPropertySymbols(probe)) {
			if (probe[key] === ProbeRequest) request = key;
			else if (probe[key] === ProbeResponse) response = key;
		}
		return request !== undefined && response !== undefined ? [request, response] : undefined;
	} catch {
		return undefined;
	}
}

/** For a server: the app that last checked whether to adopt it (once per server and app). */
const servedBy = new WeakMap<object, PrototypeOwner>();

/** The Velox app a server serves, known from `app.listen` or the app's first request on it (ws.ts). */
export function servedAppOf(server: object): unknown {
	return servedBy.get(server);
}

/** Marks a server `app.listen` made as the app's. */
export function markServed(server: object, app: PrototypeOwner): void {
	servedBy.set(server, app);
}

/** The server a socket was accepted by, when it is one of node's (an event emitter); undefined for a stand-in. */
export function serverOf(socket: unknown): EventEmitter | undefined {
	const server = (socket as { server?: unknown } | null | undefined)?.server;
	if (typeof server !== 'object' || server === null || typeof (server as EventEmitter).listeners !== 'function') return undefined;
	return server as EventEmitter;
}

/**
 * `http.createServer(app)` / `https.createServer(options, app)`, on a request the app got without
 * a callback: hands the server the app's classes (what `app.listen` passes as options), so its
 * later requests skip the swap. Only when nothing else can tell: the app is the server's one
 * 'request' listener, and the server still has node's classes (or another Velox app's, after a
 * listener was replaced). Returns the server the first time this app sees it, else undefined.
 */
export function adoptServer(app: PrototypeOwner, req: IncomingMessage): EventEmitter | undefined {
	const server = serverOf(req.socket);
	if (server === undefined || servedBy.get(server) === app || !Object.isExtensible(server)) return undefined;
	servedBy.set(server, app);
	const keys = serverClassKeys;
	if (keys === undefined) return server;
	const slots = server as EventEmitter & Record<symbol, unknown>;
	const request = slots[keys[0]];
	const response = slots[keys[1]];
	const nodeClasses = request === IncomingMessage && response === ServerResponse;
	if (!nodeClasses && !(isVeloxClass(request) && isVeloxClass(response))) return server;
	const listeners = server.listeners('request');
	if (listeners.length !== 1 || (listeners[0] as unknown) !== app) return server;
	slots[keys[0]] = requestClassFor(app);
	slots[keys[1]] = responseClassFor(app);
	return server;
}
