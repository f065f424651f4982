// The benchmark runner: `npm run bench` (builds Velox first), or `node bench/run.js --help`.
// For each scenario group it starts one server per framework (pinned to core 0), checks that
// all of them answer the measured request identically, warms each up, then runs interleaved
// rounds (A B C, B C A, C A B, …) from a load generator pinned to core 1, and reports medians:
// a framework's ratio to raw node is the median of its rounds' ratios to raw node's figure of
// the same round (bench/README.md, "Paired rounds").

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { parseOptions, HELP } = require('./lib/options');
const { allGroups, selectGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { startServer, stopServer } = require('./lib/servers');
const { createLoader, H2loadLoader, hasCommand } = require('./lib/load');
const { fetchOnce, describeMismatch, headerDifferences } = require('./lib/precheck');
const { measureStartup } = require('./lib/startup');
const { rssBytes } = require('./lib/proc');
const { summarize, markdown } = require('./lib/report');

const ROOT = path.join(__dirname, '..');

// family: which bench/apps/*.js writes the scenario; module: what that file require()s.
const FRAMEWORKS = {
	node: { family: 'node', module: 'node:http', label: 'node:http' },
	express4: { family: 'express', module: 'express', label: 'express@4' },
	express5: { family: 'express', module: 'express5', label: 'express@5' },
	fastify: { family: 'fastify', module: 'fastify', label: 'fastify' },
	// fastify plus the X-Powered-By and ETag headers Express's output carries (bench/apps/fastify-express.js).
	'fastify-eo': { family: 'fastify-express', module: 'fastify', label: 'fastify + Express headers' },
	velox: { family: 'express', module: ROOT, label: 'velox' },
	// Velox 5: this build with Express 5's line in force (bench/lib/velox5.js).
	velox5: { family: 'express', module: path.join(__dirname, 'lib', 'velox5.js'), label: 'velox 5' },
};

// Express's own apps replace node's request and response prototypes with HTTP/1.1 ones, which
// node's HTTP/2 compatibility objects are not: they cannot answer over HTTP/2.
const H2_UNSUPPORTED = 'express@4 and @5 apps do not run on node:http2 (their request prototype is HTTP/1.1 only)';

// Every child process (servers, load generator) lives here until it exits, so no path out of
// this process — normal end, thrown error, Ctrl-C — leaves one running.
const children = new Set();

function killChildren() {
	for (const child of children) stopServer(child);
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(signal, () => {
		killChildren();
		process.exit(130);
	});
}

function log(message) {
	process.stderr.write(`${progress.shown ? '\r\x1b[K' : ''}${message}\n`);
	progress.shown = false;
}

// Progress: before each load, a status line on a terminal (scenario, framework, round, time left);
// the time left is the load-seconds still planned at the pace measured so far (startups included).
const progress = { planned: 0, done: 0, started: Date.now(), shown: false };

function timeLeft() {
	const elapsed = (Date.now() - progress.started) / 1000;
	const seconds = Math.max(0, (progress.planned - progress.done) * (progress.done > 0 ? elapsed / progress.done : 1.2));
	return seconds >= 90 ? `~${Math.round(seconds / 60)} min left` : `~${Math.round(seconds)} s left`;
}

function showProgress(text, seconds) {
	if (process.stderr.isTTY) {
		process.stderr.write(`\r\x1b[K  ${text} · ${timeLeft()}`);
		progress.shown = true;
	}
	progress.done += seconds;
}

function frameworkVersion(name) {
	if (name === 'node') return process.version;
	if (name === 'velox') return readVersion(path.join(ROOT, 'package.json'));
	if (name === 'velox5') return JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).velox.line5Version;
	if (name === 'baseline') return readVersion(path.join(FRAMEWORKS.baseline.module, '..', '..', 'package.json'));
	return readVersion(path.join(path.dirname(require.resolve(`${FRAMEWORKS[name].module}/package.json`)), 'package.json'));
}

function readVersion(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')).version;
	} catch {
		return '?';
	}
}

function gitCommit() {
	try {
		const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
		const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
			cwd: ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}).trim();
		return dirty ? `${commit} (uncommitted changes)` : commit;
	} catch {
		return 'unknown';
	}
}

function resolveModule(name) {
	const framework = FRAMEWORKS[name];
	if (name === 'node') return framework.module;
	if (name === 'velox' || name === 'baseline') {
		if (!fs.existsSync(framework.module)) return { error: `${framework.module} is missing (run npm run build there)` };
		return framework.module;
	}
	if (name === 'velox5') {
		if (!fs.existsSync(path.join(ROOT, 'lib', 'express.js'))) return { error: 'lib/ is missing (run npm run build)' };
		return framework.module;
	}
	return require.resolve(framework.module);
}

async function runGroup(group, context) {
	const { options, frameworks, fixturesDir, results } = context;
	const loader = group.protocol === 'h2' ? context.h2loader : context.loader;
	log(`\n== ${group.id}: ${group.measure.map((m) => m.name).join(', ')}`);
	const serverRecord = { group: group.id, frameworks: {} };
	results.servers.push(serverRecord);
	const servers = {};
	// Started one after another, so startup times do not compete for the core.
	for (const name of frameworks) {
		const modulePath = group.protocol === 'h2' && (name === 'express4' || name === 'express5') ? { error: H2_UNSUPPORTED } : resolveModule(name);
		const started =
			typeof modulePath === 'object'
				? modulePath
				: await startServer({ family: FRAMEWORKS[name].family, module: modulePath }, group, fixturesDir, options.pin, children);
		if (started.error) {
			serverRecord.frameworks[name] = { error: started.error };
			log(`  ${name}: n/a — ${started.error}`);
			continue;
		}
		servers[name] = started;
		serverRecord.frameworks[name] = { startupMs: started.startupMs, rssIdleBytes: rssBytes(started.pid), rssAfterLoadBytes: null };
	}

	try {
		for (const measure of group.measure) {
			const record = { name: measure.name, group: group.id, request: { method: measure.request.method, path: measure.request.path }, frameworks: {} };
			results.measurements.push(record);
			await precheck(measure, servers, serverRecord, record, results.headerNotes);
		}
		// Warm-up: every server, every request of the group, before any measured round.
		if (options.warmup > 0) {
			for (const record of results.measurements.filter((m) => m.group === group.id)) {
				const measure = group.measure.find((m) => m.name === record.name);
				for (const name of frameworks) {
					if (record.frameworks[name].status !== 'ok') continue;
					showProgress(`${record.name} · ${name} · warm-up`, options.warmup);
					await loadOrGiveUp(record, name, () => load(loader, servers[name], measure, options.warmup, options));
				}
			}
		}
		for (let round = 0; round < options.rounds; round++) {
			for (const record of results.measurements.filter((m) => m.group === group.id)) {
				const measure = group.measure.find((m) => m.name === record.name);
				const line = [];
				// Each round starts with the next framework (A B C, B C A, C A B, …): none is always
				// measured first, or always right after the same neighbour.
				for (const name of rotated(frameworks, round)) {
					const entry = record.frameworks[name];
					if (entry.status !== 'ok') continue;
					showProgress(`${record.name} · ${name} · round ${round + 1}/${options.rounds}`, options.duration);
					const result = await loadOrGiveUp(record, name, () => load(loader, servers[name], measure, options.duration, options));
					if (result === null) continue;
					// `round` pairs this figure with the other frameworks' of the same round (report.js).
					entry.rounds.push({ ...result, round });
					// RSS after this scenario's last round, beside its throughput in the table.
					if (round === options.rounds - 1) entry.rssAfterLoadBytes = rssBytes(servers[name].pid);
					if (result.requests === 0 || result.requestsPerCpuSecond === null) {
						results.notes.push(
							`${record.name} / ${name} round ${round + 1}: no usable figure (${result.requests} requests, server CPU ${result.serverCpuSeconds} s)`,
						);
					}
					if (result.errors > 0 || result.unexpectedStatus > 0) {
						results.notes.push(
							`${record.name} / ${name} round ${round + 1}: ${result.errors} socket errors, ${result.unexpectedStatus} responses with an unexpected status`,
						);
					}
					line.push(
						`${name} ${Math.round(result.requestsPerSecond)}/s ${result.requestsPerCpuSecond === null ? '' : `${Math.round(result.requestsPerCpuSecond)}/cpu-s`}`,
					);
				}
				log(`  round ${round + 1} ${record.name}: ${line.join(' · ')} (${timeLeft()})`);
			}
		}
		for (const name of Object.keys(servers)) serverRecord.frameworks[name].rssAfterLoadBytes = rssBytes(servers[name].pid);
	} finally {
		for (const server of Object.values(servers)) stopServer(server.child);
	}
}

/** `list` starting at its `by`-th element (modulo its length), the ones before it moved to the end. */
function rotated(list, by) {
	const start = by % list.length;
	return [...list.slice(start), ...list.slice(0, start)];
}

/** Runs one load; if it fails (the server crashed under load, say) that framework becomes n/a for this scenario and the run goes on. */
async function loadOrGiveUp(record, name, run) {
	try {
		return await run();
	} catch (error) {
		const reason = `failed under load: ${String(error.message).split('\n')[0]}`;
		record.frameworks[name] = { status: 'n/a', reason };
		log(`  ${record.name} / ${name}: n/a — ${reason}`);
		return null;
	}
}

async function precheck(measure, servers, serverRecord, record, headerNotes) {
	const responses = {};
	for (const [name, entry] of Object.entries(serverRecord.frameworks)) {
		if (entry.error) {
			record.frameworks[name] = { status: 'n/a', reason: `server did not start: ${entry.error}` };
			continue;
		}
		try {
			responses[name] = await fetchOnce(servers[name].port, measure.request);
		} catch (error) {
			record.frameworks[name] = { status: 'n/a', reason: `request failed: ${error.message}` };
		}
	}
	// The reference is express@4 (the behaviour Velox reproduces), else raw node.
	const referenceName = ['express4', 'node'].find((name) => responses[name] !== undefined && responses[name].status > 0) || Object.keys(responses)[0];
	const reference = responses[referenceName];
	for (const [name, response] of Object.entries(responses)) {
		const mismatch = response.status !== reference.status || response.body !== reference.body;
		if (mismatch) record.frameworks[name] = { status: 'n/a', reason: `answers differently from ${referenceName}: ${describeMismatch(reference, response)}` };
		else record.frameworks[name] = { status: 'ok', expectedStatus: response.status, rounds: [] };
		if (!mismatch && referenceName === 'express4' && name !== 'express4' && !name.startsWith('fastify')) {
			const differences = headerDifferences(reference, response);
			if (differences.length > 0) headerNotes.push({ scenario: record.name, framework: name, text: differences.join('; ') });
		}
	}
	for (const [name, entry] of Object.entries(record.frameworks)) {
		if (entry.status !== 'ok') log(`  ${record.name} / ${name}: n/a — ${entry.reason}`);
	}
}

async function load(loader, server, measure, duration, options) {
	const request = measure.request;
	const raw = await loader.run({
		url: `http://127.0.0.1:${server.port}${request.path}`,
		paths: request.paths,
		method: request.method,
		headers: request.headers,
		body: request.body,
		connections: request.protocol === 'h2' ? options.h2Connections : options.connections,
		streams: options.h2Streams,
		duration,
		serverPid: server.pid,
		serverCore: options.pin ? 0 : null,
	});
	const requestsPerCpuSecond = raw.serverCpu ? raw.requests / raw.serverCpu : null;
	const expectedNon2xx = measure.name === 'notfound';
	return {
		requests: raw.requests,
		seconds: raw.seconds,
		serverCpuSeconds: raw.serverCpu,
		requestsPerSecond: raw.requests / raw.seconds,
		requestsPerCpuSecond,
		latencyP99: raw.latencyP99,
		// Share of the server's core that other processes took during the window (pinned runs only).
		otherLoad: raw.otherCpu === null || raw.otherCpu === undefined ? null : raw.otherCpu / raw.seconds,
		errors: raw.errors,
		unexpectedStatus: expectedNon2xx ? raw.requests - raw.non2xx : raw.non2xx,
	};
}

const README_START = '<!-- results:start -->';
const README_END = '<!-- results:end -->';

function updateReadme(text) {
	const file = path.join(__dirname, 'README.md');
	const readme = fs.readFileSync(file, 'utf8');
	const start = readme.indexOf(README_START);
	const end = readme.indexOf(README_END);
	if (start === -1 || end < start) throw new Error(`bench/README.md has no ${README_START} … ${README_END} markers`);
	fs.writeFileSync(file, `${readme.slice(0, start + README_START.length)}\n${text}${readme.slice(end)}`);
	log('bench/README.md updated');
}

/** Issue 11's startup figure: hello app, spawn until listening and idle RSS, medians of alternating spawns. */
async function runStartup(frameworks, options) {
	const list = [];
	for (const name of frameworks) {
		const modulePath = resolveModule(name);
		if (typeof modulePath === 'object') continue;
		list.push({ name, family: FRAMEWORKS[name].family, module: modulePath });
	}
	log(`\n== startup: ${options.startupRuns} alternating spawns of the hello app per framework`);
	const startup = await measureStartup(list, {
		runs: options.startupRuns,
		pin: options.pin,
		onProgress: (done, total) => showProgress(`startup round ${done}/${total}`, 0),
	});
	for (const [name, figure] of Object.entries(startup.frameworks)) {
		log(
			figure.error
				? `  ${name}: n/a — ${figure.error}`
				: `  ${name}: ${figure.startupMs.toFixed(1)} ms, CPU ${figure.cpuMs.toFixed(1)} ms, idle RSS ${(figure.rssIdleBytes / 1048576).toFixed(1)} MB`,
		);
	}
	return startup;
}

async function main() {
	const options = parseOptions(process.argv.slice(2), process.env);
	if (options.help) {
		process.stdout.write(HELP);
		return;
	}
	if (options.baseline) {
		// Another build of Velox, to compare a change with what it replaces in one interleaved run.
		FRAMEWORKS.baseline = { family: 'express', module: path.resolve(options.baseline), label: 'velox (baseline)' };
		if (!options.frameworks.includes('baseline')) options.frameworks.push('baseline');
	}
	for (const name of options.frameworks) if (!(name in FRAMEWORKS)) throw new Error(`unknown framework ${name} (known: ${Object.keys(FRAMEWORKS).join(', ')})`);
	const frameworks = options.frameworks.length > 0 ? Object.keys(FRAMEWORKS).filter((name) => options.frameworks.includes(name)) : Object.keys(FRAMEWORKS);
	let groups = selectGroups(allGroups(options), options.scenarios);
	if (groups.length === 0) throw new Error(`no scenario matches ${options.scenarios.join(',')}`);
	const h2load = hasCommand('h2load');
	if (!h2load && groups.some((group) => group.protocol === 'h2')) {
		log('h2load not found (apt-get install nghttp2-client): the HTTP/2 scenarios are skipped');
		groups = groups.filter((group) => group.protocol !== 'h2');
	}
	progress.planned = groups.reduce((sum, group) => sum + group.measure.length * frameworks.length * (options.warmup + options.rounds * options.duration), 0);
	if (options.pin && !hasCommand('taskset')) {
		log('taskset not found: running without core pinning');
		options.pin = false;
	}
	if (options.pin && os.cpus().length < 2) {
		log('fewer than 2 cores: running without core pinning');
		options.pin = false;
	}

	const fixturesDir = prepareFixtures();
	const loader = createLoader(options.loader, options.pin, children);
	const h2loader = groups.some((group) => group.protocol === 'h2') ? new H2loadLoader(options.pin) : null;
	const cpus = os.cpus();
	const results = {
		meta: {
			date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
			machine: `${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0] ? cpus[0].model.trim() : 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
			node: process.version,
			commit: gitCommit(),
			loader: loader.name,
			connections: options.connections,
			h2: h2loader === null ? null : { loader: h2loader.name, connections: options.h2Connections, streams: options.h2Streams },
			duration: options.duration,
			rounds: options.rounds,
			warmup: options.warmup,
			pinned: options.pin,
			frameworks,
			versions: Object.fromEntries(frameworks.map((name) => [name, frameworkVersion(name)])),
		},
		servers: [],
		measurements: [],
		headerNotes: [],
		notes: [],
	};
	log(`velox bench: ${groups.length} group(s), frameworks ${frameworks.join(', ')}, ${loader.name}, ${options.rounds} × ${options.duration} s`);

	try {
		// Startup first, before any load has warmed or filled the machine (bench/lib/startup.js).
		if (options.startupRuns > 0 && groups.some((group) => group.id === 'hello')) results.startup = await runStartup(frameworks, options);
		for (const group of groups) await runGroup(group, { options, frameworks, loader, h2loader, fixturesDir, results });
	} finally {
		loader.close();
		if (h2loader !== null) h2loader.close();
	}

	summarize(results);
	const text = markdown(results);
	const outDir = options.out ? path.resolve(options.out) : path.join(__dirname, 'results');
	fs.mkdirSync(outDir, { recursive: true });
	fs.writeFileSync(path.join(outDir, 'latest.md'), text);
	fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
	if (options.updateReadme) updateReadme(text);
	require('./lib/chart').afterRun(results, outDir, options.updateReadme);
	process.stdout.write(`\n${text}`);
	log(`\nwritten: ${path.relative(process.cwd(), path.join(outDir, 'latest.md'))}, ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
}

main().catch((error) => {
	log(`bench failed: ${error && error.stack ? error.stack : error}`);
	killChildren();
	process.exitCode = 1;
});
