/**
 * `NODE_DEBUG=velox` (node's `util.debuglog`): which platform features are on or off, and why,
 * printed once when Velox loads (HTTP/1.1) and once at the first HTTP/2 request (HTTP/2); nothing
 * without it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { describeHttp2Platform, detectHttp2 } from '../src/core/http2/platform';
import { describePlatform, detect, nodeDetection, nodeSurface } from '../src/core/platform';
import { ElsewhereServer, NoTableResponse, noCompatHttp2 } from './helpers/platform-standins';

const ENTRY = path.join(__dirname, '..', 'src', 'express.js');

/** stderr of a fresh node that loads Velox, serves one HTTP/2 request through an app, and exits. */
function run(env: NodeJS.ProcessEnv): string {
	const script = `
const http2 = require('node:http2');
const velox = require(${JSON.stringify(ENTRY)});
const app = velox();
app.get('/', (req, res) => res.send('ok'));
const server = http2.createServer(app).listen(0, '127.0.0.1', () => {
	const client = http2.connect('http://127.0.0.1:' + server.address().port);
	const stream = client.request({ ':path': '/' });
	stream.resume();
	stream.on('end', () => { client.close(); server.close(); });
});`;
	const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
	assert.equal(result.status, 0, result.stderr);
	return result.stderr;
}

describe('NODE_DEBUG=velox', () => {
	test('prints each platform feature once, on this node all on, with the node version', () => {
		const lines = run({ NODE_DEBUG: 'velox' })
			.split('\n')
			.filter((line) => line.includes('platform:'));
		const version = process.versions.node;
		assert.deepEqual(
			lines.map((line) => line.replace(/^VELOX \d+: /, '')),
			[
				`platform: node ${version}, header table: on`,
				`platform: node ${version}, server classes: on`,
				`platform: node ${version}, http2 server classes: on`,
				`platform: node ${version}, http2 header map: on`,
			],
		);
	});

	test('prints nothing without it', () => {
		assert.doesNotMatch(run({ NODE_DEBUG: '' }), /platform:/);
	});

	test('a feature that is off is named with its fallback and what the probe saw', () => {
		const detection = detect({ ...nodeSurface, ServerResponse: NoTableResponse, Server: ElsewhereServer as never });
		assert.deepEqual(describePlatform(detection), [
			"header table: off, res.send sets its headers with setHeader (the probe threw: Cannot set properties of undefined (setting 'x-velox-probe'))",
			"server classes: off, http.createServer(app) swaps prototypes per request (a server's class options are not found under a symbol key)",
		]);
		assert.deepEqual(describePlatform(nodeDetection), ['header table: on', 'server classes: on']);
		const http2Lines = describeHttp2Platform(detectHttp2(noCompatHttp2));
		assert.match(http2Lines[0], /^http2 server classes: off, http2\.createServer\(app\) swaps prototypes per request \(/);
		assert.match(http2Lines[1], /^http2 header map: off, res\.send sets its headers with setHeader \(/);
	});
});
