// What an app costs before it serves: building it with N routes of the GitHub table
// (bench/lib/github-scale.js, `app[method](path, handler)` for each, in order), its first request,
// and the heap it holds; on Velox 4, Velox 5 (bench/lib/velox5.js), express@4 and express@5.
//
//   npm run build && node bench/registration.js [--routes 10,1000,5000] [--runs 7]
//     [--frameworks velox,velox5,express4,express5] [--baseline DIR] [--instructions [--instruction-runs 1]] [--json]
//
// Each figure comes from a fresh child process (`node --expose-gc`; a line is one per process)
// that loads the framework, then measures: `register`, the wall time of `framework()` and the N
// calls; `first`, the wall time of the first request (a GET of the table's `param-last` probe)
// pushed into `http.createServer(app)` on an in-memory socket (bench/lib/memory-socket.js) until its
// response is written; `heap`, `heapUsed` after that request and a full GC, and `app`, that less
// `heapUsed` after a full GC before the app was built (what the app and the modules its first
// request loaded hold). Medians of `--runs` rounds, each round running every framework in turn,
// the order rotated from one round to the next. `--baseline DIR`: another checkout's build of
// Velox measured as `baseline` (Velox 4) and `baseline5` (Velox 5) beside this one's.
//
// Wall time on a shared machine drifts from one round to the next, so `--instructions` counts
// the same two phases in instructions: one more child per framework and size (median of
// `--instruction-runs`) under `valgrind --tool=callgrind --instr-atstart=no` with
// `node --predictable --no-memory-reducer` (as bench/count.js runs it: compilation and garbage
// collection on the main thread, in the same order every run), instrumentation switched on and
// off around each phase with `callgrind_control`. A first window with nothing in it measures
// what switching costs, and is taken off both phases. Needs valgrind.

const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const http = require('node:http');
const { execFileSync, spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { githubScaleRoutes, githubScaleTargets } = require('./lib/github-scale');
const { MemorySocket, pushBatch, requestMaker } = require('./lib/memory-socket');
const { callgrindNode } = require('./lib/callgrind');

const ROOT = path.join(__dirname, '..');

/** name → how the child loads it (a module to require, or a checkout whose Velox 5 it loads). */
const FRAMEWORKS = {
	velox: { module: ROOT },
	velox5: { module: path.join(__dirname, 'lib', 'velox5.js') },
	express4: { module: 'express' },
	express5: { module: 'express5' },
};

function option(argv, name, fallback) {
	const index = argv.indexOf(`--${name}`);
	return index === -1 ? fallback : argv[index + 1];
}

/** In the child: loads `name`, the line first for a checkout's Velox 5. */
function load(name, baseline) {
	if (name === 'baseline') return require(baseline);
	if (name === 'baseline5') {
		require(path.join(baseline, 'lib', 'core', 'lines')).useLine(5);
		return require(baseline);
	}
	return require(FRAMEWORKS[name].module);
}

function heapAfterGc() {
	global.gc();
	global.gc();
	return process.memoryUsage().heapUsed;
}

function hello(_req, res) {
	res.send('Hello World!');
}

/** Switches callgrind's instrumentation (`on`, `off`) or dumps its counters (`dump`), and waits until it has. */
function callgrind(action) {
	const args = action === 'dump' ? ['--dump', String(process.pid)] : ['-i', action, String(process.pid)];
	return new Promise((resolve, reject) => {
		// Asynchronous: the valgrind-ed process must keep running to answer.
		const child = spawn('callgrind_control', args, { stdio: 'ignore' });
		child.on('error', reject);
		child.on('exit', resolve);
	});
}

/** One window of instructions: `run` (sync or async) between switching on and a dump. */
async function window(counted, run) {
	if (counted) await callgrind('on');
	await run();
	if (counted) {
		await callgrind('off');
		await callgrind('dump');
	}
}

/** In the child: one framework, one table size; prints its figures as JSON. */
async function child(argv) {
	const name = option(argv, 'framework');
	const count = Number(option(argv, 'routes'));
	const counted = argv.includes('--counted');
	const framework = load(name, option(argv, 'baseline', null));
	const routes = githubScaleRoutes(count).map(({ method, path: routePath }) => [method.toLowerCase(), routePath]);
	const probe = githubScaleTargets(count).find((target) => target.variant === 'param-last');
	const makeRequest = requestMaker({ method: 'GET', path: probe.path });
	const before = heapAfterGc();

	await window(counted, () => {});
	let app;
	let registerMs = 0;
	await window(counted, () => {
		const start = performance.now();
		app = framework();
		for (const [method, routePath] of routes) app[method](routePath, hello);
		registerMs = performance.now() - start;
	});
	let firstMs = 0;
	await window(counted, async () => {
		const server = http.createServer(app);
		const socket = new MemorySocket();
		const start = performance.now();
		server.emit('connection', socket);
		await pushBatch(socket, makeRequest, 0, 1);
		firstMs = performance.now() - start;
		socket.destroy();
	});
	const heap = heapAfterGc();
	process.stdout.write(`${JSON.stringify({ registerMs, firstMs, heap, app: heap - before })}\n`);
}

function runChild(name, count, baseline) {
	const args = ['--expose-gc', __filename, '--child', '--framework', name, '--routes', String(count)];
	if (baseline) args.push('--baseline', baseline);
	return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }));
}

/** The three windows' instruction totals of one callgrind run (dumps `out.1` … `out.3`). */
function windowTotals(out) {
	const totals = [];
	for (let part = 1; part <= 3; part++) {
		const text = fs.readFileSync(`${out}.${part}`, 'utf8');
		totals.push(Number(/^totals: (\d+)/m.exec(text)[1]));
	}
	return totals;
}

function countChild(name, count, baseline, dir) {
	const out = path.join(dir, `${name}-${count}.cg`);
	const args = [...callgrindNode(out), __filename, '--child', '--counted', '--framework', name, '--routes', String(count)];
	if (baseline) args.push('--baseline', baseline);
	execFileSync('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
	const [empty, register, first] = windowTotals(out);
	for (const file of fs.readdirSync(dir)) if (file.startsWith(path.basename(out))) fs.rmSync(path.join(dir, file));
	return { registerInstructions: register - empty, firstInstructions: first - empty };
}

function median(values) {
	const sorted = values.slice().sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

const mb = (bytes) => (bytes / 1048576).toFixed(1);
const ms = (value) => value.toFixed(1);
const millions = (value) => (value / 1e6).toFixed(1);

function main(argv) {
	const sizes = option(argv, 'routes', '10,1000,5000').split(',').map(Number);
	const runs = Number(option(argv, 'runs', '7'));
	const names = option(argv, 'frameworks', 'velox,velox5,express4,express5').split(',');
	const baseline = option(argv, 'baseline', null);
	if (baseline) names.push('baseline', 'baseline5');
	const baseDir = baseline ? path.resolve(baseline) : null;
	for (const name of names) if (!(name in FRAMEWORKS) && !name.startsWith('baseline')) throw new Error(`unknown framework ${name}`);

	const samples = {};
	for (const count of sizes) for (const name of names) samples[`${name}@${count}`] = [];
	for (let round = 0; round < runs; round++) {
		for (const count of sizes) {
			for (let i = 0; i < names.length; i++) {
				const name = names[(i + round) % names.length];
				samples[`${name}@${count}`].push(runChild(name, count, baseDir));
			}
		}
		process.stderr.write(`\rround ${round + 1}/${runs}`);
	}
	process.stderr.write('\n');

	const result = [];
	for (const count of sizes) {
		for (const name of names) {
			const list = samples[`${name}@${count}`];
			const row = { framework: name, routes: count };
			for (const key of ['registerMs', 'firstMs', 'heap', 'app']) row[key] = median(list.map((sample) => sample[key]));
			result.push(row);
		}
	}

	if (argv.includes('--instructions')) {
		const instructionRuns = Number(option(argv, 'instruction-runs', '1'));
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-registration-'));
		for (const row of result) {
			const counts = [];
			for (let i = 0; i < instructionRuns; i++) counts.push(countChild(row.framework, row.routes, baseDir, dir));
			row.registerInstructions = median(counts.map((c) => c.registerInstructions));
			row.firstInstructions = median(counts.map((c) => c.firstInstructions));
			process.stderr.write(`\rcounted ${row.framework} at ${row.routes}          `);
		}
		process.stderr.write('\n');
		fs.rmSync(dir, { recursive: true, force: true });
	}

	if (argv.includes('--json')) {
		process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
		return;
	}
	const counted = result[0].registerInstructions !== undefined;
	process.stdout.write(`Medians of ${runs} rounds (node ${process.version}); heap after a full GC.\n\n`);
	const head = ['routes', 'framework', 'register ms', 'first ms', 'heap MB', 'app MB'];
	if (counted) head.push('register M instr', 'first M instr');
	process.stdout.write(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|\n`);
	for (const row of result) {
		const cells = [row.routes, row.framework, ms(row.registerMs), ms(row.firstMs), mb(row.heap), mb(row.app)];
		if (counted) cells.push(millions(row.registerInstructions), millions(row.firstInstructions));
		process.stdout.write(`| ${cells.join(' | ')} |\n`);
	}
}

if (process.argv.includes('--child')) {
	child(process.argv).catch((error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.exitCode = 1;
	});
} else {
	main(process.argv);
}
