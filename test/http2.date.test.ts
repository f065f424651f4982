/**
 * An HTTP/2 response's `Date` header, which Velox gives on node 20 and 22 where node would add it
 * (http2/index.ts, `writeHead`): on the wire as node sends it (an IMF-fixdate of now, last of the
 * headers), once, and never in the response's own headers; the app's own `Date` and
 * `res.sendDate = false` as node honours them. The same on every node line, where node adds it.
 */
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { closeSession, connectH2, type H2Response, h2request } from './http2.helpers';
import { listen } from './helpers/server';

type Listener = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

async function exchange(listener: Listener, headers: http2.OutgoingHttpHeaders = { ':path': '/' }): Promise<H2Response> {
	const running = await listen(http2.createServer(listener));
	const session = await connectH2(`http://127.0.0.1:${running.port}`);
	try {
		return await h2request(session, headers);
	} finally {
		await closeSession(session);
		await running.close();
	}
}

/** The header names as they came off the wire, pseudo-headers left out. */
const names = (response: H2Response): string[] => Object.keys(response.headers).filter((name) => !name.startsWith(':'));

function assertNow(value: unknown): void {
	assert.equal(typeof value, 'string');
	assert.match(value as string, IMF_FIXDATE);
	assert.ok(Math.abs(Date.parse(value as string) - Date.now()) < 2000, `${value as string} is now`);
}

describe('HTTP/2 Date header', () => {
	test('res.send: now, once, last of the headers, where raw node:http2 sends it', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.set('X-Custom', '1').send('hello');
		});
		const got = await exchange(app as unknown as Listener);
		const raw = await exchange((_req, res) => {
			res.setHeader('X-Custom', '1');
			res.end('hello');
		});
		assert.equal(got.text, 'hello');
		assertNow(got.headers.date);
		assertNow(raw.headers.date);
		assert.equal(names(raw).at(-1), 'date');
		assert.equal(names(got).filter((name) => name === 'date').length, 1);
		assert.equal(names(got).at(-1), 'date');
	});

	test('never in the response’s own headers, before or after the head is sent', async () => {
		const app = velox();
		const seen: unknown[] = [];
		app.get('/', (_req, res) => {
			res.on('finish', () => seen.push(res.getHeader('date'), res.hasHeader('date'), res.getHeaderNames().includes('date')));
			seen.push(res.getHeader('date'));
			res.send('ok');
			seen.push(res.getHeader('date'), res.headersSent);
		});
		const got = await exchange(app as unknown as Listener);
		assertNow(got.headers.date);
		assert.deepEqual(seen, [undefined, undefined, true, undefined, false, false]);
	});

	test('the app’s own Date is sent, once', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.set('Date', 'Tue, 01 Jan 2030 00:00:00 GMT').send('ok');
		});
		const got = await exchange(app as unknown as Listener);
		assert.equal(got.headers.date, 'Tue, 01 Jan 2030 00:00:00 GMT');
		assert.equal(names(got).filter((name) => name === 'date').length, 1);
	});

	test('res.sendDate = false: no Date', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.sendDate = false;
			res.send('ok');
		});
		const got = await exchange(app as unknown as Listener);
		assert.equal(got.text, 'ok');
		assert.equal(got.headers.date, undefined);
	});

	test('writeHead with headers, HEAD, 304 and 404: a Date each', async () => {
		const app = velox();
		app.get('/head', (_req, res) => {
			res.writeHead(201, { 'X-Given': '1' });
			res.end();
		});
		app.get('/etag', (_req, res) => {
			res.set('ETag', '"x"').send('body');
		});
		const cases: Array<[http2.OutgoingHttpHeaders, number]> = [
			[{ ':path': '/head' }, 201],
			[{ ':path': '/etag', ':method': 'HEAD' }, 200],
			[{ ':path': '/etag', 'if-none-match': '"x"' }, 304],
			[{ ':path': '/missing' }, 404],
		];
		for (const [headers, status] of cases) {
			const got = await exchange(app as unknown as Listener, headers);
			assert.equal(got.status, status, String(headers[':path']));
			assertNow(got.headers.date);
			assert.equal(names(got).at(-1), 'date', String(headers[':path']));
		}
	});
});
