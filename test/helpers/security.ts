/**
 * Shared by the `security.*` tests: a raw-socket HTTP client that sends bytes
 * exactly as given and reads the answer byte for byte (so a split header or a
 * hang is visible), a seeded PRNG for bounded fuzzing, a snapshot of
 * `Object.prototype` for pollution checks, temp-directory fixtures, and the
 * child-process app of the crash fuzz (`crashAppMain`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import velox from '../../src/index';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A listening server on 127.0.0.1 with a large header limit (hostile 50k paths reach the app). */
export interface Running {
	server: http.Server;
	port: number;
	connections(): Promise<number>;
	close(): Promise<void>;
}

export async function listen(listener: Listener, options: http.ServerOptions = {}): Promise<Running> {
	const server = http.createServer({ maxHeaderSize: 1 << 20, ...options }, listener);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		server,
		port,
		connections: () => new Promise((resolve, reject) => server.getConnections((err, count) => (err ? reject(err) : resolve(count)))),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Polls until `read()` returns `expected` or `timeoutMs` passes; resolves to the last value read. */
export async function waitFor<T>(read: () => Promise<T>, expected: T, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (value !== expected && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 25));
		value = await read();
	}
	return value;
}

export interface RawResult {
	/** Status code of the first response, 0 when none arrived. */
	status: number;
	/** Header lines of the first response (without the status line), as sent. */
	headerLines: string[];
	/** Everything received, latin1. */
	raw: string;
	/** The body of the first response, latin1 (complete when `complete`). */
	body: string;
	/** The first response was received whole. */
	complete: boolean;
	/** The server ended or closed the connection. */
	closedByServer: boolean;
	timedOut: boolean;
	elapsedMs: number;
}

export interface RawOptions {
	/** Give up after this long (default 3000 ms). */
	timeoutMs?: number;
	/** Resolve once the status line and headers are in, not waiting for the body. */
	headOnly?: boolean;
	/** Keep waiting after the first response until the server closes (or the timeout). */
	untilClose?: boolean;
	/** Destroy the socket after writing, without waiting for an answer (mid-request disconnect). */
	abortAfterWrite?: boolean;
	/** Delay between the parts of `payload` in ms (default 0). */
	partDelayMs?: number;
	/** HEAD request: the response has no body whatever its headers say. */
	isHead?: boolean;
}

interface ParsedHead {
	status: number;
	headerLines: string[];
	bodyStart: number;
}

function parseHead(raw: string): ParsedHead | null {
	const end = raw.indexOf('\r\n\r\n');
	if (end === -1) return null;
	const lines = raw.slice(0, end).split('\r\n');
	const match = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
	return { status: match ? Number(match[1]) : -1, headerLines: lines.slice(1), bodyStart: end + 4 };
}

function headerValue(lines: string[], name: string): string | undefined {
	const prefix = name.toLowerCase() + ':';
	const line = lines.find((candidate) => candidate.toLowerCase().startsWith(prefix));
	return line === undefined ? undefined : line.slice(prefix.length).trim();
}

/** Whether `raw` holds the whole first response. */
function isComplete(raw: string, head: ParsedHead, isHead: boolean): boolean {
	if (isHead || head.status === 204 || head.status === 304 || (head.status >= 100 && head.status < 200)) return true;
	const length = headerValue(head.headerLines, 'content-length');
	if (length !== undefined) return raw.length - head.bodyStart >= Number(length);
	if ((headerValue(head.headerLines, 'transfer-encoding') ?? '').toLowerCase().includes('chunked'))
		return raw.indexOf('\r\n0\r\n\r\n', head.bodyStart - 2) !== -1;
	return false;
}

/** A response with neither Content-Length nor chunked coding: its body ends when the connection does. */
function isDelimitedByClose(head: ParsedHead): boolean {
	return (
		headerValue(head.headerLines, 'content-length') === undefined &&
		!(headerValue(head.headerLines, 'transfer-encoding') ?? '').toLowerCase().includes('chunked')
	);
}

function bodyOf(raw: string, head: ParsedHead): string {
	const length = headerValue(head.headerLines, 'content-length');
	const rest = raw.slice(head.bodyStart);
	return length !== undefined ? rest.slice(0, Number(length)) : rest;
}

/**
 * Sends `payload` (one or several parts) on a fresh socket and reads the answer.
 * Never rejects: connection errors count as a close by the server.
 *
 * @example
 * const result = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
 */
export function rawRequest(port: number, payload: string | Buffer | (string | Buffer)[], options: RawOptions = {}): Promise<RawResult> {
	const parts = Array.isArray(payload) ? payload : [payload];
	const timeoutMs = options.timeoutMs ?? 3000;
	const started = Date.now();
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let raw = '';
		let settled = false;
		let closedByServer = false;
		const finish = (timedOut: boolean): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			socket.destroy();
			const head = parseHead(raw);
			resolve({
				status: head === null ? 0 : head.status,
				headerLines: head === null ? [] : head.headerLines,
				raw,
				body: head === null ? '' : bodyOf(raw, head),
				complete: head !== null && (isComplete(raw, head, options.isHead === true) || (closedByServer && isDelimitedByClose(head))),
				closedByServer,
				timedOut,
				elapsedMs: Date.now() - started,
			});
		};
		const timer = setTimeout(() => finish(true), timeoutMs);
		socket.on('data', (chunk: Buffer) => {
			raw += chunk.toString('latin1');
			if (options.untilClose) return;
			const head = parseHead(raw);
			if (head !== null && (options.headOnly || isComplete(raw, head, options.isHead === true))) finish(false);
		});
		socket.on('end', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('close', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('error', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('connect', async () => {
			for (let i = 0; i < parts.length; i++) {
				if (settled) return;
				if (i > 0 && options.partDelayMs) await new Promise((r) => setTimeout(r, options.partDelayMs));
				const part = parts[i];
				socket.write(typeof part === 'string' ? Buffer.from(part, 'latin1') : part);
			}
			if (options.abortAfterWrite) setTimeout(() => finish(false), 5);
		});
	});
}

/** A GET request with `Connection: close`, the target sent byte for byte. */
export function get(target: string, headers: Record<string, string> = {}): string {
	let text = 'GET ' + target + ' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n';
	for (const name of Object.keys(headers)) text += name + ': ' + headers[name] + '\r\n';
	return text + '\r\n';
}

/** Header lines whose value differs from what a well-formed server would send: the signature of a split header. */
export function headerNames(result: RawResult): string[] {
	return result.headerLines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

/** Deterministic PRNG (mulberry32): the same seed gives the same fuzz run. */
export function prng(seed: number): { next(): number; int(max: number): number; pick<T>(list: readonly T[]): T } {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { next, int: (max) => Math.floor(next() * max), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** Own property names and descriptors' identities of Object.prototype, to compare before and after. */
export function prototypeSnapshot(): string {
	const names = Object.getOwnPropertyNames(Object.prototype).sort();
	return names.map((name) => name + ':' + typeof Object.getOwnPropertyDescriptor(Object.prototype, name)!.value).join(',');
}

/** A temp directory removed by the returned cleanup; `files` maps relative paths to contents. */
export function tempTree(files: Record<string, string>): { dir: string; cleanup(): void } {
	const dir = mkdtempSync(path.join(tmpdir(), 'velox-security-'));
	for (const name of Object.keys(files)) {
		const full = path.join(dir, name);
		if (name.endsWith('/')) {
			mkdirSync(full, { recursive: true });
			continue;
		}
		mkdirSync(path.dirname(full), { recursive: true });
		writeFileSync(full, files[name]);
	}
	return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------
// The crash-fuzz child process

export const CRASH_MARKERS = ['uncaughtException', 'unhandledRejection'];

/**
 * Runs in the child: a realistic app (routers, params, body parsers, static,
 * negotiation, ranges, proxy headers, redirects, cookies) on an ephemeral port.
 * Reports the port and answers `connections` queries over IPC; prints a marker
 * line on stderr for every uncaught exception or unhandled rejection.
 */
export function crashAppMain(): void {
	process.on('uncaughtException', (err) => process.stderr.write('uncaughtException ' + String((err as Error).stack) + '\n'));
	process.on('unhandledRejection', (reason) => process.stderr.write('unhandledRejection ' + String(reason) + '\n'));
	const staticRoot = process.argv[process.argv.length - 1];

	const app = velox();
	app.set('trust proxy', 'loopback');
	app.get('/health', (_req, res) => {
		res.send('ok');
	});

	const api = velox.Router({ mergeParams: true });
	api.use(velox.json({ limit: '16kb' }));
	api.use(velox.urlencoded({ extended: true, limit: '16kb' }));
	api.use(velox.text({ limit: '16kb' }));
	api.param('id', (req, _res, next, id) => {
		(req as unknown as { idLength: number }).idLength = String(id).length;
		next();
	});
	api.get('/users/:id', (req, res) => {
		res.json({ id: req.params.id, query: req.query });
	});
	api.get('/files/:name.:ext', (req, res) => {
		res.json(req.params);
	});
	api.get('/pair/:a-:b', (req, res) => {
		res.json(req.params);
	});
	api.post('/echo', (req, res) => {
		res.json({ body: req.body, type: req.is('json', 'urlencoded', 'text') });
	});
	api.get('/neg', (req, res) => {
		res.format({
			json: () => res.json({ type: req.accepts(['json', 'html']), languages: req.acceptsLanguages(), encodings: req.acceptsEncodings() }),
			html: () => res.send('<p>' + String(req.acceptsCharsets('utf-8')) + '</p>'),
			default: () => res.status(406).send('no'),
		});
	});
	api.get('/range', (req, res) => {
		res.json({ range: req.range(1000, { combine: true }) ?? null });
	});
	api.get('/who', (req, res) => {
		res.json({ ip: req.ip, ips: req.ips, hostname: req.hostname, protocol: req.protocol, subdomains: req.subdomains, fresh: req.fresh, xhr: req.xhr });
	});
	api.get('/go', (req, res) => {
		res.redirect(String(req.query.to ?? '/'));
	});
	api.get('/cookie', (req, res) => {
		res.cookie('pref', String(req.query.v ?? ''), { httpOnly: true, sameSite: 'lax' }).send('set');
	});
	const nested = velox.Router({ mergeParams: true });
	nested.get('/items/:item', (req, res) => {
		res.json(req.params);
	});
	api.use('/orgs/:org', nested);
	app.use('/api', api);
	app.use('/static', velox.static(staticRoot));
	app.get('/download', (_req, res) => {
		res.download(path.join(staticRoot, 'hello.txt'));
	});

	const server = http.createServer(app);
	server.listen(0, '127.0.0.1', () => {
		process.send!({ port: (server.address() as AddressInfo).port });
	});
	process.on('message', (message: { cmd?: string }) => {
		if (message.cmd === 'connections') server.getConnections((_err, count) => process.send!({ connections: count }));
		if (message.cmd === 'exit') server.close(() => process.exit(0));
		// Probes that prove the markers are printed (see the crash test).
		if (message.cmd === 'throw') {
			setTimeout(() => {
				throw new Error('probe');
			}, 0);
		}
		if (message.cmd === 'reject') void Promise.reject(new Error('probe'));
	});
}

export interface CrashChild {
	port: number;
	child: ChildProcess;
	stderr(): string;
	connections(): Promise<number>;
	stop(): Promise<void>;
}

/** Starts `crashAppMain` in a child process (NODE_ENV=test) serving `staticRoot`. */
export async function startCrashChild(staticRoot: string): Promise<CrashChild> {
	const child = spawn(process.execPath, ['-e', 'require(' + JSON.stringify(__filename) + ').crashAppMain()', staticRoot], {
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		env: { ...process.env, NODE_ENV: 'test' },
	});
	let stderr = '';
	child.stderr!.on('data', (chunk: Buffer) => {
		stderr += chunk.toString('utf8');
	});
	const port = await new Promise<number>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('child did not start: ' + stderr)), 10_000);
		child.once('message', (message: { port: number }) => {
			clearTimeout(timer);
			resolve(message.port);
		});
		child.once('exit', (code) => reject(new Error('child exited ' + code + ': ' + stderr)));
	});
	return {
		port,
		child,
		stderr: () => stderr,
		connections: () =>
			new Promise((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error('no connections answer')), 2000);
				const onMessage = (message: { connections?: number }): void => {
					if (message.connections === undefined) return;
					clearTimeout(timer);
					child.off('message', onMessage);
					resolve(message.connections);
				};
				child.on('message', onMessage);
				child.send({ cmd: 'connections' });
			}),
		stop: async () => {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		},
	};
}
