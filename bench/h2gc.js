// The garbage collector's share of an HTTP/2 server, window by window: bytes allocated, surviving a
// scavenge and promoted to the old generation per request, and the scavenges' pauses, read from V8's
// own `--trace-gc-nvp` lines of the server process.
//
//   npm run build && node bench/h2gc.js [--scenarios h2-hello,h2-json] [--frameworks node,fastify,velox]
//       [--windows 6] [--requests 15000] [--warmup 30000] [--baseline DIR]
//       [--node-flags "--no-allocation-site-pretenuring"]
//
// Why: an HTTP/2 server under h2load runs in one of two regimes. In one, a request's objects die
// young (a few bytes per request promoted, scavenges of 1–2 ms). In the other, ~1.5 KB of every
// request's objects (node's stream, its compatibility request and response, what the framework
// hangs on them) survive each scavenge until the next mark-compact: scavenges take 6–12 ms and a
// request costs ~10 µs more. Which regime a process is in moves its requests per CPU-second by
// ±15%, more than most changes; this script shows it per window instead of leaving it in the
// noise. bench/README.md, "HTTP/2's two GC regimes", has the findings.
//
// Each server is `bench/server.js` with the suite's app (core 0, h2load on core 1), so the figures
// are the suite's. Needs h2load (nghttp2-client) and taskset.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { IN_PROCESS, addBaselines } = require('./lib/frameworks');
const { h2loadRequests, hasCommand } = require('./lib/load');
const { startServer, stopServer } = require('./lib/servers');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One collection's fields from a `--trace-gc-nvp` line, or null: `name=value` pairs up to node 24,
 * a JSON object after `GC: ` from node 26 on.
 */
function gcFields(line) {
	const json = line.indexOf('GC: {');
	if (json !== -1) return JSON.parse(line.slice(json + 4));
	if (!line.includes(' gc=')) return null;
	const fields = {};
	for (const pair of line.split(' ')) {
		const equals = pair.indexOf('=');
		if (equals > 0) fields[pair.slice(0, equals)] = pair.slice(equals + 1);
	}
	return fields;
}

/** Sums of the scavenges (`gc=s`) and the count of the other collections in `--trace-gc-nvp` text. */
function readCollections(text) {
	const sums = { allocated: 0, survived: 0, promoted: 0, scavenges: 0, pause: 0, major: 0 };
	for (const line of text.split('\n')) {
		const fields = gcFields(line);
		if (fields === null) continue;
		const field = (name) => Number(fields[name]) || 0;
		sums.allocated += field('allocated');
		if (fields.gc !== 's') {
			sums.major++;
			continue;
		}
		sums.scavenges++;
		sums.pause += field('pause');
		sums.survived += field('new_space_survived');
		sums.promoted += field('promoted');
	}
	return sums;
}

async function startLogged(name, group, fixtures, log, nodeFlags, children) {
	const [family, module] = IN_PROCESS[name];
	const out = fs.openSync(log, 'w');
	try {
		const started = await startServer({ family, module }, group, fixtures, true, children, ['--trace-gc-nvp', ...nodeFlags], out);
		if (started.error) throw new Error(`${name}: ${started.error}`);
		return started;
	} finally {
		fs.closeSync(out);
	}
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const frameworks = [...option('frameworks', 'node,fastify,velox').split(','), ...addBaselines(option('baseline', null))];
	const windows = Number(option('windows', '6'));
	const requests = Number(option('requests', '15000'));
	const warmup = Number(option('warmup', '30000'));
	const nodeFlags = option('node-flags', '').split(' ').filter(Boolean);
	const load = { connections: Number(option('connections', '10')), streams: Number(option('streams', '10')) };
	const groups = selectGroups(allGroups({ quick: true }), option('scenarios', 'h2-hello,h2-json').split(',')).filter((group) => group.protocol === 'h2');
	const fixtures = prepareFixtures();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-h2gc-'));
	const children = new Set();
	process.stdout.write(
		`${windows} windows of ${requests} requests after ${warmup}, h2c ${load.connections} × ${load.streams}${nodeFlags.length ? `, node ${nodeFlags.join(' ')}` : ''}\n` +
			'per request: bytes promoted in each window · medians: allocated, survived a scavenge, promoted · scavenges: count, mean pause · major GCs\n',
	);
	try {
		for (const group of groups) {
			const request = group.measure[0].request;
			for (const name of frameworks) {
				const log = path.join(dir, `${group.id}-${name}.log`);
				const { child, port } = await startLogged(name, group, fixtures, log, nodeFlags, children);
				try {
					await h2loadRequests(port, request, warmup, load, dir);
					const rows = [];
					for (let w = 0; w < windows; w++) {
						await pause(100);
						const start = fs.statSync(log).size;
						await h2loadRequests(port, request, requests, load, dir);
						// The GC lines of the window's last collections reach the file right after.
						await pause(100);
						const text = fs.readFileSync(log).subarray(start).toString();
						rows.push(readCollections(text));
					}
					const per = (key) => median(rows.map((row) => row[key] / requests));
					const scavenges = rows.reduce((sum, row) => sum + row.scavenges, 0);
					const pauseMs = rows.reduce((sum, row) => sum + row.pause, 0);
					const major = rows.reduce((sum, row) => sum + row.major, 0);
					process.stdout.write(
						`${group.id.padEnd(9)} ${name.padEnd(8)} promoted ${rows.map((row) => (row.promoted / requests).toFixed(0)).join(' ')} B · ` +
							`${per('allocated').toFixed(0)} / ${per('survived').toFixed(0)} / ${per('promoted').toFixed(0)} B · ` +
							`${scavenges} scavenges, ${(pauseMs / Math.max(1, scavenges)).toFixed(1)} ms · ${major} major\n`,
					);
				} finally {
					stopServer(child);
				}
			}
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

if (!hasCommand('h2load')) {
	process.stdout.write('h2load is not on PATH: install nghttp2-client (apt-get install nghttp2-client) to run bench/h2gc.js\n');
} else
	main().catch((error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.exitCode = 1;
	});
