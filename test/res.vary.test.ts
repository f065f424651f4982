/**
 * `res.vary`: adds a field to `Vary` once; an empty call warns (deprecated)
 * and an invalid field name throws.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { captureDeprecations, differential, messagesOf } from './helpers/res';

describe('res.vary', () => {
	test('adds fields once, keeps existing ones, accepts arrays and is chainable', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.set('Vary', 'Origin');
					res
						.vary('Accept')
						.vary('accept')
						.vary(['Accept-Encoding', 'Origin', 'User-Agent'] as unknown as string);
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers.vary, 'Origin, Accept, Accept-Encoding, User-Agent');
	});

	test('* absorbs everything', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.vary('Accept').vary('*').vary('Origin');
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers.vary, '*');
	});

	test('no field warns and changes nothing', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) =>
					framework().get('/', (_req, res) => {
						(res.vary as (field?: unknown) => unknown)();
						res.vary([] as unknown as string);
						res.end();
					}),
				[{ path: '/' }],
			);
		});
		assert.equal(responses[0].headers.vary, undefined);
		assert.deepEqual(messagesOf(deprecations, 'velox'), ['res.vary(): Provide a field name', 'res.vary(): Provide a field name']);
		assert.deepEqual(messagesOf(deprecations, 'express'), messagesOf(deprecations, 'velox'));
	});

	test('an invalid field name (CR/LF, spaces) throws: a 500, no header injected', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.vary('Accept\r\nX-Injected: 1');
					res.end();
				}),
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
		assert.equal(response.headers['x-injected'], undefined);
		assert.equal(response.headers.vary, undefined);
	});
});
