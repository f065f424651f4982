import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const accepting = (accept?: string): DiffRequest => ({ path: '/', headers: accept === undefined ? {} : { Accept: accept } });

test('req.accepts returns the best acceptable type, as its extension or MIME type', async () => {
	const app = velox();
	app.use((req, res) => {
		res.end(JSON.stringify([req.accepts('html'), req.accepts('text/html'), req.accepts('json'), req.accepts('png')]));
	});
	const response = await request(app).get('/').set('Accept', 'text/*, application/json');
	assert.deepEqual(JSON.parse(response.text), ['html', 'text/html', 'json', false]);
});

test('req.accepts picks by quality from a list of arguments or an array', async () => {
	const app = velox();
	app.use((req, res) => {
		res.end(JSON.stringify([req.accepts('html', 'json'), req.accepts(['html', 'json']), req.accepts()]));
	});
	const response = await request(app).get('/').set('Accept', 'text/*;q=.5, application/json');
	assert.deepEqual(JSON.parse(response.text), ['json', 'json', ['application/json', 'text/*']]);
});

test('req.accepts without an Accept header accepts the first type given', async () => {
	const values = await observeBoth(
		observing((req) => [req.accepts('json', 'html'), req.accepts(['png']), req.accepts()]),
		[accepting()],
	);
	assert.deepEqual(values[0].value, ['json', 'png', ['*/*']]);
});

test('req.accepts returns false when nothing given is acceptable', async () => {
	const values = await observeBoth(
		observing((req) => req.accepts('json', 'html')),
		[accepting('image/png'), accepting('*/*;q=0')],
	);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.accepts answers as express@4 across argument shapes', async () => {
	const values = await observeBoth(
		observing((req) => [
			req.accepts('json, html'),
			req.accepts('text/*'),
			req.accepts('application/*'),
			req.accepts('*/*'),
			req.accepts([]),
			req.accepts('.json'),
			req.accepts('unknownext'),
			req.accepts('html', ['json']),
		]),
		[accepting('text/html'), accepting('application/json;q=0.9, text/plain'), accepting('*/*'), accepting()],
	);
	assert.deepEqual(values[0].value, [false, false, false, false, ['text/html'], false, false, 'html']);
	assert.deepEqual(values[2].value, [false, 'text/*', 'application/*', '*/*', ['*/*'], '.json', false, 'html']);
});

test('a garbage Accept header never throws and answers as express@4', async () => {
	const garbage = [
		';;;,,,',
		'text/html;q=abc',
		'text/html;q=-1, */*;q=2',
		'/',
		'*/',
		'=,=;=',
		'"quoted", text/"html"',
		'a/b;' + 'x=y;'.repeat(2000),
		'text/html,'.repeat(1000),
		'\u00ff\u00fe/\u00fd',
		'application/json;q=0.5;q=0.9',
		'  ,  text/html  ,  ',
	];
	const values = await observeBoth(
		observing((req) => [req.accepts('html', 'json'), req.accepts()]),
		garbage.map((value) => accepting(value)),
	);
	for (const value of values) assert.equal(value.error, undefined);
});
