// `node scripts/build-incremental.js`: what `npm run build && npm run build:test` make (lib/ and
// build/), compiled incrementally for `npm run test:quick`: tsc's --incremental with its build info
// in build/ (build/lib.tsbuildinfo, build/test.tsbuildinfo), so an unchanged tree takes seconds, not
// a full compile. Without the clean of those scripts, two things are done here instead:
// - an output whose source is gone (a module deleted or renamed) is removed, so it is not loaded,
//   listed or packed by a test;
// - a project with an output missing (lib/ or build/ removed while its build info stayed) is
//   compiled again in full: tsc's --incremental does not write outputs it thinks are up to date.
// `npm test` (and CI) keep the clean builds.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Each project: its config, its build info, and which source folder compiles into which output folder. */
const projects = [
	{ config: 'tsconfig.build.json', info: 'build/lib.tsbuildinfo', folders: [['src', 'lib']] },
	{
		config: 'tsconfig.json',
		info: 'build/test.tsbuildinfo',
		folders: [
			['src', 'build/src'],
			['test', 'build/test'],
		],
	},
];

/** The TypeScript sources below a folder, relative to it, without their extension; test/types and test/fixtures are not compiled. */
function sources(dir, rel = '') {
	const found = [];
	for (const entry of fs.readdirSync(path.join(root, dir, rel), { withFileTypes: true })) {
		const file = path.join(rel, entry.name);
		if (entry.isDirectory()) {
			if (dir === 'test' && (file === 'types' || file === 'fixtures')) continue;
			found.push(...sources(dir, file));
		} else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(file.slice(0, -'.ts'.length));
	}
	return found;
}

/** The outputs tsc writes for a source (`x`): x.js, and its map and declarations. */
const OUTPUT = /^(.*)\.(js|js\.map|d\.ts|d\.ts\.map)$/;

function outputs(dir, rel = '') {
	const full = path.join(root, dir, rel);
	if (!fs.existsSync(full)) return [];
	const found = [];
	for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
		const file = path.join(rel, entry.name);
		if (entry.isDirectory()) found.push(...outputs(dir, file));
		else found.push(file);
	}
	return found;
}

function run(command, args) {
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const project of projects) {
	const info = path.join(root, project.info);
	let complete = true;
	for (const [from, to] of project.folders) {
		const expected = new Set(sources(from));
		for (const file of outputs(to)) {
			const match = OUTPUT.exec(file);
			if (match && !expected.has(match[1])) fs.rmSync(path.join(root, to, file));
		}
		for (const source of expected) if (!fs.existsSync(path.join(root, to, source + '.js'))) complete = false;
	}
	if (!complete) fs.rmSync(info, { force: true });
	run(process.execPath, [tsc, '-p', project.config, '--incremental', '--tsBuildInfoFile', info]);
}
run(process.execPath, [path.join(__dirname, 'esm-wrapper.js')]);
run(process.execPath, [path.join(__dirname, 'dts-compat.js')]);
