// Memory soak: the same mixed good and hostile traffic against Velox and express@4 side by side,
// printing each server's memory (RSS, heap used, external, array buffers, after a forced GC) and
// open descriptors over time. Not a test: it asserts nothing and is never part of `npm test`.
//
//   npm run build && node bench/soak.js                  # 180 s, 50 connections per server
//   node bench/soak.js --duration 60 --connections 100 --interval 5 --seed 7
//   node bench/soak.js --requests 100000 --duration 600     # the same work for both, not the same time
//
// Traffic (every request distinct where it can be: paths, query strings, bodies and files served
// grow with the request count, so anything kept per distinct value shows as growth):
// - keep-alive GETs: JSON with a distinct body, `res.send` of short distinct strings (the ETag
//   memo), static files out of 2,000 generated ones (1 B to 200 KB: one-read and streamed paths),
//   `res.sendFile`, distinct 404 paths (the final handler's page), query strings, Range and
//   conditional requests;
// - POSTed JSON and urlencoded bodies of varying sizes, some over the limit, some invalid;
// - hostile: uploads aborted mid-body, slow readers of a 2 MB file (paused, then dropped),
//   pipelined bursts, malformed requests, errors thrown by handlers.
//
// Each server runs in its own process (with --expose-gc); the load runs in this one, against both
// servers at once, so noise on this shared machine hits both alike. Bounded: it stops after
// `--duration` seconds of load and `--idle` seconds of idle sampling, and stops its children.

const { fork } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const FILES = 2000;
const BIG_FILE = 2 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Server mode: `node bench/soak.js --serve <velox|express4> <dir>`

function serve() {
	const [, , , name, dir] = process.argv;
	const framework = name === 'velox' ? require('..') : require('express');
	const app = framework();
	app.set('env', 'production');
	let handled = 0;
	app.use((_req, _res, next) => {
		handled++;
		next();
	});
	app.use('/static', framework.static(path.join(dir, 'files')));
	app.get('/json/:id', (req, res) => res.json({ id: req.params.id, query: req.query, at: handled }));
	app.get('/text/:id', (req, res) => res.send('short body ' + req.params.id));
	app.get('/repeat', (_req, res) => res.send('the same body every time'));
	app.get('/file/:n', (req, res, next) => {
		res.sendFile('f' + req.params.n + '.bin', { root: path.join(dir, 'files') }, (err) => {
			if (err && !res.headersSent) next(err);
		});
	});
	app.get('/big', (_req, res, next) => {
		res.sendFile('big.bin', { root: dir }, (err) => {
			if (err && !res.headersSent) next(err);
		});
	});
	app.post('/json', framework.json({ limit: '64kb' }), (req, res) => res.json({ keys: Object.keys(req.body || {}).length }));
	app.post('/form', framework.urlencoded({ extended: true, limit: '64kb' }), (req, res) => res.json({ keys: Object.keys(req.body || {}).length }));
	app.get('/throw/:id', (req) => {
		throw new Error('failure ' + req.params.id);
	});
	app.use((err, req, res, next) => {
		if (req.path.startsWith('/throw')) res.status(500).send('handled ' + err.message);
		else next(err);
	});
	// Errors reaching the final handler are logged in production; the soak does not want that noise.
	console.error = () => {};
	const server = http.createServer(app);
	server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
	process.on('message', (message) => {
		if (message.type !== 'stats') return;
		global.gc();
		global.gc();
		const memory = process.memoryUsage();
		process.send({ type: 'stats', memory, fds: fs.readdirSync('/proc/self/fd').length, handled });
	});
	process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Runner mode.

function option(name, fallback) {
	const index = process.argv.indexOf('--' + name);
	return index === -1 ? fallback : Number(process.argv[index + 1]);
}

const DURATION = option('duration', 180) * 1000;
const IDLE = option('idle', 10) * 1000;
const INTERVAL = option('interval', 10) * 1000;
const CONNECTIONS = option('connections', 50);
const SEED = option('seed', 1);
// Stop each server's load after this many requests (default: only the duration bounds it), so both
// frameworks can be compared after the same work rather than the same time.
const REQUESTS = option('requests', Number.POSITIVE_INFINITY);

function prng(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function makeFixtures() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-soak-'));
	fs.mkdirSync(path.join(dir, 'files'));
	const random = prng(99);
	for (let i = 0; i < FILES; i++) {
		// Mostly small (the one-read path), some past 64 KB (streamed).
		const size = random() < 0.9 ? 1 + Math.floor(random() * 8000) : 64 * 1024 + Math.floor(random() * 140 * 1024);
		fs.writeFileSync(path.join(dir, 'files', 'f' + i + '.bin'), Buffer.alloc(size, i & 0xff));
	}
	fs.writeFileSync(path.join(dir, 'big.bin'), Buffer.alloc(BIG_FILE, 7));
	return dir;
}

function startServer(name, dir) {
	return new Promise((resolve, reject) => {
		const child = fork(__filename, ['--serve', name, dir], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		child.once('message', (message) => (message.type === 'ready' ? resolve({ name, child, port: message.port }) : reject(new Error(message.message))));
		child.once('exit', (code) => reject(new Error(name + ' server exited with ' + code)));
	});
}

function stats(server) {
	return new Promise((resolve) => {
		const onMessage = (message) => {
			if (message.type !== 'stats') return;
			server.child.off('message', onMessage);
			resolve(message);
		};
		server.child.on('message', onMessage);
		server.child.send({ type: 'stats' });
	});
}

// One request on a keep-alive agent; resolves with the status (0 on error) after draining the body.
function request(agent, port, method, target, headers, body) {
	return new Promise((resolve) => {
		const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent }, (res) => {
			res.resume();
			res.on('end', () => resolve(res.statusCode));
			res.on('error', () => resolve(0));
		});
		req.setTimeout(10_000, () => req.destroy());
		req.on('error', () => resolve(0));
		req.end(body);
	});
}

// Raw socket: write `payload`, then either wait for the server to close, or destroy after `destroyAfter` ms.
function raw(port, payload, destroyAfter) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let received = 0;
		const done = () => {
			clearTimeout(timer);
			socket.destroy();
			resolve(received);
		};
		const timer = setTimeout(done, destroyAfter ?? 5000);
		socket.on('data', (chunk) => {
			received += chunk.length;
		});
		socket.on('error', done);
		socket.on('close', done);
		socket.on('connect', () => socket.write(payload));
	});
}

// A slow reader: asks for 2 MB, reads a little, stalls, then goes away.
function slowReader(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let received = 0;
		socket.on('data', (chunk) => {
			received += chunk.length;
			if (received > 64 * 1024) socket.pause();
		});
		socket.on('error', () => {});
		socket.on('connect', () => socket.write('GET /big HTTP/1.1\r\nHost: soak\r\n\r\n'));
		setTimeout(() => {
			socket.destroy();
			resolve(received);
		}, 300);
	});
}

const counts = new Map();

async function worker(server, random, deadline, counter) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	const port = server.port;
	const tally = counts.get(server.name);
	while (Date.now() < deadline && counter.next < REQUESTS) {
		const i = counter.next++;
		const roll = random();
		let kind;
		let status = 0;
		if (roll < 0.2) {
			kind = 'json';
			status = await request(agent, port, 'GET', '/json/' + i + '?q=' + i + '&list[' + (i % 7) + ']=x', {});
		} else if (roll < 0.3) {
			kind = 'text';
			status = await request(agent, port, 'GET', random() < 0.5 ? '/text/' + i : '/repeat', {});
		} else if (roll < 0.5) {
			kind = 'static';
			const n = Math.floor(random() * FILES);
			const headers = random() < 0.2 ? { Range: 'bytes=0-' + (i % 500) } : random() < 0.1 ? { 'If-Modified-Since': new Date().toUTCString() } : {};
			status = await request(agent, port, 'GET', '/static/f' + n + '.bin?v=' + i, headers);
		} else if (roll < 0.58) {
			kind = 'sendFile';
			status = await request(agent, port, 'GET', '/file/' + Math.floor(random() * FILES), {});
		} else if (roll < 0.66) {
			kind = '404';
			status = await request(agent, port, 'GET', '/missing/' + i + '/' + 'x'.repeat(i % 300), {});
		} else if (roll < 0.78) {
			kind = 'post';
			const size = random() < 0.1 ? 70 * 1024 : Math.floor(random() * 8000);
			const json = random() < 0.5;
			const body = json ? JSON.stringify({ id: i, pad: 'p'.repeat(size) }) + (random() < 0.05 ? '{' : '') : 'id=' + i + '&pad=' + 'p'.repeat(size);
			status = await request(
				agent,
				port,
				'POST',
				json ? '/json' : '/form',
				{ 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
				body,
			);
		} else if (roll < 0.82) {
			kind = 'throw';
			status = await request(agent, port, 'GET', '/throw/' + i, {});
		} else if (roll < 0.87) {
			kind = 'aborted upload';
			await raw(
				port,
				'POST /json HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"partial":"' + 'a'.repeat(i % 20000),
				20,
			);
		} else if (roll < 0.9) {
			kind = 'slow reader';
			await slowReader(port);
		} else if (roll < 0.96) {
			kind = 'pipelined';
			let burst = '';
			for (let k = 0; k < 5; k++) burst += 'GET /json/' + i + '-' + k + ' HTTP/1.1\r\nHost: soak\r\n' + (k === 4 ? 'Connection: close\r\n' : '') + '\r\n';
			await raw(port, burst);
		} else {
			kind = 'malformed';
			await raw(
				port,
				random() < 0.5
					? 'GET /\u00ff' + i + ' HTTP/1.1\r\nHost: soak\r\n\r\n'
					: 'POST /json HTTP/1.1\r\nHost: soak\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
				2000,
			);
		}
		const key = kind + (status ? ' ' + status : '');
		tally.set(key, (tally.get(key) ?? 0) + 1);
	}
	agent.destroy();
}

function mb(bytes) {
	return (bytes / 1048576).toFixed(1);
}

function row(seconds, phase, samples) {
	const cells = samples.map((s) =>
		[mb(s.memory.rss), mb(s.memory.heapTotal), mb(s.memory.heapUsed), mb(s.memory.external), mb(s.memory.arrayBuffers), String(s.fds), String(s.handled)]
			.map((v) => v.padStart(7))
			.join(''),
	);
	return String(seconds).padStart(5) + ' ' + phase.padEnd(5) + cells.join('  |');
}

async function main() {
	const dir = makeFixtures();
	const servers = [];
	try {
		servers.push(await startServer('velox', dir), await startServer('express4', dir));
		for (const server of servers) counts.set(server.name, new Map());
		const header = '   columns per server: rss heapTotal heapUsed external arrayBuffers (MB, after a forced GC), open fds, requests handled';
		console.log(
			`soak: ${DURATION / 1000} s of load${Number.isFinite(REQUESTS) ? ' (at most ' + REQUESTS + ' requests per server)' : ''} + ${IDLE / 1000} s idle, ${CONNECTIONS} connections per server, seed ${SEED}, ${FILES} files`,
		);
		console.log(header);
		console.log('    s phase' + servers.map((s) => s.name.padStart(10) + ' '.repeat(39)).join('   '));
		const started = Date.now();
		const sample = async (phase) => console.log(row(Math.round((Date.now() - started) / 1000), phase, await Promise.all(servers.map(stats))));
		await sample('start');
		const deadline = started + DURATION;
		const load = servers.flatMap((server, _s) => {
			const counter = { next: 0 };
			return Array.from({ length: CONNECTIONS }, (_, w) => worker(server, prng(SEED * 1000 + w), deadline, counter));
		});
		const timer = setInterval(() => sample('load'), INTERVAL);
		await Promise.all(load);
		clearInterval(timer);
		await sample('load');
		const idleEnd = Date.now() + IDLE;
		while (Date.now() < idleEnd) {
			await new Promise((resolve) => setTimeout(resolve, Math.min(INTERVAL, idleEnd - Date.now())));
			await sample('idle');
		}
		for (const server of servers) {
			const tally = [...counts.get(server.name)].sort((a, b) => b[1] - a[1]);
			console.log(server.name + ': ' + tally.map(([key, n]) => key + ' ×' + n).join(', '));
		}
	} finally {
		for (const server of servers) server.child.kill();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

if (process.argv[2] === '--serve') {
	serve();
} else {
	main().catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
}
