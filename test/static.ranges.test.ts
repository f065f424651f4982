import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import velox from '../src/express';
import { type HttpRequest, send } from './helpers/client';
import { differential, FIXTURES, reportErrors } from './helpers/static';
import { listen, type Running } from './helpers/server';

async function withStatic(options: Record<string, unknown>, run: (running: Running) => Promise<void>): Promise<void> {
	const app = velox();
	app.set('env', 'test');
	app.use(velox.static(FIXTURES, options));
	const running = await listen(app);
	try {
		await run(running);
	} finally {
		await running.close();
	}
}

const manyRanges = Array.from({ length: 400 }, (_, i) => `${i % 9}-${i % 9}`).join(',');
const disjointRanges = Array.from({ length: 300 }, (_, i) => `${i * 2}-${i * 2}`).join(',');

describe('velox.static ranges', () => {
	it('answers a single range with 206 and Content-Range', async () => {
		await withStatic({}, async ({ port }) => {
			const res = await send(port, { path: '/nums.txt', headers: { range: 'bytes=2-4' } });
			assert.equal(res.status, 206);
			assert.equal(res.headers['content-range'], 'bytes 2-4/9');
			assert.equal(res.headers['content-length'], '3');
			assert.equal(res.body, '345');
			const suffix = await send(port, { path: '/nums.txt', headers: { range: 'bytes=-3' } });
			assert.equal(suffix.body, '789');
			const open = await send(port, { path: '/nums.txt', headers: { range: 'bytes=6-' } });
			assert.equal(open.body, '789');
			assert.equal(open.headers['content-range'], 'bytes 6-8/9');
		});
	});

	it('answers an unsatisfiable range with 416 and Content-Range: bytes */size', async () => {
		await withStatic({}, async ({ port }) => {
			const res = await send(port, { path: '/nums.txt', headers: { range: 'bytes=20-30' } });
			assert.equal(res.status, 416);
			assert.equal(res.headers['content-range'], 'bytes */9');
			const empty = await send(port, { path: '/empty.txt', headers: { range: 'bytes=0-' } });
			assert.equal(empty.status, 416);
			assert.equal(empty.headers['content-range'], 'bytes */0');
		});
	});

	it('sends the whole file with 200 for several ranges, as Express 4', async () => {
		await withStatic({}, async ({ port }) => {
			const res = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-1,4-5' } });
			assert.equal(res.status, 200);
			assert.equal(res.headers['content-range'], undefined);
			assert.equal(res.body, '123456789');
		});
	});

	it('combines overlapping and adjacent ranges into one', async () => {
		await withStatic({}, async ({ port }) => {
			const res = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-3,2-5,6-6' } });
			assert.equal(res.status, 206);
			assert.equal(res.headers['content-range'], 'bytes 0-6/9');
			assert.equal(res.body, '1234567');
		});
	});

	it('never amplifies: hundreds of ranges give at most the file, once', async () => {
		await withStatic({}, async ({ port }) => {
			const overlapping = await send(port, { path: '/nums.txt', headers: { range: 'bytes=' + manyRanges } });
			assert.equal(overlapping.status, 206);
			assert.equal(overlapping.body, '123456789');
			const disjoint = await send(port, { path: '/nums.txt', headers: { range: 'bytes=' + disjointRanges } });
			assert.ok(disjoint.bytes.length <= 9, String(disjoint.bytes.length));
			assert.equal((await send(port, { path: '/hello.txt' })).body, 'hello, world');
		});
	});

	it('ignores garbage and other units, serving the whole file', async () => {
		await withStatic({}, async ({ port }) => {
			for (const range of ['garbage', 'items=0-1', 'bytes 0-1', '']) {
				const res = await send(port, { path: '/nums.txt', headers: { range } });
				assert.equal(res.status, 200, range);
				assert.equal(res.body, '123456789', range);
			}
		});
	});

	it('a bytes= header with no usable range is unsatisfiable (416), as range-parser decides for Express', async () => {
		await withStatic({}, async ({ port }) => {
			for (const range of ['bytes=abc', 'bytes=5-2', 'bytes=--']) {
				const res = await send(port, { path: '/nums.txt', headers: { range } });
				assert.equal(res.status, 416, range);
				assert.equal(res.headers['content-range'], 'bytes */9', range);
			}
		});
	});

	it('honours If-Range: a matching ETag or date gives the range, a stale one the whole file', async () => {
		await withStatic({}, async ({ port }) => {
			const full = await send(port, { path: '/nums.txt' });
			const etag = String(full.headers.etag);
			const lastModified = String(full.headers['last-modified']);
			const byTag = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': etag } });
			assert.equal(byTag.status, 206);
			assert.equal(byTag.body, '1');
			const byDate = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': lastModified } });
			assert.equal(byDate.status, 206);
			const staleTag = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': '"stale"' } });
			assert.equal(staleTag.status, 200);
			assert.equal(staleTag.body, '123456789');
			const staleDate = await send(port, { path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
			assert.equal(staleDate.status, 200);
		});
	});

	it('HEAD with a range gives the range headers and no body', async () => {
		await withStatic({}, async ({ port }) => {
			const res = await send(port, { method: 'HEAD', path: '/nums.txt', headers: { range: 'bytes=1-2' } });
			assert.equal(res.status, 206);
			assert.equal(res.headers['content-length'], '2');
			assert.equal(res.bytes.length, 0);
		});
	});

	it('matches express.static on every range case', async () => {
		const ranges = [
			'bytes=2-4',
			'bytes=-3',
			'bytes=6-',
			'bytes=0-0',
			'bytes=8-100',
			'bytes=20-30',
			'bytes=5-2',
			'bytes=0-1,4-5',
			'bytes=0-3,2-5,6-6',
			'bytes=' + manyRanges,
			'bytes=' + disjointRanges,
			'garbage',
			'bytes=abc',
			'bytes=',
			'  bytes=1-2',
			'items=0-1',
			'bytes=-0',
			'bytes=0-,0-',
		];
		const requests: HttpRequest[] = ranges.map((range) => ({ path: '/nums.txt', headers: { range } }));
		requests.push({ path: '/empty.txt', headers: { range: 'bytes=0-' } });
		requests.push({ path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': '"nope"' } });
		requests.push({ path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
		requests.push({ path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': 'not a date' } });
		await differential((kit) => {
			kit.app.use(kit.serveStatic(FIXTURES));
			kit.app.use(reportErrors);
		}, requests);
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { acceptRanges: false, lastModified: false }));
				kit.app.use(reportErrors);
			},
			[
				{ path: '/nums.txt', headers: { range: 'bytes=1-2' } },
				{ path: '/nums.txt', headers: { range: 'bytes=0-0', 'if-range': 'Thu, 01 Jan 2037 00:00:00 GMT' } },
			],
		);
	});

	it('the 416 error reaches the final handler with its Content-Range header', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(velox.static(FIXTURES));
		const running = await listen(app);
		try {
			const res = await send(running.port, { path: '/nums.txt', headers: { range: 'bytes=100-' } });
			assert.equal(res.status, 416);
			assert.equal(res.headers['content-range'], 'bytes */9');
			assert.match(res.body, /Range Not Satisfiable/);
		} finally {
			await running.close();
		}
	});
});
