/**
 * The error catalog (src/core/errors.ts) is the factory: every code is produced by a real
 * trigger and carries its code on `err.veloxCode`; errors Express 4 also gives have its exact
 * shape (keys, JSON, util.inspect), checked against express@4 and http-errors; no code is
 * unused or described twice; docs/errors.md is the catalog; src/ builds errors nowhere else.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { inspect } from 'node:util';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { adoptError, type ErrorCode, type ErrorEntry, errorCatalog, httpErrorFrom, requestError, veloxError } from '../src/core/errors';
import { useLine } from '../src/core/lines';
import { express5 } from '../src/core/lines/express5';
import velox from '../src/express';

type Lib = typeof velox;
type App = ReturnType<Lib>;
type Req = velox.Request;
type Res = velox.Response;
type Next = velox.NextFunction;
type Agent = ReturnType<typeof request>;
/** Produces the error for one code, built with express@4 or Velox. */
type Trigger = (lib: Lib) => Promise<unknown>;

const expressLib = express as unknown as Lib;
const repoRoot = join(__dirname, '..', '..');
const entries = errorCatalog as Record<ErrorCode, ErrorEntry>;
const JSON_TYPE = 'application/json';

let dir = '';
before(() => {
	dir = mkdtempSync(join(tmpdir(), 'velox-errors-'));
	writeFileSync(join(dir, 'small.txt'), 'small file');
	writeFileSync(join(dir, 'shrinks.txt'), 'this file is emptied');
	writeFileSync(join(dir, '.hidden'), 'secret');
	writeFileSync(join(dir, 'outside.txt'), 'outside');
	const root = join(dir, 'root');
	mkdirSync(root);
	symlinkSync(join(dir, 'outside.txt'), join(root, 'link.txt'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The error a synchronous call throws. */
async function thrownBy(call: () => unknown): Promise<unknown> {
	try {
		await call();
	} catch (err) {
		return err;
	}
	throw new assert.AssertionError({ message: 'expected a throw' });
}

/** The error the app's error handler receives for one request. */
async function caught(lib: Lib, build: (app: App) => void, send: (agent: Agent) => PromiseLike<unknown>): Promise<unknown> {
	const app = lib();
	app.set('env', 'test');
	let seen: unknown;
	build(app);
	app.use((err: unknown, _req: Req, res: Res, _next: Next) => {
		seen = err;
		res.status(599).end();
	});
	// The answer may be cut short (a file that shrank): only the error matters here.
	await send(request(app)).then(undefined, () => {});
	assert.ok(seen !== undefined, 'the error handler ran');
	return seen;
}

/** A request whose handler throws an error or passes one to `next`. */
function inHandler(lib: Lib, handle: (req: Req, res: Res, next: Next) => void): Promise<unknown> {
	return caught(
		lib,
		(app) => app.get('/', handle),
		(agent) => agent.get('/'),
	);
}

/** A JSON (or other) body posted through `parsers`. */
function parsing(lib: Lib, parsers: (lib: Lib) => unknown[], type: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<unknown> {
	return caught(
		lib,
		(app) => app.post('/', ...(parsers(lib) as velox.RequestHandler[]), (_req: Req, res: Res) => res.end()),
		(agent) => {
			let test = agent.post('/').set('Content-Type', type);
			for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
			return test.send(body);
		},
	);
}

/** Serves `listener` on a port for the length of `run`. */
async function serving<T>(listener: http.RequestListener, run: (port: number) => Promise<T>): Promise<T> {
	const server = http.createServer(listener);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		return await run((server.address() as AddressInfo).port);
	} finally {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
}

/** Writes `head` (and the start of a body) on a raw connection, then goes away. */
async function abandon(port: number, payload: string): Promise<void> {
	const socket = net.connect(port, '127.0.0.1');
	socket.on('error', () => {});
	await new Promise((resolve) => socket.once('connect', resolve));
	socket.write(payload);
	await new Promise((resolve) => setTimeout(resolve, 50));
	socket.destroy();
}

/** Waits for `promise`, failing after two seconds. */
function settled<T>(promise: Promise<T>, what: string): Promise<T> {
	return Promise.race([
		promise,
		new Promise<T>((_resolve, reject) => setTimeout(() => reject(new assert.AssertionError({ message: 'no ' + what })), 2000).unref()),
	]);
}

/** The error an error-first callback receives. */
function callbackError(start: (callback: (err: unknown) => void) => void): Promise<unknown> {
	return new Promise((resolve) => start(resolve));
}

const triggers: Record<ErrorCode, Trigger> = {
	VELOX_ERR_APP_ROUTER_REMOVED: async (lib) => thrownBy(() => lib().router),
	VELOX_ERR_MIDDLEWARE_UNBUNDLED: async (lib) => thrownBy(() => Reflect.get(lib, 'bodyParser')),
	VELOX_ERR_LINE_IN_FORCE: async () => thrownBy(() => useLine(5)),
	// Velox 5's rows, through Express 5's policy itself (test/v5.*.test.ts drive them through an app).
	VELOX_ERR_STATUS_NOT_INTEGER: async () => thrownBy(() => express5.response.status.call({ statusCode: 200, status: () => undefined }, 200.5)),
	VELOX_ERR_STATUS_RANGE: async () => thrownBy(() => express5.response.status.call({ statusCode: 200, status: () => undefined }, 99)),
	VELOX_ERR_APP_USE_MIDDLEWARE: async (lib) => thrownBy(() => lib().use()),
	VELOX_ERR_ROUTER_USE_MIDDLEWARE: async (lib) => thrownBy(() => lib.Router().use()),
	VELOX_ERR_ROUTER_USE_TYPE: async (lib) => thrownBy(() => lib.Router().use('/', 'nope' as never)),
	VELOX_ERR_HANDLER_REQUIRED: async () => thrownBy(() => express5.router.useWithoutHandler()),
	VELOX_ERR_HANDLER_TYPE: async () => thrownBy(() => express5.router.useHandlerNotFunction('nope')),
	VELOX_ERR_PARAM_NAME_REQUIRED: async () => thrownBy(() => express5.router.checkParam('', () => {})),
	VELOX_ERR_PARAM_NAME_TYPE: async () => thrownBy(() => express5.router.checkParam(() => {}, undefined)),
	VELOX_ERR_PARAM_FN_REQUIRED: async () => thrownBy(() => express5.router.checkParam('id', undefined)),
	VELOX_ERR_PARAM_FN_TYPE: async () => thrownBy(() => express5.router.checkParam('id', 'nope')),
	VELOX_ERR_ROUTE_ALL_CALLBACK: async (lib) =>
		thrownBy(() =>
			lib
				.Router()
				.route('/')
				.all('nope' as never),
		),
	VELOX_ERR_ROUTE_METHOD_CALLBACK: async (lib) =>
		thrownBy(() =>
			lib
				.Router()
				.route('/')
				.get('nope' as never),
		),
	VELOX_ERR_PARAM_CALLBACK: async (lib) => thrownBy(() => lib.Router().param('id', 'nope' as never)),
	VELOX_ERR_PATH_TYPE: async (lib) => thrownBy(() => lib().get({} as never, () => {})),
	VELOX_ERR_ENGINE_CALLBACK: async (lib) => thrownBy(() => lib().engine('tpl', 'nope' as never)),
	VELOX_ERR_ETAG_SETTING: async (lib) => thrownBy(() => lib().set('etag', 'nope')),
	VELOX_ERR_QUERY_PARSER_SETTING: async (lib) => thrownBy(() => lib().set('query parser', 'nope')),
	VELOX_ERR_REJECTED_PROMISE: (lib) => inHandler(lib, () => Promise.reject(undefined)),
	VELOX_ERR_REQ_GET_NAME_REQUIRED: (lib) => inHandler(lib, (req) => (req.get as unknown as () => string)()),
	VELOX_ERR_REQ_GET_NAME_TYPE: (lib) => inHandler(lib, (req) => req.get(5 as never)),
	VELOX_ERR_CONTENT_TYPE_ARRAY: (lib) => inHandler(lib, (_req, res) => res.set('Content-Type', ['text/plain'])),
	VELOX_ERR_SIGNED_COOKIE_SECRET: (lib) => inHandler(lib, (_req, res) => res.cookie('name', 'value', { signed: true })),
	VELOX_ERR_NOT_ACCEPTABLE: (lib) =>
		caught(
			lib,
			(app) => app.get('/', (_req: Req, res: Res) => res.format({ 'text/html': () => res.end() })),
			(agent) => agent.get('/').set('Accept', JSON_TYPE),
		),
	VELOX_ERR_PARAM_DECODE: (lib) =>
		caught(
			lib,
			(app) => app.get('/:name', (_req: Req, res: Res) => res.end()),
			(agent) => agent.get('/%E0%A4%A'),
		),
	VELOX_ERR_VIEW_NAME_TYPE: (lib) => inHandler(lib, (_req, res) => res.render(5 as never)),
	VELOX_ERR_VIEW_NO_ENGINE: (lib) => inHandler(lib, (_req, res) => res.render('page')),
	// `ms` is installed and exports no `__express`.
	VELOX_ERR_VIEW_ENGINE_MODULE: (lib) => inHandler(lib, (_req, res) => res.render('page.ms')),
	VELOX_ERR_VIEW_LOOKUP: (lib) =>
		caught(
			lib,
			(app) => {
				app.engine('tpl', (_path: string, _options: object, done: (err: Error | null, html?: string) => void) => done(null, ''));
				app.set('views', dir);
				app.get('/', (_req: Req, res: Res) => res.render('missing.tpl'));
			},
			(agent) => agent.get('/'),
		),
	// Only a View constructed by hand with a name that resolves to no engine reaches its render.
	VELOX_ERR_VIEW_NOT_RESOLVED: async (lib) => {
		const View = lib().get('view') as new (name: string, options: object) => { render(options: object, done: (err: unknown) => void): void };
		const view = new View('page.tpl\0', { root: dir, engines: {} });
		return callbackError((done) => view.render({}, done));
	},
	VELOX_ERR_OPTION_LIMIT: async (lib) => thrownBy(() => lib.json({ limit: 'lots' })),
	VELOX_ERR_OPTION_VERIFY: async (lib) => thrownBy(() => lib.json({ verify: 'nope' as never })),
	VELOX_ERR_OPTION_PARAMETER_LIMIT: async (lib) => thrownBy(() => lib.urlencoded({ extended: false, parameterLimit: 0 })),
	VELOX_ERR_OPTION_DEPTH: async (lib) => thrownBy(() => lib.urlencoded({ extended: true, depth: -1 } as never)),
	VELOX_ERR_OPTION_FORM_CHARSET: async () => thrownBy(() => express5.body.formDefaultCharset('koi8-r')),
	VELOX_ERR_ENTITY_TOO_LARGE: (lib) => parsing(lib, (l) => [l.json({ limit: 5 })], JSON_TYPE, '{"a":"long enough"}'),
	VELOX_ERR_PARAMETERS_TOO_MANY: (lib) =>
		parsing(lib, (l) => [l.urlencoded({ extended: false, parameterLimit: 1 })], 'application/x-www-form-urlencoded', 'a=1&b=2'),
	VELOX_ERR_DEPTH_EXCEEDED: (lib) =>
		parsing(lib, (l) => [l.urlencoded({ extended: true, depth: 1 } as never)], 'application/x-www-form-urlencoded', 'a[b][c][d]=1'),
	VELOX_ERR_CHARSET_UNSUPPORTED: (lib) => parsing(lib, (l) => [l.json()], JSON_TYPE + '; charset=koi8-r', '{}'),
	VELOX_ERR_ENCODING_UNSUPPORTED: (lib) => parsing(lib, (l) => [l.json()], JSON_TYPE, '{}', { 'Content-Encoding': 'x-unknown' }),
	VELOX_ERR_ENCODING_NOT_ALLOWED: (lib) => parsing(lib, (l) => [l.json({ inflate: false })], JSON_TYPE, zlib.gzipSync('{}'), { 'Content-Encoding': 'gzip' }),
	VELOX_ERR_STREAM_ENCODING_SET: (lib) =>
		parsing(
			lib,
			(l) => [
				(req: Req, _res: Res, next: Next) => {
					req.setEncoding('utf8');
					next();
				},
				l.json(),
			],
			JSON_TYPE,
			'{}',
		),
	VELOX_ERR_STREAM_NOT_READABLE: (lib) =>
		parsing(
			lib,
			(l) => [
				(req: Req, _res: Res, next: Next) => {
					req.resume();
					req.on('end', () => setImmediate(next));
				},
				l.json(),
			],
			JSON_TYPE,
			'{}',
		),
	VELOX_ERR_REQUEST_SIZE_INVALID: (lib) =>
		parsing(
			lib,
			(l) => [
				(req: Req, _res: Res, next: Next) => {
					req.headers['content-length'] = '12';
					next();
				},
				l.text(),
			],
			'text/plain',
			'short',
		),
	VELOX_ERR_REQUEST_ABORTED: async (lib) => {
		const app = lib();
		const seen = new Promise<unknown>((resolve) => {
			app.use(lib.raw(), (err: unknown, _req: Req, _res: Res, _next: Next) => resolve(err));
		});
		return serving(app, async (port) => {
			await abandon(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789');
			return settled(seen, 'request.aborted');
		});
	},
	VELOX_ERR_ENTITY_PARSE_FAILED: (lib) => parsing(lib, (l) => [l.json()], JSON_TYPE, '{'),
	VELOX_ERR_ENTITY_VERIFY_FAILED: (lib) =>
		parsing(
			lib,
			(l) => [
				l.json({
					verify: () => {
						throw new Error('bad signature');
					},
				}),
			],
			JSON_TYPE,
			'{}',
		),
	VELOX_ERR_INFLATE_FAILED: (lib) => parsing(lib, (l) => [l.json()], JSON_TYPE, Buffer.from('not gzip'), { 'Content-Encoding': 'gzip' }),
	VELOX_ERR_JSON_STRICT: (lib) => parsing(lib, (l) => [l.json()], JSON_TYPE, ' true'),
	VELOX_ERR_JSON_REVIVER_THREW: (lib) =>
		parsing(
			lib,
			(l) => [
				l.json({
					reviver: (key: string, value: unknown) => {
						if (key === 'a') throw 'refused';
						return value;
					},
				}),
			],
			JSON_TYPE,
			'{"a":1}',
		),
	VELOX_ERR_STATIC_ROOT_REQUIRED: async (lib) => thrownBy(() => lib.static('')),
	VELOX_ERR_STATIC_ROOT_TYPE: async (lib) => thrownBy(() => lib.static(5 as never)),
	VELOX_ERR_OPTION_SET_HEADERS: async (lib) => thrownBy(() => lib.static(dir, { setHeaders: 'nope' as never })),
	VELOX_ERR_OPTION_STRING_ARRAY: (lib) => inHandler(lib, (_req, res, next) => res.sendFile(join(dir, 'small.txt'), { extensions: [5] } as never, next)),
	VELOX_ERR_OPTION_DOTFILES: (lib) => inHandler(lib, (_req, res, next) => res.sendFile(join(dir, 'small.txt'), { dotfiles: 'nope' } as never, next)),
	VELOX_ERR_OPTION_SYMLINKS: (lib) => inHandler(lib, (_req, res, next) => res.sendFile(join(dir, 'small.txt'), { symlinks: 'nope' } as never, next)),
	VELOX_ERR_OPTION_SYMLINKS_ROOT: (lib) =>
		inHandler(lib, (_req, res, next) => res.sendFile(join(dir, 'small.txt'), { symlinks: 'within-root' } as never, next)),
	VELOX_ERR_SENDFILE_PATH_REQUIRED: (lib) => inHandler(lib, (_req, res) => (res.sendFile as () => void)()),
	VELOX_ERR_SENDFILE_PATH_TYPE: (lib) => inHandler(lib, (_req, res) => res.sendFile(5 as never)),
	VELOX_ERR_SENDFILE_PATH_RELATIVE: (lib) => inHandler(lib, (_req, res) => res.sendFile('small.txt')),
	VELOX_ERR_SENDFILE_IS_DIRECTORY: (lib) => inHandler(lib, (_req, res, next) => res.sendFile(dir, next)),
	VELOX_ERR_SENDFILE_ABORTED: async (lib) => {
		const app = lib();
		const seen = new Promise<unknown>((resolve) => {
			app.get('/', (_req: Req, res: Res) => {
				res.on('close', () => setImmediate(() => res.sendFile(join(dir, 'small.txt'), resolve)));
			});
		});
		return serving(app, async (port) => {
			await abandon(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			return settled(seen, 'sendFile callback');
		});
	},
	VELOX_ERR_FILE_STATUS: (lib) =>
		caught(
			lib,
			(app) => app.use(lib.static(dir, { dotfiles: 'deny', fallthrough: false })),
			(agent) => agent.get('/.hidden'),
		),
	VELOX_ERR_FILE_SYSTEM: (lib) => inHandler(lib, (_req, res, next) => res.sendFile(join(dir, 'missing.txt'), next)),
	VELOX_ERR_FILE_OUTSIDE_ROOT: (lib) =>
		inHandler(lib, (_req, res, next) => res.sendFile('link.txt', { root: join(dir, 'root'), symlinks: 'within-root' } as never, next)),
	VELOX_ERR_HEADERS_SENT: (lib) =>
		inHandler(lib, (_req, res, next) => {
			res.write('head out');
			res.sendFile(join(dir, 'small.txt'), next);
		}),
	VELOX_ERR_FILE_CHANGED: (lib) =>
		caught(
			lib,
			(app) => app.use(lib.static(dir, { setHeaders: (_res: unknown, path: string) => truncateSync(path, 0) })),
			(agent) => agent.get('/shrinks.txt'),
		),
	VELOX_ERR_HEADERS_HOOK: (lib) =>
		caught(
			lib,
			(app) =>
				app.use(
					lib.static(dir, {
						setHeaders: () => {
							throw new Error('hook failed');
						},
					}),
				),
			(agent) => agent.get('/small.txt'),
		),
	VELOX_ERR_TIMEOUT: (lib) =>
		caught(
			lib,
			(app) => app.get('/', lib.timeout(20), () => {}),
			(agent) => agent.get('/'),
		),
	VELOX_ERR_CLIENT_CLOSED: async (lib) => {
		const app = lib();
		const seen = new Promise<unknown>((resolve) => {
			app.get('/', (req: Req) => req.signal?.addEventListener('abort', () => resolve(req.signal?.reason)));
		});
		return serving(app, async (port) => {
			await abandon(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
			return settled(seen, 'abort');
		});
	},
	VELOX_ERR_TIMEOUT_TIME: async (lib) => thrownBy(() => lib.timeout('soon')),
	VELOX_ERR_SHUTDOWN_TIMEOUT: async (lib) => thrownBy(() => lib.shutdown(http.createServer(), { timeout: 'later' })),
	VELOX_ERR_INJECT_ABORTED: async (lib) =>
		thrownBy(() =>
			lib()
				.use((_req: Req, res: Res) => res.destroy())
				.inject('/'),
		),
	VELOX_ERR_INJECT_MALFORMED: async (lib) =>
		thrownBy(() =>
			lib()
				.use((_req: Req, res: Res) => {
					res.socket?.write('HTTP/1.1 fine\r\n\r\n');
					res.end();
				})
				.inject('/'),
		),
	// WebSocket routes and event streams (src/core/ws/index.ts, ws-socket.ts, sse.ts).
	// A missing `ws` package cannot happen here (it is installed for the tests); the factory builds it.
	VELOX_ERR_WS_MISSING: async () => veloxError('VELOX_ERR_WS_MISSING', "Cannot find module 'ws'"),
	VELOX_ERR_WS_HANDLER: async (lib) => thrownBy(() => lib().ws('/socket')),
	VELOX_ERR_WS_OPTION: async (lib) =>
		thrownBy(() => {
			const app = lib();
			// A wrong type on purpose: the option is checked at run time too.
			(app.ws as (...args: unknown[]) => unknown).call(app, '/socket', { maxPayload: 'big' }, () => {});
		}),
	// The handshake refusals answer over the upgrade socket, before any handler could see them:
	// test/ws.*.test.ts pins those answers on the wire; here the factory builds what they answer with.
	VELOX_ERR_WS_ORIGIN: async () => requestError('VELOX_ERR_WS_ORIGIN', ['"https://elsewhere.example"']),
	VELOX_ERR_WS_HANDSHAKE: async () => requestError('VELOX_ERR_WS_HANDSHAKE', ['missing or invalid Sec-WebSocket-Key']),
	VELOX_ERR_WS_SHUTTING_DOWN: async () => requestError('VELOX_ERR_WS_SHUTTING_DOWN'),
	VELOX_ERR_SSE_STARTED: (lib) =>
		caught(
			lib,
			(app) =>
				app.get('/', (_req: Req, res: Res) => {
					res.writeHead(200);
					res.sse!();
				}),
			(agent) => agent.get('/'),
		),
	VELOX_ERR_SSE_FIELD: (lib) =>
		caught(
			lib,
			(app) => app.get('/', (_req: Req, res: Res) => res.sse!().send('data', { event: 'two\nlines' })),
			(agent) => agent.get('/'),
		),
	VELOX_ERR_SSE_RETRY: (lib) =>
		caught(
			lib,
			(app) => app.get('/', (_req: Req, res: Res) => res.sse!({ retry: -1 })),
			(agent) => agent.get('/'),
		),
};

/** Codes of errors express@4 does not give; every other, built the same way with it, must have its shape. */
const beyondExpress = new Set<ErrorCode>([
	// Express 4 hands the name to path.extname, which throws node's ERR_INVALID_ARG_TYPE.
	'VELOX_ERR_VIEW_NAME_TYPE',
	'VELOX_ERR_REJECTED_PROMISE',
	'VELOX_ERR_VIEW_NOT_RESOLVED',
	'VELOX_ERR_JSON_REVIVER_THREW',
	'VELOX_ERR_OPTION_SYMLINKS',
	'VELOX_ERR_OPTION_SYMLINKS_ROOT',
	'VELOX_ERR_FILE_OUTSIDE_ROOT',
	'VELOX_ERR_FILE_CHANGED',
	'VELOX_ERR_HEADERS_HOOK',
	'VELOX_ERR_TIMEOUT',
	'VELOX_ERR_CLIENT_CLOSED',
	'VELOX_ERR_TIMEOUT_TIME',
	'VELOX_ERR_SHUTDOWN_TIMEOUT',
	'VELOX_ERR_INJECT_ABORTED',
	'VELOX_ERR_INJECT_MALFORMED',
	'VELOX_ERR_WS_MISSING',
	'VELOX_ERR_WS_HANDLER',
	'VELOX_ERR_WS_OPTION',
	'VELOX_ERR_WS_ORIGIN',
	'VELOX_ERR_WS_HANDSHAKE',
	'VELOX_ERR_WS_SHUTTING_DOWN',
	'VELOX_ERR_SSE_STARTED',
	'VELOX_ERR_SSE_FIELD',
	'VELOX_ERR_SSE_RETRY',
]);

/** What a user's code, a logger or a JSON error body can see of an error. */
function shape(err: unknown): Record<string, unknown> {
	const value = err as Error & Record<string, unknown>;
	const inherited: string[] = [];
	for (const key in value) inherited.push(key);
	return {
		keys: Object.keys(value),
		forIn: inherited,
		// Velox's own hidden fields: the catalog code, and a set-up error's code.
		ownNames: Object.getOwnPropertyNames(value).filter((name) => name !== 'veloxCode' && !(name === 'code' && String(value.code).startsWith('VELOX_ERR_'))),
		json: JSON.stringify(value, (key, field) => (key === 'view' || Buffer.isBuffer(field) ? typeof field : field)),
		inspect: inspect(value)
			.split('\n')
			.filter((line) => !/^\s+at /.test(line))
			.join('\n')
			.replace(dir, '<dir>'),
		name: value.name,
		constructor: value.constructor?.name,
		tag: Object.prototype.toString.call(value),
		message: typeof value.message === 'string' ? value.message.replace(dir, '<dir>') : value.message,
		status: value.status,
		statusCode: value.statusCode,
		expose: value.expose,
		code: value.code,
		type: value.type,
	};
}

/** The message template as a pattern (`%s` stands for anything). */
function templatePattern(template: string): RegExp {
	return new RegExp(
		'^' +
			template
				.split('%s')
				.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
				.join('[^]*') +
			'$',
	);
}

describe('every catalog code is produced, with its code, kind, status, type and err.code', () => {
	test('there is a trigger for exactly the catalog', () => {
		assert.deepEqual(Object.keys(triggers).sort(), Object.keys(errorCatalog).sort());
	});

	for (const code of Object.keys(triggers) as ErrorCode[]) {
		test(code, async () => {
			const spec = entries[code];
			const err = (await triggers[code](velox)) as Error & Record<string, unknown>;
			assert.ok(err instanceof Error, 'an Error');
			assert.equal(err.veloxCode, code);
			assert.equal(Object.getOwnPropertyDescriptor(err, 'veloxCode')?.enumerable, false, 'veloxCode is not enumerable');
			const kinds: Record<ErrorEntry['kind'], () => boolean> = {
				HttpError: () => Object.hasOwn(Object.getPrototypeOf(err), 'status') && err.name === err.constructor.name,
				Error: () => err.constructor === Error,
				TypeError: () => err.constructor === TypeError,
				RangeError: () => err.constructor === RangeError,
				SyntaxError: () => err.constructor === SyntaxError,
				URIError: () => err.constructor === URIError,
				thrown: () => true,
			};
			assert.ok(kinds[spec.kind](), 'kind ' + spec.kind + ', got ' + err.constructor.name);
			if (spec.status !== undefined) assert.equal(err.status, spec.status);
			if (spec.type !== undefined) assert.equal(err.type, spec.type);
			if (spec.name !== undefined) assert.equal(err.name, spec.name);
			if (spec.setup === true) {
				assert.equal(err.code, code, 'a set-up error carries the catalog code');
				assert.equal(Object.getOwnPropertyDescriptor(err, 'code')?.enumerable, false);
			} else if (spec.errCode !== undefined) {
				assert.equal(err.code, spec.errCode);
			} else if (spec.kind !== 'thrown') {
				assert.equal(err.code, undefined, 'no code Express 4 does not give');
			}
			// JSON_STRICT's own message is only body-parser's fallback: the engine words the error.
			if (spec.message !== undefined && spec.kind !== 'thrown' && code !== 'VELOX_ERR_JSON_STRICT') {
				assert.match(err.message, templatePattern(spec.message));
			}
		});
	}
});

describe('errors express@4 also gives have its shape exactly (keys, for-in, JSON, util.inspect, class)', () => {
	for (const code of Object.keys(triggers) as ErrorCode[]) {
		if (beyondExpress.has(code)) continue;
		test(code, async () => {
			const expected = shape(await triggers[code](expressLib));
			const actual = shape(await triggers[code](velox));
			// A set-up error also carries the catalog code on `code` (not enumerable); Express 4 gives none.
			assert.deepEqual(actual, { ...expected, code: entries[code].setup ? code : expected.code });
		});
	}
});

describe('the factory builds what http-errors builds', () => {
	const createError = require(require.resolve('http-errors', { paths: [require.resolve('express')] })) as (...args: unknown[]) => Error;

	test('requestError: a fresh error of every kind of status, with props', () => {
		for (const status of [400, 404, 413, 416, 418, 499, 500, 503, 599]) {
			const props = { headers: { 'Content-Range': 'bytes */1' }, extra: 1 };
			assert.deepEqual(shape(requestError('VELOX_ERR_FILE_STATUS', [], props, status)), shape(createError(status, props)), String(status));
		}
		assert.deepEqual(
			shape(requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit: 1 })),
			shape(createError(413, 'request entity too large', { limit: 1, type: 'entity.too.large' })),
		);
	});

	test('httpErrorFrom: an Error keeps its identity, a status it carries wins, a string becomes the message', () => {
		const cases: [() => unknown, number, Record<string, unknown>][] = [
			[() => new Error('plain'), 400, { body: 'x' }],
			[() => Object.assign(new Error('own status'), { status: 418 }), 400, {}],
			[() => Object.assign(new Error('own statusCode'), { statusCode: 503, expose: true }), 403, {}],
			[() => Object.assign(new TypeError('bad status'), { status: 200 }), 400, {}],
			[() => createError(401, 'from http-errors'), 403, { body: 'x' }],
			[() => 'a string', 403, { body: 'x' }],
		];
		for (const [make, status, props] of cases) {
			const thrown = make();
			const ours = httpErrorFrom('VELOX_ERR_ENTITY_VERIFY_FAILED', thrown, props, status);
			const theirs = createError(status, make(), { ...props, type: (thrown as { type?: string }).type || 'entity.verify.failed' });
			assert.deepEqual(shape(ours), shape(theirs), String(thrown));
		}
	});
});

describe('the catalog: codes used, none described twice, documented exactly', () => {
	const sources: string[] = [];
	const walk = (folder: string): void => {
		for (const item of readdirSync(folder, { withFileTypes: true })) {
			const file = join(folder, item.name);
			if (item.isDirectory()) walk(file);
			else if (item.name.endsWith('.ts')) sources.push(file);
		}
	};
	walk(join(repoRoot, 'src'));
	const catalogFile = join(repoRoot, 'src', 'core', 'errors.ts');

	test('every code is used by src/ (quoted: the catalog itself names them unquoted)', () => {
		const text = sources.map((file) => readFileSync(file, 'utf8')).join('\n');
		const unused = Object.keys(errorCatalog).filter((code) => !text.includes("'" + code + "'"));
		assert.deepEqual(unused, []);
	});

	test('no two codes describe the same error', () => {
		const seen = new Map<string, string>();
		for (const [code, spec] of Object.entries(entries)) {
			const key = JSON.stringify([spec.kind, spec.status, spec.type, spec.name, spec.errCode, spec.message ?? spec.when]);
			assert.equal(seen.get(key), undefined, code + ' repeats ' + seen.get(key));
			seen.set(key, code);
		}
	});

	test('every code is VELOX_ERR_ prefixed; a set-up error has no other err.code; a varying status is explained', () => {
		for (const [code, spec] of Object.entries(entries)) {
			assert.match(code, /^VELOX_ERR_[A-Z0-9_]+$/);
			assert.ok(spec.when.length > 0, code + ' says when it happens');
			if (spec.setup === true) assert.equal(spec.errCode, undefined, code);
			if ((spec.kind === 'HttpError' || spec.kind === 'thrown') && spec.status === undefined) assert.match(spec.when, /status/, code);
		}
	});

	test('docs/errors.md lists exactly the catalog, in order, and is generated from it', () => {
		const doc = readFileSync(join(repoRoot, 'docs', 'errors.md'), 'utf8');
		const listed = [...doc.matchAll(/^\| `(VELOX_ERR_[A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
		assert.deepEqual(listed, Object.keys(errorCatalog));
		const { renderErrorsDoc } = require(join(repoRoot, 'scripts', 'errors-doc.js')) as { renderErrorsDoc: (catalog: object) => string };
		assert.equal(doc, renderErrorsDoc(errorCatalog), 'run node scripts/errors-doc.js after changing the catalog');
	});

	test('src/ builds and edits errors only through the catalog factory', () => {
		const found: string[] = [];
		const creating =
			/new [A-Za-z]*Error\(|(?<![.\w])(Type|Syntax|Range|URI)?Error\(|\b(err|error|thrown|wrapped)\.(status|statusCode|expose|code|type|message|stack|name)\s*=[^=]/;
		for (const file of sources) {
			if (file === catalogFile) continue;
			readFileSync(file, 'utf8')
				.split('\n')
				.forEach((line, index) => {
					const code = line.replace(/\/\*.*?\*\/|\/\/.*$|^\s*\/?\*.*$/g, '');
					if (creating.test(code)) found.push(relative(repoRoot, file) + ':' + (index + 1) + ' ' + line.trim());
				});
		}
		assert.deepEqual(found, []);
	});
});

describe('factory details', () => {
	test('veloxError: the class Express throws, the message filled in, no enumerable key', () => {
		const err = veloxError('VELOX_ERR_ROUTE_METHOD_CALLBACK', 'get', '[object Undefined]');
		assert.equal(err.constructor, Error);
		assert.equal(err.message, 'Route.get() requires a callback function but got a [object Undefined]');
		assert.equal(err.veloxCode, 'VELOX_ERR_ROUTE_METHOD_CALLBACK');
		assert.deepEqual(Object.keys(err), []);
		assert.equal(JSON.stringify(err), '{}');
		assert.match(veloxError('VELOX_ERR_APP_USE_MIDDLEWARE').stack ?? '', /^TypeError: app\.use\(\) requires a middleware function\n/);
	});

	test('an argument holding %s is inserted as it is, not read as a placeholder', () => {
		assert.equal(veloxError('VELOX_ERR_VIEW_ENGINE_MODULE', '%s').message, 'Module "%s" does not provide a view engine.');
	});

	test('an error that already carries a code keeps it when passed on (a Velox error thrown through a parser)', () => {
		const inner = requestError('VELOX_ERR_PARAMETERS_TOO_MANY');
		assert.equal(httpErrorFrom('VELOX_ERR_ENTITY_PARSE_FAILED', inner, { body: '' }).veloxCode, 'VELOX_ERR_PARAMETERS_TOO_MANY');
	});

	test('a frozen error someone else threw is passed on without its code, not thrown over', () => {
		const frozen = Object.freeze(new URIError('frozen'));
		assert.equal(adoptError('VELOX_ERR_PARAM_DECODE', frozen), frozen);
		assert.equal((frozen as { veloxCode?: string }).veloxCode, undefined);
	});

	test('the status classes construct as http-errors ones do', () => {
		const err = requestError('VELOX_ERR_FILE_STATUS', [], undefined, 404);
		const NotFound = err.constructor as new (message?: string) => Error & { status: number };
		const made = new NotFound('gone');
		assert.equal(made.name, 'NotFoundError');
		assert.equal(made.status, 404);
		assert.equal(made.message, 'gone');
		assert.ok(made instanceof NotFound);
	});
});
