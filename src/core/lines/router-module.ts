/**
 * Express 5's router as the APM agents find it (docs/agents-velox5.md): on Express 5 the routing is
 * the module `router` (router 2), and OpenTelemetry's instrumentation-router, dd-trace and New Relic
 * hook that module by its name and its file `lib/layer.js`. Velox 5's rows here give its router
 * router 2's shape (the layers' method names, the export) and hand Velox's own classes to the
 * package `velox-router` (packages/router), which Velox 5 carries under the name `router`, so that
 * a hook on that module patches the objects Velox routes with. Loaded on both lines, used on
 * Velox 5 only (lines/express5.ts).
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { readFileSync } from 'fs';
import { kPattern } from '../base/symbols';
import type { LayerPrototype, ListedRoute, ListedStack, RouterClasses, RouterFactoryShape } from './policy';
import { openRouterChannel } from './router-tracing';

type Next = (err?: unknown) => void;

/** A layer as router 2's names reach it. */
interface Router2Layer extends LayerPrototype {
	params: unknown;
	path: unknown;
	handleRequest(req: IncomingMessage, res: ServerResponse, next: Next): void;
	handleError(error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): void;
}

/** As a class's methods are: writable and configurable, not enumerable. */
function defineMethod(target: object, name: string, value: unknown): void {
	Object.defineProperty(target, name, { configurable: true, enumerable: false, writable: true, value });
}

/**
 * Express 5's `layerEntries`: Velox's implementations become `handleRequest`/`handleError`, the
 * methods agents wrap on router 2's layers, and Express 4's names (which the traversal calls)
 * forward to them, so a patch of either name is the method every layer is entered by. Router 2.3's
 * `layer.match` keeps nothing on the layer; Velox's sets `params` and `path` for the traversal,
 * which has read them by the time it enters the layer, so the forwarders clear them: what runs in
 * the layer (an agent's wrapper reads `layer.path`) sees a layer without match state, as on
 * express@5.
 */
export function router2LayerEntries(prototype: LayerPrototype): void {
	openRouterChannel();
	const layer = prototype as Router2Layer;
	defineMethod(layer, 'handleRequest', layer.handle_request);
	defineMethod(layer, 'handleError', layer.handle_error);
	defineMethod(layer, 'handle_request', function handle_request(this: Router2Layer, req: IncomingMessage, res: ServerResponse, next: Next): void {
		this.params = undefined;
		this.path = undefined;
		this.handleRequest(req, res, next);
	});
	defineMethod(layer, 'handle_error', function handle_error(this: Router2Layer, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): void {
		this.params = undefined;
		this.path = undefined;
		this.handleError(error, req, res, next);
	});
}

/**
 * Where the router's classes wait while the `router` package loads: its files read them from here
 * (packages/router/lib/handoff.js), synchronously, and the key is removed right after.
 */
const kHandoff = Symbol.for('velox.router.handoff');

/** The package Velox 5 carries as `router`; another package of that name (pillarjs router) is never loaded. */
const ROUTER_PACKAGE = 'velox-router';

/**
 * Express 5's `routerModule`: router 2's export, a function that makes routers and whose
 * `prototype` they inherit from (Velox's factory, which carries the methods), with `Route`; and,
 * where the package `velox-router` is installed as `router`, what `require('router')` returns once
 * it has been handed these classes: an agent may have replaced the export with a wrapper of it
 * (dd-trace does), and routers made through that wrapper are the ones it traces. Otherwise (this
 * repository's own tests, a bundle without it, a `router` cached by another copy of Velox) the
 * export made here.
 */
export function routerModule<F extends RouterFactoryShape>(classes: RouterClasses<F>): F {
	const factory = classes.Router;
	const Router = function Router(options?: never): unknown {
		return factory(options);
	};
	Router.prototype = factory;
	Router.Route = classes.Route;
	// The export has the factory's call signature; its static members are on its `prototype`, as router 2's.
	const exported = Router as unknown as F;
	return loadRouterPackage({ Router: exported, Layer: classes.Layer, Route: classes.Route }) ?? exported;
}

function loadRouterPackage<F extends RouterFactoryShape>(handed: RouterClasses<F>): F | undefined {
	let manifest: string;
	try {
		manifest = require.resolve('router/package.json');
	} catch {
		return undefined;
	}
	if (packageName(manifest) !== ROUTER_PACKAGE) return undefined;
	const global = globalThis as { [kHandoff]?: RouterClasses<F> };
	global[kHandoff] = handed;
	try {
		const loaded = require('router') as F;
		return typeof loaded === 'function' && loaded.prototype === handed.Router.prototype ? loaded : undefined;
	} finally {
		delete global[kHandoff];
	}
}

function packageName(manifest: string): unknown {
	try {
		return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
	} catch {
		return undefined;
	}
}

/**
 * Express 5's `router.listRoutes()` (router 2.3): one entry per path of each route and mounted
 * router, in registration order (plain middleware is left out): the path as written, the route's
 * methods in the order they were first added (`*` for `all`, HEAD after them when GET has no HEAD
 * of its own), or the router mounted there.
 */
export function listRoutes(this: ListedStack): ListedRoute[] {
	const routes: ListedRoute[] = [];
	for (const layer of this.stack) {
		const route = layer.route;
		const router = route === undefined && Array.isArray((layer.handle as { stack?: unknown }).stack) ? layer.handle : undefined;
		if (route === undefined && router === undefined) continue;
		const methods = route === undefined ? undefined : routeMethods(route.methods);
		const path = layer[kPattern];
		if (Array.isArray(path)) {
			for (const each of path.flat(Infinity)) routes.push({ path: each, methods: methods?.slice(), router });
		} else {
			routes.push({ path, methods, router });
		}
	}
	return routes;
}

function routeMethods(table: Readonly<Record<string, boolean>>): string[] {
	const methods: string[] = [];
	for (const method of Object.keys(table)) methods.push(method === '_all' ? '*' : method.toUpperCase());
	if (table.get && !table.head) methods.push('HEAD');
	return methods;
}

/**
 * Express 5's `addedSlashRewritten` (router 2.3): after middleware reached at its whole mount path
 * (which saw `req.url` as `/`, the slash added) calls `next`, whether it rewrote `req.url` so that
 * the slash stays between the mount path and the new path: not when the URL is still the root, nor
 * when the mount path ends with `/` and the URL starts with one.
 */
export function addedSlashRewritten(url: string, mountPath: string): boolean {
	return !(url === '/' || url.startsWith('/?') || (mountPath.endsWith('/') && url[0] === '/'));
}
