/** Express 5's rows of the line policy (lines/policy.ts): what express@5 does, to the byte. */
import type { EventEmitter } from 'events';
import { basename, extname } from 'path';
import type { Transform } from 'stream';
import type Zlib from 'zlib';
import depd from 'depd';
import type * as ContentDisposition2 from 'content-disposition-2';
import type * as ContentType2 from 'content-type-2';
import type OnFinished from 'on-finished';
import type * as Http2Finished from '../platform/http2-finished';
import { nullPrototypeObject, onFirstUse } from '../base/utils';
import { toError, veloxError } from '../errors';
import { addedSlashRewritten, listRoutes, router2LayerEntries, routerModule } from './router-module';
import {
	type HandlerOutcome,
	initMatchedRoute,
	keepMatchedRoute,
	matchedRoute,
	recordRouteError,
	routerTracing,
	traceLayerEntry,
	traceParam,
} from './router-tracing';
import type { CharsetCodec, FreshResponseHeaders, LinePolicy, MediaTypeParameters, StatusTarget, TypeIs } from './policy';

/** What Velox 5 uses of mime-types 3 (its table is mime-db's). */
interface MimeTypes {
	lookup(path: string): string | false;
	contentType(value: string): string | false;
}

// mime-types 3, loaded with its first use: mime-db is large, and Velox 4 never needs it.
let mimeTypesModule: MimeTypes | undefined;
function mimeTypes(): MimeTypes {
	if (mimeTypesModule === undefined) mimeTypesModule = require('mime-types') as MimeTypes;
	return mimeTypesModule;
}

// content-type 2 (the development and Velox 5 dependency `content-type-2`, an alias: Velox 4 keeps
// content-type 1 under its own name), loaded with its first use.
const loadContentType = onFirstUse(() => require('content-type-2') as typeof ContentType2);

// Loaded by the first body parser that asks (docs/design.md, "Startup: deferred modules").
const loadOnFinished = onFirstUse(() => require('on-finished') as typeof OnFinished);

// The platform seam's HTTP/2 finished check, loaded by the first HTTP/2 request that asks.
const loadHttp2Finished = onFirstUse(() => require('../platform/http2-finished') as typeof Http2Finished);

// zlib's zstd decompressor where node has one (22.15, 23.8 and later), as body-parser 2 looks for
// it; zlib is loaded with the first compressed body (the body reader loads it then too).
const zstdDecompressor = onFirstUse(() => {
	const zlib = require('zlib') as typeof Zlib & { createZstdDecompress?: () => Transform };
	return typeof zlib.createZstdDecompress === 'function' ? () => (zlib.createZstdDecompress as () => Transform)() : null;
});

/** express@5's acceptParams: a parameter without `=` is skipped; a value runs to the next `;`, trimmed. */
function typeParameters(type: string): MediaTypeParameters {
	const parts = type.split(';');
	const result: MediaTypeParameters = { value: parts[0].trim(), quality: 1, params: {} };
	for (let i = 1; i < parts.length; ++i) {
		const equals = parts[i].indexOf('=');
		if (equals === -1) continue;
		const key = parts[i].slice(0, equals).trim();
		const value = parts[i].slice(equals + 1).trim();
		if (key === 'q') result.quality = Number.parseFloat(value);
		else result.params[key] = value;
	}
	return result;
}

/** Express 5's `res.status`: an integer from 100 to 999, or it throws. */
function status<R extends StatusTarget>(this: R, code: number): R {
	if (!Number.isInteger(code)) throw veloxError('VELOX_ERR_STATUS_NOT_INTEGER', JSON.stringify(code));
	if (code < 100 || code > 999) throw veloxError('VELOX_ERR_STATUS_RANGE', JSON.stringify(code));
	this.statusCode = code;
	return this;
}

/**
 * Express 5's freshness: fresh 2 (the development and Velox 5 dependency `fresh-2`, an alias: Velox 4
 * keeps fresh 0.5), where `If-None-Match` decides alone when it is sent; `req.fresh` and the file
 * engine's 304s both read it. Loaded with its first use (Velox 4's package does not carry it).
 */
const loadFresh = onFirstUse(() => require('fresh-2') as LinePolicy['request']['fresh']);
function fresh(reqHeaders: Record<string, string | string[] | undefined>, resHeaders: FreshResponseHeaders): boolean {
	return loadFresh()(reqHeaders, resHeaders);
}

/** Express 5's `app.listen`: a callback last is called once, on 'listening' or with the server's first 'error'. */
function listenArguments(server: EventEmitter, args: unknown[]): unknown[] {
	const last = args[args.length - 1];
	if (typeof last !== 'function') return args;
	let called = false;
	const callback = function listenCallback(this: unknown, ...values: unknown[]): unknown {
		if (called) return undefined;
		called = true;
		return last.apply(this, values);
	};
	server.once('error', callback);
	return [...args.slice(0, -1), callback];
}

// content-disposition 2 (the development and Velox 5 dependency `content-disposition-2`, an alias:
// Velox 4 keeps 0.5 under its own name), loaded with the first attachment.
const loadContentDisposition = onFirstUse(() => require('content-disposition-2') as typeof ContentDisposition2);

/** `attachment`, with the file's name as express@5 writes it: content-disposition 2's `create` of its last path segment. */
function attachmentDisposition(filename: string | undefined): string {
	return loadContentDisposition().create(filename === undefined ? undefined : basename(filename));
}

// router 2's deprecations name `router` (depd), made with the first.
const routerDeprecation = onFirstUse(() => depd('router'));

/** router 2.3's `then` callback for a handler's resolved promise: the value is not used. */
function ignoreFulfilled(): void {}

/** Router 2's deprecation of a returned thenable that is not a Promise. */
function promiseLike(what: 'handlers' | 'parameters'): void {
	routerDeprecation()(what + ' that are Promise-like are deprecated, use a native Promise instead');
}

/** How router 2.3's traced entries treat a handler's returned thenable, as the untraced ones do. */
const handlerOutcome: HandlerOutcome = { promiseLike, toError };

export const express5: LinePolicy = {
	line: 5,

	// Express 5's migration guide: removed, not deprecated.
	removed: {
		factory: ['query'],
		application: ['del', 'lazyrouter'],
		request: ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage'],
		response: ['sendfile'],
		utils: ['isAbsolute', 'flatten', 'contentDisposition'],
	},

	factory: {
		unbundledMiddlewareErrors: false,
		staticMime: false,
	},

	application: {
		defaultQueryParser: 'simple',
		routerGetter: true,
		listenArguments,
		deferSyncRender: true,
		// Fast-mode null-prototype tables: `settings` are read on every request (`etag fn`,
		// `x-powered-by`, the `json` settings).
		newTable: nullPrototypeObject<never>,
		extendedQueryOptions: { allowPrototypes: true },
		queryParsingOff: undefined,
	},

	request: {
		queryPerRead: true,
		fresh,
		hostWithPort: true,
		// accepts 2 and type-is 2 (development and Velox 5 dependencies `accepts-2` and `type-is-2`, aliases:
		// Velox 4 keeps the first majors under their own names); their interfaces are the first majors'.
		accepts: onFirstUse(() => require('accepts-2') as ReturnType<LinePolicy['request']['accepts']>),
		typeIs: onFirstUse(() => require('type-is-2') as TypeIs),
	},

	response: {
		status,
		// Through the response's own `res.status`, as express@5 (an app may have replaced it).
		setSendStatus(res, code) {
			res.status(code);
		},
		legacyBodyForms: false,
		isBinaryBody: ArrayBuffer.isView,
		nullBodyGetsCharset: false,
		lengthYieldsToTransferEncoding: true,
		// An array of URLs gives one entry each.
		linkEntry(rel, url) {
			if (Array.isArray(url)) return url.map((single) => '<' + single + '>; rel="' + rel + '"').join(', ');
			return '<' + url + '>; rel="' + rel + '"';
		},
		varyWithoutFieldWarns: false,
		clearCookieKeepsExpiry: false,
		cookieOptionsInherited: false,
		locationBack: false,
		redirectUrlFirst: false,
		redirectArgumentWarnings: true,
		setRedirectStatus(res, code) {
			res.status(code);
		},
		redirectHtml(message, escapedUrl) {
			return '<!DOCTYPE html><head><title>' + message + '</title></head><body><p>' + message + '. Redirecting to ' + escapedUrl + '</p></body>';
		},
		// mime-types' lookup; `res.set` then adds the charset, as express@5 ends up writing.
		typeOfExtension(extension) {
			return mimeTypes().lookup(extension) || 'application/octet-stream';
		},
		typeParameters,
		// content-type 2: lenient, so nothing throws here.
		setCharset(type, charset) {
			if (!type || !charset) return type;
			const parsed = loadContentType().parse(type);
			parsed.parameters.charset = charset;
			return loadContentType().format(parsed);
		},
		// mime-types' contentType: an extension is looked up, a type gets the charset mime-db gives it
		// unless the value names one; what it cannot type it answers false, which express@5 sets as is.
		contentTypeValue(value) {
			return mimeTypes().contentType(value);
		},
		attachmentDisposition,
	},

	router: {
		routeSyntax: 'express5',
		// As router 2 answers, whatever the app's response: text/plain, nosniff, the methods sorted
		// and joined by ', '.
		sendOptions(res, methods) {
			const body = [...methods].sort().join(', ');
			res.setHeader('Allow', body);
			res.setHeader('Content-Length', Buffer.byteLength(body));
			res.setHeader('Content-Type', 'text/plain');
			res.setHeader('X-Content-Type-Options', 'nosniff');
			res.end(body);
		},
		// router 2's words, the same for `router.use` and a route's handlers.
		useWithoutHandler() {
			throw veloxError('VELOX_ERR_HANDLER_REQUIRED');
		},
		useHandlerNotFunction() {
			throw veloxError('VELOX_ERR_HANDLER_TYPE');
		},
		routeWithoutHandler() {
			throw veloxError('VELOX_ERR_HANDLER_REQUIRED');
		},
		routeHandlerNotFunction() {
			throw veloxError('VELOX_ERR_HANDLER_TYPE');
		},
		paramShorthands: false,
		routerIsClass: true,
		// Fast mode: read on every match.
		newMethodTable: nullPrototypeObject<boolean>,
		layerEntries: router2LayerEntries,
		routeTracing: {
			init: initMatchedRoute,
			keep: keepMatchedRoute,
			active: routerTracing,
			recordError: recordRouteError,
			handler(layer, errorHandler, error, req, res, next, call) {
				traceLayerEntry(layer, errorHandler, error, req, res, next, call, handlerOutcome);
			},
			param(fn, layer, req, res, next, value, name) {
				if (!routerTracing()) return false;
				traceParam({ req, res, layer, handler: fn, route: matchedRoute(req), param: name }, fn, next, value, name, handlerOutcome);
				return true;
			},
		},
		routeLayerHandle(route) {
			return function handle(req, res, next) {
				route.dispatch(req, res, next);
			};
		},
		routerModule,
		listRoutes,
		addedSlashRewritten,
		paramLateRejection: true,
		promiseFulfilled: ignoreFulfilled,
		promiseLike,
		checkParam(name, fn) {
			if (!name) throw veloxError('VELOX_ERR_PARAM_NAME_REQUIRED');
			if (typeof name !== 'string') throw veloxError('VELOX_ERR_PARAM_NAME_TYPE');
			if (!fn) throw veloxError('VELOX_ERR_PARAM_FN_REQUIRED');
			if (typeof fn !== 'function') throw veloxError('VELOX_ERR_PARAM_FN_TYPE');
		},
	},

	files: {
		// As send 1: mime-types by the extension, application/octet-stream when it has none known.
		contentType(path) {
			return mimeTypes().contentType(extname(path)) || 'application/octet-stream';
		},
		legacyDotfiles: false,
		fileWithTrailingSlashIsNotFound: true,
		sendFileEtagFromApp: true,
	},

	body: {
		// As body-parser 2: a finished stream has nothing left to read, whoever read it.
		skipsRequest(req) {
			// What on-finished answers; over HTTP/2 without the proxy socket it would make (platform/http2-finished.ts).
			const finished = (req as { httpVersionMajor?: number }).httpVersionMajor === 2 ? loadHttp2Finished().http2RequestFinished(req) : undefined;
			if (finished ?? loadOnFinished().isFinished(req)) return true;
			if (!('body' in req)) req.body = undefined;
			return false;
		},
		// The finished stream says it (skipsRequest): no `_body` flag.
		markRead() {},
		urlencodedExtended: (extended) => Boolean(extended),
		warnUndefinedExtended: false,
		formDefaultCharset(defaultCharset) {
			const charset = defaultCharset || 'utf-8';
			if (charset !== 'utf-8' && charset !== 'iso-8859-1') throw veloxError('VELOX_ERR_OPTION_FORM_CHARSET');
			return charset;
		},
		// body-parser 2 reads `defaultCharset` for every parser; json still decodes only utf-*.
		jsonDefaultCharset: (defaultCharset) => defaultCharset || 'utf-8',
		// body-parser 2's getCharset: content-type 2, which does not throw.
		charsetParameter: (header) => loadContentType().parse(header).parameters.charset,
		// iconv-lite 0.7 (the development and Velox 5 dependency `iconv-lite-0.7`, an alias: Velox 4 keeps 0.4).
		extraInflater: (contentEncoding) => (contentEncoding === 'zstd' ? zstdDecompressor() : null),
		charsetCodec: onFirstUse(() => require('iconv-lite-0.7') as CharsetCodec),
	},
};
