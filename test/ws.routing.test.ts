/**
 * `app.ws()` / `router.ws()`: a WebSocket upgrade goes through the app's stack like a GET —
 * middleware (cookie-parser, express-session, an auth check), mounts, params, `app.param` —
 * and only `ws` (and `all`) routes take it; anything that answers before the handshake answers
 * with HTTP over the upgrade's socket. Real `ws` clients over loopback.
 */
import assert from 'node:assert/strict';
import dc from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { describe, test } from 'node:test';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import velox from '../src/express';
import { NO_OPENSSL, selfSigned } from './helpers/tls';
import { ROUTE_LAYER_NAME } from './helpers/line-syntax';
import { rawRequest } from './helpers/raw-socket';
import { listen } from './helpers/server';
import { closed, connect, nextMessage, refused, WebSocket } from './helpers/ws';

declare module 'express-session' {
	interface SessionData {
		user: string;
	}
}

type Req = velox.Request;
type Res = velox.Response;
type Next = velox.NextFunction;

function echo(ws: velox.WebSocket): void {
	ws.on('message', (data, isBinary) => ws.send(data as Buffer, { binary: isBinary }));
}

describe('app.ws: routing', () => {
	test('the handshake goes through cookie-parser, express-session and an auth check: a logged-in session is let in, none is refused with 401 before the handshake', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(cookieParser('secret'));
		app.use(session({ secret: 'secret', resave: false, saveUninitialized: false, store: new session.MemoryStore() }));
		app.get('/login', (req: Req, res: Res) => {
			req.session.user = String(req.query.name);
			res.send('ok');
		});
		const requireUser = (req: Req, res: Res, next: Next) => {
			if (req.session.user === undefined) {
				res.status(401).send('log in first');
				return;
			}
			next();
		};
		app.ws('/chat', requireUser, (ws, req) => {
			ws.send(`hello ${req.session.user} (signed cookie: ${req.signedCookies['connect.sid'] !== undefined})`);
			echo(ws);
		});
		const running = await listen(app);
		try {
			const refusal = await refused(running.port, '/chat');
			assert.equal(refusal.status, 401);
			assert.equal(refusal.body, 'log in first');
			assert.equal(refusal.headers.connection, 'close');

			const login = await new Promise<http.IncomingMessage>((resolve) => http.get(`http://127.0.0.1:${running.port}/login?name=ada`, resolve));
			login.resume();
			const cookie = String(login.headers['set-cookie']).split(';')[0];
			const ws = await connect(running.port, '/chat', { headers: { cookie } });
			assert.equal(await nextMessage(ws), 'hello ada (signed cookie: true)');
			ws.send('ping');
			assert.equal(await nextMessage(ws), 'ping');
			ws.close();
			assert.equal((await closed(ws)).code, 1005);
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('params, a mounted router, a mounted sub-app and app.param reach the ws route; req.baseUrl and req.originalUrl as for a GET', async () => {
		const app = velox();
		app.set('env', 'test');
		const seen: string[] = [];
		app.param('room', (_req: Req, _res: Res, next: Next, value: string) => {
			seen.push('param ' + value);
			next();
		});
		app.ws('/rooms/:room', (ws, req) => {
			ws.send(`room ${req.params.room} ${req.originalUrl}`);
		});
		const api = velox.Router();
		api.param('id', (req: Req, _res: Res, next: Next, value: string) => {
			(req as Req & { item?: string }).item = 'item-' + value;
			next();
		});
		api.ws('/items/:id', (ws, req) => {
			ws.send(`${req.baseUrl} ${req.params.id} ${(req as Req & { item?: string }).item}`);
		});
		app.use('/api/:version', api);
		const sub = velox();
		sub.ws('/live', (ws, req) => {
			ws.send(`sub ${req.baseUrl} ${req.app === sub}`);
		});
		app.use('/sub', sub);
		const running = await listen(app);
		try {
			const one = await connect(running.port, '/rooms/blue?x=1');
			assert.equal(await nextMessage(one), 'room blue /rooms/blue?x=1');
			assert.deepEqual(seen, ['param blue']);
			const two = await connect(running.port, '/api/v2/items/7');
			assert.equal(await nextMessage(two), '/api/v2 7 item-7');
			const three = await connect(running.port, '/sub/live');
			assert.equal(await nextMessage(three), 'sub /sub true');
			for (const ws of [one, two, three]) ws.close();
			await Promise.all([one, two, three].map(closed));
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('an upgrade passes middleware and matches ws routes only (no GET or all route); a GET never reaches a ws route; no ws route: 404 over the socket', async () => {
		const app = velox();
		app.set('env', 'test');
		const calls: string[] = [];
		app.get('/page', (_req: Req, res: Res) => {
			calls.push('get');
			res.send('page');
		});
		app.all('/page', (req: Req, _res: Res, next: Next) => {
			calls.push('all ' + req.method);
			next();
		});
		app.use('/page', (req: Req, _res: Res, next: Next) => {
			calls.push('use ' + req.method);
			next();
		});
		app.ws('/page', (ws) => {
			calls.push('ws');
			ws.send('socket');
		});
		const running = await listen(app);
		try {
			const ws = await connect(running.port, '/page');
			assert.equal(await nextMessage(ws), 'socket');
			assert.deepEqual(calls, ['use GET', 'ws']);
			ws.close();
			await closed(ws);
			calls.length = 0;
			const page = await fetch(`http://127.0.0.1:${running.port}/page`);
			assert.equal(await page.text(), 'page');
			assert.deepEqual(calls, ['get']);
			calls.length = 0;
			const other = await fetch(`http://127.0.0.1:${running.port}/page`, { method: 'POST' });
			assert.equal(other.status, 404);
			assert.deepEqual(calls, ['all POST', 'use POST']);
			const refusal = await refused(running.port, '/nowhere');
			assert.equal(refusal.status, 404);
			assert.match(refusal.body, /Cannot GET \/nowhere/);
			// A GET of a path that only has a ws route: as without it.
			assert.equal((await fetch(`http://127.0.0.1:${running.port}/page?x`)).status, 200);
			// OPTIONS lists the methods of the GET route and of app.all, never WS.
			const options = await fetch(`http://127.0.0.1:${running.port}/page`, { method: 'OPTIONS' });
			assert.doesNotMatch(String(options.headers.get('allow')), /WS/);
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('an error before the handshake goes to the error handlers, which answer with its status; without one the final handler answers', async () => {
		const app = velox();
		app.set('env', 'test');
		app.ws(
			'/teapot',
			(_req: Req, _res: Res, next: Next) => next(Object.assign(new Error('short and stout'), { status: 418 })),
			(ws) => ws.send('never'),
		);
		app.ws('/throws', () => {
			throw new Error('never reached');
		});
		app.use('/throws', (_req: Req, _res: Res, next: Next) => next());
		const guarded = velox.Router();
		guarded.use(() => {
			throw Object.assign(new Error('nope'), { status: 403 });
		});
		guarded.ws('/inside', (ws) => ws.send('never'));
		app.use('/guarded', guarded);
		app.use((err: Error & { status?: number }, req: Req, res: Res, next: Next) => {
			if (req.path !== '/teapot') return next(err);
			res.status(err.status ?? 500).json({ error: err.message });
		});
		const running = await listen(app);
		try {
			const teapot = await refused(running.port, '/teapot');
			assert.equal(teapot.status, 418);
			assert.equal(teapot.body, '{"error":"short and stout"}');
			assert.equal(teapot.headers.connection, 'close');
			const inside = await refused(running.port, '/guarded/inside');
			assert.equal(inside.status, 403);
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('after the handshake: next(err), a throw or a rejection closes the socket with 1011; next() hands the open socket to the next ws route', async () => {
		const app = velox();
		app.set('env', 'test');
		const unhandled: unknown[] = [];
		const onError = (message: unknown) => unhandled.push((message as { error: Error }).error.message);
		dc.subscribe('velox:request:error', onError);
		app.ws('/fails', (_ws, _req, next) => next(new Error('after')));
		app.ws('/throws', () => {
			throw new Error('thrown');
		});
		app.ws('/rejects', async () => {
			throw new Error('rejected');
		});
		app.ws('/twice', (ws, _req, next) => {
			ws.send('first');
			next();
		});
		app.ws('/twice', (ws) => ws.send('second'));
		const running = await listen(app);
		try {
			for (const path of ['/fails', '/throws', '/rejects']) {
				const ws = await connect(running.port, path);
				assert.equal((await closed(ws)).code, 1011, path);
			}
			assert.deepEqual(unhandled, ['after', 'thrown', 'rejected']);
			const ws = await connect(running.port, '/twice');
			assert.deepEqual([await nextMessage(ws), await nextMessage(ws)], ['first', 'second']);
			ws.close();
			await closed(ws);
		} finally {
			dc.unsubscribe('velox:request:error', onError);
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('headers middleware set on res (res.cookie, helmet-style) are sent with the 101 answer; the subprotocol is chosen as ws chooses it', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use((_req: Req, res: Res, next: Next) => {
			res.cookie('seen', 'yes');
			res.set('X-Frame-Options', 'DENY');
			next();
		});
		app.ws('/h', (ws) => ws.send(ws.protocol));
		const running = await listen(app);
		try {
			const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
				const ws = new WebSocket(`ws://127.0.0.1:${running.port}/h`, ['chat.v2', 'chat.v1']);
				ws.once('upgrade', (res) => resolve(res.headers));
				ws.once('message', () => ws.close());
				ws.once('error', reject);
			});
			assert.deepEqual(headers['set-cookie'], ['seen=yes; Path=/']);
			assert.equal(headers['x-frame-options'], 'DENY');
			assert.equal(headers['x-powered-by'], 'Velox');
			assert.equal(headers['sec-websocket-protocol'], 'chat.v2');
			assert.equal(headers['content-type'], undefined);
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('a malformed handshake is answered 400 by the route; an upgrade that is not a WebSocket is served as a request, then the connection closes', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/page', (_req: Req, res: Res) => res.send('plain page'));
		app.ws('/ws', (ws) => ws.send('x'));
		const running = await listen(app);
		try {
			const bad = await rawRequest(
				running.port,
				'GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: nope\r\n\r\n',
				{ untilClose: true },
			);
			assert.equal(bad.status, 400);
			assert.match(bad.body, /Invalid WebSocket handshake: missing or invalid Sec-WebSocket-Key/);
			assert.ok(bad.closedByServer);
			const h2c = await rawRequest(
				running.port,
				'GET /page HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n',
				{ untilClose: true },
			);
			assert.equal(h2c.status, 200);
			assert.equal(h2c.body, 'plain page');
			assert.ok(h2c.closedByServer);
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('works under app.listen, http.createServer(app) (first request an upgrade) and https', { skip: NO_OPENSSL }, async () => {
		const app = velox();
		app.set('env', 'test');
		app.ws('/e', (ws, req) => ws.send(`${req.protocol} ${req.secure}`));
		const listened = app.listen(0, '127.0.0.1');
		await new Promise((resolve) => listened.once('listening', resolve));
		const created = http.createServer(app).listen(0, '127.0.0.1');
		await new Promise((resolve) => created.once('listening', resolve));
		const tls = https.createServer(selfSigned(), app).listen(0, '127.0.0.1');
		await new Promise((resolve) => tls.once('listening', resolve));
		try {
			const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
			const a = await connect(portOf(listened), '/e');
			assert.equal(await nextMessage(a), 'http false');
			const b = await connect(portOf(created), '/e');
			assert.equal(await nextMessage(b), 'http false');
			const c = await connect(portOf(tls), '/e', { rejectUnauthorized: false }, 'wss');
			assert.equal(await nextMessage(c), 'https true');
			for (const ws of [a, b, c]) ws.terminate();
		} finally {
			for (const server of [listened, created, tls]) {
				server.closeAllConnections();
				server.close();
			}
		}
	});

	test('routes() lists ws routes (method WS) and tracing publishes their layers and the request', async () => {
		const app = velox();
		app.set('env', 'test');
		const router = velox.Router();
		router.ws('/feed/:id', function feed(ws) {
			ws.send('f');
		});
		app.use('/live', router);
		app.ws(
			'/chat',
			function checkUser(_req: Req, _res: Res, next: Next) {
				next();
			},
			function chat(ws) {
				ws.send('c');
			},
		);
		const listing = app.routes();
		const ws = listing.filter((entry) => entry.methods.includes('WS'));
		assert.deepEqual(
			ws.map((entry) => [entry.fullPath, entry.kind, entry.handlers]),
			[
				['/live/feed/:id', 'route', ['feed']],
				['/chat', 'route', ['checkUser', 'chat']],
			],
		);
		assert.match(String(listing), /WS\s+\/chat\s+route\s+checkUser, chat/);

		const layers: string[] = [];
		const ends: Array<[string | undefined, number | undefined]> = [];
		const onLayer = (message: unknown) => {
			const m = message as velox.LayerMessage;
			layers.push(`${m.type} ${m.name} ${m.route}`);
		};
		const onEnd = (message: unknown) => {
			const m = message as velox.RequestMessage;
			ends.push([m.route, m.statusCode]);
		};
		dc.subscribe('velox:layer:start', onLayer);
		dc.subscribe('velox:request:end', onEnd);
		const running = await listen(app);
		try {
			const socket = await connect(running.port, '/live/feed/9');
			assert.equal(await nextMessage(socket), 'f');
			socket.close();
			await closed(socket);
			while (ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
			assert.deepEqual(layers.slice(-3), ['router router /live', `route ${ROUTE_LAYER_NAME} /live/feed/:id`, 'handler feed /live/feed/:id']);
			assert.deepEqual(ends, [['/live/feed/:id', 101]]);
		} finally {
			dc.unsubscribe('velox:layer:start', onLayer);
			dc.unsubscribe('velox:request:end', onEnd);
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('req.signal aborts when the WebSocket closes', async () => {
		const app = velox();
		app.set('env', 'test');
		let aborted: Promise<void> | undefined;
		app.ws('/s', (ws, req) => {
			const signal = req.signal!;
			aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
			ws.send(String(signal.aborted));
		});
		const running = await listen(app);
		try {
			const ws = await connect(running.port, '/s');
			assert.equal(await nextMessage(ws), 'false');
			ws.close();
			await aborted;
		} finally {
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('set-up errors: a ws route needs a function last; options are checked when the route is added', () => {
		const app = velox();
		assert.throws(() => (app.ws as (...args: unknown[]) => unknown)('/x'), {
			name: 'TypeError',
			message: 'ws() requires a callback function but got a undefined',
			code: 'VELOX_ERR_WS_HANDLER',
		});
		assert.throws(() => (app.ws as (...args: unknown[]) => unknown)('/x', 'nope'), {
			message: 'ws() requires a callback function but got a [object String]',
		});
		assert.throws(() => app.ws('/x', { maxPayload: -1 }, (ws) => ws.close()), {
			name: 'TypeError',
			message: 'ws() option maxPayload must be a positive integer, got -1',
			code: 'VELOX_ERR_WS_OPTION',
		});
		assert.throws(() => app.ws('/x', { origins: 'https://a.example' as unknown as string[] }, (ws) => ws.close()), {
			message: 'ws() option origins must be an array of origins or a function, got "https://a.example"',
		});
		assert.equal(app.routes().length, 0);
	});
});
