/**
 * With an unknown node internal simulated (a detection made from stand-ins that lack node's header
 * table and server class keys, put in force with `usePlatform`, and an http2 module whose servers
 * cannot be adopted, with `useHttp2Platform`), Velox takes the public-API fallbacks and answers
 * byte for byte as with the fast paths: HTTP/1 through `app.listen` and `http.createServer(app)`,
 * and HTTP/2.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import { after, describe, test } from 'node:test';
import createETag from 'etag';
import velox from '../src/express';
import { detectHttp2, http2Detection, useHttp2Platform } from '../src/core/http2/platform';
import { type Detection, detect, features, nodeDetection, nodeSurface, usePlatform } from '../src/core/platform';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { rawRequest } from './helpers/raw-socket';
import { ElsewhereServer, NoTableResponse, noCompatHttp2 } from './helpers/platform-standins';
import { listen, listenApp, type Running } from './helpers/server';

const unknownInternals: Detection = detect({ ...nodeSurface, ServerResponse: NoTableResponse, Server: ElsewhereServer });

const unknownHttp2 = detectHttp2(noCompatHttp2);
const OPTIONS_KEY = http2Detection().optionsKey as symbol;
assert.deepEqual([unknownHttp2.serverClasses, unknownHttp2.headerMap], [false, false]);

after(() => {
	usePlatform(nodeDetection);
	useHttp2Platform(undefined);
});

/** Runs `run` with `detection` (and no HTTP/2 adoption) in force, then node's own again. */
async function under<T>(detection: Detection, run: () => Promise<T>): Promise<T> {
	usePlatform(detection);
	useHttp2Platform(unknownHttp2);
	try {
		return await run();
	} finally {
		usePlatform(nodeDetection);
		useHttp2Platform(undefined);
	}
}

interface Observed {
	path: string;
	/** The response's header table is node's own (null prototype), not one the fast path made. */
	nodeTable: boolean;
	/** How the request got the app's prototype. */
	strategy: 'class' | 'swap';
}

/** An app answering the shapes the fast paths touch: res.send/json, ETag and 304, the final handler's pages. */
function buildApp(observed: Observed[]) {
	const app = velox();
	app.set('env', 'test');
	app.use((req, res, next) => {
		if (req.httpVersionMajor === 1) {
			const strategy = Object.getPrototypeOf(req) === app.request ? 'swap' : 'class';
			res.on('finish', () => {
				const key = nodeDetection.headerTable;
				const table = key === undefined ? null : (res as unknown as Record<symbol, object | null>)[key];
				observed.push({ path: req.path, nodeTable: table === null || Object.getPrototypeOf(table) === null, strategy });
			});
		}
		next();
	});
	app.get('/text', (_req, res) => {
		res.send('hello');
	});
	app.get('/json', (_req, res) => {
		res.json({ hello: 'world' });
	});
	app.get('/html', (_req, res) => {
		res.set('X-Name', 'Jos\u00e9').type('html').send('<p>caf\u00e9</p>');
	});
	app.get('/big', (_req, res) => {
		res.status(201).send('x'.repeat(2000));
	});
	app.get('/redirect', (_req, res) => {
		res.redirect('/text');
	});
	app.get('/helmet', (_req, res) => {
		res.removeHeader('X-Powered-By');
		res.set('Content-Type', 'text/plain').send('ok');
	});
	app.get('/error', (_req, _res, next) => {
		next(Object.assign(new Error('unavailable'), { status: 503, headers: { 'Retry-After': '5' } }));
	});
	app.get('/language', (_req, res, next) => {
		res.set('Content-Language', 'en');
		next(new Error('boom'));
	});
	app.post('/echo', velox.json(), (req, res) => {
		res.json(req.body);
	});
	return app;
}

const ETAG_HELLO = createETag('hello', { weak: true });

/** Every request on one connection, pipelined; the last one closes it. */
const PIPELINE = [
	'GET /text HTTP/1.1\r\nHost: x\r\n\r\n',
	`GET /text HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${ETAG_HELLO}\r\n\r\n`,
	'HEAD /text HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /json HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /html HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /big HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /redirect HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n',
	'GET /helmet HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /error HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /language HTTP/1.1\r\nHost: x\r\n\r\n',
	'GET /missing HTTP/1.1\r\nHost: x\r\n\r\n',
	'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":[1,2]}',
	'GET /text HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
].join('');

/** The bytes of the whole connection, Date lines removed. */
async function pipelined(start: (observed: Observed[]) => Promise<Running>): Promise<{ raw: string; observed: Observed[] }> {
	const observed: Observed[] = [];
	const running = await start(observed);
	try {
		const result = await rawRequest(running.port, PIPELINE, { untilClose: true, timeoutMs: 10_000 });
		assert.equal(result.closedByServer, true);
		return { raw: result.raw.replace(/^Date: [^\r]*\r\n/gim, ''), observed };
	} finally {
		await running.close();
	}
}

const viaListen = (observed: Observed[]) => listenApp(buildApp(observed));
const viaCreateServer = (observed: Observed[]) => listen(http.createServer(buildApp(observed)));

describe('an unknown node internal: the public-API fallbacks', () => {
	test('the simulated detection turns every feature off', () => {
		assert.deepEqual({ ...unknownInternals.features }, { headerTable: false, serverClasses: false });
	});

	test('app.listen: the same bytes, every header through setHeader', async () => {
		const fast = await pipelined(viaListen);
		const fallback = await under(unknownInternals, () => pipelined(viaListen));
		assert.equal(fallback.raw, fast.raw);
		assert.equal(fast.raw.split('HTTP/1.1 ').length - 1, 13);
		assert.ok(fast.raw.includes('\r\n\r\nhello'));
		assert.ok(fallback.observed.length > 0 && fallback.observed.every((o) => o.nodeTable && o.strategy === 'class'));
		if (features.headerTable) assert.ok(fast.observed.every((o) => !o.nodeTable));
	});

	test('http.createServer(app): the same bytes, the server never adopted', async () => {
		const fast = await pipelined(viaCreateServer);
		const fallback = await under(unknownInternals, () => pipelined(viaCreateServer));
		assert.equal(fallback.raw, fast.raw);
		assert.ok(fallback.observed.length > 0 && fallback.observed.every((o) => o.nodeTable && o.strategy === 'swap'));
	});

	test('a second connection after adoption answers the same under either detection', async () => {
		// Adopted under node's detection first, then served with the fallback in force (and back).
		const observed: Observed[] = [];
		const running = await listen(http.createServer(buildApp(observed)));
		try {
			const first = await rawRequest(running.port, 'GET /json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', { untilClose: true });
			const second = await under(unknownInternals, () =>
				rawRequest(running.port, 'GET /json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', { untilClose: true }),
			);
			const strip = (raw: string) => raw.replace(/^Date: [^\r]*\r\n/gim, '');
			assert.equal(strip(second.raw), strip(first.raw));
		} finally {
			await running.close();
		}
	});

	test('HTTP/2: the same status, headers and body', async () => {
		const requests: Array<{ headers: http2.OutgoingHttpHeaders; body?: string }> = [
			{ headers: { ':path': '/text' } },
			{ headers: { ':path': '/text', 'if-none-match': ETAG_HELLO } },
			{ headers: { ':path': '/text', ':method': 'HEAD' } },
			{ headers: { ':path': '/json' } },
			{ headers: { ':path': '/html' } },
			{ headers: { ':path': '/big' } },
			{ headers: { ':path': '/redirect', accept: 'text/html' } },
			{ headers: { ':path': '/helmet' } },
			{ headers: { ':path': '/error' } },
			{ headers: { ':path': '/language' } },
			{ headers: { ':path': '/missing' } },
			{ headers: { ':path': '/echo', ':method': 'POST', 'content-type': 'application/json' }, body: '{"a":[1,2]}' },
		];
		const answers = async () => {
			const server = http2.createServer(buildApp([]) as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
			const running = await listen(server);
			const session = await connectH2(`http://127.0.0.1:${running.port}`);
			try {
				const seen: unknown[] = [];
				for (const request of requests) {
					const res = await h2request(session, request.headers, request.body);
					const { date: _date, ...headers } = res.headers;
					seen.push({ status: res.status, headers, body: res.body.toString('hex') });
				}
				// Whether node built the later requests with the app's class (the server's options name it).
				const options = (server as unknown as Record<symbol, { Http2ServerRequest?: unknown }>)[OPTIONS_KEY];
				adopted.push(options.Http2ServerRequest !== http2.Http2ServerRequest);
				return seen;
			} finally {
				await closeSession(session);
				await running.close();
			}
		};
		const adopted: boolean[] = [];
		const fast = await answers();
		const fallback = await under(unknownInternals, answers);
		assert.deepEqual(adopted, [true, false]);
		assert.deepEqual(fallback, fast);
		assert.equal((fast[0] as { status: number }).status, 200);
		assert.equal((fast[1] as { status: number }).status, 304);
	});
});
