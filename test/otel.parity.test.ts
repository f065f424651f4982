/**
 * `velox/otel` against OpenTelemetry's Express instrumentation: the same app and requests, with
 * instrumentation-http in both processes, on express@4 with instrumentation-express and on Velox
 * with `velox/otel` (test/helpers/otel-parity-child.ts). The span trees must be equal: names,
 * kinds, parents, `http.route`, `express.name`, `express.type`, status and recorded exceptions,
 * including the server span's name and route that instrumentation-http takes from the request's
 * RPC metadata (`GET /api/users/:id`; `POST /api` for a 404 inside the router mounted there).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { REQUESTS, type SpanNode } from './helpers/otel-parity-child';

const CHILD = path.join(__dirname, 'helpers', 'otel-parity-child.js');

async function spans(side: 'express' | 'velox'): Promise<SpanNode[][]> {
	const { stdout } = await promisify(execFile)(process.execPath, [CHILD, side], { encoding: 'utf8' });
	return JSON.parse(stdout) as SpanNode[][];
}

function outline(nodes: SpanNode[], depth = 0): string[] {
	return nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.name} ${JSON.stringify(node.attributes)}`, ...outline(node.children, depth + 1)]);
}

test('velox/otel makes the span trees instrumentation-express makes for express@4, request by request', async () => {
	const [expected, actual] = await Promise.all([spans('express'), spans('velox')]);
	assert.equal(actual.length, REQUESTS.length);
	for (let i = 0; i < REQUESTS.length; i++) {
		const label = REQUESTS[i]!.join(' ');
		assert.deepEqual(actual[i], expected[i], `${label}\nvelox:\n${outline(actual[i]!).join('\n')}\nexpress:\n${outline(expected[i]!).join('\n')}`);
	}
	// The tree compared is the Express one, not an empty one.
	const first = outline(expected[0]!);
	assert.deepEqual(first, [
		'GET /api/users/:id {"http.route":"/api/users/:id","http.response.status_code":200}',
		'  middleware - query {"express.name":"query","express.type":"middleware"}',
		'  middleware - expressInit {"express.name":"expressInit","express.type":"middleware"}',
		'  middleware - logger {"express.name":"logger","express.type":"middleware"}',
		'  middleware - jsonParser {"express.name":"jsonParser","express.type":"middleware"}',
		'  router - /users/:id {"http.route":"/api","express.name":"/users/:id","express.type":"router"}',
		'  request handler - /api/users/:id {"http.route":"/api/users/:id","express.name":"/api/users/:id","express.type":"request_handler"}',
	]);
});
