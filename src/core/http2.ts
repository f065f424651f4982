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
import type { IncomingMessage, ServerResponse } from 'http';
import type * as Http2Module from 'http2';
import type { Http2Session } from 'http2';
import { finalHandle } from './final-handler';
import type { App, RequestView } from './model';
import { request } from './request';
import { trackHttp2Session } from './shutdown';
import { response } from './response';
import type { Next, RoutedRequest } from './router/layer';
import { kQueryParser } from './symbols';
import { initRoutingState } from './router/router';

/** On an app: its prototypes for HTTP/2 requests and responses. */
const kHttp2Request: unique symbol = Symbol('velox.http2Request');
const kHttp2Response: unique symbol = Symbol('velox.http2Response');

interface Http2App extends App {
	[kHttp2Request]?: object;
	[kHttp2Response]?: object;
}

/**
 * Response headers that HTTP/2 forbids (RFC 9113 8.2.2): node drops
 * `Connection` with a warning and refuses the others when the head is
 * written, which would fail the response. They are dropped here, silently:
 * what they say is what HTTP/2 framing does anyway.
 */
const connectionHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);

function isConnectionHeader(name: unknown): boolean {
	return typeof name === 'string' && connectionHeaders.has(name.trim().toLowerCase());
}

let http2: typeof Http2Module | undefined;

function loadHttp2(): typeof Http2Module {
	if (http2 === undefined) http2 = require('http2') as typeof Http2Module;
	return http2;
}

type Descriptors = Record<string | symbol, PropertyDescriptor>;

/** Own descriptors of `object`, string and symbol keys. */
function ownDescriptors(object: object): Descriptors {
	return Object.getOwnPropertyDescriptors(object) as Descriptors;
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

/**
 * An object over `nodeProto` with the own members of `appProto`'s chain down
 * to `base` (farthest first so the nearest wins), then `overrides` for names
 * no app object (only `base`) defined.
 */
function layered(nodeProto: object, appProto: object, base: object, overrides: Descriptors): object {
	const target = Object.create(nodeProto) as object;
	const chain = chainTo(appProto, base);
	Object.defineProperties(target, ownDescriptors(base));
	Object.defineProperties(target, overrides);
	for (let i = chain.length - 2; i >= 0; i--) Object.defineProperties(target, ownDescriptors(chain[i]));
	return target;
}

const veloxGet = request.get as (this: IncomingMessage, name: string) => unknown;

/** `req.get('host')` falls back to `:authority` (HTTP/2 clients send no Host header). */
function header(this: IncomingMessage, name: string): unknown {
	const value = veloxGet.call(this, name);
	if (value === undefined && name.toLowerCase() === 'host') return this.headers[':authority'];
	return value;
}

const requestOverrides: Descriptors = {
	get: { configurable: true, enumerable: true, writable: true, value: header },
	header: { configurable: true, enumerable: true, writable: true, value: header },
};

type HeaderValue = number | string | readonly string[];
type Http2ResponseProto = {
	setHeader(name: string, value: HeaderValue): unknown;
	appendHeader(name: string, value: HeaderValue): unknown;
	writeHead(status: number, ...rest: unknown[]): unknown;
};

function responseOverrides(node: Http2ResponseProto): Descriptors {
	function setHeader(this: ServerResponse, name: string, value: HeaderValue): ServerResponse {
		if (!isConnectionHeader(name)) node.setHeader.call(this, name, value);
		return this;
	}
	function appendHeader(this: ServerResponse, name: string, value: HeaderValue): ServerResponse {
		if (!isConnectionHeader(name)) node.appendHeader.call(this, name, value);
		return this;
	}
	function writeHead(this: ServerResponse, status: number, ...rest: unknown[]): unknown {
		const last = rest.length - 1;
		const headers = rest[last];
		if (last >= 0 && headers !== null && typeof headers === 'object') rest[last] = withoutConnectionHeaders(headers);
		return node.writeHead.call(this, status, ...rest);
	}
	return {
		setHeader: { configurable: true, enumerable: true, writable: true, value: setHeader },
		appendHeader: { configurable: true, enumerable: true, writable: true, value: appendHeader },
		writeHead: { configurable: true, enumerable: true, writable: true, value: writeHead },
	};
}

/** `writeHead`'s headers (an object or a flat `[name, value, ...]` array) without connection-specific ones. */
function withoutConnectionHeaders(headers: object): object {
	if (Array.isArray(headers)) {
		const kept: unknown[] = [];
		for (let i = 0; i + 1 < headers.length; i += 2) {
			if (!isConnectionHeader(headers[i])) kept.push(headers[i], headers[i + 1]);
		}
		return kept;
	}
	const kept: Record<string, unknown> = {};
	for (const key of Object.keys(headers)) {
		if (!isConnectionHeader(key)) kept[key] = (headers as Record<string, unknown>)[key];
	}
	return kept;
}

/** The app's prototype for HTTP/2 requests, built on first use. */
export function http2RequestPrototype(app: App): object {
	const target = app as Http2App;
	let proto = target[kHttp2Request];
	if (proto === undefined) {
		proto = layered(loadHttp2().Http2ServerRequest.prototype, app.request, request, requestOverrides);
		target[kHttp2Request] = proto;
	}
	return proto;
}

/** The app's prototype for HTTP/2 responses, built on first use. */
export function http2ResponsePrototype(app: App): object {
	const target = app as Http2App;
	let proto = target[kHttp2Response];
	if (proto === undefined) {
		const node = loadHttp2().Http2ServerResponse.prototype;
		proto = layered(node, app.response, response, responseOverrides(node as Http2ResponseProto));
		target[kHttp2Response] = proto;
	}
	return proto;
}

/**
 * HTTP/2 signals a body by framing, not by headers: a request whose HEADERS
 * frame did not end the stream has a body even without Content-Length. The
 * Express ecosystem (type-is's `hasBody`, so the body parsers, multer...)
 * looks for `Content-Length` or `Transfer-Encoding`; such a request gets
 * `transfer-encoding: chunked` in `req.headers`, as HTTP/2-to-HTTP/1
 * gateways do.
 */
function markBody(req: IncomingMessage): void {
	const headers = req.headers;
	if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return;
	const stream = (req as { stream?: { endAfterHeaders?: boolean } }).stream;
	if (stream !== undefined && stream.endAfterHeaders === false) headers['transfer-encoding'] = 'chunked';
}

/**
 * `app.handle` for an HTTP/2 request whose prototypes are not yet this
 * app's: the same steps as the HTTP/1 swap branch, with the HTTP/2 prototypes.
 */
export function handleHttp2(app: App, req: IncomingMessage, res: ServerResponse, callback: Next | undefined): void {
	const state = req as RoutedRequest & RequestView<typeof kQueryParser>;
	if (initRoutingState(state, app[kQueryParser])) {
		markBody(req);
		trackHttp2Session((req as { stream?: { session?: Http2Session } }).stream?.session);
	}
	Object.setPrototypeOf(req, http2RequestPrototype(app));
	Object.setPrototypeOf(res, http2ResponsePrototype(app));
	if (state[kQueryParser] === undefined) state[kQueryParser] = app[kQueryParser];
	const router = app._router;
	if (router !== undefined) router.handle(req, res, callback);
	else if (callback !== undefined) callback();
	else finalHandle(req, res, undefined, app.get('env'), undefined);
}

/** Puts back the parent app's prototypes after a mounted app handled an HTTP/2 request. */
export function restoreHttp2Prototypes(app: App, req: IncomingMessage, res: ServerResponse): void {
	Object.setPrototypeOf(req, http2RequestPrototype(app));
	Object.setPrototypeOf(res, http2ResponsePrototype(app));
}
