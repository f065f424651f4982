/**
 * Velox 5's route syntax (path-to-regexp 8 as router 2 reads it, src/core/router/matcher-express5.ts,
 * chosen by the line policy's `router.routeSyntax`) through an app, against express@5: params, a
 * `*splat` as an array, optional groups, mounted routers and `app.use` paths, and the errors of a
 * path Express 5 refuses at registration. The compiler alone: test/router.express5-syntax.test.ts.
 */
import './helpers/line5';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

function routes(framework: Framework) {
	const app = framework();
	const answer = (name: string) => (req: { params: unknown; baseUrl?: string; path?: string }, res: { json(body: unknown): unknown }) =>
		res.json({ name, params: req.params, baseUrl: req.baseUrl, path: req.path });
	app.get('/users/:id', answer('user'));
	app.get('/files/*path', answer('file'));
	app.get('/docs{/:section}', answer('docs'));
	app.get('/range/:from-:to', answer('range'));
	app.get('/ext/:name{.:ext}', answer('ext'));
	app.get('/quoted/:"dotted.name"', answer('quoted'));
	const router = framework.Router({ mergeParams: true });
	router.get('/:item', answer('nested'));
	app.use('/shop/:shop', router);
	app.use('/assets/{*rest}', answer('assets'));
	app.use(answer('fallback'));
	return app;
}

const PATHS = [
	'/users/42',
	'/users/a%20b',
	'/users/42/',
	'/users/',
	'/files/a/b/c.txt',
	'/files/a%2Fb/c',
	'/files/',
	'/docs',
	'/docs/intro',
	'/docs/intro/more',
	'/range/1-9',
	'/ext/report',
	'/ext/report.pdf',
	'/quoted/x',
	'/shop/acme/hammer',
	'/SHOP/acme/hammer',
	'/assets',
	'/assets/css/site.css',
	'/nothing/here',
];

describe('Velox 5 route syntax', () => {
	test('params, splats, optional groups and mounts answer as on express@5', async () => {
		const responses = await differential(
			routes,
			PATHS.map((path) => ({ path })),
		);
		const bodies = responses.map((response) => JSON.parse(response.body) as { name: string; params: Record<string, unknown> });
		assert.deepEqual(bodies[0], { name: 'user', params: { id: '42' }, baseUrl: '', path: '/users/42' });
		assert.deepEqual(bodies[4].params, { path: ['a', 'b', 'c.txt'] });
		assert.equal(bodies[7].name, 'docs');
		assert.deepEqual(bodies[14].params, { shop: 'acme', item: 'hammer' });
	});

	test('a malformed escape in a param is a 400, as on express@5', async () => {
		const responses = await differential(routes, [{ path: '/users/%E0%A4%A' }]);
		assert.equal(responses[0].status, 400);
	});

	test("Express 4's syntax Express 5 refuses throws path-to-regexp 8's error at registration", () => {
		const errorOf = (framework: typeof velox, path: string) => {
			try {
				framework().get(path, () => {});
				return 'registered';
			} catch (err) {
				return `${(err as Error).name}: ${(err as Error).message}`;
			}
		};
		for (const path of ['/*', '/users/:id?', '/a/(\\d+)', '/:', '/files/*']) {
			const expected = errorOf(express5 as unknown as typeof velox, path);
			assert.notEqual(expected, 'registered', path);
			assert.equal(errorOf(velox, path), expected, path);
		}
	});
});

describe('Velox 5 literal paths (matched as strings, as path-to-regexp 8 reads them)', () => {
	const answer = (name: string) => (req: { params: unknown; baseUrl?: string; path?: string; url?: string }, res: { json(body: unknown): unknown }) =>
		res.json({ name, params: req.params, proto: Object.getPrototypeOf(req.params) === null, baseUrl: req.baseUrl, path: req.path, url: req.url });
	const build = (framework: Framework) => {
		const app = framework();
		for (const [options, prefix] of [
			[{}, '/loose'],
			[{ strict: true }, '/strict'],
			[{ caseSensitive: true }, '/sensitive'],
		] as const) {
			const router = framework.Router(options);
			router.get('/', answer(`${prefix} root`));
			router.get('/a', answer(`${prefix} a`));
			router.get('/b/', answer(`${prefix} b/`));
			router.get('/c//', answer(`${prefix} c//`));
			router.get('/Mixed.Case-x~y', answer(`${prefix} mixed`));
			router.use('/m', answer(`${prefix} use m`));
			router.use('/n/', answer(`${prefix} use n/`));
			app.use(prefix, router);
		}
		app.get('/', answer('root'));
		app.use(answer('fallback'));
		return app;
	};
	test('routes and use paths, trailing slashes, strict and case-sensitive routers', async () => {
		const suffixes = [
			'',
			'/',
			'//',
			'/a',
			'/a/',
			'/a//',
			'/A',
			'/b',
			'/b/',
			'/b//',
			'/c',
			'/c/',
			'/c//',
			'/c///',
			'/mixed.case-x~y',
			'/Mixed.Case-x~y/',
			'/m',
			'/m/',
			'/m//',
			'/m/x',
			'/M/x',
			'/mx',
			'/n',
			'/n/',
			'/n//',
			'/n/x',
			'/n//x',
		];
		const paths = ['/', '//', ...['/loose', '/strict', '/sensitive'].flatMap((prefix) => suffixes.map((suffix) => prefix + suffix))];
		const responses = await differential(
			build,
			paths.map((path) => ({ path })),
		);
		assert.equal(JSON.parse(String(responses[0].body)).name, 'root');
	});
});
