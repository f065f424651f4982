/**
 * The README's promises to a newcomer: exactly two set-up commands, the ones `npm start`/`npm
 * test` and CI really run. Its links and its list of differences: docs.in-step.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

test('the README gives exactly two set-up commands: npm install && npm start, npm install && npm test', () => {
	const commands = readme.split('\n').filter((line) => /^\s*npm install\b/.test(line));
	assert.deepEqual(
		commands.map((line) => line.trim()),
		['npm install && npm start', 'npm install && npm test'],
	);
});

test('npm start serves the demo app; .ci/run runs the README test command, then the other node lines', () => {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
	assert.match(pkg.scripts.start, /node examples\/demo\/server\.js$/);
	assert.ok(fs.existsSync(path.join(ROOT, 'examples', 'demo', 'server.js')));
	const ci = fs
		.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8')
		.trim()
		.split('\n');
	assert.deepEqual(ci.slice(-2), ['npm install && npm test || exit', 'npm run test:lines']);
});
