/**
 * The differential engine: the same app, built by one builder with express@4 and
 * with Velox, the same requests sent to each, the answers normalised and compared.
 * Velox runs twice: behind `http.createServer(app)` (its prototype swap) and behind
 * its own `app.listen` (its request and response classes: the production path);
 * both must answer as express@4 does.
 *
 * The core is `acrossTargets` (build, start, exchange, close, per target) with
 * `assertSame` and `normalise`; the rest are adapters on it:
 * - `differential`: requests through node's client (the target byte for byte) or
 *   in process, every header but Date/ETag compared (this file);
 * - `observeBoth` (req-util.ts), the body parsers (body.ts), static files (static.ts),
 *   supertest scenarios of third-party middleware (compat.ts).
 *
 * @example
 * await differential((framework) => {
 *   const app = framework();
 *   app.get('/users/:id', (req, res) => res.end(req.params.id));
 *   return app;
 * }, [{ path: '/users/42' }, { method: 'HEAD', path: '/users/42' }]);
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import express4 from 'express';
import express5 from 'express5';
import { linePolicy } from '../../src/core/lines';
import velox from '../../src/express';
import { injectRequest } from '../../src/core/inject';
import { type HttpRequest, type HttpResponse, send } from './client';
import { isListenable, type Listener, listen, listenApp, type Running } from './server';

/** The factory both frameworks expose; Velox is typed as Express so one builder serves both. */
/** The oracle: express of the line in force (express@4, or express@5 for a test that imported ./line5 first). */
const express = linePolicy().line === 5 ? express5 : express4;

export type Framework = typeof express4;
export type FrameworkName = 'express' | 'velox';
/** Where the requests go: express@4, Velox behind `http.createServer(app)`, Velox behind `app.listen`. */
export type Target = 'express' | 'velox' | 'velox-listen';
export type { Listener };

/** One result a target; `velox-listen` is missing when the builder made no app (a server, or in process). */
export type TargetResults<R> = Record<'express' | 'velox', R> & { 'velox-listen'?: R };

export const frameworks: Record<FrameworkName, Framework> = {
	express,
	velox,
};

const TARGETS: Target[] = ['express', 'velox', 'velox-listen'];

export interface EngineOptions {
	/** The `env` setting of every app the builder creates (default `test`: no stderr logging). */
	env?: string;
	/** Call the app's listener without a server (then there is no `velox-listen`). */
	inProcess?: boolean;
}

/** What an exchange reaches: what the builder returned, and its server (`null` in process). */
export interface Reached<S> {
	built: S;
	running: Running | null;
}

/** A factory that sets `env` on every app it creates, with the framework's statics (Router, json, …). */
export function withEnv(framework: Framework, env: string): Framework {
	const factory = function createApp() {
		const app = framework();
		app.set('env', env);
		return app;
	};
	return Object.assign(factory, framework);
}

/**
 * The core: for each target builds the app, starts it (a listener behind `http.createServer`
 * or `app.listen`, a built server as it is), runs `exchange` on it and closes it.
 */
export async function acrossTargets<S extends Listener | net.Server, R>(
	build: (framework: Framework, name: FrameworkName, target: Target) => S,
	exchange: (reached: Reached<S>, name: FrameworkName, target: Target) => Promise<R>,
	options: EngineOptions = {},
): Promise<TargetResults<R>> {
	const env = options.env ?? 'test';
	const results: Partial<Record<Target, R>> = {};
	// Outside the `test` env both final handlers log errors to stderr; that is pinned in
	// final-handler.test.ts, here it would only be noise in the test output.
	const consoleError = console.error;
	if (env !== 'test') console.error = () => {};
	try {
		for (const target of TARGETS) {
			const name: FrameworkName = target === 'express' ? 'express' : 'velox';
			if (target === 'velox-listen' && options.inProcess) continue;
			const built = build(withEnv(frameworks[name], env), name, target);
			let running: Running | null = null;
			if (target === 'velox-listen') {
				if (built instanceof net.Server || !isListenable(built)) continue;
				running = await listenApp(built);
			} else if (!options.inProcess) {
				running = await listen(built);
			}
			try {
				results[target] = await exchange({ built, running }, name, target);
				// finalhandler logs on the next turn of the event loop.
				await new Promise((resolve) => setImmediate(resolve));
			} finally {
				await running?.close();
			}
		}
	} finally {
		console.error = consoleError;
	}
	return results as TargetResults<R>;
}

/** Asserts that Velox, behind both servers, gave what express@4 gave. */
export function assertSame<R>(results: TargetResults<R>): void {
	assert.deepEqual(results.velox, results.express);
	if (results['velox-listen'] !== undefined) assert.deepEqual(results['velox-listen'], results.express, 'behind app.listen');
}

/** `fn`'s results, target by target. */
export function mapResults<R, T>(results: TargetResults<R>, fn: (result: R) => T): TargetResults<T> {
	const mapped: TargetResults<T> = { express: fn(results.express), velox: fn(results.velox) };
	if (results['velox-listen'] !== undefined) mapped['velox-listen'] = fn(results['velox-listen']);
	return mapped;
}

/** A response as an adapter hands it to `normalise`. */
export interface Observed {
	request: string;
	status: number;
	statusMessage?: string;
	headers: Record<string, string | string[] | undefined>;
	/** The body as text (binary bodies as latin1). */
	body: string;
}

export interface NormaliseOptions {
	/** Response headers (lower case) not compared. */
	ignoreHeaders: string[];
	/** Replacements applied to header values and the body (random ids, timings). */
	scrub?: [RegExp, string][];
	/** Cookie `Expires` dates within a day of now are replaced by a marker (a clock-computed maxAge). */
	cookieClock?: boolean;
}

// A stack frame line as finalhandler renders it into the error page: paths differ between frameworks.
const STACK_FRAME = /<br> &nbsp; &nbsp;at [^<]*/g;
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

function scrubText(text: string, scrub: [RegExp, string][]): string {
	let result = text;
	for (const [pattern, replacement] of scrub) result = result.replace(pattern, replacement);
	return result;
}

/**
 * The comparable form of a response: headers sorted, the ignored ones left out, the value
 * of X-Powered-By (it names the framework) replaced by `<present>`, stack frames of an
 * error page removed (with Content-Length then), scrubs applied.
 */
export function normalise(observed: Observed, options: NormaliseOptions): Observed {
	const scrub = options.scrub ?? [];
	const headers: Record<string, string | string[] | undefined> = {};
	const body = observed.body.replace(STACK_FRAME, '');
	for (const name of Object.keys(observed.headers).sort()) {
		if (options.ignoreHeaders.includes(name)) continue;
		// Stack frames were removed from the body; its length then differs legitimately.
		if (name === 'content-length' && body !== observed.body) continue;
		const value = observed.headers[name];
		const clean = (one: string) => scrubText(options.cookieClock && name === 'set-cookie' ? scrubRecentExpires(one) : one, scrub);
		headers[name] = name === 'x-powered-by' ? '<present>' : Array.isArray(value) ? value.map(clean) : value === undefined ? value : clean(value);
	}
	return { request: observed.request, status: observed.status, statusMessage: observed.statusMessage, headers, body: scrubText(body, scrub) };
}

// --- The request adapter: node's client or in process, every header but Date and ETag compared.

export type DiffRequest = HttpRequest;

export interface DifferentialOptions extends EngineOptions {
	/** Extra response headers not to compare (lower case). */
	ignoreHeaders?: string[];
}

/** Date and ETag vary per run; X-Powered-By names the framework (its presence is still compared). */
const DIFFERENTIAL_IGNORED = ['date', 'etag'];

/** `send` without a socket: the same request through `injectRequest` (app.inject's engine, which takes express's listener too). */
async function sendInProcess(listener: Listener, request: DiffRequest, timeoutMs = 5000): Promise<HttpResponse> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(() => reject(new Error('no response within ' + timeoutMs + ' ms: ' + labelOf(request))), timeoutMs);
	});
	try {
		const body = Array.isArray(request.body) ? Buffer.concat(request.body.map((chunk) => Buffer.from(chunk))) : request.body;
		const response = await Promise.race([injectRequest(listener, { method: request.method, url: request.path, headers: request.headers, body }), timeout]);
		const { status, statusMessage, headers, rawHeaders } = response;
		return { status, statusMessage, headers, rawHeaders, bytes: response.body, body: response.text };
	} finally {
		clearTimeout(timer);
	}
}

/** Builds the app for each target and sends it each request in turn; the responses as received. */
export function runBoth(
	build: (framework: Framework, name: FrameworkName) => Listener,
	requests: DiffRequest[],
	options: EngineOptions = {},
): Promise<TargetResults<HttpResponse[]>> {
	return acrossTargets(
		build,
		async ({ built, running }) => {
			const responses: HttpResponse[] = [];
			for (const request of requests)
				responses.push(running === null ? await sendInProcess(built, request) : await send(running.port, request, { timeoutMs: 5000 }));
			return responses;
		},
		options,
	);
}

/** The label a request carries in a comparison. */
function labelOf(request: DiffRequest): string {
	return (request.method ?? 'GET') + ' ' + request.path + (request.headers === undefined ? '' : ' ' + JSON.stringify(request.headers));
}

/** Each response of `runBoth` with its request, in comparable form (the body bytes as latin1: byte-exact, readable in a diff). */
export function comparable(requests: DiffRequest[], responses: HttpResponse[], options: NormaliseOptions): Observed[] {
	return responses.map((response, i) => normalise({ ...response, request: labelOf(requests[i]), body: response.bytes.toString('latin1') }, options));
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
): Promise<HttpResponse[]> {
	const results = await runBoth(build, requests, options);
	const normaliseOptions = { ignoreHeaders: [...DIFFERENTIAL_IGNORED, ...(options.ignoreHeaders ?? [])], cookieClock: true };
	assertSame(mapResults(results, (responses) => comparable(requests, responses, normaliseOptions)));
	return results.velox;
}

/** `differential` dispatching in process: for routing and request logic, where the network adds only time (not for what node's parser accepts). */
export function differentialInProcess(
	build: (framework: Framework, name: FrameworkName) => Listener,
	requests: DiffRequest[],
	options: DifferentialOptions = {},
): Promise<HttpResponse[]> {
	return differential(build, requests, { ...options, inProcess: true });
}
