/**
 * Velox 5 as users get it (docs/lines.md): `npm run pack:5` (scripts/pack-line.js) packs the
 * repository's build with lib/line.js saying 5, and the tarball, installed in a clean project
 * under the name `express` (`"express": "file:…"`, as `npm:velox@^5` installs it), is Velox 5:
 * - version 5.x (package.json's `velox.line5Version`), the Express 5 description, and the same
 *   `exports`, `files`, `engines` and dependencies as Velox 4;
 * - the same files as `npm pack` at the root (Velox 4), byte for byte but package.json and the
 *   line module (lib/line.js, its map, lib/line.d.ts) and the line of the types (lib/core/types/line.d.ts);
 * - from a child process, `require('express')` answers as express@5 where the line policy has
 *   rows (res.status's range, no `express.query`, the sorted OPTIONS `Allow`, the `simple` query
 *   parser), and `import express from 'express'` gives the same object;
 * - packing leaves package-lock.json and the root build (lib/line.js says 4) as they were.
 * Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { packageRoot } from './helpers/package-root';
import { cleanProject, npmUnavailable } from './types.helpers';

const root = packageRoot();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The files of the line module and the line of the types (lib/core/types/line.d.ts), the only code that differs between the two packages. */
const LINE_MODULE = ['lib/core/types/line.d.ts', 'lib/line.d.ts', 'lib/line.js', 'lib/line.js.map'];

/** Every file under `dir`, relative with '/' separators. */
function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) =>
			join(entry.parentPath, entry.name)
				.slice(dir.length + 1)
				.split('\\')
				.join('/'),
		)
		.sort();
}

// Runs in the clean project: the same app on the installed `express` (Velox 5) and on the
// repository's express@5 (its path in EXPRESS5); prints what each answered.
const probe = `
const http = require('node:http');
function build(framework) {
	const app = framework();
	app.set('env', 'test');
	app.get('/status/:code', (req, res) => {
		try {
			res.status(Number(req.params.code));
			res.end(String(res.statusCode));
		} catch (error) {
			res.end(error.constructor.name + ': ' + error.message);
		}
	});
	app.get('/item', (req, res) => res.end());
	app.put('/item', (req, res) => res.end());
	app.delete('/item', (req, res) => res.end());
	app.get('/query', (req, res) => res.json({ query: req.query, setting: app.get('query parser') }));
	return app;
}
const requests = [['GET', '/status/99'], ['GET', '/status/1000'], ['GET', '/status/404'], ['OPTIONS', '/item'], ['GET', '/query?filter[status]=open&a=1&a=2']];
function ask(port, [method, path]) {
	return new Promise((resolve, reject) => {
		http.request({ host: '127.0.0.1', port, method, path }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk) => { body += chunk; });
			res.on('end', () => resolve({ method, path, status: res.statusCode, allow: res.headers.allow, type: res.headers['content-type'], body }));
		}).on('error', reject).end();
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
	const express = require('express');
	const shape = (framework) => ({ query: 'query' in framework, del: 'del' in framework(), param: 'param' in framework.request, sendfile: 'sendfile' in framework.response });
	process.stdout.write(JSON.stringify({
		version: require('express/package.json').version,
		line: require('express/lib/line.js').LINE,
		shape: shape(express),
		expected: shape(require(process.env.EXPRESS5)),
		velox: await run(express),
		express5: await run(require(process.env.EXPRESS5)),
	}));
})();
`;

// The same package through node's ESM loader.
const esmProbe = `import express, { Router, json } from 'express';
import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
process.stdout.write(JSON.stringify({
	same: express === require('express'),
	line: require('express/lib/line.js').LINE,
	query: 'query' in express,
	router: typeof Router,
	// The ESM entry's Router is the export of the module 'router' the CommonJS entry loaded.
	routerModule: Router === require(require.resolve('router', { paths: [path.dirname(require.resolve('express'))] })),
	json: json === express.json,
	parser: express().get('query parser'),
}));
`;

// The module 'router' as the APM agents find it (docs/agents-velox5.md): resolved from the
// framework's folder, its lib/layer.js's Layer patched as dd-trace and OpenTelemetry patch it, the
// same app on the installed Velox 5 and on express@5 (FRAMEWORK, a path, or 'express').
const routerProbe = `
const http = require('node:http');
const path = require('node:path');
const frameworkMain = require.resolve(process.env.FRAMEWORK);
const frameworkDir = path.dirname(frameworkMain);
const routerMain = require.resolve('router', { paths: [frameworkDir] });
const routerDir = path.dirname(routerMain);
// The framework first: velox-router is loaded by Velox 5 (what follows gets node's cached modules).
const express = require(frameworkMain);
const Layer = require(path.join(routerDir, 'lib', 'layer.js'));
const entered = [];
const handleRequest = Layer.prototype.handleRequest;
Layer.prototype.handleRequest = function (req, res, next) {
	entered.push(this.name + (this.path === undefined && this.params === undefined ? '' : ' (match state)'));
	return handleRequest.call(this, req, res, next);
};
const handleError = Layer.prototype.handleError;
Layer.prototype.handleError = function (error, req, res, next) {
	entered.push('error ' + this.name);
	return handleError.call(this, error, req, res, next);
};
const app = express();
app.use(function logger(req, res, next) { next(); });
const api = express.Router();
api.get('/users/:id', function getUser(req, res) { res.json(req.params); });
api.get('/fail', function fail(req, res, next) { next(new Error('fail')); });
api.use(function apiErrors(err, req, res, next) { res.status(502).end(err.message); });
app.use('/api', api);
function ask(port, path) {
	return new Promise((resolve, reject) => {
		http.get({ host: '127.0.0.1', port, path }, (res) => {
			let body = '';
			res.on('data', (chunk) => { body += chunk; });
			res.on('end', () => resolve(res.statusCode + ' ' + body));
		}).on('error', reject);
	});
}
(async () => {
	const server = app.listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	const answers = [];
	for (const path of ['/api/users/7', '/api/fail', '/nowhere']) answers.push(await ask(server.address().port, path));
	server.close();
	const manifest = require(path.join(routerDir, 'package.json'));
	process.stdout.write(JSON.stringify({
		router: { name: manifest.name, version: manifest.version, main: path.relative(frameworkDir, routerMain).split(path.sep).join('/') },
		loaded: Object.keys(require.cache).filter((file) => file.startsWith(routerDir + path.sep)).map((file) => path.relative(routerDir, file).split(path.sep).join('/')).sort(),
		exported: express.Router === require(routerMain),
		instances: app.router instanceof express.Router && api instanceof express.Router && new express.Router() instanceof express.Router,
		prototypeMethods: ['use', 'route', 'param', 'handle'].every((name) => typeof express.Router.prototype[name] === 'function'),
		staticUse: typeof express.Router.use,
		route: express.Route === express.Router.Route,
		routeLayer: api.stack[0].name,
		entered,
		answers,
	}));
})();
`;

interface Answer {
	method: string;
	path: string;
	status: number;
	allow?: string;
	type?: string;
	body: string;
}

describe('Velox 5, packed by npm run pack:5 and installed as express', { skip: npmUnavailable() }, () => {
	const work = mkdtempSync(join(tmpdir(), 'velox-line5-'));
	after(() => rmSync(work, { recursive: true, force: true }));
	const lock = join(root, 'package-lock.json');
	const rootLine = join(root, 'lib', 'line.js');
	let before5: { lock: string; line: string };
	let tarball = '';
	// One clean project for the tests below, installed by the first that asks.
	let project: ReturnType<typeof cleanProject> | undefined;
	const installed = () => {
		project ??= cleanProject(work, 'velox5-app', [], { 'app.js': probe, 'app.mjs': esmProbe, 'router.js': routerProbe }, 'express', tarball);
		return project;
	};

	before(() => {
		before5 = { lock: sha256(lock), line: readFileSync(rootLine, 'utf8') };
		const output = execFileSync(process.execPath, [join(root, 'scripts', 'pack-line.js'), '5', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			timeout: 300_000,
		});
		tarball = output.trim().split('\n').pop()!;
	});

	test('pack:5 prints the tarball’s path; package-lock.json and the root’s lib/line.js are as they were', () => {
		assert.ok(existsSync(tarball), tarball);
		const { velox } = readJson(join(root, 'package.json')) as { velox: { line5Version: string } };
		assert.equal(tarball, join(work, `velox-${velox.line5Version}.tgz`));
		assert.equal(sha256(lock), before5.lock, 'package-lock.json changed');
		assert.equal(readFileSync(rootLine, 'utf8'), before5.line);
		assert.match(before5.line, /^exports\.LINE = 4;$/m);
		// The root's build is still Velox 4 for a process that loads it.
		const policy = execFileSync(
			process.execPath,
			[
				'-p',
				`require(${JSON.stringify(join(root, 'lib', 'core', 'lines', 'index.js'))}).linePolicy().line + ' ' + require(${JSON.stringify(join(root, 'package.json'))}).version`,
			],
			{ encoding: 'utf8' },
		);
		assert.match(policy.trim(), /^4 4\.\d+\.\d+$/);
	});

	test('installed as express: version 5.x, the same files as Velox 4’s tarball, only the line module and package.json differing', (t) => {
		const project = installed();
		if (!project.dir) return t.skip(project.unreachable);
		const express = join(project.dir, 'node_modules', 'express');
		const { dependencies } = readJson(join(project.dir, 'package.json')) as { dependencies: Record<string, string> };
		assert.match(dependencies.express!, /^file:.*velox-5\.[^/\\]*\.tgz$/);

		const manifest = readJson(join(root, 'package.json'));
		const packed = readJson(join(express, 'package.json'));
		const { velox, ...rest } = manifest as {
			velox: { line5Version: string; line5Dependencies: Record<string, string> };
			dependencies: Record<string, string>;
			bundleDependencies?: string[];
		};
		assert.match(velox.line5Version, /^5\.\d+\.\d+/);
		// Velox 4's dependencies, Velox 5's own (path-to-regexp 8, mime-types 3, …) and the module
		// 'router' (packages/router, bundled: velox-router at a router 2 version), in name order.
		const router = readJson(join(root, 'packages', 'router', 'package.json')) as { name: string; version: string };
		assert.equal(router.name, 'velox-router');
		assert.match(router.version, /^2\.\d+\.\d+$/);
		const dependencies5 = Object.fromEntries(
			Object.entries({ ...rest.dependencies, ...velox.line5Dependencies, router: `npm:velox-router@${router.version}` }).sort(([a], [b]) => (a < b ? -1 : 1)),
		);
		assert.deepEqual(packed.dependencies, dependencies5);
		assert.deepEqual(Object.keys(packed.dependencies as object), Object.keys(dependencies5));
		// What users' tools read first; then the whole manifest: only version, description and dependencies differ, and the `velox` field is left out.
		for (const key of ['exports', 'files', 'engines', 'peerDependencies', 'main', 'types']) assert.deepEqual(packed[key], manifest[key], key);
		assert.deepEqual(packed, {
			...rest,
			version: velox.line5Version,
			description: packed.description,
			dependencies: dependencies5,
			bundleDependencies: ['router'],
		});
		assert.equal(rest.bundleDependencies, undefined, 'Velox 4 bundles nothing');
		assert.match(String(packed.description), /Express 5 interface/);

		const v4 = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', timeout: 120_000 })) as [
			{ files: { path: string }[] },
		];
		const v4Files = v4[0].files.map((file) => file.path).sort();
		const files = filesUnder(express);
		assert.deepEqual(
			files.filter((file) => !file.startsWith('node_modules/')),
			v4Files,
		);
		// The bundled 'router': packages/router's files, as they are.
		const bundled = files.filter((file) => file.startsWith('node_modules/router/')).map((file) => file.slice('node_modules/router/'.length));
		assert.deepEqual(bundled, ['README.md', 'index.js', 'lib/handoff.js', 'lib/layer.js', 'lib/route.js', 'package.json']);
		for (const file of bundled)
			assert.ok(readFileSync(join(express, 'node_modules', 'router', file)).equals(readFileSync(join(root, 'packages', 'router', file))), file);
		const differing = v4Files.filter((file) => !readFileSync(join(express, file)).equals(readFileSync(join(root, file))));
		assert.deepEqual(differing, [...LINE_MODULE, 'package.json']);
		assert.match(readFileSync(join(express, 'lib', 'line.js'), 'utf8'), /^exports\.LINE = 5;$/m);
		assert.match(readFileSync(join(express, 'lib', 'line.d.ts'), 'utf8'), /^export declare const LINE: 5;$/m);
	});

	test('require("express") is Velox 5, answering as express@5; import gives the same object', (t) => {
		const project = installed();
		if (!project.dir) return t.skip(project.unreachable);
		const run = spawnSync(process.execPath, ['app.js'], {
			cwd: project.dir,
			encoding: 'utf8',
			env: { ...process.env, EXPRESS5: require.resolve('express5') },
			timeout: 60_000,
		});
		assert.equal(run.status, 0, run.stderr);
		const result = JSON.parse(run.stdout) as {
			version: string;
			line: number;
			shape: Record<string, boolean>;
			expected: Record<string, boolean>;
			velox: Answer[];
			express5: Answer[];
		};
		assert.match(result.version, /^5\./);
		assert.equal(result.line, 5);
		assert.deepEqual(result.shape, { query: false, del: false, param: false, sendfile: false });
		assert.deepEqual(result.shape, result.expected);
		assert.deepEqual(result.velox, result.express5);
		// What the answers hold, so that two equal answers are not the same failure twice.
		const [tooLow, tooHigh, notFound, options, query] = result.velox;
		assert.equal(tooLow!.body, 'RangeError: Invalid status code: 99. Status code must be greater than 99 and less than 1000.');
		assert.equal(tooHigh!.body, 'RangeError: Invalid status code: 1000. Status code must be greater than 99 and less than 1000.');
		assert.equal(notFound!.status, 404);
		assert.equal(options!.allow, 'DELETE, GET, HEAD, PUT');
		assert.equal(options!.body, 'DELETE, GET, HEAD, PUT');
		assert.deepEqual(JSON.parse(query!.body), { query: { 'filter[status]': 'open', a: ['1', '2'] }, setting: 'simple' });

		const esm = spawnSync(process.execPath, ['app.mjs'], { cwd: project.dir, encoding: 'utf8', timeout: 60_000 });
		assert.equal(esm.status, 0, esm.stderr);
		assert.deepEqual(JSON.parse(esm.stdout), { same: true, line: 5, query: false, router: 'function', routerModule: true, json: true, parser: 'simple' });
	});

	test('the module router: velox-router, bundled as router, is what Velox 5 routes with, and its Layer is every layer, as router 2 under express@5', (t) => {
		const project = installed();
		if (!project.dir) return t.skip(project.unreachable);
		const probeRouter = (framework: string) => {
			const run = spawnSync(process.execPath, ['router.js'], {
				cwd: project.dir,
				encoding: 'utf8',
				env: { ...process.env, FRAMEWORK: framework },
				timeout: 60_000,
			});
			assert.equal(run.status, 0, run.stderr);
			return JSON.parse(run.stdout) as Record<string, unknown> & { router: Record<string, string> };
		};
		const velox5 = probeRouter('express');
		const express5 = probeRouter(require.resolve('express5'));
		const version = (readJson(join(root, 'packages', 'router', 'package.json')) as { version: string }).version;
		assert.deepEqual(velox5.router, { name: 'velox-router', version, main: 'node_modules/router/index.js' });
		assert.equal(express5.router.name, 'router');
		assert.match(express5.router.version, /^2\./);
		// Loaded through node's loader, as router 2's files are (what the agents' module hooks see).
		assert.deepEqual(velox5.loaded, ['index.js', 'lib/handoff.js', 'lib/layer.js', 'lib/route.js', 'package.json']);
		for (const key of ['exported', 'instances', 'prototypeMethods', 'staticUse', 'route', 'routeLayer', 'entered', 'answers']) {
			assert.deepEqual(velox5[key], express5[key], key);
		}
		assert.equal(velox5.exported, true);
		assert.equal(velox5.routeLayer, 'handle');
		// Every layer entered through the patched Layer: middleware, the mounted router, a route's
		// layer and its handler, the error handler; none with a match state on it.
		assert.deepEqual(velox5.entered, ['logger', 'router', 'handle', 'getUser', 'logger', 'router', 'handle', 'fail', 'error apiErrors', 'logger']);
		assert.deepEqual(velox5.answers, ['200 {"id":"7"}', '502 fail', '404 ' + (velox5.answers as string[])[2]!.slice(4)]);
	});

	test('without Velox, velox-router throws: it has no router of its own', (t) => {
		const project = installed();
		if (!project.dir) return t.skip(project.unreachable);
		const run = spawnSync(process.execPath, ['-e', "require('./node_modules/express/node_modules/router')"], {
			cwd: project.dir,
			encoding: 'utf8',
			timeout: 60_000,
		});
		assert.notEqual(run.status, 0);
		assert.match(run.stderr, /velox-router is Velox 5's router, loaded by Velox 5 itself/);
	});
});
