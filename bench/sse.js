// Server-Sent Events: events per second a Velox server streams with `res.sse()`, with and without
// the `compression` middleware (each event flushed through its gzip stream), and the server's CPU
// time per event. Never part of `npm test`.
//
//   npm run build && node bench/sse.js [--rounds 3] [--duration 3] [--connections 10] [--size 100]
//
// The server (a child process) sends events as fast as each stream takes them (`send` until it
// returns false, then on `drain`); the client (this process) reads every stream (gunzipping the
// compressed ones) and counts the events it received. Rounds are interleaved; medians printed.
const { fork } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');
const { option, nextMessage, median, serveUntilDisconnect, interleavedRounds } = require('./lib/child-server');

const args = process.argv.slice(2);

const KINDS = ['plain', 'compression'];

function serve(kind, size) {
	const velox = require(path.join(__dirname, '..'));
	const app = velox();
	app.set('env', 'production');
	if (kind === 'compression') app.use(require('compression')());
	let events = 0;
	let streaming = true;
	app.get('/events', (_req, res) => {
		const stream = res.sse({ heartbeat: false });
		let id = 0;
		const data = { symbol: 'VLX', note: 'x'.repeat(Math.max(0, size - 40)) };
		// At most 64 events a turn: a socket the kernel drains as fast as it is written never says
		// `false`, and a loop that never yields would never read the parent's messages.
		const pump = () => {
			for (let n = 0; n < 64; n++) {
				if (!streaming || stream.closed) return;
				data.seq = ++id;
				events++;
				if (!stream.send(data, { id })) return;
			}
			setImmediate(pump);
		};
		// One listener for the stream's life (compression's res.once('drain') would not remove itself).
		res.on('drain', pump);
		pump();
	});
	const server = app.listen(0, '127.0.0.1');
	serveUntilDisconnect(server, {
		onStart: () => {
			events = 0;
		},
		onStop: () => {
			streaming = false;
		},
		figures: () => ({ events }),
	});
}

/** Opens `connections` streams; returns a counter of events received and a function that closes them. */
function read(port, connections) {
	const counter = { events: 0 };
	const requests = [];
	for (let i = 0; i < connections; i++) {
		const req = http.get({ host: '127.0.0.1', port, path: '/events', headers: { 'accept-encoding': 'gzip' } }, (res) => {
			const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
			body.setEncoding('utf8');
			let rest = '';
			body.on('data', (text) => {
				const parts = (rest + text).split('\n\n');
				rest = parts.pop();
				counter.events += parts.length;
			});
			body.on('error', () => {});
		});
		req.on('error', () => {});
		requests.push(req);
	}
	return {
		counter,
		close: () => {
			for (const req of requests) req.destroy();
		},
	};
}

async function measure(kind, options) {
	const child = fork(__filename, ['--serve', kind, String(options.size)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	const { port } = await nextMessage(child, 'port');
	const reader = read(port, options.connections);
	await new Promise((resolve) => setTimeout(resolve, options.warmup * 1000));
	child.send('start');
	await nextMessage(child, 'started');
	const before = reader.counter.events;
	await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
	const received = reader.counter.events - before;
	child.send('stop');
	const { events, cpuSeconds } = await nextMessage(child, 'events');
	reader.close();
	child.disconnect();
	return { kind, received, events, cpuSeconds, perSecond: received / options.seconds, perCpuSecond: events / cpuSeconds };
}

async function main() {
	const options = {
		rounds: Number(option('rounds', 3)),
		seconds: Number(option('duration', 3)),
		warmup: Number(option('warmup', 1)),
		connections: Number(option('connections', 10)),
		size: Number(option('size', 100)),
	};
	const results = await interleavedRounds(
		KINDS,
		options.rounds,
		(kind) => measure(kind, options),
		(kind, result) => `${kind.padEnd(12)} ${Math.round(result.perSecond)} events/s received, ${Math.round(result.perCpuSecond)} events/CPU-s sent`,
	);
	console.log(
		`Server-Sent Events, ~${options.size}-byte JSON events, ${options.connections} streams, ${options.seconds} s × ${options.rounds} rounds (medians)`,
	);
	console.log('| server | events per second received | events per server CPU-second |');
	console.log('| --- | ---: | ---: |');
	for (const kind of KINDS) {
		const perSecond = median(results[kind].map((r) => r.perSecond));
		const perCpu = median(results[kind].map((r) => r.perCpuSecond));
		console.log(
			`| velox${kind === 'plain' ? '' : ' + compression'} | ${Math.round(perSecond).toLocaleString('en')} | ${Math.round(perCpu).toLocaleString('en')} |`,
		);
	}
}

if (args[0] === '--serve') serve(args[1], Number(args[2]));
else
	main().catch((err) => {
		console.error(err);
		process.exit(1);
	});
