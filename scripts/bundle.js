// Puts tsc's output into one script: `node scripts/bundle.js DIR [--source-maps]`, after `tsc`
// has written DIR (dist/ for the package, build/src/ for the tests).
//
// Why (issue 11's startup bar, measured with bench/startup.js): a hello app loaded ~41 files
// through node's module loader, ~31 of them Velox's. Resolving and reading each runs node's own
// path functions often enough that V8 optimises them (`--trace-opt` shows normalizeString and
// isPosixPathSeparator compiled by TurboFan) during startup, which alone touches ~3.5 MB of the
// node binary's pages (idle RSS, smaps) plus the loader's own work. One script loads as one file.
//
// What it writes:
// - DIR/bundle.js: every .js module tsc wrote under DIR, verbatim, each as a function run on its
//   first `require` (lazily loaded modules stay lazy: src/lazy.ts), plus the packages of INLINE
//   (the small ones every app loads at startup), and a loader that links each `require` string to
//   the module it named at build time. Anything else (node's modules, the other packages, a
//   template engine) is required as before, from DIR.
// - DIR/<file>.js for every bundled module: a stub that returns the bundle's instance, so every
//   path (`velox`, `velox/lib/router`, a test's `../src/router/router`) reaches one instance.
// - with --source-maps, DIR/bundle.js.map joining tsc's maps (coverage of the test build), but for
//   modules that declare only types (nothing of them runs, so there is nothing to cover).
//
// The loader gives each module its own `module`, `exports`, `__filename` and `__dirname` (the
// stub's path), and its modules are cached before they run and dropped if they throw, as node
// does (cycles and a retried failing require behave alike).
// Running it twice on the same DIR is refused: tsc must write DIR again first.

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

/**
 * Packages inlined into the bundle: the ones a hello app loads before it listens. Each is tiny
 * (1 to 11 KB of source), has no dependencies of its own and is pinned by package-lock.json; the
 * lazily loaded ones (qs, accepts, mime, etag, proxy-addr, cookie, ...) stay ordinary
 * `require`s. docs/dependencies.md says what this means for updates.
 */
const INLINE = ['content-type', 'depd', 'encodeurl', 'escape-html', 'fresh', 'ms', 'range-parser', 'statuses', 'vary'];

const BUNDLE = 'bundle.js';
const STUB_MARK = '// Velox bundle stub';
const REQUIRE_CALL = /\brequire\(\s*(['"])([^'"\n]+)\1\s*\)/g;
const SOURCE_MAP_LINE = /^\/\/# sourceMappingURL=.*$/m;

function main() {
	const args = process.argv.slice(2);
	const dir = args.find((arg) => !arg.startsWith('--'));
	if (!dir) throw new Error('usage: node scripts/bundle.js DIR [--source-maps]');
	bundle(path.resolve(dir), { sourceMaps: args.includes('--source-maps') });
}

/** Every .js file under `dir` (relative, '/'-separated), the bundle itself excepted. */
function ownFiles(dir, prefix = '') {
	const files = [];
	for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
		const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
		if (entry.isDirectory()) files.push(...ownFiles(dir, relative));
		else if (entry.name.endsWith('.js') && relative !== BUNDLE) files.push(relative);
	}
	return files.sort();
}

/** `file` relative to `from`, with '/' separators whatever the platform. */
function relativePath(from, file) {
	return path.relative(from, file).split(path.sep).join('/');
}

/** The package name a bare request names ('depd', '@scope/name'), or undefined. */
function packageOf(request) {
	if (request.startsWith('.') || request.startsWith('/') || request.startsWith('node:')) return undefined;
	const parts = request.split('/');
	return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function bundle(dir, { sourceMaps }) {
	const modules = new Map(); // id → { file, source, links }
	const idOf = new Map(); // absolute file → id
	const queue = [];
	const add = (file, id) => {
		if (idOf.has(file)) return idOf.get(file);
		idOf.set(file, id);
		queue.push({ file, id });
		return id;
	};
	for (const relative of ownFiles(dir)) add(path.join(dir, relative), relative);

	while (queue.length > 0) {
		const { file, id } = queue.shift();
		let source = fs.readFileSync(file, 'utf8');
		if (source.includes(STUB_MARK)) throw new Error(`${file} is already a bundle stub: run tsc before bundling`);
		const links = {};
		if (file.endsWith('.json')) {
			source = `module.exports = ${source.trim()};`;
		} else {
			source = source.replace(SOURCE_MAP_LINE, '');
			const resolveFrom = createRequire(file);
			for (const [, , request] of source.matchAll(REQUIRE_CALL)) {
				const name = packageOf(request);
				if (name !== undefined && !INLINE.includes(name)) continue;
				if (request.startsWith('node:')) continue;
				let target;
				try {
					target = resolveFrom.resolve(request);
				} catch {
					continue; // a `require('./x')` in a comment; a real one falls back to node's require
				}
				const packageRoot = target.lastIndexOf(`${path.sep}node_modules${path.sep}`);
				const targetId = packageRoot === -1 ? relativePath(dir, target) : `~${relativePath(target.slice(0, packageRoot + 14), target)}`;
				if (packageRoot === -1 && (targetId.startsWith('..') || !idOf.has(target))) continue;
				links[request] = add(target, targetId);
			}
		}
		modules.set(id, { file, source, links });
	}

	const packages = inlinedPackages(modules);
	const lines = [
		'// Velox, bundled by scripts/bundle.js from the modules tsc wrote beside this file: each module',
		'// runs on its first require, in its own mode (no directive here). Packages inlined (license',
		'// notices at the end):',
		`// ${[...packages.keys()].join(', ') || 'none'}.`,
		'const definitions = Object.create(null);',
	];
	const mapped = [];
	for (const [id, { source, links }] of modules) {
		lines.push(`definitions[${JSON.stringify(id)}] = [${JSON.stringify(links)}, function (exports, require, module, __filename, __dirname) {`);
		const first = lines.length;
		lines.push(...source.replace(/\s+$/, '').split('\n'));
		lines.push('}];');
		mapped.push({ id, first, last: lines.length - 1 });
	}
	lines.push(loaderSource(), ...licenseNotices(packages));
	if (sourceMaps) lines.push(`//# sourceMappingURL=${BUNDLE}.map`);
	fs.writeFileSync(path.join(dir, BUNDLE), `${lines.join('\n')}\n`);
	if (sourceMaps)
		writeSourceMap(
			dir,
			modules,
			mapped.filter(({ id }) => !typeOnly(modules.get(id).source)),
		);

	for (const [id, { file }] of modules) {
		if (id.startsWith('~')) continue;
		const toBundle = relativePath(path.dirname(file), path.join(dir, BUNDLE));
		fs.writeFileSync(
			file,
			`${STUB_MARK}: the module ${id} is in ${BUNDLE} (scripts/bundle.js); one instance whichever path loads it.\nmodule.exports = require(${JSON.stringify(toBundle.startsWith('.') ? toBundle : `./${toBundle}`)})(${JSON.stringify(id)});\n`,
		);
		const map = `${file}.map`;
		if (fs.existsSync(map)) fs.rmSync(map);
	}
	process.stdout.write(`bundle: ${modules.size} modules → ${path.relative(process.cwd(), path.join(dir, BUNDLE))}\n`);
}

/** Whether tsc's output for a module holds no code: only its prologue, comments and the ES module mark. */
function typeOnly(source) {
	const code = source
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/\/\/.*$/gm, '')
		.replace('"use strict";', '')
		.replace('Object.defineProperty(exports, "__esModule", { value: true });', '');
	return code.trim() === '';
}

/** The loader, written out into the bundle after the definitions. */
function loaderSource() {
	return `
const instances = Object.create(null);
const outside = require;
const { join, dirname } = require('node:path');
function load(id) {
	const cached = instances[id];
	if (cached !== undefined) return cached.exports;
	const [links, define] = definitions[id];
	const filename = join(__dirname, id.startsWith('~') ? 'node_modules/' + id.slice(1) : id);
	const module = { id: filename, filename, exports: {}, loaded: false };
	instances[id] = module;
	let relative;
	function ownRequire(request) {
		const target = links[request];
		if (target !== undefined) return load(target);
		if (request.startsWith('./') || request.startsWith('../')) {
			if (relative === undefined) relative = require('node:module').createRequire(filename);
			return relative(request);
		}
		return outside(request);
	}
	ownRequire.resolve = outside.resolve;
	ownRequire.cache = outside.cache;
	try {
		define.call(module.exports, module.exports, ownRequire, module, filename, dirname(filename));
	} catch (error) {
		// As node drops a module that threw from its cache: the next require runs it again.
		delete instances[id];
		throw error;
	}
	module.loaded = true;
	return module.exports;
}
/** The modules that have run so far (test/startup.lazy.test.ts reads it). */
load.loaded = () => Object.keys(instances);
module.exports = load;`;
}

/** The roots of the packages inlined into the bundle (those some module required), by name. */
function inlinedPackages(modules) {
	const roots = new Map();
	for (const [id, { file }] of modules) {
		if (!id.startsWith('~')) continue;
		const name = packageOf(id.slice(1));
		const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
		roots.set(name, path.join(file.slice(0, at + 14), name));
	}
	return new Map([...roots].sort(([a], [b]) => a.localeCompare(b)));
}

/** The license texts of the inlined packages, as comments. */
function licenseNotices(packages) {
	const notices = [];
	for (const [name, root] of packages) {
		const license = fs.readdirSync(root).find((file) => /^licen[cs]e/i.test(file));
		if (!license) throw new Error(`${name}: no license file to carry into the bundle`);
		const { version, license: spdx } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
		notices.push(
			`/* ${name}@${version} (${spdx}), ${license}:`,
			...fs.readFileSync(path.join(root, license), 'utf8').trim().replace(/\*\//g, '* /').split('\n'),
			'*/',
		);
	}
	return notices;
}

/**
 * Joins tsc's per-file maps into one for the bundle: the same mappings, shifted down by each
 * module's first line. The lines that open and close a module's function map to the start and end
 * of its source, so a module no test loaded counts as uncovered (as a whole file would) instead of
 * being left out.
 */
function writeSourceMap(dir, modules, mapped) {
	const { decode, encode } = require('@jridgewell/sourcemap-codec');
	const root = path.join(__dirname, '..');
	const sources = [];
	const lines = [];
	for (const { id, first, last } of mapped) {
		const { file } = modules.get(id);
		const mapFile = `${file}.map`;
		if (!fs.existsSync(mapFile)) continue;
		const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
		const sourceIndex = map.sources.map((source) => {
			const name = relativePath(root, path.resolve(path.dirname(file), map.sourceRoot || '', source));
			if (!sources.includes(name)) sources.push(name);
			return sources.indexOf(name);
		});
		decode(map.mappings).forEach((segments, offset) => {
			lines[first + offset] = segments.map((segment) => (segment.length === 1 ? segment : [segment[0], sourceIndex[segment[1]], segment[2], segment[3]]));
		});
		const own = sourceIndex[0];
		const sourceLines = fs.readFileSync(path.join(root, sources[own]), 'utf8').replace(/\s+$/, '').split('\n');
		lines[first - 1] = [[0, own, 0, 0]];
		lines[last] = [[0, own, sourceLines.length - 1, sourceLines[sourceLines.length - 1].length]];
	}
	for (let i = 0; i < lines.length; i++) if (lines[i] === undefined) lines[i] = [];
	const sourceRoot = `${relativePath(dir, root)}/`;
	fs.writeFileSync(path.join(dir, `${BUNDLE}.map`), JSON.stringify({ version: 3, file: BUNDLE, sourceRoot, sources, names: [], mappings: encode(lines) }));
}

main();
