import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { discardBounds } from '../src/core/body/discard';
import { delay, differential, type FrameworkName, frameworks, parserApp, reportError, sendJson } from './helpers/body';
import { RawClient } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

const JSON_TYPE = { 'Content-Type': 'application/json' };

function request(lines: string[], body = ''): string {
	return lines.join('\r\n') + '\r\n\r\n' + body;
}

/** Runs `fn` against a Velox app listening on a fresh server. */
async function withServer(listener: http.RequestListener, fn: (server: Running) => Promise<void>): Promise<void> {
	const server = await listen(listener);
	try {
		await fn(server);
	} finally {
		await server.close();
	}
}

describe('body reader (shared by all parsers)', () => {
	test('a declared Content-Length far over the limit (past the drain bound) is answered at once with 413 and Connection: close (beyond Express 4)', async () => {
		await withServer(
			parserApp('velox', (p) => p.json()),
			async (server) => {
				const client = await RawClient.connect(server.port);
				try {
					// Announce 50 MB, send a few bytes, then stall: the answer must not wait for the rest.
					client.write(request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 52428800'], '{"a":'));
					const response = await client.response(1500);
					assert.equal(response.status, 413);
					assert.equal(response.headers.connection, 'close');
					const error = JSON.parse(response.body);
					assert.equal(error.type, 'entity.too.large');
					assert.equal(error.message, 'request entity too large');
					assert.equal(error.expected, 52428800);
					assert.equal(error.limit, 102400);
					// The unread bytes are never parsed as a request: the server closes the connection.
					await client.waitClosed(1500);
				} finally {
					client.destroy();
				}
			},
		);
	});

	test('the default final handler also answers an over-limit Content-Length at once', async () => {
		await withServer(
			parserApp('velox', (p) => p.json(), { reportErrors: false }),
			async (server) => {
				const client = await RawClient.connect(server.port);
				try {
					client.write(request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 52428800'], '{"a":'));
					const response = await client.response(1500);
					assert.equal(response.status, 413);
					assert.equal(response.headers.connection, 'close');
					assert.match(response.body, /PayloadTooLargeError: request entity too large/);
					await client.waitClosed(1500);
				} finally {
					client.destroy();
				}
			},
		);
	});

	test('a chunked body passing the limit, then stalling, is answered after the idle bound and the connection closed (beyond Express 4)', async () => {
		await withServer(
			parserApp('velox', (p) => p.text({ limit: 100 })),
			async (server) => {
				const client = await RawClient.connect(server.port);
				try {
					const chunk = 'x'.repeat(150);
					client.write(
						request(
							['POST / HTTP/1.1', 'Host: x', 'Content-Type: text/plain', 'Transfer-Encoding: chunked'],
							chunk.length.toString(16) + '\r\n' + chunk + '\r\n',
						),
					);
					const response = await client.response(discardBounds.idleMs + 2000);
					assert.equal(response.status, 413);
					assert.equal(response.headers.connection, 'close');
					const error = JSON.parse(response.body);
					assert.equal(error.type, 'entity.too.large');
					assert.equal(error.received, 150);
					await client.waitClosed(2000);
				} finally {
					client.destroy();
				}
			},
		);
	});

	test('a small gzip bomb stops at the limit, counting inflated bytes; the connection stays usable', async () => {
		const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
		assert.ok(bomb.length < 100 * 1024, 'the bomb itself is within the limit');
		const [answer] = await differential((name) => parserApp(name, (p) => p.json()), [{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: bomb }]);
		assert.equal(answer.status, 413);
		assert.equal(answer.type, 'entity.too.large');
		await withServer(
			parserApp('velox', (p) => p.json()),
			async (server) => {
				const client = await RawClient.connect(server.port);
				try {
					client.write(request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Encoding: gzip', 'Content-Length: ' + bomb.length]));
					client.write(bomb);
					const rejected = await client.response(3000);
					assert.equal(rejected.status, 413);
					const error = JSON.parse(rejected.body);
					// Inflation stopped within one zlib chunk of the limit, not at 20 MB.
					assert.ok(error.received > 102400 && error.received <= 102400 + 64 * 1024, 'received ' + error.received);
					assert.notEqual(rejected.headers.connection, 'close');
					client.write(request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 7'], '{"a":1}'));
					const next = await client.response(1500);
					assert.equal(next.status, 200);
					assert.deepEqual(JSON.parse(next.body).body.json, { a: 1 });
				} finally {
					client.destroy();
				}
			},
		);
	});

	test('a keep-alive connection keeps working after rejected small bodies', async () => {
		await withServer(
			parserApp('velox', (p) => p.json({ verify: (_q: unknown, _s: unknown, buf: Buffer) => assert.notEqual(buf.toString(), '{"v":0}') })),
			async (server) => {
				const client = await RawClient.connect(server.port);
				try {
					const post = (headers: string[], body: string) =>
						request(['POST / HTTP/1.1', 'Host: x', 'Content-Length: ' + Buffer.byteLength(body), ...headers], body);
					const rejected: [string[], string, number][] = [
						[['Content-Type: application/json'], '{"a":', 400],
						[['Content-Type: application/json; charset=latin1'], '{"a":1}', 415],
						[['Content-Type: application/json', 'Content-Encoding: compress'], '{"a":1}', 415],
						[['Content-Type: application/json'], '{"v":0}', 403],
						[['Content-Type: application/json', 'Content-Encoding: gzip'], 'not gzip at all', 400],
					];
					for (const [headers, body, status] of rejected) {
						client.write(post(headers, body));
						const response = await client.response(1500);
						assert.equal(response.status, status, headers.join() + ' ' + body);
						assert.notEqual(response.headers.connection, 'close');
					}
					client.write(post(['Content-Type: application/json'], '{"still":"alive"}'));
					const response = await client.response(1500);
					assert.equal(response.status, 200);
					assert.deepEqual(JSON.parse(response.body).body.json, { still: 'alive' });
					assert.equal(client.closed, false);
				} finally {
					client.destroy();
				}
			},
		);
	});

	test('a refusal before reading (unsupported charset) is answered at once, before a stalled chunked body ends, as express@4', async () => {
		const seen: Record<string, { status: number; connection: unknown }> = {};
		for (const name of ['express', 'velox'] as const) {
			await withServer(
				parserApp(name, (p) => p.json()),
				async (server) => {
					const client = await RawClient.connect(server.port);
					try {
						client.write(
							request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json; charset=latin1', 'Transfer-Encoding: chunked'], '2\r\n{}\r\n'),
						);
						// Well before the drain's idle bound: body-parser answers without reading.
						const response = await client.response(discardBounds.idleMs / 2);
						seen[name] = { status: response.status, connection: response.headers.connection };
					} finally {
						client.destroy();
					}
				},
			);
		}
		assert.deepEqual(seen.velox, { status: 415, connection: 'keep-alive' });
		assert.deepEqual(seen.velox, seen.express);
	});

	test('a client that aborts mid-body gives 400 request.aborted and leaves no listeners behind', async () => {
		let resolveSeen: (value: { err: any; listeners: number[] }) => void = () => {};
		const seen = new Promise<{ err: any; listeners: number[] }>((resolve) => {
			resolveSeen = resolve;
		});
		const app = frameworks.velox.create();
		app.set('env', 'test');
		app.use(frameworks.velox.parsers.raw());
		app.use((err: unknown, req: http.IncomingMessage, _res: unknown, _next: unknown) => {
			resolveSeen({ err, listeners: ['data', 'end', 'close', 'error', 'aborted'].map((event) => req.listenerCount(event)) });
		});
		await withServer(app, async (server) => {
			const client = await RawClient.connect(server.port);
			client.write(request(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/octet-stream', 'Content-Length: 1000'], '0123456789'));
			await delay(50);
			client.destroy();
			const { err, listeners } = await Promise.race([
				seen,
				delay(1500).then(() => {
					throw new Error('the abort was not reported');
				}),
			]);
			assert.equal(err.status, 400);
			assert.equal(err.type, 'request.aborted');
			assert.equal(err.message, 'request aborted');
			assert.equal(err.code, 'ECONNABORTED');
			assert.equal(err.received, 10);
			assert.equal(err.expected, 1000);
			assert.deepEqual(listeners, [0, 0, 0, 0, 0]);
		});
	});

	test('no listeners are left on the request after a successful read, plain or inflated', async () => {
		const counts = (req: http.IncomingMessage) => ['data', 'end', 'close', 'error', 'aborted'].map((event) => req.listenerCount(event));
		const build = (name: FrameworkName) => {
			const app = frameworks[name].create();
			app.use((req: http.IncomingMessage & { before?: number[] }, _res: unknown, next: () => void) => {
				req.before = counts(req);
				next();
			});
			app.use(frameworks[name].parsers.json());
			app.post('/', (req: http.IncomingMessage & { before?: number[]; body?: unknown }, res: http.ServerResponse) =>
				sendJson(res, 200, { before: req.before, after: counts(req), body: req.body }),
			);
			return app;
		};
		const answers = await differential(build, [
			{ headers: JSON_TYPE, body: '{"a":1}' },
			{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync('{"a":1}') },
		]);
		for (const answer of answers) {
			assert.deepEqual(answer.after, answer.before);
			assert.deepEqual(answer.body, { a: 1 });
		}
	});

	test('a Content-Length that does not match the body is 400 request.size.invalid', async () => {
		const build = (name: FrameworkName) =>
			parserApp(name, (p) => [
				(req: http.IncomingMessage, _res: unknown, next: () => void) => {
					// Claim more than was sent: the body ends short of the declared length.
					req.headers['content-length'] = '12';
					next();
				},
				p.text(),
			]);
		const [answer] = await differential(build, [{ headers: { 'Content-Type': 'text/plain' }, body: 'short' }]);
		assert.equal(answer.status, 400);
		assert.equal(answer.type, 'request.size.invalid');
		assert.equal(answer.message, 'request size did not match content length');
		assert.equal(answer.expected, 12);
	});

	test('a stream with an encoding set is 500 stream.encoding.set; an already-read one 500 stream.not.readable', async () => {
		const setEncoding = (name: FrameworkName) =>
			parserApp(name, (p) => [
				(req: http.IncomingMessage, _res: unknown, next: () => void) => {
					req.setEncoding('utf8');
					next();
				},
				p.json(),
			]);
		const [encodingSet] = await differential(setEncoding, [{ headers: JSON_TYPE, body: '{"a":1}' }]);
		assert.equal(encodingSet.status, 500);
		assert.equal(encodingSet.type, 'stream.encoding.set');
		assert.equal(encodingSet.message, 'stream encoding should not be set');
		assert.equal(encodingSet.expose, false);
		const consumed = (name: FrameworkName) =>
			parserApp(name, (p) => [
				(req: http.IncomingMessage, _res: unknown, next: () => void) => {
					req.resume();
					req.on('end', () => setImmediate(next));
				},
				p.json(),
			]);
		const [notReadable] = await differential(consumed, [{ headers: JSON_TYPE, body: '{"a":1}' }]);
		assert.equal(notReadable.status, 500);
		assert.equal(notReadable.type, 'stream.not.readable');
		assert.equal(notReadable.message, 'stream is not readable');
	});

	test('an unknown Content-Encoding is 415 encoding.unsupported; corrupt data 400 with the zlib message', async () => {
		const [unknown, corrupt, corruptDeflate, zstd] = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'compress' }, body: '{}' },
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: 'definitely not gzip' },
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'deflate' }, body: zlib.gzipSync('{}') },
				// Express 4's body-parser knows no zstd, even where node has it (Velox 5 unpacks it: v5.body.parsers).
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'zstd' }, body: Buffer.from('28b52ffd', 'hex') },
			],
		);
		assert.equal(zstd.status, 415);
		assert.equal(unknown.status, 415);
		assert.equal(unknown.type, 'encoding.unsupported');
		assert.equal(unknown.message, 'unsupported content encoding "compress"');
		assert.equal(unknown.encoding, 'compress');
		assert.equal(corrupt.status, 400);
		assert.equal(corrupt.message, 'incorrect header check');
		assert.equal(corrupt.code, 'Z_DATA_ERROR');
		assert.equal(corruptDeflate.status, 400);
	});

	test('the parsed body is handed on in the async context of the middleware call, as raw-body does', async () => {
		const storage = new AsyncLocalStorage<string>();
		const build = (name: FrameworkName) => {
			const app = frameworks[name].create();
			app.use((_req: unknown, _res: unknown, next: () => void) => storage.run('request-store', next));
			app.use(frameworks[name].parsers.json());
			app.post('/', (req: { body: unknown }, res: http.ServerResponse) => sendJson(res, 200, { store: storage.getStore() ?? null, body: req.body }));
			app.use(reportError);
			return app;
		};
		const [plain, inflated] = await differential(build, [
			{ headers: JSON_TYPE, body: '{"a":1}' },
			{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync('{"a":1}') },
		]);
		assert.equal(plain.store, 'request-store');
		assert.equal(inflated.store, 'request-store');
	});

	test('in production the final handler shows the status message, no stack', async (t) => {
		// Both frameworks log the error to stderr outside the test env; keep the test output clean.
		t.mock.method(console, 'error', () => {});
		const answers = await differential(
			(name) => parserApp(name, (p) => p.json(), { env: 'production', reportErrors: false }),
			[
				{ headers: JSON_TYPE, body: '{"a":' },
				{ headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' },
			],
		);
		assert.match(answers[0], /<pre>Bad Request<\/pre>/);
		assert.match(answers[1], /<pre>Unsupported Media Type<\/pre>/);
		assert.doesNotMatch(answers[0], /SyntaxError|at /);
	});
});
