/** Express 4's rows of the line policy (lines/policy.ts): what express@4 does, to the byte. */
import type { ServerResponse } from 'http';
import depd from 'depd';
import fresh from 'fresh';
import { veloxError } from '../errors';
import type { LinePolicy } from './policy';

const deprecate = depd('velox');

const objectToString = Object.prototype.toString;
const objectRegExp = /^\[object (\S+)\]$/;

/** Express 4's name of a value's type in `router.use`'s error: `typeof`, or the object's class tag. */
function gettype(obj: unknown): string {
	const type = typeof obj;
	if (type !== 'object') return type;
	return objectToString.call(obj).replace(objectRegExp, '$1');
}

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
		checkParam(name, fn) {
			if (typeof fn !== 'function') throw veloxError('VELOX_ERR_PARAM_CALLBACK', name, fn);
		},
	},
};
