/**
 * Differential compatibility testing of third-party middleware: the same small
 * app built with express@4 and with Velox, the same supertest scenario run
 * against each (one cookie-carrying agent per framework), and every response
 * compared: status, headers, body.
 *
 * What is not compared, and why:
 * - `Date`: the clock, not the framework;
 * - the value of `X-Powered-By` (`Express` vs `Velox`): its presence still is;
 * - the stack frames of an error page (and then its Content-Length): they name each framework's files;
 * - whatever a test scrubs explicitly (`scrub`): random session ids, timings.
 * ETag is compared: both frameworks hash the same body with the same algorithm.
 *
 * @example
 * await compat(
 *   (framework) => framework().use(cors()).get('/', (req, res) => res.end('ok')),
 *   async (agent) => [await agent.get('/').set('Origin', 'http://a.test'), await agent.get('/')],
 * );
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';
import express from 'express';
import supertest from 'supertest';
import velox from '../../src/index';

/** Velox is typed as Express here: an app written for Express is run unchanged on both. */
export type Framework = typeof express;
export type FrameworkName = 'express' | 'velox';
export type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
export type Agent = ReturnType<typeof supertest.agent>;
export type Served = Listener | http.Server | https.Server;

export const frameworks: Record<FrameworkName, Framework> = {
	express,
	velox,
};

/** One response, in the form both frameworks are compared in. */
export interface Exchange {
	request: string;
	status: number;
	headers: Record<string, string | string[]>;
	/** The (decoded) body as text; binary bodies as latin1. */
	body: string;
}

export interface CompatOptions {
	/** Response headers (lower case) not to compare, besides Date. Say why at the call site. */
	ignoreHeaders?: string[];
	/** Replacements applied to header values and bodies before comparing (random ids, timings). */
	scrub?: [RegExp, string][];
	/** The `env` setting of each app (default `test`: the final handler logs nothing, error pages still show the error). */
	env?: string;
}

const ALWAYS_IGNORED = ['date'];
const REQUEST_DEADLINE_MS = 5000;
// A stack frame as the final handler renders it into an error page: the frames name each framework's files.
const STACK_FRAME = /<br> &nbsp; &nbsp;at [^<]*/g;

function scrubText(text: string, scrub: [RegExp, string][]): string {
	let result = text;
	for (const [pattern, replacement] of scrub) result = result.replace(pattern, replacement);
	return result;
}

function bodyText(response: supertest.Response): string {
	if (typeof response.text === 'string') return response.text;
	if (Buffer.isBuffer(response.body)) return response.body.toString('latin1');
	return response.body === undefined ? '' : JSON.stringify(response.body);
}

/** Status, headers and body of a supertest response, ready to compare. */
export function exchange(response: supertest.Response, options: CompatOptions = {}): Exchange {
	const ignored = [...ALWAYS_IGNORED, ...(options.ignoreHeaders ?? [])];
	const scrub = options.scrub ?? [];
	const headers: Record<string, string | string[]> = {};
	const text = bodyText(response);
	const body = text.replace(STACK_FRAME, '');
	for (const name of Object.keys(response.headers).sort()) {
		if (ignored.includes(name)) continue;
		// Stack frames were removed from the body: its length then differs legitimately.
		if (name === 'content-length' && body !== text) continue;
		const value = response.headers[name] as string | string[];
		if (name === 'x-powered-by') headers[name] = '<present>';
		else headers[name] = Array.isArray(value) ? value.map((v) => scrubText(v, scrub)) : scrubText(value, scrub);
	}
	const request = (response as unknown as { req: { method: string; path: string } }).req;
	return { request: request.method + ' ' + request.path, status: response.status, headers, body: scrubText(body, scrub) };
}

/** An app factory that sets `env` on the apps it creates and keeps the framework's statics. */
function withEnv(framework: Framework, env: string): Framework {
	const factory = function createApp() {
		const app = framework();
		app.set('env', env);
		return app;
	};
	return Object.assign(factory, framework);
}

/**
 * Runs `scenario` against the app built with express@4 and with Velox (each
 * with a fresh supertest agent, so cookies carry across the scenario's
 * requests), asserts the responses are the same and resolves to both sets.
 * The builder's `name` lets a test route side effects (log lines) per framework.
 */
export async function compat(
	build: (framework: Framework, name: FrameworkName) => Served,
	scenario: (agent: Agent, name: FrameworkName) => Promise<supertest.Response[]>,
	options: CompatOptions = {},
): Promise<Record<FrameworkName, Exchange[]>> {
	const env = options.env ?? 'test';
	const results = {} as Record<FrameworkName, Exchange[]>;
	for (const name of ['express', 'velox'] as const) {
		// A request the app never answers fails the test quickly instead of hanging it.
		const agent = supertest.agent(build(withEnv(frameworks[name], env), name) as Listener).timeout({ deadline: REQUEST_DEADLINE_MS });
		const responses = await scenario(agent, name);
		results[name] = responses.map((response) => exchange(response, options));
	}
	assert.deepEqual(results.velox, results.express);
	return results;
}

/** A response read byte for byte (no decompression), for checks supertest would hide. */
export interface RawResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	bytes: Buffer;
}

/** Serves `listener` on an ephemeral port, sends one request and reads the raw response. */
export async function rawRequest(listener: Listener, options: { method?: string; path: string; headers?: Record<string, string> }): Promise<RawResponse> {
	const server = http.createServer(listener);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as AddressInfo;
		return await new Promise<RawResponse>((resolve, reject) => {
			const req = http.request(
				{ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
					res.on('error', reject);
				},
			);
			req.on('error', reject);
			req.end();
		});
	} finally {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}

/** Runs `fn` for express@4 and for Velox and asserts both results are deeply equal; resolves to Velox's. */
export async function sameFor<T>(fn: (framework: Framework, name: FrameworkName) => Promise<T>): Promise<T> {
	const expected = await fn(withEnv(frameworks.express, 'test'), 'express');
	const actual = await fn(withEnv(frameworks.velox, 'test'), 'velox');
	assert.deepEqual(actual, expected);
	return actual;
}
