/**
 * The oldest compiler the published declarations support: TypeScript 4.1 (the first with
 * template literal types, which route parameters need), with an @types/node of its time, on a
 * clean install of the packed tarball, skipLibCheck false. CommonJS only: the ESM declarations
 * need TypeScript 4.7's node16 resolution. Skips, saying why, without npm or the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, helloCommonJs, npmUnavailable, projectTsc } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-old-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('TypeScript 4.1 compiles a hello world against the packed package (skipLibCheck false)', { skip: npmUnavailable() }, (t) => {
	const tsconfig = {
		compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2020', types: ['node'] },
		files: ['hello.ts'],
	};
	const project = cleanProject(work, 'velox-hello-ts41', ['typescript@4.1', '@types/node@16.18.0'], {
		'hello.ts': helloCommonJs,
		'tsconfig.json': JSON.stringify(tsconfig),
	});
	if (!project.dir) return t.skip(project.unreachable);
	const tsc = projectTsc(project.dir);
	assert.equal(tsc.status, 0, 'TypeScript 4.1: ' + tsc.output);
});
