import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import mime from 'mime';
import request from 'supertest';
import velox from '../src/express';
import serveStatic from '../src/core/static';
import { send } from './helpers/client';
import { differential, FIXTURES, reportErrors } from './helpers/static';
import { listen } from './helpers/server';

function staticApp(options?: Record<string, unknown>) {
	const app = velox();
	app.use(velox.static(FIXTURES, options));
	return app;
}

describe('velox.static', () => {
	it('is the engine of src/static.ts (loaded on first call, see docs/design.md, Startup: deferred modules), with the mime v1 module Express exposes', () => {
		assert.equal(velox.static.name, serveStatic.name);
		assert.equal(velox.static.length, serveStatic.length);
		assert.deepEqual(Object.keys(velox.static), Object.keys(serveStatic));
		assert.equal(velox.static.mime, mime);
		assert.equal(velox.static.mime.lookup('a.html'), 'text/html');
		assert.equal(velox.static.mime.lookup('css'), 'text/css');
		assert.equal(velox.static.mime.extension('application/json'), 'json');
		assert.equal(velox.static.mime.charsets.lookup('text/plain', ''), 'UTF-8');
	});

	it('serves a file with Content-Type, Content-Length, ETag, Last-Modified, Cache-Control and Accept-Ranges', async () => {
		const res = await request(staticApp()).get('/hello.txt').expect(200);
		assert.equal(res.text, 'hello, world');
		assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
		assert.equal(res.headers['content-length'], '12');
		assert.match(res.headers.etag, /^W\/"c-[0-9a-f]+"$/);
		assert.ok(!Number.isNaN(Date.parse(res.headers['last-modified'])));
		assert.equal(res.headers['cache-control'], 'public, max-age=0');
		assert.equal(res.headers['accept-ranges'], 'bytes');
	});

	it('gives the charset of text types only', async () => {
		const app = staticApp();
		assert.equal((await request(app).get('/todo.json')).headers['content-type'], 'application/json; charset=UTF-8');
		assert.equal((await request(app).get('/data.xyzunknown')).headers['content-type'], 'application/octet-stream');
	});

	it('uses types defined through velox.static.mime.define', async () => {
		velox.static.mime.define({ 'application/x-velox-test': ['xyzunknown'] });
		try {
			const res = await request(staticApp()).get('/data.xyzunknown').expect(200);
			assert.equal(res.headers['content-type'], 'application/x-velox-test');
		} finally {
			delete (velox.static.mime as unknown as { types: Record<string, string> }).types.xyzunknown;
		}
	});

	it('keeps a Content-Type set by an earlier middleware', async () => {
		const app = velox();
		app.use((_req, res, next) => {
			res.setHeader('Content-Type', 'text/x-custom');
			next();
		});
		app.use(velox.static(FIXTURES));
		assert.equal((await request(app).get('/hello.txt')).headers['content-type'], 'text/x-custom');
	});

	it('serves an empty file with Content-Length 0', async () => {
		const res = await request(staticApp()).get('/empty.txt').expect(200);
		assert.equal(res.headers['content-length'], '0');
		assert.equal(res.text, '');
	});

	it('answers HEAD with the headers and no body', async () => {
		const running = await listen(staticApp());
		try {
			const res = await send(running.port, { method: 'HEAD', path: '/hello.txt' });
			assert.equal(res.status, 200);
			assert.equal(res.headers['content-length'], '12');
			assert.equal(res.bytes.length, 0);
		} finally {
			await running.close();
		}
	});

	it('passes other methods on to the next handler', async () => {
		const app = staticApp();
		app.post('/hello.txt', (_req, res) => res.end('posted'));
		assert.equal((await request(app).post('/hello.txt').expect(200)).text, 'posted');
		await request(app).delete('/hello.txt').expect(404);
	});

	it('serves index.html for a directory URL with a trailing slash', async () => {
		assert.equal((await request(staticApp()).get('/users/').expect(200)).text, '<p>tobi</p>');
		assert.equal((await request(staticApp()).get('/').expect(200)).text, '<p>index</p>');
	});

	it('redirects a directory without the slash with a 301 and a small HTML body', async () => {
		const res = await request(staticApp()).get('/users?x=1').expect(301);
		assert.equal(res.headers.location, '/users/?x=1');
		assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8');
		assert.equal(res.headers['content-security-policy'], "default-src 'none'");
		assert.equal(res.headers['x-content-type-options'], 'nosniff');
		assert.equal(
			res.text,
			'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n<pre>Redirecting to /users/?x=1</pre>\n</body>\n</html>\n',
		);
	});

	it('redirects the mount point itself to its trailing-slash URL', async () => {
		const app = velox();
		app.use('/static', velox.static(FIXTURES));
		const res = await request(app).get('/static').expect(301);
		assert.equal(res.headers.location, '/static/');
		assert.equal((await request(app).get('/static/').expect(200)).text, '<p>index</p>');
		assert.equal((await request(app).get('/static/hello.txt').expect(200)).text, 'hello, world');
	});

	it('calls next() for a missing file', async () => {
		const app = staticApp();
		app.use((_req, res) => res.end('after'));
		assert.equal((await request(app).get('/missing.txt').expect(200)).text, 'after');
	});

	it('throws on a missing or non-string root and a non-function setHeaders, as serve-static', () => {
		assert.throws(() => serveStatic(''), { name: 'TypeError', message: 'root path required' });
		assert.throws(() => serveStatic(42 as unknown as string), { name: 'TypeError', message: 'root path must be a string' });
		assert.throws(() => serveStatic(FIXTURES, { setHeaders: 'x' as never }), { name: 'TypeError', message: 'option setHeaders must be function' });
	});

	it('matches express.static for the everyday requests', async () => {
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES));
				kit.app.use(reportErrors);
			},
			[
				{ path: '/hello.txt' },
				{ path: '/' },
				{ path: '/users' },
				{ path: '/users/' },
				{ path: '/users?a=b' },
				{ path: '/users/tobi.txt' },
				{ path: '/pets' },
				{ path: '/pets/' },
				{ path: '/nope' },
				{ path: '/empty.txt' },
				{ path: '/todo.json' },
				{ path: '/data.xyzunknown' },
				{ path: '/snow%20%E2%98%83' },
				{ path: '/snow%20%E2%98%83/' },
				{ path: '/hello.txt/' },
				{ path: '/hello.txt/x' },
				{ path: '/ext.html' },
				{ method: 'HEAD', path: '/hello.txt' },
				{ method: 'HEAD', path: '/users' },
				{ method: 'POST', path: '/hello.txt' },
				{ method: 'OPTIONS', path: '/hello.txt' },
			],
		);
	});

	it('matches express.static when mounted, with fallthrough off', async () => {
		await differential(
			(kit) => {
				kit.app.use('/static', kit.serveStatic(FIXTURES, { fallthrough: false }));
				kit.app.use(reportErrors);
			},
			[
				{ path: '/static' },
				{ path: '/static?x=1' },
				{ path: '/static/' },
				{ path: '/static/hello.txt' },
				{ path: '/static/nope' },
				{ path: '/static/users' },
				{ path: '/static/pets/' },
				{ method: 'POST', path: '/static/hello.txt' },
				{ method: 'PUT', path: '/static/nope' },
			],
		);
	});
});
