/**
 * The platform seam: everything Velox does with node beyond its documented API, and how a request
 * and a response get their app's prototypes. Each use of node's internals is found once by probing
 * node's public objects (`detect`), published in `features`, and has a fallback to the documented
 * API that puts the same bytes on the wire. Why each exists, and what it saves: docs/design.md,
 * "The platform seam".
 *
 * - Header table: the headers `res.send` and the final handler always set go straight into node's
 *   header table of the response, as `setHeader` stores them, without its checks (else `setHeader`).
 * - Server classes: `http.createServer(app)` gets the app's request and response classes after its
 *   first request (else every request's prototypes are swapped, as in Express).
 * - Prototype strategies, which applies when:
 *   - `app.listen`: node builds each request and response with the app's classes (public options);
 *   - `http.createServer(app)`: the first request is swapped, then the server is adopted (above);
 *   - any other way in (an app used as middleware, a mounted app, a server with other listeners,
 *     Express's `expressInit` alone): `Object.setPrototypeOf` per request, as Express does;
 *   - HTTP/2 (node's compatibility API): per-app subclasses of node's HTTP/2 classes; the first
 *     request is swapped, then `http2.createServer(app)` is adopted as above (else a swap per request).
 * - Connection list: `velox.shutdown` reaches the HTTP/1 connections in flight through node's list
 *   (else idle ones close and, at the deadline, all of them).
 */
import { EventEmitter } from 'events';
import http, { IncomingMessage, ServerResponse } from 'http';
import type * as Http2Module from 'http2';
import type { Socket } from 'net';
import { kRequestClass, kResponseClass } from '../base/symbols';
import { defineOwn } from '../base/utils';

/** What this node offers beyond its documented API, as probed once (`detect`). */
export interface PlatformFeatures {
	/** `res.send`'s own headers are stored in node's header table of the response; else `setHeader`. */
	readonly headerTable: boolean;
	/** `http.createServer(app)` hands the server the app's classes after its first request; else a swap per request. */
	readonly serverClasses: boolean;
}

/** The node objects `detect` probes: node's own, or stand-ins for another node (tests). */
export interface NodeSurface {
	readonly IncomingMessage: new (socket: Socket) => IncomingMessage;
	readonly ServerResponse: { new (req: IncomingMessage): ServerResponse; readonly prototype: ServerResponse };
	readonly Server: new (options: http.ServerOptions) => object;
}

type HeaderValue = string | number | readonly string[];
type HeaderTable = Record<string, [string, HeaderValue] | undefined>;
type HeaderMethods = Pick<ServerResponse, 'setHeader' | 'getHeader' | 'removeHeader'>;

/** What `detect` found: the features, and the keys and functions behind them (kept in this module). */
export interface Detection {
	readonly features: PlatformFeatures;
	/** node's key of the header table on an outgoing message. */
	readonly headerTable: symbol | undefined;
	/** The surface's own `setHeader`, `getHeader`, `removeHeader`: a response whose methods differ gets the calls. */
	readonly headerMethods: Readonly<HeaderMethods>;
	/** node's keys of the request and response classes on an `http.Server`. */
	readonly serverClasses: readonly [symbol, symbol] | undefined;
}

/**
 * A response with what the header table's fast path reads and @types/node does not declare: the
 * head once written (`_header`, null before; what `headersSent` reads) and node's symbol-keyed fields.
 */
type Outgoing = ServerResponse & { _header: string | null; getRawHeaderNames(): string[]; [key: symbol]: unknown };

/**
 * An empty header table V8 keeps in fast mode (node's `{ __proto__: null }` starts as a
 * dictionary), with a prototype that has no prototype: unset names read `undefined`, as in node's.
 */
// The one bridge here: TypeScript gives a function expression no construct signature.
const FastTable = function HeaderTable(): void {} as unknown as new () => HeaderTable;
FastTable.prototype = Object.create(null);

/** Probes `surface` for each internal Velox can use; what it cannot confirm is off. */
export function detect(surface: NodeSurface): Detection {
	const proto = surface.ServerResponse.prototype;
	const headerMethods = Object.freeze({ setHeader: proto.setHeader, getHeader: proto.getHeader, removeHeader: proto.removeHeader });
	const headerTable = findHeaderTable(surface);
	const serverClasses = findServerClassKeys(surface);
	const features = Object.freeze({ headerTable: headerTable !== undefined, serverClasses: serverClasses !== undefined });
	return Object.freeze({ features, headerTable, headerMethods, serverClasses: serverClasses && Object.freeze(serverClasses) });
}

/** node's own http module, as `detect` probes it at load. */
export const nodeSurface: NodeSurface = { IncomingMessage, ServerResponse, Server: http.Server };

// The detection in force; read on every response, replaced only by `usePlatform`.
let headerTableKey: symbol | undefined;
let nodeSetHeader: HeaderMethods['setHeader'];
let nodeGetHeader: HeaderMethods['getHeader'];
let nodeRemoveHeader: HeaderMethods['removeHeader'];
let serverClassKeys: readonly [symbol, symbol] | undefined;

/** What the detection in force found (node's own unless `usePlatform` put another in force). */
export let features: PlatformFeatures;

/** Puts `detection` in force for every app in this process: node's own, or another node's (tests). */
export function usePlatform(detection: Detection): void {
	features = detection.features;
	headerTableKey = detection.headerTable;
	nodeSetHeader = detection.headerMethods.setHeader;
	nodeGetHeader = detection.headerMethods.getHeader;
	nodeRemoveHeader = detection.headerMethods.removeHeader;
	serverClassKeys = detection.serverClasses;
}

// --- Header table -------------------------------------------------------------------------------

const PROBE = 'x-velox-probe';

/**
 * node's key of the header table, found by what `setHeader` stores (not by its name), then checked
 * to behave as node's table for a direct store: every reader of headers and the head node writes.
 */
function findHeaderTable(surface: NodeSurface): symbol | undefined {
	try {
		const found = new surface.ServerResponse(new surface.IncomingMessage(null as never)) as Outgoing;
		found.setHeader('X-Velox-Probe', '1');
		const key = Object.getOwnPropertySymbols(found).find((symbol) => (found[symbol] as HeaderTable | null)?.[PROBE]?.[0] === 'X-Velox-Probe');
		if (key === undefined || !headerMethodsAreNodes(surface, key)) return undefined;
		const probe = new surface.ServerResponse(new surface.IncomingMessage(null as never)) as Outgoing;
		if (probe[key] !== null || probe._header !== null) return undefined;
		const table = new FastTable();
		table['content-length'] = ['Content-Length', '12'];
		probe[key] = table;
		probe.setHeader('ETag', '"x"');
		probe.setHeader(PROBE, '1');
		probe.removeHeader(PROBE);
		const same =
			probe.getHeader('content-length') === '12' &&
			probe.hasHeader('Content-Length') &&
			!probe.hasHeader('constructor') &&
			probe.getHeaderNames().join() === 'content-length,etag' &&
			probe.getRawHeaderNames().join() === 'Content-Length,ETag';
		// No Date: node's date cache (a timer) would start at load, not with the first response.
		probe.sendDate = false;
		probe.writeHead(200);
		// The head node builds from the table (its for…in walk).
		const head = probe._header ?? '';
		return same && head.includes('\r\nContent-Length: 12\r\nETag: "x"\r\n') ? key : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Whether `setHeader`, `getHeader` and `removeHeader` reach the table with only node's own code in
 * between: a wrapper installed before Velox loaded (an agent preloaded with `-r`) must keep seeing
 * every call, and its identity cannot tell it from node's. Seen from a proxy standing in for the
 * table, through the call sites of V8's stack API (node's modules are `node:` files).
 */
function headerMethodsAreNodes(surface: NodeSurface, key: symbol): boolean {
	return reachedThroughNodeOnly(new surface.ServerResponse(new surface.IncomingMessage(null as never)), key);
}

/**
 * Puts a proxy in `holder[key]`, then sets, gets and removes the probe header through `holder`'s
 * methods: whether all three reached the proxy with only node's code between.
 */
function reachedThroughNodeOnly(holder: ResponseHeaderMethods, key: symbol): boolean {
	const reached = new Set<string>();
	let direct = true;
	const note = (kind: string, name: string | symbol): void => {
		if (name !== PROBE) return;
		reached.add(kind);
		if (!calledThroughNodeOnly()) direct = false;
	};
	(holder as Record<symbol, unknown>)[key] = new Proxy(Object.create(null) as Record<string | symbol, unknown>, {
		set(target, name, value) {
			note('set', name);
			return Reflect.set(target, name, value);
		},
		get(target, name) {
			note('get', name);
			return Reflect.get(target, name);
		},
		deleteProperty(target, name) {
			note('delete', name);
			return Reflect.deleteProperty(target, name);
		},
	});
	holder.setHeader('X-Velox-Probe', '1');
	holder.getHeader('X-Velox-Probe');
	holder.removeHeader('X-Velox-Probe');
	return direct && reached.size === 3;
}

/**
 * Called from a proxy trap above: whether every frame between the trap and the probe that called
 * a header method belongs to node's own modules.
 */
function calledThroughNodeOnly(): boolean {
	const prepare = Error.prepareStackTrace;
	const limit = Error.stackTraceLimit;
	let sites: NodeJS.CallSite[];
	try {
		Error.stackTraceLimit = 16;
		Error.prepareStackTrace = (_error, callSites) => callSites;
		const holder: { stack?: NodeJS.CallSite[] } = {};
		Error.captureStackTrace(holder, calledThroughNodeOnly);
		sites = holder.stack ?? [];
	} finally {
		Error.prepareStackTrace = prepare;
		Error.stackTraceLimit = limit;
	}
	// The trap's frames (this file), then node's method, then the probe (this file again).
	const own = sites[0]?.getFileName();
	let i = 0;
	while (i < sites.length && sites[i].getFileName() === own) i++;
	const first = i;
	for (; i < sites.length; i++) {
		const file = sites[i].getFileName();
		if (file === own) return i > first;
		if (typeof file !== 'string' || !file.startsWith('node:')) return false;
	}
	return false;
}

/**
 * The table `setHeader` would store into, for a direct store; undefined when `setHeader` must be
 * called: no table found, the head already written, or `setHeader` replaced (on the instance, on
 * a prototype, after Velox loaded).
 */
function writableTable(res: ServerResponse): HeaderTable | undefined {
	const holder = res as Outgoing;
	if (headerTableKey === undefined || holder._header !== null || res.setHeader !== nodeSetHeader) return undefined;
	let table = holder[headerTableKey] as HeaderTable | null;
	if (table === null) {
		table = new FastTable();
		holder[headerTableKey] = table;
	}
	return table;
}

/** The table `getHeader` reads (null: no header set yet); undefined when `getHeader` must be called. */
function readableTable(res: ServerResponse): HeaderTable | null | undefined {
	if (headerTableKey === undefined || res.getHeader !== nodeGetHeader) return undefined;
	return ((res as Outgoing)[headerTableKey] as HeaderTable | null | undefined) ?? null;
}

// One function per header, each naming its key: V8 then gives every store and load its own inline
// cache, where a shared `table[lower]` would be one megamorphic keyed access (docs/design.md).

// Over HTTP/2 the same stores go into node's header map of the response (`writableHttp2Headers`),
// which holds values under lower-cased names, as its `setHeader` stores them.

/** `res.setHeader('Content-Type', value)` for a valid `value`. */
export function setContentType(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table['content-type'] = ['Content-Type', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('Content-Type', value);
		else map['content-type'] = value;
	}
}

/** `res.setHeader('Content-Length', value)` for a length (a number stays a number, as with `setHeader`). */
export function setContentLength(res: ServerResponse, value: string | number): void {
	const table = writableTable(res);
	if (table !== undefined) table['content-length'] = ['Content-Length', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('Content-Length', value);
		else map['content-length'] = value;
	}
}

/** `res.setHeader('ETag', value)` for an ETag Velox computed. */
export function setETag(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table.etag = ['ETag', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('ETag', value);
		else map.etag = value;
	}
}

/** `res.setHeader('X-Powered-By', value)` for a constant `value`. */
export function setPoweredBy(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table['x-powered-by'] = ['X-Powered-By', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('X-Powered-By', value);
		else map['x-powered-by'] = value;
	}
}

/** `res.getHeader('content-type')`. */
export function getContentType(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table !== undefined) {
		const entry = table === null ? undefined : table['content-type'];
		return entry === undefined ? undefined : entry[1];
	}
	const map = readableHttp2Headers(res);
	return map === undefined ? res.getHeader('content-type') : map['content-type'];
}

/** `res.getHeader('etag')`. */
export function getETag(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table !== undefined) {
		const entry = table === null ? undefined : table.etag;
		return entry === undefined ? undefined : entry[1];
	}
	const map = readableHttp2Headers(res);
	return map === undefined ? res.getHeader('etag') : map.etag;
}

/**
 * The final handler's removal of Content-Encoding, Content-Language and Content-Range: none has a
 * meaning of its own to node's `removeHeader`, so when none is set there is nothing to call.
 */
export function removeErrorPageHeaders(res: ServerResponse): void {
	const holder = res as Outgoing;
	if (headerTableKey !== undefined && holder._header === null && res.removeHeader === nodeRemoveHeader) {
		const table = holder[headerTableKey] as HeaderTable | null;
		if (table === null || (table['content-encoding'] === undefined && table['content-language'] === undefined && table['content-range'] === undefined)) return;
	} else if (res.removeHeader === nodeHttp2RemoveHeader && !res.headersSent) {
		const map = readableHttp2Headers(res);
		if (map !== undefined && map['content-encoding'] === undefined && map['content-language'] === undefined && map['content-range'] === undefined) return;
	}
	res.removeHeader('Content-Encoding');
	res.removeHeader('Content-Language');
	res.removeHeader('Content-Range');
}

/** The final handler's `Content-Security-Policy: default-src 'none'` and `X-Content-Type-Options: nosniff`. */
export function setErrorPageHeaders(res: ServerResponse): void {
	const table = writableTable(res);
	if (table !== undefined) {
		table['content-security-policy'] = ['Content-Security-Policy', "default-src 'none'"];
		table['x-content-type-options'] = ['X-Content-Type-Options', 'nosniff'];
		return;
	}
	const map = writableHttp2Headers(res);
	if (map !== undefined) {
		map['content-security-policy'] = "default-src 'none'";
		map['x-content-type-options'] = 'nosniff';
		return;
	}
	res.setHeader('Content-Security-Policy', "default-src 'none'");
	res.setHeader('X-Content-Type-Options', 'nosniff');
}

// --- Prototype strategies: classes, adoption, swap ----------------------------------------------

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
function findServerClassKeys(surface: NodeSurface): [symbol, symbol] | undefined {
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

// --- HTTP/2 prototypes ----------------------------------------------------------------------------

/** Property descriptors by name, as `Object.defineProperties` takes them. */
export type Descriptors = Record<string | symbol, PropertyDescriptor>;

/** node's HTTP/2 response methods the response overrides call. */
export type Http2ResponseMethods = {
	setHeader(name: string, value: HeaderValue): unknown;
	appendHeader?(name: string, value: HeaderValue): unknown;
	writeHead(status: number, ...rest: unknown[]): unknown;
};

/** What an HTTP/2 request and response get over node's HTTP/2 prototypes (http2.ts). */
export interface Http2Members {
	/** `velox.request`, `velox.response`: the bases of every app's prototypes. */
	readonly request: object;
	readonly response: object;
	/** Members HTTP/2 needs instead of a base's, kept unless the app's own prototypes define the name. */
	readonly requestOverrides: Descriptors;
	responseOverrides(node: Http2ResponseMethods): Descriptors;
}

/** On an app: its HTTP/2 request and response classes, whose prototypes carry the app's members. */
const kHttp2Classes: unique symbol = Symbol('velox.http2Classes');

type Http2Class = { new (...args: never[]): object; readonly prototype: object };

interface Http2Owner extends PrototypeOwner {
	[kHttp2Classes]?: readonly [Http2Class, Http2Class];
}

/** Every app's HTTP/2 classes; weak, so a dropped app's classes go with it. */
const veloxHttp2Classes = new WeakSet<object>();

let http2: typeof Http2Module | undefined;

function loadHttp2(): typeof Http2Module {
	if (http2 === undefined) http2 = require('http2') as typeof Http2Module;
	return http2;
}

/** The objects from `proto` up to and including `base`, nearest first. */
function chainTo(proto: object, base: object): object[] {
	const chain: object[] = [];
	let current: object | null = proto;
	while (current !== null && current !== base) {
		chain.push(current);
		current = Object.getPrototypeOf(current) as object | null;
	}
	chain.push(base);
	return chain;
}

function ownDescriptors(object: object): Descriptors {
	return Object.getOwnPropertyDescriptors(object) as Descriptors;
}

/**
 * Lays the own members of `appProto`'s chain down to `base` (farthest first, so the nearest wins)
 * onto `target`, a subclass prototype of node's HTTP/2 class, with `overrides` above `base`'s own:
 * swapping in `app.request` itself would hide node's HTTP/2 `url`, `method`, `headers`, whose
 * chain ends in the HTTP/1 prototypes. `constructor` stays node's class, as after a swap.
 */
function layer(target: object, nodeClass: Http2Class, appProto: object, base: object, overrides: Descriptors): void {
	const chain = chainTo(appProto, base);
	Object.defineProperty(target, 'constructor', { configurable: true, enumerable: false, writable: true, value: nodeClass });
	Object.defineProperties(target, ownDescriptors(base));
	Object.defineProperties(target, overrides);
	for (let i = chain.length - 2; i >= 0; i--) Object.defineProperties(target, ownDescriptors(chain[i]));
}

/**
 * The app's HTTP/2 request and response classes, made on its first HTTP/2 request: members added
 * to the app's prototypes after it are not seen (apps add them at startup).
 */
function http2ClassesFor(app: PrototypeOwner, members: Http2Members): readonly [Http2Class, Http2Class] {
	const owner = app as Http2Owner;
	let classes = owner[kHttp2Classes];
	if (classes === undefined) {
		const node = loadHttp2();
		class VeloxHttp2Request extends node.Http2ServerRequest {}
		class VeloxHttp2Response extends node.Http2ServerResponse {}
		const nodeResponse = node.Http2ServerResponse.prototype as unknown as Http2ResponseMethods;
		layer(VeloxHttp2Request.prototype, node.Http2ServerRequest, app.request, members.request, members.requestOverrides);
		const overrides = members.responseOverrides(nodeResponse);
		layer(VeloxHttp2Response.prototype, node.Http2ServerResponse, app.response, members.response, overrides);
		veloxHttp2SetHeader = overrides.setHeader?.value;
		// Puts node's HTTP/2 detection in force: the header stores read it from the first response on.
		http2Detection();
		classes = Object.freeze([VeloxHttp2Request, VeloxHttp2Response] as const);
		defineOwn(owner, kHttp2Classes, classes);
		veloxHttp2Classes.add(VeloxHttp2Request);
		veloxHttp2Classes.add(VeloxHttp2Response);
	}
	return classes;
}

/**
 * Gives an HTTP/2 request and response the app's HTTP/2 prototypes, unless node built them with
 * the app's classes (an adopted server: `adoptHttp2Server`). Returns whether they were swapped.
 */
export function useHttp2Prototypes(app: PrototypeOwner, req: object, res: object, members: Http2Members): boolean {
	// Indexed, not destructured: a destructuring walks an array iterator on every request.
	const classes = http2ClassesFor(app, members);
	const request = classes[0].prototype;
	const response = classes[1].prototype;
	let swapped = false;
	if (Object.getPrototypeOf(req) !== request) {
		Object.setPrototypeOf(req, request);
		swapped = true;
	}
	if (Object.getPrototypeOf(res) !== response) {
		Object.setPrototypeOf(res, response);
		swapped = true;
	}
	return swapped;
}

// --- HTTP/2 server classes ----------------------------------------------------------------------

/**
 * What HTTP/2 server adoption uses, found once on servers made for the purpose: node's key of a
 * server's options (which hold the documented `Http2ServerRequest`/`Http2ServerResponse` options)
 * and the listener node adds on a server's first 'request' listener, which binds the server's
 * 'stream' handling to the classes those options name.
 */
export interface Http2Detection {
	/** `http2.createServer(app)` builds requests with the app's classes after its first request; else a swap per request. */
	readonly serverClasses: boolean;
	readonly optionsKey: symbol | undefined;
	readonly setupCompat: ((this: object, event: string) => void) | undefined;
	/** `res.send`'s own headers are stored in node's header map of an HTTP/2 response; else `setHeader`. */
	readonly headerMap: boolean;
	/** node's key of that map on an `Http2ServerResponse`. */
	readonly headersKey: symbol | undefined;
	/** The surface's own `Http2ServerResponse` header methods: a response (or prototype) whose methods differ gets the calls. */
	readonly headerMethods: Readonly<ResponseHeaderMethods>;
}

/** A response's header methods, HTTP/1.1 or HTTP/2 (node's HTTP/2 ones are typed apart from `ServerResponse`'s). */
type ResponseHeaderMethods = {
	setHeader(name: string, value: HeaderValue): unknown;
	getHeader(name: string): unknown;
	removeHeader(name: string): unknown;
};
type Http2Headers = Record<string | symbol, HeaderValue | undefined>;

/** The parts of node's http2 module the detection probes: node's own, or stand-ins (tests). */
export interface Http2Surface {
	readonly createServer: () => EventEmitter;
	readonly Http2ServerRequest: Http2Class;
	readonly Http2ServerResponse: Http2Class & { readonly prototype: ResponseHeaderMethods };
}

type Http2Options = { Http2ServerRequest?: unknown; Http2ServerResponse?: unknown };

function optionsOf(server: object, key: symbol): Http2Options | undefined {
	const value = (server as Record<symbol, unknown>)[key];
	return typeof value === 'object' && value !== null ? (value as Http2Options) : undefined;
}

/**
 * Re-binds `server`'s compatibility 'stream' listener to `classes`, the way node binds it to the
 * classes of its options: through node's own listener, on the server's own options. Only when
 * the server's one 'stream' listener is the one node added; returns whether it was done.
 */
function rebindHttp2Server(server: EventEmitter, found: Http2Compat, classes: readonly [unknown, unknown]): boolean {
	const { optionsKey, setupCompat } = found;
	if (optionsKey === undefined || setupCompat === undefined) return false;
	const options = optionsOf(server, optionsKey);
	const before = server.listeners('stream');
	if (options === undefined || before.length !== 1) return false;
	const previous = [options.Http2ServerRequest, options.Http2ServerResponse];
	options.Http2ServerRequest = classes[0];
	options.Http2ServerResponse = classes[1];
	setupCompat.call(server, 'request');
	const after = server.listeners('stream');
	if (after.length === 2 && after[0] === before[0]) {
		server.removeListener('stream', before[0] as (...args: unknown[]) => void);
		return true;
	}
	// Not node's behaviour as probed: leave the server as it was.
	options.Http2ServerRequest = previous[0];
	options.Http2ServerResponse = previous[1];
	for (const listener of after) if (!before.includes(listener)) server.removeListener('stream', listener as (...args: unknown[]) => void);
	return false;
}

type Http2Compat = Pick<Http2Detection, 'optionsKey' | 'setupCompat'>;

/**
 * Probes `surface`: takes node's listener from a fresh server, finds the options by value (node's
 * classes), then checks on a second server that re-binding makes its 'request' listener get
 * instances of other classes, for a stream stand-in.
 */
function findHttp2Compat(surface: Http2Surface): Http2Compat | undefined {
	const fresh = surface.createServer();
	const setup = fresh.listeners('newListener');
	const optionsKey = Object.getOwnPropertySymbols(fresh).find((key) => {
		const options = optionsOf(fresh, key);
		return options?.Http2ServerRequest === surface.Http2ServerRequest && options.Http2ServerResponse === surface.Http2ServerResponse;
	});
	if (setup.length !== 1 || optionsKey === undefined) return undefined;
	const found: Http2Compat = { optionsKey, setupCompat: setup[0] as (this: object, event: string) => void };
	class ProbeRequest extends surface.Http2ServerRequest {}
	class ProbeResponse extends (surface.Http2ServerResponse as Http2Class) {}
	const probe = surface.createServer();
	let got: unknown[] = [];
	probe.on('request', (req: unknown, res: unknown) => {
		got = [req, res];
	});
	if (!rebindHttp2Server(probe, found, [ProbeRequest, ProbeResponse])) return undefined;
	probe.emit('stream', new EventEmitter(), { ':method': 'GET', ':path': '/' }, 0, [':method', 'GET', ':path', '/']);
	return got[0] instanceof ProbeRequest && got[1] instanceof ProbeResponse ? found : undefined;
}

/** A stand-in for an HTTP/2 stream that has sent nothing: it records the headers a response sends. */
function probeStream(sent: Http2Headers[]): EventEmitter {
	return Object.assign(new EventEmitter(), {
		headersSent: false,
		destroyed: false,
		closed: false,
		respond(headers: Http2Headers): void {
			sent.push({ ...headers });
		},
	});
}

/**
 * node's key of an HTTP/2 response's header map, found by what `setHeader` stores (not by its
 * name), then checked to behave as node's map for a direct store: read back by `getHeader` and
 * `hasHeader`, and sent by `writeHead` to the stream, beside what `setHeader` stored.
 */
function findHttp2HeaderMap(surface: Http2Surface): symbol | undefined {
	const Response = surface.Http2ServerResponse as unknown as new (stream: EventEmitter) => ResponseHeaderMethods & Record<symbol, unknown>;
	const sent: Http2Headers[] = [];
	const found = new Response(probeStream(sent));
	found.setHeader('X-Velox-Probe', '1');
	const key = Object.getOwnPropertySymbols(found).find((symbol) => (found[symbol] as Http2Headers | null)?.[PROBE] === '1');
	if (key === undefined) return undefined;
	if (!reachedThroughNodeOnly(new Response(probeStream(sent)), key)) return undefined;
	const probe = new Response(probeStream(sent)) as ResponseHeaderMethods &
		Record<symbol, Http2Headers> & { hasHeader(name: string): boolean; writeHead(status: number): unknown };
	probe.setHeader('ETag', '"x"');
	probe[key]['content-length'] = 12;
	const same = probe.getHeader('Content-Length') === 12 && probe.hasHeader('content-length') && !probe.hasHeader('constructor');
	probe.writeHead(200);
	const head = sent[0];
	return same && sent.length === 1 && head['content-length'] === 12 && head.etag === '"x"' && head[':status'] === 200 ? key : undefined;
}

/** Probes `surface` for the internals HTTP/2 adoption and header stores use; what it cannot confirm is off. */
export function detectHttp2(surface: Http2Surface): Http2Detection {
	const proto = surface.Http2ServerResponse.prototype;
	const headerMethods = Object.freeze({ setHeader: proto.setHeader, getHeader: proto.getHeader, removeHeader: proto.removeHeader });
	let compat: Http2Compat | undefined;
	let headersKey: symbol | undefined;
	try {
		compat = findHttp2Compat(surface);
	} catch {
		compat = undefined;
	}
	try {
		headersKey = findHttp2HeaderMap(surface);
	} catch {
		headersKey = undefined;
	}
	return Object.freeze({
		serverClasses: compat !== undefined,
		optionsKey: compat?.optionsKey,
		setupCompat: compat?.setupCompat,
		headerMap: headersKey !== undefined,
		headersKey,
		headerMethods,
	});
}

let http2Found: Http2Detection | undefined;
// The HTTP/2 detection in force, as the header stores read it (see `inForce`).
let http2HeadersKey: symbol | undefined;
let nodeHttp2SetHeader: ResponseHeaderMethods['setHeader'] | undefined;
let nodeHttp2GetHeader: ResponseHeaderMethods['getHeader'] | undefined;
let nodeHttp2RemoveHeader: ResponseHeaderMethods['removeHeader'] | undefined;
/** Velox's HTTP/2 `setHeader` (http2.ts: connection headers dropped, then node's). */
let veloxHttp2SetHeader: unknown;
/** node's `Http2ServerResponse.prototype`, whose `setHeader` a late wrapper replaces. */
let nodeHttp2Response: ResponseHeaderMethods | undefined;

function inForce(detection: Http2Detection): Http2Detection {
	http2Found = detection;
	nodeHttp2Response = loadHttp2().Http2ServerResponse.prototype as unknown as ResponseHeaderMethods;
	http2HeadersKey = detection.headersKey;
	nodeHttp2SetHeader = detection.headerMethods.setHeader;
	nodeHttp2GetHeader = detection.headerMethods.getHeader;
	nodeHttp2RemoveHeader = detection.headerMethods.removeHeader;
	return detection;
}

/** What the HTTP/2 detection in force found: node's own (probed on first use) unless `useHttp2Platform` put another in force. */
export function http2Detection(): Http2Detection {
	return http2Found ?? inForce(detectHttp2(loadHttp2() as unknown as Http2Surface));
}

/** Puts an HTTP/2 detection in force for every app in this process (tests); undefined: node's own again. */
export function useHttp2Platform(detection: Http2Detection | undefined): void {
	inForce(detection ?? detectHttp2(loadHttp2() as unknown as Http2Surface));
}

/**
 * The HTTP/2 response's header map for a direct store; undefined when `setHeader` must be called:
 * not an HTTP/2 response, no map found, the head already sent (node's `setHeader` throws), or
 * `setHeader` not Velox's over node's own (replaced on the instance, on a prototype, or node's
 * wrapped after the detection).
 */
function writableHttp2Headers(res: ServerResponse): Http2Headers | undefined {
	const key = http2HeadersKey;
	if (key === undefined) return undefined;
	const map = (res as Outgoing)[key] as Http2Headers | undefined;
	if (map === undefined || res.setHeader !== veloxHttp2SetHeader || nodeHttp2Response!.setHeader !== nodeHttp2SetHeader || res.headersSent) return undefined;
	return map;
}

/** The map `getHeader` reads on an HTTP/2 response; undefined when `getHeader` must be called. */
function readableHttp2Headers(res: ServerResponse): Http2Headers | undefined {
	const key = http2HeadersKey;
	if (key === undefined || res.getHeader !== nodeHttp2GetHeader) return undefined;
	return (res as Outgoing)[key] as Http2Headers | undefined;
}

/** For an HTTP/2 server: the app that last checked whether to adopt it (once per server and app). */
const http2ServedBy = new WeakMap<object, PrototypeOwner>();

/**
 * `http2.createServer(app)` / `http2.createSecureServer(options, app)`, on an HTTP/2 request the
 * app got without a callback whose prototypes had to be swapped: has node build the server's next
 * requests and responses with the app's HTTP/2 classes (what the server's documented
 * `Http2ServerRequest`/`Http2ServerResponse` options do), so they skip the swap. A swapped object
 * gets a hidden class of its own that no transition leads from (on node 22 and before, every
 * property added after the swap then makes one more). Only when nothing else can tell: the app is
 * the server's one 'request' listener, the server's classes are node's (or another Velox app's,
 * after a listener was replaced) and its one 'stream' listener is node's.
 */
export function adoptHttp2Server(app: PrototypeOwner, req: object, members: Http2Members): void {
	const server = (req as { stream?: { session?: { server?: unknown } } }).stream?.session?.server;
	if (typeof server !== 'object' || server === null || http2ServedBy.get(server) === app || !Object.isExtensible(server)) return;
	http2ServedBy.set(server, app);
	const emitter = server as EventEmitter;
	if (typeof emitter.listeners !== 'function') return;
	const found = http2Detection();
	if (!found.serverClasses || found.optionsKey === undefined) return;
	const options = optionsOf(server, found.optionsKey);
	if (options === undefined) return;
	const node = loadHttp2();
	const nodeClasses = options.Http2ServerRequest === node.Http2ServerRequest && options.Http2ServerResponse === node.Http2ServerResponse;
	if (!nodeClasses && !(veloxHttp2Classes.has(options.Http2ServerRequest as object) && veloxHttp2Classes.has(options.Http2ServerResponse as object))) return;
	const listeners = emitter.listeners('request');
	if (listeners.length !== 1 || (listeners[0] as unknown) !== app) return;
	rebindHttp2Server(emitter, found, http2ClassesFor(app, members));
}

// --- Connection list (velox.shutdown) -----------------------------------------------------------

/** An HTTP/1 connection: its socket, and the response it is answering (null between requests). */
export interface HttpConnection {
	socket: Socket;
	response: ServerResponse | null;
}

type ConnectionList = { all(): Array<{ socket?: Socket & { _httpMessage?: ServerResponse | null } }> };

/** node's key of a server's connection list, once found on a listening server. */
let connectionListKey: symbol | undefined;

function isConnectionList(value: unknown): value is ConnectionList {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as ConnectionList).all === 'function' &&
		typeof (value as { idle?: unknown }).idle === 'function'
	);
}

/**
 * The HTTP/1 connections of a listening `server`, from node's own list (the one behind
 * `closeIdleConnections`), found by its shape; undefined when it is not there (a `net` server,
 * or a node that keeps them otherwise).
 */
export function httpConnections(server: object): HttpConnection[] | undefined {
	const holder = server as Record<symbol, unknown>;
	let key = connectionListKey;
	if (key === undefined || !isConnectionList(holder[key])) {
		key = Object.getOwnPropertySymbols(server).find((symbol) => isConnectionList(holder[symbol]));
		if (key === undefined) return undefined;
		connectionListKey = key;
	}
	const connections: HttpConnection[] = [];
	for (const parser of (holder[key] as ConnectionList).all()) {
		const socket = parser.socket;
		if (socket !== undefined && socket !== null) connections.push({ socket, response: socket._httpMessage ?? null });
	}
	return connections;
}

/** The detection of node's own http module, made when Velox loads (last: it runs the probes above). */
export const nodeDetection: Detection = detect(nodeSurface);
usePlatform(nodeDetection);
