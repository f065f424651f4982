/**
 * Velox's types beside pinned releases of @types/express-serve-static-core (the oldest 4.17.x,
 * 4.17.37, the last before `req.ip` became `string | undefined`, and the newest 4.x) with the
 * @types/express of their time, on clean installs of the packed tarball as `express`: every @types
 * package installed is in the program, skipLibCheck false. DefinitelyTyped's Express 4 tests
 * (test/fixtures/definitelytyped/) and code as written against the old releases compile, with the
 * one known difference of types.definitelytyped.test.ts. Skips, saying why, without npm or
 * without the registry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanProject, dtslintToTsc, fixtures, installedVersion, npmUnavailable, projectTsc } from './types.helpers';

const work = mkdtempSync(join(tmpdir(), 'velox-pack-dt-'));
after(() => rmSync(work, { recursive: true, force: true }));

// Code as a project written against @types/express-serve-static-core 4.17.37 writes it.
const writtenFor417 = `import express = require('express');
const app = express();
app.get('/ip', (req, res) => {
	res.setHeader('x-ip', req.ip);
	const ip: string = req.ip;
	res.send(ip);
});
app.get<import('express-serve-static-core').ParamsArray>('/files/*', (req, res) => res.send(req.params[0]));
`;

const releases = [
	{ core: '4.17.0', express: '4.17.0' },
	{ core: '4.17.37', express: '4.17.17' },
	{ core: '4.19.9', express: '4.17.25' },
];

for (const release of releases) {
	test('beside @types/express-serve-static-core@' + release.core + ' and @types/express@' + release.express, {
		skip: npmUnavailable(),
		timeout: 600_000,
	}, (t) => {
		const files: Record<string, string> = { 'written-for-4.17.ts': writtenFor417 };
		for (const name of ['express-v4-tests.ts', 'express-serve-static-core-v4-tests.ts', 'express-serve-static-core-ts4.0-tests.ts']) {
			files[name] = dtslintToTsc(readFileSync(join(fixtures, name), 'utf8'));
		}
		files['tsconfig.json'] = JSON.stringify({
			compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2022', lib: ['ES2022'] },
			files: Object.keys(files),
		});
		const project = cleanProject(
			work,
			'velox-beside-' + release.core,
			[
				'@types/node@' + installedVersion('@types/node'),
				'@types/express-serve-static-core@' + release.core,
				'@types/express@' + release.express,
				'--save-exact',
			],
			files,
			'express',
		);
		if (!project.dir) return t.skip(project.unreachable);
		const installed = JSON.parse(readFileSync(join(project.dir, 'node_modules', '@types', 'express-serve-static-core', 'package.json'), 'utf8')) as {
			version: string;
		};
		assert.equal(installed.version, release.core);
		const tsc = projectTsc(project.dir);
		const all = tsc.output.split('\n').filter((line) => /error TS/.test(line));
		// The oldest releases' own declarations fail against today's @types/node (their Response vs
		// ServerResponse), with or without Velox: reported, not compared.
		const own = all.filter((line) => line.startsWith('node_modules/@types/express-serve-static-core/'));
		if (own.length > 0) t.diagnostic(own.length + ' error(s) in @types/express-serve-static-core@' + release.core + ' itself: ' + own.join('; '));
		const errors = all.filter((line) => !own.includes(line));
		assert.deepEqual(
			errors.map((line) => line.replace(/^([^(]*)\((\d+),\d+\): error (TS\d+).*$/, '$1:$2 $3')),
			[
				'express-serve-static-core-ts4.0-tests.ts:14 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:25 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:99 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:107 TS7053',
			],
			tsc.output,
		);
	});
}
