/**
 * OpenTelemetry's real instrumentations see Velox (packed, installed as `express`) as they see
 * express@4: the same app, the same seven requests, and the same span trees (names, kinds,
 * parent/child structure, `http.route`, `express.*` attributes, status and exception events),
 * with @opentelemetry/instrumentation-http + instrumentation-express and, separately,
 * auto-instrumentations-node, on this node (0.71 line) and on Node 22 (0.72 line). In-memory
 * exporter; everything offline. See test/helpers/apm.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { AgentName } from './helpers/apm-child';
import { apmProjects, currentLine, type Framework, type NodeLine, node22, requests, run } from './helpers/apm';
import { otelTrees } from './helpers/apm-trees';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-otel-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);
// As the file loads, not in a test: a first install is longer than a test's timeout.
const newest: NodeLine = projects.skip ? { skip: projects.skip } : node22();

async function trees(line: NodeLine, agent: AgentName, sdk: string | undefined): Promise<Record<Framework, string[][]>> {
	const [express, velox] = await Promise.all(
		(['express', 'velox'] as const).map(async (framework) => {
			const result = await run({ line, agent, app: projects.app![framework], sdk });
			assert.equal(result.statuses.length, requests.length);
			return { statuses: result.statuses, trees: otelTrees(result.spans) };
		}),
	);
	assert.deepEqual(velox.statuses, express.statuses, 'the same answers');
	if (process.env.VELOX_APM_PRINT) console.log(JSON.stringify({ agent, express: express.trees, velox: velox.trees }, null, 1));
	return { express: express.trees, velox: velox.trees };
}

function assertEqualTrees(result: Record<Framework, string[][]>): void {
	assert.equal(result.express.length, requests.length, 'express@4: one trace per request\n' + result.express.flat().join('\n'));
	assert.ok(
		result.express[0].some((line) => line.includes('middleware - query')),
		'express@4 has its middleware spans',
	);
	for (let i = 0; i < requests.length; i++) {
		assert.deepEqual(result.velox[i], result.express[i], requests[i].method + ' ' + requests[i].path + ': the same span tree');
	}
	assert.equal(result.velox.length, result.express.length);
}

const lines: [string, NodeLine, string][] = [
	['node ' + process.versions.node + ' (instrumentation-express 0.71)', currentLine, '@opentelemetry/sdk-trace-base'],
	['Node 22 (instrumentation-express 0.72)', newest, '@opentelemetry/sdk-trace'],
];

for (const [title, line, sdk] of lines) {
	describe('OpenTelemetry on ' + title, { skip: projects.skip }, () => {
		test('instrumentation-http + instrumentation-express: express@4 and Velox give the same span trees', async (t) => {
			if (line.skip) return t.skip(line.skip);
			assertEqualTrees(await trees(line, 'otel', sdk));
		});
		test('auto-instrumentations-node: express@4 and Velox give the same span trees', async (t) => {
			if (line.skip) return t.skip(line.skip);
			assertEqualTrees(await trees(line, 'otel-auto', sdk));
		});
	});
}
