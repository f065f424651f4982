// One server process: connects to Redis, serves the app, and shuts down gracefully on SIGTERM or
// SIGINT. Run it alone (`node examples/cluster/worker.js`), under cluster.js (one per core), or
// under PM2 (ecosystem.config.js).
//
// Environment: PORT (3000), REDIS_URL (redis://127.0.0.1:6379), SESSION_SECRET, TRUST_PROXY,
// RATE_LIMIT and RATE_WINDOW_MS (/limited), SHUTDOWN_DEADLINE_MS (10000).
const { createClient } = require('redis');
const { createApp } = require('./app');
const { closeWithDeadline } = require('./shutdown');

const port = Number(process.env.PORT) || 3000;
const deadlineMs = Number(process.env.SHUTDOWN_DEADLINE_MS) || 10_000;

async function main() {
	const redis = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
	redis.on('error', (error) => console.error(`worker ${process.pid}: redis: ${error.message}`));
	await redis.connect();

	let shuttingDown = false;
	const app = createApp({
		redis,
		isShuttingDown: () => shuttingDown,
		rateLimit: Number(process.env.RATE_LIMIT) || undefined,
		rateWindowMs: Number(process.env.RATE_WINDOW_MS) || undefined,
	});
	const server = app.listen(port, () => {
		console.log(`worker ${process.pid} listening on port ${server.address().port}`);
		// PM2 (wait_ready) and cluster.js both wait for this message before counting the worker up.
		if (process.send) process.send('ready');
	});

	// The one line to switch to Velox's shutdown API when it lands.
	const stop = () => closeWithDeadline(server, deadlineMs);

	const onSignal = async (signal) => {
		if (shuttingDown) return;
		shuttingDown = true;
		console.log(`worker ${process.pid}: ${signal}, closing`);
		const clean = await stop();
		await redis.quit().catch(() => {});
		console.log(`worker ${process.pid}: closed${clean ? '' : ' (deadline reached, connections cut)'}`);
		process.exit(0);
	};
	process.on('SIGTERM', onSignal);
	process.on('SIGINT', onSignal);
}

main().catch((error) => {
	console.error(`worker ${process.pid}: ${error.stack || error}`);
	process.exit(1);
});
