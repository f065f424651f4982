/**
 * HTTP/2 header stores (src/core/platform/index.ts): the headers `res.send`, `res.json` and the final
 * handler always set go straight into node's header map of the `Http2ServerResponse`, as its
 * `setHeader` stores them (lower-cased name, value as given), without its checks; a response
 * whose `setHeader` is not Velox's over node's own, or whose head is sent, gets the calls instead.
 */
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import { after, describe, test } from 'node:test';
import velox from '../src/express';
import { detectHttp2, http2Detection, useHttp2Platform } from '../src/core/http2/platform';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { wrappedHttp2Methods } from './helpers/platform-standins';
import { listen } from './helpers/server';

type Listener = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

after(() => useHttp2Platform(undefined));

const KEY = http2Detection().headersKey;

/** Replaces the response's header map with a proxy recording, per name stored, whether node's compatibility code stored it. */
function watchStores(res: object): Map<string, 'node' | 'direct'> {
	const stores = new Map<string, 'node' | 'direct'>();
	const holder = res as Record<symbol, Record<string, unknown>>;
	assert.ok(KEY !== undefined);
	holder[KEY] = new Proxy(holder[KEY], {
		set(target, name, value) {
			const stack = new Error().stack ?? '';
			// Stored as the head is sent: `:status` by node, `date` by Velox (http2.date.test.ts).
			if (typeof name === 'string' && name !== ':status' && name !== 'date') stores.set(name, stack.includes('node:internal/http2/compat') ? 'node' : 'direct');
			return Reflect.set(target, name, value);
		},
	});
	return stores;
}

async function exchange(app: ReturnType<typeof velox>, path: string) {
	const running = await listen(http2.createServer(app as unknown as Listener));
	const session = await connectH2(`http://127.0.0.1:${running.port}`);
	try {
		return await h2request(session, { ':path': path });
	} finally {
		await closeSession(session);
		await running.close();
	}
}

describe('HTTP/2 header stores', () => {
	test('node’s map is found on this line (pinned: 20, 22, 24, 26)', () => {
		const found = http2Detection();
		assert.equal(found.headerMap, true);
		assert.equal(typeof found.headersKey, 'symbol');
		assert.equal(found.headerMethods.setHeader, http2.Http2ServerResponse.prototype.setHeader);
	});

	test('res.json: Content-Type, Content-Length and ETag stored directly; the app’s own header through setHeader; all sent', async () => {
		const app = velox();
		let stores = new Map<string, string>();
		app.get('/', (_req, res) => {
			stores = watchStores(res);
			res.set('X-Own', 'yes');
			res.json({ hello: 'world' });
		});
		const res = await exchange(app, '/');
		assert.equal(res.status, 200);
		assert.equal(res.text, '{"hello":"world"}');
		assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
		assert.equal(res.headers['content-length'], '17');
		assert.equal(res.headers.etag, 'W/"11-IkjuL6CqqtmReFMfkkvwC0sKj04"');
		assert.equal(res.headers['x-own'], 'yes');
		assert.equal(res.headers['x-powered-by'], 'Velox');
		assert.deepEqual(Object.fromEntries(stores), { 'x-own': 'node', 'content-type': 'direct', etag: 'direct', 'content-length': 'direct' });
	});

	test('the final handler’s 404 page: its headers stored directly, as express@4 sends them', async () => {
		const app = velox();
		let stores = new Map<string, string>();
		app.use((_req, res, next) => {
			stores = watchStores(res);
			next();
		});
		const res = await exchange(app, '/missing');
		assert.equal(res.status, 404);
		assert.equal(res.headers['content-security-policy'], "default-src 'none'");
		assert.equal(res.headers['x-content-type-options'], 'nosniff');
		assert.equal(stores.get('content-security-policy'), 'direct');
		assert.equal(stores.get('x-content-type-options'), 'direct');
	});

	test('after the head is sent: node’s ERR_HTTP2_HEADERS_SENT, as before', async () => {
		const app = velox();
		let caught: unknown;
		app.get('/', (_req, res) => {
			res.write('early ');
			try {
				res.send('late');
			} catch (error) {
				caught = error;
			}
			res.end('end');
		});
		const res = await exchange(app, '/');
		assert.equal(res.text, 'early end');
		assert.equal((caught as { code?: string }).code, 'ERR_HTTP2_HEADERS_SENT');
	});

	test('setHeader replaced on the response: every header reaches it', async () => {
		const app = velox();
		const seen: string[] = [];
		app.get('/', (_req, res) => {
			const own = res.setHeader;
			res.setHeader = function setHeader(this: typeof res, name: string, value: number | string | readonly string[]) {
				seen.push(name.toLowerCase());
				return own.call(this, name, value);
			};
			res.json({ a: 1 });
		});
		const res = await exchange(app, '/');
		assert.equal(res.headers['content-length'], '7');
		assert.deepEqual(seen, ['content-type', 'content-length', 'etag']);
	});

	test('node’s setHeader wrapped after the detection (an agent loaded late): every header reaches the wrapper', async () => {
		const proto = http2.Http2ServerResponse.prototype;
		const original = proto.setHeader;
		const seen: string[] = [];
		proto.setHeader = function setHeader(this: http2.Http2ServerResponse, name: string, value: number | string | readonly string[]) {
			seen.push(name.toLowerCase());
			return original.call(this, name, value);
		};
		try {
			const app = velox();
			app.get('/', (_req, res) => {
				res.json({ a: 1 });
			});
			const res = await exchange(app, '/');
			assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
			assert.deepEqual(seen, ['x-powered-by', 'content-type', 'content-length', 'etag']);
		} finally {
			proto.setHeader = original;
		}
	});

	test('methods wrapped before the detection (an agent preloaded): header map off, calls go through', () => {
		const found = detectHttp2(wrappedHttp2Methods);
		assert.equal(found.headerMap, false);
		assert.equal(found.headersKey, undefined);
	});
});
