/**
 * The migration report (src/core/lines/migration.ts, docs/migration-report.md): each app below runs
 * in a child node, since VELOX_MIGRATION_REPORT is read as Velox loads. Its first lines are a
 * header (HEADER_LINES), so an app's own line N is line N + HEADER_LINES of app.js.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { linePolicy } from '../src/core/lines';
import { express4 } from '../src/core/lines/express4';
import { categories, type MigrationReport } from '../src/core/lines/migration';
import velox from '../src/express';

const dir = mkdtempSync(join(tmpdir(), 'velox-migration-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// The header: the app's `express`, and `requests` to send once the app is built; the child prints
// every response (status, headers but Date, body) as JSON.
const header = [
	`const express = require(${JSON.stringify(join(__dirname, '..', 'src', 'express'))});`,
	'const run = (app, requests) => { const server = app.listen(0, async () => { const out = []; for (const [method, path] of requests) { const r = await fetch("http://127.0.0.1:" + server.address().port + path, { method }); const headers = Object.fromEntries([...r.headers].filter(([k]) => k !== "date" && k !== "keep-alive" && k !== "connection")); out.push({ status: r.status, headers, body: await r.text() }); } server.close(); process.stdout.write(JSON.stringify(out)); }); };',
];
const HEADER_LINES = header.length;

interface Run {
	readonly stdout: string;
	readonly stderr: string;
	readonly report: MigrationReport | undefined;
}

let count = 0;
function runApp(body: string, mode: 'on' | 'off' = 'on'): Run {
	const name = `app${++count}`;
	const file = join(dir, `${name}.js`);
	const reportFile = join(dir, `${name}.json`);
	writeFileSync(file, `${header.join('\n')}\n${body}\n`);
	const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
	delete env.VELOX_MIGRATION_REPORT;
	if (mode === 'on') env.VELOX_MIGRATION_REPORT = reportFile;
	const child = spawnSync(process.execPath, [file], { cwd: dir, env, encoding: 'utf8', timeout: 20_000 });
	assert.equal(child.status, 0, child.stderr);
	const report = mode === 'on' ? (JSON.parse(readFileSync(reportFile, 'utf8')) as MigrationReport) : undefined;
	return { stdout: child.stdout, stderr: child.stderr, report };
}

/** The findings as `category site count`, the site relative to the app's own lines. */
function found(run: Run): string[] {
	return (run.report?.findings ?? []).map((f) => {
		const match = /^app\d+\.js:(\d+):\d+$/.exec(f.site);
		const site = match ? `line ${Number(match[1]) - HEADER_LINES}` : f.site;
		return `${f.category} ${site} ${f.count}x ${f.detail}`;
	});
}

describe('the migration report', () => {
	test('off: linePolicy() is express4 itself, and velox.migrationReport() says off', () => {
		assert.equal(process.env.VELOX_MIGRATION_REPORT, undefined);
		assert.equal(linePolicy(), express4);
		assert.equal(linePolicy().migration, undefined);
		// The hot path's rows are express4's own functions, and the removed members plain properties.
		assert.equal(velox.response.status, express4.response.status);
		assert.equal(Object.getOwnPropertyDescriptor(velox.application, 'del')?.get, undefined);
		assert.equal(Object.getOwnPropertyDescriptor(velox.request, 'param')?.get, undefined);
		assert.equal(Object.getOwnPropertyDescriptor(velox, 'query')?.get, undefined);
		assert.deepEqual(velox.migrationReport(), { enabled: false, findings: [] });
	});

	test('res.status with a string or fractional code: one finding per site, counted', () => {
		const run = runApp(
			[
				'const app = express();',
				"app.get('/a', (req, res) => res.status('201').end());",
				"app.get('/b', (req, res) => res.status(200.5).end());",
				"app.get('/c', (req, res) => res.status(201).end());",
				"run(app, [['GET', '/a'], ['GET', '/a'], ['GET', '/b'], ['GET', '/c']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), ['response.status line 2 2x res.status with a string code', 'response.status line 3 1x res.status with a fractional code']);
	});

	test('res.sendStatus with a code outside 100-999', () => {
		const run = runApp(
			["const app = express(); app.set('env', 'test');", "app.get('/', (req, res) => res.sendStatus(1000));", "run(app, [['GET', '/']]);"].join('\n'),
		);
		assert.deepEqual(found(run), ['response.setSendStatus line 2 1x res.sendStatus with a code outside 100-999']);
	});

	test("the default query parser on bracketed keys, at the app's creation", () => {
		const run = runApp(
			[
				'const app = express();',
				"app.get('/', (req, res) => res.json(req.query));",
				"run(app, [['GET', '/?filter[status]=open&tag[]=a'], ['GET', '/?plain=1'], ['GET', '/?a=1&b=2']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), ['application.defaultQueryParser line 1 1x query keys shaped x[] x[x]']);
	});

	test('the automatic OPTIONS answer', () => {
		const run = runApp(
			['const app = express();', "app.post('/', (req, res) => res.end()); app.get('/', (req, res) => res.end());", "run(app, [['OPTIONS', '/']]);"].join('\n'),
		);
		assert.deepEqual(found(run), ['router.sendOptions (the router, for a path of the app) 1x Allow: POST,GET,HEAD']);
	});

	test('the members Express 5 removed, and express.static.mime, at the reading site', () => {
		const run = runApp(
			[
				'const app = express();',
				"app.del('/', (req, res) => res.end());",
				"app.get('/p/:id', (req, res) => res.end(String(req.param('id'))));",
				"app.get('/c', (req, res) => res.end(String(req.acceptsCharset('utf-8'))));",
				"app.get('/f', (req, res) => res.end(typeof res.sendfile));",
				'app.use(express.query());',
				'const mime = express.static.mime;',
				"run(app, [['GET', '/p/1'], ['GET', '/c'], ['GET', '/f']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), [
			'factory.staticMime line 7 1x express.static.mime',
			'removed.application line 2 1x app.del',
			'removed.factory line 6 1x express.query',
			'removed.request line 3 1x req.param',
			'removed.request line 4 1x req.acceptsCharset',
			'removed.response line 5 1x res.sendfile',
		]);
		const finding = run.report?.findings.find((f) => f.category === 'removed.application');
		assert.equal(finding?.title, 'app.del and app.lazyrouter removed');
		assert.equal(finding?.fix, 'app.delete(path, ...); app.router for the router');
	});

	test('route strings Express 5 reads differently: at the registration, with the path-to-regexp 8 form', () => {
		const run = runApp(
			[
				'const app = express();',
				"app.get('/users/:id?', (req, res) => res.end());",
				"app.get('/files/*', (req, res) => res.end());",
				"app.get('/g/:id(\\\\d+)', (req, res) => res.end());",
				"app.use('/api/:path*', (req, res, next) => next());",
				"app.get('/plain/:id/items', (req, res) => res.end()); app.get(/^\\/re$/, (req, res) => res.end());",
				"run(app, [['GET', '/users/1'], ['GET', '/users/2']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), [
			'router.routeSyntax line 2 1x route "/users/:id?" is "/users{/:id}" in Express 5',
			'router.routeSyntax line 3 1x route "/files/*" is "/files{/*splat}" in Express 5',
			'router.routeSyntax line 4 1x route "/g/:id(\\\\d+)" is "/g/:id" in Express 5; path-to-regexp 8 has no regular expressions in paths: check the value in the handler, or use a RegExp route',
			'router.routeSyntax line 5 1x route "/api/:path*" is "/api{/*path}" in Express 5',
		]);
		// Each rewrite is a path path-to-regexp 8 (Express 5's) accepts.
		const { pathToRegexp } = require('path-to-regexp') as { pathToRegexp(path: string): unknown };
		for (const path of ['/users{/:id}', '/files{/*splat}', '/g/:id', '/api{/*path}']) assert.doesNotThrow(() => pathToRegexp(path), path);
	});

	test('the signatures and forms Express 5 removed, at the call', () => {
		const run = runApp(
			[
				"const app = express(); app.set('env', 'test');",
				"app.get('/a', (req, res) => res.send(200)); app.get('/b', (req, res) => res.json({ a: 1 }, 201));",
				"app.get('/c', (req, res) => res.redirect('/x', 301)); app.get('/d', (req, res) => res.redirect('back'));",
				"app.get('/e', (req, res) => res.clearCookie('s', { maxAge: 1000 }).end());",
				"app.get('/f', (req, res) => res.vary().end()); app.get('/h', (req, res) => res.end(String(req.host)));",
				'app.param((name, fn) => fn);',
				"run(app, [['GET', '/a'], ['GET', '/b'], ['GET', '/c'], ['GET', '/d'], ['GET', '/e'], ['GET', '/f'], ['GET', '/h']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), [
			'request.hostWithPort line 5 1x req.host read, Host with a port',
			'response.clearCookieKeepsExpiry line 4 1x res.clearCookie with maxAge',
			'response.legacyBodyForms line 2 1x res.send(status)',
			'response.legacyBodyForms line 2 1x res.json(obj, status)',
			"response.locationBack line 3 1x res.location('back') or res.redirect('back')",
			'response.redirectUrlFirst line 3 1x res.redirect(url, status)',
			'response.varyWithoutFieldWarns line 5 1x res.vary() without a field',
			'router.paramShorthands line 6 1x app.param(fn) or router.param(fn)',
		]);
	});

	test('the other two-argument forms, and route strings with characters path-to-regexp 8 reserves, escaped', () => {
		const run = runApp(
			[
				"const app = express(); app.set('env', 'test');",
				"app.get('/a', (req, res) => res.send('x', 201));",
				"app.get('/b', (req, res) => res.jsonp({ a: 1 }, 202));",
				"app.get('/c+d', (req, res) => res.end());",
				"run(app, [['GET', '/a'], ['GET', '/b']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), [
			'response.legacyBodyForms line 2 1x res.send(body, status)',
			'response.legacyBodyForms line 3 1x res.jsonp(obj, status)',
			'router.routeSyntax line 4 1x route "/c+d" is "/c\\\\+d" in Express 5',
		]);
		const { pathToRegexp } = require('path-to-regexp') as { pathToRegexp(path: string): unknown };
		assert.doesNotThrow(() => pathToRegexp('/c\\+d'));
	});

	test('req.body read where no parser set it, at the read; urlencoded() without extended, where it is made', () => {
		const run = runApp(
			[
				'const app = express(); app.use(express.json());',
				'app.use(express.urlencoded());',
				"app.post('/', (req, res) => res.end(String(req.body.name)));",
				"app.post('/ok', (req, res) => res.end(JSON.stringify(req.body)));",
				"run(app, [['POST', '/'], ['POST', '/']]);",
			].join('\n'),
		);
		assert.deepEqual(found(run), [
			'body.skipsRequest line 3 2x req.body read where no parser set it',
			'body.urlencodedExtended line 2 1x express.urlencoded() without extended',
		]);
	});

	test('every row of the line policy has its category', () => {
		for (const [row, category] of Object.entries(categories)) {
			assert.ok(category.title && category.express5 && category.fix, row);
		}
		for (const group of ['factory', 'application', 'request', 'response', 'router', 'body', 'files'] as const) {
			for (const member of Object.keys(express4[group])) assert.ok(`${group}.${member}` in categories, `${group}.${member}`);
		}
		for (const member of Object.keys(express4.removed)) assert.ok(`removed.${member}` in categories, `removed.${member}`);
	});

	test('an Express-5-ready app: an empty report', () => {
		const run = runApp(
			[
				"const app = express(); app.set('query parser', 'extended');",
				"app.get('/:id', (req, res) => res.status(201).json({ id: req.params.id, q: req.query }));",
				"app.options('/:id', (req, res) => res.set('Allow', 'GET').end());",
				"run(app, [['GET', '/1?a[b]=2'], ['OPTIONS', '/1'], ['GET', '/nothing/here']]);",
			].join('\n'),
		);
		assert.deepEqual(run.report, { enabled: true, findings: [] });
	});

	test("on and off answer byte for byte alike; the report holds none of the requests' values; the static members are Velox 4's", () => {
		const app = [
			'const app = express();',
			"app.get('/s/:code', (req, res) => res.status(req.params.code).json({ q: req.query, p: req.param('code') }));",
			"app.get('/n', (req, res) => res.sendStatus(200.5));",
			"app.post('/s/:code', (req, res) => res.end());",
			"app.get('/keys', (req, res) => res.end(Object.keys(express).join(',')));",
			"run(app, [['GET', '/s/201?secretkey[secretsub]=secretvalue&x=secret2'], ['GET', '/s/299.5'], ['GET', '/n'], ['OPTIONS', '/s/200'], ['GET', '/missing?a[b]=c'], ['GET', '/keys']]);",
		].join('\n');
		const on = runApp(app, 'on');
		const off = runApp(app, 'off');
		assert.equal(on.stdout, off.stdout);
		// depd's warnings: alike but for their time and the file's name.
		const warnings = (run: Run) => run.stderr.replace(/^.* GMT /gm, '').replace(/app\d+\.js/g, 'app.js');
		assert.equal(warnings(on), warnings(off));
		const responses = JSON.parse(on.stdout) as { body: string }[];
		assert.equal(responses[5]?.body, 'application,request,response,Route,Router,json,raw,text,urlencoded,static,query');
		const text = JSON.stringify(on.report);
		for (const value of ['secret', '299', 'missing', '200.5']) assert.equal(text.includes(value), false, value);
		assert.equal(on.report?.findings.length, 5);
	});

	test('VELOX_MIGRATION_REPORT=1 prints a table at exit, =json the JSON', () => {
		const file = join(dir, 'table.js');
		writeFileSync(file, `${header[0]}\nconst app = express(); app.del('/', () => {});\n`);
		const table = spawnSync(process.execPath, [file], { cwd: dir, env: { ...process.env, VELOX_MIGRATION_REPORT: '1' }, encoding: 'utf8' });
		assert.match(table.stderr, /Velox migration report: 1 finding\(s\)/);
		assert.match(table.stderr, /removed\.application {2}app\.del and app\.lazyrouter removed\n {2}at {5}table\.js:2:28 {2}\(1x\) {2}app\.del/);
		const json = spawnSync(process.execPath, [file], { cwd: dir, env: { ...process.env, VELOX_MIGRATION_REPORT: 'json' }, encoding: 'utf8' });
		const report = JSON.parse(json.stderr.slice(json.stderr.indexOf('{'))) as MigrationReport;
		assert.equal(report.findings[0]?.site, 'table.js:2:28');
	});
});
