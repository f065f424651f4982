import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { attempt, captureDeprecations, observeBoth, reply } from './helpers/req-util';

test('req.param looks in route params, then the body, then the query', async () => {
	let values: { value?: unknown; error?: string }[] = [];
	const seen = await captureDeprecations(async () => {
		values = await observeBoth(
			(framework) => {
				const app = framework();
				app.use((req: any, _res, next) => {
					req.body = { id: 'body', b: 'body', n: null };
					next();
				});
				app.get('/items/:id', (req: any, res) =>
					reply(
						res,
						attempt(() => [req.param('id'), req.param('b'), req.param('q'), req.param('n'), req.param('none')]),
					),
				);
				app.get('/plain', (req: any, res) =>
					reply(
						res,
						attempt(() => [req.param('id'), req.param('q')]),
					),
				);
				return app;
			},
			[{ path: '/items/route?id=query&b=query&q=query&n=query' }, { path: '/plain?id=query&q=query' }],
		);
	});
	assert.deepEqual(values[0].value, ['route', 'body', 'query', 'query', undefined]);
	assert.deepEqual(values[1].value, ['body', 'query']);
	assert.ok(seen.some((d) => d.namespace === 'express'));
});

test('req.param returns the default value when no source has the name', async () => {
	let values: { value?: unknown; error?: string }[] = [];
	await captureDeprecations(async () => {
		values = await observeBoth(
			(framework) => {
				const app = framework();
				app.get('/:id?', (req: any, res) =>
					reply(
						res,
						attempt(() => [req.param('missing', 'fallback'), req.param('id', 'fallback'), req.param('empty', 0)]),
					),
				);
				return app;
			},
			[{ path: '/7?empty=' }, { path: '/' }],
		);
	});
	assert.deepEqual(values[0].value, ['fallback', '7', '']);
	assert.deepEqual(values[1].value, ['fallback', 'fallback', 0]);
});

test('req.param warns once per call site with Express wording, naming the signature used', async () => {
	const app = velox();
	app.get('/:id', (req: any, res) => {
		const one = req.param('id');
		const two = req.param('x', 'd');
		res.end(one + ',' + two);
	});
	let text = '';
	const seen = await captureDeprecations(async () => {
		text = (await request(app).get('/5')).text;
		await request(app).get('/6');
	});
	assert.equal(text, '5,d');
	assert.deepEqual(seen, [
		{ namespace: 'velox', message: 'req.param(name): Use req.params, req.body, or req.query instead' },
		{ namespace: 'velox', message: 'req.param(name, default): Use req.params, req.body, or req.query instead' },
	]);
});

test('req.param ignores inherited properties of the route params', async () => {
	let values: { value?: unknown; error?: string }[] = [];
	await captureDeprecations(async () => {
		values = await observeBoth(
			(framework) => {
				const app = framework();
				app.get('/', (req: any, res) =>
					reply(
						res,
						attempt(() => typeof req.param('toString')),
					),
				);
				return app;
			},
			[{ path: '/' }, { path: '/?toString=q' }],
		);
	});
	// Not in params (own properties only); the empty body's inherited toString is found, as in Express.
	assert.deepEqual(values, [{ value: 'function' }, { value: 'function' }]);
});

test('req.param with a route param named hasOwnProperty does not throw (Express 4 throws a TypeError)', async () => {
	const app = velox();
	app.get('/:hasOwnProperty', (req: any, res) =>
		reply(
			res,
			attempt(() => req.param('hasOwnProperty')),
		),
	);
	let body = '';
	await captureDeprecations(async () => {
		body = (await request(app).get('/x')).text;
	});
	assert.deepEqual(JSON.parse(body), { value: 'x' });
});
