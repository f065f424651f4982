/**
 * The augmentation type tests of test/types/ (augment-*.ts) on clean installs of the packed
 * tarball with the @types of the common middleware (cookie-parser, express-session, passport,
 * multer, cors, morgan), which bring @types/express and @types/express-serve-static-core with
 * them: every @types package installed is in the program (no `types` option), skipLibCheck
 * false, --strict. Velox installed as `express` (an npm alias); as `velox` beside @types/express:
 * types.pack-augment-velox.test.ts. Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, installedVersion, npmUnavailable, projectTsc, typesDir } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-augment-'));
after(() => rmSync(work, { recursive: true, force: true }));

const middlewareTypes = ['cookie-parser', 'express-session', 'passport', 'multer', 'cors', 'morgan'].map((name) => '@types/' + name);
const source = (name: string, as = 'velox') => readFileSync(join(typesDir, name), 'utf8').replace(/require\('velox'\)/g, `require('${as}')`);

function tsconfig(files: string[]): string {
	return JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2022', lib: ['ES2022'] }, files });
}

test('installed as express, with the middleware @types: the augmentations compile', { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const project = cleanProject(
		work,
		'velox-as-express',
		['@types/node@' + installedVersion('@types/node'), ...middlewareTypes],
		{
			'helpers.ts': source('helpers.ts'),
			'augment-core.ts': source('augment-core.ts', 'express'),
			'augment-express.ts': source('augment-express.ts'),
			'tsconfig.json': tsconfig(['helpers.ts', 'augment-core.ts', 'augment-express.ts']),
		},
		'express',
	);
	if (!project.dir) return t.skip(project.unreachable);
	assert.ok(existsSync(join(project.dir, 'node_modules', '@types', 'express-serve-static-core')), 'the middleware @types brought express-serve-static-core');
	const tsc = projectTsc(project.dir);
	assert.equal(tsc.status, 0, tsc.output);
});
