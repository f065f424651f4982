/**
 * The published build is one script (scripts/bundle.js): dist/bundle.js holds Velox's modules
 * and the nine packages every app loads at startup, and every other dist/*.js is a stub that
 * returns the bundle's instance. Checked here on what users get:
 * - the shape of dist/ (stubs, the inlined packages' license notices, no path of the build machine);
 * - the packed tarball, installed in a clean project with only its declared `dependencies` (so
 *   none of the nine is installed), answers as express@4 on what each inlined package does, and
 *   depd reports a deprecation at the app's own line, as with express@4.
 * The test build is bundled the same way, so the rest of the suite runs on this shape too.
 * Skips the packed part, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { packageRoot } from './helpers/aliased-express';
import { cleanProject, npmUnavailable } from './types.helpers';

const INLINED = ['content-type', 'depd', 'encodeurl', 'escape-html', 'fresh', 'ms', 'range-parser', 'statuses', 'vary'];
const dist = join(packageRoot, 'dist');

/** Every .js file under `dir`, relative to it with '/' separators. */
function scripts(dir: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.js'))
		.map((file) => file.split('\\').join('/'))
		.sort();
}

describe('dist/ is one bundle', () => {
	test('every module path is a stub that returns the bundle’s instance of that module', () => {
		const files = scripts(dist).filter((file) => file !== 'bundle.js');
		assert.ok(files.includes('index.js') && files.includes('lib/router/index.js') && files.includes('static.js'));
		for (const file of files) {
			const text = readFileSync(join(dist, file), 'utf8');
			const toBundle = relative(join(dist, file, '..'), join(dist, 'bundle.js'))
				.split('\\')
				.join('/');
			assert.match(text, /^\/\/ Velox bundle stub: /, file);
			assert.ok(text.includes(`require(${JSON.stringify(toBundle.startsWith('.') ? toBundle : `./${toBundle}`)})(${JSON.stringify(file)})`), file);
		}
		const velox = require(join(dist, 'index.js'));
		assert.equal(require(join(dist, 'lib', 'router', 'index.js')), velox.Router);
		assert.equal(require(join(dist, 'router', 'router.js')).Router, velox.Router);
		assert.equal(require(join(dist, 'bundle.js'))('lib/request.js'), velox.request);
	});

	test('carries the license notice of each inlined package, and no path of the machine that built it', () => {
		const text = readFileSync(join(dist, 'bundle.js'), 'utf8');
		for (const name of INLINED) {
			const { version } = JSON.parse(readFileSync(join(packageRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
			assert.ok(text.includes(`/* ${name}@${version} (MIT), `), name);
		}
		assert.ok(!text.includes(packageRoot), 'an absolute path of the build');
	});
});

describe('scripts/bundle.js on a module tree of its own', () => {
	const dir = mkdtempSync(join(tmpdir(), 'velox-bundler-'));
	after(() => rmSync(dir, { recursive: true, force: true }));
	const script = join(packageRoot, 'scripts', 'bundle.js');

	test('node’s module semantics: one instance per module, cycles, lazy requires, a module that threw runs again', () => {
		mkdirSync(join(dir, 'sub'));
		const files: Record<string, string> = {
			'index.js':
				"'use strict';\nexports.early = 1;\nconst b = require('./sub/b');\nexports.b = b;\nexports.lazy = () => require('./lazy');\nexports.flaky = () => require('./flaky');\n",
			'sub/b.js': "'use strict';\nconst index = require('../index');\nexports.sawEarly = index.early;\nexports.sawB = index.b;\nexports.file = __filename;\n",
			'lazy.js': "'use strict';\nglobalThis.lazyRuns = (globalThis.lazyRuns || 0) + 1;\nmodule.exports = { lazy: true };\n",
			'flaky.js':
				"'use strict';\nglobalThis.flakyRuns = (globalThis.flakyRuns || 0) + 1;\nif (globalThis.flakyRuns === 1) throw new Error('first run fails');\nmodule.exports = 'second run';\n",
		};
		for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
		execFileSync(process.execPath, [script, dir], { encoding: 'utf8' });
		const out = execFileSync(
			process.execPath,
			[
				'-e',
				`const index = require(${JSON.stringify(join(dir, 'index.js'))});
const b = require(${JSON.stringify(join(dir, 'sub', 'b.js'))});
const ranBefore = require(${JSON.stringify(join(dir, 'bundle.js'))}).loaded();
const lazy = index.lazy();
let first;
try { index.flaky(); } catch (error) { first = error.message; }
const second = index.flaky();
process.stdout.write(JSON.stringify({ same: b === index.b, sawEarly: b.sawEarly, sawB: b.sawB === undefined, file: b.file, ranBefore, lazy, lazySame: lazy === index.lazy(), lazyRuns: globalThis.lazyRuns, first, second, flakyRuns: globalThis.flakyRuns }));`,
			],
			{ encoding: 'utf8' },
		);
		assert.deepEqual(JSON.parse(out), {
			same: true,
			sawEarly: 1,
			sawB: true,
			file: join(dir, 'sub', 'b.js'),
			ranBefore: ['index.js', 'sub/b.js'],
			lazy: { lazy: true },
			lazySame: true,
			lazyRuns: 1,
			first: 'first run fails',
			second: 'second run',
			flakyRuns: 2,
		});
		assert.match(
			readFileSync(join(dir, 'sub', 'b.js'), 'utf8'),
			/^\/\/ Velox bundle stub: .*\nmodule\.exports = require\("\.\.\/bundle\.js"\)\("sub\/b\.js"\);\n$/,
		);
		// The stubs are not bundled again: tsc must write the modules first.
		const again = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
		assert.notEqual(again.status, 0);
		assert.match(again.stderr, /already a bundle stub: run tsc before bundling/);
	});
});

// Runs in the clean project: the same app on the installed velox and on the repository's
// express@4 (its path in EXPRESS), the same requests; prints what each answered.
const probe = `
const http = require('node:http');
const missing = ${JSON.stringify(INLINED)}.filter((name) => { try { require.resolve(name); return false; } catch { return true; } });
function build(framework) {
	const app = framework();
	app.get('/status', (req, res) => res.sendStatus(418));
	app.get('/fresh', (req, res) => { res.set('ETag', '"v1"'); res.send('body'); });
	app.get('/range', (req, res) => res.json(req.range(1000) ?? null));
	app.get('/vary', (req, res) => { res.vary('Accept'); res.vary('Origin'); res.send('v'); });
	app.get('/charset', (req, res) => { res.type('text/plain; charset=latin1'); res.send('t'); });
	app.get('/redirect', (req, res) => res.redirect('/a b?<c>'));
	app.get('/max-age', (req, res) => res.sendFile(__filename, { maxAge: '1h' }));
	app.get('/deprecated', (req, res) => res.send(201, 'created'));
	return app;
}
const requests = [
	['/status', {}], ['/fresh', { 'If-None-Match': '"v1"' }], ['/fresh', {}], ['/range', { Range: 'bytes=0-9,20-' }],
	['/vary', {}], ['/charset', {}], ['/redirect', { Accept: 'text/html' }], ['/max-age', {}], ['/deprecated', {}],
	['/missing<script>', {}],
];
const HEADERS = ['content-type', 'content-length', 'vary', 'location', 'cache-control', 'etag'];
function ask(port, [path, headers]) {
	return new Promise((resolve, reject) => {
		http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk) => { body += chunk; });
			res.on('end', () => resolve({ path, status: res.statusCode, headers: Object.fromEntries(HEADERS.map((name) => [name, res.headers[name]])), body }));
		}).on('error', reject);
	});
}
async function run(framework) {
	const server = build(framework).listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	const answers = [];
	for (const request of requests) answers.push(await ask(server.address().port, request));
	server.close();
	return answers;
}
(async () => {
	const velox = await run(require('velox'));
	const express = await run(require(process.env.EXPRESS));
	process.stdout.write(JSON.stringify({ missing, velox, express }));
})();
`;

interface Answer {
	path: string;
	status: number;
	headers: Record<string, string | undefined>;
	body: string;
}

describe('the packed package, installed with only its dependencies', () => {
	const work = mkdtempSync(join(tmpdir(), 'velox-bundle-'));
	after(() => rmSync(work, { recursive: true, force: true }));

	test('answers as express@4 where the inlined packages do the work, without them installed', { skip: npmUnavailable() }, (t) => {
		const project = cleanProject(work, 'velox-bundle', [], { 'app.js': probe });
		if (!project.dir) return t.skip(project.unreachable);
		const run = spawnSync(process.execPath, ['app.js'], {
			cwd: project.dir,
			encoding: 'utf8',
			env: { ...process.env, EXPRESS: require.resolve('express'), NO_DEPRECATION: '' },
			timeout: 60_000,
		});
		assert.equal(run.status, 0, run.stderr);
		const { missing, velox, express } = JSON.parse(run.stdout) as { missing: string[]; velox: Answer[]; express: Answer[] };
		assert.deepEqual(missing, INLINED, 'the nine packages are not installed beside velox');
		assert.deepEqual(velox, express);
		// What the answers hold, so that two equal answers are not the same failure twice.
		const answer = (path: string, index = 0) => velox.filter((each) => each.path === path)[index];
		assert.equal(answer('/status').body, "I'm a Teapot");
		assert.equal(answer('/fresh').status, 304);
		assert.equal(answer('/fresh', 1).status, 200);
		assert.equal(answer('/range').body, '[{"start":0,"end":9},{"start":20,"end":999}]');
		assert.equal(answer('/vary').headers.vary, 'Accept, Origin');
		// res.send of a string sets charset=utf-8 (content-type parses and formats the header).
		assert.equal(answer('/charset').headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(answer('/redirect').headers.location, '/a%20b?%3Cc%3E');
		assert.equal(answer('/max-age').headers['cache-control'], 'public, max-age=3600');
		assert.equal(answer('/deprecated').status, 201);
		assert.equal(answer('/missing<script>').status, 404);
		assert.ok(answer('/missing<script>').body.includes('Cannot GET /missing%3Cscript%3E'));
		// depd, inside the bundle, names the app's own line for both (one line builds both apps).
		const line = probe.split('\n').findIndex((text) => text.includes("'/deprecated'")) + 1;
		const warnings = run.stderr.split('\n').filter((text) => text.includes(' deprecated '));
		assert.equal(warnings.length, 2, run.stderr);
		// depd's plain format: '<date> <namespace> deprecated <message> at <file>:<line>:<column>'.
		assert.match(
			warnings[0],
			new RegExp(` velox deprecated res\\.send\\(status, body\\): Use res\\.status\\(status\\)\\.send\\(body\\) instead at app\\.js:${line}:\\d+$`),
		);
		assert.match(warnings[1], / express deprecated /);
		assert.equal(warnings[0].split(' deprecated ')[1], warnings[1].split(' deprecated ')[1]);
	});
});
