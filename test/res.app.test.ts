/**
 * `res.app`: the application handling the request — the same object as
 * `req.app`, and the sub-app inside a mounted one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp } from './helpers/res';

describe('res.app', () => {
	test('is the app handling the request, identical to req.app', async () => {
		const app = createApp();
		const seen: boolean[] = [];
		app.get('/', (req, res) => {
			seen.push(res.app === app, res.app === req.app);
			res.end();
		});
		await request(app).get('/').expect(200);
		assert.deepEqual(seen, [true, true]);
	});

	test('is the sub-app inside a mounted app, and the parent again after it', async () => {
		const app = createApp();
		const sub = createApp();
		const seen: boolean[] = [];
		sub.use((_req, res, next) => {
			seen.push(res.app === sub);
			next();
		});
		app.use('/sub', sub);
		app.use((_req, res) => {
			seen.push(res.app === app);
			res.end();
		});
		await request(app).get('/sub/x').expect(200);
		assert.deepEqual(seen, [true, true]);
	});
});
