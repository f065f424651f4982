/**
 * Seeded random stacks against express@4: many layers of every path shape
 * the candidate index treats differently (literal first segments, optional
 * slashes, params, globs, `use` and routes, case and strict settings), and
 * random request paths. Any divergence is a bug of the index or the matcher.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { type DiffRequest, differentialInProcess as differential, type Framework } from './helpers/differential';
import { generator } from './helpers/random';

const FIRST = ['a', 'b', 'A', 'ab', 'a.b', 'f', 'q', ':x', 'a(c)?', 'd+', 'q*', ''];
const REST = ['?b', '?:x', 'a', 'b', ':x', ':x?', ':y(\\d+)', '*', '.:e?', ':z.:ext', 'f.:ext?', 'c?', ''];
const PATH_SEGMENTS = ['a', 'a.', 'b', 'A', 'ab', 'a.b', '1', '22', 'ac', 'dd', 'f', 'f.js', 'q', 'qq', 'x.json', '', '%41', 'B'];

function pattern(random: ReturnType<typeof generator>): string {
	let path = '/' + random.pick(FIRST);
	const more = random.next(3);
	for (let i = 0; i < more; i++) path += '/' + random.pick(REST);
	return path;
}

function requestPath(random: ReturnType<typeof generator>): string {
	const count = 1 + random.next(3);
	let path = '';
	for (let i = 0; i < count; i++) path += '/' + random.pick(PATH_SEGMENTS);
	return path;
}

function answer(index: number) {
	return (req: Request, res: Response, next: NextFunction): void => {
		// Every fifth layer passes, so later candidates are visited too.
		if (index % 5 === 0) {
			res.setHeader('X-Passed-' + index, '1');
			next();
			return;
		}
		res.end(JSON.stringify({ index, params: req.params, url: req.url, baseUrl: req.baseUrl }));
	};
}

for (const seed of [1, 2, 3, 4, 5, 6]) {
	test('random stack #' + seed + ' dispatches as express@4', async () => {
		const random = generator(seed);
		const layers: [boolean, string][] = [];
		const count = 20 + random.next(20);
		for (let i = 0; i < count; i++) layers.push([random.next(3) === 0, pattern(random)]);
		const caseSensitive = random.next(2) === 0;
		const strict = random.next(3) === 0;
		const requests: DiffRequest[] = [];
		for (let i = 0; i < 40; i++) requests.push({ path: requestPath(random) });
		const responses = await differential((framework: Framework) => {
			const app = framework();
			if (caseSensitive) app.enable('case sensitive routing');
			if (strict) app.enable('strict routing');
			layers.forEach(([isUse, path], index) => {
				if (isUse) app.use(path, answer(index));
				else app.get(path, answer(index));
			});
			return app;
		}, requests);
		// The stacks are built so that a good share of requests is answered by some layer.
		assert.ok(responses.some((response) => response.status === 200));
	});
}
