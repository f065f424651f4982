/**
 * New Relic (newrelic 14, which needs Node 22) sees Velox (packed, installed as `express`) as it
 * sees express@4: the same app, the same requests, the same transactions (names such as
 * `WebTransaction/Expressjs/GET//api/users/:id`, status codes, errors) and segment trees
 * (`Nodejs/Middleware/Expressjs/query`, `Expressjs/Router: /api`, `Expressjs/Route Path: …`).
 * The agent runs in serverless mode, which records without connecting to New Relic; the
 * transactions are read in the child as the agent finishes them (test/helpers/apm-child.ts).
 * New Relic 14 instruments Express 4 by rewriting lib/router/index.js and lib/response.js as they
 * load (test/apm.hooks.test.ts checks what its transformer looks for).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { apmProjects, type NodeLine, node22, requests, run } from './helpers/apm';
import { newRelicTree } from './helpers/apm-trees';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-nr-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);
// As the file loads, not in a test: a first install is longer than a test's timeout.
const newest: NodeLine = projects.skip ? { skip: projects.skip } : node22();

test('newrelic 14 on Node 22: express@4 and Velox give the same transactions and segments', { skip: projects.skip }, async (t) => {
	const line = newest;
	if (line.skip) return t.skip(line.skip);
	const [express, velox] = await Promise.all(
		(['express', 'velox'] as const).map(async (framework) => {
			const result = await run({ line, agent: 'newrelic', app: projects.app![framework] });
			return { statuses: result.statuses, trees: result.transactions.map(newRelicTree) };
		}),
	);
	assert.deepEqual(velox.statuses, express.statuses, 'the same answers');
	if (process.env.VELOX_APM_PRINT) console.log(JSON.stringify({ agent: 'newrelic', express: express.trees, velox: velox.trees }, null, 1));
	assert.equal(express.trees.length, requests.length, 'express@4: one transaction per request\n' + express.trees.flat().join('\n'));
	assert.match(express.trees[0][0], /^WebTransaction\/Expressjs\/GET\/\/api\/users\/:id -> 200/, 'express@4 is recognised');
	for (let i = 0; i < requests.length; i++) {
		assert.deepEqual(velox.trees[i], express.trees[i], requests[i].method + ' ' + requests[i].path + ': the same transaction');
	}
	assert.equal(velox.trees.length, express.trees.length);
});
