/** Express 5's rows of the line policy (lines/policy.ts): what express@5 does, to the byte. */
import type { EventEmitter } from 'events';
import { veloxError } from '../errors';
import type { FreshResponseHeaders, LinePolicy, StatusTarget } from './policy';

/** Express 5's `res.status`: an integer from 100 to 999, or it throws. */
function status<R extends StatusTarget>(this: R, code: number): R {
	if (!Number.isInteger(code)) throw veloxError('VELOX_ERR_STATUS_NOT_INTEGER', JSON.stringify(code));
	if (code < 100 || code > 999) throw veloxError('VELOX_ERR_STATUS_RANGE', JSON.stringify(code));
	this.statusCode = code;
	return this;
}

/** `Cache-Control: no-cache` among the directives: a reload, never fresh. */
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** The entity tags of an `If-None-Match` list, each without its surrounding spaces. */
function entityTags(list: string): string[] {
	return list.split(',').map((tag) => tag.replace(/^ +| +$/g, ''));
}

/** A date header as a timestamp (NaN when unreadable, so no comparison holds). */
function timeOf(value: unknown): number {
	return value ? Date.parse(String(value)) : Number.NaN;
}

/**
 * Express 5's freshness (its fresh 2): a conditional request is fresh when `If-None-Match` is `*`
 * or names the response's entity tag, weakly compared; only without `If-None-Match`, when the
 * response's `Last-Modified` is no later than `If-Modified-Since`. Never with `Cache-Control: no-cache`.
 */
function fresh(reqHeaders: Record<string, string | string[] | undefined>, resHeaders: FreshResponseHeaders): boolean {
	const modifiedSince = reqHeaders['if-modified-since'];
	const noneMatch = reqHeaders['if-none-match'];
	if (!modifiedSince && !noneMatch) return false;
	const cacheControl = reqHeaders['cache-control'];
	if (cacheControl && NO_CACHE.test(String(cacheControl))) return false;
	if (noneMatch) {
		if (noneMatch === '*') return true;
		const etag = resHeaders.etag;
		if (!etag) return false;
		const tag = String(etag);
		return entityTags(String(noneMatch)).some((candidate) => candidate === tag || candidate === 'W/' + tag || 'W/' + candidate === tag);
	}
	const lastModified = resHeaders['last-modified'];
	return Boolean(lastModified) && timeOf(lastModified) <= timeOf(modifiedSince);
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

export const express5: LinePolicy = {
	line: 5,

	// Express 5's migration guide: removed, not deprecated.
	removed: {
		factory: ['query'],
		application: ['del', 'lazyrouter'],
		request: ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage'],
		response: ['sendfile'],
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
		newTable: () => Object.create(null),
		extendedQueryOptions: { allowPrototypes: true },
		queryParsingOff: undefined,
	},

	request: {
		queryPerRead: true,
		fresh,
		hostWithPort: true,
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
		newMethodTable: () => Object.create(null),
		checkParam(name, fn) {
			if (!name) throw veloxError('VELOX_ERR_PARAM_NAME_REQUIRED');
			if (typeof name !== 'string') throw veloxError('VELOX_ERR_PARAM_NAME_TYPE');
			if (!fn) throw veloxError('VELOX_ERR_PARAM_FN_REQUIRED');
			if (typeof fn !== 'function') throw veloxError('VELOX_ERR_PARAM_FN_TYPE');
		},
	},
};
