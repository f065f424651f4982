// Two builds of Velox side by side over HTTP/2, in one server process: server CPU per request of
// each, rounds alternating, for judging a change to the HTTP/2 path.
//
//   npm run build && node bench/h2ab.js --baseline DIR [--scenarios h2-hello,h2-json,h2-rest]
//       [--requests 20000] [--rounds 10] [--connections 10] [--streams 10]
//
// Why not the suite or bench/h2count.js: on the shared 2-core machine an h2load round of one
// server moves by ±20% from spawn to spawn (how much h2load batches in a read, when V8 grows the
// young generation), so two spawns of the same build differ by more than most changes. Here both
// builds' apps serve from the same process (`http2.createServer(app)`, as the suite), pinned to
// core 0 with h2load on core 1; each round loads one server then the other (the order alternates),
// and the figure is the median over rounds of the process's CPU time (user + system) per request,
// the first two rounds left out as warm-up. Needs h2load (nghttp2-client) and taskset.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http2 = require('node:http2');
const { execFileSync } = require('node:child_process');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { createServer } = require('./apps/express');
const { h2loadRequests } = require('./lib/load');

const ROOT = path.join(__dirname, '..');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

function listen(server) {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
	const baseline = option('baseline', null);
	if (baseline === null) throw new Error('--baseline DIR: the other build to compare with');
	const builds = { baseline: path.resolve(baseline), velox: ROOT };
	const requests = Number(option('requests', '20000'));
	const rounds = Number(option('rounds', '10'));
	const load = { connections: Number(option('connections', '10')), streams: Number(option('streams', '10')) };
	const groups = selectGroups(allGroups({ quick: true }), option('scenarios', 'h2-hello,h2-json,h2-rest').split(',')).filter(
		(group) => group.protocol === 'h2',
	);
	const fixtures = { dir: prepareFixtures() };
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-h2ab-'));
	for (const group of groups) {
		const servers = {};
		for (const [name, dir] of Object.entries(builds)) {
			const server = http2.createServer(createServer(dir, group, fixtures));
			servers[name] = { server, port: await listen(server), cpu: [] };
		}
		const request = group.measure[0].request;
		const names = Object.keys(servers);
		for (let round = 0; round < rounds; round++) {
			const order = round % 2 === 0 ? names : [...names].reverse();
			for (const name of order) {
				const before = process.cpuUsage();
				await h2loadRequests(servers[name].port, request, requests, load, dir);
				const used = process.cpuUsage(before);
				if (round >= 2) servers[name].cpu.push((used.user + used.system) / requests);
			}
		}
		const figures = names.map((name) => `${name} ${median(servers[name].cpu).toFixed(1)} µs`);
		const ratio = median(servers.velox.cpu) / median(servers.baseline.cpu);
		process.stdout.write(`${group.id.padEnd(10)} ${figures.join(' · ')} · velox/baseline ${ratio.toFixed(3)}\n`);
		for (const { server } of Object.values(servers)) server.close();
	}
	fs.rmSync(dir, { recursive: true, force: true });
}

// The server side is this process: pin it to core 0 (h2load goes to core 1), once.
if (process.env.VELOX_H2AB_PINNED !== '1') {
	execFileSync('taskset', ['-c', '0', process.execPath, __filename, ...process.argv.slice(2)], {
		stdio: 'inherit',
		env: { ...process.env, VELOX_H2AB_PINNED: '1' },
	});
} else {
	main().catch((error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.exitCode = 1;
	});
}
