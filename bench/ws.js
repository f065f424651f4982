// WebSocket echo: messages per server CPU-second, Velox's `app.ws` beside express-ws on express@4
// and the `ws` package alone (the limit: a WebSocketServer on a bare http server). Never part of
// `npm test`.
//
//   npm run build && node bench/ws.js [--rounds 3] [--duration 3] [--connections 50] [--window 8] [--size 64]
//
// Each server runs in its own child process and reports the CPU time it used (process.cpuUsage,
// user + system) while the load ran; the client (this process) keeps `--window` messages in
// flight on each of `--connections` sockets, a new one sent for each echo received. Rounds are
// interleaved (each round runs every server once, in a rotating order); the median per server is
// printed with its ratio to `ws` alone. The machine may be shared: compare within one run.
const { fork } = require('node:child_process');
const path = require('node:path');
const { option, nextMessage, median, serveUntilDisconnect, interleavedRounds } = require('./lib/child-server');

const args = process.argv.slice(2);

const KINDS = ['ws', 'velox', 'express-ws'];

/** In the child: one echo server on an ephemeral port; answers `start`/`stop` with CPU figures. */
function serve(kind) {
	const http = require('node:http');
	let server;
	let messages = 0;
	const echo = (ws) => {
		ws.on('message', (data, isBinary) => {
			messages++;
			ws.send(data, { binary: isBinary });
		});
	};
	if (kind === 'ws') {
		const { WebSocketServer } = require('ws');
		server = http.createServer((_req, res) => res.end('ok'));
		new WebSocketServer({ server, path: '/echo' }).on('connection', echo);
	} else if (kind === 'velox') {
		const velox = require(path.join(__dirname, '..'));
		const app = velox();
		app.set('env', 'production');
		app.ws('/echo', { heartbeat: false }, echo);
		server = http.createServer(app);
	} else {
		const express = require('express');
		const app = express();
		require('express-ws')(app);
		app.set('env', 'production');
		app.ws('/echo', echo);
		server = app.listen(0, '127.0.0.1');
	}
	if (!server.listening) server.listen(0, '127.0.0.1');
	serveUntilDisconnect(server, {
		onStart: () => {
			messages = 0;
		},
		onStop: () => {},
		figures: () => ({ messages }),
	});
}

async function load(port, { connections, window, size, seconds }) {
	const WebSocket = require('ws');
	const payload = Buffer.alloc(size, 'v');
	const sockets = await Promise.all(
		Array.from({ length: connections }, () => {
			const ws = new WebSocket(`ws://127.0.0.1:${port}/echo`);
			return new Promise((resolve, reject) => {
				ws.once('open', () => resolve(ws));
				ws.once('error', reject);
			});
		}),
	);
	let received = 0;
	let running = true;
	for (const ws of sockets) {
		ws.on('message', () => {
			received++;
			if (running) ws.send(payload);
		});
		for (let i = 0; i < window; i++) ws.send(payload);
	}
	await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
	running = false;
	await new Promise((resolve) => setTimeout(resolve, 100));
	for (const ws of sockets) ws.terminate();
	return received;
}

async function measure(kind, options) {
	const child = fork(__filename, ['--serve', kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	const { port } = await nextMessage(child, 'port');
	// Warm-up: connections, handshakes, JIT.
	await load(port, { ...options, seconds: options.warmup });
	child.send('start');
	await nextMessage(child, 'started');
	const received = await load(port, options);
	child.send('stop');
	const { messages, cpuSeconds } = await nextMessage(child, 'messages');
	child.disconnect();
	return { kind, messages, received, cpuSeconds, perCpuSecond: messages / cpuSeconds, perSecond: received / options.seconds };
}

async function main() {
	const options = {
		rounds: Number(option('rounds', 3)),
		seconds: Number(option('duration', 3)),
		warmup: Number(option('warmup', 1)),
		connections: Number(option('connections', 50)),
		window: Number(option('window', 8)),
		size: Number(option('size', 64)),
	};
	const results = await interleavedRounds(
		KINDS,
		options.rounds,
		(kind) => measure(kind, options),
		(kind, result) =>
			`${kind.padEnd(10)} ${Math.round(result.perCpuSecond)} msg/CPU-s (${Math.round(result.perSecond)} msg/s, ${result.cpuSeconds.toFixed(2)} CPU-s)`,
	);
	const limit = median(results.ws.map((r) => r.perCpuSecond));
	console.log(
		`WebSocket echo, ${options.size}-byte messages, ${options.connections} connections × ${options.window} in flight, ${options.seconds} s × ${options.rounds} rounds (medians)`,
	);
	console.log('| server | messages per server CPU-second | of `ws` alone | messages per second |');
	console.log('| --- | ---: | ---: | ---: |');
	for (const kind of KINDS) {
		const perCpu = median(results[kind].map((r) => r.perCpuSecond));
		const perSecond = median(results[kind].map((r) => r.perSecond));
		console.log(`| ${kind} | ${Math.round(perCpu).toLocaleString('en')} | ${(perCpu / limit).toFixed(2)} | ${Math.round(perSecond).toLocaleString('en')} |`);
	}
}

if (args[0] === '--serve') serve(args[1]);
else
	main().catch((err) => {
		console.error(err);
		process.exit(1);
	});
