// The test tiers, defined here and only here (README, "Tests"):
// - quick (`npm run test:quick`): the unit and differential tests, without coverage, on the built
//   tests of an incremental `tsc -p tsconfig.json`. For a contributor's loop: under a minute.
// - full (`npm test`, what CI runs): every file under coverage, then the indexed re-run.
// - lines (`npm run test:lines`, CI after `npm test`): the built tests again on each other tested
//   node line, but the files whose result does not depend on the node line (`lineIndependent`).
// A test file belongs to the full tier only when it needs what the quick loop cannot afford: a
// packed and installed package, another node line, a browser, a Redis server, h2load, an APM agent
// or a second test runner, or a long randomised or timed run. Each rule below says which.
// `node scripts/test-tiers.js quick [--list]` runs (or lists) the quick tier's files.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** Files of the full tier only, by name, each with what makes it slow. */
const FULL_ONLY = [
	[/^apm\./, 'loads the real APM agents, each in child processes'],
	[/^types\.(pack|augment|definitelytyped|esm|compile)/, 'packs and installs the package, or runs the TypeScript compiler over whole projects'],
	[/^toolchain\./, 'runs other test runners (Jest 26 and current) in child processes'],
	[/^node-lines\./, 'packs and installs, and checks the other node lines'],
	[/^package\.(layout|line5)\./, 'packs the package'],
	[/^esm\./, 'loads the built package through node’s ESM loader in child processes'],
	[/^cluster\./, 'starts a Redis server and a cluster of processes'],
	[/^demo\.browser\./, 'drives Chromium'],
	[/^http2\.gc-regime\./, 'loads a server with h2load and reads its GC trace'],
	[/^bench-/, 'runs the benchmark suite’s scenarios'],
	[/^docs\./, 'reads every document and runs its code blocks against the built package'],
	[/^compat\.(load-bearing|deep-paths)/, 'loads the built package (lib/) under the names agents and tools resolve, which the quick loop does not build'],
];

/**
 * Files `npm run test:lines` leaves out unless given --full: they only pack, install and run the
 * TypeScript compiler, so their result does not depend on the node line, and they cost a large share
 * of a line's time. package.layout and package.line5 pack too, but then load the installed package
 * (through require and import) on the line: they run on each line.
 */
const LINE_INDEPENDENT = /^types\.pack/;

/** Whether `file` (a test file's name) is left out of the other node lines' runs. */
function lineIndependent(file) {
	return LINE_INDEPENDENT.test(file);
}

/** Why `file` (a test file's name) is in the full tier only; undefined for a quick one. */
function fullOnlyReason(file) {
	const rule = FULL_ONLY.find(([pattern]) => pattern.test(file));
	return rule === undefined ? undefined : rule[1];
}

/** The quick tier's files in `dir` (the built tests). */
function quickFiles(dir) {
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.test.js') && fullOnlyReason(file) === undefined)
		.sort()
		.map((file) => path.join(dir, file));
}

module.exports = { FULL_ONLY, fullOnlyReason, lineIndependent, quickFiles };

if (require.main === module) {
	const [tier, ...rest] = process.argv.slice(2);
	if (tier !== 'quick') {
		console.error('usage: node scripts/test-tiers.js quick [--list]');
		process.exit(2);
	}
	const files = quickFiles(path.join(__dirname, '..', 'build', 'test'));
	if (rest.includes('--list')) {
		for (const file of files) console.log(path.basename(file));
		process.exit(0);
	}
	const result = spawnSync(process.execPath, ['--test', '--test-reporter=dot', '--test-concurrency=2', '--test-timeout=60000', ...files], { stdio: 'inherit' });
	process.exit(result.status ?? 1);
}
