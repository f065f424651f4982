// Instructions per HTTP/2 request (h2c), server by server: what bench/count.js is for HTTP/1.1,
// for the suite's HTTP/2 scenarios (h2-hello, h2-json, h2-rest, h2-static).
//
//   npm run build && node bench/h2count.js [--scenarios h2-hello,h2-json] [--frameworks node,fastify,velox]
//       [--baseline DIR[,DIR2]] [--warmup 10000] [--count 4000] [--windows 5] [--perf-map] [--split]
//
// Each server (bench/server.js, the suite's apps) runs under `valgrind --tool=callgrind
// --instr-atstart=no` with `node --predictable --no-memory-reducer`; h2load (another process, not
// counted) sends `--warmup` requests, instrumentation is switched on with `callgrind_control`,
// h2load sends `--count` more `--windows` times (10 connections × 10 streams, as the suite), with a
// callgrind dump after each, and it is switched off. The figure is the median over the windows of
// the server's instructions per request, with the lowest and highest window beside it: it does not
// depend on the machine's load, unlike requests per CPU-second. `--perf-map` also runs node with
// `--perf-basic-prof` and keeps the callgrind files (COUNT_KEEP=1 prints where), for
// bench/annotate.js-style reading. `--split` also prints each server's median without the
// instructions under the garbage collector's entry points (the windows' spread is mostly the GC's:
// the lowest of 7 windows moved by 2% between two runs of the same build, the median without GC by
// 0.2%). Needs valgrind and h2load (nghttp2-client).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork, execFileSync, spawnSync } = require('node:child_process');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { writeUriList } = require('./lib/load');

const ROOT = path.join(__dirname, '..');
const SERVER = path.join(__dirname, 'server.js');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

const FRAMEWORKS = {
	node: { family: 'node', module: 'node:http' },
	fastify: { family: 'fastify', module: require.resolve('fastify') },
	velox: { family: 'express', module: ROOT },
};
// `--baseline DIR[,DIR2…]`: other builds of Velox, measured as `baseline`, `baseline2`, …
const baseline = option('baseline', null);
const baselines = baseline === null ? [] : baseline.split(',');
baselines.forEach((dir, i) => {
	FRAMEWORKS[i === 0 ? 'baseline' : `baseline${i + 1}`] = { family: 'express', module: path.resolve(dir) };
});

function start(framework, group, fixturesDir, out, perfMap) {
	const args = [framework.family, framework.module, JSON.stringify(group), fixturesDir];
	const valgrind = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, '--predictable', '--no-memory-reducer'];
	if (perfMap) valgrind.push('--perf-basic-prof');
	const child = fork(SERVER, args, { execPath: 'valgrind', execArgv: valgrind, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
	return new Promise((resolve, reject) => {
		child.on('message', (message) => {
			if (message.type === 'ready') resolve({ child, port: message.port });
			else reject(new Error(message.message));
		});
		child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
	});
}

function h2load(port, request, requests, dir, { connections, streams }) {
	const args = ['-n', String(requests), '-c', String(connections), '-m', String(streams)];
	const origin = `http://127.0.0.1:${port}`;
	if (request.paths) args.push('-i', writeUriList(path.join(dir, 'uris.txt'), origin, request.paths));
	else args.push(origin + request.path);
	const result = spawnSync('h2load', args, { encoding: 'utf8' });
	const done = /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded/.exec(result.stdout);
	if (!done || Number(done[1]) !== requests) throw new Error(`h2load did not complete ${requests} requests:\n${result.stdout}${result.stderr}`);
}

/** The `totals:` of each dump callgrind wrote for `out` (`out.1`, `out.2`, …), in order. */
function windowTotals(out) {
	const prefix = path.basename(out) + '.';
	const dumps = [];
	for (const name of fs.readdirSync(path.dirname(out))) {
		if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
		const match = /^totals: (\d+)/m.exec(fs.readFileSync(path.join(path.dirname(out), name), 'utf8'));
		dumps.push({ n: Number(name.slice(prefix.length)), total: match ? Number(match[1]) : 0 });
	}
	return dumps.sort((a, b) => a.n - b.n).map((dump) => dump.total);
}

// The collectors' own entry points (`node --predictable` runs them on the main thread only): a
// window's instructions under them are its garbage collection's.
const GC_ROOTS = [/v8::internal::Heap::CollectGarbage\(/, /v8::internal::IncrementalMarking(Job::Task::RunInternal|::(Step|AdvanceOnAllocation|Start)\()/];

/** Per dump of `out`, the instructions under the collectors' entry points (`--split`). */
function windowGc(out, windows) {
	const gc = [];
	for (let n = 1; n <= windows; n++) {
		const text = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=99.99', `${out}.${n}`], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
		const largest = GC_ROOTS.map(() => 0);
		for (const line of text.split('\n')) {
			const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
			if (match === null) continue;
			for (let i = 0; i < GC_ROOTS.length; i++) {
				if (GC_ROOTS[i].test(match[2])) largest[i] = Math.max(largest[i], Number(match[1].replace(/,/g, '')));
			}
		}
		gc.push(largest.reduce((sum, value) => sum + value, 0));
	}
	return gc;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** Per-request instructions of each of `windows` windows of `count` requests, after `warmup`. */
async function measure(name, group, fixturesDir, dir, { warmup, count, windows, perfMap, split, ...load }) {
	const out = path.join(dir, `${name}-${group.id}.cg`);
	const server = await start(FRAMEWORKS[name], group, fixturesDir, out, perfMap);
	const request = group.measure[0].request;
	const pid = String(server.child.pid);
	h2load(server.port, request, warmup, dir, load);
	execFileSync('callgrind_control', ['-i', 'on', pid], { stdio: 'ignore' });
	// One dump per window (a dump also zeroes the counters): a major GC or a late optimisation
	// lands in one window, and the median leaves it out.
	for (let w = 0; w < windows; w++) {
		h2load(server.port, request, count, dir, load);
		execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
	}
	execFileSync('callgrind_control', ['-i', 'off', pid], { stdio: 'ignore' });
	// Disconnecting makes the server exit normally.
	const exited = new Promise((resolve) => server.child.once('exit', resolve));
	server.child.disconnect();
	await exited;
	const totals = windowTotals(out);
	if (totals.length !== windows) throw new Error(`${name}: ${totals.length} callgrind dumps, expected ${windows}`);
	const perRequest = totals.map((total) => total / count);
	if (split) {
		const gc = windowGc(out, windows);
		perRequest.withoutGc = totals.map((total, i) => (total - gc[i]) / count);
	}
	return perRequest;
}

async function main() {
	const scenarios = option('scenarios', 'h2-hello,h2-json').split(',');
	const names = option('frameworks', 'node,fastify,velox').split(',');
	baselines.forEach((_dir, i) => {
		const name = i === 0 ? 'baseline' : `baseline${i + 1}`;
		if (!names.includes(name)) names.push(name);
	});
	const settings = {
		warmup: Number(option('warmup', '10000')),
		count: Number(option('count', '4000')),
		connections: Number(option('connections', '10')),
		streams: Number(option('streams', '10')),
		windows: Number(option('windows', '5')),
		perfMap: process.argv.includes('--perf-map'),
		split: process.argv.includes('--split'),
	};
	const groups = selectGroups(allGroups({ quick: true }), scenarios).filter((group) => group.protocol === 'h2');
	const fixturesDir = prepareFixtures();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-h2count-'));
	for (const group of groups) {
		const parts = [];
		for (const name of names) {
			const perRequest = await measure(name, group, fixturesDir, dir, settings);
			const spread = `${Math.round(Math.min(...perRequest))}–${Math.round(Math.max(...perRequest))}`;
			let part = `${name} ${Math.round(median(perRequest))} (${spread})`;
			if (perRequest.withoutGc) {
				const rest = perRequest.withoutGc;
				part += ` without GC ${Math.round(median(rest))} (${Math.round(Math.min(...rest))}–${Math.round(Math.max(...rest))})`;
			}
			parts.push(part);
		}
		process.stdout.write(`${group.id.padEnd(12)} ${parts.join(' · ')}\n`);
	}
	if (process.env.COUNT_KEEP || settings.perfMap) process.stdout.write(`kept ${dir}\n`);
	else fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
});
