#!/usr/bin/env node
/**
 * HTTP/2 cleartext (h2c) scenario: Velox through node's compatibility API
 * (`http2.createServer(app)`) beside raw `node:http2` (the same compatibility
 * API, `(req, res) => res.end(...)`), in interleaved rounds.
 *
 * Load: `h2load` (Debian: `apt-get install nghttp2-client`) when it is on
 * PATH, else node's own http2 client in a child process. Each server is a
 * child process; figures are requests per second and requests per server
 * CPU-second (utime + stime from /proc, Linux), the median of the rounds.
 * Not part of `npm test`. Build first (`npm run build`).
 *
 *   node bench/h2.js [--duration 3] [--rounds 3] [--connections 10] [--streams 10] [--loader auto|h2load|node]
 */

const { spawn, spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const options = { duration: 3, rounds: 3, connections: 10, streams: 10, loader: 'auto' };
for (let i = 2; i < process.argv.length; i += 2) {
	const name = process.argv[i].replace(/^--/, '');
	if (name === 'help') {
		console.log('node bench/h2.js [--duration SEC] [--rounds N] [--connections N] [--streams N] [--loader auto|h2load|node]');
		process.exit(0);
	}
	if (!(name in options)) throw new Error('unknown option --' + name);
	options[name] = name === 'loader' ? process.argv[i + 1] : Number(process.argv[i + 1]);
}
const hasH2load = spawnSync('h2load', ['--version']).status === 0;
const loader = options.loader === 'auto' ? (hasH2load ? 'h2load' : 'node') : options.loader;
if (loader === 'h2load' && !hasH2load) throw new Error('h2load is not on PATH (apt-get install nghttp2-client)');

const velox = path.join(__dirname, '..');

const scenarios = {
	hello: { path: '/', expect: 'Hello World!' },
	json: { path: '/json?id=7', expect: '{"id":"7","ok":true}' },
};

const servers = {
	node: `
		const http2 = require('node:http2');
		const server = http2.createServer((req, res) => {
			if (req.url.startsWith('/json')) {
				const id = new URL(req.url, 'http://x').searchParams.get('id');
				const body = JSON.stringify({ id, ok: true });
				res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
				res.end(body);
			} else {
				res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': 12 });
				res.end('Hello World!');
			}
		});
		server.listen(0, '127.0.0.1', () => process.send(server.address().port));
		process.on('disconnect', () => process.exit(0));
	`,
	velox: `
		const http2 = require('node:http2');
		const velox = require(${JSON.stringify(velox)});
		const app = velox();
		app.get('/', (req, res) => res.send('Hello World!'));
		app.get('/json', (req, res) => res.json({ id: req.query.id, ok: true }));
		const server = http2.createServer(app);
		server.listen(0, '127.0.0.1', () => process.send(server.address().port));
		process.on('disconnect', () => process.exit(0));
	`,
};

// node's http2 client as a load generator: `connections` sessions, `streams` requests in flight on each.
const nodeLoader = `
	const http2 = require('node:http2');
	const [url, pathname, seconds, connections, streams] = process.argv.slice(1);
	let done = 0, errors = 0, running = true;
	const started = process.hrtime.bigint();
	let open = 0;
	for (let c = 0; c < Number(connections); c++) {
		const session = http2.connect(url);
		session.on('error', () => errors++);
		open++;
		const one = () => {
			if (!running) return;
			const stream = session.request({ ':path': pathname });
			stream.on('data', () => {});
			stream.on('end', () => { done++; one(); });
			stream.on('error', () => { errors++; });
		};
		for (let s = 0; s < Number(streams); s++) one();
		setTimeout(() => { running = false; session.close(); }, Number(seconds) * 1000);
	}
	setTimeout(() => {
		const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
		process.stdout.write(JSON.stringify({ done, errors, elapsed }));
		process.exit(0);
	}, Number(seconds) * 1000 + 50);
`;

function cpuSeconds(pid) {
	try {
		const fields = readFileSync('/proc/' + pid + '/stat', 'utf8')
			.split(') ')[1]
			.split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return Number.NaN;
	}
}

function startServer(name) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['-e', servers[name]], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		child.once('message', (port) => resolve({ name, child, port }));
		child.once('error', reject);
		child.once('exit', (code) => reject(new Error(name + ' server exited with ' + code)));
	});
}

function runLoad(port, pathname, seconds) {
	const url = 'http://127.0.0.1:' + port;
	if (loader === 'h2load') {
		const result = spawnSync('h2load', ['-D', String(seconds), '-c', String(options.connections), '-m', String(options.streams), url + pathname], {
			encoding: 'utf8',
		});
		const match = /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/.exec(result.stdout);
		if (!match) throw new Error('h2load output not understood:\n' + result.stdout + result.stderr);
		return Promise.resolve({ done: Number(match[2]), errors: Number(match[3]) + Number(match[4]), elapsed: seconds });
	}
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['-e', nodeLoader, url, pathname, String(seconds), String(options.connections), String(options.streams)], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		child.stdout.on('data', (chunk) => {
			out += chunk;
		});
		child.on('exit', () => {
			try {
				resolve(JSON.parse(out));
			} catch (err) {
				reject(err);
			}
		});
	});
}

async function check(server, scenario) {
	const http2 = require('node:http2');
	const session = http2.connect('http://127.0.0.1:' + server.port);
	const body = await new Promise((resolve, reject) => {
		const stream = session.request({ ':path': scenario.path });
		let text = '';
		stream.setEncoding('utf8');
		stream.on('data', (chunk) => {
			text += chunk;
		});
		stream.on('end', () => resolve(text));
		stream.on('error', reject);
	});
	session.close();
	if (body !== scenario.expect) throw new Error(server.name + ' answered ' + JSON.stringify(body) + ' for ' + scenario.path);
}

const median = (values) => {
	const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

async function main() {
	console.log(
		`h2c: loader ${loader}, ${options.connections} connections x ${options.streams} streams, ${options.rounds} rounds of ${options.duration} s (medians)`,
	);
	const started = [];
	for (const name of Object.keys(servers)) started.push(await startServer(name));
	try {
		for (const [scenarioName, scenario] of Object.entries(scenarios)) {
			for (const server of started) await check(server, scenario);
			const figures = Object.fromEntries(started.map((s) => [s.name, { rps: [], perCpu: [], errors: 0 }]));
			for (const server of started) await runLoad(server.port, scenario.path, 1); // warm-up
			for (let round = 0; round < options.rounds; round++) {
				for (const server of started) {
					const cpu0 = cpuSeconds(server.child.pid);
					const result = await runLoad(server.port, scenario.path, options.duration);
					const cpu = cpuSeconds(server.child.pid) - cpu0;
					figures[server.name].rps.push(result.done / result.elapsed);
					figures[server.name].perCpu.push(result.done / cpu);
					figures[server.name].errors += result.errors;
				}
			}
			const base = median(figures.node.perCpu);
			console.log(`\n${scenarioName} (GET ${scenario.path})`);
			console.log('| server | req/s | req per CPU-s | vs node:http2 (CPU) | errors |');
			console.log('| --- | ---: | ---: | ---: | ---: |');
			for (const [name, f] of Object.entries(figures)) {
				const perCpu = median(f.perCpu);
				console.log(`| ${name} | ${Math.round(median(f.rps))} | ${Math.round(perCpu)} | ${(perCpu / base).toFixed(2)} | ${f.errors} |`);
			}
		}
	} finally {
		for (const server of started) server.child.kill();
	}
}

main().catch((err) => {
	console.error(err);
	process.exitCode = 1;
});
