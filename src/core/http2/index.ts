/**
 * HTTP/2 through node's compatibility API: `http2.createServer(app)` and
 * `http2.createSecureServer({ allowHTTP1: true, key, cert }, app)`.
 *
 * node hands an HTTP/2 request to the app as an `Http2ServerRequest` /
 * `Http2ServerResponse`, which are not `IncomingMessage` / `ServerResponse`: the
 * request and response get the app's members laid over node's HTTP/2 prototypes
 * (platform.ts), with what HTTP/2 needs instead defined here.
 *
 * Hot path: HTTP/1 requests never reach this module. `app.handle` comes here
 * only from its prototype-swap branch (never taken with `app.listen`) and only
 * when `req.httpVersionMajor === 2` (an own data property on HTTP/1 requests).
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { Http2Session } from 'http2';
import { finalHandle } from '../final-handler';
import type { App, HeaderValue, RequestView } from '../types/model';
import { request } from '../request';
import { trackHttp2Session } from '../lifecycle/shutdown';
import { response } from '../response';
import type { Next, RoutedRequest } from '../router/types';
import { kAppRouter, kBuiltInLayers, kQueryParser } from '../base/symbols';
import { firstLayer } from '../builtin-layers';
import { tracing } from '../tracing';
import { initRoutingState } from '../router/router';
import { addHttp2Date } from '../platform/header-table';
import { adoptHttp2Server, type Descriptors, type Http2Members, type Http2ResponseMethods, useHttp2Prototypes } from './platform';

/**
 * Response headers that HTTP/2 forbids (RFC 9113 8.2.2): node drops
 * `Connection` with a warning and refuses the others when the head is
 * written, which would fail the response. They are dropped here, silently:
 * what they say is what HTTP/2 framing does anyway.
 */
const connectionHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);

function isConnectionHeader(name: unknown): boolean {
	if (typeof name !== 'string') return false;
	// Most names a response sets (Content-Type, ETag, X-Powered-By) are ruled out by their length.
	const length = name.length;
	if (length !== 7 && length !== 10 && length !== 14 && length !== 16 && length !== 17 && name.charCodeAt(0) > 32 && name.charCodeAt(length - 1) > 32)
		return false;
	return connectionHeaders.has(name.trim().toLowerCase());
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

// node's HTTP/2 response prototype, read when the first app's classes are made; its methods are
// read at each call, so a wrapper an agent installs later sees them. One `setHeader` for every app:
// the platform's header stores recognise it (platform.ts, `writableHttp2Headers`).
let node: Http2ResponseMethods;

function setHeader(this: ServerResponse, name: string, value: HeaderValue): ServerResponse {
	if (!isConnectionHeader(name)) node.setHeader.call(this, name, value);
	return this;
}

function appendHeader(this: ServerResponse, name: string, value: HeaderValue): ServerResponse {
	if (!isConnectionHeader(name)) node.appendHeader!.call(this, name, value);
	return this;
}

/*
 * An HTTP/2 response's `Date`: Velox puts it in the header map as the head goes out (`writeHead`),
 * where node would add it itself, and takes it out again once sent. node adds it by its own
 * constant for the name `date`, an uninterned string. Where V8 cannot intern that very string at
 * its first use as a key (an equal one interned before it, or the constant already promoted to the
 * old generation, as loading mime-db during the first response does), it becomes a reference to
 * another, and up to node 24 node's store then misses its inline cache on every response: ~5,700
 * instructions a request (bench/README.md, "HTTP/2's Date"). Node 26 does not; the same code serves it.
 */

// The date string of the current second, made by the first response in it. Read by the clock, not
// cleared by a timer: a test's fake timers then cannot keep a stale one.
let date = '';
let dateFrom = 0;

function utcDate(): string {
	const now = Date.now();
	if (now >= dateFrom + 1000 || now < dateFrom) {
		dateFrom = now - (now % 1000);
		date = new Date(now).toUTCString();
	}
	return date;
}

type NodeWriteHead = (this: ServerResponse, ...args: unknown[]) => unknown;

// node's `end` calls it with the status alone; node reads an object in place of the message as the headers.
function writeHead(this: ServerResponse, status: number, message?: unknown, headers?: unknown): unknown {
	if (headers !== undefined) {
		if (headers !== null && typeof headers === 'object') headers = withoutConnectionHeaders(headers);
	} else if (message !== null && typeof message === 'object') message = withoutConnectionHeaders(message);
	else if (this.sendDate) {
		// Last in the map, where node would put it; taken out once sent, as node's never was in it.
		const map = addHttp2Date(this, utcDate());
		if (map !== undefined) {
			try {
				return (node.writeHead as NodeWriteHead).call(this, status, message);
			} finally {
				delete map.date;
			}
		}
	}
	return (node.writeHead as NodeWriteHead).call(this, status, message, headers);
}

function responseOverrides(nodeResponse: Http2ResponseMethods): Descriptors {
	node = nodeResponse;
	const overrides: Descriptors = {
		setHeader: { configurable: true, enumerable: true, writable: true, value: setHeader },
		writeHead: { configurable: true, enumerable: true, writable: true, value: writeHead },
	};
	// node before 20.12 has no HTTP/2 `appendHeader`; the response then has none either.
	if (typeof node.appendHeader === 'function') overrides.appendHeader = { configurable: true, enumerable: true, writable: true, value: appendHeader };
	return overrides;
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

/** What the app's HTTP/2 prototypes are made of (platform.ts lays them over node's). */
const members: Http2Members = { request, response, requestOverrides, responseOverrides };

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
 * `app.handle` for an HTTP/2 request: the same steps as the HTTP/1 swap
 * branch, with the app's HTTP/2 prototypes (platform.ts), which node built it
 * with when the server was adopted.
 */
export function handleHttp2(app: App, req: IncomingMessage, res: ServerResponse, callback: Next | undefined): void {
	const state = req as RoutedRequest & RequestView<typeof kQueryParser>;
	if (initRoutingState(state, app[kQueryParser])) {
		markBody(req);
		trackHttp2Session((req as { stream?: { session?: Http2Session } }).stream?.session);
	}
	// The server's one listener: from its next request on, node builds them with the app's classes.
	if (useHttp2Prototypes(app, req, res, members) && callback === undefined) adoptHttp2Server(app, req, members);
	if (state[kQueryParser] === undefined) state[kQueryParser] = app[kQueryParser];
	// Velox 5's app keeps its router behind `app.router` (application.ts), made before this is called.
	const router = app._router ?? app[kAppRouter];
	if (router !== undefined) {
		const traced = tracing.active !== 0 || state[kQueryParser] !== app[kQueryParser];
		router.handle(req, res, callback, firstLayer(router.stack, app[kBuiltInLayers], traced));
	} else if (callback !== undefined) callback();
	else finalHandle(req, res, undefined, app.get('env'), undefined);
}

/** Puts back the parent app's prototypes after a mounted app handled an HTTP/2 request. */
export function restoreHttp2Prototypes(app: App, req: IncomingMessage, res: ServerResponse): void {
	useHttp2Prototypes(app, req, res, members);
}
