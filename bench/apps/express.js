// The scenarios written once for the Express API. The same code runs against express@4,
// express@5 and Velox: `framework` is whatever `require()` of that package returned.

const { scalingRoutes, prefixRoutes, githubScaleRoutes, restRoutes, restRecord, GITHUB_ROUTES } = require('../lib/scenarios');

const HELLO = 'Hello World!';

function hello(_req, res) {
	res.send(HELLO);
}

const apps = {
	hello(framework) {
		const app = framework();
		app.get('/', hello);
		return app;
	},

	json(framework) {
		const app = framework();
		app.get('/', (_req, res) => {
			res.json({ hello: 'world', count: 42, ok: true });
		});
		return app;
	},

	routes(framework) {
		// 99 routes of mixed shapes, then the one the request hits, registered last.
		const app = framework();
		for (let i = 0; i < 99; i++) {
			if (i % 3 === 0) app.get(`/static${i}/list`, hello);
			else if (i % 3 === 1) app.get(`/one${i}/:id`, hello);
			else app.get(`/two${i}/:id/items/:itemId`, hello);
		}
		app.get('/users/:id/posts/:postId', (req, res) => {
			res.send(`user ${req.params.id} post ${req.params.postId}`);
		});
		return app;
	},

	middleware(framework) {
		const app = framework();
		for (let i = 0; i < 5; i++) {
			app.use((_req, _res, next) => {
				next();
			});
		}
		app.get('/', hello);
		return app;
	},

	body(framework) {
		const app = framework();
		app.use(framework.json());
		app.post('/', (req, res) => {
			res.json(req.body);
		});
		return app;
	},

	static(framework, _group, fixtures) {
		const app = framework();
		app.use(framework.static(fixtures.dir));
		return app;
	},

	notfound(framework) {
		// One route, so the request walks the router before falling through to the default 404.
		const app = framework();
		app.get('/', hello);
		return app;
	},

	scaling(framework, group) {
		return routeTable(framework, scalingRoutes(group.routeCount));
	},

	prefix(framework, group) {
		return routeTable(framework, prefixRoutes(group.routeCount));
	},

	rest(framework) {
		// A REST API: a global JSON body parser and a header-setting middleware, then 60 routes
		// under /api/v1; the measured read answers a JSON object built from the :id.
		const app = framework();
		app.use(framework.json());
		app.use((_req, res, next) => {
			res.setHeader('X-Api-Version', '1');
			next();
		});
		for (const route of restRoutes()) {
			const resource = route.resource;
			if (route.method === 'get' && route.path.endsWith('/:id')) {
				app.get(route.path, (req, res) => {
					res.json(restRecord(resource, req.params.id));
				});
			} else if (route.method === 'get') {
				app.get(route.path, (_req, res) => {
					res.json([]);
				});
			} else if (route.method === 'delete') {
				app.delete(route.path, (_req, res) => {
					res.status(204).end();
				});
			} else {
				app[route.method](route.path, (req, res) => {
					res.status(route.method === 'post' ? 201 : 200).json(req.body);
				});
			}
		}
		return app;
	},

	github(framework) {
		return githubTable(framework, GITHUB_ROUTES);
	},

	ghscale(framework, group) {
		return githubTable(framework, githubScaleRoutes(group.routeCount));
	},
};

function githubTable(framework, routes) {
	// The GitHub API's route table; every route answers its index and its params.
	const app = framework();
	routes.forEach((route, index) => {
		app[route.method.toLowerCase()](route.path, (req, res) => {
			res.json({ route: index, params: req.params });
		});
	});
	return app;
}

function routeTable(framework, routes) {
	const app = framework();
	for (const route of routes) {
		if (route.kind === 'static') app.get(route.path, hello);
		else
			app.get(route.path, (req, res) => {
				res.send(req.params.id);
			});
	}
	return app;
}

/** The server `app.listen` makes (for bench/micro.js, which feeds it requests without a port). */
async function create(modulePath, group, fixtures) {
	const app = apps[group.app](require(modulePath), group, fixtures);
	const server = app.listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	server.close();
	return server;
}

/** The app itself, for `http.createServer(app)` (bench/micro.js's `-cs` variants). */
function createServer(modulePath, group, fixtures) {
	return apps[group.app](require(modulePath), group, fixtures);
}

function start(modulePath, group, fixtures, listening) {
	const framework = require(modulePath);
	const app = apps[group.app](framework, group, fixtures);
	// The HTTP/2 scenarios: the app as node's HTTP/2 request handler (h2c).
	const server = group.protocol === 'h2' ? require('node:http2').createServer(app) : app;
	const listener = server.listen(0, '127.0.0.1', () => listening(listener.address().port));
	return listener;
}

module.exports = { start, create, createServer };
