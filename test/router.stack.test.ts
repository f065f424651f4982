/**
 * `app._router.stack` and `router.stack` as introspection tools read them
 * (route listings, debuggers): layer names, keys, compiled regular
 * expressions and routes are Express 4's. Express puts its `query` and
 * `expressInit` middleware first in an app's stack; Velox does that work in
 * `app.handle`, so only the layers the user registered are compared.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { type Framework, frameworks } from './helpers/differential';

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
	const userLayers = framework === frameworks.express ? appStack.slice(2) : appStack;
	return { app: userLayers, router: (router as unknown as { stack: LayerLike[] }).stack };
}

test('the layers of app and router stacks are described as in Express 4', () => {
	const expected = stacks(frameworks.express);
	const actual = stacks(frameworks.velox);
	assert.deepEqual(actual.app.map(describeLayer), expected.app.map(describeLayer));
	assert.deepEqual(actual.router.map(describeLayer), expected.router.map(describeLayer));
	assert.equal(actual.app[0].name, 'namedMiddleware');
});

test("an app stack holds only the user's layers (a known difference: Express adds query and expressInit first)", () => {
	const names = (framework: Framework): string[] => {
		const app = framework();
		app.get('/', (_req, res) => res.end());
		return (app._router as { stack: LayerLike[] }).stack.map((layer) => layer.name);
	};
	assert.deepEqual(names(frameworks.express), ['query', 'expressInit', 'bound dispatch']);
	assert.deepEqual(names(frameworks.velox), ['bound dispatch']);
});

test('layer.match sets params and path as Express does', () => {
	const expected = stacks(frameworks.express).app;
	const actual = stacks(frameworks.velox).app;
	const paths = ['/', '/mw/x', '/users/12', '/users/x', '/files/a.txt', '/files/a', '/all/x/y', '/re/1/slug', '/re/2', '/b', '/c/z', '/flights/a-b', '/router/x', '/abddeeefg', '/caf%C3%A9', '/a/%E2%82%AC'];
	for (const path of paths) {
		for (let i = 0; i < actual.length; i++) {
			const result = actual[i].match(path);
			assert.equal(result, expected[i].match(path), path + ' layer ' + i);
			assert.deepEqual({ ...actual[i].params }, { ...expected[i].params }, path + ' layer ' + i + ' params');
			assert.equal(actual[i].path, expected[i].path, path + ' layer ' + i + ' path');
		}
	}
});
