/**
 * Symbolic links out of the root. By default `velox.static`, `res.sendFile` and
 * `res.download` follow them as the line's express does (compared here). With
 * `symlinks: 'within-root'` a file or directory whose real path is outside the
 * root's real path answers as a missing file would; links that stay inside, and
 * a root that is itself a link, keep working. Raw sockets throughout.
 */
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { frameworks } from './helpers/differential';
import { line, ORACLE_NAME } from './helpers/line-syntax';
import { get, type RawResult, rawRequest } from './helpers/raw-socket';
import { tempTree } from './helpers/security';
import { listen, listenApp, type Running } from './helpers/server';

type Framework = typeof express;

const tree = tempTree({
	'secret.txt': 'secret',
	'public/index.html': 'home',
	'public/inside.txt': 'inside',
	'public/sub/page.html': 'page',
	'public/outdir/': '',
	// The same regular files without any link: what a missing file looks like to express@4.
	'plain/index.html': 'home',
	'plain/inside.txt': 'inside',
	'plain/sub/page.html': 'page',
	'plain/outdir/': '',
	'releases/r1/file.txt': 'release one',
});
const PUBLIC = path.join(tree.dir, 'public');
const PLAIN = path.join(tree.dir, 'plain');
const CURRENT = path.join(tree.dir, 'current');

before(() => {
	symlinkSync('../secret.txt', path.join(PUBLIC, 'link.txt'));
	symlinkSync('..', path.join(PUBLIC, 'dirlink'));
	symlinkSync(path.join(tree.dir, 'secret.txt'), path.join(PUBLIC, 'absolute.txt'));
	symlinkSync('nowhere.txt', path.join(PUBLIC, 'broken.txt'));
	symlinkSync('../../secret.txt', path.join(PUBLIC, 'outdir', 'index.html'));
	symlinkSync('inside.txt', path.join(PUBLIC, 'link-inside.txt'));
	symlinkSync('sub', path.join(PUBLIC, 'link-sub'));
	symlinkSync('releases/r1', CURRENT);
});
after(() => tree.cleanup());

const OUTSIDE = ['/link.txt', '/absolute.txt', '/dirlink', '/dirlink/', '/dirlink/secret.txt', '/outdir/', '/broken.txt', '/link'];
const INSIDE = ['/', '/inside.txt', '/link-inside.txt', '/link-sub/page.html', '/link-sub', '/dirlink/public/inside.txt'];

function staticApp(framework: Framework, root: string, options: Record<string, unknown> = {}): express.Express {
	const app = framework();
	app.set('env', 'production');
	app.use(framework.static(root, { extensions: ['txt'], ...options }));
	return app;
}

interface Shape {
	status: number;
	contentType: string | undefined;
	location: string | undefined;
	body: string;
}

function shapeOf(result: RawResult): Shape {
	const header = (name: string) =>
		result.headerLines
			.find((line) => line.toLowerCase().startsWith(name + ':'))
			?.slice(name.length + 1)
			.trim();
	return { status: result.status, contentType: header('content-type'), location: header('location'), body: result.body };
}

async function shape(port: number, target: string): Promise<Shape> {
	return shapeOf(await rawRequest(port, get(target)));
}

describe("velox.static with symlinks: 'within-root'", () => {
	const servers: Record<string, Running> = {};
	before(async () => {
		servers.expressFollowing = await listen(staticApp(frameworks.express, PUBLIC));
		servers.expressPlain = await listen(staticApp(frameworks.express, PLAIN));
		servers.veloxFollowing = await listen(staticApp(velox as unknown as Framework, PUBLIC));
		servers.veloxWithin = await listen(staticApp(velox as unknown as Framework, PUBLIC, { symlinks: 'within-root' }));
		servers.veloxWithinListen = await listenApp(staticApp(velox as unknown as Framework, PUBLIC, { symlinks: 'within-root' }));
		servers.veloxWithinNoFallthrough = await listen(staticApp(velox as unknown as Framework, PUBLIC, { symlinks: 'within-root', fallthrough: false }));
		servers.expressPlainNoFallthrough = await listen(staticApp(frameworks.express, PLAIN, { fallthrough: false }));
	});
	after(async () => {
		for (const running of Object.values(servers)) await running.close();
	});

	test('by default links are followed out of the root, as in ' + ORACLE_NAME, async () => {
		for (const target of ['/link.txt', '/absolute.txt', '/dirlink/secret.txt', '/outdir/']) {
			const express4 = await shape(servers.expressFollowing.port, target);
			assert.equal(express4.body, 'secret', target);
			assert.deepEqual(await shape(servers.veloxFollowing.port, target), express4, target);
		}
	});

	test('a path whose real path leaves the root answers as a missing file does in ' + ORACLE_NAME, async () => {
		for (const target of OUTSIDE) {
			const missing = await shape(servers.expressPlain.port, target);
			assert.equal(missing.status, 404, target);
			assert.deepEqual(await shape(servers.veloxWithin.port, target), missing, 'http.createServer(app) ' + target);
			assert.deepEqual(await shape(servers.veloxWithinListen.port, target), missing, 'app.listen ' + target);
			const noFallthrough = await shape(servers.expressPlainNoFallthrough.port, target);
			assert.deepEqual(await shape(servers.veloxWithinNoFallthrough.port, target), noFallthrough, 'fallthrough: false ' + target);
		}
	});

	test('links that stay inside the root are served as ' + ORACLE_NAME + ' serves them', async () => {
		for (const target of INSIDE) {
			const express4 = await shape(servers.expressFollowing.port, target);
			assert.ok(express4.status === 200 || express4.status === 301, target);
			assert.deepEqual(await shape(servers.veloxWithin.port, target), express4, target);
		}
	});

	test('a root that is itself a link (a deployment switching `current`) is followed', async () => {
		const running = await listen(staticApp(velox as unknown as Framework, CURRENT, { symlinks: 'within-root' }));
		try {
			assert.deepEqual(await shape(running.port, '/file.txt'), {
				status: 200,
				// The line's charset spelling: send 0.19 (mime 1) or send 1 (mime-types 3).
				contentType: line === 5 ? 'text/plain; charset=utf-8' : 'text/plain; charset=UTF-8',
				location: undefined,
				body: 'release one',
			});
		} finally {
			await running.close();
		}
	});

	test('an unknown value reaches next(err) on each request, as a bad dotfiles value does', async () => {
		const app = velox();
		app.set('env', 'production');
		app.use(velox.static(PUBLIC, { symlinks: 'nope' as 'follow' }));
		const running = await listen(app);
		try {
			assert.equal((await shape(running.port, '/inside.txt')).status, 500);
		} finally {
			await running.close();
		}
	});
});

describe("res.sendFile and res.download with symlinks: 'within-root'", () => {
	let running: Running;
	before(async () => {
		const app = velox();
		app.set('env', 'production');
		app.get('/send/:name', (req, res) => {
			res.sendFile(req.params.name, { root: PUBLIC, symlinks: 'within-root' }, (err?: NodeJS.ErrnoException & { status?: number }) => {
				if (err) res.status(err.status ?? 500).send('error ' + err.code + ' ' + err.status);
			});
		});
		app.get('/next/:name', (req, res) => {
			res.sendFile(req.params.name, { root: PUBLIC, symlinks: 'within-root' });
		});
		app.get('/download/:name', (req, res) => {
			res.download(req.params.name, { root: PUBLIC, symlinks: 'within-root' }, (err?: NodeJS.ErrnoException & { status?: number }) => {
				if (err) res.status(err.status ?? 500).send('error ' + err.code + ' ' + err.status);
			});
		});
		app.get('/no-root', (_req, res) => {
			res.sendFile(path.join(PUBLIC, 'inside.txt'), { symlinks: 'within-root' });
		});
		running = await listen(app);
	});
	after(async () => {
		await running.close();
	});

	test('a link out of the root gives the callback what a missing file gives: ENOENT, 404', async () => {
		assert.equal((await shape(running.port, '/send/link.txt')).body, 'error ENOENT 404');
		assert.equal((await shape(running.port, '/send/absolute.txt')).body, 'error ENOENT 404');
		assert.equal((await shape(running.port, '/send/missing.txt')).body, 'error ENOENT 404');
		assert.equal((await shape(running.port, '/download/link.txt')).body, 'error ENOENT 404');
	});

	test('without a callback, the final handler answers 404 as for a missing file', async () => {
		const refused = await shape(running.port, '/next/link.txt');
		const missing = await shape(running.port, '/next/missing.txt');
		assert.equal(refused.status, 404);
		assert.deepEqual(refused, missing);
	});

	test('files and links inside the root are sent', async () => {
		assert.equal((await shape(running.port, '/send/inside.txt')).body, 'inside');
		assert.equal((await shape(running.port, '/send/link-inside.txt')).body, 'inside');
		const download = await rawRequest(running.port, get('/download/link-inside.txt'));
		assert.equal(download.body, 'inside');
		// content-disposition 0.5 quotes the name; 2 writes a token as it is.
		const disposition = line === 5 ? 'attachment; filename=link-inside.txt' : 'attachment; filename="link-inside.txt"';
		assert.ok(download.headerLines.includes('Content-Disposition: ' + disposition));
	});

	test('without a root the option is refused (a TypeError: 500)', async () => {
		assert.equal((await shape(running.port, '/no-root')).status, 500);
	});
});
