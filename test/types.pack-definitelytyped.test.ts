/**
 * Velox's types beside pinned releases of @types/express-serve-static-core (the oldest 4.17.x,
 * 4.17.37, the last before `req.ip` became `string | undefined`, and the newest 4.x), each with an
 * @types/express of its time, on one clean install of the packed tarball as `express`, skipLibCheck
 * false: DefinitelyTyped's Express 4 tests (test/fixtures/definitelytyped/) and code as written
 * against the old releases compile, with the one known difference of
 * types.definitelytyped.test.ts. Skips, saying why, without npm or without the registry.
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

// One install for all three: each release under an alias, put in its program as a root file, as
// an installed @types package is (`types` is then limited to node, so that the newest
// express-serve-static-core the aliases depend on stays out).
const alias = (kind: string, version: string) => kind + '-' + version.replace(/\./g, '-');

test("DefinitelyTyped's tests and code written for 4.17.x compile beside pinned @types releases", { skip: npmUnavailable(), timeout: 600_000 }, (t) => {
	const tests = ['written-for-4.17.ts', 'express-v4-tests.ts', 'express-serve-static-core-v4-tests.ts', 'express-serve-static-core-ts4.0-tests.ts'];
	const files: Record<string, string> = { 'written-for-4.17.ts': writtenFor417 };
	for (const name of tests.slice(1)) files[name] = dtslintToTsc(readFileSync(join(fixtures, name), 'utf8'));
	for (const release of releases) {
		files['tsconfig.' + release.core + '.json'] = JSON.stringify({
			compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2022', lib: ['ES2022'], types: ['node'] },
			files: [...tests, 'node_modules/' + alias('core', release.core) + '/index.d.ts', 'node_modules/' + alias('express', release.express) + '/index.d.ts'],
		});
	}
	const dependencies = ['@types/node@' + installedVersion('@types/node')];
	for (const release of releases) {
		dependencies.push(alias('core', release.core) + '@npm:@types/express-serve-static-core@' + release.core);
		dependencies.push(alias('express', release.express) + '@npm:@types/express@' + release.express);
	}
	const project = cleanProject(work, 'velox-beside-pinned', dependencies, files, 'express');
	if (!project.dir) return t.skip(project.unreachable);
	const dir = project.dir;
	for (const release of releases) {
		const version = (name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
		assert.equal(version(alias('core', release.core)), release.core);
		assert.equal(version(alias('express', release.express)), release.express);
		const tsc = projectTsc(dir, 'tsconfig.' + release.core + '.json');
		const all = tsc.output.split('\n').filter((line) => /error TS/.test(line));
		// The oldest releases' own declarations fail against today's @types/node (their Response vs
		// ServerResponse), with or without Velox: reported, not compared.
		const own = all.filter((line) => line.startsWith('node_modules/' + alias('core', release.core) + '/'));
		if (own.length > 0) t.diagnostic(own.length + ' error(s) in @types/express-serve-static-core@' + release.core + ' itself: ' + own.join('; '));
		assert.deepEqual(
			all.filter((line) => !own.includes(line)).map((line) => line.replace(/^([^(]*)\((\d+),\d+\): error (TS\d+).*$/, '$1:$2 $3')),
			[
				'express-serve-static-core-ts4.0-tests.ts:14 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:25 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:99 TS7053',
				'express-serve-static-core-ts4.0-tests.ts:107 TS7053',
			],
			release.core + ': ' + tsc.output,
		);
	}
});
