import './helpers/line5';
/**
 * Velox 5's static middleware against express@5's (serve-static 2, send 1): Content-Type from
 * mime-types 3 (lower-case `charset=utf-8`, `.js` as text/javascript, octet-stream when unknown),
 * dotfiles ignored in any segment by default, `hidden` no longer read, and the directory
 * redirects, index, extensions, fallthrough and ranges as before.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { differential, FIXTURES, reportErrors, temporaryDirectory } from './helpers/static';

describe('Velox 5 express.static', () => {
	const temp = temporaryDirectory();
	before(() => {
		writeFileSync(path.join(temp.dir, 'app.js'), 'console.log(1);\n');
		writeFileSync(path.join(temp.dir, 'module.mjs'), 'export {};\n');
		writeFileSync(path.join(temp.dir, 'style.css'), 'a{}\n');
		writeFileSync(path.join(temp.dir, 'data.json'), '{}\n');
		writeFileSync(path.join(temp.dir, 'image.svg'), '<svg/>\n');
		writeFileSync(path.join(temp.dir, 'noext'), 'x\n');
		mkdirSync(path.join(temp.dir, 'dir'));
		writeFileSync(path.join(temp.dir, 'dir', 'index.html'), '<p>dir</p>\n');
	});
	after(() => temp.remove());

	test('Content-Type of each kind of file', async () => {
		const names = ['hello.txt', 'about.html', 'todo.json', 'data.xyzunknown'];
		const responses = await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES));
				kit.app.use('/t', kit.serveStatic(temp.dir));
			},
			[
				...names.map((name) => ({ path: `/${name}` })),
				...['app.js', 'module.mjs', 'style.css', 'data.json', 'image.svg', 'noext'].map((name) => ({ path: `/t/${name}` })),
			],
		);
		assert.equal(responses[0].headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(responses[4].headers['content-type'], 'text/javascript; charset=utf-8');
		assert.equal(responses[3].headers['content-type'], 'application/octet-stream');
	});

	test('dotfiles: ignored in any segment by default; hidden is not read; allow and deny', async () => {
		const requests = [{ path: '/.hidden' }, { path: '/.mine/name.txt' }, { path: '/sub/.config/app.txt' }];
		const responses = await differential(
			(kit) => {
				kit.app.use('/default', kit.serveStatic(FIXTURES));
				kit.app.use('/hidden', kit.serveStatic(FIXTURES, { hidden: true }));
				kit.app.use('/allow', kit.serveStatic(FIXTURES, { dotfiles: 'allow' }));
				kit.app.use('/deny', kit.serveStatic(FIXTURES, { dotfiles: 'deny', fallthrough: false }));
				kit.app.use(reportErrors as never);
			},
			['/default', '/hidden', '/allow', '/deny'].flatMap((prefix) => requests.map((r) => ({ path: prefix + r.path }))),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[404, 404, 404, 404, 404, 404, 200, 200, 200, 599, 599, 599],
		);
	});

	test('directories: redirect with a slash (encoded), index, redirect off, fallthrough off, trailing slash on a file', async () => {
		await differential(
			(kit) => {
				kit.app.use('/on', kit.serveStatic(FIXTURES));
				kit.app.use('/off', kit.serveStatic(FIXTURES, { redirect: false }));
				kit.app.use('/strict', kit.serveStatic(FIXTURES, { fallthrough: false }));
				kit.app.use('/t', kit.serveStatic(temp.dir, { extensions: ['html', 'js'] }));
				kit.app.use(reportErrors as never);
			},
			[
				{ path: '/on/users' },
				{ path: '/on/users?x=1' },
				{ path: '/on/snow%20%E2%98%83' },
				{ path: '/on/a&b' },
				{ path: '/on/pets' },
				{ path: '/on/users/' },
				{ path: '/off/users' },
				{ path: '/strict/missing.txt' },
				{ path: '/strict/users' },
				{ path: '/on/hello.txt/' },
				{ path: '/strict/hello.txt/' },
				{ path: '/t/app' },
				{ path: '/t/dir' },
				{ path: '/t/dir/' },
				{ method: 'HEAD', path: '/on/hello.txt' },
				{ method: 'POST', path: '/strict/hello.txt' },
				{ path: '/on/nums.txt', headers: { range: 'bytes=0-2' } },
			],
		);
	});
	test('304s as send 1 decides them (fresh 2): If-None-Match alone when sent, its list split on spaces and commas', async () => {
		const responses = await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES));
			},
			[
				{ path: '/hello.txt', headers: { 'if-none-match': '*', 'if-modified-since': 'garbage' } },
				{ path: '/hello.txt', headers: { 'if-none-match': '"x" "y"', 'if-modified-since': 'Thu, 01 Jan 2099 00:00:00 GMT' } },
				{ path: '/hello.txt', headers: { 'if-modified-since': 'garbage' } },
				{ path: '/hello.txt', headers: { 'if-none-match': '*', 'cache-control': 'no-cache' } },
			],
		);
		assert.equal(responses[0].status, 304);
		assert.equal(responses[2].status, 200);
	});
});
