/**
 * The test tiers (scripts/test-tiers.js, README "Set up on a fresh machine"): a file in the quick
 * tier uses none of the slow parts the tier leaves out (packing and installing, the agents, a
 * browser, servers), so `npm run test:quick` stays a loop.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { packageRoot } from './helpers/package-root';

const root = packageRoot();
const tiers = require(path.join(root, 'scripts', 'test-tiers.js')) as {
	slowGroup(name: string): { name: string; why: string } | undefined;
	lineIndependent: RegExp;
};

/** What marks a slow part in a test's source: the helpers that pack and install, spawn npm, start agents, browsers or servers. */
const SLOW_PARTS = [/fixture-cache/, /cleanProject/, /npmUnavailable/, /helpers\/apm/, /'npm'/, /chromium/i, /redis-server/, /h2load/];

// This file names the parts, so it is left out of its own check.
const testFiles = readdirSync(path.join(root, 'test')).filter((file) => file.endsWith('.test.ts') && file !== 'codebase.test-tiers.test.ts');

describe('test tiers', () => {
	test('no quick test file uses a part the quick tier leaves out', () => {
		const offending = testFiles
			.filter((file) => tiers.slowGroup(file) === undefined)
			.filter((file) => SLOW_PARTS.some((part) => part.test(readFileSync(path.join(root, 'test', file), 'utf8'))));
		assert.deepEqual(offending, []);
	});

	test('the slow tier is a minority, and names its files by their concern', () => {
		const slow = testFiles.filter((file) => tiers.slowGroup(file) !== undefined);
		assert.ok(slow.length > 10 && slow.length < testFiles.length / 2, `${slow.length} of ${testFiles.length} slow`);
		assert.equal(tiers.slowGroup('res.send.test.ts'), undefined);
		assert.equal(tiers.slowGroup('types.pack.test.ts')?.name, 'pack');
		assert.equal(tiers.slowGroup('package.line5.test.ts')?.name, 'pack');
		assert.equal(tiers.lineIndependent.test('types.pack-old.test.js'), true);
		assert.equal(tiers.lineIndependent.test('res.send.test.js'), false);
	});
});
