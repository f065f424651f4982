/**
 * The packed package, installed as `express`, loads and serves through the newest jest
 * (`testEnvironment: 'node'`). jest 26: toolchain.jest26.test.ts. Skips, saying why, without npm
 * or without the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { installed, jestProject, runJest } from './toolchain.jest.helpers';
import { npmUnavailable } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-jest-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('a small app loads and runs through the newest jest (testEnvironment node), installed as express', { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const project = jestProject(work, 'velox-jest', 'jest@latest');
	if (!project.dir) return t.skip(project.unreachable);
	assert.equal(installed(project.dir, 'express').name, 'velox', 'node_modules/express is Velox');
	const app = runJest(project.dir, 'app.test.js');
	assert.equal(app.status, 0, 'jest ' + installed(project.dir, 'jest').version + ': ' + app.output);
	assert.match(app.output, /Tests:\s+2 passed, 2 total/);
	t.diagnostic('jest ' + installed(project.dir, 'jest').version);
});
