/**
 * The request prototype (`velox.request`): node's IncomingMessage plus
 * Express 4's members, with Express 4.22's behaviour to the byte. Each app's
 * `app.request` inherits it (and carries `app`), so a helper added here shows
 * up on every request.
 *
 * Every getter computes on read and caches nothing, as in Express: a request
 * pays only for what it reads, and a value read twice follows any change made
 * in between (headers, `trust proxy` of a mounted sub-app, the response status).
 * `req.query` is the exception, computed once as Express does (see below).
 * Getters read `this.headers` directly where Express calls `this.get(name)`:
 * the same value without a call, lower-casing and a switch per read.
 */
import { IncomingMessage } from 'http';
import { isIP } from 'net';
import { parse as legacyParse } from 'url';
import depd from 'depd';
import type ProxyAddrModule from 'proxy-addr';
import parseRange from 'range-parser';
import type { Negotiated, RequestPrototype, VeloxRequest } from './types/model';
import type { TrustFunction } from './settings';
import { kQueryParser } from './base/symbols';
import { signalDescriptor } from './lifecycle/timeout';
import { pathnameOf, queryStringOf } from './base/url';
import { veloxError } from './errors';
import { hasOwn, onFirstUse } from './base/utils';
import { hostOf } from './base/host';
import { linePolicy } from './lines';

const deprecate = depd('velox');
const { queryPerRead, fresh, hostWithPort, accepts: loadAccepts, typeIs: loadTypeIs } = linePolicy().request;
// The migration report's recording (lines/migration.ts), on Express 4's req.host only.
const migration = linePolicy().migration;

/** Whether a Host value names a port (`host:port`, `[v6]:port`). */
function hasPort(host: string | undefined): boolean {
	return host !== undefined && /:\d*$/.test(host) && !host.endsWith(']');
}
// Loaded with the first negotiation, `req.is` and `req.ip`/`req.ips` (docs/design.md, "Startup: deferred modules").
const loadProxyAddr = onFirstUse(() => require('proxy-addr') as typeof ProxyAddrModule);

/** Loads what content negotiation needs (`req.accepts*`, `res.format`, `res.redirect`). */
export function preloadNegotiation(): void {
	loadAccepts();
}

/** `this` in the members below: the one request model (model.ts). */
type Negotiate = (...values: unknown[]) => Negotiated;

export const request: RequestPrototype = Object.create(IncomingMessage.prototype);

/** A getter as Express's `defineGetter` makes it: configurable, enumerable, no setter (assignment throws in strict code). */
function defineGetter(name: string, getter: (this: VeloxRequest) => unknown): void {
	Object.defineProperty(request, name, { configurable: true, enumerable: true, get: getter });
}

// A plain read of `settings` follows the sub-app settings chain exactly as
// `app.get(name)` does for these names, without its own-property walk.
function trustOf(req: VeloxRequest): TrustFunction | undefined {
	return req.app.settings['trust proxy fn'] as TrustFunction | undefined;
}

function remoteAddressOf(req: VeloxRequest): string | undefined {
	return req.socket.remoteAddress;
}

/**
 * A request header, case-insensitive; `Referer` and `Referrer` are interchangeable. Aliased as `req.header`.
 *
 * @example
 * req.get('content-type'); // => 'text/plain'
 */
function header(this: VeloxRequest, name: string): string | string[] | undefined {
	if (!name) throw veloxError('VELOX_ERR_REQ_GET_NAME_REQUIRED');
	if (typeof name !== 'string') throw veloxError('VELOX_ERR_REQ_GET_NAME_TYPE');
	const lc = name.toLowerCase();
	switch (lc) {
		case 'referer':
		case 'referrer':
			return this.headers.referrer || this.headers.referer;
		default:
			return this.headers[lc];
	}
}
request.get = header;
request.header = header;

// Negotiation objects are built only when a negotiation method is called.

/**
 * The best of the given types the client accepts (extensions or MIME types), `false` if none;
 * with no argument, the accepted types in preference order.
 *
 * @example
 * // Accept: text/*, application/json
 * req.accepts('html', 'json'); // => 'html'
 */
request.accepts = function acceptsTypes(this: VeloxRequest, ...types: unknown[]): Negotiated {
	const accept = loadAccepts()(this);
	return (accept.types as Negotiate).apply(accept, types);
};

/**
 * The first accepted of the given encodings, `false` if none; with no argument, the accepted encodings.
 *
 * @example
 * req.acceptsEncodings('gzip', 'deflate'); // => 'gzip'
 */
request.acceptsEncodings = function acceptsEncodings(this: VeloxRequest, ...encodings: unknown[]): Negotiated {
	const accept = loadAccepts()(this);
	return (accept.encodings as Negotiate).apply(accept, encodings);
};
request.acceptsEncoding = deprecate.function(request.acceptsEncodings as Negotiate, 'req.acceptsEncoding: Use acceptsEncodings instead');

/**
 * The first accepted of the given charsets, `false` if none; with no argument, the accepted charsets.
 *
 * @example
 * req.acceptsCharsets('utf-8'); // => 'utf-8'
 */
request.acceptsCharsets = function acceptsCharsets(this: VeloxRequest, ...charsets: unknown[]): Negotiated {
	const accept = loadAccepts()(this);
	return (accept.charsets as Negotiate).apply(accept, charsets);
};
request.acceptsCharset = deprecate.function(request.acceptsCharsets as Negotiate, 'req.acceptsCharset: Use acceptsCharsets instead');

/**
 * The first accepted of the given languages, `false` if none; with no argument, the accepted languages.
 *
 * @example
 * req.acceptsLanguages('en', 'fr'); // => 'fr' for Accept-Language: fr
 */
request.acceptsLanguages = function acceptsLanguages(this: VeloxRequest, ...languages: unknown[]): Negotiated {
	const accept = loadAccepts()(this);
	return (accept.languages as Negotiate).apply(accept, languages);
};
request.acceptsLanguage = deprecate.function(request.acceptsLanguages as Negotiate, 'req.acceptsLanguage: Use acceptsLanguages instead');

/**
 * The `Range` header parsed against `size`: an array of `{ start, end }` with a `type`,
 * `-1` when unsatisfiable, `-2` when malformed, undefined without the header.
 *
 * @example
 * req.range(1000, { combine: true }); // => [{ start: 0, end: 99 }] with type 'bytes'
 */
request.range = function range(this: VeloxRequest, size: number, options?: parseRange.Options): parseRange.Result | parseRange.Ranges | undefined {
	const value = this.headers.range;
	if (!value) return undefined;
	return parseRange(size, value, options);
};

/**
 * Deprecated: the value of `name` from the route params, then the body, then the query, else `defaultValue`.
 *
 * @example
 * req.param('id'); // prefer req.params.id, req.body.id or req.query.id
 */
request.param = function param(this: VeloxRequest, ...args: [name?: string, defaultValue?: unknown]): unknown {
	const name = args[0] as string;
	const params = (this.params || {}) as Record<string, unknown>;
	const body = (this.body || {}) as Record<string, unknown>;
	const query = (this.query || {}) as Record<string, unknown>;
	// Express names the signature by argument count: `name` for exactly one, `name, default` otherwise.
	deprecate('req.param(' + (args.length === 1 ? 'name' : 'name, default') + '): Use req.params, req.body, or req.query instead');
	// Express calls `params.hasOwnProperty(name)`, which throws for a route param named `hasOwnProperty`; safer here.
	if (null != params[name] && hasOwn(params, name)) return params[name];
	if (null != body[name]) return body[name];
	if (null != query[name]) return query[name];
	return args[1];
};

/**
 * The matched type when the request has a body whose `Content-Type` is one of `types`
 * (extensions, MIME types, wildcards), `false` when none matches, `null` without a body.
 *
 * @example
 * // Content-Type: application/json
 * req.is('json'); // => 'json'
 */
request.is = function is(this: VeloxRequest, ...types: unknown[]): string | false | null {
	const first = types[0];
	return loadTypeIs()(this, (Array.isArray(first) ? first : types) as string[]);
};

/**
 * `http`, or `https` over TLS; from a peer `trust proxy` trusts, the first `X-Forwarded-Proto` value.
 *
 * @example
 * app.set('trust proxy', 'loopback'); // behind a local TLS-terminating proxy
 * req.protocol; // => 'https'
 */
defineGetter('protocol', function protocol(this: VeloxRequest): string {
	const proto = (this.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
	if (!trustOf(this)!(remoteAddressOf(this) as string, 0)) return proto;
	// X-Forwarded-Proto is normally a single value; take the first to be safe (as Express).
	const value = (this.headers['x-forwarded-proto'] as string | undefined) || proto;
	const index = value.indexOf(',');
	return index !== -1 ? value.substring(0, index).trim() : value.trim();
});

/**
 * `req.protocol === 'https'`.
 *
 * @example
 * if (!req.secure) res.redirect('https://' + req.hostname + req.originalUrl);
 */
defineGetter('secure', function secure(this: VeloxRequest): boolean {
	return this.protocol === 'https';
});

/**
 * The client address: the peer's, or with `trust proxy` the untrusted `X-Forwarded-For` entry nearest to the server.
 *
 * @example
 * req.ip; // => '203.0.113.7'
 */
defineGetter('ip', function ip(this: VeloxRequest): string | undefined {
	const trust = trustOf(this);
	// Without X-Forwarded-For the answer is the peer address and proxy-addr would not
	// call `trust`: skip its array building (most requests).
	if (!this.headers['x-forwarded-for'] && trust) return remoteAddressOf(this);
	return loadProxyAddr()(this, trust!);
});

/**
 * With `trust proxy`, the `X-Forwarded-For` addresses from the client to the furthest trusted proxy; otherwise `[]`.
 *
 * @example
 * // X-Forwarded-For: client, proxy1, proxy2 (all trusted)
 * req.ips; // => ['client', 'proxy1', 'proxy2']
 */
defineGetter('ips', function ips(this: VeloxRequest): string[] {
	// Without X-Forwarded-For there is only the peer address, which is removed: `[]`.
	if (!this.headers['x-forwarded-for']) return [];
	const addresses = loadProxyAddr().all(this, trustOf(this)!);
	// Farthest to closest, without the socket address.
	addresses.reverse().pop();
	return addresses;
});

/**
 * The subdomains of `req.hostname`, most specific last, after removing `subdomain offset` parts; `[]` for an IP.
 *
 * @example
 * // Host: tobi.ferrets.example.com
 * req.subdomains; // => ['ferrets', 'tobi']
 */
defineGetter('subdomains', function subdomains(this: VeloxRequest): string[] {
	const hostname = this.hostname;
	if (!hostname) return [];
	const offset = this.app.settings['subdomain offset'] as number;
	const parts = !isIP(hostname) ? hostname.split('.').reverse() : [hostname];
	return parts.slice(offset);
});

/**
 * The pathname of `req.url` (without the mount path inside mounted middleware).
 *
 * @example
 * // GET /users/1?sort=desc
 * req.path; // => '/users/1'
 */
defineGetter('path', function path(this: VeloxRequest): string | null | undefined {
	const url = this.url;
	const pathname = pathnameOf(url);
	if (pathname !== undefined || typeof url !== 'string') return pathname;
	// parseurl's answer when the URL has no pathname (null), or its throw for an unparsable URL.
	return legacyParse(url).pathname;
});

/**
 * The `Host` header without its port (IPv6 literals kept whole); with a trusted peer, the first `X-Forwarded-Host` value.
 * Undefined when there is none, or when it is not a syntactically valid host (RFC 3986), unlike Express 4.
 *
 * @example
 * // Host: example.com:3000
 * req.hostname; // => 'example.com'
 */
defineGetter('hostname', function hostname(this: VeloxRequest): string | undefined {
	let host = this.headers['x-forwarded-host'] as string | undefined;
	if (!host || !trustOf(this)!(remoteAddressOf(this) as string, 0)) {
		// HTTP/2 clients send `:authority` instead of Host (never present on HTTP/1).
		host = this.headers.host ?? (this.headers[':authority'] as string | undefined);
	} else if (host.indexOf(',') !== -1) {
		// X-Forwarded-Host is normally a single value; take the first to be safe (as Express).
		host = host.substring(0, host.indexOf(',')).trimEnd();
	}
	if (!host) return undefined;
	// Security, beyond Express 4: a value that is not `host[:port]` (`evil.example/x`,
	// `a@evil.example`) gives undefined, never a string an absolute link would send elsewhere (host.ts).
	return hostOf(host);
});

/**
 * Deprecated alias of `req.hostname` (Express 4 wording in the warning).
 *
 * @example
 * req.host; // prefer req.hostname
 */
defineGetter(
	'host',
	hostWithPort
		? hostAndPort
		: deprecate.function(function host(this: VeloxRequest): string | undefined {
				// The migration report (lines/migration.ts): Express 5's req.host keeps the port.
				if (migration !== undefined && hasPort(this.headers.host)) migration.use('request.hostWithPort', 'req.host read, Host with a port');
				return this.hostname;
			}, 'req.host: Use req.hostname instead'),
);

/**
 * Express 5's `req.host` (lines/: `hostWithPort`): the `Host` header, or with a trusted peer the
 * first `X-Forwarded-Host` value, port included. As `req.hostname`, undefined when it is not a
 * syntactically valid `host[:port]` (RFC 3986), unlike Express 5.
 *
 * @example
 * // Host: example.com:3000
 * req.host; // => 'example.com:3000'
 */
function hostAndPort(this: VeloxRequest): string | undefined {
	let host = this.headers['x-forwarded-host'] as string | undefined;
	if (!host || !trustOf(this)!(remoteAddressOf(this) as string, 0)) {
		host = this.headers.host ?? (this.headers[':authority'] as string | undefined);
	} else if (host.indexOf(',') !== -1) {
		host = host.substring(0, host.indexOf(',')).trimEnd();
	}
	if (!host || hostOf(host) === undefined) return undefined;
	return host;
}

/**
 * Whether the client's cached copy is still valid (ETag / Last-Modified against the conditional
 * request headers, for GET, HEAD or QUERY and a 2xx or 304 status; never with `Cache-Control: no-cache`).
 *
 * @example
 * res.set('ETag', tag);
 * if (req.fresh) return res.sendStatus(304);
 */
defineGetter('fresh', function isFresh(this: VeloxRequest): boolean {
	const method = this.method;
	const res = this.res!;
	const status = res.statusCode;
	// GET, HEAD or QUERY for weak freshness validation only (Express 4.22).
	if ('GET' !== method && 'HEAD' !== method && 'QUERY' !== method) return false;
	// 2xx or 304, as per RFC 2616 14.26.
	if ((status >= 200 && status < 300) || 304 === status) {
		const headers = this.headers;
		// Hot path (every res.send): `fresh` answers false without conditional request
		// headers; checking them first skips two getHeader calls and an object.
		if (!headers['if-none-match'] && !headers['if-modified-since']) return false;
		return fresh(headers, { etag: res.getHeader('ETag'), 'last-modified': res.getHeader('Last-Modified') });
	}
	return false;
});

/**
 * `!req.fresh`.
 *
 * @example
 * if (req.stale) res.send(body);
 */
defineGetter('stale', function stale(this: VeloxRequest): boolean {
	return !this.fresh;
});

/**
 * Whether `X-Requested-With` is `XMLHttpRequest` (any case).
 *
 * @example
 * if (req.xhr) res.json(data);
 */
defineGetter('xhr', function xhr(this: VeloxRequest): boolean {
	const value = (this.headers['x-requested-with'] as string | undefined) || '';
	return value.toLowerCase() === 'xmlhttprequest';
});

function defineOwnQuery(req: VeloxRequest, value: unknown): void {
	Object.defineProperty(req, 'query', { configurable: true, enumerable: true, writable: true, value });
}

/**
 * The parsed query string, per the `query parser` setting (`{}` when disabled). Untrusted input.
 *
 * @example
 * // GET /search?q=velox&tags[]=fast
 * req.query; // => { q: 'velox', tags: ['fast'] }
 */
// `req.query` is parsed on first read, not per request: most requests never
// read it. The parser is the one of the app whose router saw the request first
// (Express parses there) and the URL is the original one, so the value is what
// Express would have computed eagerly. The value then becomes an own data
// property, as Express's is: later reads are plain reads and assignment
// replaces it, as in Express.
Object.defineProperty(
	request,
	'query',
	queryPerRead
		? { configurable: true, enumerable: true, get: queryOfApp }
		: {
				configurable: true,
				enumerable: true,
				get(this: VeloxRequest): unknown {
					const parse = this[kQueryParser];
					if (parse === undefined) return undefined;
					const value = parse(queryStringOf(this.originalUrl ?? this.url) as string);
					defineOwnQuery(this, value);
					return value;
				},
				set(this: VeloxRequest, value: unknown): void {
					defineOwnQuery(this, value);
				},
			},
);

/**
 * Express 5's `req.query` (lines/: `queryPerRead`): the query string of `req.url` parsed on every
 * read by the `query parser fn` of `req.app`, or an empty null-prototype object when parsing is
 * off. A getter without a setter: assignment throws in strict code.
 */
function queryOfApp(this: VeloxRequest): unknown {
	const parse = this.app.settings['query parser fn'] as ((query: string | null) => unknown) | undefined;
	if (!parse) return Object.create(null);
	return parse(queryStringOf(this.url));
}

/**
 * An `AbortSignal` that aborts when the client goes away before the response
 * finished, or when `velox.timeout` fires; made on first read (see timeout.ts).
 *
 * @example
 * const data = await fetch(upstream, { signal: req.signal });
 */
Object.defineProperty(request, 'signal', signalDescriptor);

/**
 * Beyond Express 4: the `Last-Event-ID` header, which an EventSource sends when it reconnects
 * to an event stream (`res.sse()`): the id of the last event it received.
 *
 * @example
 * const stream = res.sse();
 * for (const event of missedSince(req.lastEventId)) stream.send(event.data, { id: event.id });
 */
Object.defineProperty(request, 'lastEventId', {
	configurable: true,
	enumerable: true,
	get(this: IncomingMessage): string | undefined {
		const value = this.headers?.['last-event-id'];
		return typeof value === 'string' ? value : undefined;
	},
});
