/**
 * `req.signal`: an AbortSignal made on first read that aborts when the client
 * goes away before the response finished (raw sockets closed mid-request),
 * never after a completed response, and leaves nothing behind.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { RawClient } from './helpers/raw-socket';
import { close, listen } from './helpers/server';

type Req = velox.Request;
type Res = velox.Response;

function waitFor<T>(executor: (resolve: (value: T) => void) => void, ms = 3000): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('timed out waiting')), ms);
		executor((value) => {
			clearTimeout(timer);
			resolve(value);
		});
	});
}

describe('req.signal', () => {
	test('is an AbortSignal, the same one on every read; undefined on the prototypes', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/', (req: Req, res: Res) => {
			const first = req.signal;
			res.json({ isSignal: first instanceof AbortSignal, same: req.signal === first, aborted: first?.aborted });
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const body = await (await fetch('http://127.0.0.1:' + port + '/')).json();
			assert.deepEqual(body, { isSignal: true, same: true, aborted: false });
		} finally {
			await close(server);
		}
		assert.equal((velox.request as { signal?: unknown }).signal, undefined);
		assert.equal((app.request as { signal?: unknown }).signal, undefined);
	});

	test('is typed on the Request of inline handlers and of velox.Request (type-checked by the test build)', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/typed/:id', (req, res) => {
			// Typed optional for @types/express interop (src/types/beyond.ts); always there at run time.
			const signal: AbortSignal | undefined = req.signal;
			assert.ok(signal instanceof AbortSignal);
			const assign = (): void => {
				// @ts-expect-error: read-only (and a getter without a setter at run time)
				req.signal = new AbortController().signal;
			};
			assert.throws(assign, TypeError);
			res.json({ id: req.params.id, aborted: signal.aborted });
		});
		const handler: velox.RequestHandler = (req, res) => {
			res.send(String(req.signal!.aborted));
		};
		app.get('/handler', handler);
		const options: velox.ShutdownOptions = { timeout: '1s' };
		// @ts-expect-error: a timeout is a number or a string
		const wrong: velox.ShutdownOptions = { timeout: true };
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			assert.throws(() => velox.shutdown(server, wrong), TypeError);
			assert.deepEqual(await (await fetch('http://127.0.0.1:' + port + '/typed/3')).json(), { id: '3', aborted: false });
			assert.equal(await (await fetch('http://127.0.0.1:' + port + '/handler')).text(), 'false');
			await velox.shutdown(server, options);
			assert.equal(server.listening, false);
		} finally {
			if (server.listening) await close(server);
		}
	});

	test('aborts when the client closes the connection while the handler works (raw socket, request without a body)', async () => {
		const app = velox();
		app.set('env', 'test');
		let aborted: Promise<unknown> | undefined;
		let started!: () => void;
		const handlerStarted = new Promise<void>((resolve) => {
			started = resolve;
		});
		app.get('/slow', (req: Req, res: Res) => {
			aborted = new Promise((resolve) => req.signal!.addEventListener('abort', () => resolve(req.signal!.reason)));
			started();
			setTimeout(() => res.send('too late'), 300);
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const socket = await RawClient.connect(port);
			socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
			await handlerStarted;
			socket.destroy();
			const reason = (await waitFor<unknown>((resolve) => aborted!.then(resolve))) as Error & { code?: string };
			assert.equal(reason.name, 'AbortError');
			assert.equal(reason.code, 'ECONNRESET');
		} finally {
			await close(server);
		}
	});

	test('aborts when the client closes mid-body (raw socket, Content-Length not reached)', async () => {
		const app = velox();
		app.set('env', 'test');
		let aborted = false;
		const done = new Promise<void>((resolve) => {
			app.post('/upload', (req: Req, _res: Res) => {
				req.signal!.addEventListener('abort', () => {
					aborted = true;
					resolve();
				});
				req.resume();
			});
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const socket = await RawClient.connect(port);
			socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n' + 'a'.repeat(100));
			await new Promise((resolve) => setTimeout(resolve, 50));
			socket.destroy();
			await waitFor<void>((resolve) => done.then(resolve));
			assert.equal(aborted, true);
		} finally {
			await close(server);
		}
	});

	test('read after the client already went away: aborted at once', async () => {
		const app = velox();
		app.set('env', 'test');
		const result = new Promise<boolean>((resolve) => {
			app.get('/later', (req: Req, res: Res) => {
				res.on('close', () => setImmediate(() => resolve(req.signal!.aborted)));
			});
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const socket = await RawClient.connect(port);
			socket.write('GET /later HTTP/1.1\r\nHost: x\r\n\r\n');
			await new Promise((resolve) => setTimeout(resolve, 50));
			socket.destroy();
			assert.equal(await waitFor<boolean>((resolve) => result.then(resolve)), true);
		} finally {
			await close(server);
		}
	});

	test('never aborts after a completed response, on keep-alive connections, and adds no listener to the connection', async () => {
		const app = velox();
		app.set('env', 'test');
		const signals: AbortSignal[] = [];
		let socket: net.Socket | undefined;
		const socketListeners: number[] = [];
		app.get('/', (req: Req, res: Res) => {
			signals.push(req.signal!);
			socket = req.socket;
			socketListeners.push(socket.eventNames().reduce((n, name) => n + socket!.listenerCount(name), 0));
			if (signals.length % 2 === 0) res.send('ok');
			else setImmediate(() => res.json({ ok: true }));
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
		try {
			for (let i = 0; i < 200; i++) {
				await new Promise<void>((resolve, reject) => {
					http
						.get({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
							res.resume();
							res.on('end', resolve);
						})
						.on('error', reject);
				});
			}
			await new Promise((resolve) => setTimeout(resolve, 20));
			assert.equal(signals.length, 200);
			assert.equal(signals.filter((s) => s.aborted).length, 0);
			assert.equal(new Set(socketListeners).size, 1, 'the connection has as many listeners at the 200th request as at the first');
		} finally {
			agent.destroy();
			await close(server);
		}
	});

	test('HTTP/2: aborts when the client resets the stream; not after a completed response', async () => {
		const app = velox();
		app.set('env', 'test');
		let reset!: (reason: unknown) => void;
		const resetReason = new Promise<unknown>((resolve) => {
			reset = resolve;
		});
		const completed: AbortSignal[] = [];
		app.get('/slow', (req: Req, res: Res) => {
			req.signal!.addEventListener('abort', () => reset(req.signal!.reason));
			setTimeout(() => res.send('late'), 300);
		});
		app.get('/fast', (req: Req, res: Res) => {
			completed.push(req.signal!);
			res.send('fast');
		});
		const server = http2.createServer(app);
		const { port } = await listen(server);
		const session = await connectH2('http://127.0.0.1:' + port);
		try {
			for (let i = 0; i < 5; i++) assert.equal((await h2request(session, { ':path': '/fast' })).text, 'fast');
			const stream = session.request({ ':path': '/slow' });
			stream.on('error', () => {});
			setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), 30);
			const reason = (await waitFor<unknown>((resolve) => resetReason.then(resolve))) as Error;
			assert.equal(reason.name, 'AbortError');
			assert.equal(completed.filter((s) => s.aborted).length, 0);
		} finally {
			await closeSession(session);
			await close(server);
		}
	});
});
