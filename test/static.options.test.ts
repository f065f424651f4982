import assert from 'node:assert/strict';
import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { parseMaxAge } from '../src/core/send/config';
import { differential, FIXTURES, reportErrors } from './helpers/static';

function staticApp(options?: Record<string, unknown>) {
	const app = velox();
	app.use(velox.static(FIXTURES, options));
	app.use(reportErrors as never);
	return app;
}

describe('velox.static options', () => {
	describe('dotfiles', () => {
		it('by default ignores a dotfile (next) but serves files inside a dot-directory', async () => {
			await request(staticApp()).get('/.hidden').expect(404);
			assert.equal((await request(staticApp()).get('/.mine/name.txt').expect(200)).text, 'mine');
			assert.equal((await request(staticApp()).get('/sub/.config/app.txt').expect(200)).text, 'conf');
		});

		it("'allow' serves dotfiles", async () => {
			// No extension: application/octet-stream, which supertest buffers into res.body.
			const res = await request(staticApp({ dotfiles: 'allow' }))
				.get('/.hidden')
				.expect(200);
			assert.equal(String(res.body), 'secret');
		});

		it("'deny' gives 403, to next() with fallthrough and to next(err) without", async () => {
			await request(staticApp({ dotfiles: 'deny' }))
				.get('/.hidden')
				.expect(404);
			const res = await request(staticApp({ dotfiles: 'deny', fallthrough: false }))
				.get('/.mine/name.txt')
				.expect(599);
			assert.equal(res.body.status, 403);
			assert.equal(res.body.message, 'Forbidden');
			assert.equal(res.body.expose, true);
		});

		it("'ignore' gives 404 even inside a dot-directory", async () => {
			const res = await request(staticApp({ dotfiles: 'ignore', fallthrough: false }))
				.get('/.mine/name.txt')
				.expect(599);
			assert.equal(res.body.status, 404);
		});

		it('an invalid value reaches next(err) on each GET, as Express reports it', async () => {
			const res = await request(staticApp({ dotfiles: 'bogus' }))
				.get('/hello.txt')
				.expect(599);
			assert.equal(res.body.message, 'dotfiles option must be "allow", "deny", or "ignore"');
		});

		it('matches express.static for each value', async () => {
			for (const dotfiles of [undefined, 'allow', 'deny', 'ignore']) {
				await differential(
					(kit) => {
						kit.app.use(kit.serveStatic(FIXTURES, { dotfiles, fallthrough: false }));
						kit.app.use(reportErrors);
					},
					[{ path: '/.hidden' }, { path: '/.mine/name.txt' }, { path: '/.mine/' }, { path: '/.mine' }, { path: '/sub/.config/app.txt' }, { path: '/.nothing' }],
				);
			}
		});
	});

	it('the deprecated hidden option still selects the legacy dotfile handling', async () => {
		const res = await request(staticApp({ hidden: true }))
			.get('/.hidden')
			.expect(200);
		assert.equal(String(res.body), 'secret');
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { hidden: false, fallthrough: false }));
				kit.app.use(reportErrors);
			},
			[{ path: '/.hidden' }, { path: '/.mine/name.txt' }],
		);
	});

	it('etag: false sends no ETag', async () => {
		const res = await request(staticApp({ etag: false }))
			.get('/hello.txt')
			.expect(200);
		assert.equal(res.headers.etag, undefined);
	});

	it('extensions: tries each extension in order and skips directories', async () => {
		const app = staticApp({ extensions: ['html', 'txt'] });
		assert.equal((await request(app).get('/about').expect(200)).text, '<p>about</p>');
		assert.equal((await request(app).get('/ext').expect(200)).text, 'ext');
		await request(app).get('/nothing').expect(404);
		assert.equal(
			(
				await request(staticApp({ extensions: 'txt' }))
					.get('/hello')
					.expect(200)
			).text,
			'hello, world',
		);
	});

	it('extensions: a non-string entry is reported as Express does', async () => {
		const res = await request(staticApp({ extensions: [1] }))
			.get('/hello.txt')
			.expect(599);
		assert.equal(res.body.message, 'extensions option must be array of strings or false');
	});

	it('fallthrough: false sends a 404 error to next(err) and answers other methods with 405', async () => {
		const app = staticApp({ fallthrough: false });
		const res = await request(app).get('/missing.txt').expect(599);
		assert.equal(res.body.status, 404);
		assert.equal(res.body.code, 'ENOENT');
		assert.equal(res.body.expose, false);
		const post = await request(app).post('/hello.txt').expect(405);
		assert.equal(post.headers.allow, 'GET, HEAD');
		assert.equal(post.headers['content-length'], '0');
	});

	it('immutable adds the directive to Cache-Control', async () => {
		const res = await request(staticApp({ immutable: true, maxAge: '1d' })).get('/hello.txt');
		assert.equal(res.headers['cache-control'], 'public, max-age=86400, immutable');
	});

	it('index: a string, an array, or false', async () => {
		await request(staticApp({ index: 'tobi.txt' }))
			.get('/users/')
			.expect(200, 'tobi');
		await request(staticApp({ index: ['missing.html', 'tobi.txt'] }))
			.get('/users/')
			.expect(200, 'tobi');
		await request(staticApp({ index: false }))
			.get('/users/')
			.expect(404);
		const res = await request(staticApp({ index: false, fallthrough: false }))
			.get('/users/')
			.expect(599);
		assert.equal(res.body.status, 404);
	});

	it('lastModified: false sends no Last-Modified', async () => {
		const res = await request(staticApp({ lastModified: false })).get('/hello.txt');
		assert.equal(res.headers['last-modified'], undefined);
	});

	it('maxAge: milliseconds or a duration string, clamped to a year', async () => {
		assert.equal((await request(staticApp({ maxAge: 1500 })).get('/hello.txt')).headers['cache-control'], 'public, max-age=1');
		assert.equal((await request(staticApp({ maxAge: '2h' })).get('/hello.txt')).headers['cache-control'], 'public, max-age=7200');
		assert.equal((await request(staticApp({ maxage: '10s' })).get('/hello.txt')).headers['cache-control'], 'public, max-age=10');
		assert.equal((await request(staticApp({ maxAge: '5y' })).get('/hello.txt')).headers['cache-control'], 'public, max-age=31536000');
		assert.equal(parseMaxAge('nonsense'), 0);
		assert.equal(parseMaxAge(-5), 0);
		assert.equal(parseMaxAge(undefined), 0);
		assert.equal(parseMaxAge(Number.POSITIVE_INFINITY), 31536000000);
	});

	it('cacheControl: false sends no Cache-Control; acceptRanges: false ignores Range', async () => {
		const res = await request(staticApp({ cacheControl: false, acceptRanges: false }))
			.get('/nums.txt')
			.set('Range', 'bytes=0-1')
			.expect(200);
		assert.equal(res.headers['cache-control'], undefined);
		assert.equal(res.headers['accept-ranges'], undefined);
		assert.equal(res.text, '123456789');
	});

	it('redirect: false makes a directory without slash a 404', async () => {
		await request(staticApp({ redirect: false }))
			.get('/users')
			.expect(404);
		const res = await request(staticApp({ redirect: false, fallthrough: false }))
			.get('/users')
			.expect(599);
		assert.equal(res.body.status, 404);
	});

	it('setHeaders(res, path, stat) runs before the headers are computed, and only for a file', async () => {
		const calls: string[] = [];
		const app = staticApp({
			setHeaders(res: ServerResponse, filePath: string, stat: Stats) {
				calls.push(filePath);
				res.setHeader('X-Size', String(stat.size));
				res.setHeader('Cache-Control', 'no-store');
			},
		});
		const res = await request(app).get('/hello.txt').expect(200);
		assert.equal(res.headers['x-size'], '12');
		assert.equal(res.headers['cache-control'], 'no-store');
		await request(app).get('/missing').expect(404);
		await request(app).get('/users').expect(301);
		assert.deepEqual(calls, [path.join(FIXTURES, 'hello.txt')]);
	});

	it('setHeaders that throws is an error for next(err), not a crash', async () => {
		const app = staticApp({
			setHeaders() {
				throw new Error('boom');
			},
		});
		const res = await request(app).get('/hello.txt').expect(599);
		assert.equal(res.body.message, 'boom');
		assert.equal(res.body.status, 500);
	});

	it('matches express.static for every option together', async () => {
		await differential(
			(kit) => {
				kit.app.use(
					kit.serveStatic(FIXTURES, {
						extensions: ['html', 'txt'],
						index: false,
						dotfiles: 'deny',
						maxAge: '1d',
						immutable: true,
						fallthrough: false,
						redirect: false,
						etag: false,
						lastModified: false,
						setHeaders: (res: ServerResponse, filePath: string) => res.setHeader('X-File', path.basename(filePath)),
					}),
				);
				kit.app.use(reportErrors);
			},
			[
				{ path: '/about' },
				{ path: '/ext' },
				{ path: '/users/' },
				{ path: '/users' },
				{ path: '/.hidden' },
				{ path: '/.mine/name.txt' },
				{ path: '/nope' },
				{ path: '/' },
			],
		);
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { index: ['nope.html', 'tobi.txt'], maxAge: 'garbage', cacheControl: false, acceptRanges: false }));
				kit.app.use(reportErrors);
			},
			[{ path: '/users/' }, { path: '/hello.txt' }, { path: '/nums.txt', headers: { range: 'bytes=1-2' } }, { path: '/pets/' }],
		);
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { extensions: [3] }));
				kit.app.use(reportErrors);
			},
			[{ path: '/hello.txt' }, { method: 'POST', path: '/hello.txt' }],
		);
	});
});
