/**
 * What `ws` routes write to the log outside `env` `test` (docs/api/websockets.md, Logging): a
 * handshake Velox refuses (an `Origin` not allowed, a malformed handshake) is the client's error,
 * which anyone who can connect causes at will, so it is one short line without a stack, and at most
 * one line a minute per app, the others counted; the server's own errors (a handler that throws)
 * are logged with their stack, as the final handler logs errors.
 */
import assert from 'node:assert/strict';
import { describe, mock, test } from 'node:test';
import velox from '../src/express';
import { rawRequest } from './helpers/raw-socket';
import { listen } from './helpers/server';
import { closed, connect, refused } from './helpers/ws';

/** What console.error got, one string per call, while `run` runs (and the ticks after it). */
async function logged(run: (lines: string[]) => Promise<void>): Promise<string[]> {
	const lines: string[] = [];
	const original = console.error;
	console.error = (...args: unknown[]) => {
		const line = args.map(String).join(' ');
		// Not Velox's: node's warning that MockTimers is experimental.
		if (!/^\(node:\d+\) ExperimentalWarning/.test(line)) lines.push(line);
	};
	try {
		await run(lines);
	} finally {
		console.error = original;
	}
	return lines;
}

const handshake = (path: string, extra: string) =>
	`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

const hasStack = (line: string) => /\n\s+at /.test(line);
/** Lets the final handler's deferred logging (setImmediate) run. */
const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
const MINUTE = 60_000;

describe('app.ws: logging outside env test', () => {
	test('refused handshakes: one short line without a stack, then one line a minute with the count, per app', async () => {
		const app = velox();
		app.set('env', 'production');
		app.ws('/strict', { origins: ['https://app.example'] }, (ws) => ws.close());
		const running = await listen(app);
		// Only setTimeout: the interval's end is ticked by hand; sockets and Date run as usual.
		mock.timers.enable({ apis: ['setTimeout'] });
		try {
			const lines = await logged(async (lines) => {
				for (let i = 0; i < 20; i++) assert.equal((await refused(running.port, '/strict', { origin: 'https://evil.example' })).status, 403);
				for (let i = 0; i < 5; i++) assert.equal((await rawRequest(running.port, handshake('/strict', 'Sec-WebSocket-Key: short\r\n'))).status, 400);
				await settle();
				assert.equal(lines.length, 1, 'the first refusal only: ' + lines.join(' | '));
				mock.timers.tick(MINUTE);
				assert.equal(lines.length, 2);
				// A minute without refusals: nothing more, and the next refusal is logged at once.
				mock.timers.tick(MINUTE);
				assert.equal(lines.length, 2);
				assert.equal((await rawRequest(running.port, handshake('/strict', 'Sec-WebSocket-Key: short\r\n'))).status, 400);
				await settle();
				assert.equal(lines.length, 3);
				mock.timers.tick(MINUTE);
			});
			assert.equal(lines.length, 3, lines.join(' | '));
			assert.match(
				lines[0]!,
				/^velox: WebSocket handshake refused: 403 VELOX_ERR_WS_ORIGIN WebSocket connection from origin "https:\/\/evil\.example" refused \(\/strict from [0-9a-f.:]+\); more in the next minute are counted, not logged$/,
			);
			assert.equal(lines[1], 'velox: 24 more WebSocket handshakes refused in the last 60 s (one line a minute at most)');
			assert.match(
				lines[2]!,
				/^velox: WebSocket handshake refused: 400 VELOX_ERR_WS_HANDSHAKE Invalid WebSocket handshake: missing or invalid Sec-WebSocket-Key \(/,
			);
			for (const line of lines) {
				assert.ok(!line.includes('\n') && !line.includes('\x1b') && !hasStack(line), line);
				assert.ok(line.length < 400, line);
			}
		} finally {
			mock.timers.reset();
			await running.close();
		}
	});

	test('a long Origin is quoted in part; each app counts its own refusals', async () => {
		const first = velox();
		const second = velox();
		for (const app of [first, second]) {
			app.set('env', 'development');
			app.ws('/x', { origins: [] }, (ws) => ws.close());
		}
		const servers = [await listen(first), await listen(second)];
		mock.timers.enable({ apis: ['setTimeout'] });
		try {
			const lines = await logged(async () => {
				for (const running of servers) {
					for (let i = 0; i < 3; i++) await refused(running.port, '/x', { origin: 'https://' + 'a'.repeat(4000) + '.example' });
				}
				await settle();
				mock.timers.tick(MINUTE);
			});
			assert.equal(lines.length, 4, lines.join(' | '));
			assert.equal(lines.filter((line) => line.startsWith('velox: WebSocket handshake refused: 403 ')).length, 2);
			assert.deepEqual(lines.filter((line) => line.startsWith('velox: 2 more ')).length, 2);
			for (const line of lines) assert.ok(line.length < 400, line);
		} finally {
			mock.timers.reset();
			for (const running of servers) await running.close();
		}
	});

	test("the server's own errors keep their stack: a ws handler that throws, a guard's error before the handshake", async () => {
		const app = velox();
		app.set('env', 'production');
		app.ws('/throws', () => {
			throw new Error('handler failed');
		});
		app.ws(
			'/guarded',
			(_req, _res, next) => next(new Error('guard failed')),
			(ws) => ws.close(),
		);
		const running = await listen(app);
		try {
			const lines = await logged(async (lines) => {
				const ws = await connect(running.port, '/throws');
				assert.equal((await closed(ws)).code, 1011);
				assert.equal((await refused(running.port, '/guarded')).status, 500);
				const end = Date.now() + 2000;
				while (lines.length < 2 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
			});
			assert.equal(lines.length, 2, lines.join(' | '));
			assert.match(lines[0]!, /^Error: handler failed\n\s+at /);
			assert.match(lines[1]!, /^Error: guard failed\n\s+at /);
		} finally {
			await running.close();
		}
	});

	test('in env test nothing is logged, refusals included', async () => {
		const app = velox();
		app.set('env', 'test');
		app.ws('/strict', { origins: [] }, (ws) => ws.close());
		const running = await listen(app);
		try {
			const lines = await logged(async () => {
				assert.equal((await refused(running.port, '/strict', { origin: 'https://evil.example' })).status, 403);
				await settle();
			});
			assert.deepEqual(lines, []);
		} finally {
			await running.close();
		}
	});
});
