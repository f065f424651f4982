/**
 * `res.json`: every JSON type, the `json replacer` / `json spaces` /
 * `json escape` settings (also inherited by a sub-app, and applied by
 * `res.send` of objects), the Content-Type rules and the deprecated forms.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { captureDeprecations, createApp, differential, type Framework, messagesOf } from './helpers/res';

describe('res.json', () => {
	test('sends each JSON type with application/json; charset=utf-8', async () => {
		const values: Record<string, unknown> = {
			object: { name: 'tobi', nested: { list: [1, 2] } },
			array: ['a', 1, null],
			string: 'a "quoted" string',
			number: 42.5,
			boolean: true,
			null: null,
		};
		const responses = await differential(
			(framework) => {
				const app = framework();
				for (const key of Object.keys(values)) {
					app.get('/' + key, (_req, res) => {
						res.json(values[key]);
					});
				}
				return app;
			},
			Object.keys(values).map((key) => ({ path: '/' + key })),
		);
		assert.deepEqual(
			responses.map((r) => r.body),
			['{"name":"tobi","nested":{"list":[1,2]}}', '["a",1,null]', '"a \\"quoted\\" string"', '42.5', 'true', 'null'],
		);
		for (const response of responses) assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
	});

	test('undefined sends no body but keeps the JSON Content-Type', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.json(undefined);
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
		assert.equal(response.body, '');
	});

	test('a preset Content-Type is kept (with utf-8 charset added)', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.type('application/vnd.api+json').json({ data: [] });
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['content-type'], 'application/vnd.api+json; charset=utf-8');
	});

	test('json spaces, json replacer and json escape apply to res.json and res.send', async () => {
		const data = { html: '<b>&</b>', secret: 'hide', list: [1] };
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.set('json spaces', 2);
				app.set('json replacer', (key: string, value: unknown) => (key === 'secret' ? undefined : value));
				app.enable('json escape');
				app.get('/json', (_req, res) => {
					res.json(data);
				});
				app.get('/send', (_req, res) => {
					res.send(data);
				});
				return app;
			},
			[{ path: '/json' }, { path: '/send' }],
		);
		const expected = '{\n  "html": "\\u003cb\\u003e\\u0026\\u003c/b\\u003e",\n  "list": [\n    1\n  ]\n}';
		assert.equal(responses[0].body, expected);
		assert.equal(responses[1].body, expected);
	});

	test('a sub-app inherits json spaces from its parent unless it sets its own', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('json spaces', '\t');
			const inherits = framework();
			inherits.get('/', (_req, res) => {
				res.json({ a: 1 });
			});
			const own = framework();
			own.set('json spaces', 0);
			own.get('/', (_req, res) => {
				res.json({ a: 1 });
			});
			app.use('/inherits', inherits);
			app.use('/own', own);
			return app;
		};
		const [inherited, own] = await differential(build, [{ path: '/inherits/' }, { path: '/own/' }]);
		assert.equal(inherited.body, '{\n\t"a": 1\n}');
		assert.equal(own.body, '{"a":1}');
	});

	test('json escape off leaves <, > and & as they are', async () => {
		const app = createApp();
		app.get('/', (_req, res) => {
			res.json({ html: '<a>&' });
		});
		await request(app).get('/').expect('{"html":"<a>&"}');
	});

	test('goes through res.send, so a wrapped res.send sees the JSON text', async () => {
		const app = createApp();
		const seen: unknown[] = [];
		app.use((_req, res, next) => {
			const send = res.send;
			res.send = function wrapped(this: typeof res, body?: unknown) {
				seen.push(body);
				return send.call(this, body);
			};
			next();
		});
		app.get('/', (_req, res) => {
			res.json({ a: 1 });
		});
		await request(app).get('/').expect(200, '{"a":1}');
		assert.deepEqual(seen, ['{"a":1}']);
	});

	test('a value JSON cannot serialise (BigInt, cycle) becomes a 500, as Express', async () => {
		const cyclic: Record<string, unknown> = {};
		cyclic.self = cyclic;
		const [bigint, cycle] = await differential(
			(framework) => {
				const app = framework();
				app.get('/bigint', (_req, res) => {
					res.json({ n: BigInt(1) });
				});
				app.get('/cycle', (_req, res) => {
					res.json(cyclic);
				});
				return app;
			},
			[{ path: '/bigint' }, { path: '/cycle' }],
		);
		assert.equal(bigint.status, 500);
		assert.equal(cycle.status, 500);
	});

	test('res.json(obj, status) and res.json(status, obj) still work and warn', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) => {
					const app = framework();
					app.get('/obj-status', (_req, res) => {
						(res.json as (...args: unknown[]) => unknown)({ ok: 1 }, 201);
					});
					app.get('/status-obj', (_req, res) => {
						(res.json as (...args: unknown[]) => unknown)(202, { ok: 2 });
					});
					return app;
				},
				[{ path: '/obj-status' }, { path: '/status-obj' }],
			);
		});
		assert.deepEqual(
			responses.map((r) => [r.status, r.body]),
			[
				[201, '{"ok":1}'],
				[202, '{"ok":2}'],
			],
		);
		assert.deepEqual(messagesOf(deprecations, 'velox'), messagesOf(deprecations, 'express'));
		assert.deepEqual(messagesOf(deprecations, 'velox'), [
			'res.json(obj, status): Use res.status(status).json(obj) instead',
			'res.json(status, obj): Use res.status(status).json(obj) instead',
		]);
	});
});
