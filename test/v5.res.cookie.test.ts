import './helpers/line5';
/**
 * Velox 5's `res.cookie` and `res.clearCookie` against express@5: clearCookie always expires the
 * cookie (the caller's `maxAge` and `expires` are ignored, other options kept); cookie's
 * `maxAge`, `priority`, `partitioned`, signed and JSON values.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

describe('Velox 5 res.cookie and res.clearCookie', () => {
	const build = (framework: Framework) => {
		const app = framework();
		app.use((req, _res, next) => {
			(req as unknown as { secret: string }).secret = 'shh';
			next();
		});
		app.get('/clear', (_req, res) => res.clearCookie('sid').end());
		app.get('/clear-max-age', (_req, res) => res.clearCookie('sid', { maxAge: 60_000 }).end());
		app.get('/clear-expires', (_req, res) => res.clearCookie('sid', { expires: new Date(Date.UTC(2030, 0, 1)), path: '/admin' }).end());
		app.get('/clear-options', (_req, res) => res.clearCookie('sid', { domain: 'example.com', secure: true, httpOnly: true, sameSite: 'strict' }).end());
		app.get('/priority', (_req, res) => res.cookie('a', '1', { priority: 'high', partitioned: true, secure: true }).end());
		app.get('/signed', (_req, res) => res.cookie('a', { b: 1 }, { signed: true }).end());
		app.get('/inherited', (_req, res) => res.cookie('a', '1', Object.create({ domain: 'example.com' }) as { domain: string }).end());
		app.get('/max-age-string', (_req, res) => res.cookie('a', '1', { maxAge: 'nope' as unknown as number }).end());
		return app;
	};

	test('each answers with express@5 Set-Cookie', async () => {
		const paths = ['/clear', '/clear-max-age', '/clear-expires', '/clear-options', '/priority', '/signed', '/max-age-string', '/inherited'];
		const responses = await differential(
			build,
			paths.map((path) => ({ path })),
		);
		assert.deepEqual(responses[1].headers['set-cookie'], ['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
		assert.deepEqual(responses[2].headers['set-cookie'], ['sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
		// Only the options' own keys count.
		assert.deepEqual(responses[7].headers['set-cookie'], ['a=1; Path=/']);
	});
});
