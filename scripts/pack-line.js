// `npm run pack:5` (`node scripts/pack-line.js 5 [--pack-destination DIR]`): packs Velox 5, the
// Express 5 interface, from the repository's build. Velox 4 is `npm pack` at the root; Velox 5 is
// the same build with one module changed (src/line.ts): lib/line.js says `exports.LINE = 5`.
//
// 1. Reuses lib/ when it is newer than every input of the build (src/, the build's scripts and
//    tsconfig files), else runs `npm run build` first. It never rebuilds a fresh lib/: tests that
//    run beside this script (test/package.line5.test.ts under `npm test`) read lib/.
// 2. Stages build/line5-<pid>/ (one folder per run, removed after packing): package.json is the repository's with `version` set to Velox 5's
//    (package.json's `velox.line5Version`, the one place it is kept) and `description` naming the
//    Express 5 interface, the `velox` field left out; everything else (`exports`, `files`,
//    `engines`, dependencies) as is. index.js, README.md and lib/ are copied, then lib/line.js,
//    its source map's inlined source and lib/line.d.ts are written to say 5, and so is the line of the
//    types, lib/core/types/line.d.ts (`writeLineTypes`).
// 3. Runs `npm pack` there (no lifecycle scripts), into build/ or DIR, and prints the tarball's path.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const LINES = { 5: { description: 'A fast, safer web framework for Node.js with the Express 5 interface' } };

function fail(message) {
	console.error('pack-line: ' + message);
	process.exit(1);
}

function parseArgs(argv) {
	const options = { line: undefined, destination: path.join(root, 'build') };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--pack-destination') options.destination = path.resolve(argv[++i] ?? fail('--pack-destination needs a folder'));
		else if (arg.startsWith('--pack-destination=')) options.destination = path.resolve(arg.slice('--pack-destination='.length));
		else if (/^\d+$/.test(arg) && options.line === undefined) options.line = Number(arg);
		else fail(`unknown argument ${arg}; usage: node scripts/pack-line.js 5 [--pack-destination DIR]`);
	}
	if (options.line === 4) fail('Velox 4 is the repository itself: run `npm pack` at the root');
	if (!LINES[options.line]) fail(`no line ${options.line}; lines packed by this script: ${Object.keys(LINES).join(', ')}`);
	return options;
}

/** The newest modification time of the files under `dir` (or of `dir`, a file), 0 when absent. */
function newest(file) {
	let stat;
	try {
		stat = fs.statSync(file);
	} catch {
		return 0;
	}
	if (!stat.isDirectory()) return stat.mtimeMs;
	let time = stat.mtimeMs;
	for (const entry of fs.readdirSync(file)) time = Math.max(time, newest(path.join(file, entry)));
	return time;
}

/** Whether lib/ is missing or older than an input of `npm run build`. */
function buildIsStale() {
	// scripts/esm-wrapper.js writes lib/express.mjs after the compiler: its time is the build's end.
	const built = newest(path.join(root, 'lib', 'express.mjs'));
	if (built === 0) return true;
	const inputs = ['src', 'tsconfig.build.json', 'tsconfig.base.json', 'scripts/clean.js', 'scripts/esm-wrapper.js', 'scripts/dts-compat.js'];
	return inputs.some((input) => newest(path.join(root, input)) > built);
}

/** `text` with `from` replaced by `to`, once; fails unless `from` occurs exactly once. */
function replaceOnce(text, from, to, file) {
	const parts = text.split(from);
	if (parts.length !== 2) fail(`${file}: expected "${from}" once, found it ${parts.length - 1} times (src/line.ts changed?)`);
	return parts.join(to);
}

/**
 * The line's runtime dependencies: the repository's, and those only its rows load
 * (package.json's `velox.line5Dependencies`: path-to-regexp 8, mime-types 3), which Velox 4 does not
 * carry, so an Express 4 app's tree keeps the versions express@4 puts at its top.
 */
function lineDependencies(manifest, line) {
	return sortKeys({ ...manifest.dependencies, ...(manifest.velox[`line${line}Dependencies`] ?? {}) });
}

function stage(line, version) {
	// One folder per run: tests pack beside each other (two at a time in a tier).
	const dir = path.join(root, 'build', `line${line}-${process.pid}`);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });

	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const staged = {};
	for (const [key, value] of Object.entries(manifest)) {
		if (key === 'velox') continue;
		if (key === 'version') staged.version = version;
		else if (key === 'description') staged.description = LINES[line].description;
		else if (key === 'dependencies') staged.dependencies = lineDependencies(manifest, line);
		else staged[key] = value;
	}
	if (line === 5) bundleRouter(dir, staged);
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(staged, null, 2) + '\n');

	for (const file of ['index.js', 'README.md']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
	fs.cpSync(path.join(root, 'lib'), path.join(dir, 'lib'), { recursive: true });

	// The one module that differs: src/line.ts's `LINE`, in the JavaScript, its map's inlined source and the declaration.
	const lib = path.join(dir, 'lib');
	const rewrite = (file, from, to) =>
		fs.writeFileSync(path.join(lib, file), replaceOnce(fs.readFileSync(path.join(lib, file), 'utf8'), from, to, 'lib/' + file));
	rewrite('line.js', 'exports.LINE = 4;', `exports.LINE = ${line};`);
	const map = JSON.parse(fs.readFileSync(path.join(lib, 'line.js.map'), 'utf8'));
	map.sourcesContent = map.sourcesContent.map((source) => replaceOnce(source, '= 4 as 4 | 5;', `= ${line} as 4 | 5;`, 'lib/line.js.map'));
	fs.writeFileSync(path.join(lib, 'line.js.map'), JSON.stringify(map));
	rewrite('line.d.ts', 'export declare const LINE: 4 | 5;', `export declare const LINE: ${line};`);
	writeLineTypes(lib, line);
	return dir;
}

/**
 * Velox 5's module `router` (docs/agents-velox5.md): the package velox-router (packages/router),
 * declared as the dependency `router` by an npm alias of its own version and bundled in the
 * tarball (`bundleDependencies`), so that installing Velox 5 puts it where node finds
 * `require('router')` from Velox's files, from the one tarball, without fetching anything.
 */
function bundleRouter(dir, staged) {
	const source = path.join(root, 'packages', 'router');
	const router = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
	if (!/^2\.\d+\.\d+$/.test(router.version)) fail(`packages/router: version must be a 2.x release (router 2's interface), not ${router.version}`);
	const target = path.join(dir, 'node_modules', 'router');
	fs.mkdirSync(target, { recursive: true });
	for (const file of ['package.json', 'README.md', ...router.files]) fs.cpSync(path.join(source, file), path.join(target, file), { recursive: true });
	staged.dependencies = sortKeys({ ...staged.dependencies, router: `npm:${router.name}@${router.version}` });
	staged.bundleDependencies = ['router'];
}

function sortKeys(object) {
	return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The line's types (docs/lines.md, "Velox 5's types"): lib/core/types/line.d.ts (src/core/types/line.ts)
 * declares `VeloxLine`, by which every declaration that differs between the lines chooses; it is
 * written to say `line`. The only change to the declarations: the other .d.ts files are copied as built.
 */
function writeLineTypes(lib, line) {
	const file = path.join(lib, 'core', 'types', 'line.d.ts');
	fs.writeFileSync(file, replaceOnce(fs.readFileSync(file, 'utf8'), 'type VeloxLine = 4;', `type VeloxLine = ${line};`, 'lib/core/types/line.d.ts'));
}

function main() {
	const options = parseArgs(process.argv.slice(2));
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const version = manifest.velox?.[`line${options.line}Version`];
	if (typeof version !== 'string' || !version.startsWith(options.line + '.'))
		fail(`package.json: velox.line${options.line}Version must be a ${options.line}.x version, not ${JSON.stringify(version)}`);

	if (buildIsStale()) {
		console.error('pack-line: lib/ is missing or older than src/: npm run build');
		execFileSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
	}
	const built = fs.readFileSync(path.join(root, 'lib', 'line.js'), 'utf8');
	if (!built.includes('exports.LINE = 4;')) fail('lib/line.js does not say 4: lib/ is not the repository build');

	const dir = stage(options.line, version);
	fs.mkdirSync(options.destination, { recursive: true });
	const output = execFileSync(npm, ['pack', '--silent', '--ignore-scripts', '--pack-destination', options.destination], {
		cwd: dir,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const tarball = path.join(options.destination, output.trim().split('\n').pop());
	fs.rmSync(dir, { recursive: true, force: true });
	if (!fs.existsSync(tarball)) fail(`npm pack did not write ${tarball}`);
	const shown = path.relative(process.cwd(), tarball);
	console.log(shown.startsWith('..') || path.isAbsolute(shown) ? tarball : shown);
}

main();
