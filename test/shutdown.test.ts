/**
 * `velox.shutdown(server, { timeout })` and `velox.shutdownOnSignal(server)`:
 * no in-flight request is lost, idle keep-alive connections close at once,
 * a stuck request is cut at the deadline, new connections are refused, and
 * HTTP/2 sessions get GOAWAY.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type net from 'node:net';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { connectH2, h2request, NO_OPENSSL, selfSigned } from './http2.helpers';
import { RawClient } from './helpers/raw-socket';
import { listen } from './helpers/server';

type Req = velox.Request;
type Res = velox.Response;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function slowApp() {
	const app = velox();
	app.set('env', 'test');
	app.get('/slow', (req: Req, res: Res) => {
		setTimeout(() => res.send('slow done'), Number(req.query.ms ?? 150));
	});
	app.get('/stream', (_req: Req, res: Res) => {
		res.type('txt');
		res.write('start ');
		setTimeout(() => res.end('end'), 150);
	});
	app.get('/stuck', () => {});
	app.get('/fast', (_req: Req, res: Res) => {
		res.send('fast');
	});
	return app;
}

/** A keep-alive GET of `path`. */
function getKeptAlive(path: string): string {
	return 'GET ' + path + ' HTTP/1.1\r\nHost: x\r\n\r\n';
}

/** `ECONNREFUSED` when nothing listens on `port` any more, `connected` otherwise. */
function refused(port: number): Promise<string> {
	return RawClient.connect(port).then(
		(client) => {
			client.destroy();
			return 'connected';
		},
		(err: NodeJS.ErrnoException) => String(err.code),
	);
}

describe('velox.shutdown', () => {
	test('a slow request started before the call is answered, with Connection: close; then the server is closed and new connections are refused', async () => {
		const server = slowApp().listen(0, '127.0.0.1');
		await new Promise((resolve) => server.once('listening', resolve));
		const port = (server.address() as net.AddressInfo).port;
		const conn = await RawClient.connect(port);
		conn.write(getKeptAlive('/slow'));
		await sleep(30);
		const started = Date.now();
		const done = velox.shutdown(server, { timeout: 5000 });
		assert.equal(await refused(port), 'ECONNREFUSED');
		await done;
		const elapsed = Date.now() - started;
		const text = await conn.until(/slow done$/);
		assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
		assert.match(text, /\r\nConnection: close\r\n/);
		await conn.waitClosed(10_000);
		assert.equal(server.listening, false);
		assert.ok(elapsed < 2000, 'resolved after the response, not at a timeout: ' + elapsed + ' ms');
	});

	test('an idle keep-alive connection closes at once; calling again returns the same promise', async () => {
		const server = http.createServer(slowApp());
		server.keepAliveTimeout = 60_000;
		const { port } = await listen(server);
		const conn = await RawClient.connect(port);
		conn.write(getKeptAlive('/fast'));
		await conn.until(/fast$/);
		assert.match(conn.received, /Connection: keep-alive/);
		const started = Date.now();
		const first = velox.shutdown(server);
		assert.equal(velox.shutdown(server), first);
		await conn.waitClosed(10_000);
		await first;
		assert.ok(Date.now() - started < 1000, 'closed in ' + (Date.now() - started) + ' ms');
	});

	test('a busy keep-alive connection whose head is already out is closed after its response; a connection that never sent a request closes at once', async () => {
		const server = http.createServer(slowApp());
		server.keepAliveTimeout = 60_000;
		const { port } = await listen(server);
		const streaming = await RawClient.connect(port);
		const idleThenBusy = await RawClient.connect(port);
		streaming.write(getKeptAlive('/fast'));
		await streaming.until(/fast$/);
		streaming.write(getKeptAlive('/stream'));
		await streaming.until(/start \r\n$/);
		const started = Date.now();
		const done = velox.shutdown(server, { timeout: 5000 });
		// This one never sent a request: it is closed at once.
		await idleThenBusy.waitClosed(10_000);
		assert.doesNotMatch(streaming.received, /end\r\n/, 'the connection without a request closed before the streaming response ended');
		const text = await streaming.until(/end\r\n0\r\n\r\n$/);
		assert.match(text, /Transfer-Encoding: chunked/);
		await streaming.waitClosed(10_000);
		await done;
		assert.ok(Date.now() - started < 2000, 'closed after the response, not at the deadline: ' + (Date.now() - started) + ' ms');
	});

	test('a request arriving on a kept-alive connection during the shutdown is answered with Connection: close', async () => {
		const server = http.createServer(slowApp());
		server.keepAliveTimeout = 60_000;
		const { port } = await listen(server);
		const busy = await RawClient.connect(port);
		const later = await RawClient.connect(port);
		// `later` is mid-request (head not complete) when the shutdown starts, so it is not idle.
		later.write('GET /fast HTTP/1.1\r\n');
		busy.write(getKeptAlive('/slow?ms=300'));
		await sleep(30);
		const done = velox.shutdown(server, { timeout: 5000 });
		await sleep(30);
		later.write('Host: x\r\n\r\n');
		const text = await later.until(/fast$/);
		assert.match(text, /\r\nConnection: close\r\n/);
		await later.waitClosed(10_000);
		await busy.until(/slow done$/);
		await done;
	});

	test('a stuck request is cut at the deadline', async () => {
		const server = http.createServer(slowApp());
		const { port } = await listen(server);
		const conn = await RawClient.connect(port);
		conn.write(getKeptAlive('/stuck'));
		await sleep(30);
		const started = Date.now();
		await velox.shutdown(server, { timeout: '150ms' });
		const elapsed = Date.now() - started;
		await conn.waitClosed(10_000);
		assert.equal(conn.received, '');
		assert.ok(elapsed >= 140 && elapsed < 2000, 'cut after ' + elapsed + ' ms');
	});

	test('rejects a timeout that is not a duration', () => {
		const server = http.createServer();
		assert.throws(() => velox.shutdown(server, { timeout: 'later' }), TypeError);
		assert.throws(() => velox.shutdown(server, { timeout: -1 }), TypeError);
	});

	test('HTTP/2 (h2c): GOAWAY to every session; the stream in flight is answered, the session then ends; new connections refused', async () => {
		const server = http2.createServer(slowApp());
		const { port } = await listen(server);
		const busy = await connectH2('http://127.0.0.1:' + port);
		const idle = await connectH2('http://127.0.0.1:' + port);
		assert.equal((await h2request(idle, { ':path': '/fast' })).text, 'fast');
		const goaways: string[] = [];
		busy.on('goaway', () => goaways.push('busy'));
		idle.on('goaway', () => goaways.push('idle'));
		const idleClosed = new Promise((resolve) => idle.on('close', resolve));
		const busyClosed = new Promise((resolve) => busy.on('close', resolve));
		const inFlight = h2request(busy, { ':path': '/slow?ms=200' });
		await sleep(30);
		const done = velox.shutdown(server, { timeout: 5000 });
		const answer = await inFlight;
		assert.equal(answer.status, 200);
		assert.equal(answer.text, 'slow done');
		await idleClosed;
		await busyClosed;
		await done;
		assert.deepEqual([...new Set(goaways)].sort(), ['busy', 'idle']);
		assert.equal(await refused(port), 'ECONNREFUSED');
	});

	test('HTTP/2: a stuck stream is cut at the deadline', async () => {
		const server = http2.createServer(slowApp());
		const { port } = await listen(server);
		const session = await connectH2('http://127.0.0.1:' + port);
		session.on('error', () => {});
		const closed = new Promise((resolve) => session.on('close', resolve));
		const stream = session.request({ ':path': '/stuck' });
		stream.on('error', () => {});
		await sleep(30);
		const started = Date.now();
		await velox.shutdown(server, { timeout: 100 });
		await closed;
		assert.ok(Date.now() - started < 2000);
	});
});

describe('velox.shutdown of a TLS HTTP/2 server with allowHTTP1', { skip: NO_OPENSSL }, () => {
	test('an HTTP/2 session gets GOAWAY after its stream is answered; an idle HTTP/1.1 keep-alive connection closes at once', async () => {
		const { key, cert } = selfSigned();
		const server = http2.createSecureServer(
			{ allowHTTP1: true, key, cert },
			slowApp() as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
		);
		const { port } = await listen(server);
		const session = await connectH2('https://localhost:' + port, { ca: cert });
		let goaway = false;
		session.on('goaway', () => {
			goaway = true;
		});
		const sessionClosed = new Promise((resolve) => session.on('close', resolve));
		assert.equal((await h2request(session, { ':path': '/fast' })).text, 'fast');
		const agent = new https.Agent({ keepAlive: true, ca: cert });
		const h1 = await new Promise<{ body: string; socket: net.Socket }>((resolve, reject) => {
			const req = https.get({ host: 'localhost', port, path: '/fast', agent }, (res) => {
				let body = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => {
					body += chunk;
				});
				res.on('end', () => resolve({ body, socket: req.socket as net.Socket }));
			});
			req.on('error', reject);
		});
		assert.equal(h1.body, 'fast');
		const h1Closed = new Promise((resolve) => h1.socket.on('close', resolve));
		const inFlight = h2request(session, { ':path': '/slow?ms=150' });
		await sleep(30);
		const started = Date.now();
		const done = velox.shutdown(server, { timeout: 5000 });
		await h1Closed;
		assert.equal((await inFlight).text, 'slow done');
		await sessionClosed;
		await done;
		agent.destroy();
		assert.equal(goaway, true);
		assert.ok(Date.now() - started < 2000, 'closed after the answers, not at the deadline');
	});
});

describe('velox.shutdownOnSignal', () => {
	test('in-process, exit: false: the signal shuts the server down and runs onShutdown; the remover detaches the handlers', async () => {
		const server = http.createServer(slowApp());
		const { port } = await listen(server);
		// SIGWINCH, not SIGUSR2: node 24's and 26's test runner hands its files --report-signal=SIGUSR2,
		// which turns on a diagnostic report written into the working directory on each SIGUSR2.
		const before = process.listenerCount('SIGWINCH');
		let ran = false;
		const shutDown = new Promise<void>((resolve) => {
			velox.shutdownOnSignal(server, {
				signals: ['SIGWINCH'],
				exit: false,
				timeout: 1000,
				onShutdown: () => {
					ran = true;
					resolve();
				},
			});
		});
		assert.equal(process.listenerCount('SIGWINCH'), before + 1);
		process.kill(process.pid, 'SIGWINCH');
		await shutDown;
		assert.equal(ran, true);
		assert.equal(server.listening, false);
		assert.equal(await refused(port), 'ECONNREFUSED');
		await sleep(10);
		assert.equal(process.listenerCount('SIGWINCH'), before);
		const remove = velox.shutdownOnSignal(http.createServer(), { signals: ['SIGWINCH'] });
		assert.equal(process.listenerCount('SIGWINCH'), before + 1);
		remove();
		assert.equal(process.listenerCount('SIGWINCH'), before);
	});

	test('in a child process: SIGTERM during a slow request answers it, then the process ends by SIGTERM', {
		skip: process.platform === 'win32' && 'POSIX signals',
	}, async () => {
		const script = `
			const velox = require(${JSON.stringify(require.resolve('../src/express'))});
			const app = velox();
			app.get('/slow', (req, res) => {
				process.stdout.write('started\\n');
				setTimeout(() => res.send('slow done'), 200);
			});
			const server = app.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
			velox.shutdownOnSignal(server, { timeout: 5000, onShutdown: () => process.stdout.write('closed\\n') });
		`;
		const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
		let output = '';
		child.stdout.setEncoding('utf8');
		let started: () => void = () => {};
		const requestStarted = new Promise<void>((resolve) => {
			started = resolve;
		});
		const port = await new Promise<number>((resolve) => {
			child.stdout.on('data', (chunk: string) => {
				output += chunk;
				const line = output.split('\n')[0];
				if (output.includes('\n')) resolve(Number(line));
				if (output.includes('started\n')) started();
			});
		});
		const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
			child.on('exit', (code, signal) => resolve({ code, signal })),
		);
		const response = fetch('http://127.0.0.1:' + port + '/slow').then(async (res) => ({
			status: res.status,
			body: await res.text(),
			connection: res.headers.get('connection'),
		}));
		// The signal comes once the request is being handled (a fixed sleep raced a loaded machine).
		await requestStarted;
		child.kill('SIGTERM');
		assert.deepEqual(await response, { status: 200, body: 'slow done', connection: 'close' });
		assert.deepEqual(await exited, { code: null, signal: 'SIGTERM' });
		assert.match(output, /closed\n$/);
	});
});
