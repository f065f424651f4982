// Express's own test suites (express, body-parser, serve-static; on line 5 also router, Express 5's
// router 2) at their release tags, run three times each: on the tag's own code, on the real express
// of the line (the repository's development dependency: `express` for line 4, `express5` for line
// 5, and the body-parser, serve-static and router that express installs), and on the packed Velox of
// that line. Velox stands in for the module under test the way an app meets it: the checkout's
// `index.js` (and the files the tests reach into, such as express's `lib/utils.js`) is replaced by a
// one-line module that requires it (for router: Velox 5 loaded, then the `router` it bundles,
// required from Velox's folder). Prints the counts of each run and every test whose outcome differs
// between the real express and Velox. Slow (a clone and an install per suite); never part of `npm test`.
//
//   npm run build && node bench/upstream.js [--line 4|5] [--suites express,body-parser,serve-static,router]
//       [--source NAME=GIT] [--work DIR] [--keep]
//
// GIT is a bare or normal git directory holding the pinned commit (a local mirror), or a clone URL;
// the default is the project's public repository. The script exits non-zero when a test passes on
// the real express and fails on Velox. Run one instance at a time.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, run, tail, checkout, suite, compare, describeCounts } = require('./lib/suite-runs');

const MOCHA = { runner: 'mocha', env: { NODE_ENV: 'test', NO_DEPRECATION: 'body-parser,express' } };

/**
 * Per line: the development dependency that is the real express, and each suite: its repository
 * and pinned commit, its mocha arguments as its `npm test` has them (without --bail, so that every
 * test runs), the files left out and why, and the stand-ins (file -> what it exports, given the
 * module to stand for: Velox's root, or the real express's).
 */
const LINES = {
	4: {
		oracle: 'express',
		pack: () => packRoot,
		suites: {
			express: {
				tag: 'v4.22.2',
				repo: 'https://github.com/expressjs/express.git',
				commit: 'df0abc9333a3398b97b71f6ea7cd77d5ea3e9f97',
				args: ['--require', 'test/support/env', '--check-leaks'],
				spec: ['test/', 'test/acceptance/'],
				standIns: (root) => ({ 'index.js': `require(${q(root)})`, 'lib/utils.js': `require(${q(path.join(root, 'lib', 'utils'))})` }),
			},
			'body-parser': {
				tag: '1.20.6',
				repo: 'https://github.com/expressjs/body-parser.git',
				commit: '5cc4fb8867c93a3aa4455927e38858c9ab89ff43',
				args: ['--require', 'test/support/env', '--check-leaks'],
				// test/body-parser.js tests body-parser's deprecated generic `bodyParser()`, which express does not export.
				spec: ['test/json.js', 'test/raw.js', 'test/text.js', 'test/urlencoded.js'],
				standIns: (root, asVelox) => ({ 'index.js': asVelox ? parsersOf(root) : `require(${q(root)})` }),
			},
			'serve-static': {
				tag: 'v1.16.3',
				repo: 'https://github.com/expressjs/serve-static.git',
				commit: '9acad22498aa5f95b6e887eae1ab9eae63657d8a',
				args: ['--check-leaks'],
				spec: ['test/'],
				standIns: (root, asVelox) => ({ 'index.js': asVelox ? `require(${q(root)}).static` : `require(${q(root)})` }),
			},
		},
	},
	5: {
		oracle: 'express5',
		pack: () => packLine(5),
		suites: {
			// express@5.3.0 has no tag in the repository: its suite is master's after v5.2.1 (v5.2.1's own suite
			// fails 21 tests on express@5.3.0, the changes of 5.3.0: bench/README.md).
			express: {
				tag: 'master a3714473',
				repo: 'https://github.com/expressjs/express.git',
				commit: 'a3714473feb3d2908add734d340e7755fd85e0a3',
				args: ['--require', 'test/support/env', '--check-leaks'],
				spec: ['test/', 'test/acceptance/'],
				standIns: (root) => ({ 'index.js': `require(${q(root)})`, 'lib/utils.js': `require(${q(path.join(root, 'lib', 'utils'))})` }),
			},
			// body-parser 2.4.0 (what express@5.3.0 installs) has no tag in the repository: its suite is master's
			// after v2.3.0 (zstd bodies included), the newest commit there.
			'body-parser': {
				tag: 'master b1f3d588',
				repo: 'https://github.com/expressjs/body-parser.git',
				commit: 'b1f3d588c5dca4b3a4ca7d5d3765c9129118926a',
				args: ['--check-leaks'],
				// test/body-parser.js tests the module's own `bodyParser()` (which only throws) and test/utils.js its
				// internal lib/utils.js: neither is express's interface.
				spec: ['test/json.js', 'test/raw.js', 'test/text.js', 'test/urlencoded.js'],
				standIns: (root, asVelox) => ({ 'index.js': asVelox ? parsersOf(root) : `require(${q(root)})` }),
			},
			'serve-static': {
				tag: 'v2.2.1',
				repo: 'https://github.com/expressjs/serve-static.git',
				commit: '76312e12c2754c226a685201ff43d785455d0590',
				args: ['--check-leaks'],
				spec: ['test/'],
				standIns: (root, asVelox) => ({ 'index.js': asVelox ? `require(${q(root)}).static` : `require(${q(root)})` }),
			},
			// router 2.3.0 (what express@5.3.0 installs) has no tag in the repository: its suite is master's after
			// v2.2.0, the newest commit there. The tests require only the package's index.js.
			router: {
				tag: 'master cb2a5fcd',
				repo: 'https://github.com/pillarjs/router.git',
				commit: 'cb2a5fcdf31b9cc92296183ceeff8126b5c57453',
				args: ['--check-leaks'],
				spec: ['test/'],
				standIns: (root, asVelox) => ({ 'index.js': asVelox ? routerOf(root) : `require(${q(root)})` }),
			},
		},
	},
};

function q(file) {
	return JSON.stringify(file);
}

/** body-parser's interface from Velox's factory: the four parsers express re-exports. */
function parsersOf(root) {
	return `(() => { const velox = require(${q(root)}); return { json: velox.json, raw: velox.raw, text: velox.text, urlencoded: velox.urlencoded }; })()`;
}

/**
 * The module `router` as Velox 5 gives it: Velox 5 loads first (it hands its Router, Layer and Route to
 * the velox-router it bundles as `router`), then the export of `router` as resolved from Velox's folder.
 */
function routerOf(root) {
	return `(() => { require(${q(root)}); return require(require.resolve('router', { paths: [${q(root)}] })); })()`;
}

function parse(argv) {
	const options = { line: 5, suites: null, sources: {}, work: null, keep: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--line') options.line = Number(argv[++i]);
		else if (arg === '--suites') options.suites = argv[++i].split(',').filter(Boolean);
		else if (arg === '--source') {
			const [name, ...rest] = argv[++i].split('=');
			options.sources[name] = rest.join('=');
		} else if (arg === '--work') options.work = path.resolve(argv[++i]);
		else if (arg === '--keep') options.keep = true;
		else throw new Error(`unknown argument ${arg}`);
	}
	const line = LINES[options.line];
	if (!line) throw new Error(`no line ${options.line} (lines: ${Object.keys(LINES).join(', ')})`);
	options.suites = options.suites || Object.keys(line.suites);
	for (const name of options.suites) if (!line.suites[name]) throw new Error(`unknown suite ${name} (known: ${Object.keys(line.suites).join(', ')})`);
	return options;
}

function packRoot(work) {
	const result = run('npm', ['pack', '--silent', '--pack-destination', work], ROOT);
	return result.ok ? path.join(work, result.output.trim().split('\n').pop().trim()) : `npm pack failed: ${tail(result.output, 5)}`;
}

function packLine(lineNumber) {
	return (work) => {
		// The tarball's path is the last line of its standard output (a build it runs first writes to both).
		const result = spawnSync('node', [path.join(ROOT, 'scripts', 'pack-line.js'), String(lineNumber), '--pack-destination', work], {
			cwd: ROOT,
			encoding: 'utf8',
		});
		return result.status === 0 ? result.stdout.trim().split('\n').pop().trim() : `pack-line failed: ${tail(`${result.stdout}${result.stderr}`, 5)}`;
	};
}

/** The folder of the real module a suite tests: express itself, or the body-parser/serve-static that express depends on. */
function oracleRoot(line, name) {
	const express = path.dirname(require.resolve(`${line.oracle}/package.json`, { paths: [ROOT] }));
	return name === 'express' ? express : path.dirname(require.resolve(`${name}/package.json`, { paths: [express] }));
}

function writeStandIns(dir, files) {
	for (const [file, expression] of Object.entries(files)) {
		fs.writeFileSync(path.join(dir, file), `'use strict';\n// Stand-in written by Velox's bench/upstream.js.\nmodule.exports = ${expression};\n`);
	}
}

function runSuite(name, options, line, veloxRoot) {
	const config = line.suites[name];
	const base = path.join(options.work, name);
	const dir = path.join(base, 'src');
	fs.rmSync(base, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	console.log(`\n## ${name} ${config.tag} (${config.commit.slice(0, 12)})`);
	const skip = (reason) => {
		console.log(`SKIPPED: ${reason}`);
		return { name, skipped: reason };
	};
	const missing = checkout(options.sources[name] || config.repo, config.commit, dir);
	if (missing) return skip(missing);
	const installed = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock'], dir);
	if (!installed.ok) return skip(`npm install failed: ${tail(installed.output, 5)}`);
	const project = { ...MOCHA, args: config.args, spec: config.spec };
	const pristine = Object.fromEntries(Object.keys(config.standIns('', false)).map((file) => [file, fs.readFileSync(path.join(dir, file))]));

	const own = suite(project, dir, 'own');
	const realRoot = oracleRoot(line, name);
	const realVersion = JSON.parse(fs.readFileSync(path.join(realRoot, 'package.json'), 'utf8')).version;
	writeStandIns(dir, config.standIns(realRoot, false));
	const real = suite(project, dir, 'real');
	writeStandIns(dir, config.standIns(veloxRoot, true));
	const velox = suite(project, dir, 'velox');
	for (const [file, bytes] of Object.entries(pristine)) fs.writeFileSync(path.join(dir, file), bytes);
	for (const [label, tests] of [
		['own', own],
		['real', real],
		['velox', velox],
	])
		if (typeof tests === 'string') return skip(`the ${label} run gave no report: ${tests}`);

	console.log(describeCounts(`${name} ${config.tag} itself`, own));
	console.log(describeCounts(`${name}@${realVersion} (as express@${line.oracle === 'express' ? 4 : 5} installs it)`, real));
	console.log(describeCounts('velox', velox));
	const { lost, gained } = compare(real, velox);
	for (const key of lost) console.log(`  passes on ${name}@${realVersion} only: ${key} (${velox.get(key) || 'absent'} on Velox)`);
	for (const key of gained) console.log(`  passes on Velox only: ${key} (${real.get(key) || 'absent'} on ${name}@${realVersion})`);
	const tagged = compare(own, real);
	for (const key of tagged.lost) console.log(`  passes on ${config.tag} itself, not on ${name}@${realVersion}: ${key}`);
	return { name, tag: config.tag, realVersion, own, real, velox, lost: lost.length, gained: gained.length };
}

function main() {
	const options = parse(process.argv.slice(2));
	const line = LINES[options.line];
	if (!fs.existsSync(path.join(ROOT, 'lib', 'express.js'))) {
		console.log('SKIPPED: lib/ is not built: run `npm run build` first');
		return;
	}
	const created = !options.work;
	options.work = options.work || fs.mkdtempSync(path.join(os.tmpdir(), 'velox-upstream-'));
	fs.mkdirSync(options.work, { recursive: true });
	const tarball = line.pack()(options.work);
	if (!tarball.endsWith('.tgz')) {
		console.log(`SKIPPED: ${tarball}`);
		return;
	}
	// Velox installed once, in a folder of its own, as an app installs it.
	const install = path.join(options.work, 'velox-install');
	fs.mkdirSync(install, { recursive: true });
	fs.writeFileSync(path.join(install, 'package.json'), '{"private":true}\n');
	const installed = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', `velox@file:${tarball}`], install);
	if (!installed.ok) {
		console.log(`SKIPPED: installing Velox failed: ${tail(installed.output, 5)}`);
		return;
	}
	const veloxRoot = path.join(install, 'node_modules', 'velox');
	const version = JSON.parse(fs.readFileSync(path.join(veloxRoot, 'package.json'), 'utf8')).version;
	console.log(`Velox ${version} (line ${options.line}); work directory: ${options.work}`);
	const results = options.suites.map((name) => runSuite(name, options, line, veloxRoot));
	console.log('\n## Summary');
	const total = { real: 0, velox: 0, of: 0 };
	for (const r of results) {
		if (r.skipped) {
			console.log(`${r.name}: skipped (${r.skipped.split('\n')[0]})`);
			continue;
		}
		const passed = (tests) => [...tests.values()].filter((status) => status === 'passed').length;
		total.real += passed(r.real);
		total.velox += passed(r.velox);
		total.of += r.real.size;
		console.log(
			`${r.name} ${r.tag}: ${r.name}@${r.realVersion} ${passed(r.real)}/${r.real.size}, Velox ${passed(r.velox)}/${r.velox.size}; ${r.lost} lost, ${r.gained} gained`,
		);
	}
	console.log(`all: the real express ${total.real}/${total.of}, Velox ${total.velox}/${total.of}`);
	if (created && !options.keep) fs.rmSync(options.work, { recursive: true, force: true });
	if (results.some((r) => r.lost > 0)) process.exitCode = 1;
}

main();
