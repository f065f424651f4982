// The test tiers, named in this one place: package.json's test scripts and scripts/test-lines.js
// read them from here.
//
// - quick: every test file but the slow ones below; `npm run test:quick` builds incrementally,
//   lints and runs them without coverage, in well under a minute on two cores. For a change to one
//   module, before `npm test`.
// - slow: the files that `slow` lists, each group with why: they pack and install the package,
//   run the TypeScript compiler over whole programs, start real APM agents or a second Node line,
//   or need a browser, redis-server or h2load.
// - full: every test file, what `npm test` runs (under c8), then `indexed`.
// - indexed: the router, app and req files again with the route index forced on at every stack size
//   (`--require` of build/test/helpers/indexed-routing.js).
// - line5: the real-middleware files again with Express 5's line in force (`--require` of
//   build/test/helpers/line5.js): their helpers compare with the line's express, so there they
//   check Velox 5 against express@5. (The v5.*.test.ts files are in every tier already.)
// - report: the real-middleware and app-level files again with the migration report on
//   (VELOX_MIGRATION_REPORT set to a file in the temporary folder): recording never changes what
//   the app gets, so they pass as they do with it off.
//
// A new test file is quick unless a rule of `slow` names it: a file that packs or installs the
// package, spawns another node line or a system program, or takes more than a few seconds of CPU
// by itself belongs in `slow` (add its name to a group, or a group with its reason).
//
// `node scripts/test-tiers.js TIER [--list] [node --test options...]` runs (or lists) a tier's built
// files (build/test/*.test.js of test/*.test.ts; a file whose source is gone is not run).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');

/** The slow test files by group: a name pattern (of test/*.test.ts, without the folder) and why. */
const slow = [
	{
		name: 'pack',
		files: /^(types\.pack.*|package\.(layout|line5)|node-lines|toolchain\.jest.*)\.test\.ts$/,
		why: 'packs the package and installs it with npm into a clean project, then runs tsc or jest there',
	},
	{
		name: 'apm',
		files: /^apm\..*\.test\.ts$/,
		why: 'the packed package under real APM agents (dd-trace, Elastic, New Relic, OpenTelemetry), on this node and on Node 22',
	},
	{
		name: 'frameworks',
		files: /^compat\.nest11-v5\.test\.ts$/,
		why: 'a NestJS 11 app (test/fixtures/nest11, installed once into a cache folder) on express@5 and on the packed Velox 5, in child processes, and type-checked with tsc',
	},
	{
		name: 'compiler',
		files: /^types\.(compile|augment|esm|definitelytyped)\.test\.ts$/,
		why: 'type-checks whole programs with the TypeScript compiler (skipLibCheck false): 5-15 s of CPU per file',
	},
	{
		name: 'docs',
		files: /^docs\.code-blocks\.test\.ts$/,
		why: 'runs every code block of README.md and docs/ in its own node process and type-checks the TypeScript ones',
	},
	{
		name: 'bench',
		files: /^bench-scenarios\.test\.ts$/,
		why: "the benchmark's apps (raw node, fastify, Velox) against express@4 over every path they cycle through",
	},
	{
		name: 'external',
		files: /^(demo\.browser|cluster|http2\.gc-regime)\.test\.ts$/,
		why: 'needs a system program: Chromium, redis-server, h2load (skipped, saying so, without it)',
	},
];

/** Files whose result does not depend on the node line: scripts/test-lines.js leaves them out unless --full. */
const lineIndependent = /^types\.pack/;

/** The files `indexed` runs again with the route index forced on. */
const indexed = /^(router|app|req)\..*\.test\.ts$/;

/**
 * The files `line5` runs again as Velox 5: the middleware suites whose builders take the framework
 * (test/helpers/compat.ts compares with the line's express), the security files, written for both
 * lines (the line's express as the oracle, test/helpers/line-syntax.ts for what differs), and the
 * features beyond Express (HTTP/2, inject, signals, SSE, shutdown, timeouts, tracing, WebSockets). Files that import express@4 itself (the deep-paths and
 * load-bearing ones, which read Express 4's internals) are not among them.
 */
const line5 =
	/^(compat\.(compression|cookie-parser|cors|ejs|express-session|helmet|https|morgan|multer|passport)|security\..*|http2(\.adopt|\.headers)?|inject|request\.signal|sse|shutdown|timeout|tracing|ws\.(lazy|logging|routing|safety))\.test\.ts$/;

/** The files `report` runs again with the migration report on. */
const report =
	/^(compat\.(compression|cookie-parser|cors|ejs|express-session|helmet|https|morgan|multer|passport|deep-paths|deep-paths-async-errors|load-bearing)|app\..*|res\..*|router\..*|body\..*)\.test\.ts$/;

/** The preloads of the indexed and line5 runs, and the runner options every tier uses. */
const indexedPreload = ['--require', './build/test/helpers/indexed-routing.js'];
const line5Preload = ['--require', './build/test/helpers/line5.js'];
const runnerOptions = ['--test-reporter=spec', '--test-concurrency=2', '--test-timeout=120000'];

/** The slow group a test source name (`x.test.ts`) is in, or undefined. */
function slowGroup(name) {
	return slow.find((group) => group.files.test(name));
}

/** Every test file, as source names (`x.test.ts`), sorted. */
function testSources() {
	return fs
		.readdirSync(path.join(root, 'test'))
		.filter((name) => name.endsWith('.test.ts'))
		.sort();
}

/** The source names of a tier. */
function tierSources(tier) {
	const all = testSources();
	switch (tier) {
		case 'quick':
			return all.filter((name) => !slowGroup(name));
		case 'slow':
			return all.filter((name) => slowGroup(name));
		case 'full':
			return all;
		case 'indexed':
			return all.filter((name) => indexed.test(name));
		case 'line5':
			return all.filter((name) => line5.test(name));
		case 'report':
			return all.filter((name) => report.test(name));
		default:
			throw new Error(`unknown tier ${tier}: quick, slow, full, indexed, line5 or report`);
	}
}

/** A source name's built file, relative to the package root. */
function built(name) {
	return path.join('build', 'test', name.replace(/\.ts$/, '.js'));
}

/** The built files of a tier, relative to the package root. */
function tierFiles(tier) {
	return tierSources(tier).map(built);
}

function main(argv) {
	const [tier, ...rest] = argv;
	const list = rest.includes('--list');
	const extra = rest.filter((arg) => arg !== '--list');
	const files = tierFiles(tier);
	if (list) {
		for (const name of tierSources(tier)) {
			const group = slowGroup(name);
			console.log(group ? `${name}  (${group.name}: ${group.why})` : name);
		}
		return 0;
	}
	const missing = files.filter((file) => !fs.existsSync(path.join(root, file)));
	if (missing.length) {
		console.error(`test-tiers: not built: ${missing.join(', ')}; run \`npm run build && npm run build:test\` (or \`npm run test:quick\`) first`);
		return 1;
	}
	const preload = tier === 'indexed' ? indexedPreload : tier === 'line5' ? line5Preload : [];
	const args = ['--test', ...runnerOptions, ...preload, ...extra, ...files];
	const reportFile = path.join(os.tmpdir(), `velox-migration-report-${process.pid}.json`);
	const env = tier === 'report' ? { ...process.env, VELOX_MIGRATION_REPORT: reportFile } : process.env;
	const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
	fs.rmSync(reportFile, { force: true });
	if (run.error) throw run.error;
	return run.status ?? 1;
}

module.exports = {
	slow,
	slowGroup,
	lineIndependent,
	indexed,
	indexedPreload,
	line5,
	line5Preload,
	report,
	runnerOptions,
	testSources,
	tierSources,
	tierFiles,
	built,
};

if (require.main === module) process.exitCode = main(process.argv.slice(2));
