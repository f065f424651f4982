/**
 * Startup (docs/design.md, "Startup: deferred modules"): `require('velox')` and a hello app up to `listen` load
 * none of the modules deferred to their first use, except the two `app.listen` loads before the
 * server listens (and a parser loads when it is made what each body it reads needs), and each deferred member
 * still works, is the same value on every read, and loads its module when used.
 * Each check runs in a fresh node process, so no other test has loaded anything.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { sign } from 'cookie-signature';
import etag from 'etag';

const ENTRY = path.join(__dirname, '..', 'src', 'express.js');
/** Velox's implementation modules (the test build's src/core/). */
const CORE = path.join(path.dirname(ENTRY), 'core');

/**
 * Loaded by `app.listen` before the server listens, not by `require('velox')` or `velox()`: a
 * typical app's first requests would otherwise pay for them (qs: a query string with brackets
 * under the default extended query parser; accepts: `res.redirect`, `res.format`, `req.accepts`;
 * mime, etag and node:crypto: the first `res.send`), where Express 4 has loaded them at startup
 * (bench/README.md, "Cold start").
 */
const LOADED_BY_LISTEN = ['qs', 'accepts', 'mime', 'etag'];
const BUILTINS_LOADED_BY_LISTEN = ['crypto'];
/** Packages and Velox files that must not be loaded before their first use. */
const DEFERRED_PACKAGES = ['type-is', 'proxy-addr', 'ipaddr.js', 'content-disposition', 'cookie', 'cookie-signature', 'on-finished', 'iconv-lite', 'raw-body'];
const DEFERRED_FILES = [
	'static.js',
	'inject.js',
	'http2/index.js',
	'lifecycle/shutdown.js',
	'body/index.js',
	'body/discard.js',
	'send/transfer.js',
	'send/response-methods.js',
];
const DEFERRED_BUILTINS = ['http2', 'zlib'];

interface Loaded {
	packages: string[];
	files: string[];
	builtins: string[];
	extra?: unknown;
}

/**
 * Runs `body` (JavaScript, with `velox`, `app` and `server` in scope, `done(extra)` to finish)
 * in a fresh node after a hello app listens (`setup` runs before its route; without `listen`,
 * `body` runs without a server); returns what was loaded then.
 */
function runFresh(body: string, { setup = '', listen = true }: { setup?: string; listen?: boolean } = {}): Loaded {
	const script = `
const path = require('node:path');
const velox = require(${JSON.stringify(ENTRY)});
const app = velox();
${setup}
app.get('/', (req, res) => { res.send('Hello World!'); });
function loaded(extra) {
	const files = Object.keys(require.cache);
	const packages = new Set();
	for (const file of files) {
		const match = /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)[\\\\/]/.exec(file.slice(file.lastIndexOf('node_modules')));
		if (match) packages.add(match[1]);
	}
	// Velox's own modules, relative to src/core/ (every one is an ordinary module in require.cache).
	const core = ${JSON.stringify(CORE + path.sep)};
	const own = files.filter((file) => file.startsWith(core)).map((file) => file.slice(core.length).split(path.sep).join('/'));
	const builtins = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13));
	return { packages: [...packages], files: own, builtins, extra };
}
// node:http, not fetch: undici would load node:http2 itself.
function call(urlPath, { method = 'GET', headers = {}, body } = {}) {
	return new Promise((resolve, reject) => {
		const req = require('node:http').request({ host: '127.0.0.1', port: server.address().port, path: urlPath, method, headers }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (chunk) => { text += chunk; });
			res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
		});
		req.on('error', reject);
		req.end(body);
	});
}
${
	listen
		? `const server = app.listen(0, '127.0.0.1', async () => {
	const done = (extra) => { process.stdout.write(JSON.stringify(loaded(extra))); server.close(); process.exit(0); };
	${body}
});`
		: `(async () => {
	const done = (extra) => { process.stdout.write(JSON.stringify(loaded(extra))); process.exit(0); };
	${body}
})();`
}
`;
	return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Loaded;
}

function assertNotLoaded(loaded: Loaded, packages: string[], files: string[], builtins: string[]): void {
	for (const name of packages) assert.ok(!loaded.packages.includes(name), `package ${name} was loaded`);
	for (const name of files) assert.ok(!loaded.files.includes(name), `src/core/${name} was loaded`);
	for (const name of builtins) assert.ok(!loaded.builtins.includes(name), `node:${name} was loaded`);
}

describe('startup: deferred modules', () => {
	test('a hello app that listens has loaded qs, accepts, mime and the ETag generator, and none of the others', () => {
		const loaded = runFresh('done();');
		// The check sees what it should: the core is there.
		assert.ok(loaded.files.includes('application.js') && loaded.files.includes('router/router.js'));
		assert.ok(loaded.packages.includes('depd'));
		for (const name of LOADED_BY_LISTEN) assert.ok(loaded.packages.includes(name), `package ${name} loaded by listen`);
		for (const name of BUILTINS_LOADED_BY_LISTEN) assert.ok(loaded.builtins.includes(name), `node:${name} loaded by listen`);
		assertNotLoaded(loaded, DEFERRED_PACKAGES, DEFERRED_FILES, DEFERRED_BUILTINS);
	});

	test('an app that does not listen (a script, a test through app.inject) has loaded neither', () => {
		const loaded = runFresh('done();', { listen: false });
		assert.ok(loaded.files.includes('application.js'));
		assertNotLoaded(loaded, [...LOADED_BY_LISTEN, ...DEFERRED_PACKAGES], DEFERRED_FILES, [...BUILTINS_LOADED_BY_LISTEN, ...DEFERRED_BUILTINS]);
	});

	test('listen loads qs only for the query parsers that use it (the one the router took when it was made)', () => {
		for (const setting of ["'simple'", 'false', '(text) => ({ text })']) {
			const loaded = runFresh(`done({ query: (await call('/q?a[b]=1')).text });`, {
				setup: `app.set('query parser', ${setting}); app.get('/q', (req, res) => res.json(req.query));`,
			});
			assert.ok(!loaded.packages.includes('qs'), `qs loaded with query parser ${setting}`);
			assert.ok(loaded.packages.includes('accepts'));
		}
		// The extended parser (the default) gets qs before the first request asks for it.
		const loaded = runFresh(`done({ query: (await call('/q?a[b]=1')).text });`, { setup: `app.get('/q', (req, res) => res.json(req.query));` });
		assert.deepEqual(loaded.extra, { query: '{"a":{"b":"1"}}' });
	});

	test('an extended urlencoded parser loads qs when it is made; a form body passing the JSON parser loads no type-is', () => {
		const extended = runFresh(
			`const before = loaded().packages.includes('qs');
			velox.urlencoded({ extended: true });
			done({ before, after: loaded().packages.includes('qs') });`,
			{ listen: false },
		);
		assert.deepEqual(extended.extra, { before: false, after: true });
		const simple = runFresh(`velox.urlencoded({ extended: false }); done();`, { listen: false });
		assert.ok(!simple.packages.includes('qs'));
		const passing = runFresh(
			`const res = await call('/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user%5Bname%5D=ada' });
			done({ body: res.text });`,
			{ setup: `app.post('/form', velox.json(), velox.urlencoded({ extended: true }), (req, res) => res.json(req.body));` },
		);
		assert.deepEqual(passing.extra, { body: '{"user":{"name":"ada"}}' });
		assert.ok(!passing.packages.includes('type-is'));
	});

	test('the first request loads what answering it needs, and nothing for other features', () => {
		const loaded = runFresh(`
			const res = await call('/');
			done({ status: res.status, etag: res.headers.etag, type: res.headers['content-type'], body: res.text });`);
		assert.deepEqual(loaded.extra, {
			status: 200,
			etag: etag('Hello World!', { weak: true }),
			type: 'text/html; charset=utf-8',
			body: 'Hello World!',
		});
		// The ETag hash and the html type check (mime, for a remapped `html`).
		assert.ok(loaded.builtins.includes('crypto'));
		assert.ok(loaded.packages.includes('mime'));
		assertNotLoaded(loaded, ['type-is', 'proxy-addr', 'content-disposition', 'cookie', 'cookie-signature', 'iconv-lite'], DEFERRED_FILES, ['http2', 'zlib']);
	});

	test('each deferred static member is the same value on every read, with its enumerability unchanged', () => {
		const loaded = runFresh(`
			const names = ['json', 'raw', 'text', 'urlencoded', 'static', 'query', 'timeout', 'shutdown', 'shutdownOnSignal'];
			const stable = names.filter((name) => velox[name] === velox[name] && typeof velox[name] === 'function');
			const enumerable = names.filter((name) => Object.getOwnPropertyDescriptor(velox, name).enumerable);
			const mime = velox.static.mime;
			done({ stable, enumerable, keys: Object.keys(velox), mimeSame: mime === velox.static.mime && mime === require(require.resolve('mime', { paths: [${JSON.stringify(CORE)}] })), staticKeys: Object.keys(velox.static) });`);
		const extra = loaded.extra as Record<string, unknown>;
		assert.deepEqual(extra.stable, ['json', 'raw', 'text', 'urlencoded', 'static', 'query', 'timeout', 'shutdown', 'shutdownOnSignal']);
		assert.deepEqual(extra.enumerable, ['json', 'raw', 'text', 'urlencoded', 'static', 'query']);
		assert.deepEqual(extra.keys, ['application', 'request', 'response', 'Route', 'Router', 'json', 'raw', 'text', 'urlencoded', 'static', 'query']);
		assert.equal(extra.mimeSame, true);
		assert.deepEqual(extra.staticKeys, ['mime']);
		// Reading velox.static.mime loads mime, and only that.
		assert.ok(loaded.packages.includes('mime'));
		assert.ok(!loaded.files.includes('static.js'));
	});

	test('velox.static.mime can be replaced, as a plain property (without listen, which loads mime)', () => {
		const loaded = runFresh(
			`
			const replacement = { lookup: () => 'x/y' };
			velox.static.mime = replacement;
			done({ same: velox.static.mime === replacement, keys: Object.keys(velox.static) });`,
			{ listen: false },
		);
		assert.deepEqual(loaded.extra, { same: true, keys: ['mime'] });
		assert.ok(!loaded.packages.includes('mime'));
	});

	test('each deferred feature works on first use and loads its module then', () => {
		const loaded = runFresh(`
			const fs = require('node:fs');
			const os = require('node:os');
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-lazy-'));
			fs.writeFileSync(path.join(dir, 'a.txt'), 'file a');
			app.set('trust proxy', 'loopback');
			app.use('/files', velox.static(dir));
			app.post('/json', velox.json(), (req, res) => res.json(req.body));
			app.get('/send', (req, res) => res.sendFile(path.join(dir, 'a.txt')));
			app.get('/download', (req, res) => res.download(path.join(dir, 'a.txt'), 'b.txt'));
			app.get('/cookie', (req, res) => { req.secret = 's'; res.cookie('n', 'v', { signed: true }).attachment('r.pdf').end(); });
			app.get('/ip', (req, res) => res.send(req.ip + ' ' + req.protocol));
			app.get('/format', (req, res) => res.format({ 'text/plain': () => res.send('plain'), 'application/json': () => res.json({}) }));
			const results = {};
			const file = await call('/files/a.txt');
			results.static = [file.status, file.headers['content-type'], file.text];
			results.json = (await call('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })).text;
			results.sendFile = (await call('/send')).text;
			const download = await call('/download');
			results.download = [download.headers['content-disposition'], download.text];
			const cookie = await call('/cookie');
			results.cookie = [cookie.headers['set-cookie'][0], cookie.headers['content-disposition'], cookie.headers['content-type']];
			results.ip = (await call('/ip', { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' } })).text;
			results.format = (await call('/format', { headers: { accept: 'text/plain' } })).text;
			const injected = await app.inject({ url: '/' });
			results.inject = [injected.statusCode, injected.text];
			results.notFound = (await call('/missing')).status;
			fs.rmSync(dir, { recursive: true, force: true });
			await new Promise((resolve) => {
				const other = require('node:http').createServer().listen(0, '127.0.0.1', () => velox.shutdown(other).then(resolve));
			});
			results.shutdown = true;
			done(results);`);
		assert.deepEqual(loaded.extra, {
			static: [200, 'text/plain; charset=UTF-8', 'file a'],
			json: '{"a":1}',
			sendFile: 'file a',
			download: ['attachment; filename="b.txt"', 'file a'],
			cookie: [`n=${encodeURIComponent(`s:${sign('v', 's')}`)}; Path=/`, 'attachment; filename="r.pdf"', 'application/pdf'],
			ip: '203.0.113.9 https',
			format: 'plain',
			inject: [200, 'Hello World!'],
			notFound: 404,
			shutdown: true,
		});
		for (const name of ['mime', 'proxy-addr', 'content-disposition', 'cookie', 'cookie-signature', 'etag', 'on-finished', 'accepts']) {
			assert.ok(loaded.packages.includes(name), `package ${name} loaded on use`);
		}
		// Velox 5's own dependency (its route syntax): never loaded by Velox 4.
		assert.ok(!loaded.packages.includes('path-to-regexp'), 'Velox 4 loads no path-to-regexp');
		for (const name of [
			'static.js',
			'inject.js',
			'lifecycle/shutdown.js',
			'body/index.js',
			'body/discard.js',
			'send/transfer.js',
			'send/response-methods.js',
		]) {
			assert.ok(loaded.files.includes(name), `src/core/${name} loaded on use`);
		}
	});

	test("res.sendfile's deprecation names the app's line that called it, not the deferral", () => {
		const loaded = runFresh(`
			const warnings = [];
			process.on('deprecation', (err) => warnings.push(String(err.stack).split('\\n')[1]));
			app.get('/old', (req, res) => res.sendfile(${JSON.stringify(__filename)}, () => res.end()));
			const before = loaded().files.includes('send/response-methods.js');
			await call('/old');
			done({ before, warnings });`);
		const extra = loaded.extra as { before: boolean; warnings: string[] };
		assert.equal(extra.before, false);
		assert.equal(extra.warnings.length, 1);
		assert.match(extra.warnings[0], /\[eval\]:\d+:\d+/);
	});
});
