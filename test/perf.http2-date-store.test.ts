/**
 * node's store of an HTTP/2 response's `date` never misses its inline cache on a Velox response,
 * on either line. node adds `date` by its own constant for the name, an uninterned string; once
 * V8 had an equal string interned, the constant became a reference to that one and the store
 * missed on every response, on node 20, 22 and 24: ~5,700 instructions a request, Velox 5's whole
 * excess over Velox 4 on h2-static (Velox 5 met it by loading mime-db during its first static
 * response; this test's small app meets it as it is). Velox now puts the date
 * in the header map itself as the head goes out (http2/index.ts), so node's store does not run.
 *
 * The server runs in a child node with `--log-ic`; the test sends requests with node's own HTTP/2
 * client and counts the log's keyed-store events for `date` after half of them, marked in the log
 * by a function the server compiles then. Without Velox's date: ~200 on node 20, 22 and 24; 0 on 26.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { closeSession, connectH2, h2request } from './http2.helpers';

const ENTRY = path.join(__dirname, '..', 'src', 'express.js');
const LINES = path.join(__dirname, '..', 'src', 'core', 'lines');
const STATIC = path.join(__dirname, '..', '..', 'test', 'fixtures', 'static');

const REQUESTS = 400;
const MARKER = 'veloxHalfwayMarker';

/** The server for one line: a static file, as the suite's h2-static; it marks the log at the halfway request. */
const script = (line: 4 | 5): string => `
${line === 5 ? `require(${JSON.stringify(LINES)}).useLine(5);` : ''}
const http2 = require('node:http2');
const vm = require('node:vm');
const velox = require(${JSON.stringify(ENTRY)});
const app = velox();
let served = 0;
app.use((req, res, next) => {
	if (++served === ${REQUESTS / 2}) vm.runInThisContext('(function ${MARKER}() { return 1; })')();
	next();
});
app.use(velox.static(${JSON.stringify(STATIC)}));
const server = http2.createServer(app).listen(0, '127.0.0.1', () => process.send(server.address().port));
process.on('disconnect', () => process.exit(0));
`;

/** The keyed-store events for the key `date` after the marker's code was made. */
function dateStoresAfterMarker(log: string): number {
	const lines = log.split('\n');
	const marker = lines.findIndex((line) => line.startsWith('code-creation,') && line.includes(MARKER));
	assert.notEqual(marker, -1, 'the log has the halfway marker');
	return lines.slice(marker).filter((line) => line.startsWith('KeyedStoreIC,') && line.split(',')[8] === 'date').length;
}

async function missesAfterHalfway(line: 4 | 5): Promise<number> {
	const dir = mkdtempSync(path.join(tmpdir(), 'velox-ic-'));
	const logfile = path.join(dir, 'v8.log');
	const child = spawn(process.execPath, ['--log-ic', '--no-logfile-per-isolate', `--logfile=${logfile}`, '-e', script(line)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	try {
		const port = await new Promise<number>((resolve, reject) => {
			child.once('message', (message) => resolve(Number(message)));
			child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
		});
		const session = await connectH2(`http://127.0.0.1:${port}`);
		for (let sent = 0; sent < REQUESTS; sent += 10) {
			const batch = Array.from({ length: 10 }, () => h2request(session, { [http2.constants.HTTP2_HEADER_PATH]: '/hello.txt' }));
			for (const response of await Promise.all(batch)) assert.equal(response.status, 200);
		}
		await closeSession(session);
	} finally {
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.disconnect();
		await exited;
	}
	try {
		return dateStoresAfterMarker(readFileSync(logfile, 'utf8'));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

for (const line of [4, 5] as const) {
	test(`Velox ${line}: node's date store keeps its inline cache over HTTP/2 (child process, --log-ic)`, async () => {
		const misses = await missesAfterHalfway(line);
		// Without Velox's date: one a response on node 20, 22 and 24.
		assert.ok(misses <= 2, `keyed stores of date missing their inline cache in the last ${REQUESTS / 2} responses: ${misses}`);
	});
}
