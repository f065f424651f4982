/**
 * The augmentation type tests of test/types/ (augment-*.ts) on clean installs of the packed
 * tarball with the @types of the common middleware (cookie-parser, express-session, passport,
 * multer, cors, morgan), which bring @types/express and @types/express-serve-static-core with
 * them: every @types package installed is in the program (no `types` option), skipLibCheck
 * false, --strict, with Velox installed as `velox` beside @types/express (as `express`:
 * types.pack-augment.test.ts). Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, installedVersion, npmUnavailable, projectTsc, typesDir } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-augment-velox-'));
after(() => rmSync(work, { recursive: true, force: true }));

const middlewareTypes = ['cookie-parser', 'express-session', 'passport', 'multer', 'cors', 'morgan'].map((name) => '@types/' + name);
const source = (name: string, as = 'velox') => readFileSync(join(typesDir, name), 'utf8').replace(/require\('velox'\)/g, `require('${as}')`);

function tsconfig(files: string[]): string {
	return JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2022', lib: ['ES2022'] }, files });
}

test('installed as velox beside @types/express and the middleware @types: the augmentations compile', { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const project = cleanProject(work, 'velox-beside-types-express', ['@types/node@' + installedVersion('@types/node'), '@types/express@4', ...middlewareTypes], {
		'helpers.ts': source('helpers.ts'),
		'augment-core.ts': source('augment-core.ts'),
		'augment-module.ts': source('augment-module.ts'),
		'tsconfig.json': tsconfig(['helpers.ts', 'augment-core.ts', 'augment-module.ts']),
	});
	if (!project.dir) return t.skip(project.unreachable);
	const tsc = projectTsc(project.dir);
	assert.equal(tsc.status, 0, tsc.output);
});
