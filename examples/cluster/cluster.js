// The same app on every core with node:cluster: the primary forks one worker.js per core
// (WORKERS overrides), restarts a worker that dies, and on SIGTERM/SIGINT asks each worker to shut
// down gracefully, then exits. The workers share the listening port; connections are handed out
// round-robin by the primary.
const cluster = require('node:cluster');
const os = require('node:os');
const path = require('node:path');

const count = Number(process.env.WORKERS) || os.availableParallelism();
const deadlineMs = Number(process.env.SHUTDOWN_DEADLINE_MS) || 10_000;
let shuttingDown = false;
let recentDeaths = [];

cluster.setupPrimary({ exec: path.join(__dirname, 'worker.js') });

function fork() {
	const worker = cluster.fork();
	worker.on('message', (message) => {
		if (message === 'ready') console.log(`primary ${process.pid}: worker ${worker.process.pid} ready`);
	});
}

cluster.on('exit', (worker, code, signal) => {
	if (shuttingDown) {
		if (Object.keys(cluster.workers).length === 0) {
			console.log(`primary ${process.pid}: all workers closed`);
			process.exit(0);
		}
		return;
	}
	console.log(`primary ${process.pid}: worker ${worker.process.pid} died (${signal || `exit ${code}`}), restarting`);
	// A worker that dies at once again and again (a bad deploy, Redis down) is restarted more slowly.
	const now = Date.now();
	recentDeaths = recentDeaths.filter((time) => now - time < 10_000);
	recentDeaths.push(now);
	setTimeout(fork, recentDeaths.length > count ? Math.min(250 * 2 ** (recentDeaths.length - count), 10_000) : 0);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
	process.on(signal, () => {
		if (shuttingDown) return;
		shuttingDown = true;
		console.log(`primary ${process.pid}: ${signal}, stopping ${Object.keys(cluster.workers).length} worker(s)`);
		for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGTERM');
		// Workers cut their own connections at the deadline; this is the backstop.
		setTimeout(() => {
			for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGKILL');
			process.exit(1);
		}, deadlineMs + 5000).unref();
	});
}

console.log(`primary ${process.pid}: starting ${count} worker(s)`);
for (let i = 0; i < count; i++) fork();
