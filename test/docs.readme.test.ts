/**
 * The README's promises to a newcomer: exactly two set-up commands, the ones `npm start`/`npm
 * test` and CI really run; and every relative link in the README and docs/ points at a file.
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

test('relative links in README.md and docs/*.md point at files that exist (docs/api/ pages excepted until they land)', () => {
	const files = [
		path.join(ROOT, 'README.md'),
		...fs
			.readdirSync(path.join(ROOT, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => path.join(ROOT, 'docs', name)),
	];
	const broken: string[] = [];
	let checked = 0;
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
			const target = match[1].split('#')[0];
			if (target === '' || /^[a-z]+:/i.test(target)) continue;
			const resolved = path.resolve(path.dirname(file), target);
			// The API pages are written in other branches: a missing one is skipped until they land.
			if (path.relative(ROOT, resolved).startsWith(path.join('docs', 'api') + path.sep) && !fs.existsSync(resolved)) continue;
			checked++;
			if (!fs.existsSync(resolved)) broken.push(`${path.relative(ROOT, file)}: ${match[1]}`);
		}
	}
	assert.ok(checked > 10, `only ${checked} links checked`);
	assert.deepEqual(broken, []);
});
