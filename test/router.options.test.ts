/**
 * `Router(options)`: `caseSensitive`, `strict`, `mergeParams` (see
 * router.mount for params), independent of the app's routing settings.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Request, Response } from 'express';
import velox from '../src/express';
import { differentialInProcess as differential } from './helpers/differential';

function ok(req: Request, res: Response): void {
	res.end('ok ' + req.url);
}

describe('Router options', () => {
	test('caseSensitive: routes and mount paths distinguish case', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router({ caseSensitive: true });
				router.get('/Path', ok);
				router.use('/Mount', ok);
				app.use('/r', router);
				return app;
			},
			['/r/Path', '/r/path', '/r/Mount/x', '/r/mount/x', '/R/Path'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404, 200, 404, 200],
		);
	});

	test('strict: a trailing slash matters for routes but not for use()', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router({ strict: true });
				router.get('/x', ok);
				router.get('/y/', ok);
				router.use('/m', ok);
				app.use('/r', router);
				return app;
			},
			['/r/x', '/r/x/', '/r/y/', '/r/y', '/r/m', '/r/m/'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404, 200, 404, 200, 200],
		);
	});

	test("a router does not take the app's routing settings", async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.enable('case sensitive routing');
				app.enable('strict routing');
				const router = framework.Router();
				router.get('/x', ok);
				app.use('/r', router);
				app.get('/X', ok);
				return app;
			},
			['/r/X/', '/x', '/X', '/X/'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404, 200, 404],
		);
	});

	test('options are kept on the router object as Express keeps them', () => {
		const router = velox.Router({ caseSensitive: true, strict: true, mergeParams: true });
		assert.equal(router.caseSensitive, true);
		assert.equal(router.strict, true);
		assert.equal(router.mergeParams, true);
		assert.deepEqual(router.stack, []);
		const plain = velox.Router();
		assert.equal(plain.caseSensitive, undefined);
		assert.equal(plain.mergeParams, undefined);
	});

	test('router methods chain and router.route returns a route', () => {
		const router = velox.Router();
		assert.equal(router.get('/a', ok), router);
		assert.equal(router.use(ok), router);
		const route = router.route('/b');
		assert.equal(route.path, '/b');
		assert.equal(route.get(ok), route);
		assert.equal(router.stack.length, 3);
		assert.equal(router.stack[2].route, route);
	});
});
