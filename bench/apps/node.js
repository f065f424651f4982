// The physical limit: the least node:http code that gives the same response as Express 4
// (same status, body and headers: Content-Type, Content-Length, Express's default weak ETag,
// X-Powered-By). A response that is a constant of the app (hello, middleware) is built once at
// startup, ETag included; one that depends on data or on the request (json, body, the echoed
// params, the 404 page naming the path) is built per request, as any server must. Routing is the
// minimal lookup the scenario needs, written by hand.

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const encodeUrl = require('encodeurl');
const escapeHtml = require('escape-html');
const etag = require('etag');
const { scalingRoutes, prefixRoutes, githubScaleRoutes, restRoutes, restRecord, GITHUB_ROUTES } = require('../lib/scenarios');

const HELLO = 'Hello World!';
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

function send(res, status, type, text) {
	const body = Buffer.from(text);
	res.writeHead(status, {
		'X-Powered-By': 'Express',
		'Content-Type': type,
		'Content-Length': body.length,
		ETag: etag(body, { weak: true }),
	});
	res.end(body);
}

const HELLO_BODY = Buffer.from(HELLO);
const HELLO_HEADERS = {
	'X-Powered-By': 'Express',
	'Content-Type': HTML,
	'Content-Length': HELLO_BODY.length,
	ETag: etag(HELLO_BODY, { weak: true }),
};

function sendHello(res) {
	res.writeHead(200, HELLO_HEADERS);
	res.end(HELLO_BODY);
}

function notFound(req, res) {
	// Express 4's default 404 page (finalhandler).
	const body = Buffer.from(
		'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
			`<pre>Cannot ${req.method} ${escapeHtml(encodeUrl(req.url.split('?')[0]))}</pre>\n</body>\n</html>\n`,
	);
	res.writeHead(404, {
		'X-Powered-By': 'Express',
		'Content-Security-Policy': "default-src 'none'",
		'X-Content-Type-Options': 'nosniff',
		'Content-Type': HTML,
		'Content-Length': body.length,
	});
	res.end(body);
}

const apps = {
	hello() {
		return (req, res) => {
			if (req.method === 'GET' && req.url === '/') sendHello(res);
			else notFound(req, res);
		};
	},

	json() {
		return (req, res) => {
			if (req.method === 'GET' && req.url === '/') send(res, 200, JSON_TYPE, JSON.stringify({ hello: 'world', count: 42, ok: true }));
			else notFound(req, res);
		};
	},

	routes() {
		const route = /^\/users\/([^/]+)\/posts\/([^/]+)\/?$/;
		return (req, res) => {
			const match = req.method === 'GET' ? route.exec(req.url) : null;
			if (match !== null) send(res, 200, HTML, `user ${decodeURIComponent(match[1])} post ${decodeURIComponent(match[2])}`);
			else notFound(req, res);
		};
	},

	middleware() {
		return apps.hello();
	},

	body() {
		return (req, res) => {
			if (req.method !== 'POST' || req.url !== '/') return notFound(req, res);
			const chunks = [];
			req.on('data', (chunk) => chunks.push(chunk));
			req.on('end', () => {
				const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
				send(res, 200, JSON_TYPE, JSON.stringify(body));
			});
		};
	},

	static(_group, fixtures) {
		// What serve-static does for a plain GET: stat per request, then stream the file.
		return (req, res) => {
			const file = path.join(fixtures.dir, req.url);
			fs.stat(file, (error, stat) => {
				if (error || !stat.isFile()) return notFound(req, res);
				res.writeHead(200, {
					'X-Powered-By': 'Express',
					'Accept-Ranges': 'bytes',
					'Cache-Control': 'public, max-age=0',
					'Last-Modified': stat.mtime.toUTCString(),
					ETag: etag(stat),
					'Content-Type': 'text/plain; charset=UTF-8',
					'Content-Length': stat.size,
				});
				fs.createReadStream(file).pipe(res);
			});
		};
	},

	notfound() {
		return apps.hello();
	},

	scaling(group) {
		return routeTable(scalingRoutes(group.routeCount));
	},

	prefix(group) {
		return routeTable(prefixRoutes(group.routeCount));
	},

	rest() {
		// The REST read: GET /api/v1/<resource>/<id>, with the header the Express app's middleware
		// sets. A GET has no body, so there is nothing for a JSON parser to do.
		const resources = new Set(restRoutes().map((route) => route.resource));
		const read = /^\/api\/v1\/([a-z]+)\/([^/]+)$/;
		return (req, res) => {
			const match = req.method === 'GET' ? read.exec(req.url) : null;
			if (match === null || !resources.has(match[1])) return notFound(req, res);
			const body = Buffer.from(JSON.stringify(restRecord(match[1], decodeURIComponent(match[2]))));
			res.writeHead(200, {
				'X-Powered-By': 'Express',
				'X-Api-Version': '1',
				'Content-Type': JSON_TYPE,
				'Content-Length': body.length,
				ETag: etag(body, { weak: true }),
			});
			res.end(body);
		};
	},

	github() {
		return githubTable(GITHUB_ROUTES);
	},

	ghscale(group) {
		return githubTable(githubScaleRoutes(group.routeCount));
	},
};

function githubTable(routes) {
	// A hand-written segment tree over the GET routes: literal children first, then a parameter.
	const root = { literals: new Map(), param: null, route: -1, names: null };
	routes.forEach((route, index) => {
		if (route.method !== 'GET' || route.path.includes('*')) return;
		let node = root;
		const names = [];
		for (const segment of route.path.slice(1).split('/')) {
			if (segment[0] === ':') {
				names.push(segment.slice(1));
				if (node.param === null) node.param = { literals: new Map(), param: null, route: -1, names: null };
				node = node.param;
			} else {
				if (!node.literals.has(segment)) node.literals.set(segment, { literals: new Map(), param: null, route: -1, names: null });
				node = node.literals.get(segment);
			}
		}
		if (node.route === -1) {
			node.route = index;
			node.names = names;
		}
	});
	function find(node, segments, i, values) {
		if (i === segments.length) return node.route === -1 ? null : node;
		const literal = node.literals.get(segments[i]);
		const found = literal === undefined ? null : find(literal, segments, i + 1, values);
		if (found !== null || node.param === null) return found;
		values.push(segments[i]);
		const viaParam = find(node.param, segments, i + 1, values);
		if (viaParam === null) values.pop();
		return viaParam;
	}
	return (req, res) => {
		const values = [];
		const node = req.method === 'GET' ? find(root, req.url.slice(1).split('/'), 0, values) : null;
		if (node === null) return notFound(req, res);
		const params = {};
		node.names.forEach((name, i) => {
			params[name] = decodeURIComponent(values[i]);
		});
		send(res, 200, JSON_TYPE, JSON.stringify({ route: node.route, params }));
	};
}

function routeTable(routes) {
	// A hand-written router: static paths in a Map, `/p{i}/:id` by the path up to its last segment.
	const staticRoutes = new Map();
	const paramRoutes = new Map();
	for (const route of routes) {
		if (route.kind === 'static') staticRoutes.set(route.path, true);
		else paramRoutes.set(route.path.slice(0, route.path.lastIndexOf('/')), true);
	}
	return (req, res) => {
		const url = req.url;
		if (staticRoutes.has(url)) return sendHello(res);
		const slash = url.lastIndexOf('/');
		if (slash > 0 && paramRoutes.has(url.slice(0, slash))) {
			return send(res, 200, HTML, decodeURIComponent(url.slice(slash + 1)));
		}
		notFound(req, res);
	};
}

/** The request listener (for bench/micro.js). */
async function create(_modulePath, group, fixtures) {
	return apps[group.app](group, fixtures);
}

function start(_modulePath, group, fixtures, listening) {
	// The HTTP/2 scenarios: the same handler on node's HTTP/2 compatibility API.
	const create = group.protocol === 'h2' ? require('node:http2').createServer : http.createServer;
	const server = create(apps[group.app](group, fixtures));
	server.listen(0, '127.0.0.1', () => listening(server.address().port));
	return server;
}

module.exports = { start, create };
