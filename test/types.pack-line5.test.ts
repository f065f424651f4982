/**
 * Velox 5's types (docs/lines.md, "Velox 5's types"): `npm run pack:5`'s tarball, installed as
 * `express` in a clean project, compiles code written against @types/express@5 and
 * @types/express-serve-static-core@5 (test/fixtures/express5-types/) with 0 errors under --strict and
 * skipLibCheck false, its `@ts-expect-error` lines (and dtslint's `$ExpectError`) honoured: what
 * those typings reject, such as Express 4's members Express 5 removed, Velox 5 rejects too. The same
 * files compile with 0 errors against the pinned @types releases themselves, in a second project,
 * so that they say what those typings accept. The ESM entry's types are Velox 5's too.
 *
 * And under old TypeScript releases, as types.pack-old.test.ts checks Velox 4, with an @types/node of
 * their time (16.18.0): the same files compile against Velox 5 under TypeScript 4.1 (Velox's floor:
 * template literal types) targeting ES2020 and ES3, and under 4.4, the oldest release under which the
 * pinned @types themselves compile (their `ParamsFlatDictionary` has a union index signature, which
 * TypeScript 4.4 introduced: 4.1-4.3 reject it, TS1337), checked in the second project too. Their
 * declared minimum (package.json `typeScriptVersion`: 5.6 for express-serve-static-core 5.1.3, 5.2 for
 * express 5.0.6) is DefinitelyTyped's support window, not what they need. Skips, saying why, without
 * npm or without the registry.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { packageRoot } from './helpers/package-root';
import { cleanProject, dtslintToTsc, installedVersion, npmUnavailable, projectTsc } from './types.helpers';

const root = packageRoot();
const work = mkdtempSync(join(tmpdir(), 'velox-pack-line5-types-'));
after(() => rmSync(work, { recursive: true, force: true }));

const fixtures = join(root, 'test', 'fixtures', 'express5-types');
/** The @types releases the fixtures are written against. */
const typings = { express: '5.0.6', core: '5.1.3' };

function sources(): Record<string, string> {
	const files: Record<string, string> = {};
	for (const name of readdirSync(fixtures).filter((file) => file.endsWith('.ts'))) files[name] = dtslintToTsc(readFileSync(join(fixtures, name), 'utf8'));
	return files;
}

function tsconfig(files: string[]): string {
	return JSON.stringify({
		compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2022', lib: ['ES2022'], types: ['node'] },
		files,
	});
}

// The ESM entry's types on Velox 5: the named exports but `query`, which Express 5 removed (undefined at run time).
const esmCode = `import express, { json, query, Router, static as serveStatic } from 'express';
const app = express();
app.use(json(), serveStatic('public'));
app.use('/api', Router().get('/files/*path', (req, res) => res.json(req.params.path.join('/'))));
const removed: undefined = query;
void removed;
`;
const esmConfig = JSON.stringify({
	compilerOptions: {
		strict: true,
		noEmit: true,
		skipLibCheck: false,
		module: 'node16',
		moduleResolution: 'node16',
		target: 'ES2022',
		lib: ['ES2022'],
		types: ['node'],
	},
	files: ['esm.mts'],
});

const errors = (output: string) => output.split('\n').filter((line) => /error TS/.test(line));

/** Velox 5's tarball, packed by the first test that needs it. */
let packed: string | undefined;
function tarball(): string {
	if (packed === undefined) {
		packed = execFileSync(process.execPath, [join(root, 'scripts', 'pack-line.js'), '5', '--pack-destination', work], {
			encoding: 'utf8',
			timeout: 300_000,
		})
			.trim()
			.split('\n')
			.pop();
		assert.ok(packed);
	}
	return packed;
}

function assertLine5(dir: string): void {
	const lineTypes = readFileSync(join(dir, 'node_modules', 'express', 'lib', 'core', 'types', 'line.d.ts'), 'utf8');
	assert.match(lineTypes, /^\s*type VeloxLine = 5;$/m, 'express is Velox 5, its types on line 5');
}

test('@types/express@5 code compiles against the packed Velox 5 and against those typings', { skip: npmUnavailable(), timeout: 900_000 }, (t) => {
	const files = sources();
	const names = Object.keys(files);
	assert.ok(names.length > 0, 'fixtures in ' + fixtures);
	const node = '@types/node@' + installedVersion('@types/node');

	const esm = { 'esm.mts': esmCode, 'tsconfig.esm.json': esmConfig };
	const velox5 = cleanProject(work, 'velox5-types', [node], { ...files, ...esm, 'tsconfig.json': tsconfig(names) }, 'express', tarball());
	if (!velox5.dir) return t.skip(velox5.unreachable);
	assertLine5(velox5.dir);
	const onVelox5 = projectTsc(velox5.dir);
	assert.deepEqual(errors(onVelox5.output), [], onVelox5.output);
	assert.equal(onVelox5.status, 0, onVelox5.output);
	const onVelox5Esm = projectTsc(velox5.dir, 'tsconfig.esm.json');
	assert.deepEqual(errors(onVelox5Esm.output), [], onVelox5Esm.output);

	// The same files against the typings they are written for (Velox installed under its own name, unused).
	const dt = cleanProject(
		work,
		'definitelytyped5',
		[node, '@types/express@' + typings.express, '@types/express-serve-static-core@' + typings.core],
		{ ...files, 'tsconfig.json': tsconfig(names) },
		'velox',
		tarball(),
	);
	if (!dt.dir) return t.skip(dt.unreachable);
	const onTypings = projectTsc(dt.dir);
	assert.deepEqual(errors(onTypings.output), [], onTypings.output);
});

// The old compilers, each under an alias, and the @types/node the oldest of them can read.
const oldTypeScript = { 'typescript-4.1': '4.1', 'typescript-4.4': '4.4' };
const oldNode = '@types/node@16.18.0';
// The dependencies of the pinned @types as resolved when this was written, pinned so that a new
// release of one of them (all `*` or `^` ranges) cannot move the floor this test reports.
const typingsTree = [
	'@types/body-parser@1.19.6',
	'@types/connect@3.4.38',
	'@types/http-errors@2.0.5',
	'@types/qs@6.15.1',
	'@types/range-parser@1.2.7',
	'@types/send@1.2.1',
	'@types/serve-static@2.2.0',
];

function oldConfig(files: string[], target: string): string {
	// No `lib`: the target's default, as a project of that time has it.
	return JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target, types: ['node'] }, files });
}

test('@types/express@5 code compiles against the packed Velox 5 under TypeScript 4.1 and 4.4; the typings themselves need 4.4', {
	skip: npmUnavailable(),
	timeout: 900_000,
}, (t) => {
	const files = sources();
	const names = Object.keys(files);
	const compilers = Object.entries(oldTypeScript).map(([alias, version]) => alias + '@npm:typescript@' + version);
	const configs = { 'tsconfig.json': oldConfig(names, 'ES2020'), 'tsconfig.es3.json': oldConfig(names, 'ES3') };

	const velox5 = cleanProject(work, 'velox5-old-typescript', [...compilers, oldNode], { ...files, ...configs }, 'express', tarball());
	if (!velox5.dir) return t.skip(velox5.unreachable);
	assertLine5(velox5.dir);
	for (const compiler of Object.keys(oldTypeScript)) {
		for (const config of Object.keys(configs)) {
			const tsc = projectTsc(velox5.dir, config, compiler);
			assert.deepEqual(errors(tsc.output), [], compiler + ', ' + config + ': ' + tsc.output);
			assert.equal(tsc.status, 0, compiler + ', ' + config + ': ' + tsc.output);
		}
	}

	const dt = cleanProject(
		work,
		'definitelytyped5-old-typescript',
		[...compilers, oldNode, '@types/express@' + typings.express, '@types/express-serve-static-core@' + typings.core, ...typingsTree],
		{ ...files, ...configs },
		'velox',
		tarball(),
	);
	if (!dt.dir) return t.skip(dt.unreachable);
	for (const config of Object.keys(configs)) {
		const floor = projectTsc(dt.dir, config, 'typescript-4.4');
		assert.deepEqual(errors(floor.output), [], 'typings under TypeScript 4.4, ' + config + ': ' + floor.output);
		// Below 4.4 the typings' own declaration fails (and with it the code's regular-expression routes).
		const below = errors(projectTsc(dt.dir, config, 'typescript-4.1').output);
		const own = below.filter((line) => line.startsWith('node_modules/@types/'));
		assert.deepEqual(
			own.map((line) => line.replace(/^([^(]*)\(\d+,\d+\): error (TS\d+).*$/, '$1 $2')),
			['node_modules/@types/express-serve-static-core/index.d.ts TS1337'],
			'typings under TypeScript 4.1, ' + config + ': ' + below.join('\n'),
		);
	}
});
