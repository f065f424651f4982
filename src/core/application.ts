/**
 * The application prototype (`velox.application`): settings, routing
 * registration, mounting, rendering and `listen`. Every app is a function
 * (a request listener) that gets these members mixed in, as in Express 4.
 */
import type { EventEmitter } from 'events';
import http, { IncomingMessage, type Server, ServerResponse } from 'http';
import { resolve } from 'path';
import depd from 'depd';
import { finalHandle } from './final-handler';
import type { Next } from './router/layer';
import { type MethodName, methods } from './router/methods';
import type { RequestPrototype, RequestView } from './model';
import type { Route } from './router/route';
import { setPoweredBy } from './response/fast-headers';
import type { ResponsePrototype } from './response/types';
import { initRoutingState, kFinalHandler, type RoutedRequest, Router } from './router/router';
import { compileETag, compileQueryParser, compileTrust, parseQueryStringWithoutSetting, type QueryParserFunction } from './settings';
// src/core/inject.ts and src/core/http2.ts load with the first app.inject / HTTP/2 request (startup; see lazy.ts).
import { handleHttp2, injectRequest, restoreHttp2Prototypes } from './lazy';
import { kMountedApp, listRoutes, markBuiltIn, type RouteList } from './routes';
import { isTracing, traceRequest, traceUnhandled, tracing } from './tracing';
import { kBuiltInLayers, kQueryParser, kRequestClass, kResponseClass, kServedBy } from './symbols';
import { defineOwn, hasOwn, splitUseArguments } from './utils';
import { veloxError } from './errors';
import { type BuiltInLayers, builtInLayers, firstLayer } from './builtin-layers';
import { errorLogText } from './log-text';
import { deferContinue } from './expect-continue';
import { whenWsRouteAdded } from './router/ws-route';
import type * as WsModule from './ws';
// Express 4's modules, through their paths (an agent's wrapper on what they export applies).
import init = require('../middleware/init');
import query = require('../middleware/query');
import View = require('../view');

const deprecate = depd('velox');
const trustProxyDefaultSymbol = '@@symbol:trust_proxy_default';

type Settings = Record<string, unknown>;
type RenderCallback = (err: Error | null, html?: string) => void;

interface ViewLike {
	path: string | undefined;
	root: string | string[];
	render(options: object, callback: RenderCallback): void;
}
type ViewConstructor = new (name: string, options: { defaultEngine: unknown; root: unknown; engines: Record<string, unknown> }) => ViewLike;

/** The routing methods other than `get` (`app.post`, `app.delete`, …), assigned by name from `methods` below. */
type AppMethods = { [M in Exclude<MethodName, 'get'>]: (path: unknown, ...handlers: unknown[]) => App };

/** The members of the application prototype: what `velox()` mixes into each app. */
interface AppMembers extends AppMethods {
	init(): void;
	defaultConfiguration(): void;
	lazyrouter(): void;
	handle(req: IncomingMessage, res: ServerResponse, callback?: Next): void;
	set(setting: string, ...value: unknown[]): unknown;
	/** `app.get(setting)`, or `app.get(path, …handlers)`. */
	get(setting: string, ...handlers: unknown[]): unknown;
	enabled(setting: string): boolean;
	disabled(setting: string): boolean;
	enable(setting: string): App;
	disable(setting: string): App;
	path(): string;
	use(...args: unknown[]): App;
	route(path: unknown): Route;
	param(name: unknown, fn?: unknown): App;
	engine(ext: string, fn: unknown): App;
	all(path: unknown, ...handlers: unknown[]): App;
	del(...args: unknown[]): unknown;
	render(name: string, options?: unknown, callback?: RenderCallback): void;
	listen(...args: unknown[]): Server;
	routes(): RouteList;
	inject(options: unknown): unknown;
	ws(path: unknown, ...args: unknown[]): App;
}

/** The internal shape of an app: a request listener with the prototype's members and its own state. */
export interface App extends EventEmitter, AppMembers, Express.Application {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	settings: Settings;
	cache: Record<string, ViewLike>;
	engines: Record<string, unknown>;
	locals: Record<string, unknown>;
	mountpath: unknown;
	parent?: App;
	request: RequestPrototype;
	response: ResponsePrototype;
	_router: Router | undefined;
	[kQueryParser]?: QueryParserFunction;
	[kBuiltInLayers]?: BuiltInLayers;
	[kRequestClass]?: unknown;
	[kResponseClass]?: unknown;
	/** Express 3's router: on an app, a getter that throws (see `defaultConfiguration`). */
	readonly router?: unknown;
	/** Declared by @types/express's `Application`, absent from an Express 4 app (and never read by Velox). */
	resource?: unknown;
	map?: unknown;
	stack?: unknown;
}

/** What `handle` and mounting read and set on a request: the router's view, and `app`, `res` (declared in model.ts). */
type VeloxRequestLike = RoutedRequest & RequestView<'app' | 'res'>;

function logError(this: App, err: unknown): void {
	// Express 4's logerror (`err.stack || err.toString()`), with control characters escaped (log-text.ts).
	if (this.get('env') !== 'test') console.error(errorLogText(err));
}

/**
 * The application prototype (`velox.application`): the members above; an app's own state is
 * absent from it. The public shape is `Application` in types/application.ts.
 */
export type ApplicationPrototype = AppMembers & Partial<Omit<App, keyof AppMembers>>;

// Filled member by member below.
export const application = {} as ApplicationPrototype;
const app = application;

app.init = function init(this: App): void {
	// Bound: one View per distinct name rendered with `view cache` on, found on disk; names come from
	// the app's code (an app rendering request-chosen names grows it, as Express's does).
	this.cache = {};
	this.engines = {};
	this.settings = {};
	this.defaultConfiguration();
};

app.defaultConfiguration = function defaultConfiguration(this: App): void {
	const env = process.env.NODE_ENV || 'development';
	this.enable('x-powered-by');
	this.set('etag', 'weak');
	this.set('env', env);
	this.set('query parser', 'extended');
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
	Object.defineProperty(this, 'router', { configurable: true, get: removedRouter });
};

function removedRouter(): never {
	throw veloxError('VELOX_ERR_APP_ROUTER_REMOVED');
}

app.lazyrouter = function lazyrouter(this: App): void {
	if (this._router) return;
	const router = Router({ caseSensitive: this.enabled('case sensitive routing'), strict: this.enabled('strict routing') });
	const onerror = (err: unknown): void => logError.call(this, err);
	router[kFinalHandler] = (req: IncomingMessage, res: ServerResponse, err: unknown): void => {
		if (err && tracing.active !== 0) traceUnhandled(req, err);
		finalHandle(req, res, err, this.get('env'), onerror);
	};
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
 * (`app.listen`), and `req.query` is parsed lazily (see request.ts).
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
	// Stored as setHeader would, without its name and value checks (see response/fast-headers.ts).
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
		if (callback === undefined) adoptServer(this, req);
	}
	if (!hasAppPrototype(res, this.response, this[kResponseClass])) Object.setPrototypeOf(res, this.response);
	if (request[kQueryParser] === undefined) request[kQueryParser] = this[kQueryParser];
	router.handle(req, res, callback, firstLayer(router.stack, this[kBuiltInLayers], tracing.active !== 0 || request[kQueryParser] !== this[kQueryParser]));
};

app.use = function use(this: App, ...args: unknown[]): App {
	const { path, handlers: fns } = splitUseArguments(args);
	if (fns.length === 0) throw veloxError('VELOX_ERR_APP_USE_MIDDLEWARE');
	this.lazyrouter();
	const router = this._router!;
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

/** Beyond Express 4: every middleware, route and mount, in registration order (routes.ts). */
app.routes = function routes(this: App): RouteList {
	return listRoutes(this._router?.stack);
};

/** Beyond Express 4: dispatches a request in process, without a socket (inject.ts). */
app.inject = function inject(this: App, options: unknown): unknown {
	return injectRequest(this, options as Parameters<typeof injectRequest>[1]);
};

/** Beyond Express 4: a WebSocket route, `app.ws(path, [options], ...handlers)` (router/ws-route.ts, ws.ts). */
app.ws = function ws(this: App, path: unknown, ...args: unknown[]): App {
	this.lazyrouter();
	this._router!.ws(path as string, ...args);
	return this;
};

// src/core/ws.ts and the ws package load with the first `ws` route, never before.
whenWsRouteAdded((options) => (require('./ws') as typeof WsModule).enableWebSockets(options));

app.route = function route(this: App, path: unknown): Route {
	this.lazyrouter();
	return this._router!.route(path as string);
};

app.engine = function engine(this: App, ext: string, fn: unknown): App {
	if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
	const extension = ext[0] !== '.' ? '.' + ext : ext;
	this.engines[extension] = fn;
	return this;
};

app.param = function param(this: App, name: unknown, fn: unknown): App {
	this.lazyrouter();
	if (Array.isArray(name)) {
		for (const one of name) (this.param as (n: unknown, f: unknown) => App)(one, fn);
		return this;
	}
	this._router!.param(name as string, fn);
	return this;
};

app.set = function set(this: App, setting: string, ...value: unknown[]): unknown {
	if (value.length === 0) {
		// app.get(setting): own properties only, up the sub-app chain
		let settings: object | null = this.settings;
		while (settings && settings !== Object.prototype) {
			if (hasOwn(settings, setting)) return (settings as Settings)[setting];
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
		this.lazyrouter();
		const route = this._router!.route(path as string);
		route[method].apply(route, handlers);
		return this;
	};
}

app.all = function all(this: App, path: unknown, ...handlers: unknown[]): App {
	this.lazyrouter();
	const route = this._router!.route(path as string);
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
		const ViewClass = this.get('view') as ViewConstructor;
		view = new ViewClass(name, { defaultEngine: this.get('view engine'), root: this.get('views'), engines: this.engines });
		if (!view.path) {
			const root = view.root;
			const dirs =
				Array.isArray(root) && root.length > 1
					? 'directories "' + root.slice(0, -1).join('", "') + '" or "' + root[root.length - 1] + '"'
					: 'directory "' + String(root) + '"';
			const err: Error & { view?: ViewLike } = veloxError('VELOX_ERR_VIEW_LOOKUP', name, dirs);
			err.view = view;
			done(err);
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

/**
 * Classes node uses to build each request and response when the app serves
 * through `app.listen`. Their prototypes sit between the instance and the
 * app's `request`/`response`, so `handle` need not swap prototypes per request.
 *
 * Hot path — measured: `Object.setPrototypeOf` on every request and response
 * (what Express does, and what `http.createServer(app)` still needs) costs
 * ~4 µs per object, and an old-style `ServerResponse.apply(this)` constructor
 * ~2 µs (V8 cannot size the instance); `class extends` costs nothing over node.
 */
function requestClassFor(target: App): { new (...args: never[]): IncomingMessage; prototype: object } {
	if (target[kRequestClass] === undefined) {
		class VeloxRequest extends IncomingMessage {}
		Object.setPrototypeOf(VeloxRequest.prototype, target.request);
		// `req.constructor` is node's class, as it is after Express's prototype swap.
		Object.defineProperty(VeloxRequest.prototype, 'constructor', { value: IncomingMessage, writable: true, configurable: true });
		defineOwn(target, kRequestClass, VeloxRequest);
		veloxClasses.add(VeloxRequest);
	}
	return target[kRequestClass] as { new (...args: never[]): IncomingMessage; prototype: object };
}

function responseClassFor(target: App): { new (...args: never[]): ServerResponse; prototype: object } {
	if (target[kResponseClass] === undefined) {
		class VeloxResponse extends ServerResponse {}
		Object.setPrototypeOf(VeloxResponse.prototype, target.response);
		Object.defineProperty(VeloxResponse.prototype, 'constructor', { value: ServerResponse, writable: true, configurable: true });
		defineOwn(target, kResponseClass, VeloxResponse);
		veloxClasses.add(VeloxResponse);
	}
	return target[kResponseClass] as { new (...args: never[]): ServerResponse; prototype: object };
}

/** Node's own keys for the classes a server builds requests and responses with (`_http_server.js`). */
let serverClassKeys: [symbol, symbol] | undefined;

function classKeysOf(server: object): [symbol, symbol] | null {
	if (serverClassKeys === undefined) {
		const symbols = Object.getOwnPropertySymbols(server);
		const request = symbols.find((key) => key.description === 'IncomingMessage');
		const response = symbols.find((key) => key.description === 'ServerResponse');
		// Kept once found on a real server; an object without them is simply not adopted.
		if (request === undefined || response === undefined) return null;
		serverClassKeys = [request, response];
	}
	return serverClassKeys;
}

type AdoptableServer = EventEmitter & { [kServedBy]?: App } & Record<symbol, unknown>;

/**
 * `http.createServer(app)` / `https.createServer(options, app)`: on the first request, hands the
 * server this app's request and response classes (what `app.listen` passes as options), so the
 * following requests — node reads the classes per request — are built with them and skip the
 * prototype swap.
 * Hot path: swapping both prototypes per request is what made `http.createServer(app)` slower
 * than `app.listen` (docs/design.md).
 * Only when nothing else can tell: the app is the server's one 'request' listener, and the server
 * still has node's classes (or another Velox app's, after a listener was replaced). Checked once
 * per server and app; with any other set-up every request keeps Express's per-request swap.
 */
function adoptServer(app: App, req: IncomingMessage): void {
	const server = (req.socket as { server?: AdoptableServer } | null)?.server;
	// A stand-in socket's `server` may be anything: only node's servers (event emitters) are adopted.
	if (typeof server !== 'object' || server === null || typeof server.listeners !== 'function' || server[kServedBy] === app) return;
	if (!Object.isExtensible(server)) return;
	server[kServedBy] = app;
	const listeners = server.listeners('request');
	// From this server's next request on, `Expect: 100-continue` waits for the body to be read (expect-continue.ts).
	if (listeners.includes(app)) deferContinue(server);
	const keys = classKeysOf(server);
	if (keys === null) return;
	const current = server[keys[0]];
	const nodeClasses = current === IncomingMessage && server[keys[1]] === ServerResponse;
	if (!nodeClasses && !(isVeloxClass(current) && isVeloxClass(server[keys[1]]))) return;
	if (listeners.length !== 1 || listeners[0] !== app) return;
	server[keys[0]] = requestClassFor(app);
	server[keys[1]] = responseClassFor(app);
}

/** Every app's request and response class; weak, so a dropped app's classes go with it. */
const veloxClasses = new WeakSet<object>();

function isVeloxClass(value: unknown): boolean {
	return typeof value === 'function' && veloxClasses.has(value);
}

/** Whether `object` already inherits `proto` directly or through the app's listen class. */
function hasAppPrototype(object: object, proto: object, appClass: unknown): boolean {
	const current = Object.getPrototypeOf(object);
	return current === proto || (appClass !== undefined && current === (appClass as { prototype: object }).prototype);
}

app.listen = function listen(this: App, ...args: unknown[]): Server {
	const options = { IncomingMessage: requestClassFor(this), ServerResponse: responseClassFor(this) } as http.ServerOptions;
	const server = http.createServer(options, this);
	deferContinue(server);
	// The app this server serves, also when another library wraps its request listener (ws.ts).
	(server as unknown as AdoptableServer)[kServedBy] = this;
	return (server.listen as (...a: unknown[]) => Server).apply(server, args);
};
