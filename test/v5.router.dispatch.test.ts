import './helpers/line5';
/**
 * Velox 5's dispatch against express@5 (router 2): `next('route')`, `next('router')`, error
 * handlers, promises a handler returns or rejects (falsy reasons included), param callbacks,
 * `mergeParams`, `req.baseUrl`/`req.url` in mounted routers, HEAD through GET, the final handler.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DiffRequest, differential, type Framework } from './helpers/differential';

type Res = { status(code: number): Res; send(body: unknown): void; json(body: unknown): void; set(name: string, value: string): Res };

describe('Velox 5 dispatch', () => {
	test('next("route"), next("router"), errors and error handlers', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get(
				'/skip',
				(_req, _res, next) => next('route'),
				(_req, res) => res.send('not reached'),
			);
			app.get('/skip', (_req, res) => res.send('second route'));
			const router = framework.Router();
			router.use((_req, _res, next) => next('router'));
			router.get('/left', (_req, res) => res.send('not reached'));
			app.use('/r', router);
			app.get('/r/left', (_req, res) => res.send('after router'));
			app.get('/throw', () => {
				throw new Error('thrown');
			});
			app.get('/next-err', (_req, _res, next) => next(new Error('passed')));
			app.get('/status-err', (_req, _res, next) => next(Object.assign(new Error('teapot'), { status: 418 })));
			app.get('/string-err', (_req, _res, next) => next('a string'));
			app.use('/handled', (_req, _res, next) => next(new Error('to handler')));
			app.use('/handled', ((err: Error, _req: unknown, res: Res, _next: unknown) => res.status(503).send('handled ' + err.message)) as never);
			return app;
		};
		const responses = await differential(
			build,
			['/skip', '/r/left', '/throw', '/next-err', '/status-err', '/string-err', '/handled', '/nowhere'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 200, 500, 500, 418, 500, 503, 404],
		);
	});

	test('promises: a rejection reaches the error handlers; a falsy reason becomes an error', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/reject', async () => {
				throw new Error('async failure');
			});
			app.get('/reject-undefined', () => Promise.reject(undefined));
			app.get('/reject-null', () => Promise.reject(null));
			app.get('/reject-zero', () => Promise.reject(0));
			app.get('/resolve', async (_req, res) => {
				res.send('resolved');
			});
			app.param('id', async (_req, _res, _next, value) => {
				if (value === 'bad') throw new Error('bad param');
				_next();
			});
			app.get('/item/:id', (req, res) => res.send('item ' + req.params.id));
			app.use(((err: unknown, _req: unknown, res: Res, _next: unknown) => {
				res.status(500).json({ message: err instanceof Error ? err.message : String(err), isError: err instanceof Error });
			}) as never);
			return app;
		};
		const responses = await differential(
			build,
			['/reject', '/reject-undefined', '/reject-null', '/reject-zero', '/resolve', '/item/1', '/item/bad'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.body),
			[
				'{"message":"async failure","isError":true}',
				'{"message":"Rejected promise","isError":true}',
				'{"message":"Rejected promise","isError":true}',
				'{"message":"Rejected promise","isError":true}',
				'resolved',
				'item 1',
				'{"message":"bad param","isError":true}',
			],
		);
	});

	test('mounted routers: baseUrl, url, mergeParams, HEAD through GET, param callbacks once per value', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const calls: string[] = [];
			const users = framework.Router({ mergeParams: true });
			users.param('post', (_req, _res, next, value) => {
				calls.push(String(value));
				next();
			});
			users.get('/posts/:post', (req, res, next) => {
				res.set('X-Params', JSON.stringify(req.params));
				next();
			});
			users.get('/posts/:post', (req, res) => {
				res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url, originalUrl: req.originalUrl, calls });
			});
			app.use('/users/:user', users);
			app.get('/head', (req, res) => res.send('method ' + req.method));
			return app;
		};
		const requests: DiffRequest[] = [{ path: '/users/7/posts/9?x=1' }, { method: 'HEAD', path: '/head' }, { path: '/head' }];
		const responses = await differential(build, requests);
		assert.deepEqual(JSON.parse(responses[0].body).params, { user: '7', post: '9' });
		assert.equal(responses[2].body, 'method GET');
	});

	test('edge signals: next("router") at the app, next("route") in middleware, errors thrown by error handlers', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/app-router', (_req, _res, next) => next('router'));
			app.use('/mw-route', (_req, _res, next) => next('route'));
			app.get('/mw-route', (_req, res) => res.send('after middleware route'));
			app.get('/rethrow', () => {
				throw new Error('first');
			});
			app.use('/rethrow', ((err: Error, _req: unknown, _res: unknown, _next: unknown) => {
				throw new Error('second after ' + err.message);
			}) as never);
			app.use(((err: Error, _req: unknown, res: Res, _next: unknown) => res.status(500).send(err.message)) as never);
			return app;
		};
		const responses = await differential(
			build,
			['/app-router', '/mw-route', '/rethrow'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[404, 200, 500],
		);
		assert.equal(responses[2].body, 'second after first');
	});
});
