// Frameworks built on Express 4, run through their own test suites (jest or mocha) twice: once on the express@4 their
// lockfile pins, once with `express` replaced by the packed Velox. Prints pass/fail counts per run and
// every test whose outcome differs. Slow (installs, two full suites): never part of `npm test`.
//
//   npm run build && node bench/corpus.js [--projects json-server,routing-controllers]
//       [--source NAME=GIT] [--work DIR] [--keep] [--runtime-only]
//
// Sources come from git at pinned commits (npm tarballs of these projects ship no tests). GIT is a
// bare or normal git directory holding that commit (a local mirror) or a clone URL; the default is
// the project's public repository. Dev dependencies are installed with `npm ci --ignore-scripts`
// from the project's own lockfile. A project whose source or install is unavailable is skipped with
// the reason; the script exits non-zero only when a test passes on express@4 and fails on Velox.
// --runtime-only turns off a project's type-checking of its tests where its runner allows
// (express-openapi-validator's ts-node), to see its runtime results where the types differ.
// Run one instance at a time: these suites listen on fixed ports.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, run, tail, checkout, suite, count, compare } = require('./lib/suite-runs');

const PROJECTS = {
	'json-server': {
		version: '0.17.4',
		repo: 'https://github.com/typicode/json-server.git',
		commit: '78ea71375666d49145734689c097654c54f90686',
		// Its CLI tests spawn the babel-built lib/.
		prepare: [['npx', ['--no-install', 'babel', 'src', '-d', 'lib']]],
		runner: 'jest',
		args: [],
		env: { NODE_ENV: 'test' },
	},
	'routing-controllers': {
		version: '0.11.3',
		repo: 'https://github.com/typestack/routing-controllers.git',
		commit: '4cb8880050baeb40c0f96e019db5f4566be86baa',
		prepare: [],
		// Types for one koa-only test file; some registries lack this tarball, and npm ci then fails.
		droppable: ['@types/koa__ejs'],
		// The suite starts servers on fixed ports: one file at a time, as its own `npm test` does.
		runner: 'jest',
		args: ['--runInBand'],
		env: {},
	},
	'express-openapi-validator': {
		version: '5.6.2',
		repo: 'https://github.com/cdimascio/express-openapi-validator.git',
		commit: '413e43cde9a78c351c14ae8a7411c9972c4280e4',
		// Its lockfile pins express 5; its test:with-express4 script installs express@4 as a devDependency (tests read the major from there).
		prepare: [['npm', ['install', '--save-dev', '--ignore-scripts', '--no-audit', '--no-fund', 'express@4']]],
		runner: 'mocha',
		// Its `npm test` (ts-node type-checks the tests and the source).
		args: ['-r', 'source-map-support/register', '-r', 'ts-node/register', '--files', '--recursive'],
		spec: ['test/**/*.spec.ts', 'test/*.spec.ts'],
		env: {},
		// --runtime-only: ts-node without type-checking, to compare behaviour where the types differ.
		runtimeOnlyEnv: { TS_NODE_TRANSPILE_ONLY: 'true' },
	},
};

function parse(argv) {
	const options = { projects: Object.keys(PROJECTS), sources: {}, work: null, keep: false, runtimeOnly: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--projects') options.projects = argv[++i].split(',').filter(Boolean);
		else if (arg === '--source') {
			const [name, ...rest] = argv[++i].split('=');
			options.sources[name] = rest.join('=');
		} else if (arg === '--work') options.work = path.resolve(argv[++i]);
		else if (arg === '--keep') options.keep = true;
		else if (arg === '--runtime-only') options.runtimeOnly = true;
		else throw new Error(`unknown argument ${arg}`);
	}
	for (const name of options.projects) if (!PROJECTS[name]) throw new Error(`unknown project ${name} (known: ${Object.keys(PROJECTS).join(', ')})`);
	return options;
}

function pack(work) {
	if (!fs.existsSync(path.join(ROOT, 'lib', 'express.js'))) return 'lib/ is not built: run `npm run build` first';
	const result = run('npm', ['pack', '--silent', '--pack-destination', work], ROOT);
	if (!result.ok) return `npm pack failed: ${tail(result.output, 5)}`;
	return path.join(work, result.output.trim().split('\n').pop().trim());
}

function runProject(name, options, tarball) {
	const project = { ...PROJECTS[name] };
	if (options.runtimeOnly) project.env = { ...project.env, ...project.runtimeOnlyEnv };
	const base = path.join(options.work, name);
	const dir = path.join(base, 'src');
	fs.rmSync(base, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const title = `${name}@${project.version} (${project.commit.slice(0, 12)})`;
	console.log(`\n## ${title}`);
	const skip = (reason) => {
		console.log(`SKIPPED: ${reason}`);
		return { name, skipped: reason };
	};
	const missing = checkout(options.sources[name] || project.repo, project.commit, dir);
	if (missing) return skip(missing);
	let result = run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
	if (!result.ok && project.droppable) {
		console.log(`npm ci failed; retrying without ${project.droppable.join(', ')} (npm install, the lockfile's versions otherwise)`);
		for (const dep of project.droppable) run('npm', ['pkg', 'delete', `devDependencies.${dep}`], dir);
		result = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
	}
	if (!result.ok) return skip(`npm ci failed: ${tail(result.output, 5)}`);
	for (const [cmd, args] of project.prepare) {
		result = run(cmd, args, dir);
		if (!result.ok) return skip(`${cmd} ${args.join(' ')} failed: ${tail(result.output, 5)}`);
	}
	const expressVersion = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'express', 'package.json'), 'utf8')).version;
	const baseline = suite(project, dir, 'express4');
	if (typeof baseline === 'string') return skip(baseline);
	result = run('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `express@file:${tarball}`], dir);
	if (!result.ok) return skip(`installing Velox failed: ${tail(result.output, 5)}`);
	const installed = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'express', 'package.json'), 'utf8'));
	if (installed.name !== 'velox') throw new Error(`node_modules/express is ${installed.name}, not velox`);
	let velox = suite(project, dir, 'velox');
	const didNotRun = typeof velox === 'string';
	if (typeof velox === 'string') {
		// The suite ran on express@4, so not running on Velox loses every test.
		console.log(`The suite did not run on Velox: ${velox}`);
		velox = new Map();
	}

	const a = count(baseline);
	const b = count(velox);
	console.log(`express@${expressVersion}: ${a.passed} passed, ${a.failed} failed${a.other ? `, ${a.other} skipped/todo` : ''} of ${baseline.size}`);
	console.log(`velox@${installed.version}: ${b.passed} passed, ${b.failed} failed${b.other ? `, ${b.other} skipped/todo` : ''} of ${velox.size}`);
	const changed = compare(baseline, velox);
	let lost = changed.lost;
	const gained = changed.gained.map((key) => `${key} (${baseline.get(key) || 'absent'} on express@4)`);
	// Timing-bound tests (file watchers, fixed timeouts) fail now and then on either Express under load:
	// a test lost on Velox counts only if its file fails it again on a second run.
	if (lost.length > 0 && !didNotRun) {
		const files = [...new Set(lost.map((key) => key.split(' > ')[0]))];
		const again = suite(project, dir, 'velox-rerun', files);
		const flaky = typeof again === 'string' ? [] : lost.filter((key) => again.get(key) === 'passed');
		for (const key of flaky) console.log(`  failed on Velox, passed on its second run (timing): ${key}`);
		lost = lost.filter((key) => !flaky.includes(key)).map((key) => `${key} (${velox.get(key) || 'absent'} on Velox)`);
	}
	if (didNotRun) console.log(`  passes on express@4 only: all ${lost.length} of its passing tests (the suite did not run on Velox)`);
	else for (const key of lost) console.log(`  passes on express@4 only: ${key}`);
	for (const key of gained) console.log(`  passes on Velox only: ${key}`);
	for (const [key, status] of baseline) if (status === 'failed' && velox.get(key) !== 'passed') console.log(`  fails on both: ${key}`);
	return { name, expressVersion, baseline: a, velox: b, lost: lost.length, gained: gained.length };
}

function main() {
	const options = parse(process.argv.slice(2));
	const created = !options.work;
	options.work = options.work || fs.mkdtempSync(path.join(os.tmpdir(), 'velox-corpus-'));
	fs.mkdirSync(options.work, { recursive: true });
	const tarball = pack(options.work);
	if (!tarball.endsWith('.tgz')) {
		console.log(`SKIPPED: ${tarball}`);
		return;
	}
	console.log(`Velox packed: ${path.basename(tarball)}; work directory: ${options.work}`);
	const results = options.projects.map((name) => runProject(name, options, tarball));
	console.log('\n## Summary');
	for (const r of results) {
		if (r.skipped) console.log(`${r.name}: skipped (${r.skipped.split('\n')[0]})`);
		else
			console.log(
				`${r.name}: express@${r.expressVersion} ${r.baseline.passed}/${r.baseline.passed + r.baseline.failed}, Velox ${r.velox.passed}/${r.velox.passed + r.velox.failed}; ${r.lost} lost, ${r.gained} gained`,
			);
	}
	if (created && !options.keep) fs.rmSync(options.work, { recursive: true, force: true });
	if (results.some((r) => r.lost > 0)) process.exitCode = 1;
}

main();
