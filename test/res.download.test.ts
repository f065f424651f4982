import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import request from 'supertest';
import { download } from '../src/core/send/response-methods';
import type { Response } from '../src/core/types';
import { createKit, differential, FIXTURES, reportErrors } from './helpers/static';

const HELLO = path.join(FIXTURES, 'hello.txt');
type Err = (Error & { code?: string; status?: number }) | undefined | null;

function appWith(handler: (res: Response) => void) {
	const { app } = createKit('velox');
	const typed = app;
	typed.get('/', (_req, res) => handler(res));
	typed.use(reportErrors as never);
	return typed;
}

describe('res.download', () => {
	it('is assignable to the Response type of src/types.ts', () => {
		const method: Response['download'] = download;
		assert.equal(typeof method, 'function');
	});

	it('sends the file as an attachment named after the file', async () => {
		const res = await request(appWith((res) => res.download(HELLO)))
			.get('/')
			.expect(200, 'hello, world');
		assert.equal(res.headers['content-disposition'], 'attachment; filename="hello.txt"');
		assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
	});

	it('names the attachment with the filename given', async () => {
		const res = await request(appWith((res) => res.download(HELLO, 'report.txt'))).get('/');
		assert.equal(res.headers['content-disposition'], 'attachment; filename="report.txt"');
	});

	it('encodes a non-ASCII filename as RFC 6266 filename*, with an ISO-8859-1 fallback', async () => {
		const snow = await request(appWith((res) => res.download(HELLO, '☃.txt'))).get('/');
		assert.equal(snow.headers['content-disposition'], 'attachment; filename="?.txt"; filename*=UTF-8\'\'%E2%98%83.txt');
		const latin = await request(appWith((res) => res.download(HELLO, 'résumé ☃.txt')))
			.get('/')
			.buffer(true);
		// Header bytes are ISO-8859-1: é is the single byte 0xE9 (supertest decodes them as latin1).
		assert.equal(latin.headers['content-disposition'], 'attachment; filename="résumé ?.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20%E2%98%83.txt');
	});

	it('the headers option cannot override Content-Disposition, in any letter case', async () => {
		const res = await request(
			appWith((res) =>
				res.download(HELLO, 'kept.txt', {
					headers: { 'Content-Disposition': 'inline', 'content-disposition': 'inline', 'CONTENT-DISPOSITION': 'inline', 'X-Other': 'set' },
				}),
			),
		).get('/');
		assert.equal(res.headers['content-disposition'], 'attachment; filename="kept.txt"');
		assert.equal(res.headers['x-other'], 'set');
	});

	it('takes options in place of the filename, and a callback in any trailing position', async () => {
		const optionsOnly = await request(appWith((res) => res.download('hello.txt', { root: FIXTURES, maxAge: 60000 } as never))).get('/');
		assert.equal(optionsOnly.headers['content-disposition'], 'attachment; filename="hello.txt"');
		assert.equal(optionsOnly.headers['cache-control'], 'public, max-age=60');

		const calls: string[] = [];
		const record = (label: string) => (err?: Err) => calls.push(label + ':' + (err ? err.code : 'ok'));
		await request(appWith((res) => res.download(HELLO, record('second')))).get('/');
		await request(appWith((res) => res.download(HELLO, 'x.txt', record('third')))).get('/');
		await request(appWith((res) => res.download(HELLO, 'x.txt', {}, record('fourth')))).get('/');
		await request(appWith((res) => res.download(HELLO, { maxAge: 1 } as never, record('options-then-callback') as never))).get('/');
		for (let i = 0; i < 20 && calls.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
		assert.deepEqual(calls.sort(), ['fourth:ok', 'options-then-callback:ok', 'second:ok', 'third:ok']);
	});

	it('resolves a relative path against root, or else the working directory', async () => {
		await request(appWith((res) => res.download('users/tobi.txt', 'tobi.txt', { root: FIXTURES })))
			.get('/')
			.expect(200, 'tobi');
		const relative = path.relative(process.cwd(), HELLO);
		await request(appWith((res) => res.download(relative)))
			.get('/')
			.expect(200, 'hello, world');
	});

	it('a missing file goes to next(err) as 404, without Content-Disposition', async () => {
		const res = await request(appWith((res) => res.download(path.join(FIXTURES, 'missing.txt'))))
			.get('/')
			.expect(599);
		assert.equal(res.body.status, 404);
		assert.equal(res.body.code, 'ENOENT');
		assert.equal(res.headers['content-disposition'], undefined);
	});

	it('gives a missing file to the callback', async () => {
		let received: Err;
		const app = appWith((res) =>
			res.download(path.join(FIXTURES, 'missing.txt'), 'x.txt', (err) => {
				received = err as Err;
				res.status(410).end();
			}),
		);
		await request(app).get('/').expect(410);
		assert.equal(received?.code, 'ENOENT');
		assert.equal(received?.status, 404);
	});

	it('matches express res.download', async () => {
		await differential(
			(kit) => {
				const app = kit.app;
				const report = (res: Response) => (err?: Err) => {
					if (err && !res.headersSent) res.status(598).json({ code: err.code, status: err.status, message: err.message });
				};
				app.get('/plain', (_req, res) => res.download(HELLO));
				app.get('/named', (_req, res) => res.download(HELLO, 'résumé ☃.txt'));
				app.get('/override', (_req, res) =>
					res.download(HELLO, 'x.txt', { headers: { 'content-disposition': 'inline', 'CONTENT-DISPOSITION': 'inline', 'X-A': 'b' } }),
				);
				app.get('/root', (_req, res) => res.download('hello.txt', { root: FIXTURES, maxAge: 5000 } as never));
				app.get('/root-named', (_req, res) => res.download('hello.txt', 'name.txt', { root: FIXTURES }, report(res)));
				app.get('/missing', (_req, res) => res.download(path.join(FIXTURES, 'missing.txt')));
				app.get('/missing-cb', (_req, res) => res.download(path.join(FIXTURES, 'missing.txt'), report(res)));
				app.get('/null-name', (_req, res) => res.download(HELLO, null as unknown as string, report(res)));
				app.get('/relative', (_req, res) => res.download(path.relative(process.cwd(), HELLO)));
				app.get('/undefined-name', (_req, res) => res.download(HELLO, undefined as unknown as string, { headers: { 'X-Y': 'z' } }));
				app.get('/dotfile', (_req, res) => res.download(path.join(FIXTURES, '.hidden')));
				app.get('/directory', (_req, res) => res.download(path.join(FIXTURES, 'users')));
				app.get('/range', (_req, res) => res.download(path.join(FIXTURES, 'nums.txt')));
				app.use(reportErrors);
			},
			[
				{ path: '/plain' },
				{ path: '/named' },
				{ path: '/override' },
				{ path: '/root' },
				{ path: '/root-named' },
				{ path: '/missing' },
				{ path: '/missing-cb' },
				{ path: '/null-name' },
				{ path: '/relative' },
				{ path: '/undefined-name' },
				{ path: '/dotfile' },
				{ path: '/directory' },
				{ path: '/range', headers: { range: 'bytes=1-3' } },
				{ method: 'HEAD', path: '/plain' },
			],
		);
	});
});
