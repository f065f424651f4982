/**
 * `app._router.stack` and `router.stack` as introspection tools read them
 * (route listings, debuggers): layer names, keys, compiled regular
 * expressions and routes are Express 4's. Express puts its `query` and
 * `expressInit` middleware first in an app's stack; Velox does that work in
 * `app.handle`, so only the layers the user registered are compared.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import type { NextFunction, Request, Response } from 'express';
import { differential, type Framework, frameworks } from './helpers/differential';
import type { HttpResponse } from './helpers/client';

interface LayerLike {
	name: string;
	keys: { name: string | number; optional: boolean; offset: number }[];
	regexp: RegExp & { fast_slash?: boolean; fast_star?: boolean };
	route?: { path: unknown; methods: Record<string, boolean>; stack: LayerLike[] };
	method?: string;
	match(path: string): boolean;
	params?: Record<string, unknown>;
	path?: string;
}

function describeLayer(layer: LayerLike): Record<string, unknown> {
	return {
		name: layer.name,
		keys: layer.keys,
		regexp: layer.regexp.source + '/' + layer.regexp.flags,
		fastSlash: layer.regexp.fast_slash,
		fastStar: layer.regexp.fast_star,
		route: layer.route && { path: String(layer.route.path), methods: layer.route.methods, stack: layer.route.stack.map((inner) => [inner.name, inner.method]) },
	};
}

function namedMiddleware(_req: Request, _res: Response, next: NextFunction): void {
	next();
}

function build(framework: Framework) {
	const app = framework();
	app.use(namedMiddleware);
	app.use('/mw', (_req, _res, next) => next());
	app.get('/users/:id(\\d+)', namedMiddleware, (_req, res) => res.end());
	app.post('/files/:name.:ext?', (_req, res) => res.end());
	app.all('/all/*', (_req, res) => res.end());
	app.get('*', (_req, res) => res.end());
	app.get(/^\/re\/(\d+)(?:\/(?<slug>\w+))?$/, (_req, res) => res.end());
	app.get(['/a/:x', '/b/:y?', /^\/c\/(\w)$/], (_req, res) => res.end());
	app.route('/flights/:from-:to').get((_req, res) => res.end());
	app.use('/router', framework.Router());
	app.get('/abc?d+e*(fg)?', (_req, res) => res.end());
	const router = framework.Router({ strict: true, caseSensitive: true });
	router.get('/Strict/', (_req, res) => res.end());
	router.use('/Use/', (_req, _res, next) => next());
	return { app, router };
}

function stacks(framework: Framework): { app: LayerLike[]; router: LayerLike[] } {
	const { app, router } = build(framework);
	const appStack = (app._router as { stack: LayerLike[] }).stack;
	return { app: appStack, router: (router as unknown as { stack: LayerLike[] }).stack };
}

test('the layers of app and router stacks are described as in Express 4', () => {
	const expected = stacks(frameworks.express);
	const actual = stacks(frameworks.velox);
	assert.deepEqual(actual.app.map(describeLayer), expected.app.map(describeLayer));
	assert.deepEqual(actual.router.map(describeLayer), expected.router.map(describeLayer));
	assert.equal(actual.app[2].name, 'namedMiddleware');
});

test('an app stack starts with query and expressInit, as in Express 4', () => {
	const names = (framework: Framework): string[] => {
		const app = framework();
		app.get('/', (_req, res) => res.end());
		return (app._router as { stack: LayerLike[] }).stack.map((layer) => layer.name);
	};
	assert.deepEqual(names(frameworks.express), ['query', 'expressInit', 'bound dispatch']);
	assert.deepEqual(names(frameworks.velox), ['query', 'expressInit', 'bound dispatch']);
});

test('layer.match sets params and path as Express does', () => {
	const expected = stacks(frameworks.express).app;
	const actual = stacks(frameworks.velox).app;
	const paths = [
		'/',
		'/mw/x',
		'/users/12',
		'/users/x',
		'/files/a.txt',
		'/files/a',
		'/all/x/y',
		'/re/1/slug',
		'/re/2',
		'/b',
		'/c/z',
		'/flights/a-b',
		'/router/x',
		'/abddeeefg',
		'/caf%C3%A9',
		'/a/%E2%82%AC',
	];
	for (const path of paths) {
		for (let i = 0; i < actual.length; i++) {
			const result = actual[i].match(path);
			assert.equal(result, expected[i].match(path), path + ' layer ' + i);
			assert.deepEqual({ ...actual[i].params }, { ...expected[i].params }, path + ' layer ' + i + ' params');
			assert.equal(actual[i].path, expected[i].path, path + ' layer ' + i + ' path');
		}
	}
});

test('instrumentation that wraps layer.handle sees each layer a request passes, with its name and route, as in Express 4', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			const trail: string[] = [];
			app.use(namedMiddleware);
			const sub = framework();
			sub.get('/inner/:id', (_req, res) => res.end(trail.join(',')));
			const router = framework.Router();
			router.get('/r/:x', (_req, res) => res.end(trail.join(',')));
			for (let i = 0; i < 20; i++) app.get('/filler' + i, (_req, res) => res.end());
			app.use('/sub', sub);
			app.use('/router', router);
			app.get('/users/:id', (_req, res) => res.end(trail.join(',')));
			app.use((_req, res) => res.end('end ' + trail.join(',')));
			// Wrap like OpenTelemetry's express instrumentation: same arity, reads layer.name and layer.route.
			const wrap = (stack: LayerLike[]) => {
				for (const layer of stack as (LayerLike & { handle: (...args: unknown[]) => unknown })[]) {
					if (layer.name === 'query' || layer.name === 'expressInit') continue;
					const original = layer.handle;
					const label = layer.name + (layer.route ? ' ' + String(layer.route.path) : '');
					layer.handle = function wrapped(this: unknown, req: unknown, res: unknown, next: unknown) {
						trail.push(label);
						return original.call(this, req, res, next);
					};
				}
			};
			wrap((app as { _router: { stack: LayerLike[] } })._router.stack);
			wrap((router as unknown as { stack: LayerLike[] }).stack);
			app.use((_req, _res, next) => {
				trail.length = 0;
				next();
			});
			(app as { _router: { stack: LayerLike[] } })._router.stack.unshift((app as { _router: { stack: LayerLike[] } })._router.stack.pop()!);
			return app;
		},
		['/users/1', '/sub/inner/2', '/router/r/3', '/nowhere'].map((path) => ({ path })),
	);
	assert.equal(responses[0].body, 'namedMiddleware,bound dispatch /users/:id');
	assert.equal(responses[1].body, 'namedMiddleware,mounted_app');
	assert.equal(responses[2].body, 'namedMiddleware,router,bound dispatch /r/:x');
});

test('a layer.handle replaced between requests is called by its new arity, as in Express 4 (the arity is read again for a new function)', async () => {
	await differential(
		(framework) => {
			const app = framework();
			const seen: string[] = [];
			app.use(function first(_req, _res, next) {
				seen.push('first');
				next();
			});
			app.use(function second(_req, _res, next) {
				seen.push('second');
				next();
			});
			app.get('/swap', (_req, res) => {
				const stack = (app as unknown as { _router: { stack: (LayerLike & { handle: unknown })[] } })._router.stack;
				const layers = stack.filter((layer) => layer.name === 'first' || layer.name === 'second');
				// The first becomes an error handler (four parameters: skipped without an error), the
				// second a wrapper of another arity.
				layers[0].handle = (_err: unknown, _req: unknown, _res: unknown, next: () => void) => {
					seen.push('first as error handler');
					next();
				};
				layers[1].handle = (_req: unknown, _res: unknown, next: () => void) => {
					seen.push('second wrapped');
					next();
				};
				seen.length = 0;
				res.end('swapped');
			});
			app.get('/seen', (_req, res) => res.end(seen.join(',')));
			return app;
		},
		[
			{ method: 'GET', path: '/seen' },
			{ method: 'GET', path: '/swap' },
			{ method: 'GET', path: '/seen' },
			{ method: 'GET', path: '/seen' },
		],
	).then((responses) => {
		assert.equal(responses[0].body.toString(), 'first,second');
		assert.equal(responses[2].body.toString(), 'second wrapped');
	});
});

/** The layer of the route an app registered at `path`. */
function routeLayer(app: unknown, path: string): LayerLike | undefined {
	return (app as { _router: { stack: LayerLike[] } })._router.stack.find((candidate) => candidate.route?.path === path);
}

/** Each response as `status body`, the body only for a 200. */
function statusLines(responses: HttpResponse[]): string[] {
	return responses.map((response) => `${response.status} ${response.status === 200 ? response.body : ''}`);
}

test('route regexps match as in Express 4: Velox-built, assigned to layer.regexp between requests, or passed in global (lastIndex moves)', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.get('/items/:id', (req, res) => res.end(`item ${req.params.id}`));
			app.get(/^\/g\/(\d+)$/g, (req, res) => res.end(`g ${req.params[0]}`));
			app.get('/retarget', (_req, res) => {
				const layer = routeLayer(app, '/items/:id');
				if (layer) {
					// What route-rewriting helpers do: the layer now answers /things/:id.
					layer.regexp = /^\/things\/(?:([^/]+?))\/?$/i;
				}
				res.end('retargeted');
			});
			return app;
		},
		[
			{ method: 'GET', path: '/items/1' },
			{ method: 'GET', path: '/ITEMS/2/' },
			{ method: 'GET', path: '/g/1' },
			{ method: 'GET', path: '/g/2' },
			{ method: 'GET', path: '/g/3' },
			{ method: 'GET', path: '/retarget' },
			{ method: 'GET', path: '/items/3' },
			{ method: 'GET', path: '/things/4' },
		],
	);
	assert.deepEqual(statusLines(responses), ['200 item 1', '200 item 2', '200 g 1', '404 ', '200 g 3', '200 retargeted', '404 ', '200 item 4']);
});

test('a regexp assigned to a literal route in a large stack, by a middleware of the same request, matches from then on as in Express 4', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				if (req.query.retarget !== undefined) {
					const layer = routeLayer(app, '/page/7');
					if (layer) layer.regexp = /^\/renamed\/7\/?$/i;
				}
				next();
			});
			// Enough routes that Velox indexes the stack.
			for (let i = 0; i < 40; i++) app.get(`/page/${i}`, (_req, res) => res.end(`page ${i}`));
			return app;
		},
		[
			{ method: 'GET', path: '/page/7' },
			{ method: 'GET', path: '/renamed/7' },
			{ method: 'GET', path: '/renamed/7?retarget' },
			{ method: 'GET', path: '/page/7' },
			{ method: 'GET', path: '/page/8' },
			{ method: 'GET', path: '/RENAMED/7/' },
		],
	);
	assert.deepEqual(statusLines(responses), ['200 page 7', '404 ', '200 page 7', '404 ', '200 page 8', '200 page 7']);
});

test('console.log of a layer shows its regexp as Express 4 does (not an accessor), before and after one is assigned', () => {
	const regexpLine = (framework: Framework, assign: boolean): string | undefined => {
		const app = framework();
		app.get('/items/:id', (_req: Request, res: Response) => res.end());
		const stack = (app as unknown as { _router: { stack: LayerLike[] } })._router.stack;
		const layer = stack[stack.length - 1];
		if (assign) layer.regexp = /^\/things\/?$/i;
		const text = inspect(layer);
		assert.match(text, /^Layer \{/);
		return text.split('\n').find((line) => line.trimStart().startsWith('regexp:'));
	};
	for (const assign of [false, true]) {
		const expected = regexpLine(frameworks.express, assign);
		assert.ok(expected?.includes(assign ? '/^\\/things\\/?$/i' : 'fast_slash: false'), expected);
		assert.equal(regexpLine(frameworks.velox, assign), expected);
	}
});

test("a layer given another layer's fast_slash regexp matches every path, as Express 4's match reads the flag from the regexp", async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.use((_req, _res, next) => next());
			app.get('/only', (_req, res) => res.end('only'));
			app.get('/widen', (_req, res) => {
				const stack = (app as unknown as { _router: { stack: LayerLike[] } })._router.stack;
				const slash = stack.find((candidate) => candidate.regexp.fast_slash === true);
				const layer = routeLayer(app, '/only');
				if (slash && layer) layer.regexp = slash.regexp;
				res.end('widened');
			});
			return app;
		},
		[
			{ method: 'GET', path: '/elsewhere' },
			{ method: 'GET', path: '/widen' },
			{ method: 'GET', path: '/elsewhere' },
			{ method: 'GET', path: '/only' },
		],
	);
	assert.deepEqual(statusLines(responses), ['404 ', '200 widened', '200 only', '200 only']);
});
