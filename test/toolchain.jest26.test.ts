/**
 * The packed package, installed as `express`, loads and serves through jest 26.6.3 with
 * `testEnvironment: 'node'`, a runner that resolves core modules only by their bare names (before
 * 27.1). A control file requiring `node:path` proves the runner here is one that fails on such
 * specifiers. The newest jest: toolchain.jest.test.ts. Skips, saying why, without npm or without
 * the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { installed, jestProject, runJest } from './toolchain.jest.helpers';
import { npmUnavailable } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-jest26-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('a small app loads and runs through jest 26.6.3 (testEnvironment node), installed as express', { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const project = jestProject(work, 'velox-jest26', 'jest@26.6.3', {
		'control.spec.js': "test('a node: specifier', () => { expect(typeof require('node:path').join).toBe('function'); });\n",
	});
	if (!project.dir) return t.skip(project.unreachable);
	assert.equal(installed(project.dir, 'express').name, 'velox', 'node_modules/express is Velox');
	assert.equal(installed(project.dir, 'jest').version, '26.6.3');

	const app = runJest(project.dir, 'app.test.js');
	assert.equal(app.status, 0, 'jest 26.6.3: ' + app.output);
	assert.match(app.output, /Tests:\s+2 passed, 2 total/);

	const control = runJest(project.dir, 'control.spec.js');
	assert.notEqual(control.status, 0, 'jest 26.6.3 is expected to fail on a node: specifier: ' + control.output);
	assert.match(control.output, /node:path/);
});
