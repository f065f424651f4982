/**
 * Velox 5's types (docs/lines.md, "Velox 5's types"): `npm run pack:5`'s tarball, installed as
 * `express` in a clean project, compiles code written against @types/express@5 and
 * @types/express-serve-static-core@5 (test/fixtures/express5-types/) with 0 errors under --strict and
 * skipLibCheck false, its `@ts-expect-error` lines (and dtslint's `$ExpectError`) honoured: what
 * those typings reject, such as Express 4's members Express 5 removed, Velox 5 rejects too. The same
 * files compile with 0 errors against the pinned @types releases themselves, in a second project,
 * so that they say what those typings accept. The ESM entry's types are Velox 5's too. Skips, saying why, without npm or without the registry.
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

test('@types/express@5 code compiles against the packed Velox 5 and against those typings', { skip: npmUnavailable(), timeout: 900_000 }, (t) => {
	const tarball = execFileSync(process.execPath, [join(root, 'scripts', 'pack-line.js'), '5', '--pack-destination', work], {
		encoding: 'utf8',
		timeout: 300_000,
	})
		.trim()
		.split('\n')
		.pop();
	assert.ok(tarball);
	const files = sources();
	const names = Object.keys(files);
	assert.ok(names.length > 0, 'fixtures in ' + fixtures);
	const node = '@types/node@' + installedVersion('@types/node');

	const esm = { 'esm.mts': esmCode, 'tsconfig.esm.json': esmConfig };
	const velox5 = cleanProject(work, 'velox5-types', [node], { ...files, ...esm, 'tsconfig.json': tsconfig(names) }, 'express', tarball);
	if (!velox5.dir) return t.skip(velox5.unreachable);
	const lineTypes = readFileSync(join(velox5.dir, 'node_modules', 'express', 'lib', 'core', 'types', 'line.d.ts'), 'utf8');
	assert.match(lineTypes, /^\s*type VeloxLine = 5;$/m, 'express is Velox 5, its types on line 5');
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
		tarball,
	);
	if (!dt.dir) return t.skip(dt.unreachable);
	const onTypings = projectTsc(dt.dir);
	assert.deepEqual(errors(onTypings.output), [], onTypings.output);
});
