/**
 * The app is a request listener: `http.createServer(app)`,
 * `https.createServer(options, app)` and `app.listen` in every form of
 * `server.listen`, returning the `http.Server`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import express, { type Request, type Response } from 'express';
import velox from '../src/express';

function helloApp() {
	const app = velox();
	app.get('/hello', (req: Request, res: Response) => {
		res.setHeader('Content-Type', 'text/plain');
		res.end('hello ' + ((req.app as unknown) === app));
	});
	return app;
}

// X-Powered-By names Velox, not Express: the one documented difference here (docs/differences.md).
const HELLO = { status: 200, body: 'hello true', poweredBy: 'Velox' };

function get(options: http.RequestOptions, client: typeof http | typeof https = http): Promise<{ status: number; body: string; poweredBy: unknown }> {
	return new Promise((resolve, reject) => {
		const req = client.request({ path: '/hello', agent: false, ...options }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => {
				body += chunk;
			});
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body, poweredBy: res.headers['x-powered-by'] }));
		});
		req.on('error', reject);
		req.end();
	});
}

function listening(server: http.Server): Promise<AddressInfo> {
	if (server.listening) return Promise.resolve(server.address() as AddressInfo);
	return new Promise((resolve) => server.once('listening', () => resolve(server.address() as AddressInfo)));
}

function closeServer(server: http.Server): Promise<void> {
	return new Promise((resolve) => server.close(() => resolve()));
}

const tmp = mkdtempSync(join(tmpdir(), 'velox-listen-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('app.listen', () => {
	test('listen(port, callback) returns a listening http.Server serving the app', async () => {
		const app = helloApp();
		let called = false;
		const server = app.listen(0, () => {
			called = true;
		});
		assert.ok(server instanceof http.Server);
		const address = await listening(server);
		const response = await get({ port: address.port, host: '127.0.0.1' });
		assert.equal(called, true);
		assert.deepEqual(response, HELLO);
		await closeServer(server);
	});

	test('listen(port, host, callback) binds the host', async () => {
		const server = helloApp().listen(0, '127.0.0.1');
		const address = await listening(server);
		assert.equal(address.address, '127.0.0.1');
		assert.deepEqual(await get({ port: address.port, host: '127.0.0.1' }), HELLO);
		await closeServer(server);
	});

	test('listen(port, host, backlog, callback) accepts a backlog', async () => {
		await new Promise<void>((resolve, reject) => {
			const server = helloApp().listen(0, '127.0.0.1', 7, () => {
				const { port } = server.address() as AddressInfo;
				get({ port, host: '127.0.0.1' })
					.then((response) => {
						assert.deepEqual(response, HELLO);
						server.close(() => resolve());
					})
					.catch(reject);
			});
		});
	});

	test('listen() with no arguments picks a free port', async () => {
		const server = helloApp().listen();
		const address = await listening(server);
		assert.ok(Number.isInteger(address.port) && address.port > 0, 'port ' + address.port);
		assert.deepEqual(await get({ port: address.port, host: '127.0.0.1' }), HELLO);
		await closeServer(server);
	});

	test('listen(options) takes the options object form', async () => {
		const server = helloApp().listen({ port: 0, host: '127.0.0.1' });
		const address = await listening(server);
		assert.deepEqual(await get({ port: address.port, host: '127.0.0.1' }), HELLO);
		await closeServer(server);
	});

	test('listen(path, callback) listens on a UNIX socket', { skip: process.platform === 'win32' && 'UNIX sockets only' }, async () => {
		const socketPath = join(tmp, 'app.sock');
		const server = await new Promise<http.Server>((resolve) => {
			const created = helloApp().listen(socketPath, () => resolve(created));
		});
		assert.equal(server.address(), socketPath);
		assert.deepEqual(await get({ socketPath }), HELLO);
		await closeServer(server);
	});

	test('a 404 through app.listen is the final handler page, as express@4 sends it', async () => {
		const server = helloApp().listen(0, '127.0.0.1');
		const { port } = await listening(server);
		const response = await get({ port, host: '127.0.0.1', path: '/missing' });
		await closeServer(server);
		const referenceApp = express();
		referenceApp.get('/hello', (_req, res) => res.end('hello'));
		const reference = referenceApp.listen(0, '127.0.0.1');
		const expected = await get({ port: (await listening(reference)).port, host: '127.0.0.1', path: '/missing' });
		await closeServer(reference);
		assert.equal(expected.status, 404);
		assert.equal(response.status, expected.status);
		assert.equal(response.body, expected.body);
		// Set before routing in both (express's expressInit), so the 404 page names its framework.
		// (An express app with no route at all never runs expressInit and sends none.)
		assert.equal(expected.poweredBy, 'Express');
		assert.equal(response.poweredBy, 'Velox');
	});
});

describe('node servers', () => {
	test('http.createServer(app) serves the app', async () => {
		const server = http.createServer(helloApp());
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		assert.deepEqual(await get({ port, host: '127.0.0.1' }), HELLO);
		await closeServer(server);
	});

	let certificate: { key: Buffer; cert: Buffer } | undefined;
	let skipReason: string | false = false;
	try {
		const keyPath = join(tmp, 'key.pem');
		const certPath = join(tmp, 'cert.pem');
		execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=localhost'], {
			stdio: 'ignore',
			timeout: 20_000,
		});
		certificate = { key: readFileSync(keyPath), cert: readFileSync(certPath) };
	} catch (err) {
		skipReason = 'openssl is not available to create a self-signed certificate: ' + (err as Error).message;
	}

	test('https.createServer(options, app) serves the app over TLS', { skip: skipReason }, async () => {
		const server = https.createServer(certificate!, helloApp());
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		const response = await get({ port, host: '127.0.0.1', rejectUnauthorized: false } as https.RequestOptions, https);
		assert.deepEqual(response, HELLO);
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});
});
