import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import http, { type ServerResponse } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import velox from '../src/express';
import { SMALL_FILE_SIZE } from '../src/core/send/transfer';
import { type HttpResponse, send } from './helpers/client';
import { createKit, differential, openDescriptorCount, reportErrors, temporaryDirectory } from './helpers/static';
import type { FrameworkName } from './helpers/differential';
import { RawClient } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

const LARGE_SIZE = 16 * 1024 * 1024;

function pattern(size: number): Buffer {
	const buffer = Buffer.allocUnsafe(size);
	for (let i = 0; i < size; i++) buffer[i] = (i * 7 + (i >> 10)) & 0xff;
	return buffer;
}

const temp = temporaryDirectory();
const large = pattern(LARGE_SIZE);

before(() => {
	writeFileSync(path.join(temp.dir, 'large.bin'), large);
	writeFileSync(path.join(temp.dir, 'at-limit.bin'), large.subarray(0, SMALL_FILE_SIZE));
	writeFileSync(path.join(temp.dir, 'over-limit.bin'), large.subarray(0, SMALL_FILE_SIZE + 1));
});
after(() => temp.remove());

async function withApp(setHeaders: ((res: ServerResponse, filePath: string) => void) | undefined, run: (running: Running) => Promise<void>): Promise<void> {
	const app = velox();
	app.set('env', 'test');
	app.use(velox.static(temp.dir, setHeaders ? { setHeaders } : {}));
	app.use(reportErrors as never);
	const running = await listen(app);
	try {
		await run(running);
	} finally {
		await running.close();
	}
}

/**
 * The answer `framework` gives to GET `/name` when `setHeaders` (called after the stat) runs `hook`
 * on the file: `prepare` (re)creates the file first, since the hook consumes it.
 */
async function answerOf(framework: FrameworkName, name: string, prepare: () => void, hook: (filePath: string) => void): Promise<HttpResponse> {
	prepare();
	const kit = createKit(framework);
	kit.app.use(kit.serveStatic(temp.dir, { setHeaders: (_res: ServerResponse, filePath: string) => hook(filePath) }));
	kit.app.use(reportErrors as never);
	const running = await listen(kit.app);
	try {
		return await send(running.port, { path: '/' + name });
	} finally {
		await running.close();
	}
}

/** Velox's answer, asserted equal to express@4's (status, Content-Length, the error's identity). */
async function sameAsExpress(name: string, prepare: () => void, hook: (filePath: string) => void): Promise<HttpResponse> {
	const expected = await answerOf('express', name, prepare, hook);
	const actual = await answerOf('velox', name, prepare, hook);
	assert.equal(actual.status, expected.status, name);
	assert.equal(actual.headers['content-length'], expected.headers['content-length'], name);
	assert.equal(actual.body, expected.body, name);
	return actual;
}

/** Waits until the open descriptor count is back to `baseline` (closing is asynchronous). */
async function settlesTo(baseline: number): Promise<number> {
	let count = openDescriptorCount();
	for (let i = 0; i < 50 && count > baseline; i++) {
		await delay(20);
		count = openDescriptorCount();
	}
	return count;
}

/** GET that tolerates a response cut short; resolves with what arrived. */
function fetchPartial(port: number, filePath: string): Promise<{ status: number; declared: number; received: number; complete: boolean }> {
	return new Promise((resolve, reject) => {
		const req = http.get({ host: '127.0.0.1', port, path: filePath, agent: false }, (res) => {
			let received = 0;
			const finish = () => resolve({ status: res.statusCode ?? 0, declared: Number(res.headers['content-length']), received, complete: res.complete });
			res.on('data', (chunk: Buffer) => {
				received += chunk.length;
			});
			res.on('end', finish);
			res.on('error', finish);
			res.on('aborted', finish);
		});
		req.setTimeout(5000, () => req.destroy(new Error('timed out')));
		req.on('error', reject);
	});
}

describe('velox.static body transfer', () => {
	it('streams a large file whole and intact', async () => {
		await withApp(undefined, async ({ port }) => {
			const res = await send(port, { path: '/large.bin' });
			assert.equal(res.status, 200);
			assert.equal(res.headers['content-length'], String(LARGE_SIZE));
			assert.equal(res.bytes.length, LARGE_SIZE);
			assert.ok(res.bytes.equals(large));
		});
	});

	it('serves a range deep inside a large file', async () => {
		await withApp(undefined, async ({ port }) => {
			const start = LARGE_SIZE - 200000;
			const res = await send(port, { path: '/large.bin', headers: { range: `bytes=${start}-${start + 99999}` } });
			assert.equal(res.status, 206);
			assert.ok(res.bytes.equals(large.subarray(start, start + 100000)));
		});
	});

	it('serves files on both sides of the single-read limit intact', async () => {
		// Status, headers (ETag, Content-Range ...) and bytes as express@4 sends them.
		const [atLimit, overLimit, range] = await differential(
			(kit) => kit.app.use(kit.serveStatic(temp.dir)),
			[{ path: '/at-limit.bin' }, { path: '/over-limit.bin' }, { path: '/over-limit.bin', headers: { range: 'bytes=10-20' } }],
		);
		assert.equal(atLimit.status, 200);
		assert.equal(atLimit.headers['content-length'], String(SMALL_FILE_SIZE));
		assert.ok(atLimit.bytes.equals(large.subarray(0, SMALL_FILE_SIZE)));
		assert.equal(overLimit.status, 200);
		assert.equal(overLimit.headers['content-length'], String(SMALL_FILE_SIZE + 1));
		assert.ok(overLimit.bytes.equals(large.subarray(0, SMALL_FILE_SIZE + 1)));
		assert.equal(range.status, 206);
		assert.equal(range.headers['content-range'], 'bytes 10-20/' + (SMALL_FILE_SIZE + 1));
		assert.ok(range.bytes.equals(large.subarray(10, 21)));
	});

	it('applies back-pressure: a client that stops reading stops the file reads', async () => {
		let written = 0;
		const app = velox();
		app.use((_req, res, next) => {
			const write = res.write;
			res.write = function countedWrite(this: ServerResponse, chunk: Buffer, encoding?: BufferEncoding, callback?: () => void) {
				written += chunk.length;
				return write.call(this, chunk, encoding as BufferEncoding, callback);
			} as typeof res.write;
			next();
		});
		app.use(velox.static(temp.dir));
		const running = await listen(app);
		try {
			const client = await RawClient.connect(running.port);
			client.write('GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n');
			await client.data();
			client.socket.pause();
			await delay(300);
			assert.ok(written < LARGE_SIZE / 2, `wrote ${written} bytes to a client that reads nothing`);
			client.destroy();
		} finally {
			await running.close();
		}
	});

	it('closes the file descriptor on finish, errors, HEAD, 304 and client abort', async () => {
		const baseline = openDescriptorCount();
		if (baseline === -1) return;
		await withApp(undefined, async ({ port }) => {
			const full = await send(port, { path: '/large.bin' });
			assert.equal(full.status, 200);
			assert.equal((await send(port, { path: '/at-limit.bin' })).status, 200);
			assert.equal((await send(port, { method: 'HEAD', path: '/large.bin' })).status, 200);
			assert.equal((await send(port, { path: '/large.bin', headers: { 'if-none-match': String(full.headers.etag) } })).status, 304);
			assert.equal((await send(port, { path: '/large.bin', headers: { range: 'bytes=5-10' } })).status, 206);
			// serve-static falls through on a missing file: the final handler's 404.
			assert.equal((await send(port, { path: '/missing.bin' })).status, 404);
			for (let i = 0; i < 5; i++) {
				const client = await RawClient.connect(port);
				client.write('GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n');
				await client.data();
				client.destroy();
			}
		});
		assert.ok((await settlesTo(baseline)) <= baseline, 'a file descriptor leaked');
	});

	it('a file that vanishes between stat and open gives a clean 404 error', async () => {
		for (const name of ['gone-small.bin', 'gone-large.bin']) {
			const res = await sameAsExpress(
				name,
				() => writeFileSync(path.join(temp.dir, name), name === 'gone-small.bin' ? 'tiny' : large),
				(filePath) => unlinkSync(filePath),
			);
			assert.equal(res.status, 599, name);
			const err = JSON.parse(res.body);
			assert.equal(err.status, 404, name);
			assert.equal(err.code, 'ENOENT', name);
			assert.equal(err.syscall, 'open', name);
			assert.equal(err.expose, false, name);
		}
	});

	it('a read error after the open (file replaced by a directory) is a 500 error and closes the descriptor', async () => {
		const baseline = openDescriptorCount();
		for (const name of ['becomes-dir-small', 'becomes-dir-large']) {
			const res = await sameAsExpress(
				name,
				() => {
					rmSync(path.join(temp.dir, name), { recursive: true, force: true });
					writeFileSync(path.join(temp.dir, name), name.endsWith('small') ? 'tiny' : large);
				},
				(filePath) => {
					unlinkSync(filePath);
					mkdirSync(filePath);
				},
			);
			assert.equal(res.status, 599, name);
			const err = JSON.parse(res.body);
			assert.equal(err.status, 500, name);
			assert.equal(err.code, 'EISDIR', name);
			assert.equal(err.syscall, 'read', name);
			assert.equal(err.expose, false, name);
		}
		if (baseline !== -1) assert.ok((await settlesTo(baseline)) <= baseline, 'a file descriptor leaked');
	});

	it('a symlink whose target vanishes after the stat gives a clean 404 error', async () => {
		const target = path.join(temp.dir, 'target.txt');
		const link = path.join(temp.dir, 'link.txt');
		const res = await sameAsExpress(
			'link.txt',
			() => {
				writeFileSync(target, 'target');
				rmSync(link, { force: true });
				symlinkSync(target, link);
			},
			() => rmSync(target),
		);
		assert.equal(res.status, 599);
		const err = JSON.parse(res.body);
		assert.equal(err.status, 404);
		assert.equal(err.code, 'ENOENT');
		await withApp(undefined, async ({ port }) => {
			// A dangling link afterwards is a missing file: serve-static falls through to the final handler.
			assert.equal((await send(port, { path: '/link.txt' })).status, 404);
		});
	});

	it('a small file that shrinks after the stat gives an error, not a short body', async () => {
		writeFileSync(path.join(temp.dir, 'shrinks.txt'), 'will be emptied');
		await withApp(
			(_res, filePath) => truncateSync(filePath, 0),
			async ({ port }) => {
				// express@4 sends the stat's Content-Length and then no bytes (the client sees an aborted
				// response); Velox reads a small file whole before the head goes out, so it can refuse it.
				const res = await send(port, { path: '/shrinks.txt' });
				assert.equal(res.status, 599);
				const err = JSON.parse(res.body);
				assert.equal(err.status, 500);
				assert.equal(err.expose, false);
				assert.equal(err.message, 'File changed during transfer: ' + path.join(temp.dir, 'shrinks.txt'));
			},
		);
	});

	it('a large file that shrinks mid-transfer ends the connection instead of a short response', async () => {
		writeFileSync(path.join(temp.dir, 'shrinks.bin'), large);
		await withApp(
			(_res, filePath) => truncateSync(filePath, 1000),
			async ({ port }) => {
				const res = await fetchPartial(port, '/shrinks.bin');
				assert.equal(res.status, 200);
				assert.equal(res.declared, LARGE_SIZE);
				assert.equal(res.complete, false);
				assert.ok(res.received < LARGE_SIZE);
			},
		);
	});
});
