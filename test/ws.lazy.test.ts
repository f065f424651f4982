/**
 * Nothing changes for an app that registers no `ws` route and never calls `res.sse()`: the `ws`
 * package and Velox's WebSocket and event-stream modules stay unloaded, its servers get no
 * `upgrade` listener, and an upgrade request is served as express@4 serves it (as a request).
 * Each check that looks at what is loaded runs in a fresh node process.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { rawRequest } from './helpers/raw-socket';
import { listen } from './helpers/server';

const ENTRY = path.join(__dirname, '..', 'src', 'express.js');

interface Report {
	ws: boolean;
	files: string[];
	upgradeListeners: number;
	extra?: unknown;
}

/** Runs `body` in a fresh node with `velox`, `app`, `server` (listening) and `report(extra)` in scope. */
function runFresh(body: string, preload?: string): Report {
	const script = `
const path = require('node:path');
${preload ?? ''}
const velox = require(${JSON.stringify(ENTRY)});
const app = velox();
app.set('env', 'test');
app.get('/', (req, res) => res.send('hello'));
const core = path.join(path.dirname(${JSON.stringify(ENTRY)}), 'core') + path.sep;
const server = app.listen(0, '127.0.0.1', async () => {
	const report = (extra) => {
		const files = Object.keys(require.cache);
		process.stdout.write(JSON.stringify({
			ws: files.some((file) => /node_modules[\\\\/]ws[\\\\/]/.test(file)),
			files: files.filter((file) => file.startsWith(core)).map((file) => file.slice(core.length)).filter((file) => /^(ws\\/index|ws\\/socket|response\\/sse|lifecycle\\/held-connections)\\.js$/.test(file.split(path.sep).join('/'))).sort(),
			upgradeListeners: server.listenerCount('upgrade'),
			extra,
		}));
		process.exit(0);
	};
	const get = (urlPath) => new Promise((resolve) => require('node:http').get({ host: '127.0.0.1', port: server.address().port, path: urlPath }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); }));
	try { ${body} } catch (err) { report({ error: err.message, code: err.code }); }
});
`;
	return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Report;
}

describe('ws and res.sse load only when used', () => {
	test('an app with no ws route that never calls res.sse loads neither, and its server gets no upgrade listener', () => {
		const report = runFresh(`await get('/'); await get('/'); report();`);
		assert.deepEqual(report, { ws: false, files: [], upgradeListeners: 0 });
	});

	test('the first res.sse() loads the event-stream module only; the first ws route loads ws (and the app then wires its servers)', () => {
		const sse = runFresh(`app.get('/events', (req, res) => res.sse({ heartbeat: false }).close()); await get('/events'); report();`);
		assert.deepEqual(sse, { ws: false, files: ['lifecycle/held-connections.js', 'response/sse.js'], upgradeListeners: 0 });
		const ws = runFresh(`app.ws('/live', (ws) => ws.close()); await get('/'); report();`);
		assert.deepEqual(ws, { ws: true, files: ['lifecycle/held-connections.js', 'ws/index.js', 'ws/socket.js'], upgradeListeners: 1 });
	});

	test('without the ws package app.ws() throws VELOX_ERR_WS_MISSING and registers nothing', () => {
		const hide = `const Module = require('node:module'); const resolve = Module._resolveFilename; Module._resolveFilename = function (request, ...rest) { if (request === 'ws') { const e = new Error("Cannot find module 'ws'"); e.code = 'MODULE_NOT_FOUND'; throw e; } return resolve.call(this, request, ...rest); };`;
		const report = runFresh(
			`let thrown; try { app.ws('/live', (ws) => ws.close()); } catch (err) { thrown = { message: err.message, code: err.code }; } report({ thrown, routes: app.routes().length });`,
			hide,
		);
		assert.deepEqual(report.extra, {
			thrown: {
				message: "app.ws() needs the ws package (an optional peer dependency of velox): npm install ws (Cannot find module 'ws')",
				code: 'VELOX_ERR_WS_MISSING',
			},
			routes: 1,
		});
	});

	test('an upgrade request to an app without ws routes is served as express@4 serves it, also while another app of the process has ws routes', async () => {
		const other = velox();
		other.ws('/elsewhere', (ws) => ws.close());
		const otherServer = await listen(other);
		const upgrade =
			'GET /page HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
		const answers: Array<[number, string]> = [];
		for (const framework of [express, velox] as const) {
			const app = framework();
			app.get('/page', (_req, res) => {
				res.send('page');
			});
			const running = await listen(app);
			try {
				const result = await rawRequest(running.port, upgrade);
				answers.push([result.status, result.body]);
				assert.equal(running.server.listenerCount('upgrade'), 0);
			} finally {
				await running.close();
			}
		}
		await velox.shutdown(otherServer.server, { timeout: 100 });
		assert.deepEqual(answers, [
			[200, 'page'],
			[200, 'page'],
		]);
	});
});
