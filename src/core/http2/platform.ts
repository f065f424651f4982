/**
 * The platform seam's HTTP/2 half, over node's compatibility API: per-app subclasses of node's
 * HTTP/2 request and response classes carrying the app's members (else a swap per request), the
 * adoption of `http2.createServer(app)` after its first request, as over HTTP/1.1, and the probe of
 * an HTTP/2 response's header map, which the header stores (platform/header-table.ts) write into.
 * Loaded with the first HTTP/2 request (http2/index.ts).
 */
import { EventEmitter } from 'events';
import type * as Http2Module from 'http2';
import { debuglog } from 'util';
import { defineOwn } from '../base/utils';
import type { PrototypeOwner } from '../platform/classes';
import { PROBE, reachedThroughNodeOnly, useHttp2HeaderMap, useVeloxHttp2SetHeader } from '../platform/header-table';
import type { Http2Headers, ResponseHeaderMethods } from '../platform/surface';
import type { HeaderValue } from '../base/headers';

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
		useVeloxHttp2SetHeader(overrides.setHeader?.value);
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

/** The lines `NODE_DEBUG=velox` prints for an HTTP/2 detection: each feature on, or off and its fallback. */
export function describeHttp2Platform(detection: Http2Detection): string[] {
	return [
		detection.serverClasses
			? 'http2 server classes: on'
			: "http2 server classes: off, http2.createServer(app) swaps prototypes per request (node's compatibility listener or its options not confirmed by the probe)",
		detection.headerMap
			? 'http2 header map: on'
			: "http2 header map: off, res.send sets its headers with setHeader (node's map not confirmed by the probe, or its header methods wrapped)",
	];
}

const debug = debuglog('velox');

function inForce(detection: Http2Detection): Http2Detection {
	if (http2Found === undefined && debug.enabled)
		for (const line of describeHttp2Platform(detection)) debug('platform: node %s, %s', process.versions.node, line);
	http2Found = detection;
	useHttp2HeaderMap(detection.headersKey, detection.headerMethods, loadHttp2().Http2ServerResponse.prototype as unknown as ResponseHeaderMethods);
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
