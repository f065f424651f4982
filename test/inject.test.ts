/** `app.inject()`: requests dispatched in process, answered exactly as over a socket. */
import assert from 'node:assert/strict';
import http from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import helmet from 'helmet';
import { line } from './helpers/line-syntax';
import velox from '../src/express';
import type { InjectOptions, InjectResponse } from '../src/core/inject';
import { send } from './helpers/client';
import { listen, type Running } from './helpers/server';

declare module 'express-session' {
	interface SessionData {
		views: number;
	}
}

const staticRoot = join(__dirname, '..', '..', 'test', 'fixtures', 'static');

type App = ReturnType<typeof velox>;

/** The same request sent over a real socket (node's client, its global agent), in the form inject resolves with. */
async function overSocket(port: number, options: InjectOptions): Promise<{ statusCode: number; statusMessage: string; rawHeaders: string[]; body: Buffer }> {
	const headers: Record<string, string> = {};
	let body: Buffer | undefined;
	for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = String(value);
	if (typeof options.body === 'string') body = Buffer.from(options.body);
	if (body !== undefined) headers['Content-Length'] = String(body.length);
	const response = await send(
		port,
		{ method: options.method ?? 'GET', path: options.url ?? '/', headers: { Host: 'localhost', ...headers }, body },
		{ agent: http.globalAgent, timeoutMs: 0 },
	);
	return { statusCode: response.status, statusMessage: response.statusMessage, rawHeaders: response.rawHeaders, body: response.bytes };
}

/** Header lines without the clock and the connection handling (the server adds `Keep-Alive: timeout=5`). */
function comparableHeaders(raw: string[]): string[] {
	const lines: string[] = [];
	for (let i = 0; i < raw.length; i += 2) {
		const name = raw[i].toLowerCase();
		if (name === 'date' || name === 'connection' || name === 'keep-alive') continue;
		lines.push(name + ': ' + raw[i + 1]);
	}
	return lines;
}

function fullApp(): App {
	const app = velox();
	app.set('env', 'test');
	app.use(helmet());
	app.use(compression({ threshold: 0 }));
	app.use(cookieParser('secret'));
	app.use(velox.json());
	app.use(velox.urlencoded({ extended: false }));
	app.use('/static', velox.static(staticRoot));
	app.get('/file', (_req, res) => res.sendFile(join(staticRoot, 'hello.txt')));
	app.get('/json', (req, res) => res.json({ query: req.query, cookies: req.cookies }));
	app.post('/echo', (req, res) => res.json(req.body));
	app.get('/go', (_req, res) => res.redirect(301, '/json?x=1'));
	app.get('/cookie', (_req, res) => res.cookie('a', 'b', { httpOnly: true }).cookie('signed', 'v', { signed: true }).send('set'));
	app.get('/throw', () => {
		throw new Error('boom');
	});
	app.get('/stream', (_req, res) => {
		res.type('text');
		res.write('one ');
		setImmediate(() => res.end('two'));
	});
	return app;
}

describe('behaves as over a socket (compared with node’s HTTP client on a real server)', () => {
	let server: Running;
	const app = fullApp();
	before(async () => {
		server = await listen(app);
	});
	after(() => server.close());

	const cases: InjectOptions[] = [
		{ url: '/json?a=1&b[c]=2', headers: { Cookie: 'k=v' } },
		{ url: '/json', headers: { 'Accept-Encoding': 'gzip' } },
		{ method: 'POST', url: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{"x":[1,2]}' },
		{ method: 'POST', url: '/echo', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two' },
		{ method: 'POST', url: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{bad' },
		{ url: '/static/hello.txt' },
		{ url: '/static/hello.txt', headers: { Range: 'bytes=0-2' } },
		{ url: '/static', headers: {} },
		{ method: 'HEAD', url: '/static/hello.txt' },
		{ url: '/file', headers: { 'Accept-Encoding': 'gzip, deflate' } },
		{ url: '/go' },
		{ url: '/cookie' },
		{ url: '/throw' },
		{ url: '/missing' },
		{ url: '/stream' },
		{ method: 'OPTIONS', url: '/json' },
	];
	for (const options of cases) {
		test((options.method ?? 'GET') + ' ' + options.url + ' ' + JSON.stringify(options.headers ?? {}), async () => {
			const wire = await overSocket(server.port, options);
			const injected = await app.inject(options);
			assert.equal(injected.statusCode, wire.statusCode);
			assert.equal(injected.statusMessage, wire.statusMessage);
			assert.deepEqual(comparableHeaders(injected.rawHeaders), comparableHeaders(wire.rawHeaders));
			assert.deepEqual(injected.body, wire.body);
		});
	}
});

describe('request options', () => {
	const app = velox();
	app.all('/echo', (req, res) => {
		res.json({
			method: req.method,
			url: req.url,
			query: req.query,
			headers: req.headers,
			ip: req.ip,
			ips: req.ips,
			protocol: req.protocol,
			remote: [req.socket.remoteAddress, req.socket.remotePort],
		});
	});
	app.post('/body', (req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => res.json({ complete: req.complete, headers: req.headers, body: Buffer.concat(chunks).toString('base64') }));
	});

	test('a string is the URL of a GET; defaults: GET /, Host localhost, 127.0.0.1', async () => {
		const res = await app.inject('/echo?x=1');
		const data = res.json<{ method: string; url: string; query: object; headers: Record<string, string>; ip: string; protocol: string }>();
		assert.equal(data.method, 'GET');
		assert.equal(data.url, '/echo?x=1');
		assert.deepEqual(data.query, { x: '1' });
		assert.equal(data.headers.host, 'localhost');
		assert.equal(data.headers['content-length'], undefined);
		assert.equal(data.ip, '127.0.0.1');
		assert.equal(data.protocol, 'http');
		assert.equal((await app.inject()).statusCode, 404);
	});

	test('method (upper-cased), query object with arrays appended to the URL, headers with arrays', async () => {
		const res = await app.inject({ method: 'put', url: '/echo?a=1', query: { b: ['2', '3'], c: true }, headers: { 'X-Multi': ['one', 'two'], 'X-Num': 5 } });
		const data = res.json<{ method: string; url: string; query: object; headers: Record<string, string> }>();
		assert.equal(data.method, 'PUT');
		assert.equal(data.url, '/echo?a=1&b=2&b=3&c=true');
		assert.deepEqual(data.query, { a: '1', b: ['2', '3'], c: 'true' });
		assert.equal(data.headers['x-multi'], 'one, two');
		assert.equal(data.headers['x-num'], '5');
		const text = await app.inject({ url: '/echo', query: '?q=s' });
		assert.equal(text.json<{ url: string }>().url, '/echo?q=s');
		const params = await app.inject({ url: '/echo', query: new URLSearchParams({ p: '1' }) });
		assert.equal(params.json<{ url: string }>().url, '/echo?p=1');
	});

	test('header values lose surrounding whitespace as node’s parser strips it; invalid headers throw as in node’s client', async () => {
		const res = await app.inject({ url: '/echo', headers: { 'X-Padded': ' \tvalue \t' } });
		assert.equal(res.json<{ headers: Record<string, string> }>().headers['x-padded'], 'value');
		await assert.rejects(app.inject({ url: '/echo', headers: { 'X-Bad': 'a\nb' } }), { code: 'ERR_INVALID_CHAR' });
		await assert.rejects(app.inject({ url: '/echo', headers: { 'Bad Name': 'x' } }), { code: 'ERR_INVALID_HTTP_TOKEN' });
	});

	test('cookies become one Cookie header, values URI-encoded, after a Cookie header given', async () => {
		const res = await app.inject({ url: '/echo', headers: { cookie: 'first=1' }, cookies: { a: 'b c', d: 'e;f' } });
		assert.equal(res.json<{ headers: Record<string, string> }>().headers.cookie, 'first=1; a=b%20c; d=e%3Bf');
	});

	test('an absolute URL is the target as sent (absolute-form) and sets Host; encrypted makes https', async () => {
		const res = await app.inject({ url: 'http://example.test:8080/echo?z=1' });
		const data = res.json<{ url: string; query: object; headers: Record<string, string>; protocol: string }>();
		assert.equal(data.url, 'http://example.test:8080/echo?z=1');
		assert.deepEqual(data.query, { z: '1' });
		assert.equal(data.headers.host, 'example.test:8080');
		assert.equal(data.protocol, 'http');
		const encrypted = await app.inject({ url: '/echo', encrypted: true });
		assert.equal(encrypted.json<{ protocol: string }>().protocol, 'https');
	});

	test('remote address and port; X-Forwarded-For counts only with trust proxy', async () => {
		const headers = { 'X-Forwarded-For': '203.0.113.9, 10.0.0.2', 'X-Forwarded-Proto': 'https' };
		const plain = (await app.inject({ url: '/echo', remoteAddress: '10.0.0.1', remotePort: 4000, headers })).json<{
			ip: string;
			ips: string[];
			protocol: string;
			remote: unknown[];
		}>();
		assert.equal(plain.ip, '10.0.0.1');
		assert.deepEqual(plain.ips, []);
		assert.equal(plain.protocol, 'http');
		assert.deepEqual(plain.remote, ['10.0.0.1', 4000]);
		const trusting = velox();
		trusting.set('trust proxy', ['loopback', '10.0.0.0/8']);
		trusting.use(app);
		const proxied = (await trusting.inject({ url: '/echo', remoteAddress: '10.0.0.1', headers })).json<{ ip: string; ips: string[]; protocol: string }>();
		assert.equal(proxied.ip, '203.0.113.9');
		assert.deepEqual(proxied.ips, ['203.0.113.9', '10.0.0.2']);
		assert.equal(proxied.protocol, 'https');
		const ipv6 = (await app.inject({ url: '/echo', remoteAddress: '::1' })).json<{ ip: string }>();
		assert.equal(ipv6.ip, '::1');
	});

	test('bodies: string and Buffer with Content-Length, an object as JSON, a stream chunked', async () => {
		const decode = (res: InjectResponse) => {
			const data = res.json<{ complete: boolean; headers: Record<string, string>; body: string }>();
			return { ...data, body: Buffer.from(data.body, 'base64') };
		};
		const text = decode(await app.inject({ method: 'POST', url: '/body', body: 'héllo' }));
		assert.equal(text.body.toString(), 'héllo');
		assert.equal(text.headers['content-length'], '6');
		assert.equal(text.complete, true);
		const bytes = decode(await app.inject({ method: 'POST', url: '/body', body: Buffer.from([0, 255, 1]) }));
		assert.deepEqual([...bytes.body], [0, 255, 1]);
		const view = decode(await app.inject({ method: 'POST', url: '/body', body: new Uint8Array([7, 8, 9]).subarray(1) }));
		assert.deepEqual([...view.body], [8, 9]);
		const json = decode(await app.inject({ method: 'POST', url: '/body', body: { a: [1, { b: null }] } }));
		assert.equal(json.body.toString(), '{"a":[1,{"b":null}]}');
		assert.equal(json.headers['content-type'], 'application/json');
		const typed = decode(await app.inject({ method: 'POST', url: '/body', body: [1], headers: { 'content-type': 'application/vnd.x+json' } }));
		assert.equal(typed.headers['content-type'], 'application/vnd.x+json');
		const streamed = decode(await app.inject({ method: 'POST', url: '/body', body: Readable.from([Buffer.from('ab'), 'cd', Buffer.from('ef')]) }));
		assert.equal(streamed.body.toString(), 'abcdef');
		assert.equal(streamed.headers['transfer-encoding'], 'chunked');
		assert.equal(streamed.headers['content-length'], undefined);
		async function* generate() {
			yield 'x';
			yield 'y';
		}
		const generated = decode(await app.inject({ method: 'POST', url: '/body', body: generate(), headers: { 'content-length': '2' } }));
		assert.equal(generated.body.toString(), 'xy');
		assert.equal(generated.headers['transfer-encoding'], undefined);
	});

	test('body parsers read injected bodies, limits included', async () => {
		const parsing = velox();
		parsing.set('env', 'test');
		parsing.use(velox.json({ limit: 10 }), velox.text());
		parsing.post('/', (req, res) => res.json({ body: req.body }));
		assert.deepEqual((await parsing.inject({ method: 'POST', url: '/', body: { a: 1 } })).json(), { body: { a: 1 } });
		assert.deepEqual((await parsing.inject({ method: 'POST', url: '/', body: 'plain', headers: { 'content-type': 'text/plain' } })).json(), { body: 'plain' });
		assert.equal((await parsing.inject({ method: 'POST', url: '/', body: { long: 'x'.repeat(20) } })).statusCode, 413);
		const stream = Readable.from([Buffer.from('{"a":'), Buffer.from('2}')]);
		assert.deepEqual((await parsing.inject({ method: 'POST', url: '/', body: stream, headers: { 'content-type': 'application/json' } })).json(), {
			body: { a: 2 },
		});
	});

	test('a request stream that fails resets the connection: the parser sees it, inject rejects', async () => {
		const parsing = velox();
		parsing.set('env', 'test');
		parsing.use(velox.text());
		parsing.post('/', (req, res) => res.json({ body: req.body }));
		const seen: string[] = [];
		parsing.use((err: Error & { type?: string }, _req: unknown, _res: unknown, next: (err: unknown) => void) => {
			seen.push(String(err.type ?? err.message));
			next(err);
		});
		const failing = new Readable({
			read() {
				this.destroy(new Error('upload failed'));
			},
		});
		await assert.rejects(parsing.inject({ method: 'POST', url: '/', body: failing, headers: { 'content-type': 'text/plain' } }), {
			code: 'ERR_INJECT_ABORTED',
		});
		await new Promise((resolve) => setImmediate(resolve));
		assert.equal(seen.length, 1);
		assert.match(seen[0], /aborted|upload failed/);
	});
});

describe('responses', () => {
	test('status, headers as node’s client combines them, raw headers, body, text and json()', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.append('Set-Cookie', ['a=1', 'b=2']);
			res.append('X-List', 'one');
			res.append('X-List', 'two');
			res.status(201).json({ ok: true });
		});
		const res = await app.inject('/');
		assert.equal(res.statusCode, 201);
		assert.equal(res.status, 201);
		assert.equal(res.statusMessage, 'Created');
		assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2']);
		assert.equal(res.headers['x-list'], 'one, two');
		assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
		assert.ok(res.rawHeaders.includes('X-List'));
		assert.ok(Buffer.isBuffer(res.body));
		assert.equal(res.text, '{"ok":true}');
		assert.deepEqual(res.json(), { ok: true });
		assert.match(res.raw.toString('latin1'), /^HTTP\/1\.1 201 Created\r\n/);
	});

	test('json() throws a SyntaxError on a body that is not JSON', async () => {
		const app = velox();
		app.get('/', (_req, res) => res.send('<p>html</p>'));
		const res = await app.inject('/');
		assert.throws(() => res.json(), SyntaxError);
	});

	test('chunked responses are decoded, trailers kept; 204, 304 and HEAD have no body', async () => {
		const app = velox();
		app.get('/chunked', (_req, res) => {
			res.setHeader('Trailer', 'X-Sum');
			res.write('ab');
			res.write(Buffer.from('cd'));
			res.addTrailers({ 'X-Sum': '4' });
			res.end();
		});
		app.get('/none', (_req, res) => res.status(204).send('ignored'));
		app.get('/fresh', (_req, res) => res.send('cached body'));
		const chunked = await app.inject('/chunked');
		assert.equal(chunked.headers['transfer-encoding'], 'chunked');
		assert.equal(chunked.text, 'abcd');
		assert.deepEqual(chunked.trailers, { 'x-sum': '4' });
		assert.equal((await app.inject('/none')).body.length, 0);
		const first = await app.inject('/fresh');
		const etag = String(first.headers.etag);
		const notModified = await app.inject({ url: '/fresh', headers: { 'If-None-Match': etag } });
		assert.equal(notModified.statusCode, 304);
		assert.equal(notModified.body.length, 0);
		const head = await app.inject({ method: 'HEAD', url: '/fresh' });
		assert.equal(head.headers['content-length'], '11');
		assert.equal(head.body.length, 0);
	});

	test('informational responses (103 Early Hints) are skipped: the final response is resolved', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
			res.send('final');
		});
		const res = await app.inject('/');
		assert.equal(res.statusCode, 200);
		assert.equal(res.text, 'final');
	});

	test('compression: the body is the compressed bytes, as sent', async () => {
		const app = velox();
		app.use(compression({ threshold: 0 }));
		app.get('/', (_req, res) => res.send('x'.repeat(1000)));
		const res = await app.inject({ url: '/', headers: { 'Accept-Encoding': 'gzip' } });
		assert.equal(res.headers['content-encoding'], 'gzip');
		assert.ok(res.body.length < 100);
		assert.equal(zlib.gunzipSync(res.body).toString(), 'x'.repeat(1000));
	});

	test('static files and res.sendFile stream the file; Range requests work', async () => {
		const app = velox();
		app.use(velox.static(staticRoot));
		app.get('/send', (_req, res) => res.sendFile('hello.txt', { root: staticRoot }));
		const file = await app.inject('/hello.txt');
		const sent = await app.inject('/send');
		assert.equal(file.statusCode, 200);
		assert.equal(sent.text, file.text);
		// send 0.19 (mime 1) spells the charset in capitals, send 1 (mime-types 3, Velox 5) in lower case.
		assert.equal(sent.headers['content-type'], line === 5 ? 'text/plain; charset=utf-8' : 'text/plain; charset=UTF-8');
		const range = await app.inject({ url: '/hello.txt', headers: { Range: 'bytes=1-3' } });
		assert.equal(range.statusCode, 206);
		assert.equal(range.text, file.text.slice(1, 4));
		const redirect = await app.inject('/');
		assert.equal(redirect.statusCode, 200);
	});

	test('express-session: the session cookie carries state from one inject to the next', async () => {
		const app = velox();
		app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store: new session.MemoryStore() }));
		app.get('/count', (req, res) => {
			req.session.views = (req.session.views ?? 0) + 1;
			res.send('views: ' + req.session.views);
		});
		const first = await app.inject('/count');
		assert.equal(first.text, 'views: 1');
		const cookie = String((first.headers['set-cookie'] as string[])[0]).split(';')[0];
		assert.match(cookie, /^connect\.sid=s%3A/);
		const second = await app.inject({ url: '/count', headers: { cookie } });
		assert.equal(second.text, 'views: 2');
		assert.equal((await app.inject('/count')).text, 'views: 1');
	});

	test('helmet headers and redirects', async () => {
		const app = velox();
		app.use(helmet());
		app.get('/old', (_req, res) => res.redirect('/new'));
		const res = await app.inject('/old');
		assert.equal(res.statusCode, 302);
		assert.equal(res.headers.location, '/new');
		assert.equal(res.headers['x-content-type-options'], 'nosniff');
		assert.equal(res.headers['x-powered-by'], undefined);
	});

	test('the response emits finish then close; req.socket is there for middleware', async () => {
		const app = velox();
		const events: string[] = [];
		app.get('/', (req, res) => {
			assert.equal(typeof req.socket.setTimeout, 'function');
			assert.equal(req.socket, res.socket);
			res.on('finish', () => events.push('finish'));
			res.on('close', () => events.push('close'));
			res.end('ok');
		});
		await app.inject('/');
		await new Promise((resolve) => setImmediate(resolve));
		assert.deepEqual(events, ['finish', 'close']);
	});

	test('a response destroyed before it finishes rejects with ERR_INJECT_ABORTED', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.write('partial');
			res.destroy();
		});
		await assert.rejects(app.inject('/'), { code: 'ERR_INJECT_ABORTED' });
	});

	test('Connection: close on the request is honoured in the response', async () => {
		const app = velox();
		app.get('/', (_req, res) => res.end('ok'));
		assert.equal((await app.inject('/')).headers.connection, 'keep-alive');
		assert.equal((await app.inject({ url: '/', headers: { Connection: 'close' } })).headers.connection, 'close');
	});
});
