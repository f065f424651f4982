/**
 * `res.req`: the request of this response (and `req.res` the other way).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp } from './helpers/res';

describe('res.req', () => {
	test('is the request being answered, and req.res is this response', async () => {
		const app = createApp();
		const seen: boolean[] = [];
		app.get('/', (req, res) => {
			seen.push(res.req === req, req.res === res);
			res.end(res.req.url);
		});
		const response = await request(app).get('/?q=1').expect(200);
		assert.equal(response.text, '/?q=1');
		assert.deepEqual(seen, [true, true]);
	});
});
