/** Express 4's rows of the line policy (lines/policy.ts): what express@4 does, to the byte. */
import type { ServerResponse } from 'http';
import contentType from 'content-type';
import depd from 'depd';
import fresh from 'fresh';
import { veloxError } from '../errors';
import { onFirstUse } from '../base/utils';
import type ContentDispositionModule from 'content-disposition';
import type MimeModule from 'mime';
import type { CharsetCodec, LinePolicy, MediaTypeParameters, TypeIs } from './policy';

const deprecate = depd('velox');

const objectToString = Object.prototype.toString;
const objectRegExp = /^\[object (\S+)\]$/;

/** Express 4's name of a value's type in `router.use`'s error: `typeof`, or the object's class tag. */
function gettype(obj: unknown): string {
	const type = typeof obj;
	if (type !== 'object') return type;
	return objectToString.call(obj).replace(objectRegExp, '$1');
}

// mime 1, loaded with its first use (the response and the file engine load it the same way).
let mimeModule: typeof MimeModule | undefined;
function mime(): typeof MimeModule {
	if (mimeModule === undefined) mimeModule = require('mime') as typeof MimeModule;
	return mimeModule;
}

let contentDispositionModule: typeof ContentDispositionModule | undefined;

const charsetRegExp = /;\s*charset\s*=/;

/** A response with, when an app's prototype gave it them, `res.set` and `res.send` (a bare router's has neither). */
type OptionsResponse = ServerResponse & { set?(field: string, value: string): unknown; send?(body: string): unknown };

export const express4: LinePolicy = {
	line: 4,

	removed: { factory: [], application: [], request: [], response: [], utils: ['methods'] },

	factory: {
		unbundledMiddlewareErrors: true,
		staticMime: true,
	},

	application: {
		defaultQueryParser: 'extended',
		routerGetter: false,
		listenArguments: (_server, args) => args,
		deferSyncRender: false,
		newTable: () => ({}),
		extendedQueryOptions: { allowPrototypes: true, arrayLimit: 1000 },
		queryParsingOff: function newObject() {
			return {};
		},
	},

	request: {
		queryPerRead: false,
		fresh: fresh as LinePolicy['request']['fresh'],
		hostWithPort: false,
		accepts: onFirstUse(() => require('accepts') as ReturnType<LinePolicy['request']['accepts']>),
		typeIs: onFirstUse(() => require('type-is') as TypeIs),
	},

	response: {
		/**
		 * Sets the status code. Chainable. As in express@4.22 a string or fractional code between 100
		 * and 999 warns; any value is assigned, and node rejects an invalid one when the head is
		 * written. It calls depd itself: depd warns once per call site, the caller of this.
		 *
		 * @example
		 * res.status(404).send('Not here');
		 */
		status: function status(code) {
			const value: unknown = code;
			if ((typeof value === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
				deprecate('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
			}
			this.statusCode = code;
			return this;
		},
		setSendStatus(res, code) {
			res.statusCode = code;
		},
		legacyBodyForms: true,
		isBinaryBody: Buffer.isBuffer,
		nullBodyGetsCharset: true,
		lengthYieldsToTransferEncoding: false,
		// An array is written as its string, as express@4 does.
		linkEntry(rel, url) {
			return '<' + url + '>; rel="' + rel + '"';
		},
		varyWithoutFieldWarns: true,
		clearCookieKeepsExpiry: true,
		cookieOptionsInherited: true,
		locationBack: true,
		redirectUrlFirst: true,
		redirectArgumentWarnings: false,
		setRedirectStatus(res, code) {
			res.statusCode = code;
		},
		redirectHtml(message, escapedUrl) {
			return '<p>' + message + '. Redirecting to ' + escapedUrl + '</p>';
		},
		// mime 1's lookup answers application/octet-stream for an unknown extension.
		typeOfExtension(extension) {
			return mime().lookup(extension);
		},
		// express@4's acceptParams: spaces around `;` and `=` are separators.
		typeParameters(type) {
			const parts = type.split(/ *; */);
			const result: MediaTypeParameters = { value: parts[0], quality: 1, params: {} };
			for (let i = 1; i < parts.length; ++i) {
				const pair = parts[i].split(/ *= */);
				if (pair[0] === 'q') result.quality = Number.parseFloat(pair[1]);
				else result.params[pair[0]] = pair[1];
			}
			return result;
		},
		// content-type 1: a type it cannot parse throws, to the error handlers.
		setCharset(type, charset) {
			if (!type || !charset) return type;
			const parsed = contentType.parse(type);
			parsed.parameters.charset = charset;
			return contentType.format(parsed);
		},
		// mime 1's charsets: UTF-8 for text/* only, written in lower case.
		contentTypeValue(value) {
			if (charsetRegExp.test(value)) return value;
			const charset = (mime().charsets as { lookup(type: string): string | undefined }).lookup(value.split(';')[0]);
			return charset ? value + '; charset=' + charset.toLowerCase() : value;
		},
		// content-disposition 0.5, loaded with the first attachment.
		attachmentDisposition(filename) {
			if (contentDispositionModule === undefined) contentDispositionModule = require('content-disposition') as typeof ContentDispositionModule;
			return contentDispositionModule(filename);
		},
	},

	router: {
		routeSyntax: 'express4',
		// As Express 4 answers: through the app's `res.set` and `res.send` when the response has them
		// (text/html), the methods in registration order joined by ','.
		sendOptions(res, methods) {
			const body = methods.join(',');
			const response = res as OptionsResponse;
			if (typeof response.set === 'function' && typeof response.send === 'function') {
				response.set('Allow', body);
				response.send(body);
			} else {
				res.setHeader('Allow', body);
				res.setHeader('Content-Type', 'text/html; charset=utf-8');
				res.setHeader('Content-Length', Buffer.byteLength(body));
				res.end(body);
			}
		},
		useWithoutHandler() {
			throw veloxError('VELOX_ERR_ROUTER_USE_MIDDLEWARE');
		},
		useHandlerNotFunction(handler) {
			throw veloxError('VELOX_ERR_ROUTER_USE_TYPE', gettype(handler));
		},
		// `route.get()` with no handler adds nothing.
		routeWithoutHandler() {},
		// A TypeError naming `Route.all()`, an Error naming the method.
		routeHandlerNotFunction(method, handler) {
			if (method === undefined) throw veloxError('VELOX_ERR_ROUTE_ALL_CALLBACK', objectToString.call(handler));
			throw veloxError('VELOX_ERR_ROUTE_METHOD_CALLBACK', method, objectToString.call(handler));
		},
		paramShorthands: true,
		routerIsClass: false,
		newMethodTable: () => ({}),
		// Velox's `handle_request`/`handle_error` are Express 4's names: nothing to move.
		layerEntries() {},
		routeTracing: undefined,
		routeLayerHandle: (route) => route.dispatch.bind(route),
		routerModule: (classes) => classes.Router,
		listRoutes: undefined,
		addedSlashRewritten: undefined,
		paramLateRejection: false,
		promiseFulfilled: undefined,
		promiseLike: undefined,
		checkParam(name, fn) {
			if (typeof fn !== 'function') throw veloxError('VELOX_ERR_PARAM_CALLBACK', name, fn);
		},
	},

	files: {
		// As send 0.19: mime 1 by the path's extension, its charset as mime 1 writes it (UTF-8).
		contentType(path) {
			const table = mime();
			const type = table.lookup(path);
			if (!type) return undefined;
			const charset = table.charsets.lookup(type, '');
			return charset ? type + '; charset=' + charset : type;
		},
		legacyDotfiles: true,
		fileWithTrailingSlashIsNotFound: false,
		sendFileEtagFromApp: false,
	},

	body: {
		skipsRequest(req) {
			if (req._body) return true;
			req.body = req.body || {};
			return false;
		},
		markRead(req) {
			req._body = true;
		},
		urlencodedExtended: (extended) => extended !== false,
		warnUndefinedExtended: true,
		formDefaultCharset: () => null,
		jsonDefaultCharset: () => 'utf-8',
		// body-parser 1's getCharset: content-type 1, and undefined when it throws.
		charsetParameter(header) {
			try {
				return contentType.parse(header).parameters.charset;
			} catch {
				return undefined;
			}
		},
		// iconv-lite 0.4, loaded with the first body in a charset other than UTF-8.
		charsetCodec: onFirstUse(() => require('iconv-lite') as CharsetCodec),
		extraInflater: () => null,
	},
};
