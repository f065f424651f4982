/**
 * Differential testing against express@4: build the same app with both
 * frameworks, send the same raw requests, compare status, headers and body.
 *
 * Requests go through `node:http` directly (not supertest) so the request
 * target reaches the server byte for byte: malformed escapes, absolute-form
 * URLs, `//` and `..` segments, and any method name.
 *
 * @example
 * await differential((framework) => {
 *   const app = framework();
 *   app.get('/users/:id', (req, res) => res.end(req.params.id));
 *   return app;
 * }, [{ path: '/users/42' }, { method: 'HEAD', path: '/users/42' }]);
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import velox from '../../src/index';
import { injectRequest } from '../../src/inject';

/** The factory both frameworks expose; Velox is typed as Express so one builder serves both. */
export type Framework = typeof express;
export type FrameworkName = 'express' | 'velox';
type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface DiffRequest {
	method?: string;
	path: string;
	headers?: Record<string, string>;
	body?: string;
}

export interface RawResponse {
	status: number;
	statusMessage: string;
	headers: Record<string, string | string[] | undefined>;
	/** The body decoded as UTF-8. */
	body: string;
	/** The body bytes. */
	bytes: Buffer;
}

interface Comparable {
	status: number;
	statusMessage: string;
	headers: Record<string, string | string[] | undefined>;
	/** The body bytes as latin1 text: byte-exact and readable in a diff. */
	body: string;
}

export interface DifferentialOptions {
	/** The `env` setting of every app the builder creates (default `test`: no stderr logging). */
	env?: string;
	/** Extra response headers not to compare (lower case). */
	ignoreHeaders?: string[];
	/**
	 * Dispatch in process with `injectRequest` (app.inject's engine, which takes any request
	 * listener, express's too) instead of a socket: for routing and request logic, where the
	 * network adds only time. Not for tests about what node's HTTP parser accepts.
	 */
	inProcess?: boolean;
}

const REQUEST_TIMEOUT_MS = 5000;
// Date and ETag vary per run; X-Powered-By names the framework (its presence is still compared).
const ALWAYS_IGNORED = ['date', 'etag'];
// A stack frame line as finalhandler renders it into the error page: paths differ between frameworks.
const STACK_FRAME = /<br> &nbsp; &nbsp;at [^<]*/g;

export const frameworks: Record<FrameworkName, Framework> = {
	express,
	velox,
};

/** A factory that sets `env` on every app it creates, with the framework's statics (Router, json, …). */
function withEnv(framework: Framework, env: string): Framework {
	const factory = function createApp() {
		const app = framework();
		app.set('env', env);
		return app;
	};
	return Object.assign(factory, framework);
}

/** Starts `listener` on an ephemeral port of 127.0.0.1. */
export async function listen(listener: Listener): Promise<http.Server> {
	const server = http.createServer(listener);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return server;
}

/** Starts an app through its own `app.listen` on an ephemeral port; `null` when the listener is not an app. */
async function listenWithApp(listener: Listener): Promise<http.Server | null> {
	const app = listener as Listener & { listen?: (port: number, host: string, callback: () => void) => http.Server };
	if (typeof app.listen !== 'function') return null;
	let server: http.Server | undefined;
	await new Promise<void>((resolve) => {
		server = app.listen!(0, '127.0.0.1', resolve);
	});
	return server!;
}

export async function close(server: http.Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Sends one raw request and reads the whole response. */
export function sendRaw(server: http.Server, request: DiffRequest): Promise<RawResponse> {
	const { port } = server.address() as AddressInfo;
	return new Promise((resolve, reject) => {
		const req = http.request(
			{ host: '127.0.0.1', port, method: request.method ?? 'GET', path: request.path, headers: request.headers, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const bytes = Buffer.concat(chunks);
					resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: bytes.toString('utf8'), bytes });
				});
				res.on('error', reject);
			},
		);
		// A router that never answers must fail the test, not hang the run.
		req.setTimeout(REQUEST_TIMEOUT_MS, () =>
			req.destroy(new Error('no response within ' + REQUEST_TIMEOUT_MS + ' ms: ' + (request.method ?? 'GET') + ' ' + request.path)),
		);
		req.on('error', reject);
		req.end(request.body);
	});
}

/** `sendRaw` without a socket: the same request through `injectRequest`. */
async function sendInProcess(listener: Listener, request: DiffRequest): Promise<RawResponse> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(
			() => reject(new Error('no response within ' + REQUEST_TIMEOUT_MS + ' ms: ' + (request.method ?? 'GET') + ' ' + request.path)),
			REQUEST_TIMEOUT_MS,
		);
	});
	try {
		const response = await Promise.race([
			injectRequest(listener, { method: request.method, url: request.path, headers: request.headers, body: request.body }),
			timeout,
		]);
		return { status: response.statusCode, statusMessage: response.statusMessage, headers: response.headers, body: response.text, bytes: response.body };
	} finally {
		clearTimeout(timer);
	}
}

/** `differential` dispatching in process (see `DifferentialOptions.inProcess`). */
export function differentialInProcess(
	build: (framework: Framework, name: FrameworkName) => Listener,
	requests: DiffRequest[],
	options: DifferentialOptions = {},
): Promise<RawResponse[]> {
	return differential(build, requests, { ...options, inProcess: true });
}

const EXPIRES = /Expires=([^;]+)/;

/**
 * A cookie Expires computed from the clock (`maxAge`) can differ by a second
 * between the two frameworks' requests; dates within a day of now are
 * replaced by a marker, fixed dates (1970, 2030, …) are compared as they are.
 */
function scrubRecentExpires(cookie: string): string {
	const match = EXPIRES.exec(cookie);
	if (match === null) return cookie;
	const time = Date.parse(match[1]);
	return Math.abs(time - Date.now()) < 86_400_000 ? cookie.replace(EXPIRES, 'Expires=<clock>') : cookie;
}

/** Status, headers and body in comparable form. */
function normalize(response: RawResponse, ignored: string[]): Comparable {
	const headers: Record<string, string | string[] | undefined> = {};
	const raw = response.bytes.toString('latin1');
	const body = raw.replace(STACK_FRAME, '');
	for (const name of Object.keys(response.headers).sort()) {
		if (ignored.includes(name)) continue;
		// Stack frames were removed from the body; its length then differs legitimately.
		if (name === 'content-length' && body !== raw) continue;
		const value = response.headers[name];
		headers[name] = name === 'x-powered-by' ? '<present>' : name === 'set-cookie' && Array.isArray(value) ? value.map(scrubRecentExpires) : value;
	}
	return { status: response.status, statusMessage: response.statusMessage, headers, body };
}

/** Builds the app with both frameworks and sends each request to both. */
export async function runBoth(
	build: (framework: Framework, name: FrameworkName) => Listener,
	requests: DiffRequest[],
	options: DifferentialOptions = {},
): Promise<Record<FrameworkName | 'velox-listen', RawResponse[]>> {
	const env = options.env ?? 'test';
	const results = { express: [], velox: [], 'velox-listen': [] } as Record<FrameworkName | 'velox-listen', RawResponse[]>;
	// Outside the `test` env both final handlers log errors to stderr; that is pinned in
	// final-handler.test.ts, here it would only be noise in the test output.
	const consoleError = console.error;
	if (env !== 'test') console.error = () => {};
	try {
		for (const name of ['express', 'velox', 'velox-listen'] as const) {
			const framework = name === 'express' ? 'express' : 'velox';
			if (options.inProcess) {
				// In process there is no server, so no second Velox path to compare.
				if (name === 'velox-listen') continue;
				const listener = build(withEnv(frameworks[framework], env), framework);
				for (const request of requests) results[name].push(await sendInProcess(listener, request));
				await new Promise((resolve) => setImmediate(resolve));
				continue;
			}
			const listener = build(withEnv(frameworks[framework], env), framework);
			// Velox runs twice: behind `http.createServer(app)` (the prototype swap) and behind
			// `app.listen` (request/response classes), the path production and benchmarks take.
			const server = name === 'velox-listen' ? await listenWithApp(listener) : await listen(listener);
			if (server === null) continue;
			try {
				for (const request of requests) results[name].push(await sendRaw(server, request));
				// finalhandler logs on the next turn of the event loop.
				await new Promise((resolve) => setImmediate(resolve));
			} finally {
				await close(server);
			}
		}
	} finally {
		console.error = consoleError;
	}
	return results;
}

/**
 * Asserts that Velox answers every request exactly as express@4 does (status
 * code and message, headers but Date/ETag and the X-Powered-By value, body). Resolves to Velox's
 * responses so a test can also pin the expected values.
 */
export async function differential(
	build: (framework: Framework, name: FrameworkName) => Listener,
	requests: DiffRequest[],
	options: DifferentialOptions = {},
): Promise<RawResponse[]> {
	const ignored = [...ALWAYS_IGNORED, ...(options.ignoreHeaders ?? [])];
	const results = await runBoth(build, requests, options);
	const actual = results.velox.map((response, i) => ({ request: describe(requests[i]), ...normalize(response, ignored) }));
	const expected = results.express.map((response, i) => ({ request: describe(requests[i]), ...normalize(response, ignored) }));
	assert.deepEqual(actual, expected);
	if (results['velox-listen'].length > 0) {
		const listened = results['velox-listen'].map((response, i) => ({ request: describe(requests[i]), ...normalize(response, ignored) }));
		assert.deepEqual(listened, expected, 'behind app.listen');
	}
	return results.velox;
}

function describe(request: DiffRequest): string {
	return (request.method ?? 'GET') + ' ' + request.path;
}
