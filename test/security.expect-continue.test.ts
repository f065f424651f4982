/**
 * `Expect: 100-continue`: the `100 Continue` is sent only once something reads
 * the body (a body parser within its limit, or any other reader); a declared
 * Content-Length over a parser's limit gets the parser's 413 with no continue
 * before it, and the client never uploads the body. express@4 sends the
 * continue at once and refuses the body after receiving it (compared here).
 * Covered: `app.listen`, `http.createServer(app)`, `https.createServer(options,
 * app)`, and an app's own `checkContinue` listener. Raw sockets throughout.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import tls from 'node:tls';
import express from 'express';
import velox from '../src/express';
import { RawClient, type RawResponse } from './helpers/raw-socket';
import { listen, listenApp, type Running } from './helpers/server';
import { NO_OPENSSL, selfSigned } from './helpers/tls';

type Framework = typeof express;

const LIMIT = 100;

function uploadApp(framework: Framework): express.Express {
	const app = framework();
	app.post('/json', framework.json({ limit: LIMIT }), (req, res) => {
		res.json({ received: req.body });
	});
	// A reader of its own, as multer or a proxy: reads the request stream directly.
	app.post('/stream', (req, res) => {
		let bytes = 0;
		req.on('data', (chunk: Buffer) => {
			bytes += chunk.length;
		});
		req.on('end', () => res.send('streamed ' + bytes));
	});
	app.post('/ignore', (_req, res) => {
		res.send('not read');
	});
	app.use((err: { status: number; type: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
		res.status(err.status).send('refused: ' + err.type);
	});
	return app;
}

function head(path: string, length: number | 'chunked', extra = ''): string {
	const framing = length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : 'Content-Length: ' + length + '\r\n';
	return 'POST ' + path + ' HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n' + framing + extra + '\r\n';
}

const SMALL_BODY = '{"a":"small"}';
const LARGE_LENGTH = 5000;

/** Writes the head, then the body only if the server invites it, as a client that honours Expect does. */
async function exchange(port: number, path: string, body: string, extra = ''): Promise<{ continued: boolean; response: RawResponse; client: RawClient }> {
	const client = await RawClient.connect(port);
	client.write(head(path, Buffer.byteLength(body), extra));
	let response = await client.response();
	let continued = false;
	if (response.status === 100) {
		continued = true;
		client.write(body);
		response = await client.response();
	}
	return { continued, response, client };
}

describe('Expect: 100-continue (HTTP/1.1)', () => {
	const servers: Record<string, Running> = {};
	before(async () => {
		servers.express = await listen(uploadApp(express));
		servers['velox-listen'] = await listenApp(uploadApp(velox as unknown as Framework));
		servers.velox = await listen(uploadApp(velox as unknown as Framework));
		// http.createServer(app): the listener is added with the server's first request.
		const warmUp = await RawClient.connect(servers.velox.port);
		warmUp.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
		await warmUp.response();
		warmUp.destroy();
	});
	after(async () => {
		for (const running of Object.values(servers)) await running.close();
	});

	test('a declared length over the limit: 413 with no 100 Continue before it (express@4 invites the upload first)', async () => {
		const body = '"' + 'x'.repeat(LARGE_LENGTH - 2) + '"';
		const express4 = await exchange(servers.express.port, '/json', body);
		assert.equal(express4.continued, true, 'express@4 sends 100 Continue');
		assert.equal(express4.response.status, 413);
		express4.client.destroy();
		for (const name of ['velox-listen', 'velox']) {
			const { continued, response, client } = await exchange(servers[name].port, '/json', body);
			assert.equal(continued, false, name + ': no 100 Continue');
			assert.equal(response.status, 413, name);
			assert.equal(response.body, express4.response.body, name + ": the parser's 413 page");
			assert.equal(response.headers['content-type'], express4.response.headers['content-type']);
			assert.equal(response.headers.connection, 'close', name + ': the connection closes (the body was never sent)');
			assert.doesNotMatch(client.received, /100 Continue/);
			await client.waitClosed();
			client.destroy();
		}
	});

	test('an unusable Content-Encoding (415, refused before reading) gets no continue either', async () => {
		const refused = await exchange(servers['velox-listen'].port, '/json', SMALL_BODY, 'Content-Encoding: compress\r\n');
		assert.equal(refused.continued, false);
		assert.equal(refused.response.status, 415);
		assert.equal(refused.response.body, 'refused: encoding.unsupported');
		refused.client.destroy();
	});

	test('a body within the limit: 100 Continue when the parser starts reading, then the answer, as express@4', async () => {
		const express4 = await exchange(servers.express.port, '/json', SMALL_BODY);
		express4.client.destroy();
		for (const name of ['velox-listen', 'velox']) {
			const { continued, response, client } = await exchange(servers[name].port, '/json', SMALL_BODY);
			assert.equal(continued, true, name);
			assert.equal(response.status, 200);
			assert.equal(response.body, express4.response.body);
			assert.equal(response.headers.connection, 'keep-alive', name + ': the connection stays usable');
			// And it carries the next request.
			client.write('GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n');
			assert.equal((await client.response()).status, 404);
			client.destroy();
		}
	});

	test('any other reader of the body gets the continue when it starts reading', async () => {
		const { continued, response, client } = await exchange(servers['velox-listen'].port, '/stream', 'y'.repeat(3000));
		assert.equal(continued, true);
		assert.equal(response.body, 'streamed 3000');
		client.destroy();
	});

	test('a chunked body (no declared length) is invited, then refused past the limit as in express@4', async () => {
		const client = await RawClient.connect(servers['velox-listen'].port);
		client.write(head('/json', 'chunked'));
		assert.equal((await client.response()).status, 100);
		const chunk = '"' + 'z'.repeat(300) + '"';
		client.write(chunk.length.toString(16) + '\r\n' + chunk + '\r\n0\r\n\r\n');
		assert.equal((await client.response()).status, 413);
		client.destroy();
	});

	test('a handler that answers without reading: no continue; a 404 without reading: no continue', async () => {
		const ignored = await exchange(servers['velox-listen'].port, '/ignore', SMALL_BODY);
		assert.equal(ignored.continued, false);
		assert.equal(ignored.response.body, 'not read');
		assert.equal(ignored.response.headers.connection, 'close');
		ignored.client.destroy();
		const missing = await exchange(servers['velox-listen'].port, '/missing', SMALL_BODY);
		assert.equal(missing.continued, false);
		assert.equal(missing.response.status, 404);
		missing.client.destroy();
	});
});

describe('an app with its own checkContinue listener keeps it', () => {
	test('app.listen, the listener added after', async () => {
		const app = uploadApp(velox as unknown as Framework);
		const running = await listenApp(app);
		let calls = 0;
		running.server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
			calls++;
			if (req.url === '/refuse') {
				res.writeHead(417);
				res.end();
				return;
			}
			res.writeContinue();
			app(req as express.Request, res as express.Response);
		});
		try {
			const invited = await exchange(running.port, '/json', '"' + 'x'.repeat(LARGE_LENGTH - 2) + '"');
			assert.equal(invited.continued, true, "the app's listener sent it, as it chose");
			assert.equal(invited.response.status, 413);
			invited.client.destroy();
			const refused = await exchange(running.port, '/refuse', SMALL_BODY);
			assert.equal(refused.response.status, 417);
			refused.client.destroy();
			assert.equal(calls, 2, "each request handled once, by the app's listener");
		} finally {
			await running.close();
		}
	});

	test('http.createServer(app), the listener added before the first request', async () => {
		const app = uploadApp(velox as unknown as Framework);
		const server = http.createServer(app);
		let calls = 0;
		server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
			calls++;
			res.writeContinue();
			server.emit('request', req, res);
		});
		const running = await listen(server);
		try {
			for (let i = 0; i < 2; i++) {
				const { continued, response, client } = await exchange(running.port, '/json', SMALL_BODY);
				assert.equal(continued, true);
				assert.equal(response.status, 200);
				client.destroy();
			}
			assert.equal(calls, 2);
			assert.equal(server.listenerCount('checkContinue'), 2, "Velox's listener is there and stands aside");
		} finally {
			await running.close();
		}
	});
});

describe('https.createServer(options, app)', { skip: NO_OPENSSL }, () => {
	let server: https.Server;
	let port = 0;
	let credentials: { key: Buffer; cert: Buffer };

	before(async () => {
		credentials = selfSigned();
		server = https.createServer(credentials, uploadApp(velox as unknown as Framework));
		server.listen(0, '127.0.0.1');
		await once(server, 'listening');
		port = (server.address() as AddressInfo).port;
	});
	after(async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});

	/** Writes `payload` over TLS and resolves with everything received once `pattern` matches. */
	function overTls(payload: string, pattern: RegExp): Promise<string> {
		return new Promise((resolve, reject) => {
			const socket = tls.connect({ port, host: '127.0.0.1', ca: credentials.cert, servername: 'localhost' }, () => socket.write(payload));
			let received = '';
			const timer = setTimeout(() => {
				socket.destroy();
				reject(new Error('timed out: ' + JSON.stringify(received)));
			}, 3000);
			socket.on('data', (chunk: Buffer) => {
				received += chunk.toString('latin1');
				if (pattern.test(received)) {
					clearTimeout(timer);
					socket.destroy();
					resolve(received);
				}
			});
			socket.on('error', reject);
		});
	}

	test('after its first request, a declared length over the limit gets 413 without 100 Continue', async () => {
		await overTls('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /\r\n\r\n/);
		const received = await overTls(head('/json', LARGE_LENGTH), /\r\n\r\n/);
		assert.match(received, /^HTTP\/1\.1 413 /);
		const invited = await overTls(head('/json', SMALL_BODY.length), /\r\n\r\n/);
		assert.match(invited, /^HTTP\/1\.1 100 Continue/);
	});
});
