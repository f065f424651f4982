/**
 * Express 4 path syntax (path-to-regexp 0.1): strings, `?`, `+`, `*`, `()`,
 * named, optional and custom params, regular expressions, arrays; case
 * sensitivity, strict routing, query strings; URI-decoded params.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { type DiffRequest, differentialInProcess as differential, type Framework } from './helpers/differential';

/** Answers with what routing decided: the route path, params and URLs. */
function echo(req: Request, res: Response): void {
	res.setHeader('Content-Type', 'application/json');
	res.end(JSON.stringify({ route: String(req.route?.path), params: req.params, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl }));
}

function errorEcho(err: { status?: number; message: string }, _req: Request, res: Response, _next: NextFunction): void {
	res.statusCode = err.status ?? 500;
	res.setHeader('Content-Type', 'text/plain');
	res.end('error: ' + err.message);
}

function get(...paths: string[]): DiffRequest[] {
	return paths.map((path) => ({ path }));
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

function appWith(setup: (app: ReturnType<Framework>) => void): (framework: Framework) => Listener {
	return (framework) => {
		const app = framework();
		setup(app);
		app.use(errorEcho);
		return app;
	};
}

describe('path patterns', () => {
	test('`?` makes the preceding character optional', async () => {
		const [abcd, abd, abxd] = await differential(
			appWith((app) => app.get('/abc?d', echo)),
			get('/abcd', '/abd', '/abxd'),
		);
		assert.equal(abcd.status, 200);
		assert.equal(abd.status, 200);
		assert.equal(abxd.status, 404);
	});

	test('`+` repeats the preceding character one or more times', async () => {
		const [one, many, none] = await differential(
			appWith((app) => app.get('/ab+cd', echo)),
			get('/abcd', '/abbbbcd', '/acd'),
		);
		assert.deepEqual([one.status, many.status, none.status], [200, 200, 404]);
	});

	test('`*` matches anything, slashes included, into numbered params', async () => {
		const [plain, anything, slash, missing] = await differential(
			appWith((app) => app.get('/ab*cd', echo)),
			get('/abcd', '/abXYZcd', '/ab/x/cd', '/abc'),
		);
		assert.deepEqual([plain.status, anything.status, slash.status, missing.status], [200, 200, 200, 404]);
		assert.equal(JSON.parse(slash.body).params[0], '/x/');
	});

	test('`()` groups, optional with `?`', async () => {
		const [ad, abcd, abd] = await differential(
			appWith((app) => app.get('/a(bc)?d', echo)),
			get('/ad', '/abcd', '/abd'),
		);
		assert.deepEqual([ad.status, abcd.status, abd.status], [200, 200, 404]);
	});

	test('named, optional and custom-pattern params', async () => {
		const responses = await differential(
			appWith((app) => {
				app.get('/user/:id(\\d+)', echo);
				app.get('/user/:name', echo);
				app.get('/opt/:maybe?', echo);
				app.get('/file/:name.:ext', echo);
				app.get('/flights/:from-:to', echo);
				app.get('/star/:rest*', echo);
				app.get('/fmt/:id.:format?', echo);
			}),
			get(
				'/user/42',
				'/user/bob',
				'/user/',
				'/user/42/',
				'/opt',
				'/opt/',
				'/opt/x',
				'/opt/x/y',
				'/file/a.txt',
				'/file/a.b.c',
				'/flights/LAX-SFO',
				'/star/a/b/c',
				'/star/a',
				'/fmt/9',
				'/fmt/9.json',
			),
		);
		assert.equal(JSON.parse(responses[0].body).route, '/user/:id(\\d+)');
		assert.deepEqual(JSON.parse(responses[0].body).params, { id: '42' });
		assert.deepEqual(JSON.parse(responses[1].body).params, { name: 'bob' });
		assert.equal(responses[2].status, 404);
		assert.deepEqual(JSON.parse(responses[4].body).params, {});
		assert.deepEqual(JSON.parse(responses[8].body).params, { name: 'a', ext: 'txt' });
		assert.deepEqual(JSON.parse(responses[10].body).params, { from: 'LAX', to: 'SFO' });
	});

	test('a bare `*` matches every path with the whole path in params[0]', async () => {
		const [root, deep] = await differential(
			appWith((app) => app.get('*', echo)),
			get('/', '/a/b%20c?q=1'),
		);
		assert.equal(JSON.parse(deep.body).params[0], '/a/b c');
		assert.equal(root.status, 200);
	});

	test('regular expressions expose captures as params[n] and named groups by name', async () => {
		const [numbered, named, noMatch] = await differential(
			appWith((app) => {
				app.get(/^\/re\/(\d+)\/(\w+)$/, echo);
				app.get(/^\/named\/(?<year>\d{4})$/, echo);
			}),
			get('/re/12/ab', '/named/2024', '/re/x/y'),
		);
		assert.deepEqual(JSON.parse(numbered.body).params, { 0: '12', 1: 'ab' });
		assert.deepEqual(JSON.parse(named.body).params, { year: '2024' });
		assert.equal(noMatch.status, 404);
	});

	test('arrays combine strings, patterns and regular expressions', async () => {
		const responses = await differential(
			appWith((app) => app.get(['/one', '/two/:x', /^\/three\/(\d+)$/], echo)),
			get('/one', '/two/2', '/three/3', '/four'),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 200, 200, 404],
		);
	});

	test('escaped characters and dots are literal', async () => {
		const responses = await differential(
			appWith((app) => {
				app.get('/a\\*b', echo);
				app.get('/v1.0/x', echo);
			}),
			get('/a*b', '/aXb', '/v1.0/x', '/v1x0/x'),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404, 200, 404],
		);
	});
});

describe('matching rules', () => {
	test('routing is case-insensitive by default and query strings are ignored', async () => {
		const [upper, query] = await differential(
			appWith((app) => app.get('/Users/:id', echo)),
			get('/USERS/Ab', '/users/7?id=9&x=1'),
		);
		assert.deepEqual(JSON.parse(upper.body).params, { id: 'Ab' });
		assert.equal(JSON.parse(query.body).url, '/users/7?id=9&x=1');
	});

	test('`case sensitive routing` distinguishes /Foo from /foo', async () => {
		const [exact, other] = await differential(
			appWith((app) => {
				app.enable('case sensitive routing');
				app.get('/Foo', echo);
			}),
			get('/Foo', '/foo'),
		);
		assert.deepEqual([exact.status, other.status], [200, 404]);
	});

	test('a trailing slash is optional unless `strict routing` is on', async () => {
		const loose = await differential(
			appWith((app) => app.get('/dir', echo)),
			get('/dir', '/dir/', '/dir//'),
		);
		assert.deepEqual(
			loose.map((r) => r.status),
			[200, 200, 404],
		);
		const strict = await differential(
			appWith((app) => {
				app.enable('strict routing');
				app.get('/dir', echo);
				app.get('/slash/', echo);
			}),
			get('/dir', '/dir/', '/slash/', '/slash'),
		);
		assert.deepEqual(
			strict.map((r) => r.status),
			[200, 404, 200, 404],
		);
	});

	test('empty paths, the asterisk-form target and fragments', async () => {
		await differential(
			appWith((app) => {
				app.get('', echo);
				app.use('', (req, _res, next) => {
					req.headers['x-seen'] = req.url;
					next();
				});
				app.options('*', echo);
				app.get('/frag', echo);
			}),
			[{ path: '/' }, { method: 'OPTIONS', path: '*' }, { path: '/frag#x' }, { path: '/frag?a#b' }],
		);
	});

	test('latin1 characters and a no-break space in the raw request target', async () => {
		await differential(
			appWith((app) => {
				app.get('/p/:value', echo);
				app.use('/m', echo);
			}),
			['/p/caf\u00e9', '/p/a\u00a0b', '/p/\u00ff', '/m\u00a0/x', '/p/x\u00a0', '/p/%C3%A9\u00e9'].map((path) => ({ path })),
		);
	});

	test('absolute-form request targets route on their path', async () => {
		const [absolute] = await differential(
			appWith((app) => app.get('/abs/:x', echo)),
			get('http://example.com/abs/1?q=2'),
		);
		assert.equal(JSON.parse(absolute.body).params.x, '1');
	});
});

describe('param decoding', () => {
	test('params are URI-decoded, encoded slashes included', async () => {
		const [utf8, slash, plus] = await differential(
			appWith((app) => app.get('/p/:value', echo)),
			get('/p/caf%C3%A9', '/p/a%2Fb', '/p/a+b%20c'),
		);
		assert.equal(JSON.parse(utf8.body).params.value, 'café');
		assert.equal(JSON.parse(slash.body).params.value, 'a/b');
		assert.equal(JSON.parse(plus.body).params.value, 'a+b c');
	});

	test('a malformed escape is a 400 error for the error handlers, not a crash', async () => {
		const [bad, percent, after] = await differential(
			appWith((app) => app.get('/p/:value', echo)),
			get('/p/%zz', '/p/%', '/p/ok'),
		);
		assert.equal(bad.status, 400);
		assert.equal(bad.body, "error: Failed to decode param '%zz'");
		assert.equal(percent.status, 400);
		assert.equal(after.status, 200);
	});

	test('a malformed escape without an error handler gives the final handler 400 page', async () => {
		const [bad] = await differential((framework) => {
			const app = framework();
			app.get('/p/:value', echo);
			return app;
		}, get('/p/%E0%A4%A'));
		assert.equal(bad.status, 400);
		assert.match(bad.body, /<pre>URIError: Failed to decode param &#39;%E0%A4%A&#39;<br>/);
	});

	test('a malformed escape skips routes but reaches error middleware mounted on a matching path', async () => {
		const responses = await differential((framework) => {
			const app = framework();
			app.get('/p/:value', echo);
			app.use('/p', errorEcho);
			app.use('/q', (_err: Error, _req: Request, res: Response, _next: NextFunction) => res.end('wrong'));
			return app;
		}, get('/p/%zz'));
		assert.equal(responses[0].body, "error: Failed to decode param '%zz'");
	});
});
