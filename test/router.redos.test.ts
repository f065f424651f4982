/**
 * No route pattern may take super-linear time on a crafted path (the ReDoS
 * class of path-to-regexp advisories, e.g. CVE-2024-45296 for `/:a-:b`).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/index';
import { differential } from './helpers/differential';

const HOSTILE_LENGTH = 50_000;
const TIME_LIMIT_MS = 1000;

function hostilePaths(): string[] {
	const dashes = '-'.repeat(HOSTILE_LENGTH);
	return ['/' + dashes + '/x', '/a' + dashes + '!', '/' + 'a-'.repeat(HOSTILE_LENGTH / 2) + '/', '/x/' + '.'.repeat(HOSTILE_LENGTH) + '/z'];
}

test('a 50k-character hostile path against /:a-:b style routes completes fast', async () => {
	const app = velox();
	app.get('/:a-:b', (_req: Request, res: Response) => res.end('ab'));
	app.get('/:a-:b-:c', (_req: Request, res: Response) => res.end('abc'));
	app.get('/x/:a.:b/z', (_req: Request, res: Response) => res.end('dots'));
	app.get('/:a@:b', (_req: Request, res: Response) => res.end('at'));
	// node's default 16 KiB header limit would refuse the request line before the router saw it.
	const server = http.createServer({ maxHeaderSize: 1 << 20 }, app);
	try {
		for (const path of hostilePaths()) {
			const start = process.hrtime.bigint();
			const response = await request(server).get(path);
			const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
			assert.ok(elapsed < TIME_LIMIT_MS, 'path of length ' + path.length + ' took ' + elapsed.toFixed(0) + ' ms');
			assert.ok(response.status === 200 || response.status === 404, 'status ' + response.status);
		}
	} finally {
		server.close();
	}
});

test('the compiled matcher itself is linear on hostile input', () => {
	const app = velox();
	app.get('/:a-:b', (_req: Request, res: Response) => res.end());
	const router = (app._router as { stack: { match(path: string): boolean }[] });
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
