/**
 * The default final handler (finalhandler@1 as Express 4 uses it): the 404
 * page, error status choice, development stack vs production message,
 * `err.headers`, security headers, socket destruction after headers were
 * sent, and stderr logging except in the `test` env.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import velox from '../src/express';
import { type DiffRequest, differential, type Framework, frameworks } from './helpers/differential';
import { send } from './helpers/client';
import { listen } from './helpers/server';

function failing(error: () => unknown) {
	return (framework: Framework) => {
		const app = framework();
		app.get('/', (_req, _res, next) => next(error()));
		return app;
	};
}

describe('404', () => {
	test('an unanswered request gets Express 404 page byte for byte', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.get('/other', (_req, res) => res.end());
				return app;
			},
			[{ path: '/missing/page?query=1' }],
		);
		assert.equal(response.status, 404);
		assert.equal(
			response.body,
			'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /missing/page</pre>\n</body>\n</html>\n',
		);
		assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(response.headers['content-security-policy'], "default-src 'none'");
		assert.equal(response.headers['x-content-type-options'], 'nosniff');
		assert.equal(response.headers['content-length'], String(Buffer.byteLength(response.body)));
	});

	test('the path is URL-encoded and HTML-escaped', async () => {
		const [response] = await differential((framework) => framework(), [{ path: `/<script>alert("x")</script>&'` }, { path: '/caf%C3%A9%3C' }]);
		assert.match(response.body, /<pre>Cannot GET \/%3Cscript%3Ealert\(%22x%22\)%3C\/script%3E&amp;&#39;<\/pre>/);
	});

	test('the 404 page of an app without routes, of HEAD, of other methods and of absolute-form targets', async () => {
		const requests: DiffRequest[] = [
			{ path: '/' },
			{ method: 'HEAD', path: '/x' },
			{ method: 'POST', path: '/form', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
			{ method: 'DELETE', path: 'http://example.com/abs?x' },
		];
		await differential((framework) => framework(), requests);
		const responses = await differential((framework) => {
			const app = framework();
			app.use((_req, _res, next) => next());
			return app;
		}, requests);
		assert.equal(responses[1].body, '');
		assert.match(responses[3].body, /Cannot DELETE \/abs</);
	});

	test('a 404 after the response has started sending is ignored', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, res, next) => {
					res.writeHead(200, { 'Content-Type': 'text/plain' });
					res.write('partial');
					next();
					setTimeout(() => res.end(' rest'), 10);
				});
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'partial rest');
	});
});

describe('errors', () => {
	test('status comes from err.status, then err.statusCode, when it is 4xx or 5xx', async () => {
		// [error properties, the status express@4 answers]: a non-number or out-of-range status falls through.
		const cases: [Record<string, unknown>, number][] = [
			[{ status: 404 }, 404],
			[{ statusCode: 503 }, 503],
			[{ status: 401, statusCode: 402 }, 401],
			[{ status: 200, statusCode: 409 }, 409],
			[{ status: 302 }, 500],
			[{ status: 600 }, 500],
			[{ status: '404' }, 500],
			[{ statusCode: 399 }, 500],
			[{}, 500],
		];
		for (const [props, status] of cases) {
			const [response] = await differential(
				failing(() => Object.assign(new Error('failed'), props)),
				[{ path: '/' }],
				{ env: 'production' },
			);
			assert.equal(response.status, status, JSON.stringify(props));
		}
	});

	test('without an error status, a 4xx/5xx status already on the response is kept, otherwise 500', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.get('/kept', (_req, res, next) => {
					res.statusCode = 422;
					next(new Error('x'));
				});
				app.get('/ignored', (_req, res, next) => {
					res.statusCode = 201;
					next(new Error('x'));
				});
				return app;
			},
			[{ path: '/kept' }, { path: '/ignored' }],
			{ env: 'production' },
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[422, 500],
		);
	});

	test('production shows only the status message; development shows the escaped stack', async () => {
		const error = () => Object.assign(new Error('<secret> & "details"'), { status: 418 });
		const [production] = await differential(failing(error), [{ path: '/' }], { env: 'production' });
		assert.equal(production.status, 418);
		assert.match(production.body, /<pre>I&#39;m a Teapot<\/pre>/);
		assert.doesNotMatch(production.body, /secret/);
		const [development] = await differential(failing(error), [{ path: '/' }], { env: 'development-like' });
		assert.match(development.body, /<pre>Error: &lt;secret&gt; &amp; &quot;details&quot;<br> &nbsp; &nbsp;at /);
	});

	test('errors without a stack, non-Error values and unknown statuses', async () => {
		const values: (() => unknown)[] = [
			() => 'a string error',
			() => 42,
			() => ({ message: 'plain object' }),
			() => ({ toString: () => 'custom toString', status: 400 }),
			() => Object.assign(new Error('no stack'), { stack: '' }),
			() => Object.assign(new Error('odd status'), { status: 499 }),
			() => Object.assign(new Error('multi\nline  spaced'), { stack: 'multi\nline  spaced' }),
			() => true,
		];
		for (const env of ['production', 'development']) {
			// A HEAD answer has no body to strip stack frames from: its Content-Length carries the stack's length.
			const ignoreHeaders = env === 'production' ? [] : ['content-length'];
			for (const value of values) await differential(failing(value), [{ path: '/' }, { method: 'HEAD', path: '/' }], { env, ignoreHeaders });
		}
	});

	test('err.headers are applied for error statuses only; content headers are removed', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.get('/applied', (_req, res, next) => {
					res.setHeader('Content-Encoding', 'gzip');
					res.setHeader('Content-Language', 'en');
					res.setHeader('Content-Range', 'bytes 0-1/2');
					res.setHeader('X-Kept', 'yes');
					next(Object.assign(new Error('limited'), { status: 429, headers: { 'Retry-After': '120', 'X-Extra': 'a' } }));
				});
				app.get('/ignored', (_req, _res, next) => next(Object.assign(new Error('x'), { headers: { 'X-Extra': 'b' } })));
				app.get('/bad-headers', (_req, _res, next) => next(Object.assign(new Error('x'), { status: 400, headers: 'not an object' })));
				return app;
			},
			[{ path: '/applied' }, { path: '/ignored' }, { path: '/bad-headers' }],
			{ env: 'production' },
		);
		assert.equal(responses[0].headers['retry-after'], '120');
		assert.equal(responses[0].headers['content-encoding'], undefined);
		assert.equal(responses[0].headers['x-kept'], 'yes');
		assert.equal(responses[1].headers['x-extra'], undefined);
	});

	test('an error after headers were sent destroys the socket', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/', (_req: Request, res: Response, next: NextFunction) => {
			res.writeHead(200, { 'Content-Type': 'text/plain' });
			res.write('partial');
			setTimeout(() => next(new Error('late failure')), 5);
		});
		const server = await listen(app);
		const { port } = server;
		const outcome = await new Promise<string>((resolve) => {
			const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
				let body = '';
				res.on('data', (chunk: Buffer) => {
					body += chunk;
				});
				res.on('aborted', () => resolve('aborted after ' + body));
				res.on('error', () => resolve('aborted after ' + body));
				res.on('end', () => resolve('ended with ' + body));
			});
			req.on('error', (err) => resolve('request error ' + err.message));
		});
		await server.close();
		assert.equal(outcome, 'aborted after partial');
	});
});

describe('logging', () => {
	async function capture(env: string, error: unknown, framework: Framework = frameworks.velox): Promise<unknown[][]> {
		const logged: unknown[][] = [];
		const original = console.error;
		console.error = (...args: unknown[]) => {
			logged.push(args);
		};
		try {
			const app = framework();
			app.set('env', env);
			app.get('/', (_req: Request, _res: Response, next: NextFunction) => next(error));
			const server = await listen(app);
			await send(server.port, { path: '/' });
			await new Promise((resolve) => setImmediate(resolve));
			await server.close();
		} finally {
			console.error = original;
		}
		return logged;
	}

	test('errors reaching the final handler are logged to stderr with their stack', async () => {
		const error = new Error('logged failure');
		assert.deepEqual(await capture('development', error), [[error.stack]]);
		assert.deepEqual(await capture('production', error), [[error.stack]]);
	});

	test('a value without a stack is logged through toString', async () => {
		assert.deepEqual(await capture('development', 'plain string'), [['plain string']]);
	});

	test('a 4xx error is logged with its stack as well, as express@4 does (finalhandler calls onerror for any error)', async () => {
		const error = Object.assign(new Error('client sent nonsense'), { status: 400 });
		const expected = [[error.stack]];
		assert.deepEqual(await capture('production', error, frameworks.express), expected, 'express@4');
		assert.deepEqual(await capture('production', error), expected, 'Velox');
	});

	test('nothing is logged in the test env', async () => {
		assert.deepEqual(await capture('test', new Error('quiet')), []);
	});
});
