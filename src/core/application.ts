/**
 * The application prototype (`velox.application`): settings, routing
 * registration, mounting, rendering and `listen`. Every app is a function
 * (a request listener) that gets these members mixed in, as in Express 4.
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'http';
import { resolve } from 'path';
import depd from 'depd';
import { linePolicy } from './lines';
import { finalHandle } from './final-handler';
import type { Next, RoutedRequest } from './router/types';
import { type MethodName, methods } from './router/methods';
import type { App, ApplicationPrototype, RenderCallback, RequestView, ViewLike } from './types/model';
import type { Route } from './router/route';
import { initRoutingState, makeRouter, type Router } from './router/router';
import {
	compileETag,
	compileQueryParser,
	compileTrust,
	parseQueryStringWithoutSetting,
	preloadETag,
	preloadQueryParser,
	type QueryParserFunction,
} from './settings';
import { preloadNegotiation } from './request';
import { preloadMime } from './response';
import type * as Http2Module from './http2';
import type * as InjectModule from './inject';
import { listRoutes, markBuiltIn, type RouteList } from './router/listing';
import { isTracing, traceRequest, traceUnhandled, tracing } from './tracing';
import { kAppRouter, kBuiltInLayers, kFinalHandler, kMountedApp, kQueryParser, kRequestClass, kResponseClass } from './base/symbols';
import { adoptServer, hasAppPrototype, markServed, serverOptionsFor, setPoweredBy } from './platform';
import { defineOwn, hasOwn, onFirstUse, splitUseArguments } from './base/utils';
import { veloxError, veloxErrorWith } from './errors';
import { builtInLayers, firstLayer } from './builtin-layers';
import { errorLogText } from './base/log-text';
import { deferContinue } from './lifecycle/expect-continue';
import { whenWsRouteAdded } from './router/ws-route';
import type * as WsModule from './ws';
// Express 4's modules, through their paths (an agent's wrapper on what they export applies).
import init = require('../middleware/init');
import query = require('../middleware/query');
import View = require('../view');

const deprecate = depd('velox');
const { defaultQueryParser, routerGetter, listenArguments, newTable } = linePolicy().application;
// HTTP/2 handling and `app.inject` load with the first HTTP/2 request / `app.inject` (docs/design.md, "Startup: deferred modules").
const loadHttp2 = onFirstUse(() => require('./http2') as typeof Http2Module);
const loadInject = onFirstUse(() => require('./inject') as typeof InjectModule);
// Fixed arity: a spread call costs each HTTP/2 request a varargs call.
const handleHttp2: typeof Http2Module.handleHttp2 = (app, req, res, callback) => loadHttp2().handleHttp2(app, req, res, callback);
const restoreHttp2Prototypes: typeof Http2Module.restoreHttp2Prototypes = (app, req, res) => loadHttp2().restoreHttp2Prototypes(app, req, res);
const injectRequest: typeof InjectModule.injectRequest = (app, options) => loadInject().injectRequest(app, options);
const trustProxyDefaultSymbol = '@@symbol:trust_proxy_default';

/** The `view` setting as `app.render` calls it: Velox's View (src/core/view.ts) or an app's own class. */
type ViewSetting = new (name: string, options: { defaultEngine: unknown; root: unknown; engines: Record<string, unknown> }) => ViewLike;

/** What `handle` and mounting read and set on a request: the router's members, and `app`, `res`, the query parser (model.ts). */
type VeloxRequestLike = RoutedRequest & RequestView<'app' | 'res' | typeof kQueryParser>;

function logError(this: App, err: unknown): void {
	// Express 4's logerror (`err.stack || err.toString()`), with control characters escaped (log-text.ts).
	if (this.get('env') !== 'test') console.error(errorLogText(err));
}

const migration = linePolicy().migration;

// Filled member by member below.
export const application = {} as ApplicationPrototype;
const app = application;

app.init = function init(this: App): void {
	// Bound: one View per distinct name rendered with `view cache` on, found on disk; names come from
	// the app's code (an app rendering request-chosen names grows it, as Express's does).
	this.cache = newTable();
	this.engines = newTable();
	this.settings = newTable();
	this.defaultConfiguration();
};

app.defaultConfiguration = function defaultConfiguration(this: App): void {
	const env = process.env.NODE_ENV || 'development';
	this.enable('x-powered-by');
	this.set('etag', 'weak');
	this.set('env', env);
	this.set('query parser', defaultQueryParser);
	// The migration report's (lines/migration.ts) watch on the default; `app.set('query parser', …)` replaces it.
	if (migration !== undefined) this.settings['query parser fn'] = migration.watchDefaultQueryParser(this.settings['query parser fn'] as QueryParserFunction);
	this.set('subdomain offset', 2);
	this.set('trust proxy', false);
	// trust proxy is inherited by a sub-app that did not set it (Express 4 back-compat)
	Object.defineProperty(this.settings, trustProxyDefaultSymbol, { configurable: true, value: true });

	this.on('mount', function onmount(this: App, parent: App) {
		if (this.settings[trustProxyDefaultSymbol] === true && typeof parent.settings['trust proxy fn'] === 'function') {
			delete this.settings['trust proxy'];
			delete this.settings['trust proxy fn'];
		}
		Object.setPrototypeOf(this.request, parent.request);
		Object.setPrototypeOf(this.response, parent.response);
		Object.setPrototypeOf(this.engines, parent.engines);
		Object.setPrototypeOf(this.settings, parent.settings);
	});

	this.locals = Object.create(null);
	this.mountpath = '/';
	this.locals.settings = this.settings;
	this.set('view', View);
	this.set('views', resolve('views'));
	this.set('jsonp callback name', 'callback');
	if (env === 'production') this.enable('view cache');

	// One getter for every app: V8 keeps an app's properties in fast mode only while each app
	// defines the same accessor (a new closure per app made the second app's map a dictionary).
	// Express 5's is public and enumerable, Express 4's throws (lines/).
	Object.defineProperty(
		this,
		'router',
		routerGetter ? { configurable: true, enumerable: true, get: publicRouter } : { configurable: true, get: removedRouter },
	);
};

function removedRouter(): never {
	throw veloxError('VELOX_ERR_APP_ROUTER_REMOVED');
}

/** Express 5's `app.router`: the app's router, made on first read (it has no built-in layers). */
function publicRouter(this: App): Router {
	return this[kAppRouter] ?? createRouter(this);
}

/** A router for `app` with its settings and the app's final handler (as `finalhandler` would answer). */
function createRouter(app: App): Router {
	const router = makeRouter({ caseSensitive: app.enabled('case sensitive routing'), strict: app.enabled('strict routing') });
	const onerror = (err: unknown): void => logError.call(app, err);
	router[kFinalHandler] = (req: IncomingMessage, res: ServerResponse, err: unknown): void => {
		if (err && tracing.active !== 0) traceUnhandled(req, err);
		finalHandle(req, res, err, app.get('env'), onerror);
	};
	if (routerGetter) defineOwn(app, kAppRouter, router);
	return router;
}

/** The app's router for a registration: Express 4's through `app.lazyrouter()`, Express 5's through `app.router`. */
const routerFor: (app: App) => Router = routerGetter
	? (app) => app.router as Router
	: (app) => {
			app.lazyrouter();
			return app._router!;
		};

/** The app's router if it has one yet (route listing, `listen`). */
const existingRouter: (app: App) => Router | undefined = routerGetter ? (app) => app[kAppRouter] : (app) => app._router;

app.lazyrouter = function lazyrouter(this: App): void {
	if (this._router) return;
	const router = createRouter(this);
	// Express reads the query parser when the router is created; so do we.
	const parser = (this.get('query parser fn') as QueryParserFunction | undefined) ?? parseQueryStringWithoutSetting;
	defineOwn(this, kQueryParser, parser);
	// Express 4's first two layers, `query` and `expressInit`: tracing tools show them and code
	// that walks the stack expects them. `app.handle` has done their work before the router runs.
	router.use(query(parser));
	router.use(init.init(this));
	markBuiltIn(router.stack[0]!, router.stack[1]!);
	defineOwn(this, kBuiltInLayers, builtInLayers(router.stack));
	this._router = router;
};

/**
 * Handles one request: Express's `expressInit` and `query` steps, then the router.
 * Hot path — change with care: no closure is created here; the prototype swap
 * is skipped when node already built the request with this app's classes
 * (`app.listen`, an adopted server: platform.ts), and `req.query` is parsed lazily (see request.ts).
 */
app.handle = function handle(this: App, req: IncomingMessage, res: ServerResponse, callback?: Next): void {
	const router = this._router;
	if (router === undefined) {
		if (callback !== undefined) callback();
		else finalHandle(req, res, undefined, this.get('env'), undefined);
		return;
	}
	const request = req as VeloxRequestLike;
	if (isTracing()) traceRequest(this, req, res);
	// Stored as setHeader would, without its name and value checks (platform.ts).
	if (this.settings['x-powered-by']) setPoweredBy(res, 'Velox');
	request.res = res;
	(res as { req: IncomingMessage }).req = req;
	if (!hasAppPrototype(req, this.request, this[kRequestClass])) {
		// HTTP/2 (node's compatibility API) gets its own prototypes: see http2.ts.
		if (request.httpVersionMajor === 2) {
			handleHttp2(this, req, res, callback);
			return;
		}
		initRoutingState(request, this[kQueryParser]);
		Object.setPrototypeOf(req, this.request);
		if (callback === undefined) adopt(this, req);
	}
	if (!hasAppPrototype(res, this.response, this[kResponseClass])) Object.setPrototypeOf(res, this.response);
	if (request[kQueryParser] === undefined) request[kQueryParser] = this[kQueryParser];
	router.handle(req, res, callback, firstLayer(router.stack, this[kBuiltInLayers], tracing.active !== 0 || request[kQueryParser] !== this[kQueryParser]));
};

/**
 * Express 5's `app.handle` (lines/: `routerGetter`): as Express 4's above, but the router is
 * `app.router`'s, made by the first request if nothing made it before, and it has no built-in
 * layers to skip; `req.query` is request.ts's getter, which reads the app's setting itself.
 */
function handleWithRouterGetter(this: App, req: IncomingMessage, res: ServerResponse, callback?: Next): void {
	const router = this[kAppRouter] ?? createRouter(this);
	const request = req as VeloxRequestLike;
	if (isTracing()) traceRequest(this, req, res);
	if (this.settings['x-powered-by']) setPoweredBy(res, 'Velox');
	request.res = res;
	(res as { req: IncomingMessage }).req = req;
	if (!hasAppPrototype(req, this.request, this[kRequestClass])) {
		if (request.httpVersionMajor === 2) {
			handleHttp2(this, req, res, callback);
			return;
		}
		initRoutingState(request, undefined);
		Object.setPrototypeOf(req, this.request);
		if (callback === undefined) adopt(this, req);
	}
	if (!hasAppPrototype(res, this.response, this[kResponseClass])) Object.setPrototypeOf(res, this.response);
	router.handle(req, res, callback, 0);
}
if (routerGetter) app.handle = handleWithRouterGetter;

app.use = function use(this: App, ...args: unknown[]): App {
	const { path, handlers: fns } = splitUseArguments(args);
	if (fns.length === 0) throw veloxError('VELOX_ERR_APP_USE_MIDDLEWARE');
	const router = routerFor(this);
	for (const fn of fns) {
		const sub = fn as App | undefined;
		if (!sub || !sub.handle || !sub.set) {
			router.use(path, fn);
			continue;
		}
		sub.mountpath = path;
		sub.parent = this;
		// Load-bearing name: Express 4 names a mounted sub-app's layer `mounted_app`; tracing
		// dashboards built on the Express instrumentation show it as `middleware - mounted_app`.
		const mounted = function mounted_app(req: IncomingMessage, res: ServerResponse, next: Next) {
			const orig = (req as VeloxRequestLike).app!;
			sub.handle(req, res, (err?: unknown) => {
				if (req.httpVersionMajor === 2) {
					restoreHttp2Prototypes(orig, req, res);
				} else {
					Object.setPrototypeOf(req, orig.request);
					Object.setPrototypeOf(res, orig.response);
				}
				next(err);
			});
		};
		(mounted as { [kMountedApp]?: App })[kMountedApp] = sub;
		router.use(path, mounted);
		sub.emit('mount', this);
	}
	return this;
};

/** Beyond Express 4: every middleware, route and mount, in registration order (router/listing.ts). */
app.routes = function routes(this: App): RouteList {
	return listRoutes(existingRouter(this)?.stack);
};

/** Beyond Express 4: dispatches a request in process, without a socket (inject.ts). */
app.inject = function inject(this: App, options: unknown): unknown {
	return injectRequest(this, options as Parameters<typeof injectRequest>[1]);
};

/** Beyond Express 4: a WebSocket route, `app.ws(path, [options], ...handlers)` (router/ws-route.ts, ws.ts). */
app.ws = function ws(this: App, path: unknown, ...args: unknown[]): App {
	routerFor(this).ws(path as string, ...args);
	return this;
};

// src/core/ws/index.ts and the ws package load with the first `ws` route, never before.
whenWsRouteAdded((options) => (require('./ws') as typeof WsModule).enableWebSockets(options));

app.route = function route(this: App, path: unknown): Route {
	return routerFor(this).route(path as string);
};

app.engine = function engine(this: App, ext: string, fn: unknown): App {
	if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
	const extension = ext[0] !== '.' ? '.' + ext : ext;
	this.engines[extension] = fn;
	return this;
};

app.param = function param(this: App, name: unknown, fn: unknown): App {
	const router = routerFor(this);
	if (Array.isArray(name)) {
		for (const one of name) (this.param as (n: unknown, f: unknown) => App)(one, fn);
		return this;
	}
	router.param(name as string, fn);
	return this;
};

app.set = function set(this: App, setting: string, ...value: unknown[]): unknown {
	if (value.length === 0) {
		// app.get(setting): own properties only, up the sub-app chain
		let settings: object | null = this.settings;
		while (settings && settings !== Object.prototype) {
			if (hasOwn(settings, setting)) return (settings as Record<string, unknown>)[setting];
			settings = Object.getPrototypeOf(settings);
		}
		return undefined;
	}
	const val = value[0];
	this.settings[setting] = val;
	switch (setting) {
		case 'etag':
			this.set('etag fn', compileETag(val));
			break;
		case 'query parser':
			this.set('query parser fn', compileQueryParser(val));
			break;
		case 'trust proxy':
			this.set('trust proxy fn', compileTrust(val));
			Object.defineProperty(this.settings, trustProxyDefaultSymbol, { configurable: true, value: false });
			break;
	}
	return this;
};

app.path = function path(this: App): string {
	return this.parent ? this.parent.path() + String(this.mountpath) : '';
};

app.enabled = function enabled(this: App, setting: string): boolean {
	return Boolean(this.set(setting));
};

app.disabled = function disabled(this: App, setting: string): boolean {
	return !this.set(setting);
};

app.enable = function enable(this: App, setting: string): App {
	return this.set(setting, true) as App;
};

app.disable = function disable(this: App, setting: string): App {
	return this.set(setting, false) as App;
};

// One function per method; `get` also reads a setting, so its result is typed `unknown` here.
type RouteMethod = (this: App, path: unknown, ...handlers: unknown[]) => unknown;
for (const method of methods) {
	(application as Record<MethodName, RouteMethod>)[method] = function routeMethod(this: App, path: unknown, ...handlers: unknown[]): unknown {
		if (method === 'get' && handlers.length === 0) return this.set(path as string);
		const route = routerFor(this).route(path as string);
		route[method].apply(route, handlers);
		return this;
	};
}

app.all = function all(this: App, path: unknown, ...handlers: unknown[]): App {
	const route = routerFor(this).route(path as string);
	for (const method of methods) route[method].apply(route, handlers);
	return this;
};

app.del = deprecate.function(application.delete, 'app.del: Use app.delete instead');

app.render = function render(this: App, name: string, options?: unknown, callback?: RenderCallback): void {
	const cache = this.cache;
	let done = callback as RenderCallback;
	let opts = options as Record<string, unknown> | undefined;
	if (typeof options === 'function') {
		done = options as RenderCallback;
		opts = {};
	}
	opts = opts || {};
	const renderOptions: Record<string, unknown> = {};
	mergeLocals(renderOptions, this.locals);
	if (opts._locals) mergeLocals(renderOptions, opts._locals as object);
	mergeLocals(renderOptions, opts);
	if (renderOptions.cache == null) renderOptions.cache = this.enabled('view cache');
	let view: ViewLike | undefined;
	if (renderOptions.cache) view = cache[name];
	if (!view) {
		const ViewClass = this.get('view') as ViewSetting;
		view = new ViewClass(name, { defaultEngine: this.get('view engine'), root: this.get('views'), engines: this.engines });
		if (!view.path) {
			const root = view.root;
			const dirs =
				Array.isArray(root) && root.length > 1
					? 'directories "' + root.slice(0, -1).join('", "') + '" or "' + root[root.length - 1] + '"'
					: 'directory "' + String(root) + '"';
			done(veloxErrorWith('VELOX_ERR_VIEW_LOOKUP', [name, dirs], { view }));
			return;
		}
		if (renderOptions.cache) cache[name] = view;
	}
	try {
		view.render(renderOptions, done);
	} catch (err) {
		done(err as Error);
	}
};

/**
 * Copies own enumerable keys like `Object.assign`, except that a `__proto__`
 * key (JSON.parse makes those) becomes a plain property instead of replacing
 * the target's prototype. Security: locals can come from parsed input.
 */
function mergeLocals(target: Record<string, unknown>, source: object): void {
	for (const key of Object.keys(source)) {
		const value = (source as Record<string, unknown>)[key];
		if (key === '__proto__') Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
		else target[key] = value;
	}
}

/** `http.createServer(app)`: the server's classes (platform.ts) and its `Expect: 100-continue` handling, once per server. */
function adopt(app: App, req: IncomingMessage): void {
	const server = adoptServer(app, req);
	// From this server's next request on, `Expect: 100-continue` waits for the body to be read (expect-continue.ts).
	if (server !== undefined && server.listeners('request').includes(app)) deferContinue(server);
}

app.listen = function listen(this: App, ...args: unknown[]): Server {
	const server = http.createServer(serverOptionsFor(this), this);
	deferContinue(server);
	// The app this server serves, also when another library wraps its request listener (ws.ts).
	markServed(server, this);
	// Before the server listens, what a typical app's first requests would otherwise load on
	// their way (docs/design.md, "Startup: deferred modules"): qs for a query string with brackets
	// under the (default) extended query parser, accepts for res.redirect, res.format and
	// req.accepts*, mime and the ETag generator (node:crypto) for the first res.send. Express 4
	// loads them with `require('express')`; deferred to here, a script that never listens does not
	// pay for them, and a server pays before it answers, not on a request.
	preloadQueryParser(existingRouter(this) && this[kQueryParser] ? this[kQueryParser] : (this.get('query parser fn') ?? parseQueryStringWithoutSetting));
	preloadNegotiation();
	preloadMime();
	preloadETag(this.get('etag fn'));
	return (server.listen as (...a: unknown[]) => Server).apply(server, listenArguments(server, args));
};
