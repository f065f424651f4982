/**
 * The route index's cost does not grow with the number of routes: a request
 * runs `layer.match` on a handful of layers (the ones that can match, and the
 * ones with no segment to file them under), whatever the table and wherever
 * in it the route sits. Counted, not timed.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { Layer } from '../src/core/router/layer';

type Dispatchable = { handle(req: IncomingMessage, res: ServerResponse, out: (err?: unknown) => void): void };

/** The label the route answering `url` gives, and how many layers were matched against the path. */
function probe(value: object, url: string): { answered: string | undefined; visited: number } {
	// The public Router type (as @types/express's) declares no `handle`; every router has one.
	const router = value as Dispatchable;
	const match = Layer.prototype.match;
	let visited = 0;
	let answered: string | undefined;
	Layer.prototype.match = function countedMatch(this: Layer, path: string | null | undefined): boolean {
		visited++;
		return match.call(this, path);
	};
	try {
		const req = { method: 'GET', url, headers: {} } as IncomingMessage & { label?: string };
		// An app's own `expressInit` layer sets X-Powered-By on a request its app did not prepare.
		router.handle(req, { setHeader() {} } as unknown as ServerResponse, (err) => {
			if (err) throw err;
		});
		answered = req.label;
	} finally {
		Layer.prototype.match = match;
	}
	return { answered, visited };
}

function label(name: string) {
	return (req: IncomingMessage & { label?: string }) => {
		req.label = name;
	};
}

describe('a lookup visits O(depth) layers, not O(routes)', () => {
	test('5,000 routes under one prefix (/api/rK/...): the middle and the last route', () => {
		const router = velox.Router();
		for (let k = 0; k < 5000; k++) {
			router.get('/api/r' + k + '/items', label('items ' + k));
			router.get('/api/r' + k + '/items/:id', label('item ' + k));
		}
		// The route itself: `/api/r2500/items`, filed one level up, is exact (it matches only paths
		// that end there), so it is not a candidate for a longer path.
		assert.deepEqual(probe(router, '/api/r2500/items/42'), { answered: 'item 2500', visited: 1 });
		// A trailing slash ends the path at the exact route's node.
		assert.deepEqual(probe(router, '/api/r2500/items/'), { answered: 'items 2500', visited: 1 });
		assert.deepEqual(probe(router, '/API/R4999/items'), { answered: 'items 4999', visited: 1 });
		// Nothing matches: nothing is visited.
		assert.deepEqual(probe(router, '/api/r5000/items'), { answered: undefined, visited: 0 });
	});

	test('global and prefix middleware stay candidates; the rest of the table does not', () => {
		const app = velox();
		app.use(function logger(_req, _res, next) {
			next();
		});
		app.use('/api', function auth(_req, _res, next) {
			next();
		});
		for (let k = 0; k < 3000; k++) app.get('/api/v1/r' + k + '/:id', label('r' + k));
		app.use('/admin', function admin(_req, _res, next) {
			next();
		});
		const router = (app as { _router: Dispatchable })._router;
		// query and expressInit (every app's first two), logger, auth, then the route: five layers of 3,005.
		assert.deepEqual(probe(router, '/api/v1/r1500/7'), { answered: 'r1500', visited: 5 });
	});

	test('a GitHub-like table of static and parametric routes, 3,000 routes', () => {
		const templates = [
			'/user/repos',
			'/users/:user/repos',
			'/orgs/:org/members/:user',
			'/repos/:owner/:repo/issues/:number',
			'/repos/:owner/:repo/pulls',
			'/gists/:id/comments',
		];
		const router = velox.Router();
		for (let i = 0; i < 3000; i++) {
			const generation = Math.floor(i / templates.length);
			// Suffix the last literal segment so every route is distinct and prefixes stay shared.
			const path = templates[i % templates.length].replace(
				/\/([a-z]+)(\/:\w+)?$/,
				(_m, literal: string, param = '') => '/' + literal + '-' + generation + param,
			);
			router.get(path, label(path));
		}
		const { answered, visited } = probe(router, '/repos/nodejs/node/issues-250/42');
		assert.equal(answered, '/repos/:owner/:repo/issues-250/:number');
		assert.ok(visited <= 2, 'visited ' + visited);
		const user = probe(router, '/orgs/nodejs/members-499/ann');
		assert.equal(user.answered, '/orgs/:org/members-499/:user');
		assert.ok(user.visited <= 2, 'visited ' + user.visited);
	});

	test('the GitHub table grown to 5,000 routes (bench/lib/github-scale.js): each probe visits its route alone', () => {
		const scale = require(path.join(__dirname, '..', '..', 'bench', 'lib', 'github-scale.js')) as {
			githubScaleRoutes(count: number): { method: string; path: string }[];
			githubScaleTargets(count: number): { variant: string; path: string; route: number }[];
		};
		const router = velox.Router() as unknown as Record<string, (path: string, handler: unknown) => void>;
		scale.githubScaleRoutes(5000).forEach((route, i) => {
			router[route.method.toLowerCase()](route.path, label(String(i)));
		});
		for (const target of scale.githubScaleTargets(5000)) {
			// No ancestor's exact route (`/repos/:owner/:repo` for `/repos/o/r/pulls-10`) is offered.
			assert.deepEqual(probe(router, target.path), { answered: String(target.route), visited: 1 }, target.variant);
		}
	});

	test("an app's `/` route is offered to `/` and `/?q`, not to every other path", () => {
		const router = velox.Router();
		router.get('/', label('home'));
		for (let k = 0; k < 100; k++) router.get('/p' + k, label('p' + k));
		assert.deepEqual(probe(router, '/p42'), { answered: 'p42', visited: 1 });
		assert.deepEqual(probe(router, '/?q=1'), { answered: 'home', visited: 1 });
		assert.deepEqual(probe(router, '/nowhere'), { answered: undefined, visited: 0 });
	});

	test('a mounted router is indexed on the path it sees (its mount path stripped)', () => {
		const app = velox();
		const api = velox.Router();
		for (let k = 0; k < 2000; k++) api.get('/r' + k + '/items', label('api r' + k));
		for (let k = 0; k < 2000; k++) app.get('/site/p' + k, label('site p' + k));
		app.use('/api/:version', api);
		const router = (app as { _router: Dispatchable })._router;
		// query and expressInit, the mount layer in the app, then one route in the mounted router.
		assert.deepEqual(probe(router, '/api/v1/r1999/items'), { answered: 'api r1999', visited: 4 });
	});
});
