// In-process micro-benchmark of the request path, without the kernel: requests are pushed into
// node's own HTTP server through an in-memory socket (node parses them, the app answers, node
// writes the head and body to the socket, which drops them). What is left is the CPU cost of
// node's HTTP layer plus the framework's, per request — the part a framework can change.
//
//   npm run build && node bench/micro.js [--frameworks node,fastify,velox] [--scenarios hello,rest] [--rounds 5] [--ms 400] [--count N] [--baseline DIR]
//
// The apps and requests are the suite's own (bench/apps/*, bench/lib/scenarios.js; a scenario
// whose path varies gets a new path per request here too). Each round runs every framework
// once per scenario, interleaved; the median µs per request is reported with the ratio to raw
// node. On a shared machine compare ratios within one run.

const { MemorySocket, pushBatch, requestMaker } = require('./lib/memory-socket');
const { allGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');

const frameworks = require('./lib/frameworks');

// `--baseline DIR[,DIR2…]`: other checkouts' built Velox, measured as `baseline`, `baseline2`, ….
const baselineIndex = process.argv.indexOf('--baseline');
if (baselineIndex !== -1) frameworks.addBaselines(process.argv[baselineIndex + 1]);

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

/** Runs batches of requests for about `ms` milliseconds (or `count` requests); returns µs per request. */
async function measure(server, makeRequest, ms, count = 0) {
	const socket = new MemorySocket();
	server.emit('connection', socket);
	const batch = 64;
	let sent = 0;
	const started = process.hrtime.bigint();
	const deadline = started + BigInt(ms) * 1000000n;
	while (count > 0 ? sent < count : process.hrtime.bigint() < deadline) {
		await pushBatch(socket, makeRequest, sent, batch);
		sent += batch;
	}
	const elapsed = Number(process.hrtime.bigint() - started) / 1000;
	socket.destroy();
	return elapsed / sent;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
	const names = option('frameworks', 'node,express4,fastify,velox').split(',');
	const wanted = option('scenarios', 'hello,json,rest,github').split(',');
	const rounds = Number(option('rounds', '5'));
	const ms = Number(option('ms', '400'));
	// `--count N`: exactly N requests per round instead of a time (instruction counts under
	// callgrind: run twice with two counts and divide the difference by the difference of counts).
	const count = Number(option('count', '0'));
	const fixtures = { dir: prepareFixtures() };
	const groups = allGroups({});
	for (const caseName of wanted) {
		const group = groups.find((g) => g.measure.some((m) => m.name === caseName));
		if (!group) throw new Error(`unknown scenario ${caseName}`);
		const makeRequest = requestMaker(group.measure.find((m) => m.name === caseName).request);
		const servers = {};
		for (const name of names) servers[name] = await frameworks.makeServer(name, group, fixtures);
		const results = Object.fromEntries(names.map((name) => [name, []]));
		for (const name of names) await measure(servers[name], makeRequest, ms / 2, count); // warm-up
		for (let round = 0; round < rounds; round++) {
			for (const name of names) results[name].push(await measure(servers[name], makeRequest, ms, count));
		}
		const base = results.node ? median(results.node) : null;
		const line = names.map((name) => {
			const value = median(results[name]);
			return `${name} ${value.toFixed(2)} µs${base ? ` (${(value / base).toFixed(2)}× node)` : ''}`;
		});
		process.stdout.write(`${caseName.padEnd(16)} ${line.join(' · ')}\n`);
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
});
