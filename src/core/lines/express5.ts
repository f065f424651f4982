/** Express 5's rows of the line policy (lines/policy.ts): what express@5 does, to the byte. */
import type OnFinished from 'on-finished';
import { onFirstUse } from '../base/utils';
import { utf32Decoder } from '../body/utf32';
import { veloxError } from '../errors';
import type { LinePolicy, StatusTarget } from './policy';

// Loaded by the first body parser that asks (docs/design.md, "Startup: deferred modules").
const loadOnFinished = onFirstUse(() => require('on-finished') as typeof OnFinished);

/** Express 5's `res.status`: an integer from 100 to 999, or it throws. */
function status<R extends StatusTarget>(this: R, code: number): R {
	if (!Number.isInteger(code)) throw veloxError('VELOX_ERR_STATUS_NOT_INTEGER', JSON.stringify(code));
	if (code < 100 || code > 999) throw veloxError('VELOX_ERR_STATUS_RANGE', JSON.stringify(code));
	this.statusCode = code;
	return this;
}

export const express5: LinePolicy = {
	line: 5,

	// Express 5's migration guide: removed, not deprecated.
	removed: {
		factory: ['query'],
		application: ['del'],
		request: ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage'],
		response: ['sendfile'],
	},

	factory: {
		unbundledMiddlewareErrors: false,
		staticMime: false,
	},

	application: {
		defaultQueryParser: 'simple',
	},

	response: {
		status,
		// Through the response's own `res.status`, as express@5 (an app may have replaced it).
		setSendStatus(res, code) {
			res.status(code);
		},
	},

	router: {
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
	},

	body: {
		// As body-parser 2: a finished stream has nothing left to read, whoever read it.
		skipsRequest(req) {
			if (loadOnFinished().isFinished(req)) return true;
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
		extraDecoder: utf32Decoder,
	},
};
