/**
 * Express's internal modules, as real packages require them, with Velox
 * installed under the name `express` (package.json "exports" `./lib/*`):
 * each resolves, is Velox's real object (the one `require('express')` and its
 * apps use), and a patch made through it takes effect.
 *
 * Who requires which path (found in public code):
 * - `lib/router/layer`: express-async-errors (`Layer.prototype.handle` accessor),
 *   hand-written async patches (`Layer.prototype.handle_request = …`), layer
 *   subclasses calling `Layer.call(this, …)`, APM file hooks on `express/lib/router/layer.js`;
 * - `lib/router` / `lib/router/index`: express-async-errors (`Router.param`), router
 *   decorators wrapping `Router.use`, APM hooks on `lib/router/index.js` (`process_params`, `use`, `route`);
 * - `lib/router/route`: decorators of `Route.prototype` verbs;
 * - `lib/view`: kraken-js and view-lookup packages (`View.call(this, …)` + `util.inherits`, `class extends View`);
 * - `lib/utils`: `etag`, `isAbsolute`, `compileQueryParser`, `contentDisposition`;
 * - `lib/application`, `lib/request`, `lib/response`, `lib/express`: editor auto-imports
 *   (`const { render } = require('express/lib/response')`) and prototype patches;
 * - `lib/middleware/query`, `lib/middleware/init`: bundler tracing lists and dd-trace's query hook.
 * express-async-errors itself: compat.deep-paths-async-errors.test.ts.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import util from 'node:util';
import express from 'express';
import listEndpoints from 'express-list-endpoints';
import { type AliasedExpress, createAliasedExpress, packageRoot } from './helpers/aliased-express';
import { send } from './helpers/client';
import { listen } from './helpers/server';

type AnyFn = (...args: any[]) => any;

let alias: AliasedExpress;

before(() => {
	alias = createAliasedExpress();
});

after(() => alias.remove());

const deepPaths = [
	'lib/application',
	'lib/express',
	'lib/request',
	'lib/response',
	'lib/router',
	'lib/router/index',
	'lib/router/layer',
	'lib/router/route',
	'lib/utils',
	'lib/view',
	'lib/middleware/init',
	'lib/middleware/query',
];

describe('deep paths resolve through "exports"', () => {
	for (const deepPath of deepPaths) {
		const ids = deepPath === 'lib/router' ? [deepPath] : [deepPath, deepPath + '.js'];
		for (const id of ids) {
			test(`express/${id}: loads, from the package's lib/, with the same kind of export as express@4`, () => {
				const resolved = alias.require.resolve('express/' + id);
				const file = deepPath === 'lib/router' ? 'lib/router/index.js' : deepPath + '.js';
				assert.equal(resolved, path.join(packageRoot, file));
				assert.equal(typeof alias.require('express/' + id), typeof require('express/' + id));
			});
		}
	}

	test('Velox’s implementation modules (lib/core/) stay private', () => {
		for (const id of ['express/lib/core/construct', 'express/lib/core/construct.js', 'express/lib/core/router/dispatch.js']) {
			assert.throws(() => alias.require(id), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
		}
	});
});

/** A minimal GET to `app` on an ephemeral port. */
async function get(app: http.RequestListener, paths: string[]): Promise<Array<{ status: number; body: string }>> {
	const server = await listen(app);
	try {
		const results = [];
		for (const p of paths) {
			const response = await send(server.port, { path: p });
			results.push({ status: response.status, body: response.body });
		}
		return results;
	} finally {
		await server.close();
	}
}

/**
 * Where `express/lib/*` comes from: the package as an app installs it (lib/, resolved through
 * "exports"), and the test build the coverage gate measures (build/src, the same modules). Both
 * must give Velox's real objects.
 */
const targets: Array<{ name: string; load: (id: string) => any }> = [
	{ name: 'package', load: (id) => alias.require(id) },
	{ name: 'test build', load: loadFromBuild },
];

function loadFromBuild(id: string): any {
	if (id === 'express') return require('../src/express');
	const file = id.replace(/^express\//, '').replace(/\.js$/, '');
	return require(`../src/${file === 'lib/router' ? 'router/index' : file.replace(/^lib\//, '')}`);
}

for (const { name, load } of targets) {
	describe(`${name}:`, () => {
		let velox: any;
		before(() => {
			velox = load('express');
		});

		describe('deep path objects', () => {
			test('objects have every member express@4 gives them', () => {
				for (const id of ['lib/application', 'lib/request', 'lib/response', 'lib/utils', 'lib/router', 'lib/middleware/init']) {
					const expected = Object.getOwnPropertyNames(require('express/' + id)).filter(
						(name) => !['length', 'name', 'prototype', 'arguments', 'caller'].includes(name),
					);
					const actual = new Set(Object.getOwnPropertyNames(load('express/' + id)));
					assert.deepEqual(
						expected.filter((name) => !actual.has(name)),
						[],
						id,
					);
				}
				for (const id of ['lib/router/layer', 'lib/router/route', 'lib/view']) {
					const expected = Object.getOwnPropertyNames(require('express/' + id).prototype);
					const actual = new Set(Object.getOwnPropertyNames(load('express/' + id).prototype));
					assert.deepEqual(
						expected.filter((name) => !actual.has(name)),
						[],
						id,
					);
				}
			});
		});

		describe('deep paths are the objects Velox really uses', () => {
			test('express, application, request, response, query are the package’s own', () => {
				assert.equal(load('express/lib/express'), velox);
				assert.equal(load('express/lib/application'), velox.application);
				assert.equal(load('express/lib/request'), velox.request);
				assert.equal(load('express/lib/response'), velox.response);
				assert.equal(load('express/lib/router/route'), velox.Route);
				assert.equal(load('express/lib/middleware/query'), velox.query);
				const app = velox();
				assert.equal(Object.getPrototypeOf(app.request), velox.request);
				assert.equal(Object.getPrototypeOf(app.response), velox.response);
			});

			test('lib/router is the prototype of every router, with or without /index', () => {
				const Router = load('express/lib/router');
				assert.equal(load('express/lib/router/index'), Router);
				assert.equal(load('express/lib/router/index.js'), Router);
				assert.equal(Object.getPrototypeOf(velox.Router()), Router);
				// express-async-errors reaches `param` this way.
				assert.equal(Router.prototype.constructor, Router);
				const app = velox();
				app.get('/', () => {});
				assert.equal(Object.getPrototypeOf(app._router), Router);
			});

			test('lib/router/layer: the prototype of app, router and route layers', () => {
				const Layer = load('express/lib/router/layer');
				const app = velox();
				const router = velox.Router();
				router.use((_req: unknown, _res: unknown, next: AnyFn) => next());
				app.use('/r', router);
				app.get(
					'/x',
					function a() {},
					function b() {},
				);
				const layers = [...app._router.stack, ...router.stack, ...app._router.stack[3].route.stack];
				assert.equal(layers.length, 7);
				for (const layer of layers) {
					assert.equal(Object.getPrototypeOf(layer), Layer.prototype);
					assert.ok(layer instanceof Layer);
				}
			});

			test('lib/view is the default `view` setting’s prototype', () => {
				const View = load('express/lib/view');
				assert.equal(velox().get('view'), View);
			});
		});

		describe('patches through deep paths take effect', () => {
			test('Layer.prototype.handle_request replaced (hand-written async patches) runs for the same layers as on express@4', async () => {
				const results: Record<string, unknown> = {};
				for (const [name, framework, Layer] of [
					['express', express, require('express/lib/router/layer')],
					['velox', velox, load('express/lib/router/layer')],
				] as const) {
					const original = Layer.prototype.handle_request;
					const seen: string[] = [];
					Layer.prototype.handle_request = function handleRequest(this: { name: string; handle: AnyFn }, req: unknown, res: unknown, next: AnyFn) {
						seen.push(this.name);
						const fn = this.handle;
						if (fn.length > 3) return next();
						try {
							const result = fn(req, res, next);
							if (result && typeof result.catch === 'function') result.catch(next);
						} catch (err) {
							next(err);
						}
					};
					try {
						const app = (framework as AnyFn)();
						app.use(function logger(_req: unknown, _res: unknown, next: AnyFn) {
							next();
						});
						const router = (framework as any).Router();
						router.get('/ok', function ok(_req: unknown, res: any) {
							res.send('ok');
						});
						app.use('/api', router);
						app.get('/boom', async function boom() {
							throw new Error('async boom');
						});
						app.use((err: Error, _req: unknown, res: any, _next: AnyFn) => res.status(500).send(err.message));
						results[name] = { responses: await get(app, ['/api/ok', '/boom']), seen };
					} finally {
						Layer.prototype.handle_request = original;
					}
				}
				assert.deepEqual(results.velox, results.express);
				assert.deepEqual(results.velox, {
					responses: [
						{ status: 200, body: 'ok' },
						{ status: 500, body: 'async boom' },
					],
					seen: ['query', 'expressInit', 'logger', 'router', 'bound dispatch', 'ok', 'query', 'expressInit', 'logger', 'bound dispatch', 'boom'],
				});
			});

			test('Router.use and Router.route wrapped (OpenTelemetry, Elastic, dd-trace style) see every registration and every call', async () => {
				const Router = load('express/lib/router');
				const originalUse = Router.use;
				const originalRoute = Router.route;
				const calls: string[] = [];
				const wrapLayer = (layer: { handle: AnyFn }, label: string) => {
					const handle = layer.handle;
					if (handle.length === 4) return;
					layer.handle = function traced(this: unknown, ...args: unknown[]) {
						calls.push(label);
						return handle.apply(this, args);
					};
				};
				Router.use = function use(this: { stack: Array<{ handle: AnyFn }> }, ...args: unknown[]) {
					const result = originalUse.apply(this, args);
					wrapLayer(this.stack[this.stack.length - 1], 'use ' + (typeof args[0] === 'string' ? args[0] : '/'));
					return result;
				};
				Router.route = function route(this: { stack: Array<{ handle: AnyFn }> }, ...args: unknown[]) {
					const result = originalRoute.apply(this, args);
					wrapLayer(this.stack[this.stack.length - 1], 'route ' + String(args[0]));
					return result;
				};
				try {
					const app = velox();
					app.use((_req: unknown, _res: unknown, next: AnyFn) => next());
					app.get('/users/:id', (req: any, res: any) => res.send(req.params.id));
					assert.deepEqual(await get(app, ['/users/7']), [{ status: 200, body: '7' }]);
					// The app's own `query` and `expressInit` layers are added through Router.use, as in Express 4.
					assert.deepEqual(calls, ['use /', 'use /', 'use /', 'route /users/:id']);
				} finally {
					Router.use = originalUse;
					Router.route = originalRoute;
				}
			});

			test('response, request and application patches (dd-trace wraps response.json, application.handle)', async () => {
				const response = load('express/lib/response');
				const request = load('express/lib/request');
				const application = load('express/lib/application');
				const originalJson = response.json;
				const originalHandle = application.handle;
				const seen: string[] = [];
				response.json = function json(this: unknown, ...args: unknown[]) {
					seen.push('json');
					return originalJson.apply(this, args);
				};
				application.handle = function handle(this: unknown, ...args: unknown[]) {
					seen.push('handle');
					return originalHandle.apply(this, args);
				};
				Object.defineProperty(request, 'tenant', {
					configurable: true,
					get(this: { get(name: string): string }) {
						return this.get('x-tenant') || 'none';
					},
				});
				try {
					// application members are copied into each app at creation, as in Express: patch first.
					const app = velox();
					app.get('/', (req: any, res: any) => res.json({ tenant: req.tenant }));
					assert.deepEqual(await get(app, ['/']), [{ status: 200, body: '{"tenant":"none"}' }]);
					assert.deepEqual(seen, ['handle', 'json']);
				} finally {
					response.json = originalJson;
					application.handle = originalHandle;
					delete request.tenant;
				}
			});
		});

		describe('Layer and View are callable as Express’s function constructors', () => {
			test('Layer(path, options, fn) without new, and without options', () => {
				const Layer = load('express/lib/router/layer');
				const fn = () => {};
				const layer = Layer('/users/:id', undefined, fn);
				assert.ok(layer instanceof Layer);
				assert.equal(layer.handle, fn);
				assert.equal(layer.match('/users/42'), true);
				assert.deepEqual(layer.params, { id: '42' });
				const ExpressLayer: AnyFn = require('express/lib/router/layer');
				const expected = ExpressLayer('/users/:id', undefined, fn);
				assert.equal(layer.regexp.source, expected.regexp.source);
			});

			test('a function-style subclass (Layer.call(this, …)) and a class subclass', () => {
				const Layer = load('express/lib/router/layer');
				function PathLayer(this: any, p: string, options: object, fn: AnyFn) {
					Layer.call(this, p, options, fn);
					this.routePath = p;
				}
				PathLayer.prototype = Object.create(Layer.prototype);
				const layer = new (PathLayer as any)('/a/:b', { end: true }, () => {});
				assert.equal(layer.routePath, '/a/:b');
				assert.equal(layer.match('/a/c'), true);
				assert.deepEqual(layer.params, { b: 'c' });
				class Sub extends (Layer as new (...args: unknown[]) => { match(path: string): boolean }) {}
				const sub = new Sub('/s', {}, () => {});
				assert.ok(sub instanceof Sub && sub instanceof Layer);
				assert.equal(sub.match('/s'), true);
			});

			test('a kraken-style View (View.call + util.inherits, own lookup) renders the same as on express@4', async () => {
				const responses: Record<string, unknown> = {};
				for (const [name, framework, View] of [
					['express', express, require('express/lib/view')],
					['velox', velox, load('express/lib/view')],
				] as const) {
					const lookups: string[] = [];
					function PrefixedView(this: any, viewName: string, options: object) {
						View.call(this, viewName, options);
					}
					util.inherits(PrefixedView, View);
					PrefixedView.prototype.lookup = function lookup(this: { ext: string }, file: string) {
						lookups.push(file);
						return file.startsWith('missing') ? undefined : '/virtual/' + file;
					};
					class ClassView extends (View as new (...args: unknown[]) => { lookup(file: string): string | undefined }) {
						override lookup(file: string) {
							return '/class/' + file;
						}
					}
					const app = (framework as AnyFn)();
					app.engine('tpl', (file: string, _options: object, callback: AnyFn) => callback(null, 'rendered ' + file));
					app.set('view engine', 'tpl');
					app.set('view', PrefixedView);
					app.get('/a', (_req: unknown, res: any) => res.render('page'));
					app.get('/b', (_req: unknown, res: any) => res.render('missing'));
					app.get('/c', (_req: unknown, res: any) => {
						app.set('view', ClassView);
						res.render('other');
					});
					app.use((err: Error, _req: unknown, res: any, _next: AnyFn) => res.status(500).send(err.message.replace(/directory ".*"/, 'directory <views>')));
					responses[name] = { responses: await get(app, ['/a', '/b', '/c']), lookups };
				}
				assert.deepEqual(responses.velox, responses.express);
				assert.deepEqual((responses.velox as { responses: unknown[] }).responses[0], { status: 200, body: 'rendered /virtual/page.tpl' });
			});
		});

		describe('lib/utils: express@4’s results', () => {
			const expressUtils = require('express/lib/utils');
			let veloxUtils: any;
			before(() => {
				veloxUtils = load('express/lib/utils');
			});

			test('etag, wetag, compileETag', () => {
				for (const body of ['', 'hello', 'é'.repeat(3000), Buffer.from([0, 1, 2])]) {
					assert.equal(veloxUtils.etag(body), expressUtils.etag(body));
					assert.equal(veloxUtils.wetag(body), expressUtils.wetag(body));
					for (const setting of [true, 'weak', 'strong']) assert.equal(veloxUtils.compileETag(setting)(body), expressUtils.compileETag(setting)(body));
				}
				assert.equal(veloxUtils.compileETag(false), undefined);
				assert.throws(() => veloxUtils.compileETag('bogus'), /unknown value for etag function: bogus/);
			});

			test('the same members as express@4’s (no `methods`: the removed.utils row)', () => {
				assert.deepEqual(Object.keys(veloxUtils).sort(), Object.keys(expressUtils).sort());
			});

			test('isAbsolute, normalizeType(s), setCharset, contentDisposition', () => {
				for (const p of ['/a', 'a', 'C:\\x', 'c:/x', '\\\\host\\share', '', 'a:b']) assert.equal(veloxUtils.isAbsolute(p), expressUtils.isAbsolute(p), p);
				for (const t of ['html', 'json', 'text/plain; q=0.5; charset=utf-8', 'application/x-foo', 'unknownext', 'text/plain;invalid', 'text/plain;a=b=c']) {
					assert.deepEqual(veloxUtils.normalizeType(t), expressUtils.normalizeType(t), t);
				}
				assert.deepEqual(veloxUtils.normalizeTypes(['html', 'text/*;q=.2']), expressUtils.normalizeTypes(['html', 'text/*;q=.2']));
				for (const [type, charset] of [
					['text/html', 'utf-8'],
					['text/html; charset=latin1', 'utf-8'],
					['', 'utf-8'],
					['text/plain', ''],
				]) {
					assert.equal(veloxUtils.setCharset(type, charset), expressUtils.setCharset(type, charset));
				}
				const deprecations = process.listeners('warning').length;
				const noDeprecation = process.noDeprecation;
				process.noDeprecation = true;
				try {
					assert.equal(veloxUtils.contentDisposition('résumé.pdf'), expressUtils.contentDisposition('résumé.pdf'));
					assert.deepEqual(veloxUtils.flatten([1, [2, [3]]]), expressUtils.flatten([1, [2, [3]]]));
				} finally {
					process.noDeprecation = noDeprecation;
				}
				assert.equal(process.listeners('warning').length, deprecations);
			});

			test('compileQueryParser and compileTrust', () => {
				for (const setting of [true, 'simple', 'extended', false]) {
					for (const query of ['a=1&a=2&b[c]=3', '', 'x=%E9']) {
						assert.deepEqual({ ...veloxUtils.compileQueryParser(setting)(query) }, { ...expressUtils.compileQueryParser(setting)(query) });
					}
				}
				for (const setting of [true, 1, 'loopback', '10.0.0.0/8, 127.0.0.1', ['uniquelocal']]) {
					for (const [address, hop] of [
						['127.0.0.1', 0],
						['10.1.2.3', 1],
						['8.8.8.8', 0],
					] as const) {
						assert.equal(veloxUtils.compileTrust(setting)(address, hop), expressUtils.compileTrust(setting)(address, hop), String(setting));
					}
				}
			});
		});

		describe('lib/middleware', () => {
			test('init(app) does expressInit’s work; query(options) parses as express@4’s', async () => {
				const { init } = load('express/lib/middleware/init');
				const query = load('express/lib/middleware/query');
				const app = velox();
				const server = await listen((req, res) => {
					init(app)(req, res, () => {
						query()(req, res, () => {
							const r = req as any;
							(res as any).json({ query: r.query, self: r.res === res && (res as any).req === req, hasSend: typeof (res as any).send });
						});
					});
				});
				try {
					const response = await send(server.port, { path: '/x?a[b]=1&c=2' });
					assert.equal(response.headers['x-powered-by'], 'Velox');
					assert.deepEqual(JSON.parse(response.body), { query: { a: { b: '1' }, c: '2' }, self: true, hasSend: 'function' });
				} finally {
					await server.close();
				}
			});
		});

		describe('route listing (express-list-endpoints reads layer internals)', () => {
			test('lists the same endpoints for the same app', () => {
				const build = (framework: any) => {
					const app = framework();
					const api = framework.Router();
					api.get('/users/:id', function getUser() {});
					api
						.route('/users')
						.get(function list() {})
						.post(function create() {});
					const admin = framework.Router({ mergeParams: true });
					admin.delete('/:tenant/items/:item', function remove() {});
					api.use('/admin', admin);
					app.use('/api/v1', api);
					app.all('/health', function health() {});
					app.get(/^\/re(gex)?$/, function regex() {});
					app.put(['/a', '/b/:c'], function many() {});
					return app;
				};
				assert.deepEqual(listEndpoints(build(velox)), listEndpoints(build(express)));
			});
		});
	});
}
