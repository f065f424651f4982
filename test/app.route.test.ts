/** `app.route(path)`: a route object taking `.all` and per-method handlers, ordered by creation time. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import velox from '../src/express';
import { differential } from './helpers/differential';

test('route handlers chain per method and .all runs for every method', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app
				.route('/book/:id')
				.all((req, res, next) => {
					res.setHeader('X-All', req.method + ' ' + req.params.id);
					next();
				})
				.get((_req, res) => res.end('get'))
				.post((_req, res) => res.end('post'))
				.put((_req, res) => res.end('put'));
			return app;
		},
		[
			{ path: '/book/1' },
			{ method: 'POST', path: '/book/2' },
			{ method: 'PUT', path: '/book/3' },
			{ method: 'DELETE', path: '/book/4' },
			{ method: 'OPTIONS', path: '/book/5' },
		],
	);
	assert.equal(responses[0].headers['x-all'], 'GET 1');
	assert.equal(responses[3].status, 404);
});

test('ordering follows the time the route was created, not when handlers were added', async () => {
	const [response] = await differential(
		(framework) => {
			const app = framework();
			const route = app.route('/order');
			app.get('/order', (_req, res) => res.end('later route'));
			route.get((_req, res) => res.end('earlier route'));
			return app;
		},
		[{ path: '/order' }],
	);
	assert.equal(response.body, 'earlier route');
});

test('app.route returns a Route with path, methods and stack', () => {
	const app = velox();
	const route = app.route('/r');
	assert.ok(route instanceof velox.Route);
	route.get((_req: Request, _res: Response, next: NextFunction) => next());
	assert.equal(route.path, '/r');
	assert.deepEqual(route.methods, { get: true });
	assert.equal(route.stack.length, 1);
	assert.equal(route.stack[0].method, 'get');
});
