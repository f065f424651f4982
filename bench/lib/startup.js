// Startup and idle memory of the hello app, per framework, as issue 11's bar defines them: the time
// from spawning `node` until the server listens, and its RSS once listening. One spawn is one
// sample; the frameworks take turns (the order reversed every other round, so none always runs
// right after another's exit), and the median of each is reported beside raw node:http's.
//
// Per sample: wall milliseconds from spawn() to the probe's "listening" line; the CPU milliseconds
// the child itself reports at that moment (user + system of all its threads: less disturbed by
// other processes on a shared machine than the wall figure); VmRSS 100 ms after listening (idle);
// and VmRSS again after one GET / (what the first request loads, e.g. node:crypto for the ETag).

const { spawn } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');
const { rssBytes } = require('./proc');

const PROBE = path.join(__dirname, '..', 'apps', 'startup-hello.js');
const SETTLE_MS = 100;
const TIMEOUT_MS = 15000;

function median(values) {
	const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
	if (sorted.length === 0) return null;
	const middle = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function get(port) {
	return new Promise((resolve) => {
		const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
			res.resume();
			res.on('end', resolve);
		});
		req.on('error', resolve);
	});
}

/**
 * Spawns `node ...args` (pinned to core 0 with `pin`) and waits for the probe's first stdout line,
 * `<cpu ms> <port>`; then calls `onListening({ listeningMs, cpuMs, port, pid }, finish)`, which
 * resolves the returned promise through `finish(result)` (the child is killed then). An error, an
 * exit or `timeoutMs` without an answer resolves `{ error }`.
 */
function spawnProbe(args, { pin, timeoutMs }, onListening) {
	const started = process.hrtime.bigint();
	const child = pin
		? spawn('taskset', ['-c', '0', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
		: spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let stderr = '';
	child.stderr.on('data', (chunk) => {
		if (stderr.length < 2000) stderr += chunk;
	});
	return new Promise((resolve) => {
		let done = false;
		const finish = (result) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			resolve(result);
		};
		const timer = setTimeout(() => finish({ error: `no answer after ${timeoutMs} ms` }), timeoutMs);
		child.on('exit', (code) => finish({ error: `exited (${code}): ${stderr.trim().split('\n').pop() || ''}` }));
		let line = '';
		child.stdout.on('data', (chunk) => {
			if (line.includes('\n')) return;
			line += chunk;
			if (!line.includes('\n')) return;
			const listeningMs = Number(process.hrtime.bigint() - started) / 1e6;
			const [cpu, port] = line.trim().split(' ');
			onListening({ listeningMs, cpuMs: Number(cpu), port: Number(port), pid: child.pid, started }, finish);
		});
	});
}

/** One spawn of `framework` ({ family, module }): resolves { wallMs, cpuMs, rssIdleBytes, rssAfterRequestBytes } or { error }. */
function sample(framework, pin) {
	return spawnProbe([PROBE, framework.family, framework.module], { pin, timeoutMs: TIMEOUT_MS }, ({ listeningMs, cpuMs, port, pid }, finish) => {
		setTimeout(async () => {
			const rssIdleBytes = rssBytes(pid);
			await get(port);
			const rssAfterRequestBytes = rssBytes(pid);
			finish({ wallMs: listeningMs, cpuMs, rssIdleBytes, rssAfterRequestBytes });
		}, SETTLE_MS);
	});
}

/**
 * Measures `frameworks` ([{ name, family, module }]) over `runs` alternating rounds. Resolves
 * { runs, pinned, frameworks: { name: { startupMs, cpuMs, rssIdleBytes, rssAfterRequestBytes, samples } | { error } } }.
 */
async function measureStartup(frameworks, { runs = 20, pin = true, onProgress = () => {} } = {}) {
	const samples = new Map(frameworks.map((f) => [f.name, []]));
	const errors = new Map();
	for (let round = 0; round < runs; round++) {
		const order = round % 2 === 0 ? frameworks : [...frameworks].reverse();
		for (const framework of order) {
			if (errors.has(framework.name)) continue;
			const result = await sample(framework, pin);
			if (result.error) errors.set(framework.name, result.error);
			else samples.get(framework.name).push(result);
		}
		onProgress(round + 1, runs);
	}
	const out = {};
	for (const framework of frameworks) {
		if (errors.has(framework.name)) {
			out[framework.name] = { error: errors.get(framework.name) };
			continue;
		}
		const list = samples.get(framework.name);
		out[framework.name] = {
			startupMs: median(list.map((s) => s.wallMs)),
			cpuMs: median(list.map((s) => s.cpuMs)),
			rssIdleBytes: median(list.map((s) => s.rssIdleBytes)),
			rssAfterRequestBytes: median(list.map((s) => s.rssAfterRequestBytes)),
			samples: list.length,
		};
	}
	return { runs, pinned: pin, frameworks: out };
}

/** Markdown lines: one row per framework, with its difference from raw node. */
function startupTable(startup, labels = {}) {
	const node = startup.frameworks.node;
	const mb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1048576).toFixed(1));
	const diff = (value, base, digits, unit) =>
		value === null || base === null || base === undefined ? '' : ` (${value - base >= 0 ? '+' : ''}${(value - base).toFixed(digits)}${unit})`;
	const lines = [
		'| framework | spawn → listening, ms | CPU until listening, ms | idle RSS, MB | RSS after 1st request, MB |',
		'| --- | --- | --- | --- | --- |',
	];
	for (const [name, s] of Object.entries(startup.frameworks)) {
		if (s.error) {
			lines.push(`| ${labels[name] || name} | n/a: ${s.error} | | | |`);
			continue;
		}
		const ok = node && !node.error;
		lines.push(
			`| ${labels[name] || name} | ${s.startupMs.toFixed(1)}${ok && name !== 'node' ? diff(s.startupMs, node.startupMs, 1, '') : ''} | ${s.cpuMs.toFixed(1)}${ok && name !== 'node' ? diff(s.cpuMs, node.cpuMs, 1, '') : ''} | ${mb(s.rssIdleBytes)}${ok && name !== 'node' ? diff(s.rssIdleBytes / 1048576, node.rssIdleBytes / 1048576, 1, '') : ''} | ${mb(s.rssAfterRequestBytes)} |`,
		);
	}
	return lines;
}

module.exports = { measureStartup, startupTable, median, spawnProbe };
