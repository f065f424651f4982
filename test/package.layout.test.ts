/**
 * The package as users and their tools get it (docs/design.md, Package layout):
 * - `index.js` → `lib/express.js`, and Express 4's module paths loaded through node's loader when
 *   `require('velox')` runs, each exporting the object Velox uses (what APM agents hook by path);
 * - the compiler's per-module output with a source map beside each module, the TypeScript inlined,
 *   and no path of the machine that built it;
 * - version 4.x, and every package Velox loads declared in `dependencies`;
 * - the packed tarball, installed in a clean project, answers as express@4, names Velox's own
 *   files in stack traces, and depd reports a deprecation at the app's own line.
 * Skips the packed part, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { packageRoot } from './helpers/aliased-express';
import { cleanProject, npmUnavailable } from './types.helpers';

const lib = join(packageRoot, 'lib');
const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
	version: string;
	main: string;
	dependencies: Record<string, string>;
	peerDependencies?: Record<string, string>;
	files: string[];
	velox: { line5Dependencies: Record<string, string> };
};

/** Express 4's modules, in the order its lib/express.js loads them. */
const EXPRESS_MODULES = [
	'lib/express.js',
	'lib/application.js',
	'lib/middleware/init.js',
	'lib/middleware/query.js',
	'lib/router/index.js',
	'lib/router/route.js',
	'lib/router/layer.js',
	'lib/view.js',
	'lib/request.js',
	'lib/response.js',
];

/** Every .js file under `dir`, relative with '/' separators. */
function scripts(dir: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.js'))
		.map((file) => file.split('\\').join('/'))
		.sort();
}

describe('the built package', () => {
	test('version 4.x: the Express major whose interface it implements, within every agent’s range', () => {
		assert.match(pkg.version, /^4\.(\d+)\.\d+$/);
		assert.ok(Number(pkg.version.split('.')[1]) >= 22, 'at or after the express@4.22 line it is compared with');
		assert.equal(pkg.main, './index.js');
		assert.deepEqual(pkg.files.sort(), ['index.js', 'lib']);
	});

	test('require() loads index.js, lib/express.js and every Express 4 module path through node’s loader', () => {
		const script = `
const root = ${JSON.stringify(packageRoot)};
const velox = require(root);
const path = require('node:path');
const loaded = Object.keys(require.cache).filter((file) => file.startsWith(root + path.sep) && !file.includes('node_modules')).map((file) => path.relative(root, file).split(path.sep).join('/'));
const same = {
	application: require(root + '/lib/application.js') === velox.application,
	request: require(root + '/lib/request.js') === velox.request,
	response: require(root + '/lib/response.js') === velox.response,
	Router: require(root + '/lib/router/index.js') === velox.Router,
	Route: require(root + '/lib/router/route.js') === velox.Route,
	query: require(root + '/lib/middleware/query.js') === velox.query,
};
process.stdout.write(JSON.stringify({ loaded, same }));`;
		const { loaded, same } = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
			loaded: string[];
			same: Record<string, boolean>;
		};
		assert.deepEqual(loaded.slice(0, 2), ['index.js', 'lib/express.js']);
		for (const file of EXPRESS_MODULES) assert.ok(loaded.includes(file), `${file} loaded`);
		assert.ok(!loaded.includes('lib/utils.js'), 'lib/utils.js waits for code that asks for it');
		assert.ok(Object.values(same).every(Boolean), JSON.stringify(same));
	});

	test('an agent’s patch of a module path’s export reaches what Velox runs', () => {
		// What require-in-the-middle does: replace module.exports of lib/middleware/query.js as it loads.
		const script = `
const Module = require('node:module');
const path = require('node:path');
const root = ${JSON.stringify(packageRoot)};
const target = path.join(root, 'lib', 'middleware', 'query.js');
const load = Module._load;
const calls = [];
Module._load = function (request, parent, isMain) {
	const exports = load.apply(this, arguments);
	if (Module._resolveFilename(request, parent, isMain) !== target || exports.patched) return exports;
	const patched = function query(options) { const mw = exports(options); return function query(req, res, next) { calls.push(req.url); mw(req, res, next); }; };
	patched.patched = true;
	require.cache[target].exports = patched;
	return patched;
};
const velox = require(root);
const app = velox();
app.get('/x', (req, res) => res.end('ok'));
app.inject('/x?a=1').then((res) => process.stdout.write(JSON.stringify({ text: res.text, calls, name: app._router.stack[0].name })));`;
		assert.deepEqual(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })), { text: 'ok', calls: ['/x?a=1'], name: 'query' });
	});

	test('each module has its source map, with the TypeScript inlined; no path of the build machine', () => {
		const files = scripts(lib);
		assert.ok(files.length > 60 && files.includes('core/router/dispatch.js'));
		for (const file of files) {
			const text = readFileSync(join(lib, file), 'utf8');
			assert.ok(!text.includes(packageRoot), `${file}: an absolute path`);
			const name = file.split('/').pop();
			assert.ok(text.trimEnd().endsWith(`//# sourceMappingURL=${name}.map`), `${file}: no source map reference`);
			const map = JSON.parse(readFileSync(join(lib, `${file}.map`), 'utf8')) as { sources: string[]; sourcesContent?: string[] };
			assert.equal(map.sources.length, 1, file);
			assert.ok(!map.sources[0]!.startsWith('/'), `${file}: ${map.sources[0]}`);
			assert.ok((map.sourcesContent?.[0]?.length ?? 0) > 0, `${file}: no inlined source`);
		}
	});

	test('every package Velox’s modules require is a declared dependency', () => {
		const required = new Set<string>();
		for (const file of scripts(lib)) {
			// Code only: the doc comments quote `require('express/lib/…')` as users write it.
			const text = readFileSync(join(lib, file), 'utf8')
				.split('\n')
				.filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
				.join('\n');
			for (const [, , name] of text.matchAll(/require\((["'])([^"'.][^"']*)\1\)/g)) {
				const scope = name!.startsWith('@') ? name!.split('/').slice(0, 2).join('/') : name!.split('/')[0]!;
				required.add(scope);
			}
		}
		const builtins = new Set(require('node:module').builtinModules as string[]);
		const packages = [...required].filter((name) => !builtins.has(name)).sort();
		// The optional peer dependencies: velox/otel's API, and ws for app.ws().
		const peers = Object.keys(pkg.peerDependencies ?? {});
		// And Velox 5's own (npm run pack:5 declares them, and bundles packages/router as `router`; only
		// its rows' modules require them: toolchain.bare-core-names).
		assert.deepEqual(
			packages.filter((name) => !peers.includes(name)),
			Object.keys({ ...pkg.dependencies, ...pkg.velox.line5Dependencies, router: 'packages/router' }).sort(),
		);
		assert.ok(!packages.some((name) => name.startsWith('node:')), 'core modules by their bare names');
	});
});

// Runs in the clean project: the same app on the installed velox and on the repository's
// express@4 (its path in EXPRESS), the same requests; prints what each answered.
const probe = `
const http = require('node:http');
const path = require('node:path');
const veloxDir = path.dirname(require.resolve('velox/package.json'));
// Where the packages Velox loads come from: the project's node_modules, where npm audit sees them.
const resolvedFrom = ${JSON.stringify(['content-type', 'depd', 'encodeurl', 'escape-html', 'fresh', 'ms', 'range-parser', 'statuses', 'vary'])}
	.map((name) => path.relative(process.cwd(), require.resolve(name + '/package.json', { paths: [veloxDir] })).split(path.sep).join('/'));
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
	let stack = '';
	try { require('velox')().set('query parser', 'nonsense'); } catch (error) { stack = error.stack; }
	process.stdout.write(JSON.stringify({ resolvedFrom, velox, express, stack }));
})();
`;

interface Answer {
	path: string;
	status: number;
	headers: Record<string, string | undefined>;
	body: string;
}

describe('the packed package, installed with only its dependencies', () => {
	const work = mkdtempSync(join(tmpdir(), 'velox-layout-'));
	after(() => rmSync(work, { recursive: true, force: true }));

	test('answers as express@4, from its dependencies in the app’s node_modules, naming its own files in stack traces', { skip: npmUnavailable() }, (t) => {
		const project = cleanProject(work, 'velox-layout', [], { 'app.js': probe });
		if (!project.dir) return t.skip(project.unreachable);
		const run = spawnSync(process.execPath, ['app.js'], {
			cwd: project.dir,
			encoding: 'utf8',
			env: { ...process.env, EXPRESS: require.resolve('express'), NO_DEPRECATION: '' },
			timeout: 60_000,
		});
		assert.equal(run.status, 0, run.stderr);
		const { resolvedFrom, velox, express, stack } = JSON.parse(run.stdout) as { resolvedFrom: string[]; velox: Answer[]; express: Answer[]; stack: string };
		for (const file of resolvedFrom) assert.match(file, /^node_modules\/[a-z-]+\/package\.json$/);
		assert.deepEqual(velox, express);
		// What the answers hold, so that two equal answers are not the same failure twice.
		const answer = (path: string, index = 0) => velox.filter((each) => each.path === path)[index]!;
		assert.equal(answer('/status').body, "I'm a Teapot");
		assert.equal(answer('/fresh').status, 304);
		assert.equal(answer('/fresh', 1).status, 200);
		assert.equal(answer('/range').body, '[{"start":0,"end":9},{"start":20,"end":999}]');
		assert.equal(answer('/vary').headers.vary, 'Accept, Origin');
		assert.equal(answer('/charset').headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(answer('/redirect').headers.location, '/a%20b?%3Cc%3E');
		assert.equal(answer('/max-age').headers['cache-control'], 'public, max-age=3600');
		assert.equal(answer('/deprecated').status, 201);
		assert.equal(answer('/missing<script>').status, 404);
		assert.ok(answer('/missing<script>').body.includes('Cannot GET /missing%3Cscript%3E'));
		// A stack trace through Velox names its modules, not one bundle.
		assert.match(stack, /node_modules[\\/]velox[\\/]lib[\\/]core[\\/]settings\.js:\d+:\d+/);
		// depd names the app's own line for both (one line builds both apps).
		const line = probe.split('\n').findIndex((text) => text.includes("'/deprecated'")) + 1;
		const warnings = run.stderr.split('\n').filter((text) => text.includes(' deprecated '));
		assert.equal(warnings.length, 2, run.stderr);
		assert.match(
			warnings[0]!,
			new RegExp(` velox deprecated res\\.send\\(status, body\\): Use res\\.status\\(status\\)\\.send\\(body\\) instead at app\\.js:${line}:\\d+$`),
		);
		assert.match(warnings[1]!, / express deprecated /);
	});
});
