/**
 * The test tiers (scripts/test-tiers.js, README "Set up on a fresh machine"): a file in the quick
 * tier uses none of the slow parts the tier leaves out, so `npm run test:quick` stays a loop.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { packageRoot } from './helpers/package-root';

const root = packageRoot();
const tiers = require(path.join(root, 'scripts', 'test-tiers.js')) as {
	fullOnlyReason(file: string): string | undefined;
	lineIndependent(file: string): boolean;
};

/** What marks a slow part in a test's source: the helpers that pack and install, spawn npm, start agents, browsers or servers. */
const SLOW_PARTS = [/fixture-cache/, /cleanProject/, /npmUnavailable/, /helpers\/apm/, /'npm'/, /chromium/i, /redis-server/, /h2load/];

// This file names the parts, so it is left out of its own check.
const testFiles = readdirSync(path.join(root, 'test')).filter((file) => file.endsWith('.test.ts') && file !== 'codebase.test-tiers.test.ts');

describe('test tiers', () => {
	test('no quick test file uses a part the quick tier leaves out', () => {
		const offending = testFiles
			.filter((file) => tiers.fullOnlyReason(file.replace(/\.ts$/, '.js')) === undefined)
			.filter((file) => SLOW_PARTS.some((part) => part.test(readFileSync(path.join(root, 'test', file), 'utf8'))));
		assert.deepEqual(offending, []);
	});

	test('each full-only rule names at least one file, and the quick tier keeps most of them', () => {
		const full = testFiles.filter((file) => tiers.fullOnlyReason(file.replace(/\.ts$/, '.js')) !== undefined);
		assert.ok(full.length > 10 && full.length < testFiles.length / 2, `${full.length} of ${testFiles.length} in the full tier only`);
		assert.equal(tiers.fullOnlyReason('res.send.test.js'), undefined);
		assert.match(tiers.fullOnlyReason('types.pack.test.js') ?? '', /packs/);
		assert.equal(tiers.lineIndependent('types.pack-old.test.js'), true);
		assert.equal(tiers.lineIndependent('res.send.test.js'), false);
	});
});
