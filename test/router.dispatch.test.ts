/**
 * Dispatch through the stack: `next()`, `next('route')`, `next('router')`,
 * `next(err)` to 4-arity error handlers, synchronous throws, `req.params`
 * reset between layers, `req.route`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';
import { differentialInProcess as differential } from './helpers/differential';

function text(res: Response, body: string, status = 200): void {
	res.statusCode = status;
	res.setHeader('Content-Type', 'text/plain');
	res.end(body);
}

describe('next', () => {
	test('next() runs the following matching layer, in registration order', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((req, _res, next) => {
					(req as Request & { trail: string[] }).trail = ['use'];
					next();
				});
				app.get('/x', (req, _res, next) => {
					(req as Request & { trail: string[] }).trail.push('get1');
					next();
				});
				app.post('/x', (_req, res) => text(res, 'post'));
				app.all('/x', (req, _res, next) => {
					(req as Request & { trail: string[] }).trail.push('all');
					next();
				});
				app.get('/x', (req, res) => text(res, (req as Request & { trail: string[] }).trail.join(',')));
				return app;
			},
			[{ path: '/x' }, { method: 'POST', path: '/x' }],
		);
		assert.equal(response.body, 'use,get1,all');
	});

	test("next('route') skips the rest of the route's handlers", async () => {
		const [skipped, kept] = await differential(
			(framework) => {
				const app = framework();
				app.get(
					'/r/:id',
					(req, _res, next) => (req.params.id === 'skip' ? next('route') : next()),
					(_req, res) => text(res, 'first route'),
				);
				app.get('/r/:id', (_req, res) => text(res, 'second route'));
				return app;
			},
			[{ path: '/r/skip' }, { path: '/r/keep' }],
		);
		assert.equal(skipped.body, 'second route');
		assert.equal(kept.body, 'first route');
	});

	test("next('route') in plain middleware acts as next()", async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, _res, next) => next('route'));
				app.get('/', (_req, res) => text(res, 'reached'));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'reached');
	});

	test("next('router') leaves the router and continues in its parent", async () => {
		const [response, fromRoute] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router();
				router.use((req, _res, next) => (req.url === '/leave' ? next('router') : next()));
				router.get('/leave', (_req, res) => text(res, 'inside'));
				router.get(
					'/route',
					(_req, _res, next) => next('router'),
					(_req, res) => text(res, 'inside'),
				);
				app.use(router);
				app.use((_req, res) => text(res, 'parent'));
				return app;
			},
			[{ path: '/leave' }, { path: '/route' }],
		);
		assert.equal(response.body, 'parent');
		assert.equal(fromRoute.body, 'parent');
	});

	test("next('router') at the app's top level ends in a 404", async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, _res, next) => next('router'));
				app.use((_req, res) => text(res, 'never'));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.status, 404);
	});

	test('next(err) skips regular handlers and reaches only 4-arity error handlers', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, _res, next) => next(new Error('boom')));
				app.use((_req, res) => text(res, 'regular'));
				app.get('/', (_req, res) => text(res, 'route'));
				app.use((err: Error, _req: Request, _res: Response, next: NextFunction) => next(new Error(err.message + ' again')));
				app.use((_err: Error, _req: Request, res: Response) => text(res, 'three-arity is not an error handler'));
				app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => text(res, 'handled ' + err.message, 500));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'handled boom again');
	});

	test('an error handler that calls next() resumes regular handlers', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, _res, next) => next(new Error('x')));
				app.use((_err: Error, _req: Request, _res: Response, next: NextFunction) => next());
				app.get('/', (_req, res) => text(res, 'recovered'));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'recovered');
	});

	test('error handlers inside a route receive errors of earlier handlers of that route', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.get(
					'/',
					() => {
						throw new Error('in route');
					},
					(err: Error, _req: Request, res: Response, _next: NextFunction) => text(res, 'route caught ' + err.message),
				);
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'route caught in route');
	});

	test('a synchronous throw in any handler reaches the error handlers', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.use('/mw', () => {
					throw new Error('middleware');
				});
				app.get('/route', () => {
					throw Object.assign(new Error('route'), { status: 418 });
				});
				app.use('/err', (_req, _res, next) => next(new Error('first')));
				app.use('/err', (_err: Error, _req: Request, _res: Response, _next: NextFunction) => {
					throw new Error('error handler');
				});
				app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => text(res, err.message, err.status ?? 500));
				return app;
			},
			[{ path: '/mw' }, { path: '/route' }, { path: '/err' }],
		);
		assert.deepEqual(
			responses.map((r) => [r.status, r.body]),
			[
				[500, 'middleware'],
				[418, 'route'],
				[500, 'error handler'],
			],
		);
	});

	test('a thrown non-Error value is passed on as is', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.get('/', () => {
					throw 'a string';
				});
				app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => text(res, typeof err + ':' + String(err), 500));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'string:a string');
	});

	test("req.next is middleware's next: a function named next, of length 1, new for each traversal", async () => {
		const [first, second] = await differential(
			(framework) => {
				const app = framework();
				let previous: unknown;
				app.use((req, res, next) => {
					const facts = [next.name, next.length, req.next === next, previous !== undefined && previous !== next];
					previous = next;
					text(res, facts.join(','));
				});
				return app;
			},
			[{ path: '/' }, { path: '/' }],
		);
		assert.equal(first.body, 'next,1,true,false');
		assert.equal(second.body, 'next,1,true,true');
	});
});

describe('request state between layers', () => {
	test('req.params belongs to the current layer and is reset for the next one', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				type Seen = Request & { seen: string[] };
				app.get('/p/:a', (req: Request, _res: Response, next: NextFunction) => {
					(req as Seen).seen = [JSON.stringify(req.params)];
					req.params.a = 'changed';
					req.params.extra = 'added';
					next();
				});
				app.use('/p/:b', (req: Request, _res: Response, next: NextFunction) => {
					(req as Seen).seen.push(JSON.stringify(req.params));
					next();
				});
				app.get('/p/:c', (req: Request, res: Response) => text(res, (req as Seen).seen.concat(JSON.stringify(req.params)).join(' ')));
				return app;
			},
			[{ path: '/p/1' }],
		);
		assert.equal(response.body, '{"a":"1"} {"b":"1"} {"c":"1"}');
	});

	test('req.route is the matched route, with path, stack and methods', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app
					.route('/things/:id')
					.all((_req, _res, next) => next())
					.get((req, res) => {
						const route = req.route;
						text(
							res,
							JSON.stringify({
								path: route.path,
								methods: route.methods,
								stack: route.stack.map((l: { method?: string; name: string }) => [l.method, l.name]),
							}),
						);
					});
				return app;
			},
			[{ path: '/things/3' }, { method: 'HEAD', path: '/things/3' }],
		);
		assert.deepEqual(JSON.parse(response.body), {
			path: '/things/:id',
			methods: { _all: true, get: true },
			stack: [
				[null, '<anonymous>'],
				['get', '<anonymous>'],
			],
		});
	});

	test('a handler registered with more than three parameters is skipped for requests', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use(((_a: unknown, _b: unknown, _c: unknown, _d: unknown, _e: unknown) => {
					throw new Error('never');
				}) as never);
				app.use((_req, res) => text(res, 'fine'));
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'fine');
	});

	test('the route stack walks more than 100 synchronous handlers of one route', async () => {
		const app = velox();
		const handlers = Array.from({ length: 500 }, () => (_req: unknown, _res: unknown, next: () => void) => next());
		app.get('/', handlers, (_req: Request, res: Response) => res.end('end of route'));
		const response = await request(app).get('/');
		assert.equal(response.text, 'end of route');
	});
});

describe('a bare router as the server listener', () => {
	test('answers 404 and errors with the default final handler instead of crashing (Express 4 throws)', async () => {
		const router = velox.Router();
		router.get('/ok', (_req: Request, res: Response) => res.end('ok'));
		router.get('/fail', () => {
			throw Object.assign(new Error('bare failure'), { status: 409 });
		});
		const server = request(router as unknown as Parameters<typeof request>[0]);
		assert.equal((await server.get('/ok')).text, 'ok');
		const missing = await server.get('/missing');
		assert.equal(missing.status, 404);
		assert.match(missing.text, /Cannot GET \/missing/);
		const failed = await server.get('/fail');
		assert.equal(failed.status, 409);
	});
});

describe('registration errors', () => {
	test('app.use, router.use and route methods reject non-functions with Express messages', () => {
		const app = velox();
		assert.throws(() => app.use('/x'), { name: 'TypeError', message: 'app.use() requires a middleware function' });
		const router = velox.Router();
		assert.throws(() => router.use('/x'), { name: 'TypeError', message: 'Router.use() requires a middleware function' });
		assert.throws(() => router.use('/x', {} as never), { name: 'TypeError', message: 'Router.use() requires a middleware function but got a Object' });
		assert.throws(() => router.use('/x', 'str' as never), { message: 'Router.use() requires a middleware function but got a string' });
		assert.throws(() => app.get('/x', {} as never), { name: 'Error', message: 'Route.get() requires a callback function but got a [object Object]' });
		assert.throws(() => app.route('/x').all(undefined as never), {
			name: 'TypeError',
			message: 'Route.all() requires a callback function but got a [object Undefined]',
		});
		assert.throws(() => app.get({} as never, () => {}), { name: 'TypeError', message: 'path must be a string, array of strings, or regular expression' });
	});
});
