/**
 * Every app's router starts with Express 4's `query` and `expressInit` layers (src/middleware/,
 * src/core/builtin-layers.ts). Pinned here: their place, names and handlers; that `app.routes()`
 * does not list them; that they run (and are seen) whenever something could tell — a wrapped
 * `layer.handle`, a patched `Layer.prototype.handle_request` or `match`, a wrapped `query` factory,
 * a stack rearranged by hand — and that a request the app starts after them gets what they give.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import velox from '../src/express';
import { Layer } from '../src/core/router/layer';

type StackLayer = { name: string; handle: (...args: unknown[]) => unknown; route?: unknown; regexp: RegExp; keys: unknown[] };
type AppInternals = { _router: { stack: StackLayer[] } };

function stackOf(app: unknown): StackLayer[] {
	return (app as AppInternals)._router.stack;
}

function simpleApp() {
	const app = velox();
	app.get('/q', (req, res) => {
		res.json({ query: req.query, self: (req as unknown as { res: unknown }).res === res, next: typeof req.next });
	});
	return app;
}

test('an app’s stack starts with query and expressInit, matching every path, before the first use or route', () => {
	const app = velox();
	assert.equal((app as unknown as { _router?: unknown })._router, undefined, 'no router until something is registered');
	app.use(function first(_req, _res, next) {
		next();
	});
	const stack = stackOf(app);
	assert.deepEqual(
		stack.map((layer) => layer.name),
		['query', 'expressInit', 'first'],
	);
	for (const layer of stack.slice(0, 2)) {
		assert.equal(layer.route, undefined);
		assert.deepEqual(layer.keys, []);
		assert.equal(layer.handle.length, 3);
	}
	// A mounted router's stack does not get them; a sub-app's own does.
	assert.deepEqual(
		(velox.Router() as unknown as { stack: StackLayer[] }).stack.map((layer) => layer.name),
		[],
	);
	assert.deepEqual(
		app.routes().map((entry) => entry.handlers),
		[['first']],
		'routes() lists what the app registered',
	);
});

test('a request the app starts after them gets what they give: req.query, req.res, res.req, req.next, X-Powered-By', async () => {
	const res = await simpleApp().inject('/q?a[b]=1&c=2');
	assert.equal(res.headers['x-powered-by'], 'Velox');
	assert.deepEqual(res.json(), { query: { a: { b: '1' }, c: '2' }, self: true, next: 'function' });
});

test('a wrapper on layer.handle (as instrumentation-express puts there) runs for both layers', async () => {
	const app = simpleApp();
	const seen: string[] = [];
	for (const layer of stackOf(app).slice(0, 2)) {
		const original = layer.handle;
		layer.handle = function wrapped(this: unknown, ...args: unknown[]) {
			seen.push(layer.name);
			return original.apply(this, args);
		};
	}
	assert.equal(((await app.inject('/q?x=1')).json() as { query: { x: string } }).query.x, '1');
	assert.deepEqual(seen, ['query', 'expressInit']);
});

test('a patched Layer.prototype.handle_request or match sees both layers, as on express@4', async () => {
	for (const method of ['handle_request', 'match'] as const) {
		const proto = Layer.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
		const original = proto[method]!;
		const seen: string[] = [];
		proto[method] = function patched(this: Layer, ...args: unknown[]) {
			seen.push(this.name);
			return original.apply(this, args);
		};
		try {
			const res = await simpleApp().inject('/q?x=1');
			assert.equal(res.statusCode, 200);
		} finally {
			proto[method] = original;
		}
		assert.deepEqual(seen.slice(0, 2), ['query', 'expressInit'], method);
	}
	// Restored: the app starts after them again, and answers the same.
	assert.equal(((await simpleApp().inject('/q?x=2')).json() as { query: { x: string } }).query.x, '2');
});

test('a stack rearranged by hand runs as written', async () => {
	const app = simpleApp();
	const stack = stackOf(app);
	const seen: string[] = [];
	const [query] = stack.splice(0, 1);
	const original = query!.handle;
	query!.handle = (...args: unknown[]) => {
		seen.push('query');
		return original(...args);
	};
	// expressInit first now, then a query layer moved after it.
	stack.splice(1, 0, query!);
	assert.deepEqual(
		stack.map((layer) => layer.name),
		['expressInit', 'query', 'bound dispatch'],
	);
	assert.deepEqual(((await app.inject('/q?y=1')).json() as { query: unknown }).query, { y: '1' });
	assert.deepEqual(seen, ['query']);
});

test('init(app) used on its own does Express’s expressInit work', async () => {
	const init = require('../src/middleware/init') as { init(app: unknown): (req: IncomingMessage, res: ServerResponse, next: () => void) => void };
	const app = velox();
	const router = velox.Router();
	router.use(init.init(app));
	router.get('/', (req, res) => {
		res.send(String(typeof (res as unknown as { send?: unknown }).send) + ' ' + String((req as unknown as { app: unknown }).app === app));
	});
	const http = await import('node:http');
	const server = http.createServer((req, res) =>
		(router as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void)(req, res, () => res.end('none')),
	);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as { port: number };
		const res = await fetch(`http://127.0.0.1:${port}/`);
		assert.equal(res.headers.get('x-powered-by'), 'Velox');
		assert.equal(await res.text(), 'function true');
	} finally {
		server.close();
	}
});
