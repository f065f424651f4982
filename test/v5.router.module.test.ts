import './helpers/line5';
/**
 * Velox 5's router as router 2's (lines/router-module.ts; docs/agents-velox5.md), against express@5
 * and its router 2.x, in process: what the APM agents hook and read on Express 5.
 * - `express.Router` is router 2's export: a function (with or without `new`) whose `prototype`
 *   carries the methods, with `Route`, and no static `use`;
 * - layers are entered through `Layer.prototype.handleRequest`/`handleError` (router 2's names),
 *   so a patch of them sees every layer (middleware, mounted routers, a route's layer and its
 *   handlers, error handlers) in the order express@5 enters them, none with a match state
 *   (`layer.path`, `layer.params`) on it;
 * - a route's layer is a function named `handle`.
 * The package that carries this under the module name `router` is tested where it is installed,
 * in package.line5.test.ts.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';
import VeloxLayer from '../src/router/layer';
import { differentialInProcess } from './helpers/differential';

type Entry = (this: LayerLike, ...args: unknown[]) => unknown;
interface LayerLike {
	name: string;
	path?: unknown;
	params?: unknown;
}
interface LayerPrototype {
	handleRequest: Entry;
	handleError: Entry;
}

// express@5's router 2, as express@5 itself loads it.
const requireFromExpress5 = createRequire(join(dirname(require.resolve('express5')), 'index.js'));
const Router2Layer = requireFromExpress5('router/lib/layer.js') as { prototype: LayerPrototype };

const restores: (() => void)[] = [];
afterEach(() => {
	for (const restore of restores.splice(0)) restore();
});

/** Wraps a prototype's entries as an agent does; returns what each call saw. */
function watch(prototype: LayerPrototype): string[] {
	const seen: string[] = [];
	const { handleRequest, handleError } = prototype;
	prototype.handleRequest = function (this: LayerLike, ...args: unknown[]) {
		seen.push(this.name + (this.path === undefined && this.params === undefined ? '' : ' (match state)'));
		return handleRequest.apply(this, args);
	};
	prototype.handleError = function (this: LayerLike, ...args: unknown[]) {
		seen.push('error ' + this.name);
		return handleError.apply(this, args);
	};
	restores.push(() => {
		prototype.handleRequest = handleRequest;
		prototype.handleError = handleError;
	});
	return seen;
}

type AnyApp = ReturnType<typeof velox>;
type Factory = typeof velox;

function buildApp(framework: Factory): AnyApp {
	const app = framework();
	app.use(function logger(_req, _res, next) {
		next();
	});
	const api = framework.Router();
	api.param('id', function loadId(_req, _res, next) {
		next();
	});
	api.get(
		'/users/:id',
		function first(_req, _res, next) {
			next();
		},
		function getUser(req, res) {
			res.json(req.params);
		},
	);
	api.get('/fail', function fail(_req, _res, next) {
		next(new Error('fail'));
	});
	api.use(function apiErrors(err: Error, _req: unknown, res: { status(code: number): { end(body: string): void } }, _next: unknown) {
		res.status(502).end(err.message);
	});
	app.use('/api', api);
	app.get('/throws', function throws() {
		throw new Error('thrown');
	});
	return app;
}

describe('Velox 5 router: router 2’s module', () => {
	test('express.Router is router 2’s export: called or constructed, its prototype carries the methods, with Route', () => {
		const shape = (framework: Factory) => {
			const Router = framework.Router as unknown as {
				(options?: object): unknown;
				new (options?: object): unknown;
				prototype: Record<string, unknown>;
				Route?: unknown;
			};
			const app = framework();
			const made = [Router(), new Router({ strict: true }), app.router];
			return {
				name: Router.name,
				methods: ['use', 'route', 'param', 'handle', 'get', 'all'].map((name) => typeof Router.prototype[name]),
				staticUse: typeof (Router as unknown as Record<string, unknown>).use,
				instances: made.map((router) => router instanceof Router),
				callable: made.map((router) => typeof router),
				strict: (made[1] as { strict?: boolean }).strict,
				route: Router.Route === framework.Route,
			};
		};
		const expected = shape(express5 as unknown as Factory);
		assert.deepEqual(expected, {
			name: 'Router',
			methods: ['function', 'function', 'function', 'function', 'function', 'function'],
			staticUse: 'undefined',
			instances: [true, true, true],
			callable: ['function', 'function', 'function'],
			strict: true,
			route: true,
		});
		assert.deepEqual(shape(velox), expected);
	});

	test('router.listRoutes(): routes with their methods and mounted routers, by path as written, in order', () => {
		const listed = (framework: Factory) => {
			const router = framework.Router() as unknown as Record<string, (...args: unknown[]) => unknown> & { listRoutes?: () => Record<string, unknown>[] };
			const sub = framework.Router();
			router.use(function logger(_req: unknown, _res: unknown, next: () => void) {
				next();
			});
			router.get('/users/:id', () => {});
			router.post('/users/:id', () => {});
			(router.route('/items') as ReturnType<ReturnType<typeof velox.Router>['route']>)
				.put(() => {})
				.all(() => {})
				.get(() => {});
			router.head('/ping', () => {});
			router.get(['/a', ['/b', '/c']], () => {});
			router.get(/^\/re(?:gex)?$/, () => {});
			router.use('/sub', sub);
			router.use(sub);
			router.use(['/x', '/y'], sub);
			const routes = router.listRoutes?.() ?? [];
			return routes.map((entry) => ({ ...entry, router: entry.router === sub ? 'sub' : entry.router }));
		};
		const expected = listed(express5 as unknown as Factory);
		assert.deepEqual(expected, [
			{ path: '/users/:id', methods: ['GET', 'HEAD'], router: undefined },
			{ path: '/users/:id', methods: ['POST'], router: undefined },
			{ path: '/items', methods: ['PUT', '*', 'GET', 'HEAD'], router: undefined },
			{ path: '/ping', methods: ['HEAD'], router: undefined },
			{ path: '/a', methods: ['GET', 'HEAD'], router: undefined },
			{ path: '/b', methods: ['GET', 'HEAD'], router: undefined },
			{ path: '/c', methods: ['GET', 'HEAD'], router: undefined },
			{ path: /^\/re(?:gex)?$/, methods: ['GET', 'HEAD'], router: undefined },
			{ path: '/sub', methods: undefined, router: 'sub' },
			{ path: '/', methods: undefined, router: 'sub' },
			{ path: '/x', methods: undefined, router: 'sub' },
			{ path: '/y', methods: undefined, router: 'sub' },
		]);
		assert.deepEqual(listed(velox), expected);
	});

	test('a route’s layer is a function named handle', () => {
		const names = (framework: Factory) => {
			const router = framework.Router() as unknown as { route(path: string): unknown; stack: { name: string; handle: { name: string; length: number } }[] };
			router.route('/a');
			return router.stack.map((layer) => [layer.name, layer.handle.name, layer.handle.length]);
		};
		assert.deepEqual(names(express5 as unknown as Factory), [['handle', 'handle', 3]]);
		assert.deepEqual(names(velox), [['handle', 'handle', 3]]);
	});

	test('every layer is entered through Layer.prototype.handleRequest/handleError, in express@5’s order, with no match state on it', async () => {
		const seen = { express5: watch(Router2Layer.prototype), velox: watch(VeloxLayer.prototype as unknown as LayerPrototype) };
		const answers = await differentialInProcess(
			(framework) => buildApp(framework as unknown as Factory),
			['/api/users/7', '/api/fail', '/throws', '/nowhere'].map((path) => ({ path })),
		);
		assert.deepEqual(
			answers.map((answer) => answer.status),
			[200, 502, 500, 404],
		);
		assert.deepEqual(seen.velox, seen.express5);
		// Two routed requests through the mounted router, one route at the top, a 404.
		assert.deepEqual(seen.velox, [
			...['logger', 'router', 'handle', 'first', 'getUser'],
			...['logger', 'router', 'handle', 'fail', 'error apiErrors'],
			...['logger', 'handle', 'throws'],
			'logger',
		]);
	});
});
