/**
 * `res.headersSent`: node's flag, false until the head is written.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp } from './helpers/res';

describe('res.headersSent', () => {
	test('is false before sending and true after res.send', async () => {
		const app = createApp();
		const seen: boolean[] = [];
		app.get('/', (_req, res) => {
			seen.push(res.headersSent);
			res.send('x');
			seen.push(res.headersSent);
		});
		await request(app).get('/').expect(200, 'x');
		assert.deepEqual(seen, [false, true]);
	});

	test('is true after res.json and res.redirect too', async () => {
		const app = createApp();
		const seen: boolean[] = [];
		app.get('/json', (_req, res) => {
			res.json({});
			seen.push(res.headersSent);
		});
		app.get('/redirect', (_req, res) => {
			res.redirect('/');
			seen.push(res.headersSent);
		});
		await request(app).get('/json').expect(200);
		await request(app).get('/redirect').expect(302);
		assert.deepEqual(seen, [true, true]);
	});
});
