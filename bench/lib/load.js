// Load generation from a separate process on its own core: autocannon (a devDependency, always
// there) or wrk when it is installed and chosen (`--loader wrk`, or `auto` finds it on PATH).

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

function createLoader(kind, pin, children) {
	if (kind === 'wrk' || (kind === 'auto' && hasCommand('wrk'))) {
		if (!hasCommand('wrk')) throw new Error('--loader wrk: wrk is not on PATH');
		return new WrkLoader(pin);
	}
	return new AutocannonLoader(pin, children);
}

module.exports = { createLoader, hasCommand };
