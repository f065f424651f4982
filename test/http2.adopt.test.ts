/**
 * HTTP/2 server adoption (src/core/platform/index.ts): `http2.createServer(app)` and
 * `http2.createSecureServer(options, app)` swap the prototypes of the first request only, then node
 * builds the server's requests and responses with the app's HTTP/2 classes, through the server's
 * own `Http2ServerRequest`/`Http2ServerResponse` options. Where anything else could tell (another
 * listener, the server's own classes, a 'stream' listener of the app's), the server is left as it
 * is and every request is swapped, as before.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import velox from '../src/express';
import { detectHttp2, http2Detection, useHttp2Platform } from '../src/core/http2/platform';
import { closeSession, connectH2, h2request, NO_OPENSSL, selfSigned } from './http2.helpers';
import { noCompatHttp2 } from './helpers/platform-standins';
import { listen } from './helpers/server';

type Listener = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;
type Options = { Http2ServerRequest?: unknown; Http2ServerResponse?: unknown };

after(() => useHttp2Platform(undefined));

/** node's key of a server's options, as the seam found it on node's own module. */
const OPTIONS_KEY = http2Detection().optionsKey;

/** The server's options as node keeps them. */
function optionsOf(server: object): Options {
	assert.ok(OPTIONS_KEY !== undefined, 'this node line has the options key');
	return (server as Record<symbol, Options>)[OPTIONS_KEY];
}

/** Counts the prototype swaps of HTTP/2 requests and responses while `run` runs. */
async function countingSwaps<T>(run: () => Promise<T>): Promise<{ result: T; swaps: number }> {
	const original = Object.setPrototypeOf;
	let swaps = 0;
	Object.setPrototypeOf = function setPrototypeOf(object: unknown, proto: object | null) {
		if (object instanceof http2.Http2ServerRequest || object instanceof http2.Http2ServerResponse) swaps++;
		return original(object, proto);
	};
	try {
		return { result: await run(), swaps };
	} finally {
		Object.setPrototypeOf = original;
	}
}

/** `count` GETs of `/` on one session; their bodies. */
async function getMany(port: number, count: number): Promise<string[]> {
	const session = await connectH2(`http://127.0.0.1:${port}`);
	try {
		const bodies: string[] = [];
		for (let i = 0; i < count; i++) bodies.push((await h2request(session, { ':path': '/' })).text);
		return bodies;
	} finally {
		await closeSession(session);
	}
}

function helloApp() {
	const app = velox();
	app.get('/', (req, res) => {
		res.send(`${req.get('host') === undefined ? 'no host' : 'hello'} ${req.httpVersion}`);
	});
	return app;
}

const ON = http2Detection().serverClasses;

describe('http2.createServer(app): node builds requests with the app classes after the first', () => {
	test('node’s own http2 module is probed once: options key and listener found, result frozen', () => {
		const found = http2Detection();
		assert.equal(found, http2Detection());
		assert.ok(Object.isFrozen(found));
		// Pinned on every supported line (20, 22, 24, 26): a node that changes this fails here first.
		assert.equal(found.serverClasses, true);
		assert.equal(typeof found.optionsKey, 'symbol');
		assert.equal(typeof found.setupCompat, 'function');
	});

	test('the first request is swapped, the next ones are not; the server’s options name the app classes', { skip: !ON }, async () => {
		const app = helloApp();
		const server = http2.createServer(app as unknown as Listener);
		const running = await listen(server);
		try {
			const { result, swaps } = await countingSwaps(() => getMany(running.port, 5));
			assert.deepEqual(result, Array(5).fill('hello 2.0'));
			assert.equal(swaps, 2, 'the first request and response only');
			const options = optionsOf(server);
			assert.notEqual(options.Http2ServerRequest, http2.Http2ServerRequest);
			assert.ok(Object.getPrototypeOf((options.Http2ServerRequest as { prototype: object }).prototype) === http2.Http2ServerRequest.prototype);
			assert.equal(server.listeners('stream').length, 1);
			assert.equal(server.listeners('request')[0], app);
		} finally {
			await running.close();
		}
	});

	test('requests built with the app classes are what a swapped one is: members, instanceof, constructor', { skip: !ON }, async () => {
		const app = velox();
		Object.assign(app.request, {
			greeting(this: { method: string }) {
				return `hi ${this.method}`;
			},
		});
		const seen: unknown[] = [];
		app.get('/', (req, res) => {
			seen.push([
				req instanceof http2.Http2ServerRequest,
				res instanceof http2.Http2ServerResponse,
				req.constructor === http2.Http2ServerRequest,
				res.constructor === http2.Http2ServerResponse,
				(req as unknown as { greeting(): string }).greeting(),
				req.app === app,
				res.locals !== undefined,
			]);
			res.json({ ok: true });
		});
		const running = await listen(http2.createServer(app as unknown as Listener));
		try {
			await getMany(running.port, 3);
		} finally {
			await running.close();
		}
		const expected = [true, true, true, true, 'hi GET', true, true];
		assert.deepEqual(seen, [expected, expected, expected]);
	});

	test('properties added after dispatch (json(), req.query) keep one hidden class across requests (child process)', () => {
		const root = path.join(__dirname, '..');
		const script = `
			const http2 = require('node:http2');
			const velox = require(${JSON.stringify(path.join(root, 'src/express.js'))});
			const app = velox();
			app.use(velox.json());
			const seen = [];
			app.post('/', (req, res) => { req.query; seen.push(req); res.json(req.body); });
			const server = http2.createServer(app).listen(0, '127.0.0.1', async () => {
				const session = http2.connect('http://127.0.0.1:' + server.address().port);
				for (let i = 0; i < 20; i++) {
					await new Promise((resolve, reject) => {
						const stream = session.request({ ':method': 'POST', ':path': '/?n=' + i, 'content-type': 'application/json' });
						stream.on('error', reject).resume().on('end', resolve);
						stream.end('{"n":' + i + '}');
					});
				}
				let shared = 0;
				for (let i = 2; i < seen.length; i++) if (%HaveSameMap(seen[i], seen[i - 1])) shared++;
				process.stdout.write(JSON.stringify({ shared, of: seen.length - 2 }));
				session.close();
				server.close();
			});
		`;
		const child = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
		assert.equal(child.status, 0, child.stderr);
		// Swapped on every request, each request's object got a hidden class of its own on node 22 and before.
		assert.deepEqual(JSON.parse(child.stdout), { shared: 18, of: 18 });
	});

	test('a mounted app over an adopted server: its own prototypes inside, the parent’s after', { skip: !ON }, async () => {
		const parent = velox();
		const child = velox();
		Object.assign(child.request, { where: () => 'child' });
		Object.assign(parent.request, { where: () => 'parent' });
		child.get('/', (req, _res, next) => {
			(req as unknown as { inside: string }).inside = (req as unknown as { where(): string }).where();
			next();
		});
		parent.use('/sub', child);
		parent.get('/sub', (req, res) => {
			res.send(`${(req as unknown as { inside: string }).inside} then ${(req as unknown as { where(): string }).where()}`);
		});
		const running = await listen(http2.createServer(parent as unknown as Listener));
		const session = await connectH2(`http://127.0.0.1:${running.port}`);
		try {
			for (let i = 0; i < 3; i++) assert.equal((await h2request(session, { ':path': '/sub' })).text, 'child then parent');
		} finally {
			await closeSession(session);
			await running.close();
		}
	});

	test('a second Velox app replacing the listener adopts the server in turn', { skip: !ON }, async () => {
		const first = helloApp();
		const second = velox();
		second.get('/', (_req, res) => {
			res.send('second');
		});
		const server = http2.createServer(first as unknown as Listener);
		const running = await listen(server);
		try {
			assert.deepEqual(await getMany(running.port, 2), ['hello 2.0', 'hello 2.0']);
			const firstClass = optionsOf(server).Http2ServerRequest;
			server.removeAllListeners('request');
			server.on('request', second as unknown as Listener);
			assert.deepEqual(await getMany(running.port, 3), ['second', 'second', 'second']);
			const secondClass = optionsOf(server).Http2ServerRequest;
			assert.notEqual(secondClass, firstClass);
			assert.equal(server.listeners('stream').length, 1);
		} finally {
			await running.close();
		}
	});

	test('createSecureServer({ allowHTTP1 }): HTTP/2 adopted, HTTP/1.1 on the same server answered alike', { skip: NO_OPENSSL || !ON }, async () => {
		const pair = selfSigned();
		const app = helloApp();
		const server = http2.createSecureServer({ allowHTTP1: true, key: pair.key, cert: pair.cert }, app as unknown as Listener);
		const running = await listen(server);
		const session = await connectH2(`https://localhost:${running.port}`, { ca: pair.cert });
		try {
			const { swaps } = await countingSwaps(async () => {
				for (let i = 0; i < 3; i++) assert.equal((await h2request(session, { ':path': '/' })).text, 'hello 2.0');
			});
			assert.equal(swaps, 2);
			const body = await new Promise<string>((resolve, reject) => {
				https
					.get({ host: 'localhost', port: running.port, path: '/', ca: pair.cert }, (res) => {
						let text = '';
						res.setEncoding('utf8').on('data', (chunk: string) => {
							text += chunk;
						});
						res.on('end', () => resolve(text));
					})
					.on('error', reject);
			});
			assert.equal(body, 'hello 1.1');
		} finally {
			await closeSession(session);
			await running.close();
		}
	});
});

describe('servers left as they are: every request swapped', () => {
	const cases: Array<[string, (app: ReturnType<typeof helloApp>) => http2.Http2Server]> = [
		[
			'another request listener beside the app',
			(app) => {
				const server = http2.createServer(app as unknown as Listener);
				server.on('request', () => {});
				return server;
			},
		],
		['the app called from a listener of the application’s', (app) => http2.createServer((req, res) => (app as unknown as Listener)(req, res))],
		[
			'a stream listener of the application’s beside node’s',
			(app) => {
				const server = http2.createServer(app as unknown as Listener);
				server.on('stream', () => {});
				return server;
			},
		],
		[
			'the server’s own request and response classes (node’s documented options)',
			(app) => {
				class OwnRequest extends http2.Http2ServerRequest {}
				class OwnResponse extends http2.Http2ServerResponse {}
				return http2.createServer({ Http2ServerRequest: OwnRequest, Http2ServerResponse: OwnResponse }, app as unknown as Listener);
			},
		],
	];
	for (const [name, make] of cases) {
		test(name, async () => {
			const app = helloApp();
			const server = make(app);
			const before = { ...optionsOf(server) };
			const streams = server.listeners('stream');
			const running = await listen(server);
			try {
				const { result, swaps } = await countingSwaps(() => getMany(running.port, 3));
				assert.deepEqual(result, Array(3).fill('hello 2.0'));
				assert.equal(swaps, 6);
				assert.equal(optionsOf(server).Http2ServerRequest, before.Http2ServerRequest);
				assert.equal(optionsOf(server).Http2ServerResponse, before.Http2ServerResponse);
				assert.deepEqual(server.listeners('stream'), streams);
			} finally {
				await running.close();
			}
		});
	}

	test('with the HTTP/2 detection off (another node simulated): swapped, same answers', async () => {
		const off = detectHttp2(noCompatHttp2);
		assert.equal(off.serverClasses, false);
		useHttp2Platform(off);
		try {
			const app = helloApp();
			const server = http2.createServer(app as unknown as Listener);
			const running = await listen(server);
			try {
				const { result, swaps } = await countingSwaps(() => getMany(running.port, 3));
				assert.deepEqual(result, Array(3).fill('hello 2.0'));
				assert.equal(swaps, 6);
				assert.equal(optionsOf(server).Http2ServerRequest, http2.Http2ServerRequest);
			} finally {
				await running.close();
			}
		} finally {
			useHttp2Platform(undefined);
		}
	});
});

describe('HTTP/2 detection with stand-ins', () => {
	const node = { Http2ServerRequest: http2.Http2ServerRequest, Http2ServerResponse: http2.Http2ServerResponse };

	test('node’s own module: on', () => {
		const found = detectHttp2({ createServer: () => http2.createServer(), ...node });
		assert.equal(found.serverClasses, true);
		assert.equal(found.optionsKey, http2Detection().optionsKey);
	});

	test('a server whose options hold other classes: off', () => {
		class Other extends http2.Http2ServerRequest {}
		const found = detectHttp2({ createServer: () => http2.createServer({ Http2ServerRequest: Other }), ...node });
		assert.deepEqual([found.serverClasses, found.optionsKey, found.setupCompat], [false, undefined, undefined]);
		assert.equal(found.headerMap, true, 'the header map is probed apart');
	});

	test('a listener that does not bind the stream handling: off', () => {
		const found = detectHttp2({
			createServer: () => {
				const server = http2.createServer();
				server.removeAllListeners('newListener');
				server.on('newListener', () => {});
				return server;
			},
			...node,
		});
		assert.equal(found.serverClasses, false);
	});

	test('a createServer that throws: off, no throw', () => {
		const found = detectHttp2({
			createServer: () => {
				throw new Error('not this node');
			},
			...node,
		});
		assert.equal(found.serverClasses, false);
	});
});
