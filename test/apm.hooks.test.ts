/**
 * What the agents' hooks need from the package installed as `express`, checked on the packed Velox
 * beside express@4 without running an agent (the apm.*.test.ts files run them):
 * - the folder name `express` (agents take the module's name from the path), a version in the
 *   4.x line (every agent's range: OpenTelemetry `>=4.0.0 <6`, dd-trace `>=4`, New Relic `>=4.15.0`,
 *   Elastic `>=4.0.0 <6`), and Express 4's module files loaded through node's loader when the
 *   app requires `express`, at the paths agents hook (dd-trace: lib/router/layer.js and
 *   lib/middleware/query.js; New Relic: lib/router/index.js and lib/response.js);
 * - New Relic 14's code transformer, run with New Relic's own express configuration (read from the
 *   installed agent, so a new agent release is checked as it is), finds a function to wrap in each
 *   file it rewrites; the assertion names what it looked for and in which file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { apmProjects, type Framework, type NodeLine, node22 } from './helpers/apm';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-hooks-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);
// As the file loads, not in a test: a first install is longer than a test's timeout.
const newest: NodeLine = projects.skip ? { skip: projects.skip } : node22();
const frameworks: Framework[] = ['express', 'velox'];

/** Express 4's modules that `require('express')` loads and agents hook or patch the exports of. */
const hookedModules = [
	'lib/express.js',
	'lib/application.js',
	'lib/request.js',
	'lib/response.js',
	'lib/router/index.js',
	'lib/router/layer.js',
	'lib/router/route.js',
	'lib/middleware/init.js',
	'lib/middleware/query.js',
];
/** Express 4's other modules: present, and loaded when required (Velox loads lib/utils.js lazily). */
const otherModules = ['lib/view.js', 'lib/utils.js'];

/** The package directory that `require('express')` resolves to from the app. */
function packageDir(framework: Framework): string {
	const app = projects.app![framework];
	return path.join(path.dirname(app), 'node_modules', 'express');
}

describe('what the agents hook', { skip: projects.skip }, () => {
	for (const framework of frameworks) {
		test(framework + ': folder `express`, a 4.x version in every agent range, Express 4 module files loaded by node', () => {
			const dir = packageDir(framework);
			const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
			const [major, minor] = manifest.version.split('.').map(Number);
			assert.equal(major, 4, 'version ' + manifest.version + ': the major every agent range accepts (>=4 <6, >=4)');
			assert.ok(minor >= 15, 'version ' + manifest.version + ': New Relic needs >=4.15.0');
			// A new require for the app's project: the app's own `require('express')`.
			const appRequire = createRequire(projects.app![framework]);
			const resolved = fs.realpathSync(appRequire.resolve('express'));
			assert.equal(resolved, path.join(fs.realpathSync(dir), 'index.js'), 'express resolves to the package folder named express');
			appRequire('express');
			const loaded = new Set(Object.keys(appRequire.cache).map((file) => fs.realpathSync(file)));
			const missing = hookedModules.filter((file) => !loaded.has(path.join(fs.realpathSync(dir), file)));
			assert.deepEqual(missing, [], 'Express 4 modules not loaded through node from their paths');
			for (const file of otherModules) {
				assert.ok(appRequire('express/' + file.slice(0, -3)), 'express/' + file + ' loads');
				assert.ok(
					Object.keys(appRequire.cache).some((loadedFile) => fs.realpathSync(loadedFile) === path.join(fs.realpathSync(dir), file)),
					file + ' from its path',
				);
			}
		});
	}

	test('New Relic 14: its code transformer finds what it wraps in lib/router/index.js and lib/response.js', (t) => {
		const line = newest;
		if (line.skip) return t.skip(line.skip);
		const agentRequire = createRequire(path.join(line.modules!, 'node_modules', 'newrelic', 'package.json'));
		interface Instrumentation {
			channelName: string;
			module: { name: string; versionRange: string; filePath: string };
			functionQuery: Record<string, string>;
		}
		const config = agentRequire('./lib/subscribers/express/config.js') as { express: { instrumentations: Instrumentation[] }[] };
		const instrumentations = config.express.flatMap((subscriber) => subscriber.instrumentations);
		assert.ok(instrumentations.length >= 4, 'New Relic instruments express through its transformer');
		const transformer = agentRequire('@apm-js-collab/code-transformer') as {
			create(configs: Instrumentation[]): {
				getTransformer(name: string, version: string, file: string): { transform(code: string, type: 'cjs'): { code: string } } | undefined;
			};
		};
		for (const framework of frameworks) {
			const dir = packageDir(framework);
			const version = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
			for (const instrumentation of instrumentations) {
				const { filePath, versionRange } = instrumentation.module;
				const what = framework + ' ' + version + ', ' + filePath + ', ' + JSON.stringify(instrumentation.functionQuery);
				const file = path.join(dir, filePath);
				assert.ok(fs.existsSync(file), what + ': the file is missing');
				const matcher = transformer.create([instrumentation]);
				const transform = matcher.getTransformer('express', version, filePath);
				assert.ok(transform, what + ': the version is outside ' + versionRange);
				let code = '';
				assert.doesNotThrow(() => {
					code = transform.transform(fs.readFileSync(file, 'utf8'), 'cjs').code;
				}, what + ': nothing to wrap');
				assert.ok(code.includes(instrumentation.channelName), what + ': the rewritten file publishes on ' + instrumentation.channelName);
			}
		}
	});
});
