/** Express 4's rows of the line policy (lines/policy.ts): what express@4 does, to the byte. */
import type { ServerResponse } from 'http';
import depd from 'depd';
import type { LinePolicy } from './policy';

const deprecate = depd('velox');

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
		extraDecoder: null,
	},
};
