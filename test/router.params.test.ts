/**
 * Param callbacks (`app.param`, `router.param`): once per request per value,
 * before the route's handlers, in declared order, local to their router;
 * errors and `next('route')` from them; the array and deprecated forms.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import velox from '../src/express';
import { differentialInProcess as differential } from './helpers/differential';

type Traced = Request & { trace?: string[] };

function trace(req: Request, entry: string): void {
	const traced = req as Traced;
	(traced.trace ??= []).push(entry);
}

function sendTrace(req: Request, res: Response): void {
	res.setHeader('Content-Type', 'text/plain');
	res.end(((req as Traced).trace ?? []).join(' '));
}

function errorText(err: Error, _req: Request, res: Response, _next: NextFunction): void {
	res.statusCode = 500;
	res.end('error ' + err.message);
}

describe('app.param', () => {
	test('the deprecated forms warn with Express wording (first: depd warns once per call site)', async () => {
		const seen: string[] = [];
		const listener = (err: Error): void => {
			seen.push(err.message);
		};
		process.on('deprecation', listener);
		try {
			const app = velox();
			app.param((() => undefined) as never);
			app.param(':name', (_req, _res, next) => next());
		} finally {
			process.off('deprecation', listener);
		}
		assert.deepEqual(seen, ['router.param(fn): Refactor to use path params', 'router.param(":name", fn): Use router.param("name", fn) instead']);
	});
	test('a param callback runs once per value, before the handlers, even across routes', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.param('id', (req, _res, next, value, name) => {
					trace(req, 'param:' + name + '=' + value);
					next();
				});
				app.get('/u/:id', (req, _res, next) => {
					trace(req, 'first:' + req.params.id);
					next();
				});
				app.get('/u/:id', (req, _res, next) => {
					trace(req, 'second:' + req.params.id);
					next();
				});
				app.get('/u/:id', sendTrace);
				return app;
			},
			[{ path: '/u/7' }],
		);
		assert.equal(response.body, 'param:id=7 first:7 second:7');
	});

	test('a param callback runs again when the value differs, and can replace the value', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.param('id', (req, _res, next, value) => {
					trace(req, 'param=' + value);
					req.params.id = 'user-' + value;
					next();
				});
				app.get('/a/:id/*', (req, _res, next) => {
					trace(req, 'a:' + req.params.id);
					next();
				});
				app.get('/a/:x/:id', (req, _res, next) => {
					trace(req, 'b:' + req.params.id);
					next();
				});
				app.get('/a/:id/:y', (req, res) => {
					trace(req, 'c:' + req.params.id);
					sendTrace(req, res);
				});
				return app;
			},
			[{ path: '/a/1/2' }],
		);
		assert.equal(response.body, 'param=1 a:user-1 param=2 b:user-2 param=1 c:user-1');
	});

	test('several callbacks for one name run in registration order, names in path order', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.param('b', (req, _res, next) => {
					trace(req, 'b1');
					next();
				});
				app.param('a', (req, _res, next) => {
					trace(req, 'a1');
					next();
				});
				app.param('a', (req, _res, next) => {
					trace(req, 'a2');
					next();
				});
				app.get('/:a/:b', sendTrace);
				return app;
			},
			[{ path: '/1/2' }],
		);
		assert.equal(response.body, 'a1 a2 b1');
	});

	test('an array of names registers the callback for each name', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.param(['from', 'to'], (req, _res, next, value, name) => {
					trace(req, name + '=' + value);
					next();
				});
				app.get('/:from-:to', sendTrace);
				return app;
			},
			[{ path: '/x-y' }],
		);
		assert.equal(response.body, 'from=x to=y');
	});

	test('an error from a param callback skips the route and is remembered for the request', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.param('id', (req, _res, next, value) => {
					trace(req, 'param');
					if (value === 'bad') next(new Error('bad id'));
					else if (value === 'throw') throw new Error('thrown in param');
					else next();
				});
				app.get('/i/:id', (_req, res) => res.end('route'));
				app.get('/i/:id', (_req, res) => res.end('second route'));
				app.use((err: Error, req: Request, res: Response, _next: NextFunction) => {
					res.statusCode = 500;
					res.end(err.message + ' ' + ((req as Traced).trace ?? []).join(','));
				});
				return app;
			},
			[{ path: '/i/bad' }, { path: '/i/throw' }, { path: '/i/ok' }],
		);
		assert.deepEqual(
			responses.map((r) => r.body),
			['bad id param', 'thrown in param param', 'route'],
		);
	});

	test("next('route') from a param callback skips every route with that value, not routes without the param", async () => {
		const [response, other] = await differential(
			(framework) => {
				const app = framework();
				app.param('id', (req, _res, next, value) => {
					trace(req, 'param');
					if (value === 'skip') next('route');
					else next();
				});
				app.get('/s/:id', (_req, res) => res.end('first'));
				app.get('/s/:id', (_req, res) => res.end('second'));
				app.get('/s/*', sendTrace);
				return app;
			},
			[{ path: '/s/skip' }, { path: '/s/keep' }],
		);
		// The callback ran once; its 'route' is remembered for the value, so the second route is skipped too.
		assert.equal(response.body, 'param');
		assert.equal(other.body, 'first');
	});

	test('param callbacks are local: not inherited by mounted routers, not run for parent params', async () => {
		const [response, inner] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router({ mergeParams: true });
				app.param('id', (req, _res, next) => {
					trace(req, 'app-param');
					next();
				});
				router.param('id', (req, _res, next) => {
					trace(req, 'router-param');
					next();
				});
				router.get('/', sendTrace);
				router.get('/:id', sendTrace);
				app.use('/outer/:id', router);
				return app;
			},
			[{ path: '/outer/1' }, { path: '/outer/1/2' }],
		);
		assert.equal(response.body, 'app-param');
		assert.equal(inner.body, 'app-param router-param');
	});

	test('the deprecated function form turns (name, argument) into a param callback', async () => {
		const [ok, rejected] = await differential(
			(framework) => {
				const app = framework();
				app.param(((_name: string, pattern: unknown) => {
					if (!(pattern instanceof RegExp)) return undefined;
					return (_req: Request, _res: Response, next: NextFunction, value: string) => {
						if (pattern.test(value)) next();
						else next('route');
					};
				}) as never);
				app.param('id', /^\d+$/ as never);
				app.get('/n/:id', (_req, res) => res.end('number'));
				app.get('/n/*', (_req, res) => res.end('other'));
				return app;
			},
			[{ path: '/n/12' }, { path: '/n/ab' }],
		);
		assert.equal(ok.body, 'number');
		assert.equal(rejected.body, 'other');
	});

	test('a ":name" param name is accepted, without its colon', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.param(':id', (req, _res, next) => {
					trace(req, 'colon');
					next();
				});
				app.get('/c/:id', sendTrace);
				app.use(errorText);
				return app;
			},
			[{ path: '/c/1' }],
		);
		assert.equal(response.body, 'colon');
	});

	test('param() without a callback function throws Express message', () => {
		const app = velox();
		assert.throws(() => app.param('id', undefined as never), { message: 'invalid param() call for id, got undefined' });
		const router = velox.Router();
		assert.throws(() => router.param('id', 'nope' as never), { message: 'invalid param() call for id, got nope' });
	});

	test('app.param returns the app and router.param the router, for chaining', () => {
		const app = velox();
		assert.equal(
			app.param('x', (_req, _res, next) => next()),
			app,
		);
		const router = velox.Router();
		assert.equal(
			router.param('x', (_req, _res, next) => next()),
			router,
		);
	});
});
