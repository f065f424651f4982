/**
 * For the cluster tests: a real redis-server on a free loopback port, the cluster example's
 * primary as a child process, and one-connection HTTP requests (each request a new connection, so
 * the primary's round-robin hands them to the workers in turn).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const CLUSTER_DIR = path.join(__dirname, '..', '..', 'examples', 'cluster');

/** Why the tests cannot run here (redis-server missing), or false. */
export function redisMissing(): string | false {
	const binary = process.env.REDIS_SERVER || 'redis-server';
	try {
		execFileSync(binary, ['--version'], { stdio: 'ignore' });
		return false;
	} catch {
		return `redis-server not found (apt-get install redis-server, or set REDIS_SERVER): cluster tests skipped`;
	}
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Resolves once `child`'s stdout has printed lines matching `pattern` `count` times; rejects on exit or timeout. */
export function waitForOutput(child: ChildProcess, output: { text: string }, pattern: RegExp, count = 1, timeoutMs = 20_000): Promise<string[]> {
	return new Promise((resolve, reject) => {
		const check = () => {
			const matches = output.text.split('\n').filter((line) => pattern.test(line));
			if (matches.length >= count) {
				cleanup();
				resolve(matches);
			}
		};
		const onExit = (code: number | null) => {
			cleanup();
			reject(new Error(`process exited (${code}) before ${pattern}:\n${output.text}`));
		};
		const timer = setTimeout(() => {
			cleanup();
			reject(new Error(`timed out waiting for ${pattern}:\n${output.text}`));
		}, timeoutMs);
		const cleanup = () => {
			clearTimeout(timer);
			child.stdout?.off('data', check);
			child.off('exit', onExit);
		};
		child.stdout?.on('data', check);
		child.once('exit', onExit);
		check();
	});
}

/** Spawns a process and keeps everything it prints in `output.text`. */
export function start(command: string, args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: { text: string } } {
	const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
	const output = { text: '' };
	child.stdout!.setEncoding('utf8');
	child.stderr!.setEncoding('utf8');
	child.stdout!.on('data', (chunk: string) => {
		output.text += chunk;
	});
	child.stderr!.on('data', (chunk: string) => {
		output.text += chunk;
	});
	return { child, output };
}

export async function startRedis(): Promise<{ child: ChildProcess; url: string }> {
	const port = await freePort();
	const binary = process.env.REDIS_SERVER || 'redis-server';
	const { child, output } = start(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes']);
	await waitForOutput(child, output, /Ready to accept connections/);
	return { child, url: `redis://127.0.0.1:${port}` };
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. Resolves the exit code (null if killed). */
export function stop(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
	return new Promise((resolve) => {
		const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
		child.once('exit', (code) => {
			clearTimeout(timer);
			resolve(code);
		});
		child.kill('SIGTERM');
	});
}

export interface Reply {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** One request on a connection of its own. */
export function get(port: number, urlPath: string, cookie?: string): Promise<Reply> {
	return new Promise((resolve, reject) => {
		const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers: cookie ? { cookie } : {} }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => {
				body += chunk;
			});
			res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
		});
		req.on('error', reject);
	});
}
