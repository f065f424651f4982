import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { captureDeprecations, type DiffRequest, observeBoth, observing } from './helpers/req-util';

const withCharset = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'Accept-Charset': value } });

test('req.acceptsCharsets returns the first accepted charset, by quality', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify([req.acceptsCharsets('utf-8', 'iso-8859-1'), req.acceptsCharsets(['iso-8859-1']), req.acceptsCharsets()])));
	const response = await request(app).get('/').set('Accept-Charset', 'iso-8859-1;q=0.2, utf-8');
	assert.deepEqual(JSON.parse(response.text), ['utf-8', 'iso-8859-1', ['utf-8', 'iso-8859-1']]);
});

test('req.acceptsCharsets returns false when no charset given is accepted', async () => {
	const values = await observeBoth(
		observing((req) => req.acceptsCharsets('utf-16')),
		[withCharset('utf-8'), withCharset('utf-16;q=0')],
	);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.acceptsCharsets without the header accepts anything', async () => {
	const values = await observeBoth(
		observing((req) => [req.acceptsCharsets('utf-16', 'utf-8'), req.acceptsCharsets()]),
		[withCharset()],
	);
	assert.deepEqual(values[0].value, ['utf-16', ['*']]);
});

test('a garbage Accept-Charset header never throws and answers as express@4', async () => {
	const garbage = [';;;', 'utf-8;q=x', '*;q=2, ,', '=', 'utf-8,'.repeat(1500), '\u00ff;q=1'];
	const values = await observeBoth(
		observing((req) => [req.acceptsCharsets('utf-8'), req.acceptsCharsets()]),
		garbage.map(withCharset),
	);
	for (const value of values) assert.equal(value.error, undefined);
});

test('req.acceptsCharset is a deprecated alias, warning with Express wording', async () => {
	const app = velox();
	app.use((req, res) => res.end(String((req as any).acceptsCharset('utf-8'))));
	let text = '';
	const seen = await captureDeprecations(async () => {
		text = (await request(app).get('/').set('Accept-Charset', 'utf-8')).text;
	});
	assert.equal(text, 'utf-8');
	assert.deepEqual(seen, [{ namespace: 'velox', message: 'req.acceptsCharset: Use acceptsCharsets instead' }]);
});
