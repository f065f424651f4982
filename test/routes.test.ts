/** `app.routes()` and `router.routes()`: every middleware, route and mount, in registration order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import listEndpoints from 'express-list-endpoints';
import velox from '../src/express';

type Pick = { kind: string; methods: string[]; paths: string[]; fullPaths: string[]; handlers: string[]; depth: number };

function summary(list: Iterable<Pick>): Pick[] {
	return [...list].map(({ kind, methods, paths, fullPaths, handlers, depth }) => ({ kind, methods, paths, fullPaths, handlers, depth }));
}

function auth(_req: unknown, _res: unknown, next: () => void) {
	next();
}
function getUser(_req: unknown, res: { end(): void }) {
	res.end();
}
function listItems(_req: unknown, res: { end(): void }) {
	res.end();
}

test('lists middleware, routes, routers and sub-apps in registration order, expanded in place', () => {
	const app = velox();
	app.use(velox.json());
	app.get('/users/:id', auth, getUser);
	const api = velox.Router();
	api.use(auth);
	api.get('/items', listItems);
	api.route('/items/:itemId').put(listItems).delete(listItems);
	app.use('/api', api);
	const admin = velox();
	admin.get('/dash', getUser);
	app.use('/orgs/:org', admin);
	app.use((_err: unknown, _req: unknown, _res: unknown, next: () => void) => next());

	assert.deepEqual(summary(app.routes()), [
		{ kind: 'middleware', methods: [], paths: ['/'], fullPaths: ['/'], handlers: ['jsonParser'], depth: 0 },
		{ kind: 'route', methods: ['GET'], paths: ['/users/:id'], fullPaths: ['/users/:id'], handlers: ['auth', 'getUser'], depth: 0 },
		{ kind: 'router', methods: [], paths: ['/api'], fullPaths: ['/api'], handlers: ['router'], depth: 0 },
		{ kind: 'middleware', methods: [], paths: ['/'], fullPaths: ['/api'], handlers: ['auth'], depth: 1 },
		{ kind: 'route', methods: ['GET'], paths: ['/items'], fullPaths: ['/api/items'], handlers: ['listItems'], depth: 1 },
		{ kind: 'route', methods: ['PUT', 'DELETE'], paths: ['/items/:itemId'], fullPaths: ['/api/items/:itemId'], handlers: ['listItems', 'listItems'], depth: 1 },
		{ kind: 'app', methods: [], paths: ['/orgs/:org'], fullPaths: ['/orgs/:org'], handlers: ['mounted_app'], depth: 0 },
		{ kind: 'route', methods: ['GET'], paths: ['/dash'], fullPaths: ['/orgs/:org/dash'], handlers: ['getUser'], depth: 1 },
		{ kind: 'middleware', methods: [], paths: ['/'], fullPaths: ['/'], handlers: ['<anonymous>'], depth: 0 },
	]);
});

test('paths as written: string patterns, RegExp, each entry of an array, and mount arrays multiply', () => {
	const app = velox();
	const regexp = /^\/files\/(.*)$/i;
	app.get(regexp, getUser);
	app.post(['/a', '/b/:id?'], getUser);
	app.get('/ab?cd', getUser);
	const router = velox.Router();
	router.get('/x', getUser);
	app.use(['/v1', '/v2'], router);

	const list = app.routes();
	assert.equal(list[0].pattern, regexp);
	assert.deepEqual(list[0].paths, ['/^\\/files\\/(.*)$/i']);
	assert.deepEqual(list[1].paths, ['/a', '/b/:id?']);
	assert.deepEqual(list[1].fullPaths, ['/a', '/b/:id?']);
	assert.equal(list[1].fullPath, '/a');
	assert.deepEqual(list[2].paths, ['/ab?cd']);
	assert.deepEqual(list[3].fullPaths, ['/v1', '/v2']);
	assert.deepEqual(list[4].fullPaths, ['/v1/x', '/v2/x']);
	assert.deepEqual(list[4].paths, ['/x']);
});

test('route methods: each method once in the order added, ALL for route.all, every method for app.all', () => {
	const app = velox();
	app.route('/r').get(getUser).post(getUser).get(getUser);
	const router = velox.Router();
	router.all('/any', getUser);
	app.use(router);
	app.all('/every', getUser);
	const list = app.routes();
	assert.deepEqual(list[0].methods, ['GET', 'POST']);
	assert.deepEqual(list[0].handlers, ['getUser', 'getUser', 'getUser']);
	assert.deepEqual(list[2].methods, ['ALL']);
	assert.ok(list[3].methods.includes('GET') && list[3].methods.includes('DELETE') && list[3].methods.length > 20);
});

test('computed at call time: routes added later appear, an app without routes lists nothing', () => {
	const app = velox();
	assert.deepEqual([...app.routes()], []);
	const router = velox.Router();
	app.use('/late', router);
	assert.equal(app.routes().length, 1);
	router.get('/added', getUser);
	app.get('/after', getUser);
	assert.deepEqual(
		app.routes().map((entry) => entry.fullPath),
		['/late', '/late/added', '/after'],
	);
});

test('router.routes() lists the router alone, paths relative to it', () => {
	const router = velox.Router();
	router.get('/items', listItems);
	const inner = velox.Router();
	inner.post('/deep', getUser);
	router.use('/inner', inner);
	assert.deepEqual(
		router.routes().map((entry) => [entry.kind, entry.methods.join(), entry.fullPath, entry.depth]),
		[
			['route', 'GET', '/items', 0],
			['router', '', '/inner', 0],
			['route', 'POST', '/inner/deep', 1],
		],
	);
});

test('a router mounted inside itself is listed without recursing forever', () => {
	const router = velox.Router();
	router.get('/x', getUser);
	router.use('/self', router);
	const list = router.routes();
	assert.deepEqual(
		list.map((entry) => entry.fullPath),
		['/x', '/self'],
	);
});

test('an express@4 router mounted in a Velox app is expanded too (same layer shape)', () => {
	const app = velox();
	const legacy = express.Router();
	legacy.get('/old', getUser);
	app.use('/legacy', legacy);
	const list = app.routes();
	assert.equal(list[0].kind, 'router');
	assert.equal(list[1].kind, 'route');
	assert.equal(list[1].fullPath, '/legacy/old');
	assert.deepEqual(list[1].methods, ['GET']);
});

test('toString prints an aligned table with one line per entry', () => {
	const app = velox();
	app.use(auth);
	app.get('/users/:id', getUser);
	const api = velox.Router();
	api.post('/items', listItems);
	app.use('/api', api);
	const lines = String(app.routes()).split('\n');
	assert.equal(lines.length, 5);
	assert.match(lines[0], /^METHOD +PATH +KIND +HANDLERS$/);
	assert.match(lines[1], /^\* +\/ +middleware +auth$/);
	assert.match(lines[2], /^GET +\/users\/:id +route +getUser$/);
	assert.match(lines[3], /^\* +\/api +router +router$/);
	assert.match(lines[4], /^POST +\/api\/items +route +listItems$/);
	// Columns line up: every row has KIND at the same offset.
	const kindColumn = lines[0].indexOf('KIND');
	for (const line of lines.slice(1)) assert.match(line.slice(kindColumn), /^(middleware|route|router)/);
});

test('app._router.stack keeps the shape express-list-endpoints reads: same endpoints as express@4', () => {
	const build = (framework: typeof express) => {
		const app = framework();
		app.use(express.json());
		app.get('/users/:id', getUser);
		app.route('/users').get(getUser).post(getUser);
		const api = framework.Router();
		api.get('/items', listItems);
		api.patch('/items/:itemId', auth, listItems);
		const nested = framework.Router();
		nested.delete('/deep/:x', getUser);
		api.use('/nested/:n', nested);
		app.use('/api', api);
		app.post(['/many', '/more'], getUser);
		return app;
	};
	const fromExpress = listEndpoints(build(express));
	const fromVelox = listEndpoints(build(velox));
	assert.deepEqual(fromVelox, fromExpress);
	const patch = fromVelox.find((endpoint) => endpoint.path === '/api/items/:itemId');
	assert.deepEqual(patch, { path: '/api/items/:itemId', methods: ['PATCH'], middlewares: ['auth', 'listItems'] });
	assert.equal(fromVelox.length, 7);
});
