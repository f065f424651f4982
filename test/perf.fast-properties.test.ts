/**
 * The objects every request reads (the app, its router, a layer, the request and the response)
 * keep V8's fast properties in real app shapes: several apps in one process, global middleware,
 * a mounted router and sub-app, `app.listen` and `http.createServer(app)`. An app function
 * carries ~86 own properties; one accessor defined with a new closure per app, or one
 * computed-key store adding a property, turned every later app into a dictionary (~1,000
 * instructions more per request); so did a body parser named by redefining `name` (the router
 * reads every handler's `length` on every request). Run in a child node with `--allow-natives-syntax`, which the
 * test runner's own process does not have.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

const ENTRY = path.join(__dirname, '..', 'src', 'express.js');
const LINES = path.join(__dirname, '..', 'src', 'core', 'lines');

/** The script for one line: Velox 5 is the same build with Express 5's line in force before it loads. */
const script = (line: 4 | 5): string => `
${line === 5 ? `require(${JSON.stringify(LINES)}).useLine(5);` : ''}
const http = require('node:http');
const velox = require(${JSON.stringify(ENTRY)});
// Express 5's router is app.router; Express 4's app.router throws, its router is app._router.
const routerOf = (app) => (${line} === 5 ? app.router : app._router);
const fast = (value) => %HasFastProperties(value);
const seen = {};
const record = (name, value) => { seen[name] = seen[name] === false ? false : fast(value); };
const apps = [velox(), velox(), velox()];
for (const [index, app] of apps.entries()) {
	app.set('etag', 'strong');
	app.use(velox.json());
	app.use((req, res, next) => { res.setHeader('X-Request', '1'); next(); });
	const api = velox.Router();
	api.get('/items/:id', (req, res) => {
		record('app ' + index, req.app);
		record('router', routerOf(req.app));
		record('layer', routerOf(req.app).stack[2]);
		// Read on every request: the app's settings (etag fn, x-powered-by, the json settings), the
		// route's method table; the params object is the handler's. On Velox 5 all three are
		// null-prototype objects, as Express 5's, which V8 keeps as dictionaries when made by
		// Object.create(null). An app with a sub-app mounted has its settings as a dictionary on
		// either line, as with express: V8 normalises an object that becomes a prototype (the
		// sub-app's settings inherit from it), so only the app without one is asked.
		if (index === 2) record('settings', req.app.settings);
		record('route methods', req.route.methods);
		record('params', req.params);
		record('request', req);
		record('response', res);
		res.json({ id: req.params.id });
	});
	app.use('/api/v1', api);
	if (index === 2) continue;
	const sub = velox();
	sub.get('/ping', (req, res) => { record('sub-app', req.app); res.send('pong'); });
	app.use('/sub', sub);
}
for (const [name, make] of [
	['json', () => velox.json()],
	['urlencoded', () => velox.urlencoded({ extended: false })],
	['raw', () => velox.raw()],
	['text', () => velox.text()],
	['static', () => velox.static(__dirname)],
	// Express 5 has no express.query.
	...(${line} === 4 ? [['query', () => velox.query()]] : []),
	['timeout', () => velox.timeout(1000)],
	['Router', () => velox.Router()],
]) {
	record('middleware ' + name, make());
	record('middleware ' + name, make());
}
async function main() {
	for (const [index, app] of apps.entries()) {
		const server = index === 0 ? app.listen(0) : http.createServer(app).listen(0);
		await new Promise((resolve) => server.once('listening', resolve));
		const base = 'http://127.0.0.1:' + server.address().port;
		for (let i = 0; i < 3; i++) {
			await (await fetch(base + '/api/v1/items/' + i)).text();
			if (index !== 2) await (await fetch(base + '/sub/ping')).text();
		}
		await new Promise((resolve) => server.close(resolve));
		record('app ' + index + ' after serving', app);
	}
	process.stdout.write(JSON.stringify(seen));
}
main();
`;

for (const line of [4, 5] as const) {
	test(`Velox ${line}: apps, routers, layers, tables, requests and responses keep fast properties`, () => {
		const output = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script(line)], { encoding: 'utf8' });
		const seen = JSON.parse(output) as Record<string, boolean>;
		const expected: Record<string, boolean> = { ...EXPECTED };
		if (line === 5) delete expected['middleware query'];
		assert.deepEqual(seen, expected);
	});
}

const EXPECTED: Readonly<Record<string, boolean>> = {
	'app 0': true,
	'app 1': true,
	'app 2': true,
	'app 0 after serving': true,
	'app 1 after serving': true,
	'app 2 after serving': true,
	router: true,
	layer: true,
	settings: true,
	'route methods': true,
	params: true,
	request: true,
	response: true,
	'sub-app': true,
	'middleware json': true,
	'middleware urlencoded': true,
	'middleware raw': true,
	'middleware text': true,
	'middleware static': true,
	'middleware query': true,
	'middleware timeout': true,
	'middleware Router': true,
};
