/**
 * Seeded random applications against express@4, shaped like real route
 * tables: shared multi-level prefixes (`/api/v1/...`), parameters at every
 * level, regular expression and array paths, mounted routers (some with
 * `mergeParams`) and sub-apps, middleware that passes, answers or rewrites
 * `req.url`, and `next('route')`. Requests are drawn from the routes' own
 * shapes (parameters filled in, case changed, trailing slashes) and at random.
 * Any divergence is a bug of the route index or of the dispatch.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response, Router } from 'express';
import { type DiffRequest, differential, type Framework } from './helpers/differential';
import { generator } from './helpers/random';

type Random = ReturnType<typeof generator>;

const PREFIXES = ['/api', '/api/v1', '/api/v2', '/API/v1', '/repos/:owner/:repo', '/users/:id', '/api/:version', ''];
const LEVELS = ['users', 'items', 'v1', 'Users', ':id', ':name', ':id(\\d+)', ':slug?', 'files', 'a.b', ':file.:ext', 'posts', ':post', '*', 'r1', 'r2', 'r3'];
const VALUES: Record<string, string[]> = {
	id: ['1', '42', 'x'],
	name: ['ann', 'Bob'],
	slug: ['s'],
	file: ['f'],
	ext: ['js', 'json'],
	post: ['7'],
	owner: ['me'],
	repo: ['r'],
	version: ['v1', 'v9'],
};

type Route = { kind: 'get' | 'use' | 'rewrite' | 'router' | 'app'; path: string | RegExp | (string | RegExp)[]; index: number };

function randomPath(random: Random): string {
	let path = random.pick(PREFIXES);
	const depth = random.next(4);
	for (let i = 0; i < depth; i++) path += '/' + random.pick(LEVELS);
	return path || '/';
}

function randomPattern(random: Random): string | RegExp | (string | RegExp)[] {
	const kind = random.next(12);
	if (kind === 0) return random.pick([/^\/api\/v1\/items\/(\d+)$/, /^\/api\/v\d+\/users\/?$/i, /\/r2/, /^\/repos\/[^/]+\/[^/]+\/pulls$/]);
	if (kind === 1) return [randomPath(random), randomPath(random)];
	return randomPath(random);
}

/** A concrete request path for a pattern: parameters filled, sometimes another case or a trailing slash. */
function instantiate(random: Random, pattern: string): string {
	let path = pattern
		.replace(/:(\w+)\(\\\\d\+\)/g, () => random.pick(['3', '42', 'z']))
		.replace(/:(\w+)\??/g, (_m, name: string) => random.pick(VALUES[name] ?? ['v']))
		.replace('*', random.pick(['x', 'x/y', '']));
	if (random.next(5) === 0) path = path.toUpperCase();
	if (random.next(6) === 0) path += '/';
	if (random.next(8) === 0) path += '?q=1';
	return path || '/';
}

function answer(index: number) {
	return (req: Request, res: Response, next: NextFunction): void => {
		// Some handlers pass on, so later candidates (and OPTIONS/404 handling) are reached too.
		if (index % 7 === 3) {
			res.setHeader('X-Passed-' + index, '1');
			next();
			return;
		}
		if (index % 11 === 5) {
			next('route');
			return;
		}
		res.json({ index, params: req.params, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, route: req.route?.path?.toString() });
	};
}

function mark(index: number) {
	return (_req: Request, res: Response, next: NextFunction): void => {
		res.setHeader('X-Mark-' + index, '1');
		next();
	};
}

function rewrite(_req: Request, _res: Response, next: NextFunction): void {
	const req = _req as Request & { url: string };
	// Both directions: into the table, and out of it.
	if (req.url.startsWith('/alias/')) req.url = '/api/v1/' + req.url.slice(7);
	else if (req.url.startsWith('/api/v2/')) req.url = '/api/v1/' + req.url.slice(8);
	next();
}

function buildTable(random: Random, count: number, depth: number): Route[] {
	const routes: Route[] = [];
	for (let i = 0; i < count; i++) {
		const roll = random.next(20);
		const kind = roll < 12 ? 'get' : roll < 15 ? 'use' : roll < 16 ? 'rewrite' : depth > 0 ? 'get' : roll < 18 ? 'router' : 'app';
		routes.push({ kind, path: kind === 'get' ? randomPattern(random) : random.pick(PREFIXES) || '/', index: routes.length });
	}
	return routes;
}

function populate(framework: Framework, target: Router, routes: Route[], nested: Map<number, Route[]>, mergeParams: boolean): void {
	for (const route of routes) {
		switch (route.kind) {
			case 'get':
				target.get(route.path as string, answer(route.index));
				break;
			case 'use':
				target.use(route.path as string, mark(route.index));
				break;
			case 'rewrite':
				target.use(rewrite);
				break;
			case 'router': {
				const router = framework.Router({ mergeParams });
				populate(framework, router, nested.get(route.index)!, nested, mergeParams);
				target.use(route.path as string, router);
				break;
			}
			case 'app': {
				const sub = framework();
				populate(framework, sub as Router, nested.get(route.index)!, nested, mergeParams);
				target.use(route.path as string, sub);
				break;
			}
		}
	}
}

for (const seed of [101, 202, 303, 404, 505, 606, 707, 808]) {
	test('random deep application #' + seed + ' dispatches as express@4', async () => {
		const random = generator(seed);
		const routes = buildTable(random, 40 + random.next(30), 0);
		const nested = new Map<number, Route[]>();
		for (const route of routes) {
			if (route.kind === 'router' || route.kind === 'app') nested.set(route.index, buildTable(random, 18 + random.next(10), 1));
		}
		const caseSensitive = random.next(3) === 0;
		const strict = random.next(4) === 0;
		const mergeParams = random.next(2) === 0;
		const patterns: string[] = [];
		for (const table of [routes, ...nested.values()]) {
			for (const route of table) {
				if (typeof route.path === 'string') patterns.push(route.path);
				else if (Array.isArray(route.path)) patterns.push(...route.path.filter((p): p is string => typeof p === 'string'));
			}
		}
		const requests: DiffRequest[] = [];
		for (let i = 0; i < 50; i++) {
			const roll = random.next(10);
			let path: string;
			if (roll < 3) path = randomPath(random).replace(/:\w+(\(\\\\d\+\))?\??/g, 'p');
			else if (roll < 4) path = '/alias/' + random.pick(['items/1', 'users', 'r1']);
			else {
				// A nested route is reached through its mount path.
				const prefix = random.next(2) === 0 ? instantiate(random, random.pick(PREFIXES)) : '';
				path = (prefix === '/' ? '' : prefix) + instantiate(random, random.pick(patterns));
			}
			requests.push({ path: path.startsWith('/') ? path : '/' + path, method: random.next(10) === 0 ? random.pick(['HEAD', 'OPTIONS', 'POST']) : 'GET' });
		}
		const responses = await differential((framework: Framework) => {
			const app = framework();
			if (caseSensitive) app.enable('case sensitive routing');
			if (strict) app.enable('strict routing');
			populate(framework, app as Router, routes, nested, mergeParams);
			return app;
		}, requests);
		// The draw is meaningful: a good share of the requests is answered by a route.
		assert.ok(responses.filter((response) => response.status === 200).length >= 10, 'answered: ' + responses.filter((r) => r.status === 200).length);
	});
}
