/**
 * HEAD answered by GET handlers unless a HEAD handler came first, and the
 * automatic OPTIONS answer with its `Allow` header.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Response } from 'express';
import { differentialInProcess as differential } from './helpers/differential';

function text(res: Response, body: string): void {
	res.setHeader('Content-Type', 'text/plain');
	res.setHeader('Content-Length', Buffer.byteLength(body));
	res.end(body);
}

describe('HEAD', () => {
	test('a GET route answers HEAD with its headers and no body', async () => {
		const [head, get] = await differential(
			(framework) => {
				const app = framework();
				app.get('/g', (req, res) => {
					res.setHeader('X-Method', req.method);
					text(res, 'body of get');
				});
				return app;
			},
			[
				{ method: 'HEAD', path: '/g' },
				{ method: 'GET', path: '/g' },
			],
		);
		assert.equal(head.status, 200);
		assert.equal(head.headers['x-method'], 'HEAD');
		assert.equal(head.headers['content-length'], '11');
		assert.equal(head.body, '');
		assert.equal(get.body, 'body of get');
	});

	test('a HEAD handler registered before the GET one wins; one registered after does not', async () => {
		const [first, after] = await differential(
			(framework) => {
				const app = framework();
				app.head('/first', (_req, res) => {
					res.setHeader('X-Handler', 'head');
					res.end();
				});
				app.get('/first', (_req, res) => {
					res.setHeader('X-Handler', 'get');
					res.end();
				});
				app.get('/after', (_req, res) => {
					res.setHeader('X-Handler', 'get');
					res.end();
				});
				app.head('/after', (_req, res) => {
					res.setHeader('X-Handler', 'head');
					res.end();
				});
				return app;
			},
			[
				{ method: 'HEAD', path: '/first' },
				{ method: 'HEAD', path: '/after' },
			],
		);
		assert.equal(first.headers['x-handler'], 'head');
		assert.equal(after.headers['x-handler'], 'get');
	});

	test('a route with both GET and HEAD handlers runs only the HEAD one for HEAD', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app
					.route('/both')
					.get((_req, res, next) => {
						res.setHeader('X-Get', '1');
						next();
					})
					.head((_req, res) => {
						res.setHeader('X-Head', '1');
						res.end();
					});
				return app;
			},
			[{ method: 'HEAD', path: '/both' }],
		);
		assert.equal(response.headers['x-get'], undefined);
		assert.equal(response.headers['x-head'], '1');
	});

	test('HEAD of an unrouted path is a 404 without a body', async () => {
		const [response] = await differential((framework) => framework(), [{ method: 'HEAD', path: '/nothing' }]);
		assert.equal(response.status, 404);
		assert.equal(response.body, '');
	});
});

describe('automatic OPTIONS', () => {
	test('OPTIONS is answered with the methods routed for the path, HEAD included for GET', async () => {
		const [response, none, star] = await differential(
			(framework) => {
				const app = framework();
				app.get('/o', (_req, res) => res.end());
				app.post('/o', (_req, res) => res.end());
				app.route('/o').put((_req, res) => res.end());
				app.delete('/o/:id', (_req, res) => res.end());
				app.get('/o', (_req, res) => res.end());
				app.get('/other', (_req, res) => res.end());
				return app;
			},
			[
				{ method: 'OPTIONS', path: '/o' },
				{ method: 'OPTIONS', path: '/none' },
				{ method: 'OPTIONS', path: '/o/5' },
			],
		);
		assert.equal(response.status, 200);
		assert.equal(response.headers.allow, 'GET,HEAD,POST,PUT');
		assert.equal(response.body, 'GET,HEAD,POST,PUT');
		assert.equal(none.status, 404);
		assert.equal(star.headers.allow, 'DELETE');
	});

	test('app.all lists every method, and an explicit OPTIONS handler answers instead', async () => {
		const [all, explicit] = await differential(
			(framework) => {
				const app = framework();
				app.all('/all', (req, res, next) => (req.method === 'OPTIONS' ? next() : res.end()));
				app.options('/explicit', (_req, res) => {
					res.setHeader('Allow', 'custom');
					res.end('mine');
				});
				app.get('/explicit', (_req, res) => res.end());
				return app;
			},
			[
				{ method: 'OPTIONS', path: '/all' },
				{ method: 'OPTIONS', path: '/explicit' },
			],
		);
		assert.equal(all.status, 404);
		assert.equal(explicit.body, 'mine');
		assert.equal(explicit.headers.allow, 'custom');
	});

	test('OPTIONS collects methods across mounted routers and is answered by the innermost router', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router();
				router.get('/x', (_req, res) => res.end());
				router.patch('/x', (_req, res) => res.end());
				app.use('/r', router);
				app.post('/r/x', (_req, res) => res.end());
				return app;
			},
			[{ method: 'OPTIONS', path: '/r/x' }],
		);
		assert.equal(response.headers.allow, 'GET,HEAD,PATCH');
	});

	test('middleware may answer OPTIONS before the automatic answer, and an error prevents it', async () => {
		const [answered, failed] = await differential(
			(framework) => {
				const app = framework();
				app.get('/m', (_req, res) => res.end());
				app.use('/m', (_req, res) => {
					res.statusCode = 204;
					res.end();
				});
				app.get('/e', (_req, res) => res.end());
				app.use('/e', (_req, _res, next) => next(Object.assign(new Error('no'), { status: 403 })));
				return app;
			},
			[
				{ method: 'OPTIONS', path: '/m' },
				{ method: 'OPTIONS', path: '/e' },
			],
		);
		assert.equal(answered.status, 204);
		assert.equal(failed.status, 403);
	});
});
