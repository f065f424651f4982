/**
 * No route pattern may take super-linear time on a crafted path (the ReDoS
 * class of path-to-regexp advisories, e.g. CVE-2024-45296 for `/:a-:b`).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import express from 'express';
import request from 'supertest';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

const HOSTILE_LENGTH = 50_000;
const TIME_LIMIT_MS = 1000;

function hostilePaths(): string[] {
	const dashes = '-'.repeat(HOSTILE_LENGTH);
	return ['/' + dashes + '/x', '/a' + dashes + '!', '/' + 'a-'.repeat(HOSTILE_LENGTH / 2) + '/', '/x/' + '.'.repeat(HOSTILE_LENGTH) + '/z'];
}

function hostileApp(framework: Framework): http.Server {
	const app = framework();
	app.get('/:a-:b', (_req, res) => res.end('ab'));
	app.get('/:a-:b-:c', (_req, res) => res.end('abc'));
	app.get('/x/:a.:b/z', (_req, res) => res.end('dots'));
	app.get('/:a@:b', (_req, res) => res.end('at'));
	// node's default 16 KiB header limit would refuse the request line before the router saw it.
	return http.createServer({ maxHeaderSize: 1 << 20 }, app);
}

test('a 50k-character hostile path against /:a-:b style routes completes fast, answering as express@4', async () => {
	const server = hostileApp(velox);
	// express@4 is the reference for each answer; only Velox is timed.
	const reference = hostileApp(express);
	// Only '/a---…!' matches a route (/:a-:b); the others end in the final handler's 404 page.
	const statuses = [404, 200, 404, 404];
	const paths = hostilePaths();
	try {
		for (let i = 0; i < paths.length; i++) {
			const path = paths[i];
			const start = process.hrtime.bigint();
			const response = await request(server).get(path);
			const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
			assert.ok(elapsed < TIME_LIMIT_MS, 'path of length ' + path.length + ' took ' + elapsed.toFixed(0) + ' ms');
			const expected = await request(reference).get(path);
			assert.equal(expected.status, statuses[i], 'express@4, path ' + i);
			assert.equal(response.status, statuses[i], 'path ' + i);
			assert.equal(response.text, expected.text, 'path ' + i);
			if (statuses[i] === 200) assert.equal(response.text, 'ab');
		}
	} finally {
		server.close();
		reference.close();
	}
});

test('the compiled matcher itself is linear on hostile input', () => {
	const app = velox();
	app.get('/:a-:b', (_req, res) => res.end());
	const router = app._router as { stack: { match(path: string): boolean }[] };
	const layer = router.stack[router.stack.length - 1];
	const path = '/' + '-'.repeat(HOSTILE_LENGTH) + '/';
	const start = process.hrtime.bigint();
	assert.equal(layer.match(path), false);
	const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
	assert.ok(elapsed < TIME_LIMIT_MS, 'match took ' + elapsed.toFixed(0) + ' ms');
});

test('the protection splits params exactly as express@4 does', async () => {
	const [three, two] = await differential(
		(framework) => {
			const app = framework();
			app.get('/:a-:b', (req, res) => res.end(req.params.a + '|' + req.params.b));
			app.get('/d/:a.:b', (req, res) => res.end(req.params.a + '|' + req.params.b));
			return app;
		},
		[{ path: '/one-two-three' }, { path: '/d/a.b.c' }],
	);
	assert.equal(three.body, 'one-two|three');
	assert.equal(two.body, 'a.b|c');
});
