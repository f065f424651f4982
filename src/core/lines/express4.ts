/** Express 4's rows of the line policy (lines/policy.ts): what express@4 does, to the byte. */
import type { ServerResponse } from 'http';
import depd from 'depd';
import type ContentDispositionModule from 'content-disposition';
import type MimeModule from 'mime';
import type { LinePolicy } from './policy';

const deprecate = depd('velox');

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

	removed: { factory: [], application: [], request: [], response: [] },

	factory: {
		unbundledMiddlewareErrors: true,
		staticMime: true,
	},

	application: {
		defaultQueryParser: 'extended',
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
};
