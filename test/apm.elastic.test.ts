/**
 * Elastic APM (elastic-apm-node 4) sees Velox (packed, installed as `express`) as it sees
 * express@4: the same app, the same seven requests, the same transactions (names such as
 * `GET /api/users/:id`, results, outcomes), spans and captured errors, sent to a fake APM server
 * on 127.0.0.1 (test/helpers/apm.ts: `POST /intake/v2/events`, ndjson); central config, cloud
 * metadata and metrics are off, so nothing leaves the machine. Elastic's express instrumentation
 * hooks `express` (range `>=4 <6`, the version read from node_modules/express/package.json) and
 * patches its Router and Layer.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { apmProjects, currentLine, fakeApmServer, requests, run, until } from './helpers/apm';
import { elasticTrees, eventsOf } from './helpers/apm-trees';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-elastic-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);

let results: Promise<Record<'express' | 'velox', string[][]>> | undefined;

/** Both runs, once for the file's tests. */
function both(): Promise<Record<'express' | 'velox', string[][]>> {
	results ??= Promise.all(
		(['express', 'velox'] as const).map(async (framework) => {
			const server = await fakeApmServer();
			try {
				const transactions = () => eventsOf(server).filter((event) => event.kind === 'transaction').length;
				const result = await run({
					line: currentLine,
					agent: 'elastic',
					app: projects.app![framework],
					collector: server.url,
					received: () => until(() => transactions() >= requests.length, framework + "'s transactions at the fake APM server"),
				});
				return { statuses: result.statuses, trees: elasticTrees(eventsOf(server), projects.app![framework]) };
			} finally {
				await server.close();
			}
		}),
	).then(([express, velox]) => {
		assert.deepEqual(velox.statuses, express.statuses, 'the same answers');
		if (process.env.VELOX_APM_PRINT) console.log(JSON.stringify({ agent: 'elastic', express: express.trees, velox: velox.trees }, null, 1));
		assert.equal(express.trees.length, requests.length, 'express@4: one trace per request\n' + express.trees.flat().join('\n'));
		assert.match(express.trees[0][0], /^transaction "GET \/api\/users\/:id"/, 'express@4 is recognised');
		assert.equal(velox.trees.length, express.trees.length);
		return { express: express.trees, velox: velox.trees };
	});
	return results;
}

const isError = (line: string): boolean => line.trimStart().startsWith('error ');

test('elastic-apm-node: express@4 and Velox give the same transactions and spans', { skip: projects.skip }, async () => {
	const trees = await both();
	for (let i = 0; i < requests.length; i++) {
		const label = requests[i].method + ' ' + requests[i].path + ': the same transaction';
		assert.deepEqual(
			trees.velox[i].filter((line) => !isError(line)),
			trees.express[i].filter((line) => !isError(line)),
			label,
		);
	}
});

test('elastic-apm-node: express@4 and Velox capture the same errors', { skip: projects.skip }, async () => {
	const trees = await both();
	// Errors that reach an error-handling middleware are captured by Elastic's patch of the layer.
	assert.deepEqual(trees.velox[1].filter(isError), trees.express[1].filter(isError), 'GET /api/fail: the same error captured');
	assert.equal(trees.express[1].filter(isError).length, 1, 'express@4: the error is captured');
});

// Errors that reach the final handler: Elastic captures them by hooking the `finalhandler` package,
// which express@4's lib/application.js requires and calls in app.handle. Velox answers with its own
// final handler (src/core/final-handler.ts, finalhandler 1.3's behaviour without the package), so no
// hook fires and the errors of GET /boom and GET /async are not captured (docs/differences.md, APM
// agents). Pinned as the known difference it is, so that a run's closing summary does not list it
// with the failures (node's spec reporter lists todo tests there), and so that this fails, to be
// turned into an equality, the day Velox captures them.
test('elastic-apm-node: errors that reach the final handler: captured with express@4, not with Velox (known difference)', {
	skip: projects.skip,
}, async (t) => {
	const trees = await both();
	for (const i of [3, 4]) {
		const label = requests[i].method + ' ' + requests[i].path;
		assert.equal(trees.express[i].filter(isError).length, 1, label + ': express@4 captures the error');
		assert.deepEqual(trees.velox[i].filter(isError), [], label + ': Velox does not (yet): if it does now, assert the same errors as express@4');
	}
	t.diagnostic('missing: Velox does not call the finalhandler package, which Elastic hooks to capture errors that reach the final handler');
});
