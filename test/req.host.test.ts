import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { captureDeprecations, observeBoth, observing } from './helpers/req-util';

test('req.host is a deprecated alias of req.hostname, warning with Express wording', async () => {
	const app = velox();
	app.get('/', (req, res) => res.end(String(req.host)));
	let text = '';
	const seen = await captureDeprecations(async () => {
		text = (await request(app).get('/').set('Host', 'example.com:8080')).text;
	});
	assert.equal(text, 'example.com');
	assert.deepEqual(seen, [{ namespace: 'velox', message: 'req.host: Use req.hostname instead' }]);
});

test('req.host answers as req.hostname does in express@4, X-Forwarded-Host included', async () => {
	let values: { value?: unknown }[] = [];
	await captureDeprecations(async () => {
		values = await observeBoth(
			observing(
				(req) => [req.host, req.hostname],
				(app) => app.set('trust proxy', true),
			),
			[
				{ path: '/', headers: { Host: 'a.test:1' } },
				{ path: '/', headers: { Host: 'a.test', 'X-Forwarded-Host': 'b.test' } },
			],
		);
	});
	assert.deepEqual(values, [{ value: ['a.test', 'a.test'] }, { value: ['b.test', 'b.test'] }]);
});
