// The scenarios written idiomatically for fastify (logger off, default options).

const fs = require('node:fs');
const path = require('node:path');
const { scalingRoutes, prefixRoutes, githubScaleRoutes, restRoutes, restRecord, GITHUB_ROUTES } = require('../lib/scenarios');

const HELLO = 'Hello World!';

async function hello() {
	return HELLO;
}

const apps = {
	hello(app) {
		app.get('/', hello);
	},

	json(app) {
		app.get('/', async () => ({ hello: 'world', count: 42, ok: true }));
	},

	routes(app) {
		for (let i = 0; i < 99; i++) {
			if (i % 3 === 0) app.get(`/static${i}/list`, hello);
			else if (i % 3 === 1) app.get(`/one${i}/:id`, hello);
			else app.get(`/two${i}/:id/items/:itemId`, hello);
		}
		app.get('/users/:id/posts/:postId', async (request) => `user ${request.params.id} post ${request.params.postId}`);
	},

	middleware(app) {
		// fastify's equivalent of a no-op app.use: an onRequest hook.
		for (let i = 0; i < 5; i++) {
			app.addHook('onRequest', (_request, _reply, done) => {
				done();
			});
		}
		app.get('/', hello);
	},

	body(app) {
		app.post('/', async (request) => request.body);
	},

	static(app, _group, fixtures) {
		// @fastify/static is not a devDependency of this repo: this route does what it does for a
		// plain GET (stat, validators, stream).
		app.get('/*', (request, reply) => {
			const file = path.join(fixtures.dir, request.params['*']);
			fs.stat(file, (error, stat) => {
				if (error || !stat.isFile()) return reply.callNotFound();
				reply
					.header('Accept-Ranges', 'bytes')
					.header('Cache-Control', 'public, max-age=0')
					.header('Last-Modified', stat.mtime.toUTCString())
					.header('Content-Type', 'text/plain; charset=UTF-8')
					.header('Content-Length', stat.size)
					.send(fs.createReadStream(file));
			});
		});
	},

	notfound(app) {
		// Same body as Express's default 404, so the correctness pre-check compares equal work.
		app.get('/', hello);
		app.setNotFoundHandler((request, reply) => {
			reply
				.code(404)
				.type('text/html; charset=utf-8')
				.send(
					'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
						`<pre>Cannot ${request.method} ${request.url.split('?')[0]}</pre>\n</body>\n</html>\n`,
				);
		});
	},

	scaling(app, group) {
		routeTable(app, scalingRoutes(group.routeCount));
	},

	prefix(app, group) {
		routeTable(app, prefixRoutes(group.routeCount));
	},

	rest(app) {
		// fastify parses JSON bodies itself (its equivalent of a global json()); the header
		// middleware is an onRequest hook.
		app.addHook('onRequest', (_request, reply, done) => {
			reply.header('X-Api-Version', '1');
			done();
		});
		for (const route of restRoutes()) {
			const resource = route.resource;
			if (route.method === 'get' && route.path.endsWith('/:id')) app.get(route.path, async (request) => restRecord(resource, request.params.id));
			else if (route.method === 'get') app.get(route.path, async () => []);
			else if (route.method === 'delete') app.delete(route.path, async (_request, reply) => reply.code(204).send());
			else app[route.method](route.path, async (request, reply) => reply.code(route.method === 'post' ? 201 : 200).send(request.body));
		}
	},

	github(app) {
		githubTable(app, GITHUB_ROUTES);
	},

	ghscale(app, group) {
		githubTable(app, githubScaleRoutes(group.routeCount));
	},
};

function githubTable(app, routes) {
	routes.forEach((route, index) => {
		// fastify names no wildcard: `*ref` is its `*`.
		const path = route.path.replace(/\*\w+$/, '*');
		app[route.method.toLowerCase()](path, async (request) => ({ route: index, params: request.params }));
	});
}

function routeTable(app, routes) {
	for (const route of routes) {
		if (route.kind === 'static') app.get(route.path, hello);
		else app.get(route.path, async (request) => request.params.id);
	}
}

/** The app's http.Server, ready to take requests (for bench/micro.js). */
async function create(modulePath, group, fixtures, prepare) {
	const app = require(modulePath)({ logger: false });
	if (prepare) prepare(app);
	apps[group.app](app, group, fixtures);
	await app.ready();
	return app.server;
}

// `prepare(app)`: a hook of bench/apps/fastify-express.js, before the scenario's routes.
function start(modulePath, group, fixtures, listening, prepare) {
	const fastify = require(modulePath);
	// The HTTP/2 scenarios: fastify's own HTTP/2 server (h2c).
	const app = fastify({ logger: false, http2: group.protocol === 'h2' });
	if (prepare) prepare(app);
	apps[group.app](app, group, fixtures);
	app.listen({ port: 0, host: '127.0.0.1' }).then(() => listening(app.server.address().port));
	return app.server;
}

module.exports = { start, create };
