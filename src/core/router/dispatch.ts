/**
 * One traversal of a router's stack by one request: Express 4's
 * `router.handle` as an object. Its fields are what Express keeps in the
 * closure of `next` (the position, the prefix removed from `req.url`, the
 * synchronous-call counter, the OPTIONS methods seen); its methods are the
 * steps of `next`: find the next matching layer, enter it, trim the prefix
 * for middleware, finish. Which positions are tried is the candidate
 * cursor's business (candidates.ts); what a match means is Express's.
 *
 * Hot path — change with care: per traversal this allocates the object, its
 * cursor and the one `next` function; nothing per layer, and the param
 * callback closure only when the router has param callbacks for the layer.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { pathnameOf, protohostOf } from '../base/url';
import { type CandidateCursor, cursorFor, type IndexedRouter } from './candidates';
import { keepMatchedPattern, type Layer } from './layer';
import type { LayerRoute, Next, ParamsRecord, RoutedRequest } from './types';
import { kFinalHandler } from '../base/symbols';
import { kUpgrade } from './ws-route';
import { linePolicy } from '../lines';

/**
 * The automatic OPTIONS answer, whether a slash added under a mount path stays, and router 2.3's
 * tracing bookkeeping (Express 5), as the line gives them (lines/).
 */
const { sendOptions, addedSlashRewritten, routeTracing } = linePolicy().router;

export type FinalHandler = (req: IncomingMessage, res: ServerResponse, err: unknown) => void;

/** The outcome of a key's param callbacks for one value, kept for the rest of the traversal. */
export interface ParamCalled {
	error: unknown;
	match: unknown;
	value: unknown;
}

/** What a traversal needs of its router (router.ts's `Router` is one). */
export interface DispatchRouter extends IndexedRouter {
	readonly mergeParams: boolean | undefined;
	readonly params: Readonly<Record<string, unknown>>;
	readonly [kFinalHandler]: FinalHandler;
	process_params(layer: Layer, called: Record<string, ParamCalled>, req: IncomingMessage, res: ServerResponse, done: Next): void;
}

/**
 * The traversal's `next`: a plain function rather than `step.bind(dispatch)`, since Express's
 * `req.next` is named `next` (stack traces, and code that checks it) and V8 creates a closure
 * faster. Made here, not in the constructor: made in the constructor, it kept every HTTP/2
 * request's objects alive from one scavenge to the next on node 20 and 22 (docs/design.md,
 * "HTTP/2's GC regimes").
 */
function nextOf(dispatch: Dispatch): Next {
	return function next(err?: unknown): void {
		dispatch.step(err);
	};
}

export class Dispatch {
	/** `req.next` and every handler's `next`. */
	readonly next: Next;
	private readonly stack: Layer[];
	private readonly cursor: CandidateCursor;
	private readonly protohost: string;
	private readonly parentParams: ParamsRecord | undefined;
	private readonly parentUrl: string;
	private readonly savedBaseUrl: string | undefined;
	private readonly savedNext: Next | undefined;
	/** The next stack position to consider. */
	private idx = 0;
	/** The path the cursor was positioned for. */
	private cursorPath: string | undefined = undefined;
	/** The `req.url` whose pathname `path` is (see `step`). */
	private url: string | undefined = undefined;
	private path: string | undefined = undefined;
	/** The mount path stripped from `req.url` for the current middleware. */
	private removed = '';
	private slashAdded = false;
	/** Synchronous `next` calls in a row (deep chains yield to the event loop). */
	private sync = 0;
	private paramCalled: Record<string, ParamCalled> | undefined = undefined;
	/** Methods of the routes an OPTIONS request matched by path. */
	private options: string[] | undefined = undefined;
	/** The error pending after `findMatch` (a layer's match may throw one). */
	private pendingError: unknown = undefined;
	/** The route of the layer `findMatch` returned, if any. */
	private matchedRoute: LayerRoute | undefined = undefined;
	/** A WebSocket upgrade (ws-route.ts): of the routes, only `ws` routes take it. */
	private readonly upgrade: boolean;

	constructor(
		private readonly router: DispatchRouter,
		private readonly req: RoutedRequest,
		private readonly res: ServerResponse,
		private readonly out: Next | undefined,
		from: number | undefined,
	) {
		if (from !== undefined) this.idx = from;
		this.stack = router.stack;
		this.cursor = cursorFor(router);
		this.protohost = protohostOf(req.url) || '';
		this.parentParams = req.params;
		this.parentUrl = req.baseUrl || '';
		this.savedBaseUrl = req.baseUrl;
		this.savedNext = req.next;
		this.upgrade = (req as { [kUpgrade]?: unknown })[kUpgrade] !== undefined;
		this.next = nextOf(this);
		req.next = this.next;
		req.baseUrl = this.parentUrl;
		req.originalUrl = req.originalUrl || req.url;
	}

	/**
	 * Express's `next(err)`; `router.handle` makes the first call. Stack depth
	 * matters here (nested routers recurse through it, Express 4 goes 1,000
	 * deep): `step` calls the layer's handler directly, no frame between.
	 */
	step(err: unknown): void {
		// Router 2.3 remembers every error passed on, traced or not (lines/router-tracing.ts).
		if (routeTracing !== undefined && err) routeTracing.recordError(this.req, err);
		// Hot path: behind `typeof`, an inlined string compare instead of V8's generic StrictEqual
		// builtin for a value of any type (docs/design.md, "Dispatch").
		let layerError = typeof err === 'string' && err === 'route' ? null : err;
		this.restoreUrl();
		if (typeof layerError === 'string' && layerError === 'router') {
			setImmediate(finishLater, this, null);
			return;
		}
		if (this.idx >= this.stack.length) {
			setImmediate(finishLater, this, layerError);
			return;
		}
		// Deep synchronous chains yield to the event loop instead of overflowing the stack.
		if (++this.sync > 100) {
			setImmediate(this.next, err);
			return;
		}
		// Hot path: the pathname is scanned once per traversal, not per layer: `req.url` stays the
		// same string unless rewritten, and an equal string has the same pathname (docs/design.md, "Dispatch").
		const url = this.req.url;
		let path = this.path;
		if (this.url === undefined || url !== this.url) {
			path = pathnameOf(url);
			this.url = url;
			this.path = path;
		}
		if (path == null) {
			this.done(layerError);
			return;
		}
		const layer = this.findMatch(path, layerError);
		layerError = this.pendingError;
		this.pendingError = undefined;
		if (layer === undefined) {
			this.done(layerError);
			return;
		}
		const route = this.matchedRoute;
		if (this.enter(layer, route, layerError, path)) {
			// `proceed`, written out: one frame less per nested router.
			const req = this.req;
			if (route) layer.handle_request(req, this.res, this.next);
			else if (!this.trimPrefix(layer.path!, path)) this.next(layerError);
			else if (layerError) layer.handle_error(layerError, req, this.res, this.next);
			else layer.handle_request(req, this.res, this.next);
		}
		this.sync = 0;
	}

	/**
	 * The next layer that matches `path` and takes the request (a route must
	 * handle the method, and no route takes a pending error), as Express's
	 * loop finds it; undefined when there is none. Leaves the pending error
	 * (`layerError`, or one a matcher threw) in `pendingError`.
	 */
	private findMatch(path: string, layerError: unknown): Layer | undefined {
		const stack = this.stack;
		const cursor = this.cursor;
		if (this.cursorPath === undefined || path !== this.cursorPath) {
			// First call, or a middleware rewrote `req.url`: candidates for the new path, from here.
			cursor.seek(path, this.idx);
			this.cursorPath = path;
		}
		for (;;) {
			const position = cursor.next();
			if (position === -1) {
				this.idx = stack.length;
				this.pendingError = layerError;
				return undefined;
			}
			this.idx = position + 1;
			const layer = stack[position];
			let match: unknown;
			try {
				match = layer.match(path);
			} catch (e) {
				match = e;
				if (routeTracing !== undefined) routeTracing.recordError(this.req, e);
			}
			if (match !== true) {
				if (typeof match !== 'boolean') layerError = layerError || match;
				continue;
			}
			const route = layer.route;
			if (route) {
				// Routes do not match with a pending error.
				if (layerError) continue;
				const method = this.req.method;
				if (this.upgrade ? route.methods.ws !== true : !route._handles_method(method)) {
					if (method === 'OPTIONS') appendMethods((this.options ??= []), route._options());
					// Express lets HEAD into a route with neither GET nor HEAD (which then passes it on).
					if (method !== 'HEAD') continue;
				}
			}
			this.matchedRoute = route;
			this.pendingError = layerError;
			return layer;
		}
	}

	/**
	 * Sets `req.route` and `req.params`; true to go on to the layer at once,
	 * false when param callbacks run first (they call `proceed`).
	 */
	private enter(layer: Layer, route: LayerRoute | undefined, layerError: unknown, path: string): boolean {
		const req = this.req;
		const router = this.router;
		if (route) req.route = route;
		if (keepMatchedPattern !== undefined) keepMatchedPattern(req, layer, path);
		req.params = router.mergeParams ? mergeParams(layer.params!, this.parentParams) : layer.params;
		if (!hasParamCallbacks(router, layer)) return true;
		const layerPath = layer.path!;
		if (this.paramCalled === undefined) this.paramCalled = {};
		router.process_params(layer, this.paramCalled, req, this.res, (paramError?: unknown) => {
			if (paramError) this.next(layerError || paramError);
			else this.proceed(layer, route, layerError, layerPath, path);
			this.sync = 0;
		});
		return false;
	}

	/** Runs the layer: a route, or middleware with its mount path trimmed (error handlers for an error). */
	private proceed(layer: Layer, route: LayerRoute | undefined, layerError: unknown, layerPath: string, path: string): void {
		if (route) layer.handle_request(this.req, this.res, this.next);
		else if (!this.trimPrefix(layerPath, path)) this.next(layerError);
		else if (layerError) layer.handle_error(layerError, this.req, this.res, this.next);
		else layer.handle_request(this.req, this.res, this.next);
	}

	/** Middleware sees `req.url` without its mount path; false if the path does not break there. */
	private trimPrefix(layerPath: string, path: string): boolean {
		if (layerPath.length === 0) return true;
		// Validate path is a prefix match, breaking on a path separator.
		if (layerPath !== path.slice(0, layerPath.length)) return false;
		const c = path[layerPath.length];
		if (c && c !== '/' && c !== '.') return false;
		const req = this.req;
		const protohost = this.protohost;
		this.removed = layerPath;
		req.url = protohost + req.url.slice(protohost.length + layerPath.length);
		if (!protohost && req.url[0] !== '/') {
			req.url = '/' + req.url;
			this.slashAdded = true;
		}
		req.baseUrl = this.parentUrl + (layerPath[layerPath.length - 1] === '/' ? layerPath.substring(0, layerPath.length - 1) : layerPath);
		return true;
	}

	/** Undoes `trimPrefix` when control comes back from the middleware. */
	private restoreUrl(): void {
		const req = this.req;
		if (this.slashAdded) this.removeAddedSlash();
		if (this.removed.length !== 0) {
			req.baseUrl = this.parentUrl;
			req.url = this.protohost + this.removed + req.url.slice(this.protohost.length);
			this.removed = '';
		}
	}

	/**
	 * Takes off the slash `trimPrefix` added: always on Express 4; on Express 5 (router 2.3) not
	 * when the middleware rewrote `req.url` (lines/, `addedSlashRewritten`).
	 */
	private removeAddedSlash(): void {
		const req = this.req;
		if (addedSlashRewritten === undefined || !addedSlashRewritten(req.url, this.removed)) req.url = req.url.slice(1);
		this.slashAdded = false;
	}

	/** The stack is done: the automatic OPTIONS answer if it applies, else `finish`. */
	done(err: unknown): void {
		const options = this.options;
		if (options !== undefined && !err && options.length !== 0) {
			sendOptionsResponse(this.res, options, (error) => this.finish(error));
			return;
		}
		this.finish(err);
	}

	/** Restores what the traversal changed on `req` and leaves the router. */
	private finish(err: unknown): void {
		const req = this.req;
		req.baseUrl = this.savedBaseUrl;
		req.next = this.savedNext;
		req.params = this.parentParams;
		if (this.out !== undefined) this.out(err);
		else this.router[kFinalHandler](req, this.res, err);
	}
}

function finishLater(dispatch: Dispatch, err: unknown): void {
	dispatch.done(err);
}

function hasParamCallbacks(router: DispatchRouter, layer: Layer): boolean {
	const keys = layer.keys;
	if (keys.length === 0) return false;
	const params = router.params;
	for (let i = 0; i < keys.length; i++) {
		if (params[keys[i].name] !== undefined) return true;
	}
	return false;
}

function appendMethods(list: string[], addition: string[]): void {
	for (const method of addition) {
		if (list.indexOf(method) === -1) list.push(method);
	}
}

/** `mergeParams`: the parent's params under the layer's, numeric captures shifted past the parent's. */
function mergeParams(params: ParamsRecord, parent: ParamsRecord | undefined): ParamsRecord {
	if (typeof parent !== 'object' || !parent) return params;
	const obj: ParamsRecord = Object.assign({}, parent);
	if (!(0 in params) || !(0 in parent)) return Object.assign(obj, params);
	let i = 0;
	let o = 0;
	while (i in params) i++;
	while (o in parent) o++;
	for (i--; i >= 0; i--) {
		params[i + o] = params[i];
		if (i < o) delete params[i];
	}
	return Object.assign(obj, params);
}

function sendOptionsResponse(res: ServerResponse, options: string[], next: (err: unknown) => void): void {
	try {
		sendOptions(res, options);
	} catch (err) {
		next(err);
	}
}
