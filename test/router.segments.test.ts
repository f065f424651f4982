/**
 * The route index's two promises, checked directly on the layers: the segments a
 * layer is filed under (what the matcher compiled, src/core/router/matcher.ts) are
 * segments every path it matches has, and the index's candidates for a path hold
 * every layer whose `match` accepts it, in stack order. Seeded random layers
 * of every Express 4 path shape, random paths over a small alphabet so that
 * many of them match.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IndexedCursor } from '../src/core/router/candidates';
import { Layer, segmentsOf } from '../src/core/router/layer';
import { PARAM, type PathInput, type SegmentKey } from '../src/core/router/matcher';
import { SegmentIndex } from '../src/core/router/segment-index';
import { generator } from './helpers/random';

function keysOf(path: PathInput, options: { sensitive?: boolean; strict?: boolean; end?: boolean } = {}): string[] {
	const layer = new Layer(path, options, function handler() {});
	return segmentsOf(layer).keys.map((key: SegmentKey) => (key === PARAM ? ':' : key));
}

describe('segments of Express 4 paths', () => {
	test('literal segments and bare parameters, case folded', () => {
		assert.deepEqual(keysOf('/api/v1/Users'), ['api', 'v1', 'users']);
		assert.deepEqual(keysOf('/repos/:owner/:repo/issues/:number'), ['repos', ':', ':', 'issues', ':']);
		assert.deepEqual(keysOf('/users/:id(\\d+)/posts'), ['users', ':', 'posts']);
		assert.deepEqual(keysOf('/caf%C3%A9', { sensitive: true }), ['caf%c3%a9']);
	});

	test('a trailing slash is a segment only where the path requires it', () => {
		assert.deepEqual(keysOf('/a/'), ['a']);
		assert.deepEqual(keysOf('/a/', { strict: true }), ['a', '']);
		assert.deepEqual(keysOf('/a//b'), ['a', '', 'b']);
	});

	test('middleware prefixes (end: false) are filed under their segments', () => {
		assert.deepEqual(keysOf('/api', { end: false }), ['api']);
		assert.deepEqual(keysOf('/mount/:id', { end: false }), ['mount', ':']);
		assert.deepEqual(keysOf('/', { end: false }), []);
	});

	test('a segment that may go on, or may be absent, is not a key', () => {
		// `/seg/:x?` matches `/seg`; `/seg/.:x?` matches `/seg./x`; `/seg/?tail` matches `/segtail`.
		assert.deepEqual(keysOf('/seg/:x?'), ['seg']);
		assert.deepEqual(keysOf('/seg/:x?/tail'), ['seg']);
		assert.deepEqual(keysOf('/seg/:x?tail'), []);
		assert.deepEqual(keysOf('/seg/.:x?'), []);
		assert.deepEqual(keysOf('/seg/?tail'), []);
		assert.deepEqual(keysOf('/file.:ext'), []);
		assert.deepEqual(keysOf('/ab+x'), []);
		assert.deepEqual(keysOf('/a(b)?c'), []);
		assert.deepEqual(keysOf('/:name.json'), [':']);
		assert.deepEqual(keysOf('/a/:rest*'), ['a']);
		assert.deepEqual(keysOf('/a/*'), ['a']);
		assert.deepEqual(keysOf('*'), []);
	});

	test('alternatives share only their common keys; a top-level | elsewhere files nothing', () => {
		assert.deepEqual(keysOf(['/x/a', '/x/b/:id']), ['x']);
		assert.deepEqual(keysOf(['/a', '/b']), []);
		assert.deepEqual(keysOf('/v1|v2'), []);
		assert.deepEqual(keysOf('/a/:x(b|c)'), ['a']);
		assert.deepEqual(keysOf('/a/(b|c)/d'), ['a']);
		assert.deepEqual(keysOf('/a/b(c)|/d'), []);
		assert.deepEqual(keysOf('/a/[(]|/d'), [], 'a class may hide a parenthesis');
		assert.deepEqual(keysOf('/a/:x((b)|/d)'), [], 'a capture whose parentheses do not pair up: not followed');
	});

	test('a regular expression the app wrote, or one assigned to the layer, files nothing', () => {
		assert.deepEqual(keysOf(/^\/users\/(\d+)\/raw$/), []);
		assert.deepEqual(keysOf(['/users/:id', /^\/users\/x/]), []);
		const layer = new Layer('/users/:id', {}, function handler() {});
		assert.deepEqual(segmentsOf(layer).keys.length, 2);
		layer.regexp = /^\/other\/?$/i;
		assert.deepEqual(segmentsOf(layer), { keys: [], exact: false });
	});

	test('exact layers: every segment a key, then the end of the path', () => {
		const exact = (path: PathInput, options: { strict?: boolean; end?: boolean } = {}) => segmentsOf(new Layer(path, options, function handler() {})).exact;
		assert.equal(exact('/repos/:owner/:repo'), true);
		assert.equal(exact('/user/repos'), true);
		assert.equal(exact('/a/', { strict: true }), true);
		assert.equal(exact('/'), true);
		// A middleware prefix, an optional or wildcard tail, a segment that may go on, alternatives.
		assert.equal(exact('/api', { end: false }), false);
		assert.equal(exact('/seg/:x?'), false);
		assert.equal(exact('/a/*'), false);
		assert.equal(exact('/:name.json'), false);
		assert.equal(exact('/file.:ext'), false);
		assert.equal(exact(['/a', '/a']), false);
		assert.equal(exact(/^\/a\/b$/), false);
	});
});

const PATTERN_SEGMENTS = [
	'a',
	'A',
	'b',
	'api',
	'v1',
	':id',
	':id?',
	':x(\\d+)',
	':x(\\d+)?',
	':rest*',
	'.:ext',
	':name.:ext?',
	'*',
	'(a|b)',
	'a(b)?',
	'ab+',
	'?',
	'a.b',
	'a-:x',
	':a-:b',
	'',
	'%41',
	// Enough distinct literals that some nodes hold more than eight children (kept by hash).
	...Array.from({ length: 12 }, (_, i) => 'r' + i),
];
const REGEXPS = [/^\/a\/(\d+)$/, /^\/api\/v1\/?$/i, /^\/b/, /\/a/, /^\/a|^\/b\/c/, /^\/api\/(?:v1|v2)\/x\/?$/i, /^\/A\/b$/];
const PATH_SEGMENTS = [
	'a',
	'A',
	'b',
	'B',
	'api',
	'API',
	'v1',
	'V1',
	'1',
	'22',
	'a.b',
	'a.json',
	'ab',
	'abb',
	'ac',
	'',
	'x',
	'a-1',
	'%41',
	'a.',
	'r3',
	'R7',
	'r11',
];

function randomPattern(random: ReturnType<typeof generator>): PathInput {
	const kind = random.next(10);
	if (kind === 0) return random.pick(REGEXPS);
	if (kind === 1) return [randomStringPattern(random), randomStringPattern(random)];
	return randomStringPattern(random);
}

function randomStringPattern(random: ReturnType<typeof generator>): string {
	if (random.next(15) === 0) return random.pick(['*', '/', '/*']);
	let path = '';
	const count = 1 + random.next(4);
	for (let i = 0; i < count; i++) path += '/' + random.pick(PATTERN_SEGMENTS);
	return path;
}

function randomPath(random: ReturnType<typeof generator>): string {
	let path = '';
	const count = 1 + random.next(3);
	for (let i = 0; i < count; i++) path += '/' + random.pick(PATH_SEGMENTS);
	if (random.next(8) === 0) path += '/';
	return path;
}

function matches(layer: Layer, path: string): boolean {
	try {
		return layer.match(path);
	} catch {
		// A malformed escape in a param: Express treats the layer as matched (with an error).
		return true;
	}
}

describe('the index never leaves out a layer that matches', () => {
	for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
		test('random layers #' + seed, () => {
			const random = generator(seed);
			const stack: Layer[] = [];
			while (stack.length < 120) {
				const options = { sensitive: random.next(3) === 0, strict: random.next(3) === 0, end: random.next(3) !== 0 };
				try {
					stack.push(new Layer(randomPattern(random), options, function handler() {}));
				} catch {
					// Some combinations are not valid regular expressions once compiled (Express throws too).
				}
			}
			const index = new SegmentIndex(stack);
			let matched = 0;
			let excluded = 0;
			for (let i = 0; i < 1000; i++) {
				const path = randomPath(random);
				const from = random.next(4) === 0 ? random.next(stack.length) : 0;
				const cursor = new IndexedCursor(index, stack, stack.length);
				cursor.seek(path, from);
				const candidates: number[] = [];
				for (let position = cursor.next(); position !== -1; position = cursor.next()) candidates.push(position);
				for (let k = 1; k < candidates.length; k++) assert.ok(candidates[k] > candidates[k - 1], 'ascending, no repeats');
				assert.ok(candidates.every((position) => position >= from));
				for (let position = from; position < stack.length; position++) {
					if (matches(stack[position], path)) {
						matched++;
						assert.ok(candidates.includes(position), `${path}: layer ${position} (${String(stack[position].regexp)}) matches but is not a candidate`);
					}
				}
				excluded += stack.length - from - candidates.length;
			}
			// The draw is meaningful: many matches, and the index does exclude layers.
			assert.ok(matched > 200, 'matches: ' + matched);
			assert.ok(excluded > 1000 * 20, 'excluded: ' + excluded);
		});
	}
});
