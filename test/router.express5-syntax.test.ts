/**
 * Express 5 route syntax (src/core/router/matcher-express5.ts), differential: every route of a
 * table and of a seeded random draw, with random options, against router 2's own layer
 * (express5's router, path-to-regexp 8) and path-to-regexp 8's `match`, over request paths
 * chosen so that many match: the same match or not, the same matched part, the same params
 * (a splat an array of decoded segments), the same errors at registration and on a malformed
 * escape. Then the segments: never a promise a match breaks (checked on the paths themselves
 * and through the route index), and as tight as the table says.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { match } from 'path-to-regexp';
import { IndexedCursor } from '../src/core/router/candidates';
import { Layer } from '../src/core/router/layer';
import { compilePath, PARAM, type PathInput, type PathKey, type PathOptions, type PathSegments, type SegmentKey } from '../src/core/router/matcher';
import { type CompiledPath5, compilePath5, matchedAlternative, matchPath5 } from '../src/core/router/matcher-express5';
import { SegmentIndex } from '../src/core/router/segment-index';
import { generator } from './helpers/random';

const requireFromTest = createRequire(__filename);

/** Router 2's layer, as express@5 builds one for a route or a mount. */
interface RouterLayer {
	match(path: string): false | { params: Record<string, unknown>; path: string; pattern: unknown };
}
type RouterLayerConstructor = new (path: unknown, options: PathOptions, fn: () => void) => RouterLayer;
const express5Require = createRequire(requireFromTest.resolve('express5/package.json'));
const routerRequire = createRequire(express5Require.resolve('router/package.json'));
const RouterLayer = routerRequire('./lib/layer.js') as RouterLayerConstructor;
const routerPathToRegexpVersion = versionOf(routerRequire, 'path-to-regexp');

/** The version of the package `name` as `load` resolves it (path-to-regexp 8 does not export its package.json). */
function versionOf(load: NodeJS.Require, name: string): string {
	let directory = dirname(load.resolve(name));
	while (!directory.endsWith(join('node_modules', name))) directory = dirname(directory);
	return (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string }).version;
}

type Outcome = { error: string } | { path: string; params: Record<string, unknown> } | false;

function describeError(error: unknown): string {
	const status = (error as { status?: unknown }).status;
	return `${(error as Error).name}: ${(error as Error).message}${status === undefined ? '' : ` (${String(status)})`}`;
}

function outcome(run: () => Outcome): Outcome {
	try {
		return run();
	} catch (error) {
		return { error: describeError(error) };
	}
}

/** Router 2's answer for `path` on a layer of `route` (undefined: registration threw). */
function routerOutcome(layer: RouterLayer, path: string): Outcome {
	return outcome(() => {
		const result = layer.match(path);
		return result === false ? false : { path: result.path, params: { ...result.params } };
	});
}

function veloxOutcome(compiled: CompiledPath5, path: string): Outcome {
	return outcome(() => {
		const result = matchPath5(compiled, path);
		return result === undefined ? false : { path: result.path, params: { ...result.params } };
	});
}

/** Compiles with both; the same error message if either throws. Undefined when both threw. */
function compileBoth(route: PathInput, options: PathOptions): { router: RouterLayer; velox: CompiledPath5; keys: PathKey[] } | undefined {
	let routerError: string | undefined;
	let veloxError: string | undefined;
	let router: RouterLayer | undefined;
	let velox: CompiledPath5 | undefined;
	const keys: PathKey[] = [];
	try {
		router = new RouterLayer(route, options, () => {});
	} catch (error) {
		routerError = (error as Error).message;
	}
	try {
		velox = compilePath5(route, keys, options);
	} catch (error) {
		veloxError = (error as Error).message;
	}
	assert.equal(veloxError, routerError, `${String(route)}: the same error at registration`);
	return router === undefined || velox === undefined ? undefined : { router, velox, keys };
}

/** Whether the route index may offer a layer with `segments` for `path` (its walk, written plainly). */
function admits(segments: PathSegments, path: string): boolean {
	if (path.charCodeAt(0) !== 0x2f) return true;
	const parts = path.slice(1).split('/');
	const keys = segments.keys;
	if (parts.length < keys.length) return false;
	for (let i = 0; i < keys.length; i++) {
		const key = keys[i];
		if (key === PARAM ? parts[i] === '' : foldAscii(parts[i]) !== key) return false;
	}
	return !segments.exact || parts.length === keys.length || (parts.length === keys.length + 1 && parts[keys.length] === '');
}

function foldAscii(value: string): string {
	return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function keysOf(route: PathInput, options: PathOptions = {}): { keys: string[]; exact: boolean } {
	const { segments } = compilePath5(route, [], options);
	return { keys: segments.keys.map((key: SegmentKey) => (key === PARAM ? ':' : key)), exact: segments.exact };
}

const OPTIONS: readonly PathOptions[] = [
	{},
	{ end: false },
	{ strict: true },
	{ strict: true, end: false },
	{ sensitive: true },
	{ sensitive: true, strict: true },
];

const ROUTES: readonly PathInput[] = [
	'/',
	'',
	'/a',
	'/a/',
	'/a//b',
	'/A/b',
	'/users/:id',
	'/users/:id/posts/:post',
	'/:a-:b',
	'/:name.:ext',
	'/file{.:ext}',
	'/:id{.:ext}',
	'/a{/:b}/c',
	'{/v1}/users',
	'/a{/b{/c}}',
	'/files/*path',
	'/a/b*rest',
	'/*all',
	'*all',
	'/*a/x/*b',
	'/:id/*rest',
	'/\\:literal',
	'/a\\{b\\}',
	'/a\\*',
	'/:"quoted name"',
	'/:ünï',
	'/café',
	'/%41',
	'/a.b',
	'/a+b',
	'/a$b^c',
	'/users/:id/',
	['/x/a', '/x/b/:id'],
	['/a', ['/b', ['/c/:c']]] as unknown as PathInput,
	['/x/:a', '/x/:b'],
	/^\/re\/(\d+)$/,
	/^\/re\/(?<name>[a-z]+)\/?$/i,
	/\((\w+)\)/,
	['/mix/:id', /^\/MIX\/(\d+)$/],
	['/s/:p', /^\/s\/(a)\1$/],
	[],
];

const PATHS: readonly string[] = [
	'/',
	'//',
	'',
	'/a',
	'/A',
	'/a/',
	'/a//',
	'/a//b',
	'/a/b',
	'/A/B',
	'/a/b/c',
	'/a/c',
	'/a/b/',
	'/users',
	'/users/42',
	'/users/42/',
	'/users/a%20b',
	'/users/%E9',
	'/users/%',
	'/users/42/posts/7',
	'/x-y',
	'/x-y-z',
	'/f.json',
	'/f.tar.gz',
	'/file',
	'/file.txt',
	'/v1/users',
	'/users/',
	'/files/a/b/c',
	'/files/a%2Fb/c%20d',
	'/files/',
	'/files//x',
	'/a/bcd/e',
	'/a/b/x/c',
	'/1/x/2',
	'/:literal',
	'/a{b}',
	'/a*',
	'/quoted name',
	'/cafe',
	'/café',
	'/CAFÉ',
	'/%41',
	'/A',
	'/a.b',
	'/axb',
	'/a+b',
	'/a$b^c',
	'/x/a',
	'/x/b/1',
	'/b',
	'/c/9',
	'/x/q',
	'/re/12',
	'/re/abc/',
	'/(word)',
	'/mix/12',
	'/MIX/12',
	'/s/aa',
	'/s/ab',
];

describe('Express 5 route syntax against router 2', () => {
	test('router 2 runs the path-to-regexp that Velox depends on', () => {
		const ours = versionOf(requireFromTest, 'path-to-regexp');
		assert.equal(ours, routerPathToRegexpVersion);
	});

	test('the table: every route × options × path', () => {
		let matched = 0;
		for (const route of ROUTES) {
			for (const options of OPTIONS) {
				const both = compileBoth(route, options);
				if (both === undefined) continue;
				for (const path of PATHS) {
					const expected = routerOutcome(both.router, path);
					const actual = veloxOutcome(both.velox, path);
					assert.deepStrictEqual(actual, expected, `${JSON.stringify(route)} ${JSON.stringify(options)} on ${JSON.stringify(path)}`);
					if (expected !== false && !('error' in expected)) {
						matched++;
						// The path of an array that answered: router 2 records it as the matched route.
						const paths = Array.isArray(route) ? (route as readonly unknown[]).flat(Number.POSITIVE_INFINITY) : [route];
						const answered = both.router.match(path);
						assert.ok(answered !== false);
						assert.equal(paths[matchedAlternative(both.velox, path)], answered.pattern, `${JSON.stringify(route)} on ${path}: the path that answered`);
						assert.ok(admits(both.velox.segments, path), `${JSON.stringify(route)} ${JSON.stringify(options)}: segments exclude ${path}`);
					}
				}
			}
		}
		assert.ok(matched > 150, 'matches: ' + matched);
	});

	test("string routes against path-to-regexp 8's match, with router 2's options", () => {
		for (const route of ROUTES) {
			if (typeof route !== 'string') continue;
			for (const options of OPTIONS) {
				const strict = options.strict === true;
				const loose = strict || route === '/' ? route : route.replace(/\/+$/, '');
				if (route === '/' && options.end === false) continue; // router 2's slash layer, not path-to-regexp
				let reference: ReturnType<typeof match>;
				try {
					reference = match(loose, { end: options.end !== false, sensitive: options.sensitive === true, trailing: !strict });
				} catch (error) {
					assert.throws(() => compilePath5(route, [], options), { message: (error as Error).message });
					continue;
				}
				const compiled = compilePath5(route, [], options);
				for (const path of PATHS) {
					const expected = outcome(() => {
						const result = reference(path);
						return result === false ? false : { path: result.path, params: { ...result.params } };
					});
					const actual = veloxOutcome(compiled, path);
					if (expected !== false && 'error' in expected) {
						// decodeURIComponent's own message there; router 2's (and Velox's) names the param.
						assert.ok(actual !== false && 'error' in actual, `${route} on ${path}: an error`);
						continue;
					}
					assert.deepStrictEqual(actual, expected, `${route} ${JSON.stringify(options)} on ${path}`);
				}
			}
		}
	});

	test('bad strings throw path-to-regexp 8’s errors at registration, as router 2 does', () => {
		const bad = ['/:', '/a?', '/a(b)', '/a+', '/a!', '/[a]', '/{a', '/a}', '/:"open', '/\\', '/:a:b', '/*', '/a/*', '/*a*b', '/:a*b', '/{:a}:b', ['/ok', '/:']];
		for (const route of bad) {
			const keys: PathKey[] = [];
			assert.throws(() => compilePath5(route, keys, {}), TypeError, String(route));
			compileBoth(route, {});
		}
		assert.throws(() => compilePath5('/:', [], {}), { message: /^Missing parameter name at index 2: \/:/ });
		assert.throws(() => compilePath5('/a?', [], {}), { message: /^Unexpected \? at index 2: \/a\?/ });
		assert.throws(() => compilePath5('/a(b)', [], {}), { message: /^Unexpected \( at index 2/ });
	});

	test('keys line up with the capture groups; splats and group members are marked', () => {
		const keys: PathKey[] = [];
		const compiled = compilePath5('/:id{.:ext}/*rest', keys, {});
		assert.deepEqual(
			keys.map((key) => [key.name, key.optional]),
			[
				['id', false],
				['ext', true],
				['rest', false],
				['id', false],
				['rest', false],
			],
		);
		assert.deepEqual(
			compiled.captures.map((capture) => capture.splat),
			[false, false, true, false, true],
		);
		for (const key of keys) assert.equal(compiled.regexp.source[key.offset], '(');
		assert.deepEqual({ ...matchPath5(compiled, '/7.json/a/b%20c')?.params }, { id: '7', ext: 'json', rest: ['a', 'b c'] });
		assert.deepEqual({ ...matchPath5(compiled, '/7/a')?.params }, { id: '7', rest: ['a'] });
		const regexpKeys: PathKey[] = [];
		compilePath5(/^\/(?<kind>\w+)\/(\d+)(?:\/x)?$/, regexpKeys, {});
		assert.deepEqual(
			regexpKeys.map((key) => key.name),
			['kind', 0],
		);
	});

	test('a malformed escape in a param is a 400 with router 2’s message', () => {
		const compiled = compilePath5('/u/:id', [], {});
		assert.throws(() => matchPath5(compiled, '/u/%E0%A4%A'), { name: 'URIError', message: "Failed to decode param '%E0%A4%A'", status: 400, statusCode: 400 });
	});
});

describe('segments of Express 5 paths', () => {
	test('literal segments and one-segment params, case folded', () => {
		assert.deepEqual(keysOf('/api/v1/Users'), { keys: ['api', 'v1', 'users'], exact: true });
		assert.deepEqual(keysOf('/repos/:owner/:repo/issues/:number'), { keys: ['repos', ':', ':', 'issues', ':'], exact: true });
		assert.deepEqual(keysOf('/:a-:b/x'), { keys: [':', 'x'], exact: true });
		assert.deepEqual(keysOf('/:name.json'), { keys: [':'], exact: true });
		assert.deepEqual(keysOf('/a\\:b/\\{c\\}'), { keys: ['a:b', '{c}'], exact: true });
		assert.deepEqual(keysOf('/a//b'), { keys: ['a', '', 'b'], exact: true });
	});

	test('a literal the index cannot fold as the regular expression does is a param', () => {
		assert.deepEqual(keysOf('/café/x'), { keys: [':', 'x'], exact: true });
		assert.deepEqual(keysOf('/café/x', { sensitive: true }), { keys: ['café', 'x'], exact: true });
	});

	test('trailing slashes as router 2 loosens them', () => {
		assert.deepEqual(keysOf('/a/'), { keys: ['a'], exact: true });
		assert.deepEqual(keysOf('/a/', { strict: true }), { keys: ['a', ''], exact: true });
		assert.deepEqual(keysOf('/a/', { strict: true, end: false }), { keys: ['a', ''], exact: false });
		assert.deepEqual(keysOf('/'), { keys: [], exact: false }, "'/' also matches '//'");
		assert.deepEqual(keysOf('/', { strict: true }), { keys: [''], exact: true });
		assert.deepEqual(keysOf('/api', { end: false }), { keys: ['api'], exact: false });
	});

	test('stop at optional groups and splats, keeping a segment every match has', () => {
		assert.deepEqual(keysOf('/users{/:id}'), { keys: ['users'], exact: false });
		assert.deepEqual(keysOf('/users{/:id}/posts'), { keys: ['users'], exact: false });
		assert.deepEqual(keysOf('/file{.:ext}'), { keys: [':'], exact: false });
		assert.deepEqual(keysOf('/a/b{s}'), { keys: ['a', ':'], exact: false });
		assert.deepEqual(keysOf('{/v1}/users'), { keys: [], exact: false });
		assert.deepEqual(keysOf('/a/{b}c'), { keys: ['a'], exact: false });
		assert.deepEqual(keysOf('/files/*path'), { keys: ['files'], exact: false });
		assert.deepEqual(keysOf('/files/x*path'), { keys: ['files', ':'], exact: false });
		assert.deepEqual(keysOf('/*all'), { keys: [], exact: false });
		assert.deepEqual(keysOf('*all'), { keys: [], exact: false });
		assert.deepEqual(keysOf('a/b'), { keys: [], exact: false });
	});

	test('arrays share their common keys; a RegExp files nothing', () => {
		assert.deepEqual(keysOf(['/x/a', '/x/b/:id']), { keys: ['x'], exact: false });
		assert.deepEqual(keysOf(['/x/a']), { keys: ['x', 'a'], exact: true });
		assert.deepEqual(keysOf(['/a', '/b']), { keys: [], exact: false });
		assert.deepEqual(keysOf(/^\/a\/b$/), { keys: [], exact: false });
		assert.deepEqual(keysOf(['/a/:id', /^\/a\/x/]), { keys: [], exact: false });
	});
});

const PATTERN_SEGMENTS = [
	'a',
	'A',
	'b',
	'api',
	':id',
	':x',
	':a-:b',
	':name.:ext',
	'file{.:ext}',
	':id{.:ext}',
	'{:opt}',
	'x{-:v}',
	'\\:lit',
	'a\\+',
	'%41',
	'café',
	'a.b',
	'',
	...Array.from({ length: 10 }, (_, i) => 'r' + i),
];
const PATTERN_TAILS = ['', '', '', '', '/', '{/:opt}', '{/x}', '/*rest', '/p*rest', '{/*rest}', '/:id/*rest'];
const REGEXPS = [/^\/a\/(\d+)$/, /^\/api\/?$/i, /^\/b/, /\/a/, /^\/(?<word>[a-z]+)\/x$/];
const PATH_SEGMENTS = [
	'a',
	'A',
	'b',
	'B',
	'api',
	'API',
	'1',
	'22',
	'a.b',
	'a.json',
	'file',
	'file.txt',
	'a-1',
	'x',
	'x-2',
	':lit',
	'a+',
	'%41',
	'%E9',
	'%',
	'café',
	'CAFÉ',
	'',
	'p',
	'pq',
	'r3',
	'R7',
];

function randomRoute(random: ReturnType<typeof generator>): PathInput {
	const kind = random.next(12);
	if (kind === 0) return random.pick(REGEXPS);
	if (kind === 1) return [randomStringRoute(random), randomStringRoute(random)];
	if (kind === 2) return [randomStringRoute(random), random.pick(REGEXPS)];
	return randomStringRoute(random);
}

function randomStringRoute(random: ReturnType<typeof generator>): string {
	if (random.next(20) === 0) return random.pick(['/', '', '/*all', '*all']);
	let path = '';
	const count = 1 + random.next(3);
	for (let i = 0; i < count; i++) path += '/' + random.pick(PATTERN_SEGMENTS);
	return path + random.pick(PATTERN_TAILS);
}

function randomPath(random: ReturnType<typeof generator>): string {
	let path = '';
	const count = 1 + random.next(4);
	for (let i = 0; i < count; i++) path += '/' + random.pick(PATH_SEGMENTS);
	if (random.next(6) === 0) path += '/';
	return path;
}

const layerSegments = (() => {
	const probe = new Layer('/', {}, function handler() {});
	const symbol = Object.getOwnPropertySymbols(probe).find((each) => each.description === 'velox.segments');
	assert.ok(symbol !== undefined, "the layer's segments are held under velox.segments");
	return symbol;
})();

/** A Velox 4 layer filed under `segments` (the index reads nothing else from it). */
function layerFiledUnder(segments: PathSegments): Layer {
	const layer = new Layer('/', {}, function handler() {});
	(layer as unknown as Record<symbol, PathSegments>)[layerSegments] = segments;
	return layer;
}

describe('random routes: router 2 agrees, and the index never leaves out a layer that matches', () => {
	for (const seed of [51, 52, 53, 54, 55, 56]) {
		test('seed ' + seed, () => {
			const random = generator(seed);
			const routers: RouterLayer[] = [];
			const compiled: CompiledPath5[] = [];
			const labels: string[] = [];
			while (compiled.length < 100) {
				const route = randomRoute(random);
				const options = { sensitive: random.next(3) === 0, strict: random.next(3) === 0, end: random.next(3) !== 0 };
				const both = compileBoth(route, options);
				if (both === undefined) continue;
				routers.push(both.router);
				compiled.push(both.velox);
				labels.push(`${String(route)} ${JSON.stringify(options)}`);
			}
			const stack = compiled.map((each) => layerFiledUnder(each.segments));
			const index = new SegmentIndex(stack);
			let matched = 0;
			let excluded = 0;
			for (let i = 0; i < 600; i++) {
				const path = randomPath(random);
				const cursor = new IndexedCursor(index, stack, stack.length);
				cursor.seek(path, 0);
				const candidates = new Set<number>();
				for (let position = cursor.next(); position !== -1; position = cursor.next()) candidates.add(position);
				excluded += stack.length - candidates.size;
				for (let position = 0; position < compiled.length; position++) {
					const expected = routerOutcome(routers[position], path);
					const actual = veloxOutcome(compiled[position], path);
					assert.deepStrictEqual(actual, expected, `${labels[position]} on ${path}`);
					if (expected === false) continue;
					matched++;
					assert.ok(admits(compiled[position].segments, path), `${labels[position]}: segments exclude ${path}`);
					assert.ok(candidates.has(position), `${labels[position]}: matches ${path} but is not a candidate`);
				}
			}
			assert.ok(matched > 300, 'matches: ' + matched);
			assert.ok(excluded > 600 * 30, 'excluded: ' + excluded);
		});
	}
});

describe('Velox 4 is untouched', () => {
	test('express@4 keeps path-to-regexp 0.1, and compilePath still compiles as it does', () => {
		const express4Require = createRequire(requireFromTest.resolve('express/package.json'));
		const legacy = express4Require('path-to-regexp') as (path: string, keys: unknown[], options: PathOptions) => RegExp;
		assert.equal(versionOf(express4Require, 'path-to-regexp'), '0.1.13');
		for (const path of ['/users/:id?', '/a/*', '/:a-:b', '/file.:ext', '/x/(\\d+)']) {
			for (const options of OPTIONS) {
				assert.equal(compilePath(path, [], options).regexp.source, legacy(path, [], options).source, path);
			}
		}
	});
});
