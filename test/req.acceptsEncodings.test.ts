import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { captureDeprecations, type DiffRequest, observeBoth, observing } from './helpers/req-util';

const withEncoding = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'Accept-Encoding': value } });

test('req.acceptsEncodings returns the best accepted encoding', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify([req.acceptsEncodings('gzip', 'deflate'), req.acceptsEncodings(['br', 'deflate']), req.acceptsEncodings()])));
	const response = await request(app).get('/').set('Accept-Encoding', 'deflate, gzip;q=0.5');
	assert.deepEqual(JSON.parse(response.text), ['deflate', 'deflate', ['deflate', 'gzip', 'identity']]);
});

test('req.acceptsEncodings returns false when nothing given is accepted, identity aside', async () => {
	const values = await observeBoth(
		observing((req) => [req.acceptsEncodings('br'), req.acceptsEncodings('identity')]),
		[withEncoding('gzip'), withEncoding('gzip, identity;q=0')],
	);
	assert.deepEqual(values, [{ value: [false, 'identity'] }, { value: [false, false] }]);
});

test('req.acceptsEncodings without the header accepts identity only', async () => {
	const values = await observeBoth(
		observing((req) => [req.acceptsEncodings('gzip', 'identity'), req.acceptsEncodings()]),
		[withEncoding()],
	);
	assert.deepEqual(values[0].value, ['identity', ['identity']]);
});

test('a garbage Accept-Encoding header never throws and answers as express@4', async () => {
	const garbage = [';;;', 'gzip;q=', 'gzip;q=1.5, *;q=-3', ',,,', 'gzip,'.repeat(2000), '\u00ff'];
	const values = await observeBoth(
		observing((req) => [req.acceptsEncodings('gzip'), req.acceptsEncodings()]),
		garbage.map(withEncoding),
	);
	for (const value of values) assert.equal(value.error, undefined);
});

test('req.acceptsEncoding is a deprecated alias, warning with Express wording', async () => {
	const app = velox();
	app.use((req, res) => res.end(String((req as any).acceptsEncoding('gzip'))));
	let text = '';
	const seen = await captureDeprecations(async () => {
		text = (await request(app).get('/').set('Accept-Encoding', 'gzip')).text;
	});
	assert.equal(text, 'gzip');
	assert.deepEqual(seen, [{ namespace: 'velox', message: 'req.acceptsEncoding: Use acceptsEncodings instead' }]);
});
