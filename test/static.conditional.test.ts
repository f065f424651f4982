import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import velox from '../src/express';
import { type HttpRequest, send } from './helpers/client';
import { differential, FIXTURES, reportErrors } from './helpers/static';
import { listen, type Running } from './helpers/server';

async function withStatic(run: (running: Running, etag: string, lastModified: string) => Promise<void>): Promise<void> {
	const app = velox();
	app.use(velox.static(FIXTURES, { fallthrough: false }));
	app.use(reportErrors as never);
	const running = await listen(app);
	try {
		const first = await send(running.port, { path: '/hello.txt' });
		await run(running, String(first.headers.etag), String(first.headers['last-modified']));
	} finally {
		await running.close();
	}
}

const PAST = 'Thu, 01 Jan 1970 00:00:00 GMT';
const FUTURE = 'Fri, 01 Jan 2100 00:00:00 GMT';

describe('velox.static conditional requests', () => {
	it('If-None-Match with the ETag gives 304 without body or content headers', async () => {
		await withStatic(async ({ port }, etag) => {
			const res = await send(port, { path: '/hello.txt', headers: { 'if-none-match': etag } });
			assert.equal(res.status, 304);
			assert.equal(res.bytes.length, 0);
			assert.equal(res.headers['content-type'], undefined);
			assert.equal(res.headers['content-length'], undefined);
			assert.equal(res.headers.etag, etag);
			const other = await send(port, { path: '/hello.txt', headers: { 'if-none-match': '"other"' } });
			assert.equal(other.status, 200);
		});
	});

	it('If-Modified-Since: 304 when not modified since, 200 otherwise', async () => {
		await withStatic(async ({ port }, _etag, lastModified) => {
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-modified-since': lastModified } })).status, 304);
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-modified-since': FUTURE } })).status, 304);
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-modified-since': PAST } })).status, 200);
		});
	});

	it('Cache-Control: no-cache in the request defeats the validators', async () => {
		await withStatic(async ({ port }, etag) => {
			const res = await send(port, { path: '/hello.txt', headers: { 'if-none-match': etag, 'cache-control': 'no-cache' } });
			assert.equal(res.status, 200);
			assert.equal(res.body, 'hello, world');
		});
	});

	it('If-Match that does not match gives 412; a match or * proceeds', async () => {
		await withStatic(async ({ port }, etag) => {
			const failed = await send(port, { path: '/hello.txt', headers: { 'if-match': '"nope"' } });
			assert.equal(failed.status, 599);
			assert.equal(JSON.parse(failed.body).status, 412);
			assert.equal(JSON.parse(failed.body).message, 'Precondition Failed');
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-match': etag } })).status, 200);
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-match': '"a", ' + etag } })).status, 200);
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-match': '*' } })).status, 200);
		});
	});

	it('If-Unmodified-Since before the modification gives 412; after it proceeds', async () => {
		await withStatic(async ({ port }) => {
			const failed = await send(port, { path: '/hello.txt', headers: { 'if-unmodified-since': PAST } });
			assert.equal(JSON.parse(failed.body).status, 412);
			assert.equal((await send(port, { path: '/hello.txt', headers: { 'if-unmodified-since': FUTURE } })).status, 200);
		});
	});

	it('with fallthrough, a 412 still goes to next(err) once the file is found', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(velox.static(FIXTURES));
		const running = await listen(app);
		try {
			const res = await send(running.port, { path: '/hello.txt', headers: { 'if-match': '"nope"' } });
			assert.equal(res.status, 412);
		} finally {
			await running.close();
		}
	});

	it('matches express.static on every conditional case', async () => {
		const first = await (async () => {
			const app = velox();
			app.use(velox.static(FIXTURES));
			const running = await listen(app);
			try {
				return await send(running.port, { path: '/hello.txt' });
			} finally {
				await running.close();
			}
		})();
		const etag = String(first.headers.etag);
		const lastModified = String(first.headers['last-modified']);
		const cases: Record<string, string>[] = [
			{ 'if-none-match': etag },
			{ 'if-none-match': etag.slice(2) },
			{ 'if-none-match': '"a", ' + etag },
			{ 'if-none-match': '*' },
			{ 'if-none-match': '"other"' },
			{ 'if-modified-since': lastModified },
			{ 'if-modified-since': PAST },
			{ 'if-modified-since': FUTURE },
			{ 'if-modified-since': 'garbage' },
			{ 'if-none-match': etag, 'cache-control': 'no-cache' },
			{ 'if-match': '"nope"' },
			{ 'if-match': etag },
			{ 'if-match': etag.slice(2) },
			{ 'if-match': '*' },
			{ 'if-match': ' , ' + etag + ' ,' },
			{ 'if-unmodified-since': PAST },
			{ 'if-unmodified-since': FUTURE },
			{ 'if-unmodified-since': 'garbage' },
			{ 'if-match': '"nope"', 'if-none-match': etag },
			{ 'if-none-match': etag, range: 'bytes=0-1' },
		];
		const requests: HttpRequest[] = cases.map((headers) => ({ path: '/hello.txt', headers }));
		requests.push({ method: 'HEAD', path: '/hello.txt', headers: { 'if-none-match': etag } });
		await differential((kit) => {
			kit.app.use(kit.serveStatic(FIXTURES));
			kit.app.use(reportErrors);
		}, requests);
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { etag: false, lastModified: false }));
				kit.app.use(reportErrors);
			},
			[
				{ path: '/hello.txt', headers: { 'if-match': '*' } },
				{ path: '/hello.txt', headers: { 'if-unmodified-since': FUTURE } },
				{ path: '/hello.txt', headers: { 'if-none-match': '*' } },
			],
		);
	});
});
