/**
 * `res.cookie`: every option of the spec's cookie table, `j:` JSON values,
 * signing with `req.secret` (read back by cookie-parser), maxAge → Expires
 * and Max-Age, and invalid names, values, paths, domains and options
 * throwing a TypeError instead of injecting attributes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cookieParser from 'cookie-parser';
import { sign } from 'cookie-signature';
import request from 'supertest';
import { type CookieOptions, createApp, differential, type Framework } from './helpers/res';

const fixedDate = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));

/** `/` sets one cookie named `name` with `value` and `options`. */
function cookieApp(value: unknown, options?: CookieOptions) {
	return (framework: Framework) =>
		framework().get('/', (_req, res) => {
			if (options === undefined) res.cookie('name', value);
			else res.cookie('name', value, options);
			res.end();
		});
}

async function setCookieOf(value: unknown, options?: CookieOptions): Promise<string | string[] | undefined> {
	const [response] = await differential(cookieApp(value, options), [{ path: '/' }]);
	return response.headers['set-cookie'];
}

describe('res.cookie', () => {
	test('a string value is URI-encoded, with Path=/ by default', async () => {
		assert.deepEqual(await setCookieOf('tobi ferret;=,'), ['name=tobi%20ferret%3B%3D%2C; Path=/']);
	});

	test('an object (or null) is serialised as j: + JSON', async () => {
		assert.deepEqual(await setCookieOf({ user: 'tobi', roles: ['a'] }), ['name=j%3A%7B%22user%22%3A%22tobi%22%2C%22roles%22%3A%5B%22a%22%5D%7D; Path=/']);
		assert.deepEqual(await setCookieOf(null), ['name=j%3Anull; Path=/']);
	});

	test('numbers and booleans are stringified', async () => {
		assert.deepEqual(await setCookieOf(42), ['name=42; Path=/']);
		assert.deepEqual(await setCookieOf(false), ['name=false; Path=/']);
	});

	test('every attribute option, in cookie@0.7 order', async () => {
		const options: CookieOptions = {
			domain: 'example.com',
			path: '/admin',
			expires: fixedDate,
			httpOnly: true,
			secure: true,
			partitioned: true,
			priority: 'high',
			sameSite: 'lax',
		};
		assert.deepEqual(await setCookieOf('v', options), [
			'name=v; Domain=example.com; Path=/admin; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
		]);
	});

	test('sameSite true/strict/none and priority low/medium', async () => {
		assert.deepEqual(await setCookieOf('v', { sameSite: true }), ['name=v; Path=/; SameSite=Strict']);
		assert.deepEqual(await setCookieOf('v', { sameSite: 'none', secure: true }), ['name=v; Path=/; Secure; SameSite=None']);
		assert.deepEqual(await setCookieOf('v', { priority: 'low' }), ['name=v; Path=/; Priority=Low']);
		assert.deepEqual(await setCookieOf('v', { priority: 'medium' }), ['name=v; Path=/; Priority=Medium']);
	});

	test('a custom encode function is used', async () => {
		assert.deepEqual(await setCookieOf('a b', { encode: (v: string) => v.replace(' ', '+') }), ['name=a+b; Path=/']);
	});

	test('maxAge sets Max-Age in seconds and Expires that far ahead', async () => {
		const app = createApp();
		app.get('/', (req, res) => {
			res.cookie('a', '1', { maxAge: Number(req.query.ms) as number });
			res.end();
		});
		const before = Date.now();
		const response = await request(app).get('/?ms=90500');
		const header = String(response.headers['set-cookie']);
		const match = /^a=1; Max-Age=(\d+); Path=\/; Expires=(.+)$/.exec(header);
		assert.ok(match, header);
		assert.equal(match[1], '90');
		const expires = Date.parse(match[2]);
		assert.ok(expires >= Math.floor((before + 90500) / 1000) * 1000 - 1000 && expires <= Date.now() + 90500, header);
	});

	test('maxAge 0 expires now; a numeric string counts; a non-numeric one is refused by cookie', async () => {
		const app = createApp();
		const results: string[] = [];
		app.get('/', (_req, res) => {
			res.cookie('zero', '1', { maxAge: 0 });
			res.cookie('string', '1', { maxAge: '2000' as unknown as number });
			try {
				res.cookie('bad', '1', { maxAge: 'soon' as unknown as number });
			} catch (err) {
				results.push((err as Error).name + ': ' + (err as Error).message);
			}
			res.end();
		});
		const response = await request(app).get('/');
		const cookies = response.headers['set-cookie'] as unknown as string[];
		assert.match(cookies[0], /^zero=1; Max-Age=0; Path=\/; Expires=/);
		assert.match(cookies[1], /^string=1; Max-Age=2; Path=\/; Expires=/);
		assert.deepEqual(results, ['TypeError: option maxAge is invalid']);
	});

	test('the options object is not modified', async () => {
		const options: CookieOptions = { maxAge: 1000 };
		const app = createApp();
		app.get('/', (_req, res) => {
			res.cookie('a', '1', options);
			res.end();
		});
		await request(app).get('/').expect(200);
		assert.deepEqual(options, { maxAge: 1000 });
	});

	test('signed cookies use req.secret and are read back by cookie-parser', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use(cookieParser('keyboard cat'));
				app.get('/', (_req, res) => {
					res.cookie('user', 'tobi', { signed: true }).cookie('data', { a: 1 }, { signed: true });
					res.end();
				});
				return app;
			},
			[{ path: '/' }],
		);
		assert.deepEqual(response.headers['set-cookie'], [
			'user=' + encodeURIComponent('s:' + sign('tobi', 'keyboard cat')) + '; Path=/',
			'data=' + encodeURIComponent('s:' + sign('j:{"a":1}', 'keyboard cat')) + '; Path=/',
		]);

		const app = createApp();
		app.use(cookieParser('keyboard cat'));
		app.get('/set', (_req, res) => {
			res.cookie('user', 'tobi', { signed: true }).cookie('data', { a: 1 }, { signed: true }).end();
		});
		app.get('/read', (req, res) => {
			res.json(req.signedCookies);
		});
		const agent = request.agent(app);
		await agent.get('/set').expect(200);
		await agent.get('/read').expect(200, { user: 'tobi', data: { a: 1 } });
	});

	test('signed without a secret throws', async () => {
		const app = createApp();
		let error: unknown;
		app.get('/', (_req, res) => {
			try {
				res.cookie('a', 'b', { signed: true });
			} catch (err) {
				error = err;
			}
			res.end();
		});
		await request(app).get('/').expect(200);
		assert.equal((error as Error).message, 'cookieParser("secret") required for signed cookies');
	});

	test('invalid name, value, path, domain, expires, priority and sameSite throw TypeError', async () => {
		const cases: [string, unknown, CookieOptions | undefined][] = [
			['bad name', 'v', undefined],
			['a;b', 'v', undefined],
			['a\r\nb', 'v', undefined],
			['ok', 'v', { encode: (v: string) => v + '; Domain=evil.example' }],
			['ok', 'v', { encode: (v: string) => v + '\r\nX-Injected: 1' }],
			['ok', 'v', { path: '/; Domain=evil.example' }],
			['ok', 'v', { path: '/\r\nX-Injected: 1' }],
			['ok', 'v', { domain: 'evil.example; Secure' }],
			['ok', 'v', { domain: 'a\nb' }],
			['ok', 'v', { expires: new Date(Number.NaN) }],
			['ok', 'v', { priority: 'urgent' as 'low' }],
			['ok', 'v', { sameSite: 'sometimes' as 'lax' }],
			['ok', 'v', { encode: 'no' as unknown as (v: string) => string }],
		];
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					const errors: string[] = [];
					for (const [name, value, options] of cases) {
						try {
							if (options === undefined) res.cookie(name, value);
							else res.cookie(name, value, options);
							errors.push('no error');
						} catch (err) {
							errors.push((err as Error).name + ': ' + (err as Error).message);
						}
					}
					res.json(errors);
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['set-cookie'], undefined);
		assert.equal(response.headers['x-injected'], undefined);
		const errors = JSON.parse(response.body) as string[];
		assert.deepEqual(errors, [
			'TypeError: argument name is invalid',
			'TypeError: argument name is invalid',
			'TypeError: argument name is invalid',
			'TypeError: argument val is invalid',
			'TypeError: argument val is invalid',
			'TypeError: option path is invalid',
			'TypeError: option path is invalid',
			'TypeError: option domain is invalid',
			'TypeError: option domain is invalid',
			'TypeError: option expires is invalid',
			'TypeError: option priority is invalid',
			'TypeError: option sameSite is invalid',
			'TypeError: option encode is invalid',
		]);
	});

	test('an uncaught invalid cookie is a 500 through next(err), as Express', async () => {
		const [response] = await differential(cookieApp('v', { path: '/;x' }), [{ path: '/' }], { env: 'production' });
		assert.equal(response.status, 500);
		assert.equal(response.headers['set-cookie'], undefined);
	});

	test('several cookies accumulate and res.cookie is chainable', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.cookie('a', '1').cookie('b', '2', { httpOnly: true }).end();
				}),
			[{ path: '/' }],
		);
		assert.deepEqual(response.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
	});
});
