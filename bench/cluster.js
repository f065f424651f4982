// Scale-out on one machine: the same app with 1 and with 2 node:cluster workers, Velox beside
// express@4, requests per second and per server CPU-second. `npm run build && node bench/cluster.js`
// (options: --duration SEC, --rounds N, --connections N, --warmup SEC, --workers 1,2,
// --frameworks velox,express4, --update-readme). Results: stdout, bench/results/cluster.{md,json},
// and with --update-readme bench/README.md between its cluster markers.
//
// Each configuration is a fresh primary + workers per round, measured in interleaved rounds
// (velox×1, velox×2, express4×1, express4×2, then again) with autocannon in its own process;
// the median of the rounds is reported. Server CPU = user + system time of the primary and all
// its workers (/proc), so "per CPU-second" counts the primary's work of handing out connections.

const cluster = require('node:cluster');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile, spawn } = require('node:child_process');

const ROOT = path.join(__dirname, '..');
const FRAMEWORKS = {
	velox: { label: 'Velox', module: ROOT },
	express4: { label: 'express@4', module: 'express' },
};

// --- server mode: `node bench/cluster.js --serve <framework> <workers>` (spawned by the runner) ---

function serve(name, workers) {
	if (cluster.isPrimary) {
		const pids = [];
		for (let i = 0; i < workers; i++) {
			cluster.fork().on('message', (message) => {
				if (message && message.port) {
					pids.push(message.pid);
					if (pids.length === workers) process.send({ port: message.port, workers: pids });
				}
			});
		}
		process.on('disconnect', () => process.exit(0));
		return;
	}
	const framework = require(FRAMEWORKS[name].module);
	const app = framework();
	app.get('/', (_req, res) => {
		res.json({ hello: 'world', count: 42, ok: true });
	});
	const port = Number(process.env.BENCH_CLUSTER_PORT);
	const server = app.listen(port, '127.0.0.1', () => process.send({ port: server.address().port, pid: process.pid }));
}

// --- runner ---

function parseArgs(argv) {
	const options = { duration: 5, rounds: 3, connections: 50, warmup: 1, workers: [1, 2], frameworks: ['velox', 'express4'] };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => argv[++i];
		if (arg === '--duration') options.duration = Number(value());
		else if (arg === '--rounds') options.rounds = Number(value());
		else if (arg === '--connections') options.connections = Number(value());
		else if (arg === '--warmup') options.warmup = Number(value());
		else if (arg === '--workers') options.workers = value().split(',').map(Number);
		else if (arg === '--frameworks') options.frameworks = value().split(',');
		else if (arg === '--update-readme') options.updateReadme = true;
		else if (arg === '--help') options.help = true;
		else throw new Error(`unknown option ${arg} (try --help)`);
	}
	return options;
}

function cpuSeconds(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
	} catch {
		return null;
	}
}

function totalCpu(pids) {
	let sum = 0;
	for (const pid of pids) {
		const seconds = cpuSeconds(pid);
		if (seconds === null) return null;
		sum += seconds;
	}
	return sum;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = require('node:net').createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

const children = new Set();
process.on('exit', () => {
	for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function startServer(name, workers) {
	const port = await freePort();
	const child = spawn(process.execPath, [__filename, '--serve', name, String(workers)], {
		env: { ...process.env, BENCH_CLUSTER_PORT: String(port) },
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	children.add(child);
	child.on('exit', () => children.delete(child));
	const ready = await new Promise((resolve, reject) => {
		child.once('message', resolve);
		child.once('exit', (code) => reject(new Error(`${name} × ${workers} exited (${code}) before listening`)));
	});
	return { child, port: ready.port, pids: [child.pid, ...ready.workers] };
}

function stopServer(server) {
	return new Promise((resolve) => {
		server.child.once('exit', resolve);
		server.child.kill('SIGTERM');
		for (const pid of server.pids.slice(1)) {
			try {
				process.kill(pid, 'SIGTERM');
			} catch {}
		}
	});
}

function autocannon(port, seconds, connections) {
	const cli = require.resolve('autocannon/autocannon.js');
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			[cli, '--json', '-c', String(connections), '-d', String(seconds), `http://127.0.0.1:${port}/`],
			{ maxBuffer: 1 << 24 },
			(error, stdout) => {
				if (error) return reject(error);
				const line = stdout.trim().split('\n').pop();
				resolve(JSON.parse(line));
			},
		);
	});
}

function median(values) {
	const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
	if (sorted.length === 0) return null;
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function fmt(value, digits = 0) {
	if (value === null || value === undefined) return '–';
	return digits === 0 ? Math.round(value).toLocaleString('en-US') : value.toFixed(digits);
}

function markdown(results) {
	const { meta, configs } = results;
	const lines = [];
	lines.push(`Run ${meta.date} · ${meta.machine} · node ${meta.node}`);
	lines.push(
		`Load: autocannon in its own process (unpinned, sharing the cores), ${meta.connections} keep-alive connections, ${meta.rounds} interleaved round(s) of ${meta.duration} s after ${meta.warmup} s warm-up, median reported. App: \`GET /\` → \`res.json\` of a 3-key object.`,
	);
	const busy = Math.max(...meta.loadAverage) > meta.cores;
	lines.push(
		`Machine load average (1 min) ${meta.loadAverage.map((value) => value.toFixed(1)).join(' at the start, ')} at the end, on ${meta.cores} cores` +
			(busy
				? ': above the core count, the servers waited for a core (see "server CPU-s per s": 1 worker can use at most 1.00) and these figures are mostly noise.'
				: '.'),
	);
	lines.push('');
	lines.push('| framework | workers | req/s | req/s vs 1 worker | server CPU-s per s | req per server CPU-second | per CPU-s vs 1 worker |');
	lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
	for (const config of configs) {
		const one = configs.find((other) => other.framework === config.framework && other.workers === 1);
		const rpsRatio = one && one.rps ? config.rps / one.rps : null;
		const cpuRatio = one && one.perCpu ? config.perCpu / one.perCpu : null;
		lines.push(
			`| ${FRAMEWORKS[config.framework].label} | ${config.workers} | ${fmt(config.rps)} | ${fmt(rpsRatio, 2)} | ${fmt(config.cpuPerSecond, 2)} | ${fmt(config.perCpu)} | ${fmt(cpuRatio, 2)} |`,
		);
	}
	return `${lines.join('\n')}\n`;
}

async function run(options) {
	if (!fs.existsSync(path.join(ROOT, 'lib', 'express.js'))) throw new Error('lib/express.js is missing: run npm run build first');
	const configs = [];
	for (const framework of options.frameworks) {
		if (!(framework in FRAMEWORKS)) throw new Error(`unknown framework ${framework} (known: ${Object.keys(FRAMEWORKS).join(', ')})`);
		for (const workers of options.workers) configs.push({ framework, workers, rounds: [] });
	}
	const perRound = configs.length * (options.duration + options.warmup + 1);
	const log = (text) => process.stderr.write(`${text}\n`);
	log(`bench/cluster: ${configs.length} configurations × ${options.rounds} round(s), about ${Math.ceil((perRound * options.rounds) / 60)} min`);
	const started = Date.now();
	const loadBefore = os.loadavg()[0];
	let done = 0;
	for (let round = 0; round < options.rounds; round++) {
		for (const config of configs) {
			const server = await startServer(config.framework, config.workers);
			try {
				if (options.warmup > 0) await autocannon(server.port, options.warmup, options.connections);
				const cpuBefore = totalCpu(server.pids);
				const result = await autocannon(server.port, options.duration, options.connections);
				const cpuAfter = totalCpu(server.pids);
				const seconds = result.duration || options.duration;
				const requests = result.requests.total - (result.non2xx || 0);
				const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
				config.rounds.push({ requests, seconds, serverCpuSeconds: cpu, errors: result.errors, p99: result.latency.p99 });
				done++;
				const left = ((Date.now() - started) / done) * (configs.length * options.rounds - done);
				log(
					`  round ${round + 1}/${options.rounds} ${config.framework} × ${config.workers}: ${fmt(requests / seconds)} req/s, ${cpu ? fmt(requests / cpu) : '–'} req/CPU-s · ~${Math.ceil(left / 1000)} s left`,
				);
			} finally {
				await stopServer(server);
			}
		}
	}
	for (const config of configs) {
		config.rps = median(config.rounds.map((round) => round.requests / round.seconds));
		config.perCpu = median(config.rounds.map((round) => (round.serverCpuSeconds ? round.requests / round.serverCpuSeconds : Number.NaN)));
		config.cpuPerSecond = median(config.rounds.map((round) => (round.serverCpuSeconds === null ? Number.NaN : round.serverCpuSeconds / round.seconds)));
	}
	const cpus = os.cpus();
	const meta = {
		date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
		machine: `${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0] ? cpus[0].model.trim() : 'cpu'}`,
		node: process.version,
		// The 1-minute load average of the machine before and after: above the core count, every
		// process (servers and load generator alike) waited for a core, and the figures show it.
		loadAverage: [loadBefore, os.loadavg()[0]],
		cores: cpus.length,
		...options,
	};
	return { meta, configs };
}

async function main() {
	const argv = process.argv.slice(2);
	if (argv[0] === '--serve' || !cluster.isPrimary) {
		serve(argv[1] || process.argv[3], Number(argv[2]));
		return;
	}
	const options = parseArgs(argv);
	if (options.help) {
		process.stdout.write(`${fs.readFileSync(__filename, 'utf8').split('\n').slice(0, 10).join('\n')}\n`);
		return;
	}
	const results = await run(options);
	const text = markdown(results);
	const outDir = path.join(__dirname, 'results');
	fs.mkdirSync(outDir, { recursive: true });
	fs.writeFileSync(path.join(outDir, 'cluster.md'), text);
	fs.writeFileSync(path.join(outDir, 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
	if (options.updateReadme) {
		const file = path.join(__dirname, 'README.md');
		const readme = fs.readFileSync(file, 'utf8');
		const start = readme.indexOf(CLUSTER_START);
		const end = readme.indexOf(CLUSTER_END);
		if (start === -1 || end < start) throw new Error(`bench/README.md has no ${CLUSTER_START} … ${CLUSTER_END} markers`);
		fs.writeFileSync(file, `${readme.slice(0, start + CLUSTER_START.length)}\n${text}${readme.slice(end)}`);
		process.stderr.write('bench/README.md updated\n');
	}
	process.stdout.write(`\n${text}`);
}

const CLUSTER_START = '<!-- cluster:start -->';
const CLUSTER_END = '<!-- cluster:end -->';

main().catch((error) => {
	process.stderr.write(`bench/cluster failed: ${error && error.stack ? error.stack : error}\n`);
	process.exitCode = 1;
});
