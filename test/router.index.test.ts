/**
 * The router's route index (active from 16 layers) must not change which
 * layer answers: first match in registration order, with interleaved
 * middleware, regular expressions, `next('route')`, case folding, params and
 * `/seg/:x?` routes, and `router.stack` edited directly. Differential
 * against express@4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { type DiffRequest, differentialInProcess as differential, type Framework } from './helpers/differential';

type Traced = Request & { trail?: string[] };

function mark(label: string) {
	return (req: Request, _res: Response, next: NextFunction): void => {
		const traced = req as Traced;
		(traced.trail ??= []).push(label);
		next();
	};
}

function answer(label: string) {
	return (req: Request, res: Response): void => {
		res.setHeader('Content-Type', 'application/json');
		res.end(JSON.stringify({ label, trail: (req as Traced).trail ?? [], params: req.params, url: req.url, baseUrl: req.baseUrl }));
	};
}

/** 50+ layers mixing every kind of path the index treats differently. */
function buildMixed(framework: Framework, options: { caseSensitive?: boolean; strict?: boolean; terminal?: boolean } = {}) {
	const app = framework();
	if (options.caseSensitive) app.enable('case sensitive routing');
	if (options.strict) app.enable('strict routing');
	app.use(mark('global'));
	app.get('/', answer('root'));
	app.get('/users', answer('users list'));
	app.use('/users', mark('users mw'));
	app.get('/users/:id', (req, _res, next) => (req.params.id === 'skip' ? next('route') : next()), answer('user by id'));
	app.get('/users/:id', answer('user fallback'));
	app.get('/users/:id/posts/:post', answer('user post'));
	app.get(/^\/users\/(\d+)\/raw$/, answer('users regexp'));
	app.get('/Admin', answer('admin capital'));
	app.get('/admin', answer('admin lower'));
	app.use('/admin', mark('admin mw'));
	app.get('/admin/:page?', answer('admin page'));
	app.get('/files/*', answer('files star'));
	app.get('/files', answer('files root'));
	app.get('/a(b)?c', answer('abc group'));
	app.get('/ab+x', answer('ab+x'));
	app.get('/opt/:x?', answer('opt optional'));
	app.get('/opt.json', answer('opt json'));
	app.get('/seg/:x?', answer('seg optional'));
	app.get('/dotopt/.:ext?', answer('dot optional'));
	app.get('/qs/?tail', answer('optional slash'));
	app.get('/seg:x', answer('seg glued'));
	app.get('/:lang/docs', answer('lang docs'));
	app.get('/docs/:lang', answer('docs lang'));
	app.get('/v1|v2', answer('alternation'));
	app.get(['/arr1', '/arr2/:id'], answer('array'));
	app.get('/api/v1/items', answer('items'));
	app.post('/api/v1/items', answer('items post'));
	app.use('/api', mark('api mw'));
	app.get('/api/v1/items', answer('items after mw'));
	app.get('/api/:version/things', answer('things'));
	app.use('/api/v1', mark('api v1 mw'));
	app.get('/api/v1/*', answer('api v1 star'));
	app.get('/file.txt', answer('file.txt'));
	app.get('/file.:ext', answer('file ext'));
	app.get('/caf%C3%A9', answer('encoded literal'));
	app.get('/café', answer('raw literal'));
	app.get('/Mixed/Case', answer('mixed case'));
	app.all('/all/:x', answer('all'));
	app.get('/trail/', answer('trail slash'));
	app.get('/trail', answer('trail none'));
	app.use(/^\/re-mw/, mark('regexp mw'));
	app.get('/re-mw/x', answer('after regexp mw'));
	app.get('/:one', answer('catch one segment'));
	app.get('/:one/:two', answer('catch two segments'));
	for (let i = 0; i < 8; i++) app.get('/filler' + i, answer('filler' + i));
	if (options.terminal === false) return app;
	app.get('*', answer('star'));
	app.use((_req: Request, res: Response) => {
		res.statusCode = 404;
		res.end('custom 404');
	});
	return app;
}

const requests: DiffRequest[] = [
	'/',
	'/users',
	'/USERS',
	'/users/',
	'/users/7',
	'/users/skip',
	'/users/7/posts/3',
	'/users/7/raw',
	'/Admin',
	'/admin',
	'/ADMIN/x',
	'/admin/settings',
	'/files',
	'/files/a/b.txt',
	'/ac',
	'/abc',
	'/abbx',
	'/opt',
	'/opt.json',
	'/opt/1',
	'/seg',
	'/seg.json',
	'/seg/9',
	'/dotopt',
	'/dotopt./json',
	'/qstail',
	'/qs/tail',
	'/path#fragment',
	'*',
	'/segX',
	'/en/docs',
	'/docs/en',
	'/v1',
	'/v2',
	'/arr1',
	'/arr2/5',
	'/api/v1/items',
	'/API/V1/ITEMS',
	'/api/v2/things',
	'/api/v1/other/deep',
	'/file.txt',
	'/file.md',
	'/caf%C3%A9',
	'/mixed/case',
	'/all/1',
	'/trail/',
	'/trail',
	'/re-mw/x',
	'/zzz',
	'/zzz/yyy',
	'/filler3',
	'/a/b/c',
	'/users?x=1',
	'//double',
	'/%zz',
	'relative',
].map((path) => ({ path }));

describe('route index keeps first-match semantics', () => {
	test('50+ mixed layers answer ~50 requests exactly as express@4', async () => {
		const responses = await differential(
			(framework) => buildMixed(framework),
			[...requests, { method: 'POST', path: '/api/v1/items' }, { method: 'HEAD', path: '/users/1' }],
		);
		// Guard that the index is active: many layers, and answers come from several kinds of layers.
		assert.ok(responses.filter((r) => r.status === 200).length > 40);
	});

	test('with case sensitive routing', async () => {
		await differential((framework) => buildMixed(framework, { caseSensitive: true }), requests);
	});

	test('with strict routing', async () => {
		await differential((framework) => buildMixed(framework, { strict: true }), requests);
	});

	test('OPTIONS collects the methods of every matching route with the index active', async () => {
		const [api, users] = await differential(
			(framework) => buildMixed(framework, { terminal: false }),
			[
				{ method: 'OPTIONS', path: '/api/v1/items' },
				{ method: 'OPTIONS', path: '/users/3' },
			],
		);
		assert.equal(api.headers.allow, 'GET,HEAD,POST');
		assert.equal(users.headers.allow, 'GET,HEAD');
	});

	test('a router with many layers mounted under a path indexes the stripped path', async () => {
		await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router();
				for (let i = 0; i < 20; i++) router.get('/r' + i, answer('r' + i));
				router.use('/r5', mark('r5 mw'));
				router.get('/r5/:x', answer('r5 x'));
				router.get('/:any', answer('any'));
				app.use('/mount/:id', router);
				app.use('/plain', router);
				return app;
			},
			['/mount/1/r3', '/mount/1/r5/z', '/plain/r19', '/plain/R0', '/plain/nope', '/mount/x/'].map((path) => ({ path })),
		);
	});

	test('a middleware rewriting req.url is followed by a fresh lookup from the current position', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 10; i++) app.get('/before' + i, answer('before' + i));
				app.use((req, _res, next) => {
					if (req.url.startsWith('/old/')) req.url = req.url.replace('/old/', '/new/');
					if (req.url === '/back') req.url = '/before1';
					next();
				});
				for (let i = 0; i < 10; i++) app.get('/new/' + i, answer('new' + i));
				app.get('/old/:x', answer('old'));
				return app;
			},
			['/old/3', '/back', '/new/4', '/old/x'].map((path) => ({ path })),
		);
		assert.equal(JSON.parse(responses[0].body).label, 'new3');
		assert.equal(responses[1].status, 404);
	});

	test('the stack edited directly between requests (splice out, push in) is seen', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 20; i++) app.get('/r' + i, answer('r' + i));
				app.get('/edit', (_req, res) => {
					const stack = (app._router as { stack: { route?: { path: string } }[] }).stack;
					const at = stack.findIndex((layer) => layer.route?.path === '/r5');
					stack.splice(at, 1);
					app.get('/added', answer('added'));
					res.end('edited');
				});
				return app;
			},
			['/r5', '/added', '/edit', '/r5', '/added', '/r6'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404, 200, 404, 200, 200],
		);
	});

	test('a layer replaced in place in router.stack is seen by the next request', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 20; i++) app.get('/r' + i, answer('r' + i));
				app.get('/replace', (_req, res) => {
					const stack = (app as { _router: { stack: { route?: { path: string } }[] } })._router.stack;
					const spare = framework.Router();
					spare.get('/r5', answer('replacement'));
					stack[stack.findIndex((layer) => layer.route?.path === '/r5')] = spare.stack[0] as { route?: { path: string } };
					res.end('replaced');
				});
				return app;
			},
			['/r5', '/replace', '/r5', '/r6'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => (r.status === 200 && r.body.startsWith('{') ? JSON.parse(r.body).label : r.body)),
			['r5', 'replaced', 'replacement', 'r6'],
		);
	});

	test('two layers swapped in place in router.stack answer in their new order', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 20; i++) app.get('/r' + i, answer('r' + i));
				app.get('/swap', (_req, res) => {
					const stack = (app as { _router: { stack: { route?: { path: string } }[] } })._router.stack;
					const a = stack.findIndex((layer) => layer.route?.path === '/r3');
					const b = stack.findIndex((layer) => layer.route?.path === '/:any');
					[stack[a], stack[b]] = [stack[b], stack[a]];
					res.end('swapped');
				});
				app.get('/:any', answer('any'));
				// The stack's ends and length stay the same: only visiting a moved position shows the change.
				app.get('/tail/end', answer('tail'));
				return app;
			},
			['/r3', '/r9', '/swap', '/r3', '/r9', '/zzz'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => (r.status === 200 && r.body.startsWith('{') ? JSON.parse(r.body).label : r.body)),
			['r3', 'r9', 'swapped', 'any', 'any', 'any'],
		);
	});

	test('more than 1,024 layers under one prefix (chains too long to cache) keep their order', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 1100; i++) {
					app.use('/api', (req, res, next) => {
						if (req.url === '/stop/' + i) res.end('stopped at ' + i);
						else next();
					});
				}
				app.get('/api/x/:id', answer('x'));
				app.get('/api/:any/:id', answer('any'));
				return app;
			},
			['/api/x/1', '/api/y/2', '/api/stop/1099', '/api/stop/3', '/other'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 200, 200, 200, 404],
		);
	});

	test('a walk that branches at every level (literal and parameter children) falls back to the linear walk', async () => {
		await differential(
			(framework) => {
				const app = framework();
				// Every combination of `a` and `:p` over six levels: a request for /a/a/a/a/a/a reaches them all.
				for (let mask = 0; mask < 64; mask++) {
					let path = '';
					for (let level = 0; level < 6; level++) path += mask & (1 << level) ? '/:p' + level : '/a';
					app.get(path, answer('mask ' + mask));
				}
				app.get('/a/a/a/a/a/a/:last', answer('last'));
				return app;
			},
			['/a/a/a/a/a/a', '/b/a/a/a/a/a', '/a/b/a/b/a/b', '/a/a/a/a/a/a/z', '/A/A/A/A/A/A'].map((path) => ({ path })),
		);
	});

	test('routes registered during a request are reached by that same request', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 20; i++) app.get('/fixed' + i, answer('fixed' + i));
				let registered = false;
				app.use((_req, _res, next) => {
					if (!registered) {
						registered = true;
						app.use('/lazy', mark('lazy mw'));
						app.get('/lazy/:id', answer('lazy route'));
						for (let i = 0; i < 20; i++) app.get('/more' + i, answer('more' + i));
					}
					next();
				});
				return app;
			},
			['/lazy/1', '/lazy/2', '/more3', '/fixed3', '/none'].map((path) => ({ path })),
		);
		assert.equal(JSON.parse(responses[0].body).label, 'lazy route');
		assert.equal(responses[4].status, 404);
	});

	test('layers added after the first request are seen (the index is rebuilt)', async () => {
		await differential(
			(framework) => {
				const app = framework();
				for (let i = 0; i < 20; i++) app.get('/early' + i, answer('early' + i));
				app.get('/add', (_req, res) => {
					app.get('/late', answer('late'));
					res.end('added');
				});
				return app;
			},
			['/late', '/add', '/late', '/early7'].map((path) => ({ path })),
		);
	});
});
