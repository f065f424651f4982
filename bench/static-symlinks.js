// The cost of `symlinks: 'within-root'` on the static scenario (GET /file-10k.txt through
// `velox.static`), in process: the same app with and without the option, behind `app.listen`'s
// server on an in-memory socket (as bench/micro.js), interleaved rounds, median µs per request:
// elapsed, and CPU time of the process (the thread pool's included).
//
//   npm run build && node bench/static-symlinks.js [--rounds 9] [--ms 400]
//   strace -f -c -o OUT node bench/static-symlinks.js --variant within-root --count 2000
//
// The second form runs one variant (`follow` or `within-root`) for exactly N requests, for a
// system-call count that does not depend on the machine's load (divide by N; run both variants).
//
// Both apps serve the suite's fixture directory (bench/lib/fixtures.js); the option adds two
// realpath calls (the file's and the root's) per request, on libuv's thread pool.

const http = require('node:http');
const { MemorySocket, pushBatch, requestMaker } = require('./lib/memory-socket');
const { prepareFixtures } = require('./lib/fixtures');

const velox = require('..');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

async function serverFor(options) {
	const app = velox();
	app.use(velox.static(prepareFixtures(), options));
	const server = app.listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	server.close();
	return server;
}

async function measure(server, makeRequest, ms) {
	const socket = new MemorySocket();
	server.emit('connection', socket);
	const batch = 64;
	let sent = 0;
	const cpuBefore = process.cpuUsage();
	const started = process.hrtime.bigint();
	const deadline = started + BigInt(ms) * 1000000n;
	while (process.hrtime.bigint() < deadline) {
		await pushBatch(socket, makeRequest, sent, batch);
		sent += batch;
	}
	const elapsed = Number(process.hrtime.bigint() - started) / 1000;
	const cpu = process.cpuUsage(cpuBefore);
	socket.destroy();
	return { wall: elapsed / sent, cpu: (cpu.user + cpu.system) / sent };
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function countOnly(variant, count) {
	const server = await serverFor(variant === 'within-root' ? { symlinks: 'within-root' } : {});
	const makeRequest = requestMaker({ method: 'GET', path: '/file-10k.txt' });
	const socket = new MemorySocket();
	server.emit('connection', socket);
	for (let sent = 0; sent < count; sent += 50) await pushBatch(socket, makeRequest, sent, 50);
	socket.destroy();
	process.stdout.write(`${variant}: ${count} requests\n`);
}

async function main() {
	const variant = option('variant', null);
	if (variant !== null) return countOnly(variant, Number(option('count', '2000')));
	const rounds = Number(option('rounds', '9'));
	const ms = Number(option('ms', '400'));
	const makeRequest = requestMaker({ method: 'GET', path: '/file-10k.txt' });
	const variants = { follow: await serverFor({}), 'within-root': await serverFor({ symlinks: 'within-root' }) };
	const results = { follow: [], 'within-root': [] };
	for (const name of Object.keys(variants)) await measure(variants[name], makeRequest, ms / 2);
	for (let round = 0; round < rounds; round++) {
		// Alternate the order so neither variant always runs second.
		const order = round % 2 === 0 ? ['follow', 'within-root'] : ['within-root', 'follow'];
		for (const name of order) results[name].push(await measure(variants[name], makeRequest, ms));
	}
	for (const kind of ['wall', 'cpu']) {
		const follow = median(results.follow.map((r) => r[kind]));
		const within = median(results['within-root'].map((r) => r[kind]));
		const label = kind === 'wall' ? 'elapsed' : 'CPU (all threads)';
		process.stdout.write(
			`${label.padEnd(18)} follow ${follow.toFixed(1)} µs · within-root ${within.toFixed(1)} µs (${(within / follow).toFixed(2)}×) per request\n`,
		);
	}
	if (http.globalAgent) http.globalAgent.destroy();
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
