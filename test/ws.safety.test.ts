/**
 * The safe defaults of `ws` routes, with real clients over loopback: the Origin allow-list
 * (cross-site WebSocket hijacking), maxPayload (1009), backpressure (a client that stops
 * reading is slowed down, then dropped), heartbeats that find dead peers, and graceful
 * shutdown (1001, and 503 for a handshake that arrives meanwhile).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { listen } from './helpers/server';
import { closed, connect, nextMessage, refused, type WebSocket } from './helpers/ws';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function stop(server: net.Server): Promise<void> {
	await velox.shutdown(server, { timeout: 300 });
}

/** Waits until `condition()` holds (polling), or fails after `ms`. */
async function until(condition: () => boolean, ms = 5000): Promise<void> {
	const end = Date.now() + ms;
	while (!condition()) {
		if (Date.now() > end) throw new Error('condition not met in time');
		await sleep(10);
	}
}

describe('app.ws: safe defaults', () => {
	test('origins: a browser handshake from an origin not listed is refused with 403 before it completes; a listed one and one without Origin are let in; the route option beats the ws options setting', async () => {
		const app = velox();
		app.set('env', 'test');
		app.set('ws options', { origins: ['https://app.example'] });
		app.ws('/strict', (ws) => ws.send('in'));
		app.ws('/partner', { origins: (origin: string) => origin.endsWith('.partner.example') }, (ws) => ws.send('partner'));
		const running = await listen(app);
		try {
			const evil = await refused(running.port, '/strict', { origin: 'https://evil.example' });
			assert.equal(evil.status, 403);
			assert.equal(evil.headers.connection, 'close');
			const good = await connect(running.port, '/strict', { origin: 'https://APP.example' });
			assert.equal(await nextMessage(good), 'in');
			const noOrigin = await connect(running.port, '/strict');
			assert.equal(await nextMessage(noOrigin), 'in');
			assert.equal((await refused(running.port, '/partner', { origin: 'https://app.example' })).status, 403);
			const partner = await connect(running.port, '/partner', { origin: 'https://a.partner.example' });
			assert.equal(await nextMessage(partner), 'partner');
			for (const ws of [good, noOrigin, partner]) ws.close();
		} finally {
			await stop(running.server);
		}
	});

	test('maxPayload: a message over the limit closes the socket with 1009 (default 1 MiB; a route may set its own)', async () => {
		const app = velox();
		app.set('env', 'test');
		const received: number[] = [];
		const record = (ws: velox.WebSocket) => ws.on('message', (data) => received.push((data as Buffer).length));
		app.ws('/default', record);
		app.ws('/small', { maxPayload: 1024 }, record);
		const running = await listen(app);
		try {
			const small = await connect(running.port, '/small');
			small.send(Buffer.alloc(1024));
			small.send(Buffer.alloc(1025));
			assert.equal((await closed(small)).code, 1009);
			const big = await connect(running.port, '/default');
			big.send(Buffer.alloc(1024 * 1024));
			big.send(Buffer.alloc(1024 * 1024 + 1));
			assert.equal((await closed(big)).code, 1009);
			assert.deepEqual(received, [1024, 1024 * 1024]);
		} finally {
			await stop(running.server);
		}
	});

	test('backpressure: while a client does not read, its messages are not read either (the server buffers at most about highWaterMark); all echoes arrive once it reads again', async () => {
		const app = velox();
		app.set('env', 'test');
		const highWaterMark = 64 * 1024;
		let received = 0;
		let maxBuffered = 0;
		app.ws('/echo', { highWaterMark }, (ws) => {
			ws.on('message', (data) => {
				received++;
				ws.send(data as Buffer);
				maxBuffered = Math.max(maxBuffered, ws.bufferedAmount);
			});
		});
		const running = await listen(app);
		try {
			const ws = await connect(running.port, '/echo');
			let echoes = 0;
			ws.on('message', () => echoes++);
			const rawSocket = (ws as WebSocket & { _socket: net.Socket })._socket;
			rawSocket.pause();
			const count = 1000;
			const message = Buffer.alloc(32 * 1024, 7);
			for (let i = 0; i < count; i++) ws.send(message);
			// The client sends 32 MB and reads nothing: the server must stop reading long before.
			await sleep(700);
			assert.ok(received < count, `the server stopped reading (${received} of ${count} read)`);
			assert.ok(maxBuffered <= highWaterMark + 4 * message.length, `the server buffered at most ${maxBuffered} bytes`);
			rawSocket.resume();
			await until(() => echoes === count, 20_000);
			assert.equal(received, count);
			ws.close();
		} finally {
			await stop(running.server);
		}
	});

	test('maxBufferedAmount: a client that stops reading while the server keeps sending is dropped', async () => {
		const app = velox();
		app.set('env', 'test');
		let sent = 0;
		let serverClose: Promise<unknown[]> | undefined;
		app.ws('/push', { maxBufferedAmount: 1024 * 1024, heartbeat: false }, (ws) => {
			serverClose = once(ws, 'close');
			const chunk = Buffer.alloc(64 * 1024);
			const push = () => {
				if (ws.readyState !== 1) return;
				ws.send(chunk);
				sent += chunk.length;
				setImmediate(push);
			};
			push();
		});
		const running = await listen(app);
		try {
			const ws = await connect(running.port, '/push');
			(ws as WebSocket & { _socket: net.Socket })._socket.pause();
			await until(() => serverClose !== undefined);
			const [code] = (await serverClose) as [number];
			assert.equal(code, 1006);
			assert.ok(sent < 64 * 1024 * 1024, `dropped after ${sent} bytes`);
			ws.terminate();
		} finally {
			await stop(running.server);
		}
	});

	test('heartbeat: a peer that stops answering pings is dropped; one that answers stays', async () => {
		const app = velox();
		app.set('env', 'test');
		const closes: Array<[string, number]> = [];
		app.ws('/beat/:who', { heartbeat: 100 }, (ws, req) => {
			ws.on('close', (code) => closes.push([req.params.who, code]));
			ws.send('hi');
		});
		const running = await listen(app);
		try {
			const alive = await connect(running.port, '/beat/alive');
			const dead = await connect(running.port, '/beat/dead', { autoPong: false });
			assert.equal(await nextMessage(dead), 'hi');
			await until(() => closes.length === 1);
			assert.deepEqual(closes, [['dead', 1006]]);
			await sleep(350);
			assert.equal(alive.readyState, alive.OPEN);
			alive.close();
			dead.terminate();
		} finally {
			await stop(running.server);
		}
	});

	test('velox.shutdown closes open WebSockets with 1001 within its deadline, and refuses a handshake that arrives meanwhile with 503', async () => {
		const app = velox();
		app.set('env', 'test');
		app.ws('/live', (ws) => ws.send('open'));
		const running = await listen(app);
		const ws = await connect(running.port, '/live');
		assert.equal(await nextMessage(ws), 'open');
		const started = Date.now();
		const done = velox.shutdown(running.server, { timeout: 5000 });
		const close = await closed(ws);
		assert.deepEqual(close, { code: 1001, reason: 'Server shutting down' });

		// A connection handed to the server during the shutdown (it no longer accepts any itself).
		const relay = net.createServer();
		relay.listen(0, '127.0.0.1');
		await once(relay, 'listening');
		const accepted = once(relay, 'connection');
		const client = net.connect((relay.address() as net.AddressInfo).port, '127.0.0.1');
		const [socket] = (await accepted) as [net.Socket];
		running.server.emit('connection', socket);
		client.write(
			'GET /live HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
		);
		let answer = '';
		client.setEncoding('latin1');
		client.on('data', (chunk: string) => {
			answer += chunk;
		});
		await once(client, 'end');
		assert.match(answer, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
		assert.match(answer, /\r\nConnection: close\r\n/);
		client.destroy();
		relay.close();
		await done;
		assert.ok(Date.now() - started < 4000, 'resolved once the sockets closed, before the deadline');
	});
});
