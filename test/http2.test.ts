/**
 * HTTP/2 through node's compatibility API: `http2.createServer(app)` (h2c)
 * and `http2.createSecureServer({ allowHTTP1: true, key, cert }, app)`, with
 * node's own http2 client, and HTTP/1.1 clients on the same TLS server.
 * (express@4 crashes on HTTP/2 requests, so there is no differential reference.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import https from 'node:https';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
type Res = Response;
import velox from '../src/express';
import { line } from './helpers/line-syntax';
import { closeSession, connectH2, h2request, NO_OPENSSL, selfSigned } from './http2.helpers';
import { close, listen } from './helpers/server';
import { FIXTURES } from './helpers/static';

const CONNECTION_SPECIFIC = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

function assertNoConnectionHeaders(headers: http2.IncomingHttpHeaders): void {
	for (const name of CONNECTION_SPECIFIC) assert.equal(headers[name], undefined, name + ' must not be sent on HTTP/2');
}

let views = '';

function fullApp() {
	const app = velox();
	app.set('env', 'test');
	app.set('views', views);
	app.engine('tpl', (path: string, options: object, callback: (err: Error | null, html?: string) => void) => {
		callback(null, '<h1>' + String((options as { title?: string }).title) + '</h1> from ' + path.slice(-8));
	});
	app.get('/info/:id', (req: Request, res: Response) => {
		res.json({
			id: req.params.id,
			protocol: req.protocol,
			secure: req.secure,
			hostname: req.hostname,
			host: req.get('host'),
			ip: req.ip,
			httpVersion: req.httpVersion,
			method: req.method,
			path: req.path,
			url: req.url,
			originalUrl: req.originalUrl,
			query: req.query,
			accept: req.get('Accept'),
			xhr: req.xhr,
			acceptsJson: req.accepts('json'),
		});
	});
	app.get('/etag', (_req: Request, res: Response) => {
		res.send('tagged body');
	});
	app.post('/json', velox.json(), (req: Request, res: Response) => {
		res.json({ got: req.body });
	});
	app.post('/form', velox.urlencoded({ extended: true }), (req: Request, res: Response) => {
		res.json({ got: req.body });
	});
	app.post('/small', velox.text({ limit: 10 }), (req: Request, res: Response) => {
		res.send('got ' + String(req.body));
	});
	app.use('/static', velox.static(FIXTURES));
	app.get('/file', (_req: Request, res: Response) => {
		res.sendFile(join(FIXTURES, 'hello.txt'));
	});
	app.get('/go', (_req: Request, res: Response) => {
		res.redirect('/info/redirected');
	});
	app.get('/cookie', (_req: Request, res: Response) => {
		res.cookie('a', '1', { httpOnly: true }).cookie('b', { x: 2 }).send('ok');
	});
	app.get('/format', (_req: Request, res: Response) => {
		res.format({
			text: () => res.send('text'),
			json: () => res.json({ format: 'json' }),
		});
	});
	app.get('/view', (_req: Request, res: Response) => {
		res.render('page.tpl', { title: 'h2 view' });
	});
	app.get('/boom', () => {
		throw Object.assign(new Error('boom'), { status: 418 });
	});
	app.get('/async-boom', async () => {
		throw new Error('async boom');
	});
	app.get('/connection-headers', (_req: Request, res: Response) => {
		res.set('Connection', 'keep-alive').set('Keep-Alive', 'timeout=5').set('Transfer-Encoding', 'chunked').set('Proxy-Connection', 'keep-alive');
		res.append('Upgrade', 'websocket').set('HTTP2-Settings', 'AAMAAABkAAQAAP__');
		res.send('no connection headers');
	});
	app.get('/write-head', (_req: Request, res: Response) => {
		res.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close', 'Transfer-Encoding': 'chunked', 'X-Kept': 'yes' });
		res.end('head written');
	});
	app.get('/write-head-message', (_req: Request, res: Response) => {
		res.writeHead(200, 'Fine', { 'Content-Type': 'text/plain', Upgrade: 'h2c', 'Keep-Alive': 'timeout=5', 'X-Kept': 'yes' });
		res.end('head with a message');
	});
	app.get('/write-head-array', (_req: Request, res: Response) => {
		res.writeHead(200, ['Content-Type', 'text/plain', 'Keep-Alive', 'timeout=5', 'X-Kept', 'yes']);
		res.end('array head');
	});
	app.get('/stream', (_req: Request, res: Response) => {
		res.type('txt');
		res.write('part 1 ');
		setTimeout(() => res.end('part 2'), 10);
	});
	const admin = velox();
	admin.get('/who', (req: Request, res: Response) => {
		res.json({ baseUrl: req.baseUrl, url: req.url, originalUrl: req.originalUrl, hostname: req.hostname, sameApp: (req.app as unknown) === admin });
	});
	app.use('/admin', admin);
	const router = velox.Router();
	router.get('/:name', (req: Request, res: Response) => {
		res.send('router ' + req.params.name + ' ' + req.baseUrl);
	});
	app.use('/r', router);
	app.get('/after-mount', (req: Request, res: Response) => {
		res.json({ sameApp: (req.app as unknown) === app });
	});
	app.use('/admin', (req: Request, res: Response) => {
		res.json({ backInParent: (req.app as unknown) === app, url: req.url });
	});
	app.use((err: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
		if (err.message === 'async boom') return res.status(500).json({ caught: err.message });
		next(err);
	});
	return app;
}

const warnings: Error[] = [];
function onWarning(warning: Error): void {
	warnings.push(warning);
}

before(() => {
	views = mkdtempSync(join(tmpdir(), 'velox-h2-views-'));
	writeFileSync(join(views, 'page.tpl'), 'unused');
	process.on('warning', onWarning);
});

after(() => {
	rmSync(views, { recursive: true, force: true });
	process.off('warning', onWarning);
});

describe('HTTP/2 cleartext (h2c): http2.createServer(app)', () => {
	let server: http2.Http2Server;
	let session: http2.ClientHttp2Session;
	let port = 0;

	before(async () => {
		server = http2.createServer(fullApp());
		({ port } = await listen(server));
		session = await connectH2('http://127.0.0.1:' + port);
	});

	after(async () => {
		await closeSession(session);
		await close(server);
	});

	test('routing and the request members: protocol, secure, hostname and req.get("host") from :authority, ip, path, query', async () => {
		const res = await h2request(session, {
			':path': '/info/42?q=1&tags[]=a',
			':authority': 'example.test:8443',
			accept: 'application/json',
			'x-requested-with': 'XMLHttpRequest',
		});
		assert.equal(res.status, 200);
		assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8$/);
		assert.equal(res.headers['x-powered-by'], 'Velox');
		assert.ok(res.headers.etag);
		assertNoConnectionHeaders(res.headers);
		const info = JSON.parse(res.text);
		assert.deepEqual(info, {
			id: '42',
			protocol: 'http',
			secure: false,
			hostname: 'example.test',
			host: 'example.test:8443',
			ip: info.ip,
			httpVersion: '2.0',
			method: 'GET',
			path: '/info/42',
			url: '/info/42?q=1&tags[]=a',
			originalUrl: '/info/42?q=1&tags[]=a',
			// Express 5's default query parser is `simple`: no nesting (npm run test:line5).
			query: line === 5 ? { q: '1', 'tags[]': 'a' } : { q: '1', tags: ['a'] },
			accept: 'application/json',
			xhr: true,
			acceptsJson: 'json',
		});
		assert.match(String(info.ip), /127\.0\.0\.1$/);
	});

	test('a Host header, when the client sends one, is what req.hostname reads', async () => {
		const res = await h2request(session, { ':path': '/info/1', host: 'from-host.test' });
		assert.equal(JSON.parse(res.text).hostname, 'from-host.test');
	});

	test('trust proxy: X-Forwarded-Proto / X-Forwarded-Host / X-Forwarded-For as on HTTP/1', async () => {
		const app = fullApp();
		app.set('trust proxy', 'loopback');
		const trusted = http2.createServer(app);
		const { port: trustedPort } = await listen(trusted);
		const client = await connectH2('http://127.0.0.1:' + trustedPort);
		try {
			const res = await h2request(client, {
				':path': '/info/1',
				'x-forwarded-proto': 'https',
				'x-forwarded-host': 'proxy.test',
				'x-forwarded-for': '203.0.113.7',
			});
			const info = JSON.parse(res.text);
			assert.equal(info.protocol, 'https');
			assert.equal(info.secure, true);
			assert.equal(info.hostname, 'proxy.test');
			assert.equal(info.ip, '203.0.113.7');
		} finally {
			await closeSession(client);
			await close(trusted);
		}
	});

	test('res.send: ETag and conditional GET (req.fresh) answer 304', async () => {
		const first = await h2request(session, { ':path': '/etag' });
		assert.equal(first.status, 200);
		assert.equal(first.text, 'tagged body');
		assert.equal(first.headers['content-length'], '11');
		const second = await h2request(session, { ':path': '/etag', 'if-none-match': String(first.headers.etag) });
		assert.equal(second.status, 304);
		assert.equal(second.text, '');
	});

	test('body parsers: json, urlencoded, text with its limit (413 arrives, without Connection: close)', async () => {
		const json = await h2request(session, { ':method': 'POST', ':path': '/json', 'content-type': 'application/json' }, '{"a":[1,2]}');
		assert.deepEqual(JSON.parse(json.text), { got: { a: [1, 2] } });
		const form = await h2request(session, { ':method': 'POST', ':path': '/form', 'content-type': 'application/x-www-form-urlencoded' }, 'a[b]=c&d=e');
		assert.deepEqual(JSON.parse(form.text), { got: { a: { b: 'c' }, d: 'e' } });
		const small = await h2request(session, { ':method': 'POST', ':path': '/small', 'content-type': 'text/plain' }, 'tiny');
		assert.equal(small.text, 'got tiny');
		const big = await h2request(session, { ':method': 'POST', ':path': '/small', 'content-type': 'text/plain' }, 'x'.repeat(5000));
		assert.equal(big.status, 413);
		assertNoConnectionHeaders(big.headers);
		const bad = await h2request(session, { ':method': 'POST', ':path': '/json', 'content-type': 'application/json' }, '{nope');
		assert.equal(bad.status, 400);
		// The session survives all of that.
		assert.equal((await h2request(session, { ':path': '/etag' })).status, 200);
	});

	test('velox.static: file, HEAD, ranges, conditional GET, directory redirect, 404 through to the final handler', async () => {
		const file = await h2request(session, { ':path': '/static/hello.txt' });
		assert.equal(file.status, 200);
		assert.equal(file.text, 'hello, world');
		assert.match(String(file.headers['content-type']), /^text\/plain/);
		assert.equal(file.headers['accept-ranges'], 'bytes');
		assertNoConnectionHeaders(file.headers);
		const head = await h2request(session, { ':method': 'HEAD', ':path': '/static/hello.txt' });
		assert.equal(head.status, 200);
		assert.equal(head.headers['content-length'], '12');
		assert.equal(head.text, '');
		const range = await h2request(session, { ':path': '/static/hello.txt', range: 'bytes=0-4' });
		assert.equal(range.status, 206);
		assert.equal(range.text, 'hello');
		assert.equal(range.headers['content-range'], 'bytes 0-4/12');
		const unsatisfiable = await h2request(session, { ':path': '/static/hello.txt', range: 'bytes=100-200' });
		assert.equal(unsatisfiable.status, 416);
		const cached = await h2request(session, { ':path': '/static/hello.txt', 'if-none-match': String(file.headers.etag) });
		assert.equal(cached.status, 304);
		const since = await h2request(session, { ':path': '/static/hello.txt', 'if-modified-since': String(file.headers['last-modified']) });
		assert.equal(since.status, 304);
		const missing = await h2request(session, { ':path': '/static/nope.txt' });
		assert.equal(missing.status, 404);
		assert.match(missing.text, /Cannot GET \/static\/nope\.txt/);
	});

	test('res.sendFile: whole file and a range', async () => {
		const whole = await h2request(session, { ':path': '/file' });
		assert.equal(whole.status, 200);
		assert.equal(whole.text, 'hello, world');
		const part = await h2request(session, { ':path': '/file', range: 'bytes=7-' });
		assert.equal(part.status, 206);
		assert.equal(part.text, 'world');
	});

	test('redirects, cookies, res.format, views', async () => {
		const redirect = await h2request(session, { ':path': '/go' });
		assert.equal(redirect.status, 302);
		assert.equal(redirect.headers.location, '/info/redirected');
		assert.match(redirect.text, /Redirecting to/);
		const cookies = await h2request(session, { ':path': '/cookie' });
		assert.deepEqual(cookies.headers['set-cookie'], ['a=1; Path=/; HttpOnly', 'b=j%3A%7B%22x%22%3A2%7D; Path=/']);
		const text = await h2request(session, { ':path': '/format', accept: 'text/plain' });
		assert.equal(text.text, 'text');
		assert.equal(text.headers.vary, 'Accept');
		const json = await h2request(session, { ':path': '/format', accept: 'application/json' });
		assert.deepEqual(JSON.parse(json.text), { format: 'json' });
		const none = await h2request(session, { ':path': '/format', accept: 'image/png' });
		assert.equal(none.status, 406);
		const view = await h2request(session, { ':path': '/view' });
		assert.equal(view.text, '<h1>h2 view</h1> from page.tpl');
	});

	test('the final handler: 404, a thrown error with its status, an async rejection to an error handler', async () => {
		const notFound = await h2request(session, { ':path': '/nowhere', ':method': 'DELETE' });
		assert.equal(notFound.status, 404);
		assert.match(notFound.text, /Cannot DELETE \/nowhere/);
		assert.equal(notFound.headers['content-security-policy'], "default-src 'none'");
		assertNoConnectionHeaders(notFound.headers);
		const thrown = await h2request(session, { ':path': '/boom' });
		assert.equal(thrown.status, 418);
		const rejected = await h2request(session, { ':path': '/async-boom' });
		assert.deepEqual(JSON.parse(rejected.text), { caught: 'async boom' });
	});

	test('connection-specific headers set by the app are never sent (res.set, res.append, writeHead object and array), without a warning', async () => {
		const before = warnings.length;
		const set = await h2request(session, { ':path': '/connection-headers' });
		assert.equal(set.status, 200);
		assert.equal(set.text, 'no connection headers');
		assertNoConnectionHeaders(set.headers);
		const head = await h2request(session, { ':path': '/write-head' });
		assert.equal(head.text, 'head written');
		assert.equal(head.headers['x-kept'], 'yes');
		assertNoConnectionHeaders(head.headers);
		const array = await h2request(session, { ':path': '/write-head-array' });
		assert.equal(array.text, 'array head');
		assert.equal(array.headers['x-kept'], 'yes');
		assertNoConnectionHeaders(array.headers);
		assert.equal(warnings.length, before, warnings.map(String).join('\n'));
		// With a status message (which node warns HTTP/2 has no place for), the headers are the third argument.
		const message = await h2request(session, { ':path': '/write-head-message' });
		assert.equal(message.text, 'head with a message');
		assert.equal(message.headers['x-kept'], 'yes');
		assert.equal(message.headers['http2-settings'], undefined);
		assertNoConnectionHeaders(message.headers);
	});

	test('a streamed response (res.write then res.end)', async () => {
		const res = await h2request(session, { ':path': '/stream' });
		assert.equal(res.text, 'part 1 part 2');
	});

	test('mounted apps and routers: req.app, baseUrl and url inside, the parent prototypes back after', async () => {
		const who = await h2request(session, { ':path': '/admin/who?x=1' });
		assert.deepEqual(JSON.parse(who.text), { baseUrl: '/admin', url: '/who?x=1', originalUrl: '/admin/who?x=1', hostname: '127.0.0.1', sameApp: true });
		const fallthrough = await h2request(session, { ':path': '/admin/other' });
		assert.deepEqual(JSON.parse(fallthrough.text), { backInParent: true, url: '/other' });
		const routed = await h2request(session, { ':path': '/r/tobi' });
		assert.equal(routed.text, 'router tobi /r');
		const after = await h2request(session, { ':path': '/after-mount' });
		assert.deepEqual(JSON.parse(after.text), { sameApp: true });
	});

	test('HTTP/2 and HTTP/1 requests to the same app do not share prototypes', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/', (req: Request, res: Response) => {
			res.json({ version: req.httpVersion, hostname: req.hostname });
		});
		const h1 = (await import('node:http')).createServer(app);
		const h2 = http2.createServer(app);
		const { port: p1 } = await listen(h1);
		const { port: p2 } = await listen(h2);
		const client = await connectH2('http://127.0.0.1:' + p2);
		try {
			for (let i = 0; i < 3; i++) {
				const two = await h2request(client, { ':path': '/' });
				assert.deepEqual(JSON.parse(two.text), { version: '2.0', hostname: '127.0.0.1' });
				const one = await fetch('http://127.0.0.1:' + p1 + '/');
				assert.deepEqual(await one.json(), { version: '1.1', hostname: '127.0.0.1' });
			}
		} finally {
			await closeSession(client);
			await close(h2);
			h1.closeAllConnections();
			await close(h1);
		}
	});
});

describe('HTTP/2 request and response objects', () => {
	test("node's HTTP/2 classes with Velox members; members added to velox.request / app.request before the first HTTP/2 request are there, later ones are not", async () => {
		const app = velox();
		app.set('env', 'test');
		const veloxRequest = velox.request as unknown as Record<string, unknown>;
		const veloxResponse = velox.response as unknown as Record<string, unknown>;
		veloxRequest.fromVelox = function fromVelox() {
			return 'velox.request';
		};
		(app.request as unknown as Record<string, unknown>).fromApp = 'app.request';
		(app.response as unknown as Record<string, unknown>).shout = function shout(this: Res, text: string) {
			return this.send(text.toUpperCase());
		};
		app.get('/', (req: Request, res: Response) => {
			const r = req as unknown as Record<string, unknown>;
			res.json({
				h2Request: req instanceof http2.Http2ServerRequest,
				h2Response: res instanceof http2.Http2ServerResponse,
				incomingMessage: req instanceof IncomingMessage,
				fromVelox: typeof r.fromVelox === 'function' ? (r.fromVelox as () => string)() : null,
				fromApp: r.fromApp ?? null,
				late: r.late ?? null,
			});
		});
		app.get('/shout', (_req: Request, res: Response) => {
			(res as unknown as { shout(text: string): void }).shout('loud');
		});
		const server = http2.createServer(app as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
		const { port } = await listen(server);
		const session = await connectH2('http://127.0.0.1:' + port);
		try {
			const first = JSON.parse((await h2request(session, { ':path': '/' })).text);
			assert.deepEqual(first, { h2Request: true, h2Response: true, incomingMessage: false, fromVelox: 'velox.request', fromApp: 'app.request', late: null });
			(app.request as unknown as Record<string, unknown>).late = 'added later';
			const second = JSON.parse((await h2request(session, { ':path': '/' })).text);
			assert.equal(second.late, null);
			assert.equal((await h2request(session, { ':path': '/shout' })).text, 'LOUD');
		} finally {
			delete veloxRequest.fromVelox;
			delete veloxResponse.shout;
			await closeSession(session);
			await close(server);
		}
	});

	test('a request body without Content-Length is marked transfer-encoding: chunked; one with Content-Length, or none, is left alone', async () => {
		const app = velox();
		app.set('env', 'test');
		app.all('/headers', (req: Request, res: Response) => {
			req.resume();
			req.on('end', () => res.json({ te: req.headers['transfer-encoding'] ?? null, length: req.headers['content-length'] ?? null }));
		});
		const server = http2.createServer(app as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
		const { port } = await listen(server);
		const session = await connectH2('http://127.0.0.1:' + port);
		try {
			const chunked = await h2request(session, { ':method': 'POST', ':path': '/headers' }, 'body');
			assert.deepEqual(JSON.parse(chunked.text), { te: 'chunked', length: null });
			const sized = await h2request(session, { ':method': 'POST', ':path': '/headers', 'content-length': '4' }, 'body');
			assert.deepEqual(JSON.parse(sized.text), { te: null, length: '4' });
			const none = await h2request(session, { ':path': '/headers' });
			assert.deepEqual(JSON.parse(none.text), { te: null, length: null });
		} finally {
			await closeSession(session);
			await close(server);
		}
	});
});

describe('no HTTP/2 request takes the process down', () => {
	test('an app without routes answers 404; an app used as middleware in another', async () => {
		const empty = http2.createServer(velox());
		const { port } = await listen(empty);
		const client = await connectH2('http://127.0.0.1:' + port);
		try {
			const res = await h2request(client, { ':path': '/x' });
			assert.equal(res.status, 404);
			assert.match(res.text, /Cannot GET \/x/);
		} finally {
			await closeSession(client);
			await close(empty);
		}
	});

	test('streams reset by the client mid-body and mid-response, then more requests on the same server', async () => {
		const app = velox();
		app.set('env', 'test');
		app.post('/upload', velox.raw({ limit: '10mb' }), (req: Request, res: Response) => {
			res.send('got ' + (req.body as Buffer).length);
		});
		app.get('/slow', (_req: Request, res: Response) => {
			res.write('x'.repeat(1000));
			setTimeout(() => {
				res.write('more');
				res.end('end');
			}, 50);
		});
		app.get('/late', (_req: Request, res: Response) => {
			setTimeout(() => {
				res.set('Connection', 'close').send('late');
			}, 50);
		});
		app.get('/ok', (_req: Request, res: Response) => {
			res.send('ok');
		});
		const server = http2.createServer(app);
		const { port } = await listen(server);
		const client = await connectH2('http://127.0.0.1:' + port);
		try {
			const upload = client.request(
				{ ':method': 'POST', ':path': '/upload', 'content-type': 'application/octet-stream', 'content-length': '100000' },
				{ endStream: false },
			);
			upload.on('error', () => {});
			upload.write(Buffer.alloc(1000));
			await new Promise((resolve) => setTimeout(resolve, 20));
			upload.close(http2.constants.NGHTTP2_CANCEL);
			for (const path of ['/slow', '/late']) {
				const stream = client.request({ ':path': path });
				stream.on('error', () => {});
				stream.on('response', () => stream.close(http2.constants.NGHTTP2_CANCEL));
				if (path === '/late') setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), 10);
			}
			await new Promise((resolve) => setTimeout(resolve, 150));
			const ok = await h2request(client, { ':path': '/ok' });
			assert.equal(ok.text, 'ok');
			const other = await connectH2('http://127.0.0.1:' + port);
			other.destroy();
			const again = await h2request(client, { ':path': '/ok' });
			assert.equal(again.text, 'ok');
		} finally {
			await closeSession(client);
			await close(server);
		}
	});
});

describe('HTTP/2 over TLS with allowHTTP1: http2.createSecureServer', { skip: NO_OPENSSL }, () => {
	let server: http2.Http2SecureServer;
	let port = 0;
	let cert: Buffer;

	before(async () => {
		if (NO_OPENSSL) return;
		const pair = selfSigned();
		cert = pair.cert;
		server = http2.createSecureServer(
			{ allowHTTP1: true, key: pair.key, cert: pair.cert },
			fullApp() as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
		);
		({ port } = await listen(server));
	});

	after(async () => {
		if (server) await close(server);
	});

	test('an HTTP/2 client: req.protocol https, req.secure, :authority hostname, cookies, static range', async () => {
		const session = await connectH2('https://localhost:' + port, { ca: cert });
		try {
			const res = await h2request(session, { ':path': '/info/7' });
			const info = JSON.parse(res.text);
			assert.equal(info.protocol, 'https');
			assert.equal(info.secure, true);
			assert.equal(info.hostname, 'localhost');
			assert.equal(info.host, 'localhost:' + port);
			assert.equal(info.httpVersion, '2.0');
			assertNoConnectionHeaders(res.headers);
			const range = await h2request(session, { ':path': '/static/hello.txt', range: 'bytes=-5' });
			assert.equal(range.status, 206);
			assert.equal(range.text, 'world');
			const cookies = await h2request(session, { ':path': '/cookie' });
			assert.equal(cookies.headers['set-cookie']?.length, 2);
		} finally {
			await closeSession(session);
		}
	});

	test('an HTTP/1.1 client on the same server (keep-alive, two requests on one connection)', async () => {
		const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca: cert });
		try {
			const get = (path: string): Promise<{ status: number; body: string; headers: Record<string, unknown>; socket: unknown }> =>
				new Promise((resolve, reject) => {
					const req = https.request({ host: 'localhost', port, path, agent }, (res) => {
						let body = '';
						res.setEncoding('utf8');
						res.on('data', (c: string) => {
							body += c;
						});
						res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, socket: req.socket }));
					});
					req.on('error', reject);
					req.end();
				});
			const first = await get('/info/1?x=y');
			const info = JSON.parse(first.body);
			assert.equal(info.httpVersion, '1.1');
			assert.equal(info.protocol, 'https');
			assert.equal(info.secure, true);
			assert.equal(info.hostname, 'localhost');
			assert.deepEqual(info.query, { x: 'y' });
			assert.equal(first.headers['x-powered-by'], 'Velox');
			const second = await get('/cookie');
			assert.equal(second.body, 'ok');
			assert.equal((second.headers['set-cookie'] as string[]).length, 2);
			const file = await get('/static/hello.txt');
			assert.equal(file.body, 'hello, world');
			assert.equal(first.socket, file.socket, 'the keep-alive connection is reused');
		} finally {
			agent.destroy();
		}
	});
});
