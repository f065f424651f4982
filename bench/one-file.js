// Experiment, not a build: what would Velox's startup be if the modules a hello app loads came from
// one file instead of ~40? `npm run build && node bench/one-file.js OUT` records which files
// `require('velox')` plus a hello app load (and what each `require` resolved to), and writes them
// into OUT/dist/index.js as functions of one script with their own `require`; anything not in it
// (the modules src/lazy.ts defers) is required from its original place. Then
// `node bench/startup.js --frameworks node,velox --baseline OUT` measures it beside dist/.
// For startup figures only: deferred modules loaded later get their own copies of shared files.

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const out = process.argv[2];
if (!out) {
	process.stderr.write('usage: node bench/one-file.js OUT_DIR\n');
	process.exit(1);
}
const entry = path.join(__dirname, '..', 'dist', 'index.js');

// Each (parent file, request) pair → the file node resolved it to.
const resolved = {};
const load = Module._load;
Module._load = function recordingLoad(request, parent, ...rest) {
	if (parent && parent.filename && parent.filename !== __filename) {
		if (!resolved[parent.filename]) resolved[parent.filename] = {};
		resolved[parent.filename][request] = Module._resolveFilename(request, parent);
	}
	return load.call(this, request, parent, ...rest);
};
const velox = require(entry);
velox().get('/', (_req, res) => res.send('x'));
Module._load = load;

const files = Object.keys(require.cache).filter((file) => file !== __filename);
const parts = [
	"'use strict';",
	"const Module = require('node:module');",
	`const resolved = ${JSON.stringify(resolved)};`,
	'const defined = Object.create(null);',
	'const cache = Object.create(null);',
];
for (const file of files) {
	const source = fs.readFileSync(file, 'utf8');
	parts.push(
		file.endsWith('.json')
			? `defined[${JSON.stringify(file)}] = function (exports, require, module) { module.exports = ${source}; };`
			: `defined[${JSON.stringify(file)}] = function (exports, require, module, __filename, __dirname) {\n${source}\n};`,
	);
}
parts.push(`
function load(file) {
	if (cache[file] !== undefined) return cache[file].exports;
	const module = { exports: {}, filename: file };
	cache[file] = module;
	let outside;
	const own = (request) => {
		const target = resolved[file] && resolved[file][request];
		if (target !== undefined && defined[target] !== undefined) return load(target);
		if (outside === undefined) outside = Module.createRequire(file);
		return outside(request);
	};
	defined[file].call(module.exports, module.exports, own, module, file, file.slice(0, file.lastIndexOf('/')));
	return module.exports;
}
module.exports = load(${JSON.stringify(entry)});
`);
const target = path.join(path.resolve(out), 'dist', 'index.js');
fs.mkdirSync(path.dirname(target), { recursive: true });
const text = parts.join('\n');
fs.writeFileSync(target, text);
process.stdout.write(`${files.length} files, ${(text.length / 1024).toFixed(0)} KB → ${target}\n`);
