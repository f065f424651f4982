import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, observing } from './helpers/req-util';

const staleApp = observing(
	(req) => [req.stale, req.fresh],
	(app) => {
		app.use((_req, res, next) => {
			res.setHeader('ETag', '"v1"');
			next();
		});
	},
);

test('req.stale is the opposite of req.fresh', async () => {
	const values = await observeBoth(staleApp, [
		{ path: '/', headers: { 'If-None-Match': '"v1"' } },
		{ path: '/', headers: { 'If-None-Match': '"v0"' } },
		{ path: '/' },
		{ method: 'POST', path: '/', headers: { 'If-None-Match': '"v1"' } },
	]);
	assert.deepEqual(
		values.map((v) => v.value),
		[
			[false, true],
			[true, false],
			[true, false],
			[true, false],
		],
	);
});
