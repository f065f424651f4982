/**
 * WebSocket routes beside the ecosystem's own WebSocket servers: socket.io on the same server
 * keeps working beside a `ws` route (its upgrades and long-polling are left to it), and an app
 * written for express-ws runs on Velox unchanged, with the same messages as on express@4.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { describe, test } from 'node:test';
import express from 'express';
import expressWs from 'express-ws';
import { Server as SocketIoServer } from 'socket.io';
import { io as socketIoClient } from 'socket.io-client';
import velox from '../src/express';
import { closed, connect, nextMessage, WebSocket } from './helpers/ws';

type Framework = 'velox' | 'express';

function portOf(server: net.Server): number {
	return (server.address() as net.AddressInfo).port;
}

describe('app.ws beside other WebSocket servers', () => {
	for (const setup of ['app.listen', 'http.createServer(app)'] as const) {
		test(`socket.io on the same server (${setup}): its polling and its WebSocket upgrade work beside a ws route; an upgrade neither takes is left to socket.io (no 404 from the app)`, async () => {
			const app = velox();
			app.set('env', 'test');
			app.ws('/chat', (ws) => ws.send('velox'));
			app.get('/page', (_req, res) => res.send('page'));
			const server = setup === 'app.listen' ? app.listen(0, '127.0.0.1') : http.createServer(app).listen(0, '127.0.0.1');
			// socket.io wraps the server's request listener: the app is no longer the one the server calls.
			const io = new SocketIoServer(server);
			io.on('connection', (socket) => {
				socket.on('hello', (name: string, ack: (answer: string) => void) => ack('hello ' + name));
			});
			await new Promise((resolve) => server.once('listening', resolve));
			const port = portOf(server);
			try {
				// With http.createServer(app), the app learns its server from the first request it serves.
				if (setup !== 'app.listen') assert.equal(await (await fetch(`http://127.0.0.1:${port}/page`)).text(), 'page');
				const ws = await connect(port, '/chat');
				assert.equal(await nextMessage(ws), 'velox');
				ws.close();
				await closed(ws);
				for (const transports of [['polling'], ['websocket'], ['polling', 'websocket']]) {
					const client = socketIoClient(`http://127.0.0.1:${port}`, { transports, forceNew: true, reconnection: false });
					const answer = await new Promise<string>((resolve, reject) => {
						client.once('connect_error', reject);
						client.emit('hello', 'ada', resolve);
					});
					assert.equal(answer, 'hello ada', transports.join('+'));
					client.close();
				}
				assert.equal(await (await fetch(`http://127.0.0.1:${port}/page`)).text(), 'page');
				// Nobody's: socket.io ends it after its destroyUpgradeTimeout, unanswered (the app does not answer 404).
				const stray = await new Promise<string>((resolve) => {
					const socket = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
					socket.once('unexpected-response', (_req, res) => resolve('HTTP ' + res.statusCode));
					socket.once('error', (err) => resolve(err.message));
				});
				assert.equal(stray, 'socket hang up');
			} finally {
				io.close();
				await velox.shutdown(server, { timeout: 300 });
			}
		});
	}

	/** An app written for express-ws (its README's shape), on `framework`; returns what its clients saw. */
	async function expressWsApp(framework: Framework, withServer: boolean): Promise<string[]> {
		const app = framework === 'velox' ? velox() : express();
		app.set('env', 'test');
		const server = withServer ? http.createServer(app) : undefined;
		const instance = expressWs(app as never, server);
		const wsApp = instance.app as unknown as express.Application & { ws: (path: string, ...handlers: unknown[]) => void };
		const seen: string[] = [];
		app.use((req, _res, next) => {
			seen.push('middleware ' + req.url.replace('/.websocket', ''));
			next();
		});
		wsApp.ws('/echo', (ws: WebSocket, req: express.Request) => {
			ws.on('message', (msg) => ws.send(`${String(msg)} (${instance.getWss().clients.size} client, query ${req.query.q})`));
		});
		const router = (framework === 'velox' ? velox.Router() : express.Router()) as express.Router & { ws: (path: string, ...handlers: unknown[]) => void };
		router.ws('/rooms/:room', (ws: WebSocket, req: express.Request) => {
			ws.send('room ' + req.params.room);
		});
		app.use('/api', router);
		const listening = server ? server.listen(0, '127.0.0.1') : app.listen(0, '127.0.0.1');
		await new Promise((resolve) => listening.once('listening', resolve));
		const port = portOf(listening);
		try {
			const echo = await connect(port, '/echo?q=1');
			echo.send('hi');
			const room = await connect(port, '/api/rooms/blue');
			const messages = [await nextMessage(echo), await nextMessage(room)];
			echo.close();
			room.close();
			await Promise.all([closed(echo), closed(room)]);
			return [...messages, ...seen];
		} finally {
			listening.closeAllConnections();
			listening.close();
		}
	}

	for (const withServer of [false, true]) {
		test(`an express-ws app runs on Velox unchanged, as on express@4 (expressWs(app${withServer ? ', server' : ''}))`, async () => {
			const onExpress = await expressWsApp('express', withServer);
			const onVelox = await expressWsApp('velox', withServer);
			assert.deepEqual(onExpress, ['hi (1 client, query 1)', 'room blue', 'middleware /echo?q=1', 'middleware /api/rooms/blue']);
			assert.deepEqual(onVelox, onExpress);
		});
	}
});
