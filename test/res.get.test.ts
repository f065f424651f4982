/**
 * `res.get`: a response header by case-insensitive name, as node stores it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp } from './helpers/res';

describe('res.get', () => {
	test('returns the value of a header, whatever the case of the name', async () => {
		const app = createApp();
		const seen: unknown[] = [];
		app.get('/', (_req, res) => {
			res.set('Content-Type', 'text/x-foo');
			res.setHeader('X-Number', 5);
			res.append('Set-Cookie', 'a=1').append('Set-Cookie', 'b=2');
			seen.push(res.get('content-type'), res.get('CONTENT-TYPE'), res.get('x-number'), res.get('set-cookie'), res.get('X-Missing'));
			res.end();
		});
		await request(app).get('/').expect(200);
		assert.deepEqual(seen, ['text/x-foo; charset=utf-8', 'text/x-foo; charset=utf-8', 5, ['a=1', 'b=2'], undefined]);
	});

	test('sees what res.send set', async () => {
		const app = createApp();
		let length: unknown;
		app.get('/', (_req, res) => {
			res.send('four');
			length = res.get('Content-Length');
		});
		await request(app).get('/').expect(200);
		assert.equal(length, '4');
	});
});
