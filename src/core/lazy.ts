/**
 * Modules loaded on first use instead of at `require('velox')`.
 *
 * Startup — measured: qs (with its side-channel/get-intrinsic chain) is ~28 ms
 * of a ~75 ms `require('velox')`, and a request only needs it once something
 * reads `req.query` or parses an extended urlencoded body. accepts and type-is
 * (~4 ms each) wait for the first negotiation or `req.is`/body parser, and
 * the body parsers themselves (~10 ms with zlib and iconv-lite) for the first
 * `velox.json()`-style call.
 *
 * Second pass (issue 11's startup bar). Whole hello app, spawn until
 * listening (bench/startup.js, medians of 21 alternating spawns on the busy
 * shared machine, difference from raw node:http): CPU +56 ms → +35 ms, idle
 * RSS +9.3 MB → +7.5 MB; instructions (callgrind, all threads) 259 M → 195 M
 * against raw node's 108 M. Deferred here, each with its cost measured alone
 * after node:http (CPU ms and RSS: medians of 11 fresh processes; instructions:
 * callgrind, inclusive of what the module itself loads, ±3 M):
 *
 * - the file engine (`velox.static`, `res.sendFile`/`download`/`sendfile`:
 *   src/core/static.ts and src/core/send/*, ~40 KB of JS): ~10 ms and ~2.7 MB for
 *   src/core/send/transfer.js alone;
 * - mime@1 and its 31 KB types.json: ~2.5 ms, ~0.6 MB, +14 M (first
 *   `res.type`, `res.format`, or the first `res.send` of a string, which
 *   checks that the `html` type was not remapped);
 * - node:crypto (through etag or settings.ts's one-shot hash): ~1.9 ms,
 *   ~0.75 MB, +14 M; now at the first ETag;
 * - proxy-addr with ipaddr.js (19 KB): ~2.3 ms, ~0.25 MB, +21 M. The default
 *   `trust proxy` (false) no longer compiles an empty proxy-addr list at
 *   `velox()`: it gets the same trust-nothing function proxy-addr returns;
 *   the module loads with the first `req.ip`/`req.ips`, or when `trust proxy`
 *   is set to addresses or subnet names;
 * - content-disposition (~1.3 ms, +2 M), cookie and cookie-signature (which
 *   loads node:crypto; +19 M together): with `res.attachment`/`download`/`cookie`;
 * - src/core/inject.ts (13 KB; ~2.8 ms, +10 M with node:stream's Duplex): with the
 *   first `app.inject`;
 * - src/core/http2.ts and src/core/shutdown.ts (14 KB): with the first HTTP/2 request
 *   or `velox.shutdown`/`shutdownOnSignal` call;
 * - in src/core/final-handler.ts, body/discard.ts, on-finished and ee-first
 *   (14 KB, +5.5 M): with the first 404 or unhandled error.
 *
 * Not deferred: what the first request of any app runs (application, router,
 * request/response prototypes, settings, errors, tracing, view, final handler,
 * depd, statuses, fresh, range-parser, content-type, vary, encodeurl,
 * escape-html, ms).
 *
 * What a module-level `depd` deprecation prints is unchanged: the wrappers
 * here never sit between a user's call and a `deprecate(message)` call (that
 * would change the call site depd reports); `res.sendfile` is wrapped by
 * `deprecate.function` here, as before in send/response-methods.ts.
 */
import type AcceptsModule from 'accepts';
import type ContentDispositionModule from 'content-disposition';
import type * as CookieModule from 'cookie';
import type * as CookieSignatureModule from 'cookie-signature';
import depd from 'depd';
import type EtagModule from 'etag';
import type MimeModule from 'mime';
import type OnFinishedModule from 'on-finished';
import type ProxyAddrModule from 'proxy-addr';
import type * as QsModule from 'qs';
import type TypeIsModule from 'type-is';
import type * as BodyParsers from './body';
import type * as DiscardModule from './body/discard';
import type * as Http2Compat from './http2';
import type * as InjectModule from './inject';
import type * as SendMethods from './send/response-methods';
import type * as ShutdownModule from './shutdown';
import type * as StaticModule from './static';

/** Memoises a `require` behind a function; the module loads on the first call. */
function onFirstUse<T>(load: () => T): () => T {
	let value: T | undefined;
	return () => {
		if (value === undefined) value = load();
		return value;
	};
}

/** The qs module, required on first call. */
export const loadQs = onFirstUse(() => require('qs') as typeof QsModule);

/** The accepts module, required on first call. */
export const loadAccepts = onFirstUse(() => require('accepts') as typeof AcceptsModule);

/** The type-is module, required on first call. */
export const loadTypeIs = onFirstUse(() => require('type-is') as typeof TypeIsModule);

/** The body parser module (src/core/body), required on first call. */
export const loadBodyParsers = onFirstUse(() => require('./body') as typeof BodyParsers);

/** on-finished, required on first call. */
export const loadOnFinished = onFirstUse(() => require('on-finished') as typeof OnFinishedModule);

/** src/core/body/discard.ts (reading off an unread body), required on first call. */
export const loadDiscard = onFirstUse(() => require('./body/discard') as typeof DiscardModule);

/** mime@1 (the module `velox.static.mime` is), required on first call. */
export const loadMime = onFirstUse(() => require('mime') as typeof MimeModule);

/** node:crypto, required on first call. */
export const loadCrypto = onFirstUse(() => require('crypto') as typeof import('crypto'));

/** The etag module, required on first call. */
export const loadEtag = onFirstUse(() => require('etag') as typeof EtagModule);

/** The proxy-addr module, required on first call. */
export const loadProxyAddr = onFirstUse(() => require('proxy-addr') as typeof ProxyAddrModule);

/** The content-disposition module, required on first call. */
export const loadContentDisposition = onFirstUse(() => require('content-disposition') as typeof ContentDispositionModule);

/** The cookie module, required on first call. */
export const loadCookie = onFirstUse(() => require('cookie') as typeof CookieModule);

/** The cookie-signature module, required on first call. */
export const loadCookieSignature = onFirstUse(() => require('cookie-signature') as typeof CookieSignatureModule);

const loadSendMethods = onFirstUse(() => require('./send/response-methods') as typeof SendMethods);
const loadStatic = onFirstUse(() => require('./static') as typeof StaticModule);
const loadInject = onFirstUse(() => require('./inject') as typeof InjectModule);
const loadHttp2Compat = onFirstUse(() => require('./http2') as typeof Http2Compat);
const loadShutdown = onFirstUse(() => require('./shutdown') as typeof ShutdownModule);

type SendFile = typeof SendMethods.sendFile;
type Download = typeof SendMethods.download;

/** `res.sendFile`; the file engine loads with the first call. */
export function sendFile(this: ThisParameterType<SendFile>, path: string, options?: Parameters<SendFile>[1], callback?: Parameters<SendFile>[2]): void {
	loadSendMethods().sendFile.call(this, path, options, callback);
}

/** `res.download`; the file engine loads with the first call. */
export function download(
	this: ThisParameterType<Download>,
	path: string,
	filename?: Parameters<Download>[1],
	options?: Parameters<Download>[2],
	callback?: Parameters<Download>[3],
): void {
	loadSendMethods().download.call(this, path, filename, options, callback);
}

const deprecate = depd('velox');

/** Express 4's deprecated `res.sendfile` (see send/response-methods.ts); the engine loads with the first call. */
export const sendfile = deprecate.function(function sendfile(
	this: ThisParameterType<SendFile>,
	path: string,
	options?: Parameters<SendFile>[1],
	callback?: Parameters<SendFile>[2],
): void {
	loadSendMethods().legacySendfile.call(this, path, options, callback);
}, 'res.sendfile: Use res.sendFile instead');

/** `app.inject`'s engine, loaded with the first call. */
export function injectRequest(...args: Parameters<typeof InjectModule.injectRequest>): ReturnType<typeof InjectModule.injectRequest> {
	return loadInject().injectRequest(...args);
}

type ServeStatic = typeof StaticModule.default;

/**
 * `velox.static`: the file engine loads with the first call. `velox.static.mime`
 * is the mime module itself (loaded when read), as `express.static.mime`; an
 * assignment replaces it, as on a plain property.
 */
export const serveStatic = function serveStatic(root: string, options?: Parameters<ServeStatic>[1]): ReturnType<ServeStatic> {
	return loadStatic().default(root, options);
} as ServeStatic;
Object.defineProperty(serveStatic, 'mime', {
	configurable: true,
	enumerable: true,
	get: loadMime,
	set(value: unknown) {
		Object.defineProperty(serveStatic, 'mime', { configurable: true, enumerable: true, writable: true, value });
	},
});

/** `app.handle`'s HTTP/2 branch (src/core/http2.ts), loaded with the first HTTP/2 request. */
export function handleHttp2(...args: Parameters<typeof Http2Compat.handleHttp2>): void {
	loadHttp2Compat().handleHttp2(...args);
}

/** Puts back a parent app's HTTP/2 prototypes (src/core/http2.ts). */
export function restoreHttp2Prototypes(...args: Parameters<typeof Http2Compat.restoreHttp2Prototypes>): void {
	loadHttp2Compat().restoreHttp2Prototypes(...args);
}

/** `velox.shutdown` (src/core/shutdown.ts, loaded with the first call). */
export function shutdown(server: Parameters<typeof ShutdownModule.shutdown>[0], options: ShutdownModule.ShutdownOptions = {}): Promise<void> {
	return loadShutdown().shutdown(server, options);
}

/** `velox.shutdownOnSignal` (src/core/shutdown.ts, loaded with the first call). */
export function shutdownOnSignal(
	server: Parameters<typeof ShutdownModule.shutdownOnSignal>[0],
	options: ShutdownModule.ShutdownOnSignalOptions = {},
): () => void {
	return loadShutdown().shutdownOnSignal(server, options);
}
