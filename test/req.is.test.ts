import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const withBody = (contentType?: string): DiffRequest => ({
	method: 'POST',
	path: '/',
	headers: contentType === undefined ? { 'Content-Length': '2' } : { 'Content-Type': contentType, 'Content-Length': '2' },
	body: '{}',
});

test('req.is returns the matched type: extension, MIME type or wildcard', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify([req.is('json'), req.is('application/json'), req.is('application/*'), req.is('*/json'), req.is('html')])));
	const response = await request(app).post('/').set('Content-Type', 'application/json; charset=utf-8').send('{}');
	assert.deepEqual(JSON.parse(response.text), ['json', 'application/json', 'application/json', 'application/json', false]);
});

test('req.is returns null when the request has no body', async () => {
	const values = await observeBoth(
		observing((req) => [req.is('json'), req.is()]),
		[{ path: '/', headers: { 'Content-Type': 'application/json' } }],
	);
	assert.deepEqual(values[0].value, [null, null]);
});

test('req.is accepts an array or several arguments and returns the first match', async () => {
	const values = await observeBoth(
		observing((req) => [req.is(['html', 'json']), req.is('html', 'json'), req.is(['urlencoded'], 'json'), req.is(), req.is([])]),
		[withBody('application/json'), withBody('text/html'), withBody()],
	);
	assert.deepEqual(values[0].value, ['json', 'json', false, 'application/json', 'application/json']);
	assert.deepEqual(values[1].value, ['html', 'html', false, 'text/html', 'text/html']);
	assert.deepEqual(values[2].value, [false, false, false, false, false]);
});

test('a garbage Content-Type never throws and matches nothing', async () => {
	const garbage = ['', ';', 'text', 'text/', '/html', 'a/b/c', 'text/html;;;=', 'application/json; charset="', '\u00ff/\u00fe', '*/*', 'x'.repeat(8000) + '/y'];
	const values = await observeBoth(
		observing((req) => [req.is('json'), req.is('*/*'), req.is()]),
		garbage.map((value) => withBody(value)),
	);
	for (const value of values) assert.equal(value.error, undefined);
	assert.deepEqual(values[2].value, [false, false, false]);
});
