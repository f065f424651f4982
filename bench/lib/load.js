// Load generation from a separate process on its own core: autocannon (a devDependency, always
// there) or wrk when it is installed and chosen (`--loader wrk`, or `auto` finds it on PATH);
// h2load for the HTTP/2 scenarios.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork, execFile, execFileSync } = require('node:child_process');
const { startWindow } = require('./proc');

function hasCommand(name) {
	try {
		execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

/** The autocannon worker: one long-lived child, so its own JIT warm-up happens once. */
class AutocannonLoader {
	constructor(pin, children) {
		this.name = 'autocannon';
		const options = { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] };
		const worker = path.join(__dirname, 'loadgen-worker.js');
		this.child = pin ? fork(worker, [], { ...options, execPath: 'taskset', execArgv: ['-c', '1', process.execPath] }) : fork(worker, [], options);
		children.add(this.child);
		this.child.on('exit', () => children.delete(this.child));
	}

	run(job) {
		return new Promise((resolve, reject) => {
			const onExit = (code) => reject(new Error(`load generator exited (${code})`));
			this.child.once('exit', onExit);
			this.child.once('message', (result) => {
				this.child.off('exit', onExit);
				if (result.error) reject(new Error(result.error));
				else resolve(result);
			});
			this.child.send(job);
		});
	}

	close() {
		this.child.disconnect();
	}
}

function luaString(text) {
	return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function wrkMilliseconds(text) {
	const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
	if (!match) return null;
	const scale = { us: 0.001, ms: 1, s: 1000, m: 60000 }[match[2]];
	return Number(match[1]) * scale;
}

class WrkLoader {
	constructor(pin) {
		this.name = 'wrk';
		this.pin = pin;
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-bench-'));
		this.scripts = new Map();
	}

	script(job) {
		const key = `${job.method} ${JSON.stringify(job.headers || {})} ${job.body || ''} ${JSON.stringify(job.paths || null)}`;
		let file = this.scripts.get(key);
		if (file === undefined) {
			file = path.join(this.dir, `request-${this.scripts.size}.lua`);
			const lines = [`wrk.method = ${luaString(job.method)}`];
			if (job.body) lines.push(`wrk.body = ${luaString(job.body)}`);
			for (const [name, value] of Object.entries(job.headers || {})) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
			if (job.paths) {
				// A different path on every request: cycle through the list, `{n}` = a counter.
				lines.push(`local paths = { ${job.paths.map(luaString).join(', ')} }`);
				lines.push('local n = 0');
				lines.push('request = function()');
				lines.push('  n = n + 1');
				lines.push('  local path = string.gsub(paths[(n % #paths) + 1], "{n}", tostring(n))');
				lines.push('  return wrk.format(nil, path)');
				lines.push('end');
			}
			fs.writeFileSync(file, `${lines.join('\n')}\n`);
			this.scripts.set(key, file);
		}
		return file;
	}

	run(job) {
		// wrk takes whole seconds only.
		const args = ['-t1', `-c${job.connections}`, `-d${Math.max(1, Math.round(job.duration))}s`, '--latency', '-s', this.script(job), job.url];
		const command = this.pin ? 'taskset' : 'wrk';
		const commandArgs = this.pin ? ['-c', '1', 'wrk', ...args] : args;
		return new Promise((resolve, reject) => {
			const finishWindow = startWindow(job.serverPid, job.serverCore);
			const started = process.hrtime.bigint();
			execFile(command, commandArgs, { encoding: 'utf8' }, (error, stdout) => {
				const window = finishWindow();
				const seconds = Number(process.hrtime.bigint() - started) / 1e9;
				if (error) return reject(error);
				const total = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(stdout);
				const p99 = /^\s+99%\s+(\S+)/m.exec(stdout);
				const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
				const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
				if (!total) return reject(new Error(`cannot read wrk output:\n${stdout}`));
				resolve({
					requests: Number(total[1]),
					// wrk's own measured duration; the wall time above also holds its start-up.
					seconds: wrkMilliseconds(`${total[2]}${total[3]}`) / 1000 || seconds,
					errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
					non2xx: non2xx ? Number(non2xx[1]) : 0,
					latencyP99: p99 ? wrkMilliseconds(p99[1]) : null,
					serverCpu: window.serverCpu,
					otherCpu: window.otherCpu,
				});
			});
		});
	}

	close() {
		fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

/**
 * HTTP/2 cleartext load (h2c with prior knowledge) from h2load (Debian: nghttp2-client):
 * `connections` sessions with `streams` requests in flight on each. A job with `paths` sends a
 * list of 1,000 URIs (`{n}` = 1…1,000) round robin. p99 comes from h2load's per-request log.
 */
class H2loadLoader {
	constructor(pin) {
		this.name = 'h2load';
		this.pin = pin;
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-h2load-'));
		this.runs = 0;
	}

	run(job) {
		if (job.method !== 'GET') return Promise.reject(new Error('h2load jobs are GET requests only here'));
		const origin = new URL(job.url).origin;
		const log = path.join(this.dir, `log-${++this.runs}.tsv`);
		const args = ['-D', String(Math.max(1, Math.round(job.duration))), '-c', String(job.connections), '-m', String(job.streams), '--log-file', log];
		if (job.paths) args.push('-i', writeUriList(path.join(this.dir, `uris-${this.runs}.txt`), origin, job.paths));
		else args.push(job.url);
		const command = this.pin ? 'taskset' : 'h2load';
		const commandArgs = this.pin ? ['-c', '1', 'h2load', ...args] : args;
		return new Promise((resolve, reject) => {
			const finishWindow = startWindow(job.serverPid, job.serverCore);
			execFile(command, commandArgs, { encoding: 'utf8', maxBuffer: 1 << 24 }, (error, stdout) => {
				const window = finishWindow();
				if (error) return reject(error);
				const finished = /finished in ([\d.]+)(ms|s),/.exec(stdout);
				const counts = /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(stdout);
				const statuses = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(stdout);
				if (!finished || !counts) return reject(new Error(`cannot read h2load output:\n${stdout}`));
				let latencyP99 = null;
				try {
					const durations = fs
						.readFileSync(log, 'utf8')
						.split('\n')
						.filter(Boolean)
						.map((line) => Number(line.split('\t')[2]))
						.sort((a, b) => a - b);
					if (durations.length > 0) latencyP99 = durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.99))] / 1000;
					fs.rmSync(log, { force: true });
				} catch {
					// No log (an old h2load): p99 stays unknown.
				}
				const ok = statuses ? Number(statuses[1]) + Number(statuses[2]) : Number(counts[2]);
				resolve({
					requests: Number(counts[2]) + Number(counts[3]),
					seconds: Number(finished[1]) / (finished[2] === 'ms' ? 1000 : 1),
					errors: Number(counts[4]) + Number(counts[5]),
					non2xx: Number(counts[1]) - ok,
					latencyP99,
					serverCpu: window.serverCpu,
					otherCpu: window.otherCpu,
				});
			});
		});
	}

	close() {
		fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

/**
 * A varying request's URIs for h2load's `-i`: the request's paths in turn, `{n}` = 1…1,000, as the
 * suite loads them. Writes `file` and returns it.
 */
function writeUriList(file, origin, paths) {
	const lines = [];
	for (let n = 1; n <= 1000; n++) lines.push(`${origin}${paths[n % paths.length].replace(/\{n\}/g, String(n))}`);
	fs.writeFileSync(file, `${lines.join('\n')}\n`);
	return file;
}

/**
 * Exactly `requests` requests of `request` (a scenario's request: `path`, or `paths` with `{n}`)
 * from h2load on core 1, `load.connections` × `load.streams` in flight; resolves when all are done.
 * A varying request's URI list goes into `dir`.
 */
function h2loadRequests(port, request, requests, load, dir) {
	const origin = `http://127.0.0.1:${port}`;
	const target = request.paths ? ['-i', writeUriList(path.join(dir, `uris-${port}.txt`), origin, request.paths)] : [origin + request.path];
	const args = ['-c', '1', 'h2load', '-n', String(requests), '-c', String(load.connections), '-m', String(load.streams), ...target];
	return new Promise((resolve, reject) => {
		execFile('taskset', args, (error, stdout) => {
			const done = /requests: \d+ total, \d+ started, (\d+) done/.exec(stdout);
			if (error || !done || Number(done[1]) !== requests) reject(error ?? new Error(`h2load did not complete:\n${stdout}`));
			else resolve();
		});
	});
}

function createLoader(kind, pin, children) {
	if (kind === 'wrk' || (kind === 'auto' && hasCommand('wrk'))) {
		if (!hasCommand('wrk')) throw new Error('--loader wrk: wrk is not on PATH');
		return new WrkLoader(pin);
	}
	return new AutocannonLoader(pin, children);
}

module.exports = { createLoader, H2loadLoader, hasCommand, h2loadRequests, writeUriList };
