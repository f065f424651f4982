import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { captureDeprecations, type DiffRequest, observeBoth, observing } from './helpers/req-util';

const withLanguage = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'Accept-Language': value } });

test('req.acceptsLanguages returns the best accepted language, prefixes matching', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify([req.acceptsLanguages('en', 'fr'), req.acceptsLanguages(['en-US', 'de']), req.acceptsLanguages()])));
	const response = await request(app).get('/').set('Accept-Language', 'fr-CA, en;q=0.8');
	assert.deepEqual(JSON.parse(response.text), ['fr', 'en-US', ['fr-CA', 'en']]);
});

test('req.acceptsLanguages returns false when no language given is accepted', async () => {
	const values = await observeBoth(
		observing((req) => req.acceptsLanguages('de', 'it')),
		[withLanguage('en'), withLanguage('de;q=0')],
	);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.acceptsLanguages without the header accepts the first language given', async () => {
	const values = await observeBoth(
		observing((req) => [req.acceptsLanguages('es', 'en'), req.acceptsLanguages()]),
		[withLanguage()],
	);
	assert.deepEqual(values[0].value, ['es', ['*']]);
});

test('a garbage Accept-Language header never throws and answers as express@4', async () => {
	const garbage = [';;;', 'en;q=nan', '-, --, *;q=9', '=', 'en-,'.repeat(2000), '\u00ff-\u00fe'];
	const values = await observeBoth(
		observing((req) => [req.acceptsLanguages('en'), req.acceptsLanguages()]),
		garbage.map(withLanguage),
	);
	for (const value of values) assert.equal(value.error, undefined);
});

test('req.acceptsLanguage is a deprecated alias, warning with Express wording', async () => {
	const app = velox();
	app.use((req, res) => res.end(String((req as any).acceptsLanguage('en'))));
	let text = '';
	const seen = await captureDeprecations(async () => {
		text = (await request(app).get('/').set('Accept-Language', 'en')).text;
	});
	assert.equal(text, 'en');
	assert.deepEqual(seen, [{ namespace: 'velox', message: 'req.acceptsLanguage: Use acceptsLanguages instead' }]);
});
