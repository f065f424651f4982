/**
 * Path traversal. `velox.static`, `res.sendFile({ root })` and
 * `res.download({ root })` never serve a file outside the root, whatever the
 * encoding of `..` (percent, double-percent, overlong UTF-8, backslash), an
 * absolute path or a NUL byte; each answers with the status of the line's express (express@4;
 * express@5 under `npm run test:line5`). Symlinks
 * inside the root are followed, as send 0.19 (and so Express 4) follows them:
 * pinned here as documented behaviour, not endorsed.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { frameworks } from './helpers/differential';
import { ORACLE_NAME, restOfPath, restParam } from './helpers/line-syntax';
import { LARGE_HEADERS, tempTree } from './helpers/security';
import { get, rawRequest } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

type Framework = typeof express;
type Downloading = { download(path: string, options: { root: string }): void };
const SECRET = 'SECRET-' + randomBytes(8).toString('hex');
const LINKED = 'LINKED-' + randomBytes(8).toString('hex');

let fixtures: { dir: string; cleanup(): void };
let publicRoot: string;
const servers = {} as Record<'express' | 'velox', Running>;

function buildApp(framework: Framework): express.Express {
	const app = framework();
	app.set('env', 'test');
	app.use('/s', framework.static(publicRoot));
	app.use('/sf', framework.static(publicRoot, { fallthrough: false }));
	app.get(restOfPath('/file'), (req, res) => res.sendFile(restParam(req.params), { root: publicRoot }));
	// download(path, options): Express 4.16+, missing from @types/express.
	app.get(restOfPath('/dl'), (req, res) => (res as unknown as Downloading).download(restParam(req.params), { root: publicRoot }));
	app.get('/named/:name', (req, res) => res.sendFile(req.params.name, { root: publicRoot }));
	return app;
}

before(async () => {
	fixtures = tempTree({
		'secret.txt': SECRET,
		'public-secret.txt': SECRET,
		'linked-outside.txt': LINKED,
		'outside-dir/inner.txt': LINKED,
		'public/hello.txt': 'hello',
		'public/sub/a.txt': 'a',
	});
	publicRoot = path.join(fixtures.dir, 'public');
	symlinkSync(path.join(fixtures.dir, 'linked-outside.txt'), path.join(publicRoot, 'link-out.txt'));
	symlinkSync(path.join(fixtures.dir, 'outside-dir'), path.join(publicRoot, 'dirlink'));
	servers.express = await listen(buildApp(frameworks.express), LARGE_HEADERS);
	servers.velox = await listen(buildApp(velox), LARGE_HEADERS);
});

after(async () => {
	await servers.express.close();
	await servers.velox.close();
	fixtures.cleanup();
});

function hostileSuffixes(): string[] {
	const secretPath = path.join(fixtures.dir, 'secret.txt');
	return [
		'/../secret.txt',
		'/sub/../../secret.txt',
		'/%2e%2e/secret.txt',
		'/%2e%2e%2fsecret.txt',
		'/%2E%2E%2Fsecret.txt',
		'/..%2fsecret.txt',
		'/.%2e/secret.txt',
		'/..%5csecret.txt',
		'/%2e%2e%5csecret.txt',
		'/..\\secret.txt',
		'/sub/..%5c..%5csecret.txt',
		'/sub\\..\\..\\secret.txt',
		'/%252e%252e/secret.txt',
		'/%252e%252e%252fsecret.txt',
		'/%c0%ae%c0%ae/secret.txt',
		'/%c0%ae%c0%ae%c0%afsecret.txt',
		'/....//secret.txt',
		'/..;/secret.txt',
		'/' + secretPath,
		'/' + encodeURIComponent(secretPath),
		'/' + encodeURIComponent('../secret.txt'),
		'/' + encodeURIComponent('..\\secret.txt'),
		'/%00../secret.txt',
		'/../public-secret.txt',
	];
}

const PREFIXES = ['/s', '/sf', '/file', '/dl', '/named'];

describe('no encoding of .. reaches a file outside the root', () => {
	for (const prefix of PREFIXES) {
		test(prefix + ': never the secret; same status as ' + ORACLE_NAME, async () => {
			const mismatches: string[] = [];
			for (const suffix of hostileSuffixes()) {
				// `/named/:name` takes one segment: the rest of the suffix stays encoded in it.
				const target = prefix === '/named' ? prefix + '/' + suffix.slice(1).replace(/\//g, '%2F') : prefix + suffix;
				const result = await rawRequest(servers.velox.port, get(target));
				assert.ok(result.status >= 400 && result.status < 500, target + ': status ' + result.status);
				assert.ok(!result.raw.includes(SECRET), target + ' served the secret');
				const reference = await rawRequest(servers.express.port, get(target));
				if (reference.status !== result.status) mismatches.push(target + ': velox ' + result.status + ', express ' + reference.status);
			}
			assert.deepEqual(mismatches, []);
		});
	}

	test('the check is not vacuous: files inside the root are served by every route', async () => {
		for (const target of ['/s/hello.txt', '/sf/sub/a.txt', '/file/hello.txt', '/dl/sub/a.txt', '/named/hello.txt']) {
			const result = await rawRequest(servers.velox.port, get(target));
			assert.equal(result.status, 200, target);
		}
		// And the secret is readable by the server process, so only the checks keep it out.
		const direct = velox();
		direct.get('/', (_req, res) => res.sendFile(path.join(fixtures.dir, 'secret.txt')));
		const running = await listen(direct, LARGE_HEADERS);
		try {
			assert.ok((await rawRequest(running.port, get('/'))).body.includes(SECRET));
		} finally {
			await running.close();
		}
	});
});

describe('status codes for hostile paths', () => {
	test('.. answers 403 (static without fallthrough, sendFile, download)', async () => {
		for (const target of ['/sf/%2e%2e/secret.txt', '/file/..%2fsecret.txt', '/dl/%2e%2e%2fsecret.txt', '/sf/..%5csecret.txt']) {
			const result = await rawRequest(servers.velox.port, get(target));
			assert.equal(result.status, 403, target);
		}
	});

	test('a NUL byte answers 400', async () => {
		for (const target of ['/sf/hello.txt%00.png', '/file/hello.txt%00', '/dl/%00', '/named/a%00b']) {
			const result = await rawRequest(servers.velox.port, get(target));
			assert.equal(result.status, 400, target);
		}
		// With fallthrough (the default) a client error goes on to the next handler: 404, as serve-static.
		assert.equal((await rawRequest(servers.velox.port, get('/s/hello.txt%00'))).status, 404);
	});

	test('an overlong file name answers 404, not 500', async () => {
		for (const target of ['/sf/' + 'a'.repeat(300), '/file/' + 'a'.repeat(300) + '/b', '/sf/' + 'x/'.repeat(3000) + 'y']) {
			const result = await rawRequest(servers.velox.port, get(target));
			assert.equal(result.status, 404, target.slice(0, 40));
		}
	});
});

describe('symlinks (documented: followed, as send 0.19 does)', () => {
	test('a symlink inside the root to a file outside is followed by static and sendFile, exactly as ' + ORACLE_NAME, async () => {
		for (const target of ['/s/link-out.txt', '/file/link-out.txt', '/s/dirlink/inner.txt']) {
			const result = await rawRequest(servers.velox.port, get(target));
			const reference = await rawRequest(servers.express.port, get(target));
			assert.equal(result.status, 200, target);
			assert.equal(result.body, LINKED, target);
			assert.equal(result.status, reference.status, target);
			assert.equal(result.body, reference.body, target);
		}
	});
});
