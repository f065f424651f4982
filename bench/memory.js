// Where a server's memory goes under load, framework beside framework (issue 28):
//
//   npm run build && node bench/memory.js [--scenarios hello,json,rest] [--frameworks node,fastify,velox]
//        [--baseline DIR] [--requests 150000] [--warmup 20000] [--connections 50] [--sample] [--snapshot DIR] [--no-pin]
//
// Each framework's scenario app runs in its own server process (bench/server.js, pinned to core 0,
// the load generator to core 1, as in the suite), with bench/lib/memory-probe.js preloaded. Per
// server: RSS idle; then a warm-up of `--warmup` requests, a measured load of `--requests` more with
// V8's GC profiler on (collections by kind, bytes allocated per request); right after it RSS and where it
// lies (/proc/self/smaps: the node binary's pages, V8's heap, the rest of anonymous memory), V8's
// heap spaces (new, old, code, large objects) and external memory; then the same after a full
// collection (what is retained rather than garbage). `--sample` adds a second load window under
// the sampling heap profiler (every allocation, collected or not) and prints the allocating
// functions in bytes per request. `--snapshot DIR` writes a heap snapshot of each server after load
// (and the full collection) and prints what Velox's holds beyond raw node's, by constructor.
// The load is a number of requests, not a duration (autocannon's `amount`, 50 connections): V8
// grows the young generation with the bytes that survive its scavenges, so a server that answered
// more requests in a window on a busy machine would end with a larger heap for that alone.
// `--duration SEC` loads for a time instead, as the suite does (wrk when installed).
// Not a timed test; the figures depend on the node version, not much on the machine's load.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { startServer, stopServer } = require('./lib/servers');
const { createLoader, hasCommand } = require('./lib/load');
const { rssBytes } = require('./lib/proc');

const ROOT = path.join(__dirname, '..');
const PROBE = path.join(__dirname, 'lib', 'memory-probe.js');

const FRAMEWORKS = {
	node: { family: 'node', module: 'node:http' },
	express4: { family: 'express', module: require.resolve('express') },
	fastify: { family: 'fastify', module: require.resolve('fastify') },
	velox: { family: 'express', module: ROOT },
};

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

const options = {
	scenarios: option('scenarios', 'hello,json,rest').split(','),
	frameworks: option('frameworks', 'node,fastify,velox').split(','),
	duration: option('duration', null) === null ? null : Number(option('duration')),
	requests: Number(option('requests', '150000')),
	warmup: Number(option('warmup', '20000')),
	connections: Number(option('connections', '50')),
	sample: process.argv.includes('--sample'),
	snapshot: option('snapshot', null),
	pin: !process.argv.includes('--no-pin') && hasCommand('taskset') && os.cpus().length >= 2,
	loader: option('loader', null),
};
// A fixed number of requests needs autocannon (wrk takes a duration only).
if (options.loader === null) options.loader = options.duration === null ? 'autocannon' : 'auto';
const baseline = option('baseline', null);
if (baseline !== null) {
	FRAMEWORKS.baseline = { family: 'express', module: path.resolve(baseline) };
	if (!options.frameworks.includes('baseline')) options.frameworks.push('baseline');
}

const children = new Set();
process.on('exit', () => {
	for (const child of children) stopServer(child);
});

let nextId = 0;
/** One request to a server's probe; resolves its answer. */
function ask(server, op, extra = {}) {
	const id = ++nextId;
	return new Promise((resolve, reject) => {
		const onMessage = (message) => {
			if (message === null || typeof message !== 'object' || message.type !== 'memory' || message.id !== id) return;
			server.child.off('message', onMessage);
			if (message.error) reject(new Error(message.error));
			else resolve(message);
		};
		server.child.on('message', onMessage);
		server.child.send({ type: 'memory', id, op, ...extra });
	});
}

/** `amount`: requests (or, with `--duration`, seconds) of load. */
function load(loader, server, request, amount) {
	const byCount = options.duration === null;
	return loader.run({
		url: `http://127.0.0.1:${server.port}${request.path}`,
		paths: request.paths,
		method: request.method,
		headers: request.headers,
		body: request.body,
		connections: options.connections,
		duration: byCount ? 1 : amount,
		amount: byCount ? amount : undefined,
		serverPid: server.pid,
		serverCore: options.pin ? 0 : null,
	});
}

const mb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1048576).toFixed(1));

/** Self size by node type and constructor name, from a .heapsnapshot file. */
function snapshotByConstructor(file) {
	const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
	const fields = snapshot.snapshot.meta.node_fields;
	const types = snapshot.snapshot.meta.node_types[0];
	const width = fields.length;
	const typeAt = fields.indexOf('type');
	const nameAt = fields.indexOf('name');
	const sizeAt = fields.indexOf('self_size');
	const nodes = snapshot.nodes;
	const strings = snapshot.strings;
	const sums = new Map();
	for (let i = 0; i < nodes.length; i += width) {
		const type = types[nodes[i + typeAt]];
		// Code, strings and arrays are grouped by kind (their names are their contents or sources).
		const name = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${strings[nodes[i + nameAt]].slice(0, 60)}` : type;
		const entry = sums.get(name) || { count: 0, size: 0 };
		entry.count++;
		entry.size += nodes[i + sizeAt];
		sums.set(name, entry);
	}
	return sums;
}

function printSnapshotDifference(name, files) {
	if (files.node === undefined || files[name] === undefined) return;
	const base = snapshotByConstructor(files.node);
	const other = snapshotByConstructor(files[name]);
	const rows = [];
	for (const [key, entry] of other) {
		const before = base.get(key) || { count: 0, size: 0 };
		rows.push({ key, size: entry.size - before.size, count: entry.count - before.count });
	}
	rows.sort((a, b) => b.size - a.size);
	const total = rows.reduce((sum, row) => sum + row.size, 0);
	process.stdout.write(`\n${name} heap snapshot minus node's, by kind and constructor (self sizes; total ${mb(total)} MB):\n`);
	for (const row of rows.slice(0, 20)) process.stdout.write(`  ${(row.size / 1024).toFixed(0).padStart(7)} KB  ${String(row.count).padStart(7)}  ${row.key}\n`);
}

async function measureServer(name, server, request, loader, snapshotDir, scenario) {
	const idle = (await ask(server, 'stats')).stats;
	const byCount = options.duration === null;
	if (options.warmup > 0) await load(loader, server, request, byCount ? options.warmup : Math.min(options.warmup, 5));
	await ask(server, 'start');
	const result = await load(loader, server, request, byCount ? options.requests : options.duration);
	const { collections } = await ask(server, 'stop');
	const afterLoad = (await ask(server, 'stats')).stats;
	const rssAfterLoad = rssBytes(server.pid);
	let samples = null;
	if (options.sample) {
		await ask(server, 'start', { sample: true, interval: 512 });
		const sampled = await load(loader, server, request, byCount ? Math.min(options.requests, 30000) : Math.min(options.duration, 5));
		samples = { ...(await ask(server, 'stop')).samples, requests: sampled.requests };
	}
	const afterGc = (await ask(server, 'stats', { gc: true })).stats;
	let snapshotFile = null;
	if (snapshotDir !== null) snapshotFile = (await ask(server, 'snapshot', { file: path.join(snapshotDir, `${scenario}-${name}.heapsnapshot`) })).file;
	return { name, idle, afterLoad, rssAfterLoad, afterGc, requests: result.requests, seconds: result.seconds, collections, samples, snapshotFile };
}

function row(figure, nodeFigure) {
	const after = figure.afterLoad;
	const spaces = after.spaces;
	const heapPhysical = after.heap.total_physical_size;
	const anonymous = after.mappings ? after.mappings.anonymous + after.mappings.mallocHeap + after.mappings.anonymousExecutable : null;
	const perRequest = figure.collections.allocatedBytes / figure.requests;
	const kinds = figure.collections.kinds;
	const scavenges = (kinds.Scavenge || 0) + (kinds.MinorMarkSweep || 0) + (kinds.MinorMarkCompact || 0);
	const full = kinds.MarkSweepCompact || 0;
	const delta = nodeFigure ? ` (${figure.rssAfterLoad >= nodeFigure.rssAfterLoad ? '+' : ''}${mb(figure.rssAfterLoad - nodeFigure.rssAfterLoad)})` : '';
	return [
		figure.name,
		mb(figure.idle.memoryUsage.rss),
		`${mb(figure.rssAfterLoad)}${delta}`,
		mb(after.mappings && after.mappings.nodeBinary),
		mb(heapPhysical),
		mb(anonymous === null ? null : anonymous - heapPhysical),
		mb(spaces.new_space.size),
		`${mb(spaces.old_space.used)}/${mb(spaces.old_space.size)}`,
		mb(spaces.code_space.size),
		mb(spaces.large_object_space.size + spaces.new_large_object_space.size + spaces.code_large_object_space.size),
		`${mb(after.memoryUsage.external)}/${mb(after.memoryUsage.arrayBuffers)}`,
		mb(figure.afterGc.spaces.old_space.used),
		perRequest.toFixed(0),
		((scavenges / figure.requests) * 10000).toFixed(1),
		String(full),
		String(figure.requests),
	];
}

async function main() {
	const groups = selectGroups(allGroups({ quick: true }), options.scenarios).filter((group) => !group.routeCount);
	const fixturesDir = prepareFixtures();
	const loader = createLoader(options.loader, options.pin, children);
	const snapshotDir = options.snapshot === null ? null : path.resolve(options.snapshot);
	if (snapshotDir !== null) fs.mkdirSync(snapshotDir, { recursive: true });
	const amount =
		options.duration === null ? `${options.warmup} + ${options.requests} requests` : `${Math.min(options.warmup, 5)} s warm-up + ${options.duration} s`;
	process.stdout.write(
		`memory after load: ${loader.name}, ${options.connections} connections, ${amount}, node ${process.version}${options.pin ? ', server pinned to core 0' : ''}\n`,
	);
	const all = [];
	try {
		for (const group of groups) {
			const request = group.measure[0].request;
			const figures = [];
			for (const name of options.frameworks) {
				const framework = FRAMEWORKS[name];
				if (framework === undefined) throw new Error(`unknown framework ${name} (known: ${Object.keys(FRAMEWORKS).join(', ')})`);
				const server = await startServer(framework, group, fixturesDir, options.pin, children, ['--expose-gc', '-r', PROBE]);
				if (server.error) {
					process.stdout.write(`${group.id} / ${name}: n/a — ${server.error}\n`);
					continue;
				}
				try {
					figures.push(await measureServer(name, server, request, loader, snapshotDir, group.id));
				} finally {
					stopServer(server.child);
				}
			}
			all.push({ scenario: group.id, figures });
			const nodeFigure = figures.find((f) => f.name === 'node');
			process.stdout.write(`\n${group.id} (${request.method} ${request.path})\n\n`);
			const header = [
				'framework',
				'RSS idle',
				'RSS after load (vs node)',
				'node binary',
				'V8 heap',
				'other anon',
				'new space',
				'old used/size',
				'code space',
				'large obj',
				'external/arraybuf',
				'old used after full GC',
				'B alloc/req',
				'scavenges/10k req',
				'full GCs',
				'requests',
			];
			process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => ' ---: ').join('|')}|\n`);
			for (const figure of figures) process.stdout.write(`| ${row(figure, nodeFigure).join(' | ')} |\n`);
			for (const figure of figures) {
				if (figure.samples === null) continue;
				process.stdout.write(
					`\n${figure.name}: sampled allocations, bytes per request (${figure.samples.requests} requests; ${(figure.samples.totalBytes / figure.samples.requests).toFixed(0)} in all):\n`,
				);
				for (const [site, bytes] of figure.samples.sites.slice(0, 25)) {
					process.stdout.write(`  ${(bytes / figure.samples.requests).toFixed(0).padStart(6)}  ${site}\n`);
				}
			}
			if (snapshotDir !== null) {
				const files = Object.fromEntries(figures.map((f) => [f.name, f.snapshotFile]));
				for (const figure of figures) if (figure.name !== 'node') printSnapshotDifference(figure.name, files);
			}
		}
	} finally {
		loader.close();
	}
	const outDir = path.join(__dirname, 'results');
	fs.mkdirSync(outDir, { recursive: true });
	fs.writeFileSync(path.join(outDir, 'memory.json'), `${JSON.stringify(all, null, 2)}\n`);
	process.stdout.write('\nwritten: bench/results/memory.json\n');
}

main().catch((error) => {
	process.stderr.write(`memory failed: ${error && error.stack ? error.stack : error}\n`);
	process.exitCode = 1;
});
