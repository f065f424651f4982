/**
 * The router: Express 4's `Router` factory and prototype (`use`, `route`,
 * `param`, the method adders, `process_params`). A router is a function with
 * an ordered `stack` of layers; `handle` walks it for one request through a
 * `Dispatch` (dispatch.ts), which follows Express 4's dispatch to the letter
 * (`next('route')`, `next('router')`, error layers of arity 4, param callbacks
 * once per value, `req.url`/`req.baseUrl` stripped and restored, automatic
 * OPTIONS and HEAD) and asks a candidate cursor (candidates.ts) which layers
 * may match: a trie of the segments every match must have (segment-index.ts)
 * from 16 layers, so finding a route costs the same at 10 or 5,000 routes
 * whatever they share, still in registration order.
 *
 * Express internals that ecosystem code reads stay as Express has them:
 * `router.stack`, `process_params`, the `router` function name, layers'
 * `handle_request`/`route`/`regexp`/`keys`/`name`.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import depd from 'depd';
import type { RouterOptions } from 'express-serve-static-core';
import { splitUseArguments } from '../base/utils';
import type { IndexedRouter } from './candidates';
import { Dispatch, type FinalHandler, type ParamCalled } from './dispatch';
import { isThenable, Layer, markPathUnwritten, promiseFulfilled, promiseLike } from './layer';
import type { AnyHandler, Next, RoutedRequest } from './types';
import { listRoutes, type RouteList } from './listing';
import type { PathInput } from './matcher';
import { type MethodName, methods } from './methods';
import { Route } from './route';
import { addWsRoute } from './ws-route';
import { toError } from '../errors';
import { kFinalHandler, kQueryParser, kRouteIndex } from '../base/symbols';
import { linePolicy } from '../lines';

export { type FinalHandler, kFinalHandler };

const deprecate = depd('velox');
const {
	useWithoutHandler,
	useHandlerNotFunction,
	paramShorthands,
	checkParam,
	routerIsClass,
	routeLayerHandle,
	listRoutes: listRoutes2,
	paramLateRejection,
	routeTracing,
} = linePolicy().router;
// The migration report's recording (lines/migration.ts), on Express 4's param shorthands only.
const migration = linePolicy().migration;

/**
 * Creates on `req`, unless an outer app already did, the own properties the router sets before
 * any handler runs, and the query parser `req.query` will use; returns whether it did. Called by
 * `app.handle` (HTTP/1) and the HTTP/2 entry before they swap the request's prototype.
 * Hot path: properties first added after a prototype swap are slow (docs/design.md), so they are created before it.
 */
export function initRoutingState<Parser>(req: RoutedRequest & { [kQueryParser]?: Parser }, queryParser: Parser): boolean {
	if (req.originalUrl !== undefined) return false;
	req.next = undefined;
	req.baseUrl = undefined;
	req.originalUrl = req.url;
	req.params = undefined;
	req.route = undefined;
	if (routeTracing !== undefined) routeTracing.init(req);
	req[kQueryParser] = queryParser;
	return true;
}

export type ParamCallback = (req: IncomingMessage, res: ServerResponse, next: Next, value: unknown, name: string | number) => unknown;
type ParamFactory = (name: string, fn: unknown) => unknown;

/** `router.all(path, …)` and the per-method adders (`router.get`, …), put on the factory by name below. */
type RouterMethods = { [M in MethodName | 'all']: (path: PathInput, ...handlers: unknown[]) => Router };

export interface Router extends RouterMethods {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	params: Record<string, ParamCallback[]>;
	/** Express 4's param factories (`router.param(fn)`); Express 5's routers have none (lines/). */
	_params?: ParamFactory[];
	caseSensitive: boolean | undefined;
	mergeParams: boolean | undefined;
	strict: boolean | undefined;
	stack: Layer[];
	/** Called when the stack is done and no `next` was given: the app's, or a bare router's default (src/router/index.ts), inherited from the factory. */
	[kFinalHandler]: FinalHandler;
	[kRouteIndex]?: IndexedRouter[typeof kRouteIndex];
	handle(req: IncomingMessage, res: ServerResponse, out?: Next, from?: number): void;
	process_params(layer: Layer, called: Record<string, ParamCalled>, req: IncomingMessage, res: ServerResponse, done: Next): void;
	param(name: string | ParamFactory, fn?: unknown): Router | undefined;
	use(...args: unknown[]): Router;
	route(path: PathInput): Route;
	routes(): RouteList;
	/** Beyond Express 4: a WebSocket route (ws-route.ts). */
	ws(path: PathInput, ...args: unknown[]): Router;
}

/** The factory, which is also every router's prototype (as in Express 4): it carries the methods. */
export type RouterFactory = ((options?: RouterOptions) => Router) &
	Pick<Router, 'handle' | 'process_params' | 'param' | 'use' | 'route' | 'routes' | 'ws' | keyof RouterMethods | typeof kFinalHandler>;

/** The router factory, also the prototype of every router (as in Express 4). */
export const Router = function Router(options?: RouterOptions): Router {
	const opts = options || {};
	// Load-bearing name: `layer.name === 'router'` is how express-list-endpoints and the
	// OpenTelemetry Express instrumentation recognise a mounted router (and recurse into `handle.stack`).
	const router = function router(req: IncomingMessage, res: ServerResponse, next?: Next): void {
		(router as Router).handle(req, res, next);
	} as Router;
	Object.setPrototypeOf(router, Router);
	router.params = {};
	if (paramShorthands) router._params = [];
	router.caseSensitive = opts.caseSensitive;
	router.mergeParams = opts.mergeParams;
	router.strict = opts.strict;
	router.stack = [];
	return router;
} as RouterFactory;

Router.param = function param(this: Router, name: string | ParamFactory, fn?: unknown): Router | undefined {
	// Express 4's param factories and `:name`, deprecated; Express 5 has neither (lines/).
	if (paramShorthands) {
		if (typeof name === 'function') {
			if (migration !== undefined) migration.use('router.paramShorthands', 'app.param(fn) or router.param(fn)');
			deprecate('router.param(fn): Refactor to use path params');
			this._params!.push(name);
			return undefined;
		}
		const factories = this._params!;
		if (name[0] === ':') {
			if (migration !== undefined) migration.use('router.paramShorthands', "param(':name', fn)");
			deprecate('router.param(' + JSON.stringify(name) + ', fn): Use router.param(' + JSON.stringify(name.slice(1)) + ', fn) instead');
			name = name.slice(1);
		}
		for (const factory of factories) {
			const result = factory(name, fn);
			if (result) fn = result;
		}
	}
	checkParam(name, fn);
	const key = name as string;
	if (this.params[key] === undefined) this.params[key] = [];
	this.params[key].push(fn as ParamCallback);
	return this;
};

/** `from`: the first stack position to try (the app skips its built-in layers, builtin-layers.ts). */
Router.handle = function handle(this: Router, req: IncomingMessage, res: ServerResponse, out?: Next, from?: number): void {
	new Dispatch(this, req as RoutedRequest, res, out, from).step(undefined);
};

// Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts): dd-trace
// wraps `process_params`.
Router.process_params = function process_params(
	this: Router,
	layer: Layer,
	called: Record<string, ParamCalled>,
	req: IncomingMessage,
	res: ServerResponse,
	done: Next,
): void {
	const keys = layer.keys;
	if (!keys || keys.length === 0) {
		done();
		return;
	}
	new ParamWalk(this.params, layer, called, req as RoutedRequest, res, done).nextParam(undefined);
};

/**
 * One run of `process_params`: the layer's keys in order, each with the router's callbacks
 * for it, in order, then `done`. Its state is shared by all the keys, as Express 4's
 * closures share theirs: a callback that calls its `next` twice moves the walk on from
 * wherever it is by then, as in Express. Only requests whose layer has a key with callbacks
 * get here: one object and one closure per walk (docs/design.md, "Dispatch").
 */
class ParamWalk {
	/** The `next` every param callback gets. */
	private readonly next: Next;
	private keyIndex = 0;
	private callbackIndex = 0;
	private name: string | number = '';
	private value: unknown = undefined;
	private callbacks: ParamCallback[] | undefined = undefined;
	private current: ParamCalled | undefined = undefined;
	// Calls of `next` so far: on Express 4 a callback's rejected promise is forwarded only if it
	// has not called its `next` already (a wrapper such as express-async-errors' both calls
	// `next(err)` and returns the rejected promise: one error, not two); Express 5 forwards it
	// always, as router 2 (lines/, `paramLateRejection`).
	private calls = 0;

	private readonly keys: Layer['keys'];

	constructor(
		private readonly params: Record<string, ParamCallback[]>,
		private readonly layer: Layer,
		private readonly called: Record<string, ParamCalled>,
		private readonly req: RoutedRequest,
		private readonly res: ServerResponse,
		private readonly done: Next,
	) {
		this.keys = layer.keys;
		this.next = (err?: unknown): void => this.nextCallback(err);
	}

	/**
	 * The next key: passed over without a value or callbacks; given the outcome of an earlier
	 * layer's callbacks for the same value (or their error); else its callbacks run.
	 */
	nextParam(err: unknown): void {
		if (err) {
			this.done(err);
			return;
		}
		if (this.keyIndex >= this.keys.length) {
			this.done();
			return;
		}
		this.callbackIndex = 0;
		const name = this.keys[this.keyIndex++].name;
		const params = this.req.params!;
		const value = params[name];
		const current = this.called[name];
		this.name = name;
		this.value = value;
		this.callbacks = this.params[name];
		this.current = current;
		if (value === undefined || !this.callbacks) {
			this.nextParam(undefined);
			return;
		}
		// Param previously called with the same value, or an error occurred.
		if (current && (current.match === value || (current.error && current.error !== 'route'))) {
			params[name] = current.value as string;
			this.nextParam(current.error);
			return;
		}
		this.current = this.called[name] = { error: null, match: value, value };
		this.nextCallback(undefined);
	}

	/** The current key's next callback, or the next key after the last one or an error. */
	private nextCallback(err: unknown): void {
		this.calls++;
		const fn = this.callbacks![this.callbackIndex++];
		const current = this.current!;
		current.value = this.req.params![this.name];
		if (err) {
			current.error = err;
			this.nextParam(err);
			return;
		}
		if (!fn) {
			this.nextParam(undefined);
			return;
		}
		// Router 2.3's tracing channel, while it has a subscriber (Express 5).
		if (routeTracing !== undefined && routeTracing.param(fn, this.layer, this.req, this.res, this.next, this.value, this.name)) return;
		try {
			const before = this.calls;
			const result = fn(this.req, this.res, this.next, this.value, this.name);
			if (isThenable(result)) {
				if (promiseLike !== undefined && !(result instanceof Promise)) promiseLike('parameters');
				result.then(promiseFulfilled, (reason: unknown) => {
					if (paramLateRejection || this.calls === before) this.nextCallback(toError(reason));
				});
			}
		} catch (e) {
			this.nextCallback(e);
		}
	}
}

Router.use = function use(this: Router, ...args: unknown[]): Router {
	const { path, handlers: callbacks, written } = splitUseArguments(args);
	if (callbacks.length === 0) useWithoutHandler();
	for (const fn of callbacks) {
		if (typeof fn !== 'function') useHandlerNotFunction(fn);
		const layer = new Layer(path as PathInput, { sensitive: this.caseSensitive, strict: false, end: false }, fn as AnyHandler);
		layer.route = undefined;
		if (!written) markPathUnwritten(layer);
		this.stack.push(layer);
	}
	return this;
};

Router.routes = function routes(this: Router) {
	return listRoutes(this.stack);
};

// Express 5's `router.listRoutes()` (router 2.3), where the line has it (lines/).
if (listRoutes2 !== undefined) (Router as { listRoutes?: typeof listRoutes2 }).listRoutes = listRoutes2;

Router.route = function route(this: Router, path: PathInput): Route {
	const created = new Route(path);
	// Load-bearing name: `bound dispatch` (Express 4) or `handle` (router 2), the line's, is how the
	// OpenTelemetry Express instrumentation tells a route's layer ("request handler") from middleware.
	const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, routeLayerHandle(created));
	layer.route = created;
	this.stack.push(layer);
	return created;
};

/** Beyond Express 4: `router.ws(path, [options], ...handlers)`, a WebSocket route (ws-route.ts, src/core/ws/index.ts). */
Router.ws = function ws(this: Router, path: PathInput, ...args: unknown[]): Router {
	addWsRoute(this, path, args);
	return this;
};

for (const method of [...methods, 'all'] as const) {
	Router[method] = function addRoute(this: Router, path: PathInput, ...handlers: unknown[]): Router {
		const route = this.route(path);
		route[method].apply(route, handlers);
		return this;
	};
}

// Express 5's routers are instances of `Router`, whose prototype carries the methods (lines/).
if (routerIsClass) (Router as { prototype: unknown }).prototype = Router;

/** The line's router export (src/router/index.ts sets it): Express 4 the factory, Express 5 the `router` module's export. */
let routerExport: (options?: RouterOptions) => Router = Router;

/** Makes a router as the line's `express.Router` does: what apps make theirs with (`app.router`, `app.lazyrouter`). */
export function makeRouter(options?: RouterOptions): Router {
	return routerExport(options);
}

export function setRouterExport(exported: (options?: RouterOptions) => Router): void {
	routerExport = exported;
}
