/**
 * Core modules are required by their bare names (`'http'`, not `'node:http'`) in src/ and in the
 * built lib/: test runners and bundlers that predate `node:` specifiers (jest before 27.1,
 * webpack 4) take `node:http` for a file and fail to load the package at all.
 * toolchain.jest.test.ts runs the packed package through such a runner.
 */
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { packageRoot } from './helpers/package-root';

const root = packageRoot();

function files(dir: string, pattern: RegExp): string[] {
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((name) => pattern.test(name))
		.map((name) => join(dir, name));
}

// require('x'), import('x'), `from 'x'`, `import 'x'`, `import x = require('x')`: the specifier of each.
const SPECIFIER = /(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+|\bimport\s+)(['"`])([^'"`]+)\1/g;

/** The module specifiers in the code of a file (lines of comments skipped), with their file:line. */
function specifiers(file: string): Array<{ where: string; name: string }> {
	const found: Array<{ where: string; name: string }> = [];
	readFileSync(file, 'utf8')
		.split('\n')
		.forEach((line, index) => {
			if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
			for (const match of line.matchAll(SPECIFIER)) found.push({ where: relative(root, file) + ':' + (index + 1), name: match[2] });
		});
	return found;
}

function nodePrefixed(file: string): string[] {
	return specifiers(file)
		.filter((s) => s.name.startsWith('node:'))
		.map((s) => s.where + ' ' + s.name);
}

test('the scanner sees a node: specifier in each form it is written in', () => {
	const forms = ["require('node:http')", 'import("node:fs")', "import x from 'node:path';", "import 'node:os';", "import y = require('node:url');"];
	for (const form of forms)
		assert.deepEqual(
			[...form.matchAll(SPECIFIER)].map((m) => m[2].startsWith('node:')),
			[true],
			form,
		);
	assert.deepEqual([...'// require("node:http")'.matchAll(SPECIFIER)].length, 1, 'comments are skipped by line, not by the pattern');
});

test('src/ requires core modules by their bare names', () => {
	const sources = files(join(root, 'src'), /\.(ts|mts|cts|js)$/);
	assert.ok(sources.length > 20, 'src/ has its sources');
	assert.deepEqual(sources.flatMap(nodePrefixed), []);
});

test('the built lib/ and index.js require core modules by their bare names', () => {
	const built = [join(root, 'index.js'), ...files(join(root, 'lib'), /\.(js|mjs|cjs)$/)];
	assert.ok(built.length > 20, 'lib/ is built (npm run build)');
	assert.deepEqual(built.flatMap(nodePrefixed), []);
});

test('every package lib/ requires is a dependency or a core module by its bare name', () => {
	// A bare name that is no core module (`test`, `sqlite` exist only as `node:` specifiers) would load a package.
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined> & {
		velox: { line5Dependencies: Record<string, string> };
	};
	const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
	// Velox 5's own dependencies (npm run pack:5 declares them, and bundles packages/router as
	// \`router\`): only the modules of its rows may load them.
	const line5Only = new Set([...Object.keys(manifest.velox.line5Dependencies), 'router']);
	const line5Modules = new Set(['lib/core/lines/express5.js', 'lib/core/lines/router-module.js', 'lib/core/router/matcher-express5.js']);
	const core = new Set(builtinModules);
	const unknown: string[] = [];
	let coreSeen = 0;
	for (const file of files(join(root, 'lib'), /\.(js|mjs|cjs)$/)) {
		for (const { where, name } of specifiers(file)) {
			if (name.startsWith('.') || name.startsWith('node:')) continue;
			const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
			if (core.has(name)) coreSeen++;
			else if (line5Only.has(pkg) && [...line5Modules].some((module) => where.startsWith(module + ':'))) continue;
			else if (!declared.has(pkg)) unknown.push(where + ' ' + name);
		}
	}
	assert.ok(coreSeen > 10, 'lib/ requires core modules by their bare names');
	assert.deepEqual(unknown, []);
});
