// Starting and stopping benchmark servers, pinned to core 0. Every child is tracked in
// `children` so the runner can kill whatever is left on exit, error or Ctrl-C.

const { fork } = require('node:child_process');
const path = require('node:path');

const SERVER = path.join(__dirname, '..', 'server.js');
const START_TIMEOUT_MS = 15000;

/**
 * Spawns the server for `framework` and `group`; resolves `{ child, pid, port, startupMs }` once it
 * listens, or `{ error }` if it exits or reports an error first (a framework missing a feature).
 * `nodeArgs`: flags for the server's node (bench/memory.js preloads its probe with them); `stdout`:
 * where the server's standard output goes, a file descriptor (bench/h2gc.js reads V8's GC trace).
 */
function startServer(framework, group, fixturesDir, pin, children, nodeArgs = [], stdout = 'ignore') {
	const args = [framework.family, framework.module, JSON.stringify(group), fixturesDir];
	const options = { stdio: ['ignore', stdout, 'pipe', 'ipc'] };
	const started = process.hrtime.bigint();
	const child = pin
		? fork(SERVER, args, { ...options, execPath: 'taskset', execArgv: ['-c', '0', process.execPath, ...nodeArgs] })
		: fork(SERVER, args, { ...options, execArgv: nodeArgs });
	children.add(child);
	let stderr = '';
	child.stderr.on('data', (chunk) => {
		if (stderr.length < 4000) stderr += chunk;
	});
	return new Promise((resolve) => {
		const timer = setTimeout(() => finish({ error: `no answer after ${START_TIMEOUT_MS} ms` }), START_TIMEOUT_MS);
		function finish(result) {
			clearTimeout(timer);
			child.off('message', onMessage);
			child.off('exit', onExit);
			if (result.error) stopServer(child);
			resolve(result);
		}
		function onMessage(message) {
			if (message.type === 'ready') {
				const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
				finish({ child, pid: child.pid, port: message.port, startupMs });
			} else if (message.type === 'error') finish({ error: message.message });
		}
		function onExit(code) {
			const lastLine = stderr.trim().split('\n').filter(Boolean).slice(-1)[0];
			finish({ error: `server exited (${code})${lastLine ? `: ${lastLine}` : ''}` });
		}
		child.on('message', onMessage);
		child.on('exit', onExit);
		child.on('exit', () => children.delete(child));
	});
}

function stopServer(child) {
	if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

module.exports = { startServer, stopServer };
