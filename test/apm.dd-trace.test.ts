/**
 * dd-trace sees Velox (packed, installed as `express`) as it sees express@4: the same app, the
 * same seven requests, the same traces (span names, resources such as `GET /api/users/:id`, types,
 * parent/child structure, `http.route`, status codes, error flags and messages, code origin, and
 * the names of every tag and metric), with dd-trace 5 on this node and dd-trace 6 on Node 22. The
 * agent sends to a fake Datadog agent on 127.0.0.1 (test/helpers/apm.ts: msgpack `/v0.4/traces`, decoded);
 * telemetry, remote configuration, profiling and the rest are off, so nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { apmProjects, currentLine, fakeDatadogAgent, type NodeLine, node22, requests, run, until } from './helpers/apm';
import { datadogTrees, spansOf } from './helpers/apm-trees';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-dd-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);
// As the file loads, not in a test: a first install is longer than a test's timeout.
const newest: NodeLine = projects.skip ? { skip: projects.skip } : node22();

async function trees(line: NodeLine): Promise<{ express: string[][]; velox: string[][] }> {
	const [express, velox] = await Promise.all(
		(['express', 'velox'] as const).map(async (framework) => {
			const agent = await fakeDatadogAgent();
			try {
				const roots = () => spansOf(agent).filter((span) => span.parent_id === '0').length;
				const result = await run({
					line,
					agent: 'dd-trace',
					app: projects.app![framework],
					collector: agent.url,
					received: () => until(() => roots() >= requests.length, framework + "'s traces at the fake agent"),
				});
				return { statuses: result.statuses, trees: datadogTrees(spansOf(agent)) };
			} finally {
				await agent.close();
			}
		}),
	);
	assert.deepEqual(velox.statuses, express.statuses, 'the same answers');
	if (process.env.VELOX_APM_PRINT) console.log(JSON.stringify({ agent: 'dd-trace', express: express.trees, velox: velox.trees }, null, 1));
	return { express: express.trees, velox: velox.trees };
}

const lines: [string, NodeLine][] = [
	['dd-trace 5 on node ' + process.versions.node, currentLine],
	['dd-trace 6 on Node 22', newest],
];

describe('dd-trace', { skip: projects.skip, concurrency: true }, () => {
	for (const [title, line] of lines) {
		test(title + ': express@4 and Velox give the same traces', async (t) => {
			if (line.skip) return t.skip(line.skip);
			const result = await trees(line);
			assert.equal(result.express.length, requests.length, 'express@4: one trace per request\n' + result.express.flat().join('\n'));
			assert.match(result.express[0][0], /^express\.request "GET \/api\/users\/:id"/, 'express@4 is recognised');
			for (let i = 0; i < requests.length; i++) {
				assert.deepEqual(result.velox[i], result.express[i], requests[i].method + ' ' + requests[i].path + ': the same trace');
			}
			assert.equal(result.velox.length, result.express.length);
		});
	}
});
