/**
 * Shared by the `security.*` tests: the header limit of hostile requests, a
 * seeded PRNG for bounded fuzzing, a snapshot of `Object.prototype` for
 * pollution checks, temp-directory fixtures, and the child-process app of the
 * crash fuzz (`crashAppMain`). Their raw-socket client is raw-socket.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import velox from '../../src/express';

/** Server options with a 1 MiB header limit: hostile 50k paths reach the app (for `listen`). */
export const LARGE_HEADERS: http.ServerOptions = { maxHeaderSize: 1 << 20 };

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
