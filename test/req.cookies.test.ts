import assert from 'node:assert/strict';
import { test } from 'node:test';
import cookieParser from 'cookie-parser';
import cookieSignature from 'cookie-signature';
import request from 'supertest';
import velox from '../src/express';
import { observeBoth, reply } from './helpers/req-util';

const signed = 's:' + cookieSignature.sign('tobi', 'secret');

test('req.cookies and req.signedCookies are filled by cookie-parser', async () => {
	const app = velox();
	app.use(cookieParser('secret'));
	app.get('/', (req, res) => res.end(JSON.stringify([req.cookies, req.signedCookies])));
	const response = await request(app)
		.get('/')
		.set('Cookie', 'plain=1; user=' + encodeURIComponent(signed));
	assert.deepEqual(JSON.parse(response.text), [{ plain: '1' }, { user: 'tobi' }]);
});

test('req.cookies is {} without cookies and a tampered signed cookie is false', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use(cookieParser('secret'));
			app.get('/', (req, res) => reply(res, { value: [req.cookies, req.signedCookies] }));
			return app;
		},
		[{ path: '/' }, { path: '/', headers: { Cookie: 'user=' + encodeURIComponent(signed.slice(0, -1) + 'x') } }],
	);
	assert.deepEqual(values, [{ value: [{}, {}] }, { value: [{}, { user: false }] }]);
});

test('req.cookies is undefined without cookie-parsing middleware', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.get('/', (req, res) => reply(res, { value: [req.cookies, req.signedCookies] }));
			return app;
		},
		[{ path: '/', headers: { Cookie: 'a=1' } }],
	);
	assert.deepEqual(values, [{ value: [undefined, undefined] }]);
});
