/**
 * `res.locals`: an object per request (created on first use), assignable,
 * and merged into the locals of `res.render`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp, differential } from './helpers/res';

describe('res.locals', () => {
	test('is a prototype-less object, the same within a request and new for each request', async () => {
		const app = createApp();
		const seen: unknown[] = [];
		app.use((_req, res, next) => {
			res.locals.count = ((res.locals.count as number) ?? 0) + 1;
			seen.push(res.locals);
			next();
		});
		app.get('/', (_req, res) => {
			seen.push(res.locals);
			res.json({ count: res.locals.count, proto: Object.getPrototypeOf(res.locals) === null });
		});
		await request(app).get('/').expect(200, { count: 1, proto: true });
		await request(app).get('/').expect(200, { count: 1, proto: true });
		assert.equal(seen.length, 4);
		assert.equal(seen[0], seen[1]);
		assert.notEqual(seen[1], seen[2]);
	});

	test('can be replaced, and the replacement is what later handlers see', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, res, next) => {
					res.locals = { replaced: true };
					next();
				});
				app.get('/', (_req, res) => {
					res.json({ locals: res.locals, enumerable: Object.keys(res).includes('locals') });
				});
				return app;
			},
			[{ path: '/' }],
		);
		assert.deepEqual(JSON.parse(response.body), { locals: { replaced: true }, enumerable: true });
	});

	test('reading it on app.response or velox.response gives undefined and does not share one object', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const onPrototypes = [(app.response as { locals?: unknown }).locals, (framework.response as { locals?: unknown }).locals];
				app.get('/', (req, res) => {
					const first = res.locals.first === undefined;
					res.locals.first = req.query.n;
					res.json({ onPrototypes: onPrototypes.map(String), first });
				});
				return app;
			},
			[{ path: '/?n=1' }, { path: '/?n=2' }],
		);
		assert.deepEqual(JSON.parse(response.body), { onPrototypes: ['undefined', 'undefined'], first: true });
		const app = createApp();
		void (app.response as { locals?: unknown }).locals;
		const seen: unknown[] = [];
		app.get('/', (_req, res) => {
			seen.push(res.locals.mine);
			res.locals.mine = true;
			res.end();
		});
		await request(app).get('/').expect(200);
		await request(app).get('/').expect(200);
		assert.deepEqual(seen, [undefined, undefined]);
	});
});
