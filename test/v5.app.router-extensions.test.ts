import './helpers/line5';
/**
 * Velox's own extensions read an app's router where Velox 5 keeps it (behind `app.router`, not
 * `app._router`): `app.routes()` through mounted apps, a `ws` route, HTTP/2 requests.
 * (express@5 has none of these, so there is no differential reference.)
 */
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import type net from 'node:net';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { closed, connect, nextMessage } from './helpers/ws';
import { closeSession, h2request } from './http2.helpers';

describe('Velox 5 extensions on app.router', () => {
	test('app.routes() lists the app’s routes and a mounted app’s', () => {
		const app = velox();
		const sub = velox();
		sub.get('/inner', (_req, res) => res.end());
		app.get('/outer', (_req, res) => res.end());
		app.use('/sub', sub);
		const paths = app.routes().map((entry) => entry.fullPath);
		assert.ok(paths.includes('/outer'), String(paths));
		assert.ok(paths.includes('/sub/inner'), String(paths));
	});

	test('a ws route answers its upgrade', async () => {
		const app = velox();
		app.set('env', 'test');
		app.ws('/live', (ws) => ws.send('hello'));
		const server = app.listen(0, '127.0.0.1');
		await new Promise((resolve) => server.once('listening', resolve));
		try {
			const ws = await connect((server.address() as net.AddressInfo).port, '/live');
			assert.equal(await nextMessage(ws), 'hello');
			ws.close();
			await closed(ws);
		} finally {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		}
	});

	test('an HTTP/2 request reaches the routes; an unknown path is a 404', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/h2', (req, res) => res.json({ query: req.query, version: req.httpVersion }));
		const server = http2.createServer(app as never);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const session = http2.connect(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
		try {
			const found = await h2request(session, { ':path': '/h2?a=1' });
			assert.equal(found.status, 200);
			assert.deepEqual(JSON.parse(found.text), { query: { a: '1' }, version: '2.0' });
			const missing = await h2request(session, { ':path': '/none' });
			assert.equal(missing.status, 404);
		} finally {
			await closeSession(session);
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
