// Instructions per HTTP/2 request (h2c), server by server: what bench/count.js is for HTTP/1.1,
// for the suite's HTTP/2 scenarios (h2-hello, h2-json, h2-rest, h2-static).
//
//   npm run build && node bench/h2count.js [--scenarios h2-hello,h2-json] [--frameworks node,fastify,velox]
//       [--baseline DIR[,DIR2]] [--warmup 10000] [--count 4000] [--perf-map]
//
// Each server (bench/server.js, the suite's apps) runs under `valgrind --tool=callgrind
// --instr-atstart=no` with `node --predictable --no-memory-reducer`; h2load (another process, not
// counted) sends `--warmup` requests, instrumentation is switched on with `callgrind_control`,
// h2load sends `--count` more (10 connections × 10 streams, as the suite), and it is switched off.
// The server's instructions in that window over `--count` is the figure: it does not depend on the
// machine's load, unlike requests per CPU-second. `--perf-map` also runs node with
// `--perf-basic-prof` and keeps the callgrind files (COUNT_KEEP=1 prints where), for
// bench/annotate.js-style reading. Needs valgrind and h2load (nghttp2-client).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork, execFileSync, spawnSync } = require('node:child_process');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');

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

function h2load(port, request, requests, dir) {
	const args = ['-n', String(requests), '-c', '10', '-m', '10'];
	const origin = `http://127.0.0.1:${port}`;
	if (request.paths) {
		const file = path.join(dir, 'uris.txt');
		const lines = [];
		for (let n = 1; n <= 1000; n++) lines.push(origin + request.paths[n % request.paths.length].replace(/\{n\}/g, String(n)));
		fs.writeFileSync(file, `${lines.join('\n')}\n`);
		args.push('-i', file);
	} else args.push(origin + request.path);
	const result = spawnSync('h2load', args, { encoding: 'utf8' });
	const done = /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded/.exec(result.stdout);
	if (!done || Number(done[1]) !== requests) throw new Error(`h2load did not complete ${requests} requests:\n${result.stdout}${result.stderr}`);
}

function totalOf(out) {
	let total = 0;
	for (const name of fs.readdirSync(path.dirname(out))) {
		if (!name.startsWith(path.basename(out))) continue;
		const match = /^totals: (\d+)/m.exec(fs.readFileSync(path.join(path.dirname(out), name), 'utf8'));
		if (match) total += Number(match[1]);
	}
	return total;
}

async function measure(name, group, fixturesDir, dir, warmup, count, perfMap) {
	const out = path.join(dir, `${name}-${group.id}.cg`);
	const server = await start(FRAMEWORKS[name], group, fixturesDir, out, perfMap);
	const request = group.measure[0].request;
	h2load(server.port, request, warmup, dir);
	execFileSync('callgrind_control', ['-i', 'on', String(server.child.pid)], { stdio: 'ignore' });
	h2load(server.port, request, count, dir);
	execFileSync('callgrind_control', ['-i', 'off', String(server.child.pid)], { stdio: 'ignore' });
	// Disconnecting makes the server exit normally, which writes callgrind's file.
	const exited = new Promise((resolve) => server.child.once('exit', resolve));
	server.child.disconnect();
	await exited;
	return totalOf(out) / count;
}

async function main() {
	const scenarios = option('scenarios', 'h2-hello,h2-json').split(',');
	const names = option('frameworks', 'node,fastify,velox').split(',');
	baselines.forEach((_dir, i) => {
		const name = i === 0 ? 'baseline' : `baseline${i + 1}`;
		if (!names.includes(name)) names.push(name);
	});
	const warmup = Number(option('warmup', '10000'));
	const count = Number(option('count', '4000'));
	const perfMap = process.argv.includes('--perf-map');
	const groups = selectGroups(allGroups({ quick: true }), scenarios).filter((group) => group.protocol === 'h2');
	const fixturesDir = prepareFixtures();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-h2count-'));
	for (const group of groups) {
		const parts = [];
		for (const name of names) parts.push(`${name} ${Math.round(await measure(name, group, fixturesDir, dir, warmup, count, perfMap))}`);
		process.stdout.write(`${group.id.padEnd(12)} ${parts.join(' · ')}\n`);
	}
	if (process.env.COUNT_KEEP || perfMap) process.stdout.write(`kept ${dir}\n`);
	else fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
});
