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

const http = require('node:http');
const path = require('node:path');
const { MemorySocket, pushBatch, requestMaker } = require('./lib/memory-socket');
const { allGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');

const ROOT = path.join(__dirname, '..');
// [bench/apps family, module]
const FRAMEWORKS = {
	node: ['node', 'node:http'],
	express4: ['express', 'express'],
	express5: ['express', 'express5'],
	fastify: ['fastify', 'fastify'],
	// fastify with Express's X-Powered-By and ETag headers (bench/apps/fastify-express.js).
	'fastify-eo': ['fastify-express', 'fastify'],
	velox: ['express', path.join(ROOT, 'dist', 'index.js')],
	// The same app behind `http.createServer(app)` (express-generator's bin/www) instead of `app.listen`.
	'velox-cs': ['express', path.join(ROOT, 'dist', 'index.js'), 'createServer'],
	'express4-cs': ['express', 'express', 'createServer'],
};

// `--baseline DIR`: another checkout's built Velox (DIR/dist/index.js) measured as `baseline`,
// to compare a change with what it replaces in one interleaved run.
// Several, comma-separated, are measured as `baseline`, `baseline2`, … (bisecting a slowdown).
const baselineIndex = process.argv.indexOf('--baseline');
if (baselineIndex !== -1) {
	process.argv[baselineIndex + 1].split(',').forEach((dir, i) => {
		FRAMEWORKS[i === 0 ? 'baseline' : `baseline${i + 1}`] = ['express', path.resolve(dir, 'dist', 'index.js')];
	});
}

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

async function makeServer(name, group, fixtures) {
	const [family, moduleName, how = 'create'] = FRAMEWORKS[name];
	const created = await require(`./apps/${family}.js`)[how](moduleName, group, fixtures);
	return typeof created === 'function' ? http.createServer(created) : created;
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
		for (const name of names) servers[name] = await makeServer(name, group, fixtures);
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
