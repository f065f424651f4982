import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { sendFile } from '../src/core/send/response-methods';
import type { Response } from '../src/core/types';
import { createKit, differential, FIXTURES, openDescriptorCount, reportErrors, temporaryDirectory } from './helpers/static';
import { RawClient } from './helpers/raw-socket';
import { listen } from './helpers/server';

const temp = temporaryDirectory();
const LARGE_SIZE = 8 * 1024 * 1024;

before(() => {
	writeFileSync(path.join(temp.dir, 'large.bin'), Buffer.alloc(LARGE_SIZE, 7));
	writeFileSync(path.join(temp.dir, '100% #?.txt'), 'percent');
	writeFileSync(path.join(temp.dir, 'ünï ☃.txt'), 'unicode');
});
after(() => temp.remove());

type Err = (Error & { code?: string; status?: number; expose?: boolean; syscall?: string }) | undefined | null;

function appWith(handler: (res: Response) => void) {
	const { app } = createKit('velox');
	const typed = app;
	typed.get('/', (_req, res) => handler(res));
	typed.use(reportErrors as never);
	return typed;
}

/** Resolves with the first argument a callback receives, or rejects after `ms`. */
function callbackProbe(ms = 3000): { callback: (err?: Err) => void; called: Promise<Err>; calls: () => number } {
	let count = 0;
	let resolve: (err: Err) => void = () => {};
	const called = new Promise<Err>((res, rej) => {
		resolve = res;
		setTimeout(() => rej(new Error('callback not called')), ms).unref();
	});
	return {
		callback(err?: Err) {
			count++;
			resolve(err);
		},
		called,
		calls: () => count,
	};
}

describe('res.sendFile', () => {
	it('is assignable to the Response type of src/types.ts', () => {
		const method: Response['sendFile'] = sendFile;
		assert.equal(typeof method, 'function');
	});

	it('sends an absolute path with its Content-Type, and calls back with no error', async () => {
		const probe = callbackProbe();
		const res = await request(appWith((res) => res.sendFile(path.join(FIXTURES, 'hello.txt'), probe.callback)))
			.get('/')
			.expect(200);
		assert.equal(res.text, 'hello, world');
		assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
		assert.equal(await probe.called, undefined);
		assert.equal(probe.calls(), 1);
	});

	it('resolves a relative path against root', async () => {
		const res = await request(appWith((res) => res.sendFile('users/tobi.txt', { root: FIXTURES })))
			.get('/')
			.expect(200);
		assert.equal(res.text, 'tobi');
	});

	it('throws TypeError for a missing, non-string or relative path without root', () => {
		const { app } = createKit('velox');
		const res = Object.create(app.response, { req: { value: {} } }) as Response;
		assert.throws(() => res.sendFile(''), { name: 'TypeError', message: 'path argument is required to res.sendFile' });
		assert.throws(() => res.sendFile(5 as unknown as string), { name: 'TypeError', message: 'path must be a string to res.sendFile' });
		assert.throws(() => res.sendFile('hello.txt'), { name: 'TypeError', message: 'path must be absolute or specify root to res.sendFile' });
		assert.throws(() => res.sendFile('/tmp/\ud800.txt'), { name: 'URIError' });
	});

	it('sends a missing file to next(err) as 404 with the ENOENT error, hidden from clients', async () => {
		const res = await request(appWith((res) => res.sendFile(path.join(FIXTURES, 'missing.txt'))))
			.get('/')
			.expect(599);
		assert.equal(res.body.status, 404);
		assert.equal(res.body.statusCode, 404);
		assert.equal(res.body.code, 'ENOENT');
		assert.equal(res.body.syscall, 'stat');
		assert.equal(res.body.expose, false);
	});

	it('gives a missing file to the callback instead, sending nothing', async () => {
		const probe = callbackProbe();
		const app = appWith((res) =>
			res.sendFile(path.join(FIXTURES, 'missing.txt'), (err) => {
				probe.callback(err as Err);
				res.status(410).end('handled');
			}),
		);
		await request(app).get('/').expect(410, 'handled');
		const err = await probe.called;
		assert.equal(err?.code, 'ENOENT');
		assert.equal(err?.status, 404);
	});

	it('a directory calls next() (EISDIR), or the callback with code EISDIR', async () => {
		await request(appWith((res) => res.sendFile(path.join(FIXTURES, 'users'))))
			.get('/')
			.expect(404, /Cannot GET \//);
		const probe = callbackProbe();
		const app = appWith((res) =>
			res.sendFile(path.join(FIXTURES, 'users'), (err) => {
				probe.callback(err as Err);
				res.end('dir');
			}),
		);
		await request(app).get('/').expect(200, 'dir');
		const err = await probe.called;
		assert.equal(err?.code, 'EISDIR');
		assert.equal(err?.message, 'EISDIR, read');
	});

	it('serves the index file of a directory path with a trailing slash', async () => {
		await request(appWith((res) => res.sendFile(path.join(FIXTURES, 'users') + '/')))
			.get('/')
			.expect(200, '<p>tobi</p>');
	});

	it('refuses `..` with 403, with and without root', async () => {
		const withRoot = await request(appWith((res) => res.sendFile('../static/hello.txt', { root: FIXTURES })))
			.get('/')
			.expect(599);
		assert.equal(withRoot.body.status, 403);
		const withoutRoot = await request(appWith((res) => res.sendFile(FIXTURES + '/users/../hello.txt')))
			.get('/')
			.expect(599);
		assert.equal(withoutRoot.body.status, 403);
	});

	it('dotfiles: the last part is ignored by default; deny gives 403; allow serves', async () => {
		const hidden = path.join(FIXTURES, '.hidden');
		assert.equal(
			(
				await request(appWith((res) => res.sendFile(hidden)))
					.get('/')
					.expect(599)
			).body.status,
			404,
		);
		assert.equal(
			(
				await request(appWith((res) => res.sendFile(hidden, { dotfiles: 'deny' })))
					.get('/')
					.expect(599)
			).body.status,
			403,
		);
		const allowed = await request(appWith((res) => res.sendFile(hidden, { dotfiles: 'allow' })))
			.get('/')
			.expect(200);
		assert.equal(String(allowed.body), 'secret');
		await request(appWith((res) => res.sendFile(path.join(FIXTURES, '.mine/name.txt'))))
			.get('/')
			.expect(200, 'mine');
	});

	it('options: maxAge, immutable, headers, lastModified, cacheControl, acceptRanges, etag', async () => {
		const file = path.join(FIXTURES, 'nums.txt');
		const cached = await request(appWith((res) => res.sendFile(file, { maxAge: '1h', immutable: true, headers: { 'X-Extra': 'yes' } }))).get('/');
		assert.equal(cached.headers['cache-control'], 'public, max-age=3600, immutable');
		assert.equal(cached.headers['x-extra'], 'yes');
		const bare = await request(appWith((res) => res.sendFile(file, { lastModified: false, cacheControl: false, acceptRanges: false, etag: false })))
			.get('/')
			.set('Range', 'bytes=0-0')
			.expect(200, '123456789');
		assert.equal(bare.headers['last-modified'], undefined);
		assert.equal(bare.headers['cache-control'], undefined);
		assert.equal(bare.headers['accept-ranges'], undefined);
		assert.equal(bare.headers.etag, undefined);
		const overridden = await request(appWith((res) => res.sendFile(file, { headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/x-nums' } }))).get(
			'/',
		);
		assert.equal(overridden.headers['cache-control'], 'no-store');
		assert.equal(overridden.headers['content-type'], 'text/x-nums');
	});

	it('start and end (send options) serve a slice, and ranges apply within it', async () => {
		const file = path.join(FIXTURES, 'nums.txt');
		const slice = await request(appWith((res) => res.sendFile(file, { start: 2, end: 5 })))
			.get('/')
			.expect(200, '3456');
		assert.equal(slice.headers['content-length'], '4');
		const ranged = await request(appWith((res) => res.sendFile(file, { start: 2, end: 5 })))
			.get('/')
			.set('Range', 'bytes=1-2')
			.expect(206, '45');
		assert.equal(ranged.headers['content-range'], 'bytes 1-2/4');
		await differential(
			(kit) => {
				const app = kit.app;
				app.get('/slice', (req, res) => {
					const query = req.query as Record<string, string>;
					res.sendFile(file, { start: Number(query.start), end: query.end === undefined ? undefined : Number(query.end) });
				});
				kit.app.use(reportErrors);
			},
			[
				{ path: '/slice?start=2&end=5' },
				{ path: '/slice?start=3' },
				{ path: '/slice?start=20' },
				{ path: '/slice?start=0&end=0' },
				{ path: '/slice?start=2&end=5', headers: { range: 'bytes=1-2' } },
				{ path: '/slice?start=2&end=5', headers: { range: 'bytes=-2' } },
				{ path: '/slice?start=2&end=5', headers: { range: 'bytes=10-' } },
			],
		);
	});

	it('a status set before sendFile is kept and prevents 304', async () => {
		const res = await request(appWith((res) => res.status(404).sendFile(path.join(FIXTURES, 'hello.txt'))))
			.get('/')
			.set('If-None-Match', '*')
			.expect(404);
		assert.equal(res.text, 'hello, world');
	});

	it('after headers were sent, calls back with a 500 error', async () => {
		const probe = callbackProbe();
		const app = appWith((res) => {
			res.write('partial');
			res.sendFile(path.join(FIXTURES, 'hello.txt'), (err) => {
				probe.callback(err as Err);
				res.end();
			});
		});
		await request(app).get('/').expect(200, 'partial');
		const err = await probe.called;
		assert.equal(err?.message, "Can't set headers after they are sent.");
		assert.equal(err?.status, 500);
	});

	it('calls back once with no error after a 304 and after HEAD', async () => {
		const file = path.join(FIXTURES, 'hello.txt');
		for (const [method, headers, status] of [
			['get', { 'If-None-Match': '*' }, 304],
			['head', {}, 200],
		] as const) {
			const probe = callbackProbe();
			const app = appWith((res) => res.sendFile(file, probe.callback));
			const res = await request(app)[method]('/').set(headers);
			assert.equal(res.status, status, method);
			assert.equal(await probe.called, undefined);
			assert.equal(probe.calls(), 1);
		}
	});

	it('sends paths with %, #, ? and non-ASCII characters', async () => {
		await request(appWith((res) => res.sendFile(path.join(temp.dir, '100% #?.txt'))))
			.get('/')
			.expect(200, 'percent');
		await request(appWith((res) => res.sendFile(path.join(temp.dir, 'ünï ☃.txt'))))
			.get('/')
			.expect(200, 'unicode');
	});

	it('a client that aborts gives the callback ECONNABORTED, closes the file and nothing crashes', async () => {
		const baseline = openDescriptorCount();
		const probe = callbackProbe();
		const app = appWith((res) => res.sendFile(path.join(temp.dir, 'large.bin'), probe.callback));
		const running = await listen(app);
		try {
			const client = await RawClient.connect(running.port);
			client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			await client.data();
			client.destroy();
			const err = await probe.called;
			assert.equal(err?.code, 'ECONNABORTED');
			assert.equal(err?.message, 'Request aborted');
			assert.equal(probe.calls(), 1);
		} finally {
			await running.close();
		}
		if (baseline !== -1) {
			for (let i = 0; i < 50 && openDescriptorCount() > baseline; i++) await new Promise((r) => setTimeout(r, 20));
			assert.ok(openDescriptorCount() <= baseline, `descriptors: ${openDescriptorCount()} > ${baseline}`);
		}
	});

	it('called after the client went away, calls back with ECONNABORTED', async () => {
		const probe = callbackProbe();
		const { app } = createKit('velox');
		const typed = app;
		typed.get('/', (_req, res) => {
			res.on('close', () => setImmediate(() => res.sendFile(path.join(FIXTURES, 'hello.txt'), probe.callback)));
		});
		const running = await listen(typed);
		try {
			const client = await RawClient.connect(running.port);
			client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			await new Promise((resolve) => setTimeout(resolve, 50));
			client.destroy();
			const err = await probe.called;
			assert.equal(err?.code, 'ECONNABORTED');
		} finally {
			await running.close();
		}
	});

	it('without a callback, an aborted transfer is not sent to next(err)', async () => {
		let errors = 0;
		const { app } = createKit('velox');
		const typed = app;
		let finished: () => void = () => {};
		const closed = new Promise<void>((resolve) => {
			finished = resolve;
		});
		typed.get('/', (_req, res) => {
			res.on('close', () => setTimeout(finished, 50));
			res.sendFile(path.join(temp.dir, 'large.bin'));
		});
		typed.use((_err: unknown, _req: unknown, _res: unknown, _next: unknown) => {
			errors++;
		});
		const running = await listen(typed);
		try {
			const client = await RawClient.connect(running.port);
			client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			await client.data();
			client.destroy();
			await closed;
			assert.equal(errors, 0);
		} finally {
			await running.close();
		}
	});

	it('the deprecated res.sendfile takes a URL-style path, relative or absolute, as Express 4', async () => {
		const relative = path.relative(process.cwd(), path.join(FIXTURES, 'hello.txt'));
		await differential(
			(kit) => {
				const app = kit.app;
				app.get('/relative', (_req, res) => res.sendfile(relative));
				app.get('/absolute', (_req, res) => res.sendfile(path.join(FIXTURES, 'hello.txt'), { maxAge: 1000 }));
				app.get('/encoded', (_req, res) => res.sendfile(path.join(FIXTURES, 'hello%2Etxt')));
				app.get('/missing', (_req, res) => res.sendfile(path.join(FIXTURES, 'missing.txt'), (err: Err) => (err ? res.sendfile(relative) : undefined)));
				kit.app.use(reportErrors);
			},
			[{ path: '/relative' }, { path: '/absolute' }, { path: '/encoded' }, { path: '/missing' }],
		);
	});

	it('matches express res.sendFile', async () => {
		await differential(
			(kit) => {
				const report = (res: Response) => (err?: Err) => {
					if (err && !res.headersSent) res.status(598).json({ code: err.code, status: err.status, expose: err.expose, message: err.message, name: err.name });
				};
				const app = kit.app;
				app.get('/abs/*', (req, res) => res.sendFile(path.join(FIXTURES, (req.params as Record<string, string>)[0])));
				app.get('/root/*', (req, res) => res.sendFile((req.params as Record<string, string>)[0], { root: FIXTURES }));
				app.get('/cb/*', (req, res) => res.sendFile(path.join(FIXTURES, (req.params as Record<string, string>)[0]), report(res)));
				app.get('/options/*', (req, res) => {
					const query = req.query as Record<string, string | undefined>;
					res.sendFile(
						(req.params as Record<string, string>)[0],
						{
							root: FIXTURES,
							dotfiles: query.dot as 'allow' | undefined,
							maxAge: query.maxAge,
							immutable: query.immutable === '1',
							headers: query.cc ? { 'X-Custom': 'yes', 'Cache-Control': query.cc } : { 'X-Custom': 'yes' },
							lastModified: query.lm !== '0',
							acceptRanges: query.ar !== '0',
							cacheControl: query.cco !== '0',
							etag: query.etag !== '0',
						},
						report(res),
					);
				});
				app.get('/status404', (_req, res) => res.status(404).sendFile(path.join(FIXTURES, 'hello.txt')));
				app.get('/relative', (_req, res) => res.sendFile('hello.txt'));
				app.get('/baddot', (_req, res) => res.sendFile(path.join(FIXTURES, 'hello.txt'), { dotfiles: 'nope' as 'allow' }));
				app.get('/tmp/:name', (req, res) => res.sendFile(path.join(temp.dir, (req.params as Record<string, string>).name)));
				app.use(reportErrors);
			},
			[
				{ path: '/abs/hello.txt' },
				{ path: '/abs/nope.txt' },
				{ path: '/abs/users' },
				{ path: '/abs/users/' },
				{ path: '/abs/pets/' },
				{ path: '/abs/.hidden' },
				{ path: '/abs/.mine/name.txt' },
				{ path: '/abs/users/..%2F..%2Fhello.txt' },
				{ path: '/root/hello.txt' },
				{ path: '/root/..%2Fstatic%2Fhello.txt' },
				{ path: '/root/.hidden' },
				{ path: '/cb/hello.txt' },
				{ path: '/cb/nope' },
				{ path: '/cb/users' },
				{ path: '/cb/.hidden' },
				{ path: '/cb/hello.txt', headers: { 'if-none-match': '*' } },
				{ method: 'HEAD', path: '/cb/hello.txt' },
				{ path: '/options/.hidden?dot=allow' },
				{ path: '/options/.hidden?dot=deny' },
				{ path: '/options/.mine/name.txt?dot=ignore' },
				{ path: '/options/hello.txt?maxAge=1h&immutable=1' },
				{ path: '/options/hello.txt?maxAge=abc' },
				{ path: '/options/hello.txt?cc=private' },
				{ path: '/options/hello.txt?lm=0&etag=0&ar=0&cco=0' },
				{ path: '/options/nums.txt?ar=0', headers: { range: 'bytes=0-1' } },
				{ path: '/options/nums.txt', headers: { range: 'bytes=0-1' } },
				{ path: '/options/nums.txt', headers: { range: 'bytes=50-' } },
				{ path: '/options/nums.txt', headers: { 'if-match': '"x"' } },
				{ path: '/status404' },
				{ path: '/status404', headers: { 'if-none-match': '*' } },
				{ path: '/relative' },
				{ path: '/baddot' },
				{ path: '/tmp/100%25%20%23%3F.txt' },
				{ path: '/tmp/%C3%BCn%C3%AF%20%E2%98%83.txt' },
			],
		);
	});
});
