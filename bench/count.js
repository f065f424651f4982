// Instruction counts per request, for comparing a change of the request path with what it
// replaces on a shared, noisy machine (instruction counts do not depend on the load).
//
//   npm run build && node bench/count.js [--scenarios rest,notfound] [--baseline DIR] [--frameworks node,fastify-eo,velox] [--warmup 20000] [--count 4000] [--repeat 3]
//
// For each scenario and each build (this checkout's build, DIR's with --baseline, and the other
// in-process frameworks of bench/lib/frameworks.js named by --frameworks), one
// child process runs under `valgrind --tool=callgrind --instr-atstart=no` with
// `node --predictable --no-memory-reducer` (V8 compiles and collects garbage on the main thread,
// in the same order every run, and no idle-time collection lands in the window at a moment that
// depends on the machine's load: without that flag, two identical builds differed by up to 5%).
// The child builds the scenario's app (bench/apps/express.js), pushes `--warmup` requests through
// node's HTTP server on an in-memory socket (bench/micro.js's way), turns instrumentation
// on with `callgrind_control`, pushes `--count` more, and turns it off: the total
// is what those requests cost, start-up excluded, all threads. Printed: instructions per request,
// and the change from the baseline. Needs valgrind (`apt-get install valgrind`).

const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { MemorySocket, pushBatch, requestMaker } = require('./lib/memory-socket');
const { callgrindNode } = require('./lib/callgrind');
const fs = require('node:fs');
const os = require('node:os');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

async function push(socket, makeRequest, from, count) {
	const batch = 64;
	for (let sent = 0; sent < count; ) {
		const n = Math.min(batch, count - sent);
		await pushBatch(socket, makeRequest, from + sent, n);
		sent += n;
	}
}

function callgrindControl(flag) {
	return new Promise((resolve, reject) => {
		// Asynchronous: the valgrind-ed process must keep running to answer the request.
		const child = spawn('callgrind_control', ['-i', flag, String(process.pid)], { stdio: 'ignore' });
		child.on('error', reject);
		child.on('exit', resolve);
	});
}

/** In the child: one framework build, one scenario. */
async function child() {
	const name = option('framework');
	const scenario = option('scenario');
	const warmup = Number(option('warmup'));
	const count = Number(option('count'));
	const { allGroups } = require('./lib/scenarios');
	const { prepareFixtures } = require('./lib/fixtures');
	const group = allGroups({ quick: true }).find((g) => g.measure.some((m) => m.name === scenario));
	if (!group) throw new Error(`unknown scenario ${scenario}`);
	const makeRequest = requestMaker(group.measure.find((m) => m.name === scenario).request);
	const frameworks = require('./lib/frameworks');
	frameworks.addBaselines(option('baseline', null));
	// The harness's own garbage (allGroups builds every scenario's tables) must not be young while
	// the app is built: under --predictable's single-threaded GC it made V8 pretenure allocation
	// sites of the request path (node's Readable buffers, the response's header entries), whose
	// old-space garbage then kept each later young generation alive: 20 ms scavenges, and
	// prefix-5000 and scaling-5000 counted at twice their cost (bench/README.md, "count.js and
	// pretenuring"). A real server has no such tables.
	global.gc();
	const server = await frameworks.makeServer(name, group, { dir: prepareFixtures() });
	global.gc();
	const socket = new MemorySocket();
	server.emit('connection', socket);
	// The switch itself (a child process: its EventEmitter, its handle) deoptimised node's
	// emit/addListener and Readable.read the first time, just before the window: they then ran
	// in baseline code and were recompiled inside it, in every framework (--trace-opt
	// --trace-deopt). Switching off, which changes nothing, twice during the warm-up leaves that
	// code optimised for it.
	const third = Math.floor(warmup / 3);
	await push(socket, makeRequest, 0, third);
	await callgrindControl('off');
	await push(socket, makeRequest, third, third);
	await callgrindControl('off');
	await push(socket, makeRequest, 2 * third, warmup - 2 * third);
	await callgrindControl('on');
	await push(socket, makeRequest, warmup, count);
	await callgrindControl('off');
	socket.destroy();
}

function totalOf(file) {
	let total = 0;
	for (const name of fs.readdirSync(path.dirname(file))) {
		if (!name.startsWith(path.basename(file))) continue;
		const text = fs.readFileSync(path.join(path.dirname(file), name), 'utf8');
		const match = /^totals: (\d+)/m.exec(text);
		if (match) total += Number(match[1]);
	}
	return total;
}

/**
 * valgrind's arguments for one counted run of this file's child (`nodeFlags`: more flags for node,
 * e.g. bench/annotate.js's `--perf-basic-prof`).
 */
function valgrindArgs({ out, name, baseline, scenario, warmup, count, nodeFlags = [] }) {
	return [
		...callgrindNode(out, nodeFlags),
		__filename,
		'--child',
		'--framework',
		name,
		...(baseline ? ['--baseline', baseline] : []),
		'--scenario',
		scenario,
		'--warmup',
		String(warmup),
		'--count',
		String(count),
	];
}

function measureOne(name, baseline, scenario, warmup, count, dir) {
	const out = path.join(dir, `${name}-${scenario}.cg`);
	execFileSync('valgrind', valgrindArgs({ out, name, baseline, scenario, warmup, count }), { stdio: ['ignore', 'ignore', 'pipe'] });
	return totalOf(out);
}

function main() {
	const scenarios = option('scenarios', 'hello,json,routes,middleware,notfound,rest').split(',');
	const warmup = Number(option('warmup', '20000'));
	const count = Number(option('count', '4000'));
	const baseline = option('baseline', null);
	// The median of `--repeat` runs: a recompilation (a deoptimised function compiled again)
	// now and then still lands in one run's window and not another's, ~9 M instructions that
	// move one run's figure by a few % either way.
	const repeat = Number(option('repeat', '3'));
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-count-'));
	const names = option('frameworks', 'velox').split(',');
	if (baseline) names.unshift('baseline');
	for (const scenario of scenarios) {
		const perRequest = {};
		for (const name of names) {
			const runs = [];
			for (let i = 0; i < repeat; i++) runs.push(measureOne(name, baseline, scenario, warmup, count, dir) / count);
			runs.sort((a, b) => a - b);
			perRequest[name] = runs[Math.floor(runs.length / 2)];
		}
		const parts = names.map((name) => `${name} ${Math.round(perRequest[name])}`);
		if (baseline && perRequest.velox !== undefined) parts.push(`${(((perRequest.velox - perRequest.baseline) / perRequest.baseline) * 100).toFixed(2)}%`);
		process.stdout.write(`${scenario.padEnd(12)} ${parts.join(' · ')}\n`);
	}
	if (process.env.COUNT_KEEP) process.stdout.write(`kept ${dir}\n`);
	else fs.rmSync(dir, { recursive: true, force: true });
}

// Run as a script (bench/annotate.js requires this file for `valgrindArgs`).
if (require.main === module) {
	if (process.argv.includes('--child')) {
		child().catch((error) => {
			process.stderr.write(`${error.stack || error}\n`);
			process.exitCode = 1;
		});
	} else {
		main();
	}
}

module.exports = { valgrindArgs };
