/**
 * Shared by toolchain.jest26.test.ts and toolchain.jest.test.ts: a project with the packed package
 * installed as `express` (as `"express": "npm:velox@…"` installs it) and a jest, and the issue's
 * minimal reproduction as its test file. One install per file: each file has the runner's
 * per-file time budget to itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutCoverage } from './helpers/packed';
import { type CleanProject, cleanProject } from './types.helpers';

// The minimal reproduction, as a legacy Express 4 codebase writes it (with a supertest of
// jest 26's time: supertest 7 itself requires `node:` specifiers).
export const appTest = `const express = require('express');
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

/** A project with Velox as `express`, supertest 6 and `jest` (a version spec), the test files written. */
export function jestProject(work: string, name: string, jest: string, files: Record<string, string> = {}): CleanProject {
	return cleanProject(
		work,
		name,
		[jest, 'supertest@6.1.6'],
		{ 'app.test.js': appTest, 'jest.config.js': "module.exports = { testEnvironment: 'node' };\n", ...files },
		'express',
	);
}

export function installed(dir: string, name: string): { name: string; version: string } {
	return JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { name: string; version: string };
}

/** Runs the project's jest on the test files matching `pattern`. */
export function runJest(dir: string, pattern: string): { status: number | null; output: string } {
	const run = spawnSync(process.execPath, [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--colors=false', pattern], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 120_000,
		env: { ...withoutCoverage(), FORCE_COLOR: '0', CI: 'true' },
	});
	return { status: run.status, output: run.stdout + run.stderr };
}
