/**
 * The tests of Express 4's and body-parser 1.x's own suites that Velox used to fail, each
 * pinned here against express@4 itself: a router given a request without `url`, an app whose
 * `query parser fn` setting was deleted, `res.render` of an extension whose module is not an
 * engine, `res.sendfile`/`res.sendFile` when the socket fails, and a compressed body that
 * inflates past the limit from a client that pauses before finishing its request.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import express from 'express';
import velox from '../src/express';
import { differential, type Framework, type FrameworkName, frameworks } from './helpers/differential';
import { RawClient } from './helpers/raw-socket';
import { listen } from './helpers/server';

type Next = (err?: unknown) => void;

describe('Router should handle missing URL', () => {
	test('a request without url goes to the final callback, no layer runs (as express@4)', () => {
		const outcome = (framework: Framework) => {
			const router = framework.Router();
			let layerRan = false;
			router.use(() => {
				layerRan = true;
			});
			let calls = 0;
			let received: unknown = 'not called';
			const handle = router as (req: unknown, res: unknown, next: Next) => void;
			handle({ method: 'GET' }, {}, (err?: unknown) => {
				calls++;
				received = err;
			});
			return { layerRan, calls, received };
		};
		const expected = outcome(frameworks.express);
		assert.deepEqual(expected, { layerRan: false, calls: 1, received: undefined });
		assert.deepEqual(outcome(frameworks.velox), expected);
	});

	test('router.handle with a request whose url is undefined, mounted under a path too', () => {
		for (const framework of [frameworks.express, frameworks.velox]) {
			const router = framework.Router();
			router.use('/x', () => assert.fail('should not be called'));
			let done = false;
			(router as unknown as { handle(req: unknown, res: unknown, next: Next): void }).handle({ method: 'POST', url: undefined }, {}, (err?: unknown) => {
				assert.equal(err, undefined);
				done = true;
			});
			assert.equal(done, true);
		}
	});
});

describe('req.query when "query parser fn" is missing', () => {
	const build = (framework: Framework) => {
		const app = framework();
		delete app.settings['query parser'];
		delete app.settings['query parser fn'];
		app.use((req, res) => {
			res.send(req.query);
		});
		return app;
	};

	test('parses like Express 4: qs with allowPrototypes (the upstream test)', async () => {
		const [response] = await differential(build, [{ path: '/?user[name]=tj&user.name=tj' }]);
		assert.equal(response.body, '{"user":{"name":"tj"},"user.name":"tj"}');
	});

	test('the same as express@4 for arrays past 20 items, prototype keys, nesting and no query', async () => {
		const many = Array.from({ length: 25 }, (_, i) => 'a[' + i + ']=' + i).join('&');
		const responses = await differential(build, [
			{ path: '/?' + many },
			{ path: '/?hasOwnProperty=1&a[b][c][d][e][f][g]=1' },
			{ path: '/' },
			{ path: '/?a=1&a=2&b[]=x' },
		]);
		// qs's own arrayLimit (20) applies here, not the 1000 of the `extended` setting.
		assert.equal(JSON.parse(responses[0].body).a['24'], '24');
		assert.equal(responses[2].body, '{}');
	});
});

describe('res.render without "view engine" and an extension naming a module that is not an engine', () => {
	test('500 with "Module … does not provide a view engine.", the page as express@4 renders it', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, res) => {
					// `send` is a module (a dependency of express@4) without `__express`.
					res.render(path.join(__dirname, 'fixtures', 'broken.send'));
				});
				return app;
			},
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
		const inDevelopment = await differential(
			(framework) => {
				const app = framework();
				app.use((_req, res) => res.render(path.join(__dirname, 'fixtures', 'broken.send')));
				return app;
			},
			[{ path: '/' }],
			{ env: 'development' },
		);
		assert.match(inDevelopment[0].body, /Error: Module &quot;send&quot; does not provide a view engine\./);
	});

	test('engine modules are also found from the application directory when Velox cannot see them', async () => {
		const previous = process.cwd();
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-engines-'));
		try {
			const engine = path.join(root, 'node_modules', 'velox-test-engine');
			fs.mkdirSync(engine, { recursive: true });
			fs.writeFileSync(path.join(engine, 'package.json'), '{"name":"velox-test-engine","main":"index.js"}');
			fs.writeFileSync(path.join(engine, 'index.js'), "exports.__express = (file, options, cb) => cb(null, 'rendered ' + require('path').basename(file));");
			const broken = path.join(root, 'node_modules', 'velox-not-an-engine');
			fs.mkdirSync(broken, { recursive: true });
			fs.writeFileSync(path.join(broken, 'index.js'), 'exports.other = 1;');
			fs.writeFileSync(path.join(root, 'page.velox-test-engine'), '');
			process.chdir(root);
			const app = velox();
			const results: string[] = [];
			// As in Express 4, a module that cannot be an engine throws from app.render itself.
			const render = (file: string) =>
				new Promise<void>((resolve) => {
					try {
						app.render(path.join(root, file), (err: Error | null, html?: string) => {
							results.push(err ? 'error: ' + err.message : String(html));
							resolve();
						});
					} catch (err) {
						results.push('thrown: ' + ((err as Error & { code?: string }).code ?? (err as Error).message));
						resolve();
					}
				});
			await render('page.velox-test-engine');
			await render('page.velox-not-an-engine');
			await render('page.velox-missing-engine');
			assert.deepEqual(results, [
				'rendered page.velox-test-engine',
				'thrown: Module "velox-not-an-engine" does not provide a view engine.',
				'thrown: MODULE_NOT_FOUND',
			]);
		} finally {
			process.chdir(previous);
			fs.rmSync(root, { recursive: true, force: true });
		}
	});
});

describe('res.sendfile / res.sendFile when the socket fails', () => {
	const fixture = path.join(__dirname, '../../package.json');

	async function outcome(name: FrameworkName, method: 'sendfile' | 'sendFile', socketError: Error): Promise<unknown> {
		const app = frameworks[name]();
		let resolveSeen: (value: unknown) => void = () => {};
		const seen = new Promise((resolve) => {
			resolveSeen = resolve;
		});
		app.use((req, res) => {
			const send = (res as unknown as Record<string, (path: string, cb: (err?: Error & { code?: string }) => void) => void>)[method];
			send.call(res, fixture, (err) => resolveSeen({ message: err?.message, code: err?.code, headersSent: res.headersSent }));
			req.socket.destroy(socketError);
		});
		const server = await listen(app);
		try {
			const client = await RawClient.connect(server.port);
			client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			const timer = setTimeout(() => resolveSeen('callback not called'), 3000);
			const result = await seen;
			clearTimeout(timer);
			client.destroy();
			return result;
		} finally {
			await server.close();
		}
	}

	test('res.sendfile(path, fn) invokes the callback with the socket error (the upstream test)', async () => {
		const expected = await outcome('express', 'sendfile', new Error('broken!'));
		assert.deepEqual(expected, { message: 'broken!', code: undefined, headersSent: false });
		assert.deepEqual(await outcome('velox', 'sendfile', new Error('broken!')), expected);
	});

	test('res.sendFile(path, fn) too; a reset (ECONNRESET) is reported as ECONNABORTED, as express@4', async () => {
		const expected = await outcome('express', 'sendFile', new Error('broken!'));
		assert.deepEqual(await outcome('velox', 'sendFile', new Error('broken!')), expected);
		const reset = (): Error => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
		const expectedReset = await outcome('express', 'sendFile', reset());
		assert.deepEqual(expectedReset, { message: 'Request aborted', code: 'ECONNABORTED', headersSent: false });
		assert.deepEqual(await outcome('velox', 'sendFile', reset()), expectedReset);
	});
});

describe('body parsers "with limit option should not error when inflating"', () => {
	const cases = [
		{ parser: 'json', type: 'application/json', body: JSON.stringify({ s: 'x'.repeat(2000) }) },
		{ parser: 'text', type: 'text/plain', body: 'x'.repeat(2000) },
		{ parser: 'raw', type: 'application/octet-stream', body: 'x'.repeat(2000) },
		{ parser: 'urlencoded', type: 'application/x-www-form-urlencoded', body: 'a=' + 'x'.repeat(2000) },
	] as const;

	/** A client that writes the gzip body, waits, then finishes the request and reads the answer. */
	async function pausedGzipUpload(name: FrameworkName, parser: string, type: string, body: string): Promise<{ status: number; keptAlive: boolean }> {
		const factory: typeof express = name === 'express' ? express : velox;
		const app = factory();
		app.set('env', 'test');
		app.use((factory as unknown as Record<string, (options: object) => express.RequestHandler>)[parser]({ limit: '1kb', extended: false }));
		app.post('/', (_req, res) => {
			res.send('parsed');
		});
		const server = await listen(app);
		try {
			const { port } = server;
			return await new Promise((resolve, reject) => {
				const req = http.request(
					{ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'Content-Type': type, 'Content-Encoding': 'gzip' } },
					(res) => {
						res.resume();
						res.on('end', () => resolve({ status: res.statusCode ?? 0, keptAlive: res.headers.connection === 'keep-alive' }));
					},
				);
				req.setTimeout(3000, () => req.destroy(new Error('no answer')));
				req.on('error', reject);
				req.write(zlib.gzipSync(body));
				setTimeout(() => req.end(), 100);
			});
		} finally {
			await server.close();
		}
	}

	for (const { parser, type, body } of cases) {
		test(parser + '(): 413 after the request ends, connection kept alive (as express@4)', async () => {
			const expected = await pausedGzipUpload('express', parser, type, body);
			assert.deepEqual(expected, { status: 413, keptAlive: true });
			assert.deepEqual(await pausedGzipUpload('velox', parser, type, body), expected);
		});
	}
});
