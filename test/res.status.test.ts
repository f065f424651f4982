/**
 * `res.status`: chainable, assigns `statusCode`; a string or fractional code
 * in 100–999 warns as express@4.22 does; out-of-range codes fail when the
 * head is written (node), which reaches the error handler as a 500.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { captureDeprecations, createApp, differential, type Framework, messagesOf } from './helpers/res';

/** `/:code` answers `res.status(<code>).end('body')`, the code parsed as `kind` says. */
function statusApp(framework: Framework) {
	const app = framework();
	app.get('/:kind/:code', (req, res) => {
		const setStatus = res.status as (code: unknown) => unknown;
		// two call sites: depd warns once per call site
		if (req.params.kind === 'string') setStatus.call(res, req.params.code);
		else setStatus.call(res, Number(req.params.code));
		res.end('body');
	});
	return app;
}

describe('res.status', () => {
	test('sets statusCode and returns the response', async () => {
		const app = createApp();
		let returned: unknown;
		app.get('/', (_req, res) => {
			returned = res.status(201);
			res.end(String(res.statusCode));
		});
		const response = await request(app).get('/').expect(201);
		assert.equal(response.text, '201');
		assert.equal(typeof returned, 'object');
		assert.equal((returned as { statusCode: number }).statusCode, 201);
	});

	test('valid codes, including unregistered ones up to 999, are sent as given', async () => {
		const responses = await differential(statusApp, [
			{ path: '/number/200' },
			{ path: '/number/418' },
			{ path: '/number/599' },
			{ path: '/number/600' },
			{ path: '/number/999' },
		]);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 418, 599, 600, 999],
		);
	});

	test('codes outside 100–999 are a 500 from the error handler, as Express', async () => {
		const responses = await differential(statusApp, [{ path: '/number/99' }, { path: '/number/1000' }, { path: '/number/-1' }, { path: '/number/0' }], {
			env: 'production',
		});
		assert.deepEqual(
			responses.map((r) => r.status),
			[500, 500, 500, 500],
		);
		assert.match(responses[0].body, /Internal Server Error/);
	});

	test('a string or fractional code in range warns and is sent truncated', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(statusApp, [{ path: '/string/201' }, { path: '/number/202.5' }]);
		});
		assert.deepEqual(
			responses.map((r) => r.status),
			[201, 202],
		);
		assert.deepEqual(messagesOf(deprecations, 'velox'), ['res.status("201"): use res.status(201) instead', 'res.status(202.5): use res.status(202) instead']);
		assert.deepEqual(messagesOf(deprecations, 'express'), messagesOf(deprecations, 'velox'));
	});

	test('an integer code does not warn; an out-of-range fraction does not warn either', async () => {
		const deprecations = await captureDeprecations(async () => {
			await differential(statusApp, [{ path: '/number/204' }, { path: '/number/99.5' }]);
		});
		assert.deepEqual(messagesOf(deprecations, 'velox'), []);
		assert.deepEqual(messagesOf(deprecations, 'express'), []);
	});
});
