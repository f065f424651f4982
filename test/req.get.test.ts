import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { observeBoth, observing } from './helpers/req-util';

test('req.get reads a request header case-insensitively', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify([req.get('Content-Type'), req.get('content-type'), req.get('X-CUSTOM'), req.get('Something')])));
	const response = await request(app).post('/').set('Content-Type', 'text/plain').set('x-custom', 'yes').send('hi');
	assert.deepEqual(JSON.parse(response.text), ['text/plain', 'text/plain', 'yes', null]);
});

test('req.get treats Referer and Referrer as the same header', async () => {
	const values = await observeBoth(
		observing((req) => [req.get('Referer'), req.get('referrer'), req.get('REFERRER')]),
		[
			{ path: '/', headers: { Referer: 'http://a.test/' } },
			{ path: '/', headers: { Referrer: 'http://b.test/' } },
			{ path: '/', headers: { Referrer: 'http://b.test/', Referer: 'http://a.test/' } },
			{ path: '/' },
		],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		[
			['http://a.test/', 'http://a.test/', 'http://a.test/'],
			['http://b.test/', 'http://b.test/', 'http://b.test/'],
			['http://b.test/', 'http://b.test/', 'http://b.test/'],
			[undefined, undefined, undefined],
		],
	);
});

test('req.header is the same function as req.get', async () => {
	const app = velox();
	app.use((req, res) => res.end(String(req.header === req.get) + ' ' + req.header('x-a')));
	const response = await request(app).get('/').set('X-A', '1');
	assert.equal(response.text, 'true 1');
});

test('req.get throws a TypeError for a missing or non-string name, worded as Express', async () => {
	const values = await observeBoth(
		observing((req) => [
			(() => {
				try {
					return req.get();
				} catch (err) {
					return (err as Error).name + ': ' + (err as Error).message;
				}
			})(),
			(() => {
				try {
					return req.get('');
				} catch (err) {
					return (err as Error).name + ': ' + (err as Error).message;
				}
			})(),
			(() => {
				try {
					return req.get(42);
				} catch (err) {
					return (err as Error).name + ': ' + (err as Error).message;
				}
			})(),
			(() => {
				try {
					return req.header({});
				} catch (err) {
					return (err as Error).name + ': ' + (err as Error).message;
				}
			})(),
		]),
		[{ path: '/' }],
	);
	assert.deepEqual(values[0].value, [
		'TypeError: name argument is required to req.get',
		'TypeError: name argument is required to req.get',
		'TypeError: name must be a string to req.get',
		'TypeError: name must be a string to req.get',
	]);
});

test('req.get returns set-cookie request headers as an array, as node gives them', async () => {
	const values = await observeBoth(
		observing((req) => [req.get('Set-Cookie'), req.get('host') !== undefined]),
		[{ path: '/', headers: { 'Set-Cookie': 'a=1' } }],
	);
	assert.deepEqual(values[0].value, [['a=1'], true]);
});
