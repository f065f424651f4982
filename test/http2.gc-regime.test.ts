/**
 * An HTTP/2 request's objects die young: under load, what a request leaves
 * in the old generation stays at a few bytes, as with raw `node:http2`.
 *
 * The regression this pins: with the router's `next` closure made inside
 * the `Dispatch` constructor, V8's allocation-site pretenuring kept every
 * HTTP/2 request's objects (node's stream, the compatibility request and
 * response, the framework's state) alive from one scavenge to the next on
 * node 20 and 22. About 1.5 KB a request was promoted, scavenges took 6–12 ms
 * instead of 1–2 (docs/design.md, "HTTP/2's GC regimes"; bench/h2gc.js). The
 * server runs in a child process under `--trace-gc-nvp`, loaded by h2load
 * (10 sessions × 10 streams, as the suite's HTTP/2 scenarios). The load
 * shape matters: under node's own HTTP/2 client at 10 × 10, raw `node:http2`
 * stays in the costly regime too, so that client cannot tell the two apart.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

const V8_MAJOR = Number(process.versions.v8.split('.')[0]);
// V8 13 (node 24) grows the young generation further: a few scavenges per window, where raw
// node:http2 itself moves between regimes, so a window's figure says nothing there.
const DETERMINISTIC = V8_MAJOR < 13;
// The bench's own check (bench/lib/load.js), as the suite and bench/h2gc.js find h2load.
const { hasCommand } = require(path.join(__dirname, '..', '..', 'bench', 'lib', 'load.js')) as { hasCommand(name: string): boolean };
const H2LOAD = hasCommand('h2load');

const SESSIONS = 10;
const STREAMS = 10;
const WARMUP = 30_000;
const WINDOW = 6_000;
const WINDOWS = 5;

/** Bytes promoted by the scavenges in `--trace-gc-nvp` text (`name=value` pairs, or JSON after `GC: `). */
function promotedBytes(text: string): number {
	let sum = 0;
	for (const line of text.split('\n')) {
		const json = line.indexOf('GC: {');
		if (json !== -1) {
			// The window's last line may not be complete yet: only whole objects count.
			let fields: { gc?: string; promoted?: number } = {};
			try {
				fields = JSON.parse(line.slice(json + 4)) as typeof fields;
			} catch {}
			if (fields.gc === 's') sum += fields.promoted ?? 0;
		} else if (line.includes(' gc=s ')) {
			const promoted = / promoted=(\d+)/.exec(line);
			if (promoted !== null) sum += Number(promoted[1]);
		}
	}
	return sum;
}

/** `count` GET / requests from h2load, `SESSIONS` × `STREAMS` in flight. */
function load(port: number, count: number): Promise<void> {
	const args = ['-n', String(count), '-c', String(SESSIONS), '-m', String(STREAMS), `http://127.0.0.1:${port}/`];
	return new Promise((resolve, reject) => {
		execFile('h2load', args, (error, stdout) => {
			if (error !== null) reject(error);
			else if (!stdout.includes(`${count} succeeded`)) reject(new Error(`h2load did not complete:\n${stdout}`));
			else resolve();
		});
	});
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('HTTP/2 requests leave a few bytes in the old generation under load (child process, --trace-gc-nvp)', {
	skip: !H2LOAD
		? 'h2load is not on PATH: install nghttp2-client (apt-get install nghttp2-client)'
		: DETERMINISTIC
			? false
			: `V8 ${process.versions.v8}: a window holds a few scavenges only, and raw node:http2 itself moves between regimes there`,
}, async () => {
	const root = process.env.VELOX_GC_REGIME_BUILD ?? path.join(__dirname, '..', 'src', 'express.js');
	const script = `
		const http2 = require('node:http2');
		const velox = require(${JSON.stringify(root)});
		const app = velox();
		app.get('/', (req, res) => { res.send('Hello World!'); });
		const server = http2.createServer(app).listen(0, '127.0.0.1', () => process.send(server.address().port));
		process.on('disconnect', () => process.exit(0));
	`;
	const child = spawn(process.execPath, ['--trace-gc-nvp', '-e', script], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
	let trace = '';
	const stdout = child.stdout as NodeJS.ReadableStream;
	stdout.setEncoding('utf8');
	stdout.on('data', (chunk: string) => {
		trace += chunk;
	});
	try {
		const port = await new Promise<number>((resolve, reject) => {
			child.once('message', (message) => resolve(Number(message)));
			child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
		});
		await load(port, WARMUP);
		const perRequest: number[] = [];
		for (let w = 0; w < WINDOWS; w++) {
			await pause(50);
			const start = trace.length;
			await load(port, WINDOW);
			// The window's last collections' lines arrive right after.
			await pause(50);
			perRequest.push(Math.round(promotedBytes(trace.slice(start)) / WINDOW));
		}
		perRequest.sort((a, b) => a - b);
		const median = perRequest[Math.floor(perRequest.length / 2)];
		// Cheap regime: 3–200 B a request (the requests in flight when a window begins); the costly one ~1,500.
		assert.ok(median < 400, `bytes promoted per request, window by window (sorted): ${perRequest.join(', ')}`);
	} finally {
		child.disconnect();
	}
});
