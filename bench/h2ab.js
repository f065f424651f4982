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
const { execFile, execFileSync } = require('node:child_process');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { createServer } = require('./apps/express');

const ROOT = path.join(__dirname, '..');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

const uriFiles = new Set();

function h2load(port, request, requests, load) {
	const args = ['-c', '1', 'h2load', '-n', String(requests), '-c', String(load.connections), '-m', String(load.streams)];
	const origin = `http://127.0.0.1:${port}`;
	if (request.paths) {
		// A varying request cycles through 1,000 URIs, as in the suite.
		const lines = [];
		for (let n = 1; n <= 1000; n++) lines.push(origin + request.paths[n % request.paths.length].replace(/\{n\}/g, String(n)));
		const file = path.join(os.tmpdir(), `velox-h2ab-${process.pid}-${port}.txt`);
		fs.writeFileSync(file, `${lines.join('\n')}\n`);
		uriFiles.add(file);
		args.push('-i', file);
	} else args.push(origin + request.path);
	return new Promise((resolve, reject) => {
		execFile('taskset', args, (error, stdout) => {
			const done = /requests: \d+ total, \d+ started, (\d+) done/.exec(stdout);
			if (error || !done || Number(done[1]) !== requests) reject(error ?? new Error(`h2load did not complete:\n${stdout}`));
			else resolve();
		});
	});
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
				await h2load(servers[name].port, request, requests, load);
				const used = process.cpuUsage(before);
				if (round >= 2) servers[name].cpu.push((used.user + used.system) / requests);
			}
		}
		const figures = names.map((name) => `${name} ${median(servers[name].cpu).toFixed(1)} µs`);
		const ratio = median(servers.velox.cpu) / median(servers.baseline.cpu);
		process.stdout.write(`${group.id.padEnd(10)} ${figures.join(' · ')} · velox/baseline ${ratio.toFixed(3)}\n`);
		for (const { server } of Object.values(servers)) server.close();
	}
	for (const file of uriFiles) fs.rmSync(file, { force: true });
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
