/**
 * The unread rest of a refused body (src/body/discard.ts), on raw sockets.
 *
 * For a client that finishes its request, Velox answers as express@4 does: after the body,
 * with the connection kept alive, `Connection` where Express has it, and the next or pipelined
 * request served (compared byte for byte but Date, ETag and the X-Powered-By value). For a
 * client that does not finish (endless, stalled, oversized), the work is bounded: an answer,
 * a lingering close that lets the client read it, then the connection is closed.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, afterEach, before, describe, test } from 'node:test';
import express from 'express';
import { discardBounds } from '../src/core/body/discard';
import velox from '../src/express';
import { listen, type Running } from './helpers/server';

type FrameworkName = 'express' | 'velox';
type Factory = typeof express;
const factories: Record<FrameworkName, Factory> = { express, velox };

interface Parsed {
	status: string;
	/** Header lines in order, `name: value`, Date/ETag dropped and X-Powered-By's value masked. */
	headers: string[];
	body: string;
}

interface Exchange {
	responses: Parsed[];
	/** The server closed the connection (FIN, reset or error) within the wait. */
	closed: boolean;
	/** Bytes the client could write before the connection ended. */
	written: number;
	/** Milliseconds from the first write to the first complete response. */
	firstAnswerMs: number;
	/** Milliseconds from the first write to the close, or -1. */
	closedMs: number;
	/** What the server's socket had read when it closed (velox servers only; -1 when open). */
	serverBytesRead: number;
	/** Milliseconds from the first write to the server socket's close, or -1. */
	serverClosedMs: number;
}

/** When each server socket closed. */
const serverCloseTimes = new WeakMap<net.Socket, number>();

/** The app of these tests: a parser, an echo route, the default final handler (production page). */
function buildApp(name: FrameworkName, parser: (framework: Factory) => express.RequestHandler): http.RequestListener {
	const framework = factories[name];
	const app = framework();
	app.set('env', 'production');
	app.use(parser(framework));
	app.post('/', (req, res) => {
		res.send('body ' + JSON.stringify(req.body));
	});
	app.get('/next', (_req, res) => {
		res.send('next served');
	});
	return app;
}

function parseResponses(raw: Buffer): Parsed[] {
	const responses: Parsed[] = [];
	let rest = raw;
	for (;;) {
		const end = rest.indexOf('\r\n\r\n');
		if (end === -1) break;
		const lines = rest.subarray(0, end).toString('latin1').split('\r\n');
		const headers: string[] = [];
		let length = 0;
		for (const line of lines.slice(1)) {
			const colon = line.indexOf(':');
			const name = line.slice(0, colon).toLowerCase();
			const value = line.slice(colon + 1).trim();
			if (name === 'content-length') length = Number(value);
			if (name === 'date' || name === 'etag') continue;
			headers.push(name === 'x-powered-by' ? 'x-powered-by: <present>' : name + ': ' + value);
		}
		if (rest.length < end + 4 + length) break;
		responses.push({ status: lines[0], headers, body: rest.subarray(end + 4, end + 4 + length).toString('utf8') });
		rest = rest.subarray(end + 4 + length);
	}
	return responses;
}

interface Script {
	/** Written once the first response is complete (the next request on a kept-alive connection). */
	afterFirstResponse?: string;
	/** Written in order, with `pauses[i]` ms after part i. */
	parts: (string | Buffer)[];
	pauses?: number[];
	/** Half-close (FIN) after the last part. */
	halfClose?: boolean;
	/** Stop waiting once this many responses are complete (and the close, when `untilClose`). */
	responses: number;
	untilClose?: boolean;
	timeoutMs?: number;
}

const servers: Running[] = [];

afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
});

// The apps run in production (the page without a stack is the same bytes in both frameworks),
// where both final handlers log each error to stderr: noise here, pinned in final-handler.test.ts.
const consoleError = console.error;
before(() => {
	console.error = () => {};
});

after(() => {
	console.error = consoleError;
	Object.assign(discardBounds, DEFAULT_BOUNDS);
});

const DEFAULT_BOUNDS = { ...discardBounds };

async function serve(listener: http.RequestListener): Promise<{ port: number; sockets: net.Socket[] }> {
	const server = await listen(listener);
	const sockets: net.Socket[] = [];
	server.server.on('connection', (socket) => {
		sockets.push(socket);
		socket.once('close', () => serverCloseTimes.set(socket, Date.now()));
	});
	servers.push(server);
	return { port: server.port, sockets };
}

/** Plays `script` on a raw socket and collects what comes back. */
async function play(listener: http.RequestListener, script: Script): Promise<Exchange> {
	const { port, sockets } = await serve(listener);
	const socket = net.connect(port, '127.0.0.1');
	await new Promise<void>((resolve, reject) => {
		socket.once('connect', resolve);
		socket.once('error', reject);
	});
	const started = Date.now();
	let raw = Buffer.alloc(0);
	let closed = false;
	let written = 0;
	let firstAnswerMs = -1;
	let closedMs = -1;
	let wake: () => void = () => {};
	socket.on('data', (chunk: Buffer) => {
		raw = Buffer.concat([raw, chunk]);
		if (firstAnswerMs === -1 && parseResponses(raw).length > 0) {
			firstAnswerMs = Date.now() - started;
			if (script.afterFirstResponse !== undefined && !closed) socket.write(script.afterFirstResponse);
		}
		wake();
	});
	const onClose = () => {
		if (!closed) closedMs = Date.now() - started;
		closed = true;
		wake();
	};
	socket.on('end', onClose);
	socket.on('close', onClose);
	socket.on('error', onClose);
	const writing = (async () => {
		for (let i = 0; i < script.parts.length; i++) {
			if (closed) return;
			const part = script.parts[i];
			socket.write(part);
			written += part.length;
			const pause = script.pauses?.[i] ?? 0;
			if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
		}
		if (script.halfClose && !closed) socket.end();
	})();
	const deadline = started + (script.timeoutMs ?? 4000);
	for (;;) {
		const done = parseResponses(raw).length >= script.responses && (!script.untilClose || closed);
		if (done || (closed && !script.untilClose) || Date.now() >= deadline) break;
		await new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
			wake = () => {
				clearTimeout(timer);
				resolve();
			};
		});
	}
	await writing;
	const serverSocket = sockets[0];
	if (script.untilClose && serverSocket !== undefined && !serverSocket.destroyed) {
		// The client saw the server's FIN; the server socket closes once lingering is over.
		await new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
			serverSocket.once('close', () => {
				clearTimeout(timer);
				resolve();
			});
		});
	}
	socket.destroy();
	return {
		responses: parseResponses(raw),
		closed,
		written,
		firstAnswerMs,
		closedMs,
		serverBytesRead: serverSocket !== undefined && serverSocket.destroyed ? serverSocket.bytesRead : -1,
		serverClosedMs: serverSocket !== undefined && serverCloseTimes.has(serverSocket) ? serverCloseTimes.get(serverSocket)! - started : -1,
	};
}

/** Plays the same script against express@4 and Velox; asserts the same responses and close. */
async function sameAsExpress(parser: (framework: Factory) => express.RequestHandler, script: Script): Promise<Exchange> {
	const expected = await play(buildApp('express', parser), script);
	const actual = await play(buildApp('velox', parser), script);
	assert.deepEqual(actual.responses, expected.responses);
	assert.equal(actual.closed, expected.closed, 'closed by the server');
	return actual;
}

function head(lines: string[]): string {
	return lines.join('\r\n') + '\r\n\r\n';
}

const NEXT = head(['GET /next HTTP/1.1', 'Host: x']);

function post(type: string, body: string, extra: string[] = []): string {
	return head(['POST / HTTP/1.1', 'Host: x', 'Content-Type: ' + type, 'Content-Length: ' + Buffer.byteLength(body), ...extra]) + body;
}

function chunked(type: string, chunks: string[], finished = true, extra: string[] = []): string {
	let text = head(['POST / HTTP/1.1', 'Host: x', 'Content-Type: ' + type, 'Transfer-Encoding: chunked', ...extra]);
	for (const chunk of chunks) text += Buffer.byteLength(chunk).toString(16) + '\r\n' + chunk + '\r\n';
	return finished ? text + '0\r\n\r\n' : text;
}

const json =
	(options: object = {}) =>
	(framework: Factory) =>
		framework.json({ limit: 100, ...options });
const text = (framework: Factory) => framework.text({ limit: 100 });
const big = 'x'.repeat(150);

/** Each body error, with the whole request sent; the next request must be served on the same connection. */
const ERRORS: [string, (framework: Factory) => express.RequestHandler, string][] = [
	['413, declared Content-Length over the limit', json(), post('application/json', '"' + big + '"')],
	['413, chunked body past the limit, fully received', text, chunked('text/plain', [big.slice(0, 60), big.slice(60), big])],
	['415, unsupported charset', json(), post('application/json; charset=latin1', '{"a":1}')],
	['415, unsupported charset, chunked', json(), chunked('application/json; charset=utf-7', ['{"a":', '1}'])],
	['415, unsupported content encoding', json(), post('application/json', '{"a":1}', ['Content-Encoding: compress'])],
	['400, bad JSON', json(), post('application/json', '{"a":')],
	['400, bad JSON, chunked', json(), chunked('application/json', ['{"a"', ':}'])],
	['400, corrupt gzip', json(), post('application/json', 'not gzip', ['Content-Encoding: gzip'])],
	['403, verify refused', json({ verify: () => assert.fail('refused') }), post('application/json', '{"a":1}')],
	[
		'404 from the final handler, body unread',
		(framework) => framework.raw({ type: 'image/*' }),
		chunked('text/plain', [big, big]).replace('POST / ', 'POST /missing '),
	],
];

describe('body errors: the connection carries the next request, as in express@4', () => {
	for (const [label, parser, request] of ERRORS) {
		test(label + ': pipelined', async () => {
			const exchange = await sameAsExpress(parser, { parts: [request + NEXT], responses: 2 });
			assert.equal(exchange.responses.length, 2);
			assert.ok(exchange.responses[0].headers.includes('connection: keep-alive'), exchange.responses[0].headers.join());
			assert.equal(exchange.responses[1].body, 'next served');
		});

		test(label + ': keep-alive, the next request after the answer', async () => {
			const exchange = await sameAsExpress(parser, { parts: [request], afterFirstResponse: NEXT, responses: 2 });
			assert.equal(exchange.responses[1].body, 'next served');
			assert.equal(exchange.closed, false);
		});
	}

	test('the Connection and Keep-Alive headers are where express@4 has them (after Date)', async () => {
		const exchange = await sameAsExpress(json(), { parts: [post('application/json', '"' + big + '"')], responses: 1 });
		const headers = exchange.responses[0].headers;
		assert.deepEqual(headers.slice(-2), ['connection: keep-alive', 'keep-alive: timeout=5']);
	});

	test('a slow writer that passes the limit, pauses, then finishes gets the answer after its body', async () => {
		const request = chunked('text/plain', [big], false);
		const exchange = await sameAsExpress(text, { parts: [request, '5\r\nabcde\r\n', '0\r\n\r\n' + NEXT], pauses: [400, 300], responses: 2 });
		assert.ok(exchange.firstAnswerMs >= 600, 'answered after the body (' + exchange.firstAnswerMs + ' ms)');
		assert.match(exchange.responses[0].status, / 413 /);
		assert.equal(exchange.responses[1].body, 'next served');
	});

	test('a slow writer with a declared Content-Length over the limit likewise', async () => {
		const body = '"' + big + '"';
		const request = post('application/json', body);
		const cut = request.length - 40;
		const exchange = await sameAsExpress(json(), { parts: [request.slice(0, cut), request.slice(cut) + NEXT], pauses: [500], responses: 2 });
		assert.ok(exchange.firstAnswerMs >= 500, 'answered after the body (' + exchange.firstAnswerMs + ' ms)');
		assert.match(exchange.responses[0].status, / 413 /);
	});

	test('a client that half-closes mid-body (Content-Length): the same answer and close as express@4', async () => {
		const request = post('application/json', '"' + big + '"');
		const exchange = await sameAsExpress(json(), {
			parts: [request.slice(0, request.length - 20)],
			pauses: [100],
			halfClose: true,
			responses: 1,
			untilClose: true,
		});
		assert.equal(exchange.closed, true);
	});

	test('a client that half-closes mid-body (chunked): the same answer and close as express@4', async () => {
		const exchange = await sameAsExpress(text, {
			parts: [chunked('text/plain', [big], false)],
			pauses: [100],
			halfClose: true,
			responses: 1,
			untilClose: true,
		});
		assert.equal(exchange.closed, true);
	});
});

describe('clients that never finish: bounded work, an answer they can read, then a close', () => {
	const endless = (framework: Factory) => framework.raw({ limit: 100 });

	/** 64 MB of 16 KiB chunks after `headLines`: far past every bound; the writes stop when the server closes. */
	function sendEndless(headLines: string[], fill: string) {
		const chunk = Buffer.from('4000\r\n' + fill.repeat(0x4000) + '\r\n');
		const parts: Buffer[] = [Buffer.from(head(headLines))];
		for (let i = 0; i < 4096; i++) parts.push(chunk);
		return play(buildApp('velox', endless), {
			parts,
			pauses: parts.map((_, i) => (i % 64 === 63 ? 1 : 0)),
			responses: 1,
			untilClose: true,
			// Generous: under load (a busy CI host) the 64 MB client alone can take seconds; the bounds are in bytes.
			timeoutMs: 30_000,
		});
	}

	test('an endless chunked sender gets 413 and is cut off within the bounds', async () => {
		const exchange = await sendEndless(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/octet-stream', 'Transfer-Encoding: chunked'], 'x');
		assert.equal(exchange.responses.length, 1);
		assert.match(exchange.responses[0].status, / 413 /);
		assert.ok(exchange.responses[0].headers.includes('connection: close'));
		assert.equal(exchange.closed, true, 'the server closed the connection');
		assert.ok(exchange.closedMs < discardBounds.lingerMs + 2000, 'closed after ' + exchange.closedMs + ' ms');
		// Drained (1 MiB) + lingered (1 MiB) + what sits in buffers on the way.
		const bound = discardBounds.drainBytes + discardBounds.lingerBytes + 512 * 1024;
		assert.ok(exchange.serverBytesRead > 0 && exchange.serverBytesRead < bound, 'the server read ' + exchange.serverBytesRead + ' bytes');
		assert.ok(exchange.written < 64 * 1024 * 1024, 'the client was stopped');
		// Still sending past the linger bytes: held back (reading paused) for the idle bound after the
		// answer, so closing does not reset the connection before the client read its 413.
		const held = exchange.serverClosedMs - exchange.firstAnswerMs;
		assert.ok(held >= discardBounds.idleMs - 200 && held < discardBounds.lingerMs + 2000, 'closed ' + held + ' ms after the answer');
	});

	test('the default final handler bounds an endless body it has to discard (404 to a POST) alike', async () => {
		const exchange = await sendEndless(['POST /nowhere HTTP/1.1', 'Host: x', 'Transfer-Encoding: chunked'], 'y');
		assert.match(exchange.responses[0].status, / 404 /);
		assert.ok(exchange.responses[0].headers.includes('connection: close'));
		assert.equal(exchange.closed, true);
		assert.ok(exchange.serverBytesRead < discardBounds.drainBytes + discardBounds.lingerBytes + 512 * 1024, 'read ' + exchange.serverBytesRead);
	});

	test('a chunked sender that stalls past the limit is answered after the idle bound, Connection: close where Express puts Connection', async () => {
		const exchange = await play(buildApp('velox', text), { parts: [chunked('text/plain', [big], false)], responses: 1, untilClose: true, timeoutMs: 5000 });
		assert.match(exchange.responses[0].status, / 413 /);
		assert.ok(
			exchange.firstAnswerMs >= discardBounds.idleMs - 50 && exchange.firstAnswerMs < discardBounds.idleMs + 1500,
			'answered after ' + exchange.firstAnswerMs + ' ms',
		);
		assert.equal(exchange.responses[0].headers.at(-1), 'connection: close');
		assert.equal(exchange.closed, true);
	});

	test('a declared Content-Length past the bound is answered at once, the connection closed after the answer', async () => {
		const request = head(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 52428800']) + '{"a":';
		const exchange = await play(buildApp('velox', json()), { parts: [request], responses: 1, untilClose: true });
		assert.match(exchange.responses[0].status, / 413 /);
		assert.ok(exchange.firstAnswerMs < discardBounds.idleMs, 'answered after ' + exchange.firstAnswerMs + ' ms');
		assert.equal(exchange.responses[0].headers.at(-1), 'connection: close');
		assert.equal(exchange.closed, true);
	});

	test('a trickling sender is answered within the drain time bound and cut off within the linger time bound', async () => {
		Object.assign(discardBounds, { drainMs: 600, lingerMs: 600, idleMs: 400 });
		try {
			const parts = [chunked('text/plain', [big], false)];
			for (let i = 0; i < 40; i++) parts.push('1\r\nz\r\n');
			const exchange = await play(buildApp('velox', text), { parts, pauses: parts.map(() => 100), responses: 1, untilClose: true, timeoutMs: 5000 });
			assert.match(exchange.responses[0].status, / 413 /);
			assert.ok(exchange.firstAnswerMs >= 550 && exchange.firstAnswerMs < 1500, 'answered after ' + exchange.firstAnswerMs + ' ms');
			assert.equal(exchange.closed, true);
			assert.ok(exchange.closedMs - exchange.firstAnswerMs < 600 + 800, 'closed ' + (exchange.closedMs - exchange.firstAnswerMs) + ' ms after the answer');
		} finally {
			Object.assign(discardBounds, DEFAULT_BOUNDS);
		}
	});

	test('a client that stops sending after the early answer is closed after the linger idle bound', async () => {
		const request = head(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 52428800']) + '{"a":';
		// allowHalfOpen: the client does not answer the server's FIN, so only the idle bound ends it.
		const { port, sockets } = await serve(buildApp('velox', json()));
		const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
		socket.on('error', () => {});
		const started = Date.now();
		let ended = -1;
		let data = '';
		socket.on('data', (chunk: Buffer) => {
			data += chunk.toString('latin1');
		});
		socket.on('end', () => {
			ended = Date.now() - started;
		});
		socket.write(request);
		await new Promise<void>((resolve) => socket.once('data', () => resolve()));
		// The server side is what closes: a half-open client only learns it when it writes again.
		const serverSocket = sockets[0];
		const closedMs = serverSocket.destroyed
			? Date.now() - started
			: await new Promise<number>((resolve) => serverSocket.once('close', () => resolve(Date.now() - started)));
		await new Promise((resolve) => setTimeout(resolve, 20));
		socket.destroy();
		assert.match(data, /^HTTP\/1\.1 413 /);
		assert.ok(ended >= 0 && ended < discardBounds.idleMs, 'FIN after the answer at ' + ended + ' ms');
		assert.ok(closedMs >= discardBounds.idleMs - 50 && closedMs < discardBounds.idleMs + 1500, 'closed at ' + closedMs + ' ms');
	});
});

describe('a response already written when the body is refused', () => {
	test('the connection is closed within the bounds instead of parsing the unread rest as a request', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use((_req, res, next) => {
			res.end('early');
			next();
		});
		app.use(velox.json());
		app.use((_err: unknown, _req: unknown, _res: unknown, _next: unknown) => {});
		const chunk = Buffer.from('4000\r\n' + 'x'.repeat(0x4000) + '\r\n');
		const parts: Buffer[] = [Buffer.from(head(['POST / HTTP/1.1', 'Host: x', 'Content-Type: application/json; charset=latin1', 'Transfer-Encoding: chunked']))];
		for (let i = 0; i < 4096; i++) parts.push(chunk);
		const exchange = await play(app as http.RequestListener, {
			parts,
			pauses: parts.map((_, i) => (i % 64 === 63 ? 1 : 0)),
			responses: 1,
			untilClose: true,
			// Generous: under load (a busy CI host) the 64 MB client alone can take seconds; the bounds are in bytes.
			timeoutMs: 30_000,
		});
		assert.equal(exchange.responses[0]?.body, 'early');
		assert.equal(exchange.closed, true);
		assert.ok(exchange.closedMs < discardBounds.drainMs, 'closed after ' + exchange.closedMs + ' ms');
	});
});

describe('uploads over the limit read their 413, never a reset', () => {
	async function upload(port: number, size: number): Promise<{ status: number; errors: string[] }> {
		return new Promise((resolve) => {
			const errors: string[] = [];
			let status = 0;
			const req = http.request(
				{ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'Content-Type': 'application/octet-stream' } },
				(res) => {
					status = res.statusCode ?? 0;
					res.resume();
					res.on('end', () => setImmediate(() => resolve({ status, errors })));
				},
			);
			req.on('error', (err: NodeJS.ErrnoException) => {
				errors.push(String(err.code ?? err.message));
				if (status === 0) resolve({ status, errors });
			});
			// The whole body is handed over before anything is read, as upload clients do.
			req.end(Buffer.alloc(size, 0x61));
		});
	}

	test('269 KB against a 200 KB limit, 20 times: always 413, no EPIPE or ECONNRESET', async () => {
		const { port } = await serve(buildApp('velox', (framework) => framework.raw({ limit: '200kb' })));
		for (let i = 0; i < 20; i++) {
			const result = await upload(port, 269 * 1024);
			assert.deepEqual(result, { status: 413, errors: [] }, 'upload ' + i);
		}
	});

	test('5 MB against a 200 KB limit (past the drain bound), 5 times: the 413 is read before any write error', async () => {
		const { port } = await serve(buildApp('velox', (framework) => framework.raw({ limit: '200kb' })));
		for (let i = 0; i < 5; i++) {
			const result = await upload(port, 5 * 1024 * 1024);
			assert.equal(result.status, 413, 'upload ' + i + ': ' + result.errors.join());
		}
	});
});
