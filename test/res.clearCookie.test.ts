/**
 * `res.clearCookie`: the cookie with an empty value and an Expires in the
 * past, with the given options (path `/` by default); passing `maxAge` or
 * `expires` is deprecated as in express@4.22 — and `maxAge` still wins.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { captureDeprecations, type CookieOptions, differential, messagesOf } from './helpers/res';

describe('res.clearCookie', () => {
	test('expires the cookie at the epoch with Path=/', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.clearCookie('session').end();
				}),
			[{ path: '/' }],
		);
		assert.deepEqual(response.headers['set-cookie'], ['session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
	});

	test('keeps the options that identify the cookie', async () => {
		const options: CookieOptions = { path: '/admin', domain: 'example.com', httpOnly: true, secure: true, sameSite: 'strict' };
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.clearCookie('session', options).end();
				}),
			[{ path: '/' }],
		);
		assert.deepEqual(response.headers['set-cookie'], [
			'session=; Domain=example.com; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict',
		]);
		assert.deepEqual(options, { path: '/admin', domain: 'example.com', httpOnly: true, secure: true, sameSite: 'strict' });
	});

	test('maxAge and expires warn; maxAge overrides the past Expires as in Express 4', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) => {
					const app = framework();
					app.get('/max-age', (_req, res) => {
						res.clearCookie('a', { maxAge: 0 }).clearCookie('b', { maxAge: 60000 }).end();
					});
					app.get('/expires', (_req, res) => {
						res.clearCookie('c', { expires: new Date(Date.UTC(2040, 0, 1)) }).end();
					});
					return app;
				},
				[{ path: '/max-age' }, { path: '/expires' }],
			);
		});
		const [maxAge, expires] = responses;
		const cookies = maxAge.headers['set-cookie'] as string[];
		assert.match(cookies[0], /^a=; Max-Age=0; Path=\/; Expires=/);
		assert.match(cookies[1], /^b=; Max-Age=60; Path=\/; Expires=/);
		assert.notEqual(cookies[1].slice(cookies[1].indexOf('Expires=')), 'Expires=Thu, 01 Jan 1970 00:00:00 GMT');
		assert.deepEqual(expires.headers['set-cookie'], ['c=; Path=/; Expires=Sun, 01 Jan 2040 00:00:00 GMT']);
		const maxAgeMessage =
			'res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
		const expiresMessage =
			'res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
		// maxAge 0 is falsy: no warning for it (Express checks truthiness)
		assert.deepEqual(messagesOf(deprecations, 'velox'), [maxAgeMessage, expiresMessage]);
		assert.deepEqual(messagesOf(deprecations, 'express'), messagesOf(deprecations, 'velox'));
	});

	test('an invalid path throws like res.cookie', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.clearCookie('a', { path: '/\r\nX-Injected: 1' }).end();
				}),
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
		assert.equal(response.headers['x-injected'], undefined);
	});
});
