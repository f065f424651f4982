// Running other projects' test suites against express and against the packed Velox: what
// bench/corpus.js (frameworks built on Express) and bench/upstream.js (Express's own suites) share.
// Sources are extracted from git at pinned commits, suites run with their own runner (jest or mocha)
// and a JSON report, and two runs are compared test for test.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');

/** Runs a command; `ok`, `status` and its whole output. */
function run(cmd, args, cwd, env = {}) {
	const result = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
	return { ok: result.status === 0, status: result.status, output: `${result.stdout || ''}${result.stderr || ''}${result.error ? result.error.message : ''}` };
}

/** The last lines of a command's output. */
function tail(text, lines = 15) {
	return text.trim().split('\n').slice(-lines).join('\n');
}

/**
 * Extracts `commit` into `dir` from a local git directory or a shallow fetch of a URL; null when
 * done, else why not.
 */
function checkout(source, commit, dir) {
	let gitDir = source;
	if (!fs.existsSync(source)) {
		const clone = path.join(dir, '..', 'clone');
		fs.rmSync(clone, { recursive: true, force: true });
		let result = run('git', ['init', '-q', '--bare', clone], dir);
		if (result.ok) result = run('git', ['--git-dir', clone, 'fetch', '-q', '--depth', '1', source, commit], dir);
		if (!result.ok) return `cannot fetch ${commit} from ${source}: ${tail(result.output, 3)}`;
		gitDir = clone;
	}
	const archive = spawnSync('git', ['--git-dir', gitDir, 'archive', commit], { maxBuffer: 512 * 1024 * 1024 });
	if (archive.status !== 0) return `${source} has no commit ${commit}: ${String(archive.stderr).trim()}`;
	const untar = spawnSync('tar', ['x', '-C', dir], { input: archive.stdout });
	if (untar.status !== 0) return `tar failed: ${String(untar.stderr).trim()}`;
	return null;
}

/**
 * Runs a project's jest or mocha (`project.runner`, `args`, `spec`, `env`) in `dir` with a JSON
 * report; a Map of "file > full name" to passed, failed or pending/skipped/todo, or a string
 * saying why there is no report.
 */
function suite(project, dir, label, files = []) {
	const out = path.join(dir, '..', `${label}.json`);
	fs.rmSync(out, { force: true });
	const args =
		project.runner === 'mocha'
			? ['mocha', ...project.args, '--reporter', 'json', '--reporter-option', `output=${out}`, ...(files.length ? files : project.spec)]
			: ['jest', ...project.args, '--json', `--outputFile=${out}`, ...files];
	const result = run('npx', ['--no-install', ...args], dir, project.env);
	// Older mochas ignore `output` and print the report: it is the last JSON object that starts a line.
	const printed = `\n${result.output}`.lastIndexOf('\n{\n  "stats"');
	if (!fs.existsSync(out) && project.runner === 'mocha' && printed !== -1)
		fs.writeFileSync(out, result.output.slice(printed, result.output.lastIndexOf('\n}') + 2));
	if (!fs.existsSync(out)) return `${project.runner} wrote no report: ${tail(result.output)}`;
	const report = JSON.parse(fs.readFileSync(out, 'utf8'));
	const tests = new Map();
	const add = (file, name, status) => {
		// Some suites repeat a test's name in one file: number the repeats so each is counted.
		let key = `${path.relative(dir, file)} > ${name}`;
		for (let n = 2; tests.has(key); n++) key = `${path.relative(dir, file)} > ${name} #${n}`;
		tests.set(key, status);
	};
	if (project.runner === 'mocha') {
		for (const [list, status] of [
			[report.passes, 'passed'],
			[report.failures, 'failed'],
			[report.pending, 'pending'],
		])
			for (const test of list) add(test.file || '', test.fullTitle, status);
		return tests;
	}
	for (const file of report.testResults) {
		// A suite that fails to load or compile reports no assertions: count it as one failure.
		if (file.assertionResults.length === 0 && file.status === 'failed') add(file.name, '(suite failed to run)', 'failed');
		for (const test of file.assertionResults) add(file.name, test.fullName, test.status);
	}
	return tests;
}

/** Passed, failed and other (pending, skipped, todo) counts of a suite's run. */
function count(tests) {
	const counts = { passed: 0, failed: 0, other: 0 };
	for (const status of tests.values()) counts[status in counts ? status : 'other']++;
	return counts;
}

/** The tests that pass in `baseline` and not in `other` (lost), and the reverse (gained). */
function compare(baseline, other) {
	const lost = [];
	const gained = [];
	for (const key of new Set([...baseline.keys(), ...other.keys()])) {
		const before = baseline.get(key) || 'absent';
		const after = other.get(key) || 'absent';
		if (before === 'passed' && after !== 'passed') lost.push(key);
		else if (before !== 'passed' && after === 'passed') gained.push(key);
	}
	return { lost, gained };
}

/** One line of counts: "name: P passed, F failed, S skipped/todo of N". */
function describeCounts(name, tests) {
	const c = count(tests);
	return `${name}: ${c.passed} passed, ${c.failed} failed${c.other ? `, ${c.other} skipped/todo` : ''} of ${tests.size}`;
}

module.exports = { ROOT, run, tail, checkout, suite, count, compare, describeCounts };
