/**
 * Counts the docs state about the code, checked against the code. Only counts that say how Velox
 * behaves are kept in the docs (docs/design.md); counts that merely describe the source (how many
 * casts, how many reads) are not stated, so they cannot go stale.
 *
 * - The route index starts at the number of layers docs/design.md gives ("With N or more
 *   layers", and "the N-layer threshold"): a router with one layer fewer walks its stack
 *   linearly, one with N files its layers and matches only the candidates.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { Layer } from '../src/core/router/layer';

const ROOT = path.join(__dirname, '..', '..');
const design = fs.readFileSync(path.join(ROOT, 'docs', 'design.md'), 'utf8').replace(/\s+/g, ' ');

type Dispatchable = { handle(req: IncomingMessage, res: ServerResponse, out: (err?: unknown) => void): void };

/** How many layers a request for `url` was matched against. */
function visits(router: object, url: string): number {
	const match = Layer.prototype.match;
	let visited = 0;
	Layer.prototype.match = function countedMatch(this: Layer, p: string | null | undefined): boolean {
		visited++;
		return match.call(this, p);
	};
	try {
		const req = { method: 'GET', url, headers: {} } as IncomingMessage;
		(router as Dispatchable).handle(req, { setHeader() {} } as unknown as ServerResponse, (err) => {
			if (err) throw err;
		});
	} finally {
		Layer.prototype.match = match;
	}
	return visited;
}

/** A router of `count` literal GET routes `/r0` … `/r{count-1}`. */
function routerOf(count: number): object {
	const router = velox.Router();
	for (let i = 0; i < count; i++) router.get(`/r${i}`, () => {});
	return router;
}

describe('counts in docs/design.md', () => {
	test('the route index starts at the number of layers the route index section gives', () => {
		const stated = /With (\d+) or more layers/.exec(design);
		assert.ok(stated, 'docs/design.md states from how many layers the route index applies');
		const threshold = Number(stated[1]);
		assert.ok(design.includes(`the ${threshold}-layer threshold`), 'the threshold is stated once, the same both times');
		// Below the threshold: the linear walk, every layer up to the last one is matched.
		assert.equal(visits(routerOf(threshold - 1), `/r${threshold - 2}`), threshold - 1);
		// At the threshold: the index, only the answering route is matched.
		assert.equal(visits(routerOf(threshold), `/r${threshold - 1}`), 1);
	});
});
