import './helpers/line5';
/**
 * Velox 5's body parsers over HTTP/2: body-parser 2 asks on-finished's `isFinished(req)` of every
 * request, which reads `req.socket`, node's proxy over the stream, made on first read. Velox answers
 * without the proxy (platform/http2-finished.ts), as on-finished would: checked here
 * against on-finished itself on real HTTP/2 requests in each state, and through the parsers.
 */
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import { describe, test } from 'node:test';
import onFinished from 'on-finished';
import velox from '../src/express';
import { http2RequestFinished } from '../src/core/platform/http2-finished';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { listen } from './helpers/server';

type Listener = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

async function serve(listener: Listener, run: (session: http2.ClientHttp2Session) => Promise<void>): Promise<void> {
	const running = await listen(http2.createServer(listener));
	const session = await connectH2(`http://127.0.0.1:${running.port}`);
	try {
		await run(session);
	} finally {
		await closeSession(session);
		await running.close();
	}
}

/** Velox's answer, then on-finished's (which makes the proxy socket): the pair. */
function both(req: http2.Http2ServerRequest): [boolean | undefined, boolean] {
	const ours = http2RequestFinished(req);
	return [ours, onFinished.isFinished(req as never)];
}

describe('Velox 5 over HTTP/2: a finished request', () => {
	test('answers as on-finished: a GET, a body unread, a body read, a destroyed stream', async () => {
		const seen: Record<string, [boolean | undefined, boolean]> = {};
		await serve(
			(req, res) => {
				const path = req.url;
				if (path === '/get') {
					seen.get = both(req);
					res.end();
				} else if (path === '/unread') {
					seen.unread = both(req);
					req.resume();
					req.on('end', () => res.end());
				} else if (path === '/read') {
					req.resume();
					req.on('end', () => {
						seen.read = both(req);
						res.end();
					});
				} else {
					req.stream.on('close', () => {
						seen.destroyed = both(req);
					});
					req.stream.destroy();
				}
			},
			async (session) => {
				await h2request(session, { ':path': '/get' });
				await h2request(session, { ':path': '/unread', ':method': 'POST' }, 'abc');
				await h2request(session, { ':path': '/read', ':method': 'POST' }, 'abc');
				await h2request(session, { ':path': '/destroyed', ':method': 'POST' }, 'abc').catch(() => undefined);
				await new Promise((resolve) => setTimeout(resolve, 50));
			},
		);
		assert.deepEqual(seen, { get: [false, false], unread: [false, false], read: [true, true], destroyed: [true, true] });
	});

	test('the parsers: a JSON body parsed, a GET left alone, a body read by earlier middleware skipped', async () => {
		const app = velox();
		app.use('/drained', (req, _res, next) => {
			req.resume();
			req.on('end', () => next());
		});
		app.use(velox.json());
		app.all('*splat', (req, res) => {
			res.json({ type: typeof req.body, own: Object.hasOwn(req, 'body'), body: req.body ?? null });
		});
		const got: unknown[] = [];
		await serve(app as unknown as Listener, async (session) => {
			const json = { 'content-type': 'application/json' };
			for (const [headers, body] of [
				[{ ':path': '/parsed', ':method': 'POST', ...json }, '{"a":1}'],
				[{ ':path': '/get' }, undefined],
				[{ ':path': '/drained', ':method': 'POST', ...json }, '{"a":1}'],
			] as const) {
				const response = await h2request(session, headers, body);
				got.push(JSON.parse(response.text));
			}
		});
		assert.deepEqual(got, [
			{ type: 'object', own: true, body: { a: 1 } },
			{ type: 'undefined', own: true, body: null },
			{ type: 'undefined', own: false, body: null },
		]);
	});
});
