/**
 * A clean install: the packed tarball installed outside the repository with only @types/node
 * (compiled by this repository's typescript) compiles a hello world under --strict with skipLibCheck false, in CommonJS
 * and ESM. This catches published declarations that need a devDependency (an @types package)
 * or a file left out of the package. Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, helloCommonJs, helloEsm, installedVersion, npmUnavailable, projectTsc } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));

const tsconfig = {
	compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', types: ['node'] },
	files: ['hello.ts', 'hello-esm.mts'],
};

test('the packed package compiles a hello world in a clean project (@types/node only, skipLibCheck false)', { skip: npmUnavailable() }, (t) => {
	// typescript itself is this repository's (same version): installing it again only costs time.
	const project = cleanProject(work, 'velox-hello', ['@types/node@' + installedVersion('@types/node')], {
		'hello.ts': helloCommonJs,
		'hello-esm.mts': helloEsm,
		'tsconfig.json': JSON.stringify(tsconfig),
	});
	if (!project.dir) return t.skip(project.unreachable);
	const installed = JSON.parse(readFileSync(join(project.dir, 'node_modules', 'velox', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
	assert.ok(!Object.keys(installed.dependencies ?? {}).some((name) => name.startsWith('@types/')), 'velox has no @types runtime dependency');
	const tsc = projectTsc(project.dir);
	assert.equal(tsc.status, 0, tsc.output);
});
