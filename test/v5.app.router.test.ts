import './helpers/line5';
/**
 * Velox 5's `app.router` (lines/: application.routerGetter) against express@5: a public getter that
 * makes the router on first read, with the app's routing settings and no built-in layers; no
 * `app._router`, no `app.lazyrouter`; `req.query` read through the app's setting on every read
 * (request.queryPerRead); mounted apps.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inspect } from 'node:util';
import express5 from 'express5';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

type Loose = Record<string, unknown>;

describe('Velox 5 app.router', () => {
	test('a public, enumerable getter; no _router or lazyrouter; the same router on every read', () => {
		const shape = (framework: typeof velox) => {
			const app = framework();
			const own = Object.getOwnPropertyDescriptor(app, 'router');
			const before = (app as unknown as Loose)._router;
			const router = app.router as unknown as { stack: unknown[]; caseSensitive: unknown; strict: unknown };
			return {
				getter: typeof own?.get,
				enumerable: own?.enumerable,
				configurable: own?.configurable,
				setter: own?.set,
				same: app.router === (router as unknown),
				stack: router.stack.length,
				caseSensitive: router.caseSensitive,
				strict: router.strict,
				_router: before,
				underscoreAfter: (app as unknown as Loose)._router,
				lazyrouter: 'lazyrouter' in app,
				keys: Object.keys(app).includes('router'),
			};
		};
		const expected = shape(express5 as unknown as typeof velox);
		assert.deepEqual(expected, {
			getter: 'function',
			enumerable: true,
			configurable: true,
			setter: undefined,
			same: true,
			stack: 0,
			caseSensitive: false,
			strict: false,
			_router: undefined,
			underscoreAfter: undefined,
			lazyrouter: false,
			keys: true,
		});
		assert.deepEqual(shape(velox), expected);
	});

	test('settings, cache and engines have no prototype; routers are instances of Router', () => {
		const shape = (framework: typeof velox) => {
			const app = framework();
			const Router = framework.Router as unknown as new () => unknown;
			return {
				tables: [app.settings, app.cache, app.engines, app.locals].map((table) => Object.getPrototypeOf(table) === null),
				instance: app.router instanceof (Router as unknown as typeof Function),
				made: framework.Router() instanceof (Router as unknown as typeof Function),
				newed: typeof new Router(),
				prototypeUse: typeof (Router.prototype as Loose).use,
				prototypeRoute: typeof (Router.prototype as Loose).route,
				constructorString: 'constructor' in app.settings,
				routerKeys: Object.keys(framework.Router()).sort(),
				routeMethodsProto: Object.getPrototypeOf(framework.Router().route('/').methods) === null,
				// How node shows them (logs, debuggers): as Express 5's `Object.create(null)` tables.
				shown: [
					app.settings,
					framework
						.Router()
						.route('/')
						.get(() => {}).methods,
				].map((table) => inspect(table).split(' {')[0]),
			};
		};
		const expected = shape(express5 as unknown as typeof velox);
		assert.deepEqual(expected, {
			tables: [true, true, true, true],
			instance: true,
			made: true,
			newed: 'function',
			prototypeUse: 'function',
			prototypeRoute: 'function',
			constructorString: false,
			routerKeys: ['caseSensitive', 'mergeParams', 'params', 'stack', 'strict'],
			routeMethodsProto: true,
			shown: ['[Object: null prototype]', '[Object: null prototype]'],
		});
		assert.deepEqual(shape(velox), expected);
	});

	test('the router takes the routing settings in force when it is first read', () => {
		const shape = (framework: typeof velox) => {
			const app = framework();
			app.enable('case sensitive routing');
			app.enable('strict routing');
			const router = app.router as unknown as { caseSensitive: unknown; strict: unknown };
			app.disable('strict routing');
			return { caseSensitive: router.caseSensitive, strict: router.strict };
		};
		assert.deepEqual(shape(velox), shape(express5 as unknown as typeof velox));
		assert.deepEqual(shape(velox), { caseSensitive: true, strict: true });
	});

	test('the stack holds only what the app registered: no query or expressInit layer', () => {
		const names = (framework: typeof velox) => {
			const app = framework();
			app.use(function logger(_req, _res, next) {
				next();
			});
			app.get('/', (_req, res) => res.end());
			return (app.router as unknown as { stack: { name: string }[] }).stack.map((layer) => layer.name);
		};
		// A route's layer is router 2's function `handle` (Express 4's is `bound dispatch`).
		assert.deepEqual(names(express5 as unknown as typeof velox), ['logger', 'handle']);
		assert.deepEqual(names(velox), ['logger', 'handle']);
	});

	test('routes added through app.router answer; a request to an app without routes is a 404', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const router = (app as unknown as { router: ReturnType<Framework['Router']> }).router;
			router.get('/direct', (_req, res) => {
				res.send('through app.router');
			});
			return app;
		};
		const responses = await differential(build, [{ path: '/direct' }, { path: '/missing' }]);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404],
		);
		const [empty] = await differential((framework) => framework(), [{ path: '/' }]);
		assert.equal(empty.status, 404);
	});

	test('req.query: parsed from req.url on each read with the setting in force; a fresh object each time', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				const first = req.query;
				(first as Loose).added = 'yes';
				const second = req.query;
				app.set('query parser', 'extended');
				const extended = req.query;
				app.set('query parser', false);
				const off = req.query;
				app.set('query parser', 'simple');
				res.json({ first, second, same: first === second, extended, off, offProto: Object.getPrototypeOf(off) === null });
			});
			return app;
		};
		const [response] = await differential(build, [{ path: '/?a[b]=1&c=2&c=3' }]);
		assert.deepEqual(JSON.parse(response.body), {
			first: { 'a[b]': '1', c: ['2', '3'], added: 'yes' },
			second: { 'a[b]': '1', c: ['2', '3'] },
			same: false,
			extended: { a: { b: '1' }, c: ['2', '3'] },
			off: {},
			offProto: true,
		});
	});

	test('the extended parser keeps qs’s arrayLimit (20), as express@5', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('query parser', 'extended');
			app.get('/', (req, res) => res.json(req.query));
			return app;
		};
		const many = Array.from({ length: 25 }, (_, i) => `c[]=${i}`).join('&');
		const responses = await differential(build, [{ path: '/?a[25]=x&a[2]=y' }, { path: '/?b[19]=x' }, { path: `/?${many}` }]);
		assert.deepEqual(JSON.parse(responses[0].body), { a: { 2: 'y', 25: 'x' } });
		assert.deepEqual(JSON.parse(responses[1].body), { b: ['x'] });
	});

	test('req.query has no setter: assignment throws in strict code', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				try {
					(req as unknown as Loose).query = { replaced: true };
					res.send('assigned');
				} catch (err) {
					res.send((err as Error).name);
				}
			});
			return app;
		};
		const [response] = await differential(build, [{ path: '/?a=1' }]);
		assert.equal(response.body, 'TypeError');
	});

	test('req.query in a mounted app and router reads the mounted app’s setting', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const sub = framework();
			sub.set('query parser', 'extended');
			sub.get('/q', (req, res) => res.json({ query: req.query, url: req.url, baseUrl: req.baseUrl }));
			const router = framework.Router();
			router.get('/q', (req, res) => res.json({ query: req.query, url: req.url, baseUrl: req.baseUrl }));
			app.use('/sub', sub);
			app.use('/router', router);
			return app;
		};
		const responses = await differential(build, [{ path: '/sub/q?x[y]=1' }, { path: '/router/q?x[y]=1' }]);
		assert.deepEqual(JSON.parse(responses[0].body).query, { x: { y: '1' } });
		assert.deepEqual(JSON.parse(responses[1].body).query, { 'x[y]': '1' });
	});

	test('mounted apps: settings, prototypes, paths, errors and next() back to the parent', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const sub = framework();
			const blog = framework();
			app.set('title', 'parent');
			sub.get('/', (req, res) => {
				res.json({
					title: sub.get('title'),
					mountpath: sub.mountpath,
					path: sub.path(),
					baseUrl: req.baseUrl,
					originalUrl: req.originalUrl,
					sameApp: req.app === sub,
				});
			});
			sub.get('/fail', () => {
				throw new Error('sub failed');
			});
			sub.get('/pass', (_req, _res, next) => next());
			blog.get('/', (req, res) => res.json({ path: blog.path(), baseUrl: req.baseUrl }));
			sub.use('/blog', blog);
			app.use(['/sub', '/other'], sub);
			app.get('/sub/pass', (req, res) => res.json({ backInParent: req.app === app, baseUrl: req.baseUrl }));
			app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
				res.status(500).send('parent caught: ' + err.message);
			});
			return app;
		};
		const responses = await differential(build, [
			{ path: '/sub' },
			{ path: '/other/' },
			{ path: '/sub/fail' },
			{ path: '/sub/pass' },
			{ path: '/sub/blog' },
			{ path: '/sub/missing' },
		]);
		assert.deepEqual(JSON.parse(responses[0].body), {
			title: 'parent',
			mountpath: ['/sub', '/other'],
			path: '/sub,/other',
			baseUrl: '/sub',
			originalUrl: '/sub',
			sameApp: true,
		});
		assert.equal(responses[2].body, 'parent caught: sub failed');
		assert.deepEqual(JSON.parse(responses[3].body), { backInParent: true, baseUrl: '' });
		assert.deepEqual(JSON.parse(responses[4].body), { path: '/sub,/other/blog', baseUrl: '/sub/blog' });
		assert.equal(responses[5].status, 404);
	});

	test('app.handle with a callback: the router’s end calls it instead of the final handler', async () => {
		const build = (framework: Framework) => {
			const outer = framework();
			const inner = framework();
			inner.get('/known', (_req, res) => res.send('inner'));
			outer.use((req, res) => {
				(inner as unknown as { handle(...a: unknown[]): void }).handle(req, res, (err?: unknown) => {
					res.send('fell through ' + String(err));
				});
			});
			return outer;
		};
		const responses = await differential(build, [{ path: '/known' }, { path: '/unknown' }]);
		assert.deepEqual(
			responses.map((r) => r.body),
			['inner', 'fell through undefined'],
		);
	});
});
