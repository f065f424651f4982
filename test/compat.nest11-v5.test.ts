/**
 * NestJS 11 on Velox 5 (issue 37): the app of test/fixtures/nest11 (controllers with Express 5's
 * route syntax, `forRoutes('{*splat}')` middleware, ServeStaticModule, a passport-local guard, a
 * socket.io gateway, global prefix and URI versioning) runs in a child process on express@5.3.0 (the
 * fixture's `overrides` gives it to @nestjs/platform-express 11, which pins 5.2.1) and on the packed Velox 5 installed as `express`
 * (test/helpers/nest11.ts); the same raw requests give the same status line, header lines but Date,
 * in order (X-Powered-By's value aside), and body bytes, and the same socket.io exchange gives the same answers over WebSocket
 * and over long polling. The app's source type-checks (strict, skipLibCheck false, so the
 * declarations it loads are checked too) against express@5's types (@types/express 5) and against
 * Velox 5's own declarations installed as express. Skips, saying what to install, when
 * npm or the registry is not there.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compile, type Framework, nest11Fixture, nest11Installs, runDir } from './helpers/nest11';
import { packageRoot } from './helpers/package-root';
import { rawRequest } from './helpers/raw-socket';

const installs = nest11Installs();
const frameworks: Framework[] = ['express5', 'velox5'];

/** A request as sent, byte for byte, the body as UTF-8 (Connection: close, so each gets its own connection). */
function request(method: string, target: string, headers: Record<string, string> = {}, body = ''): Buffer {
	let text = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`;
	for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
	if (body !== '' || method === 'POST') text += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
	return Buffer.from(text + '\r\n' + body, 'utf8');
}

const json = { 'Content-Type': 'application/json' };
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The exchange: what each request exercises is in its name. */
const requests: Array<[string, Buffer]> = [
	['users{/:id} without the id', request('GET', '/api/v1/users')],
	['users{/:id} with a query', request('GET', '/api/v1/users?sort=desc')],
	['users{/:id} with the id', request('GET', '/api/v1/users/2')],
	['NotFoundException from a controller', request('GET', '/api/v1/users/9')],
	['path middleware ending the request', request('GET', '/api/v1/users?block=1')],
	['@Param() and @Query() (simple parser, repeated keys)', request('GET', '/api/v1/users/1/posts/7?a=1&b[c]=2&a=3')],
	['HEAD of a GET route', request('HEAD', '/api/v1/users/1')],
	['OPTIONS without Origin (enableCors answers every OPTIONS)', request('OPTIONS', '/api/v1/users')],
	['unknown method on a route', request('DELETE', '/api/v1/users/1')],
	['an unknown version', request('GET', '/api/v2/users')],
	['JSON body DTO', request('POST', '/api/v1/users', json, '{"name":"Lin","tags":["a","b"]}')],
	['urlencoded body DTO', request('POST', '/api/v1/users', form, 'name=Lin&tags=a')],
	['invalid JSON body', request('POST', '/api/v1/users', json, '{"name":')],
	['empty body: HttpException with an object', request('POST', '/api/v1/users', {}, '')],
	['JSON body over the limit', request('POST', '/api/v1/users', json, JSON.stringify({ name: 'x'.repeat(120_000) }))],
	['/files/*path', request('GET', '/api/files/a/b/c.txt')],
	['/files/*path with escapes', request('GET', '/api/files/a%20b/%E2%9C%93/..%2Fx')],
	['/files/*path without a segment', request('GET', '/api/files')],
	['@Res({ passthrough: true })', request('GET', '/api/passthrough')],
	['@Res() raw, req.hostname and protocol', request('GET', '/api/raw?x=1', { Host: 'example.com:8080' })],
	['res.attachment', request('GET', '/api/download')],
	['HttpException 418', request('GET', '/api/teapot')],
	['an unexpected error', request('GET', '/api/broken')],
	['exception filter', request('GET', '/api/forbidden')],
	['@Redirect', request('GET', '/api/moved')],
	['@Header', request('GET', '/api/text')],
	['404 under the prefix', request('GET', '/api/nope?q=1')],
	['404 outside the prefix', request('GET', '/nope')],
	['404 at the root', request('GET', '/')],
	['malformed escape', request('GET', '/api/files/%E0%A4%A')],
	['serve-static: a file', request('GET', '/static/site.css')],
	['serve-static: the index', request('GET', '/static/')],
	['serve-static: a nested file', request('GET', '/static/docs/guide.md')],
	['serve-static: a folder without its slash', request('GET', '/static/docs')],
	['serve-static: a missing file', request('GET', '/static/missing.txt')],
	['serve-static: a dotfile segment', request('GET', '/static/.hidden/x')],
	['serve-static: traversal', request('GET', '/static/..%2F..%2Fpackage.json')],
	['serve-static: a range', request('GET', '/static/data.json', { Range: 'bytes=2-7' })],
	['serve-static: an unsatisfiable range', request('GET', '/static/data.json', { Range: 'bytes=900-' })],
	['serve-static: If-Modified-Since', request('GET', '/static/site.css', { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' })],
	['serve-static: HEAD', request('HEAD', '/static/data.json')],
	['serve-static: POST falls through', request('POST', '/static/site.css', {}, '')],
	['passport-local: good credentials (form)', request('POST', '/api/auth/login', form, 'username=ada&password=lovelace')],
	['passport-local: good credentials (JSON)', request('POST', '/api/auth/login', json, '{"username":"ada","password":"lovelace"}')],
	['passport-local: bad credentials', request('POST', '/api/auth/login', form, 'username=ada&password=x')],
	['passport-local: missing credentials', request('POST', '/api/auth/login', form, '')],
	['Accept negotiation on a 404', request('GET', '/api/none', { Accept: 'text/html' })],
	['the socket.io endpoint without a session', request('GET', '/socket.io/?EIO=4&transport=polling&sid=nope')],
	['If-None-Match with the JSON answer’s ETag', request('GET', '/api/v1/users/2', { 'If-None-Match': '"17-W5sJ9agHHw2oX9PJ6BZGhGZgawo"' })],
	['a trailing slash', request('GET', '/api/v1/users/')],
	['another case', request('GET', '/API/V1/USERS/1')],
	['a doubled slash', request('GET', '//api/v1/users')],
	['an encoded slash in a param', request('GET', '/api/v1/users/a%2Fb')],
	['an absolute-form target', request('GET', 'http://127.0.0.1/api/v1/users/1?x=1')],
	['CORS preflight (enableCors)', request('OPTIONS', '/api/v1/users', { Origin: 'http://client.example', 'Access-Control-Request-Method': 'POST' })],
	['CORS on a GET from another origin', request('GET', '/api/v1/users/1', { Origin: 'http://other.example' })],
	['rawBody: JSON', request('POST', '/api/raw-body', json, '{"a":[1,2],"é":"ü"}')],
	['rawBody: urlencoded (simple parser)', request('POST', '/api/raw-body', form, 'a[b]=1&a=2&c=%E2%9C%93')],
	['rawBody: text is not parsed', request('POST', '/api/raw-body', { 'Content-Type': 'text/plain' }, 'plain')],
	[
		'a chunked JSON body',
		Buffer.from(
			`POST /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"nam\r\n9\r\ne":"Chu"}\r\n0\r\n\r\n`,
		),
	],
	['a gzip body', request('POST', '/api/v1/users', { ...json, 'Content-Encoding': 'gzip' }, '')],
	['an unsupported charset', request('POST', '/api/v1/users', { 'Content-Type': 'application/json; charset=koi8-x' }, '{"name":"x"}')],
	['serve-static: If-None-Match', request('GET', '/static/data.json', { 'If-None-Match': '*' })],
	['serve-static: a query string', request('GET', '/static/site.css?v=2')],
];

interface RunningApp {
	child: ChildProcess;
	port: number;
	express: string;
}

/** Starts `dir`'s compiled app; resolves once it prints its port. */
function start(dir: string): Promise<RunningApp> {
	const child = spawn(process.execPath, ['dist/main.js'], { cwd: dir, env: { ...process.env, NEST11_PUBLIC: path.join(nest11Fixture, 'public') } });
	return new Promise((resolve, reject) => {
		let output = '';
		let errors = '';
		child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			const line = output.split('\n')[0];
			if (output.includes('\n') && line) {
				const started = JSON.parse(line) as { port: number; express: string };
				resolve({ child, port: started.port, express: started.express });
			}
		});
		child.on('exit', (code) => reject(new Error(`the app in ${dir} exited (${code}): ${errors}`)));
	});
}

/** The comparable form of one answer: status line, header lines but Date, body bytes (latin1). */
async function answer(port: number, payload: Buffer): Promise<{ head: string[]; body: string; complete: boolean }> {
	const result = await rawRequest(port, payload, { timeoutMs: 5000, isHead: payload.subarray(0, 5).toString() === 'HEAD ' });
	const [statusLine = ''] = result.raw.split('\r\n');
	// X-Powered-By names the framework (Velox), as in every differential here: present or not is compared, not its value.
	const head = result.headerLines.filter((line) => !/^date:/i.test(line)).map((line) => line.replace(/^(x-powered-by):.*/i, '$1: *'));
	return { head: [statusLine, ...head], body: result.body, complete: result.complete };
}

describe('NestJS 11 on Velox 5 answers as on express@5', { skip: installs.skip }, () => {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-nest11-'));
	const dirs = {} as Record<Framework, string>;
	const apps = {} as Record<Framework, RunningApp>;

	before(async () => {
		if (installs.skip !== undefined) return;
		for (const framework of frameworks) dirs[framework] = runDir(work, framework, installs.dirs[framework]);
		// One compilation (on express@5's install) gives the JavaScript both run.
		const built = compile(dirs.express5, false);
		assert.ok(built.ok, built.output);
		fs.cpSync(path.join(dirs.express5, 'dist'), path.join(dirs.velox5, 'dist'), { recursive: true });
		for (const framework of frameworks) apps[framework] = await start(dirs[framework]);
	});

	after(() => {
		for (const app of Object.values(apps)) app.child.kill();
		fs.rmSync(work, { recursive: true, force: true });
	});

	test('each app runs on the express it was installed with: express@5 the one Velox 5 is compared with everywhere', () => {
		const oracle = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'node_modules', 'express5', 'package.json'), 'utf8')) as { version: string };
		assert.equal(apps.express5.express, 'express@' + oracle.version);
		assert.match(apps.velox5.express, /^velox@5\./);
	});

	test(`${requests.length} HTTP requests: the same status line, header lines but Date, and body bytes`, async () => {
		const differences: string[] = [];
		for (const [name, payload] of requests) {
			const express5 = await answer(apps.express5.port, payload);
			const velox5 = await answer(apps.velox5.port, payload);
			assert.ok(express5.complete, `${name}: express@5 gave no whole answer`);
			try {
				assert.deepEqual(velox5, express5);
			} catch (error) {
				differences.push(`${name}: ${(error as Error).message}`);
			}
		}
		assert.deepEqual(differences, []);
	});

	for (const transport of ['websocket', 'polling']) {
		test(`socket.io over ${transport}: the gateway's echo and event`, () => {
			const exchanges = frameworks.map((framework) => {
				const result = spawnSync(process.execPath, ['dist/echo-client.js', String(apps[framework].port), transport], {
					cwd: dirs[framework],
					encoding: 'utf8',
					timeout: 15_000,
				});
				assert.equal(result.status, 0, `${framework}: ${result.stderr}`);
				return JSON.parse(result.stdout) as unknown;
			});
			assert.deepEqual(exchanges[0], {
				transport,
				echoed: { echoed: { text: 'hello', list: [1, 2, 3], nested: { ok: true } } },
				shouted: 'QUIET PLEASE',
			});
			assert.deepEqual(exchanges[1], exchanges[0]);
		});
	}

	test('the app type-checks against express@5 (@types/express 5)', () => {
		const checked = compile(dirs.express5, true);
		assert.ok(checked.ok, checked.output);
	});

	test('the app type-checks against Velox 5’s declarations installed as express', () => {
		const resolved = JSON.parse(fs.readFileSync(path.join(dirs.velox5, 'node_modules', 'express', 'package.json'), 'utf8')) as { name: string; types: string };
		assert.equal(resolved.name, 'velox');
		const checked = compile(dirs.velox5, true);
		assert.ok(checked.ok, checked.output);
	});
});
