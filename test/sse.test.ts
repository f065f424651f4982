/**
 * `res.sse()`: the event stream's head, events and comments framed as the WHATWG event stream
 * format frames them, each flushed through the real `compression` middleware, heartbeats,
 * `req.lastEventId` with a real EventSource client, and the stream's end (client gone,
 * `close()`, `velox.shutdown`).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import compression from 'compression';
import { EventSource } from 'eventsource';
import velox from '../src/express';
import { listen } from './helpers/server';

type Req = velox.Request;
type Res = velox.Response;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** GETs `path` and collects the body as it arrives (gunzipped when it is gzip), with the time each chunk came. */
function stream(port: number, path: string, headers: http.OutgoingHttpHeaders = {}) {
	const chunks: Array<{ at: number; text: string }> = [];
	const started = Date.now();
	let response: http.IncomingMessage | undefined;
	const request = http.get({ host: '127.0.0.1', port, path, headers });
	const ended = new Promise<void>((resolve, reject) => {
		request.once('error', reject);
		request.once('response', (res) => {
			response = res;
			const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
			body.setEncoding('utf8');
			body.on('data', (text: string) => chunks.push({ at: Date.now() - started, text }));
			body.once('end', resolve);
			body.once('error', reject);
		});
	});
	return {
		chunks,
		text: () => chunks.map((chunk) => chunk.text).join(''),
		response: () => response,
		ended,
		abort: () => request.destroy(),
	};
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
	const end = Date.now() + ms;
	while (!condition()) {
		if (Date.now() > end) throw new Error('condition not met in time');
		await sleep(5);
	}
}

describe('res.sse', () => {
	test('the head, and events framed as the spec frames them: one data line per line (LF, CRLF, CR), event, id, retry, JSON for objects, comments', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/events', (_req: Req, res: Res) => {
			const events = res.sse!({ retry: 2000, heartbeat: false });
			events.send('one\ntwo\r\nthree\rfour', { event: 'greet', id: 7 });
			events.send({ a: 1, b: 'x' });
			events.send('', { id: '' });
			events.send(Buffer.from('bytes'), { retry: 500 });
			events.comment('note\nsecond');
			events.comment();
			events.send(undefined, { id: 'only-id' });
			events.close();
			assert.equal(events.send('late'), false);
		});
		const running = await listen(app);
		try {
			const body = stream(running.port, '/events');
			await body.ended;
			const res = body.response()!;
			assert.equal(res.statusCode, 200);
			assert.equal(res.headers['content-type'], 'text/event-stream');
			assert.equal(res.headers['cache-control'], 'no-cache');
			assert.equal(res.headers['x-accel-buffering'], 'no');
			assert.equal(res.headers.connection, 'keep-alive');
			assert.equal(res.headers['content-length'], undefined);
			assert.equal(
				body.text(),
				'retry: 2000\n\n' +
					'event: greet\nid: 7\ndata: one\ndata: two\ndata: three\ndata: four\n\n' +
					'data: {"a":1,"b":"x"}\n\n' +
					'id: \ndata: \n\n' +
					'retry: 500\ndata: bytes\n\n' +
					': note\n: second\n\n' +
					':\n\n' +
					'id: only-id\n\n',
			);
		} finally {
			await running.close();
		}
	});

	test('fields that would break the framing are refused: a line break in event or id, a NUL in id, a retry that is not a non-negative integer; res.sse() after the head was sent', async () => {
		const app = velox();
		app.set('env', 'test');
		const errors: string[] = [];
		app.get('/events', (_req: Req, res: Res) => {
			const events = res.sse!({ heartbeat: false });
			for (const options of [{ event: 'a\nb' }, { id: 'x\ry' }, { id: 'a\0b' }, { retry: -1 }, { retry: 1.5 }] as velox.EventOptions[]) {
				try {
					events.send('x', options);
				} catch (err) {
					errors.push(`${(err as Error).name}: ${(err as Error).message}`);
				}
			}
			try {
				res.sse!();
			} catch (err) {
				errors.push((err as Error).message);
			}
			events.close();
		});
		const running = await listen(app);
		try {
			const body = stream(running.port, '/events');
			await body.ended;
			assert.equal(body.text(), '');
			assert.deepEqual(errors, [
				'TypeError: event stream: event must be a string without line breaks, got "a\\nb"',
				'TypeError: event stream: id must be a string without line breaks, got "x\\ry"',
				'TypeError: event stream: id must be a string without line breaks, got "a\\u0000b"',
				'TypeError: event stream: retry must be a non-negative integer of milliseconds, got -1',
				'TypeError: event stream: retry must be a non-negative integer of milliseconds, got 1.5',
				'res.sse(): the response has already started',
			]);
		} finally {
			await running.close();
		}
	});

	test('behind compression each event reaches the client at once (gzip, flushed event by event), not when the stream ends', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(compression());
		app.get('/events', async (_req: Req, res: Res) => {
			const events = res.sse!({ heartbeat: false });
			for (let i = 1; i <= 3; i++) {
				events.send(`event ${i}`, { id: i });
				await sleep(250);
			}
			events.close();
		});
		const running = await listen(app);
		try {
			const body = stream(running.port, '/events', { 'accept-encoding': 'gzip' });
			await until(() => body.text().includes('event 1'));
			assert.equal(body.response()!.headers['content-encoding'], 'gzip');
			assert.ok(!body.text().includes('event 2'), 'event 1 arrived before event 2 was sent');
			await body.ended;
			const arrivals = ['event 1', 'event 2', 'event 3'].map((name) => body.chunks.find((chunk) => chunk.text.includes(name))!.at);
			assert.ok(arrivals[1] - arrivals[0] >= 150 && arrivals[2] - arrivals[1] >= 150, `each event arrived when sent: ${arrivals.join(', ')} ms`);
		} finally {
			await running.close();
		}
	});

	test('a real EventSource client behind compression: named events and ids; after the stream ends it reconnects with Last-Event-ID, read as req.lastEventId', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(compression());
		const reconnections: Array<string | undefined> = [];
		app.get('/feed', (req: Req, res: Res) => {
			reconnections.push(req.lastEventId);
			const events = res.sse!({ retry: 50, heartbeat: false });
			assert.equal(events.lastEventId, req.lastEventId);
			const from = Number(req.lastEventId ?? 0);
			events.send({ n: from + 1 }, { event: 'count', id: from + 1 });
			events.send({ n: from + 2 }, { event: 'count', id: from + 2 });
			if (from === 0) events.close();
		});
		const running = await listen(app);
		const source = new EventSource(`http://127.0.0.1:${running.port}/feed`);
		try {
			const received: Array<[number, string]> = [];
			source.addEventListener('count', (event) => received.push([JSON.parse(event.data).n, event.lastEventId]));
			await until(() => received.length === 4);
			assert.deepEqual(received, [
				[1, '1'],
				[2, '2'],
				[3, '3'],
				[4, '4'],
			]);
			assert.deepEqual(reconnections, [undefined, '2']);
		} finally {
			source.close();
			await velox.shutdown(running.server, { timeout: 300 });
		}
	});

	test('heartbeats: an empty comment at the interval; when the client goes, the stream closes (its close event, req.signal) and the heartbeats stop', async () => {
		const app = velox();
		app.set('env', 'test');
		let closedStream: Promise<unknown[]> | undefined;
		let signal: AbortSignal | undefined;
		app.get('/events', (req: Req, res: Res) => {
			const events = res.sse!({ heartbeat: 40 });
			signal = req.signal;
			closedStream = once(events, 'close');
		});
		const running = await listen(app);
		try {
			const body = stream(running.port, '/events');
			await until(() => body.text().split(':\n\n').length >= 3);
			assert.match(body.text(), /^(:\n\n)+$/);
			body.ended.catch(() => undefined);
			body.abort();
			await until(() => closedStream !== undefined);
			await closedStream;
			assert.equal(signal!.aborted, true);
		} finally {
			await running.close();
		}
	});

	test('velox.shutdown ends open event streams at once (the promise does not wait for its deadline)', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/events', (_req: Req, res: Res) => {
			res.sse!({ heartbeat: false }).send('hello');
		});
		const running = await listen(app);
		const body = stream(running.port, '/events');
		await until(() => body.text() === 'data: hello\n\n');
		const started = Date.now();
		await velox.shutdown(running.server, { timeout: 5000 });
		await body.ended;
		assert.ok(Date.now() - started < 2000, 'ended well before the deadline');
	});
});
