/**
 * The oldest compilers and targets the published declarations support, on clean installs of
 * the packed tarball, skipLibCheck false. TypeScript 4.1 (the first with template literal
 * types, which route parameters need), with an @types/node of its time, in CommonJS (the ESM
 * declarations need TypeScript 4.7's node16 resolution), targeting ES2020 and ES3, the oldest
 * target it accepts. And this repository's TypeScript targeting the oldest target it accepts
 * (ES5: 5.5 removed ES3), in CommonJS and ESM, over every declaration the public entry points
 * reach (`velox`, CommonJS and ESM): an ECMAScript private member (`#private` in a declaration file) is an error below
 * ES2015 (TS18028), so none is published. Skips, saying why, without npm or the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import ts from 'typescript';
import { packageRoot } from './helpers/package-root';
import { cleanProject, helloCommonJs, helloEsm, installedVersion, npmUnavailable, projectTsc } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-old-'));
after(() => rmSync(work, { recursive: true, force: true }));

const compilerOptions = { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', types: ['node'] };

test('TypeScript 4.1 compiles a hello world against the packed package, targeting ES2020 and ES3 (skipLibCheck false)', { skip: npmUnavailable() }, (t) => {
	const project = cleanProject(work, 'velox-hello-ts41', ['typescript@4.1', '@types/node@16.18.0'], {
		'hello.ts': helloCommonJs,
		'tsconfig.json': JSON.stringify({ compilerOptions: { ...compilerOptions, target: 'ES2020' }, files: ['hello.ts'] }),
		'tsconfig.es3.json': JSON.stringify({ compilerOptions: { ...compilerOptions, target: 'ES3' }, files: ['hello.ts'] }),
	});
	if (!project.dir) return t.skip(project.unreachable);
	for (const config of ['tsconfig.json', 'tsconfig.es3.json']) {
		const tsc = projectTsc(project.dir, config);
		assert.equal(tsc.status, 0, 'TypeScript 4.1, ' + config + ': ' + tsc.output);
	}
});

// Beyond a hello world: server-sent events, whose stream class has ECMAScript private members.
const sseEsm = `import velox, { type EventStream } from 'velox';
velox().get('/events', (_req, res) => {
	const events: EventStream | undefined = res.sse?.({ retry: 1000 });
	events?.send({ price: 42 }, { event: 'quote' });
});
`;

test('this TypeScript refuses ES3: ES5 is the oldest target it accepts', () => {
	const parsed = ts.parseJsonConfigFileContent({ compilerOptions: { target: 'ES3' } }, ts.sys, work);
	const program = ts.createProgram({ rootNames: [], options: parsed.options });
	const codes = [...parsed.errors, ...program.getOptionsDiagnostics()].map((d) => d.code);
	assert.ok(codes.includes(5108), 'target ES3 is removed (TS5108), got ' + codes.join(','));
});

test('TypeScript ' + ts.version + ' compiles CommonJS and ESM consumers of the packed package targeting ES5 (skipLibCheck false)', {
	skip: npmUnavailable(),
}, (t) => {
	const es5 = { ...compilerOptions, module: 'nodenext', moduleResolution: 'nodenext', target: 'ES5' };
	// typescript itself is this repository's: projectTsc runs it when the project has none.
	const project = cleanProject(work, 'velox-hello-es5', ['@types/node@' + installedVersion('@types/node')], {
		'hello.ts': helloCommonJs,
		'hello-esm.mts': helloEsm,
		'sse.mts': sseEsm,
		'tsconfig.json': JSON.stringify({ compilerOptions: es5, files: ['hello.ts', 'hello-esm.mts', 'sse.mts'] }),
		'tsconfig.node10.json': JSON.stringify({ compilerOptions: { ...compilerOptions, target: 'ES5' }, files: ['hello.ts'] }),
	});
	if (!project.dir) return t.skip(project.unreachable);
	for (const config of ['tsconfig.json', 'tsconfig.node10.json']) {
		const tsc = projectTsc(project.dir, config);
		assert.equal(tsc.status, 0, config + ': ' + tsc.output);
	}
});

test('no built declaration has an ECMAScript private member (#private), which targets below ES2015 reject', () => {
	const found: string[] = [];
	const walk = (dir: string): void => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const file = join(dir, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (/\.d\.[cm]?ts$/.test(entry.name) && /^\s*(static\s+)?#\w/m.test(readFileSync(file, 'utf8'))) found.push(file);
		}
	};
	walk(join(packageRoot(), 'lib'));
	assert.deepEqual(found, []);
});
