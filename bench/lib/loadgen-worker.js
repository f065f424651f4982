// The load generator process (pinned to its own core by the parent). Receives one job at a time
// over IPC, runs autocannon against the server, and reads the server's CPU time from /proc right
// before and right after the load so the CPU window is the load window.

const autocannon = require('autocannon');
const { startWindow } = require('./proc');

process.on('disconnect', () => process.exit(0));

/**
 * autocannon `requests` that cycle through `paths`, `{n}` replaced by a counter, so every request
 * asks for a different path (null when the job has one fixed path).
 */
function varyingRequests(paths) {
	if (!paths) return undefined;
	let n = 0;
	return [
		{
			setupRequest(request) {
				n++;
				return { ...request, path: paths[n % paths.length].replace(/\{n\}/g, String(n)) };
			},
		},
	];
}

process.on('message', (job) => {
	const finishWindow = startWindow(job.serverPid, job.serverCore);
	const started = process.hrtime.bigint();
	autocannon(
		{
			url: job.url,
			method: job.method,
			headers: job.headers,
			body: job.body,
			connections: job.connections,
			pipelining: 1,
			// `amount`: a fixed number of requests instead of a duration (bench/memory.js).
			...(job.amount ? { amount: job.amount } : { duration: job.duration }),
			requests: varyingRequests(job.paths),
		},
		(error, result) => {
			const window = finishWindow();
			const seconds = Number(process.hrtime.bigint() - started) / 1e9;
			if (error) {
				process.send({ error: error.message });
				return;
			}
			process.send({
				requests: result.requests.total,
				// autocannon's own measured duration (10 ms resolution); the wall time holds connection setup too.
				seconds: result.duration > 0 ? result.duration : seconds,
				errors: result.errors + result.timeouts,
				non2xx: result.non2xx,
				latencyP99: result.latency.p99,
				serverCpu: window.serverCpu,
				otherCpu: window.otherCpu,
			});
		},
	);
});
