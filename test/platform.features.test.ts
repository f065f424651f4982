/**
 * The platform seam (src/core/platform/index.ts) on the node line running the tests: what it detects
 * (each supported line is pinned, so a node release that changes an internal fails here first),
 * that the fast paths are then taken where expected, and that the detection reads the objects it
 * is given: a stand-in lacking an internal turns that feature off.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { detect, features, httpConnections, nodeDetection, type NodeSurface, nodeSurface, type PlatformFeatures } from '../src/core/platform';
import { send } from './helpers/client';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { ElsewhereServer, NoTableResponse } from './helpers/platform-standins';
import { listen, listenApp } from './helpers/server';

const line = process.versions.node.split('.')[0];

/** What each supported node line offers; a line whose internals change gets its own entry. */
const expectedByLine: Record<string, PlatformFeatures> = {
	'20': { headerTable: true, serverClasses: true },
	'22': { headerTable: true, serverClasses: true },
	'24': { headerTable: true, serverClasses: true },
	'26': { headerTable: true, serverClasses: true },
};
const expected = expectedByLine[line];
const UNSUPPORTED = expected === undefined ? `node ${line} is not a supported line` : false;

/** The header table `res` holds (node's key, as the seam found it), or undefined. */
function tableOf(res: ServerResponse): object | null | undefined {
	const key = nodeDetection.headerTable;
	return key === undefined ? undefined : ((res as unknown as Record<symbol, object | null>)[key] ?? null);
}

/** How a request got its app's prototype: node built it with the app's class, or it was swapped. */
function strategyOf(req: object, appRequest: object): 'class' | 'swap' | 'other' {
	const proto = Object.getPrototypeOf(req) as object;
	if (proto === appRequest) return 'swap';
	return Object.getPrototypeOf(proto) === appRequest ? 'class' : 'other';
}

describe(`platform features on node ${line}`, () => {
	test('the detected features are the ones pinned for this line', { skip: UNSUPPORTED }, () => {
		assert.deepEqual({ ...features }, expected);
		assert.deepEqual({ ...nodeDetection.features }, expected);
		assert.ok(Object.isFrozen(features));
	});

	test("res.send's headers go into node's table as a Velox table (null-prototype chain), read back by node", {
		skip: UNSUPPORTED || !expected?.headerTable,
	}, async () => {
		const app = velox();
		let table: object | null | undefined;
		app.get('/', (_req, res) => {
			res.send('hello');
			table = tableOf(res);
		});
		const running = await listenApp(app);
		try {
			const res = await send(running.port, { path: '/' });
			assert.equal(res.body, 'hello');
			assert.equal(res.headers['content-length'], '5');
			assert.ok(table !== null && table !== undefined);
			// node's own table has no prototype; the seam's has one that has none.
			const proto = Object.getPrototypeOf(table) as object | null;
			assert.notEqual(proto, null);
			assert.equal(Object.getPrototypeOf(proto), null);
		} finally {
			await running.close();
		}
	});

	test('app.listen builds every request with the app class; http.createServer(app) from its second request', { skip: UNSUPPORTED }, async () => {
		for (const via of ['listen', 'createServer'] as const) {
			const app = velox();
			const seen: string[] = [];
			app.get('/', (req, res) => {
				seen.push(strategyOf(req, app.request));
				res.send('ok');
			});
			const running = via === 'listen' ? await listenApp(app) : await listen(http.createServer(app));
			const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
			try {
				for (let i = 0; i < 3; i++) await send(running.port, { path: '/' }, { agent });
			} finally {
				agent.destroy();
				await running.close();
			}
			const adopted = expected?.serverClasses ? 'class' : 'swap';
			assert.deepEqual(seen, via === 'listen' ? ['class', 'class', 'class'] : ['swap', adopted, adopted], via);
		}
	});

	test('HTTP/2 requests and responses get the app members laid over node’s HTTP/2 prototypes', async () => {
		const app = velox();
		let chain: boolean[] = [];
		app.get('/', (req, res) => {
			chain = [
				Object.getPrototypeOf(Object.getPrototypeOf(req)) === http2.Http2ServerRequest.prototype,
				Object.getPrototypeOf(Object.getPrototypeOf(res)) === http2.Http2ServerResponse.prototype,
				typeof req.get === 'function' && typeof res.send === 'function',
			];
			res.send('h2');
		});
		const server = http2.createServer(app as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
		const running = await listen(server);
		const session = await connectH2(`http://127.0.0.1:${running.port}`);
		try {
			const res = await h2request(session, { ':path': '/' });
			assert.equal(res.text, 'h2');
			assert.deepEqual(chain, [true, true, true]);
		} finally {
			await closeSession(session);
			await running.close();
		}
	});

	test("node's connection list is found on a listening HTTP server, not on a net server", async () => {
		const running = await listen((_req, res) => res.end('ok'));
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
		try {
			await send(running.port, { path: '/' }, { agent });
			const connections = httpConnections(running.server);
			if (expected !== undefined) {
				assert.ok(connections !== undefined);
				assert.equal(connections.length, 1);
				assert.ok(connections[0].socket instanceof net.Socket);
				assert.equal(connections[0].response, null);
			}
		} finally {
			agent.destroy();
			await running.close();
		}
		const plain = net.createServer();
		assert.equal(httpConnections(plain), undefined);
		assert.equal(httpConnections({}), undefined);
	});
});

describe('detection with stand-ins for another node', () => {
	test('node’s own objects: the same as at load; the result is frozen', () => {
		const again = detect(nodeSurface);
		assert.deepEqual({ ...again.features }, { ...features });
		assert.equal(again.headerTable, nodeDetection.headerTable);
		assert.deepEqual(again.serverClasses, nodeDetection.serverClasses);
		assert.ok(Object.isFrozen(again) && Object.isFrozen(again.features) && Object.isFrozen(again.headerMethods));
	});

	test('a response without the header table: headerTable off, the rest as found', () => {
		const found = detect({ ...nodeSurface, ServerResponse: NoTableResponse });
		assert.equal(found.features.headerTable, false);
		assert.equal(found.headerTable, undefined);
		assert.equal(found.features.serverClasses, features.serverClasses);
	});

	test('a server without class keys: serverClasses off', () => {
		const found = detect({ ...nodeSurface, Server: ElsewhereServer });
		assert.equal(found.features.serverClasses, false);
		assert.equal(found.serverClasses, undefined);
		assert.equal(found.features.headerTable, features.headerTable);
	});

	test('a node that lists header names from another store than the table: headerTable off', () => {
		class OtherNames extends ServerResponse {
			getRawHeaderNames(): string[] {
				return [];
			}
		}
		assert.equal(detect({ ...nodeSurface, ServerResponse: OtherNames }).features.headerTable, false);
	});

	for (const method of ['setHeader', 'getHeader', 'removeHeader'] as const) {
		test(`${method} wrapped before the detection (an agent preloaded): headerTable off`, () => {
			const calls: string[] = [];
			class Wrapped extends ServerResponse {}
			const original = ServerResponse.prototype[method] as (this: ServerResponse, ...args: unknown[]) => unknown;
			Object.defineProperty(Wrapped.prototype, method, {
				configurable: true,
				writable: true,
				value: function wrapped(this: ServerResponse, ...args: unknown[]): unknown {
					calls.push(String(args[0]));
					return original.apply(this, args);
				},
			});
			const surface: NodeSurface = { ...nodeSurface, ServerResponse: Wrapped };
			assert.equal(detect(surface).features.headerTable, false);
			assert.ok(calls.length > 0);
		});
	}

	test('a surface whose constructors throw: every feature off, no throw', () => {
		class Broken extends ServerResponse {
			constructor(req: IncomingMessage) {
				super(req);
				throw new Error('not this node');
			}
		}
		const found = detect({ IncomingMessage, ServerResponse: Broken, Server: ElsewhereServer });
		assert.deepEqual({ ...found.features }, { headerTable: false, serverClasses: false });
	});
});

describe('an agent that wrapped setHeader before Velox loaded (child process)', () => {
	test('every header res.send sets reaches the wrapper, as with express@4 (names, first call each)', () => {
		const root = path.join(__dirname, '..');
		const script = `
			const http = require('node:http');
			const original = http.ServerResponse.prototype.setHeader;
			http.ServerResponse.prototype.setHeader = function setHeader(name, value) {
				const seen = this.seen || (this.seen = []);
				if (!seen.includes(String(name).toLowerCase())) seen.push(String(name).toLowerCase());
				return original.call(this, name, value);
			};
			const velox = require(${JSON.stringify(path.join(root, 'src/express.js'))});
			const express = require('express');
			const { features } = require(${JSON.stringify(path.join(root, 'src/core/platform/index.js'))});
			(async () => {
				const seen = {};
				for (const [name, framework] of [['express', express], ['velox', velox]]) {
					const app = framework();
					app.get('/', (req, res) => { res.send('hello'); seen[name] = res.seen; });
					const server = app.listen(0, '127.0.0.1');
					await new Promise((resolve) => server.once('listening', resolve));
					await new Promise((resolve) => http.get({ port: server.address().port, host: '127.0.0.1' }, (res) => res.resume().on('end', resolve)));
					server.close();
				}
				process.stdout.write(JSON.stringify({ features, seen }));
			})();
		`;
		const child = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
		assert.equal(child.status, 0, child.stderr);
		const result = JSON.parse(child.stdout) as { features: PlatformFeatures; seen: Record<string, string[]> };
		assert.equal(result.features.headerTable, false);
		assert.deepEqual(result.seen.velox, result.seen.express);
		assert.deepEqual(result.seen.velox, ['x-powered-by', 'content-type', 'content-length', 'etag']);
	});
});
