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

const SCRIPT = `
const http = require('node:http');
const velox = require(${JSON.stringify(ENTRY)});
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
		record('router', req.app._router);
		record('layer', req.app._router.stack[2]);
		record('request', req);
		record('response', res);
		res.json({ id: req.params.id });
	});
	app.use('/api/v1', api);
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
	['query', () => velox.query()],
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
			await (await fetch(base + '/sub/ping')).text();
		}
		await new Promise((resolve) => server.close(resolve));
		record('app ' + index + ' after serving', app);
	}
	process.stdout.write(JSON.stringify(seen));
}
main();
`;

test('apps, routers, layers, requests and responses keep fast properties', () => {
	const output = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', SCRIPT], { encoding: 'utf8' });
	const seen = JSON.parse(output) as Record<string, boolean>;
	assert.deepEqual(seen, {
		'app 0': true,
		'app 1': true,
		'app 2': true,
		'app 0 after serving': true,
		'app 1 after serving': true,
		'app 2 after serving': true,
		router: true,
		layer: true,
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
	});
});
