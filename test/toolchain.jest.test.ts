/**
 * The packed package, installed as `express` the way `"express": "npm:velox@…"` installs it, loads
 * and serves through jest 26.6.3 (`testEnvironment: node`, which resolves core modules only by their
 * bare names) and through the newest jest. One install holds both runners (jest 26 under an alias).
 * A control file requiring `node:path` proves the old runner here is one that fails on such
 * specifiers. Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, npmUnavailable } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-jest-'));
after(() => rmSync(work, { recursive: true, force: true }));

// The minimal reproduction, as a legacy Express 4 codebase writes it (with a supertest of
// jest 26's time: supertest 7 itself requires `node:` specifiers).
const appTest = `const express = require('express');
const request = require('supertest');
test('GET /', () => request(express().get('/', (q, s) => s.send('ok'))).get('/').expect(200, 'ok'));
test('json, params and the error path', async () => {
	const app = express();
	app.use(express.json());
	app.post('/users/:id', (req, res) => res.json({ id: req.params.id, body: req.body }));
	app.get('/boom', () => { throw new Error('boom'); });
	app.use((err, req, res, next) => res.status(500).send(err.message));
	await request(app).post('/users/7').send({ a: 1 }).expect(200, { id: '7', body: { a: 1 } });
	await request(app).get('/boom').expect(500, 'boom');
});
`;
const controlTest = `test('a node: specifier', () => { expect(typeof require('node:path').join).toBe('function'); });
`;

const jestConfig = "module.exports = { testEnvironment: 'node' };\n";
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function jest(dir: string, pattern: string): { status: number | null; output: string } {
	const run = spawnSync(process.execPath, [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--colors=false', pattern], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 120_000,
		env: { ...process.env, FORCE_COLOR: '0', CI: 'true' },
	});
	return { status: run.status, output: run.stdout + run.stderr };
}

function version(dir: string, name: string): string {
	return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

test('a small app loads and runs through jest 26.6.3 and the newest jest, installed as express', { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const project = cleanProject(
		work,
		'velox-jest',
		['jest@26.6.3', 'supertest@6.1.6'],
		{ 'app.test.js': appTest, 'control.spec.js': controlTest, 'jest.config.js': jestConfig },
		'express',
	);
	if (!project.dir) return t.skip(project.unreachable);
	const dir = project.dir;
	const installed = JSON.parse(readFileSync(join(dir, 'node_modules', 'express', 'package.json'), 'utf8')) as { name: string };
	assert.equal(installed.name, 'velox', 'node_modules/express is Velox');
	assert.equal(version(dir, 'jest'), '26.6.3');

	const old = jest(dir, 'app.test.js');
	assert.equal(old.status, 0, 'jest 26.6.3: ' + old.output);
	assert.match(old.output, /Tests:\s+2 passed, 2 total/);

	const control = jest(dir, 'control.spec.js');
	assert.notEqual(control.status, 0, 'jest 26.6.3 is expected to fail on a node: specifier: ' + control.output);
	assert.match(control.output, /node:path/);

	const nested = join(dir, 'newest');
	mkdirSync(nested);
	writeFileSync(join(nested, 'package.json'), JSON.stringify({ name: 'velox-jest-newest', version: '1.0.0', private: true }));
	writeFileSync(join(nested, 'jest.config.js'), jestConfig);
	writeFileSync(join(nested, 'app.test.js'), appTest);
	const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', 'jest@latest'], {
		cwd: nested,
		encoding: 'utf8',
		timeout: 480_000,
	});
	assert.equal(install.status, 0, install.stderr);
	const newest = jest(nested, 'app.test.js');
	assert.equal(newest.status, 0, 'jest ' + version(nested, 'jest') + ': ' + newest.output);
	assert.match(newest.output, /Tests:\s+2 passed, 2 total/);
	t.diagnostic('passed on jest 26.6.3 and jest ' + version(nested, 'jest'));
});
