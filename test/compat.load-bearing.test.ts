/**
 * The Express 4 internals that ecosystem code depends on, side by side with express@4: names and
 * shapes that look private but are read or patched by well-known packages. Each is marked
 * "Load-bearing" where Velox defines it.
 *
 * - `Layer.prototype.handle_request` / `handle_error`: patched by express-async-errors, wrapped by
 *   APM agents; every layer is entered through them.
 * - `Router.process_params`: wrapped by dd-trace.
 * - layer names `router`, `bound dispatch`, `mounted_app`: how express-list-endpoints and the
 *   OpenTelemetry Express instrumentation classify `app._router.stack` entries.
 * - `app._router.stack` entries: `handle`, `name`, `regexp`, `keys`, `route` (with `path`,
 *   `methods`, `stack` of per-method layers), `handle.stack` for mounted routers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { Layer } from '../src/core/router/layer';
import { type Framework, frameworks } from './helpers/differential';

interface StackLayer {
	name: string;
	handle: { name: string; stack?: StackLayer[] };
	regexp: RegExp;
	keys: { name: string | number; optional: boolean }[];
	route?: { path: string; methods: Record<string, boolean>; stack: { method: string; name: string }[] };
}

function build(framework: Framework) {
	const app = framework();
	const router = framework.Router();
	router.get('/items/:id', function getItem(_req, res) {
		res.end();
	});
	const sub = framework();
	sub.get('/x', (_req, res) => {
		res.end();
	});
	app.use(function logger(_req, _res, next) {
		next();
	});
	app.post('/users/:id', function createUser(_req, res) {
		res.end();
	});
	app.use('/api', router);
	app.use('/sub', sub);
	return app as { _router: { stack: StackLayer[] } };
}

/** What the packages read of each stack entry. */
function shape(stack: StackLayer[]): unknown[] {
	return stack.map((layer) => ({
		name: layer.name,
		handleName: layer.handle.name,
		regexp: layer.regexp instanceof RegExp,
		keys: layer.keys.map((key) => ({ name: key.name, optional: key.optional })),
		route: layer.route && { path: layer.route.path, methods: layer.route.methods, stack: layer.route.stack.map((l) => ({ method: l.method, name: l.name })) },
		inner: layer.handle.stack ? shape(layer.handle.stack) : undefined,
	}));
}

test('app._router.stack entries have the names and fields packages read, as in express@4', () => {
	const velox4 = shape(build(frameworks.velox)._router.stack);
	assert.deepEqual(velox4, shape(build(frameworks.express)._router.stack));
	assert.deepEqual(
		velox4.map((entry) => (entry as { name: string }).name),
		['query', 'expressInit', 'logger', 'bound dispatch', 'router', 'mounted_app'],
	);
});

test('every layer is entered through Layer.prototype.handle_request, so a patch sees route layers too', async () => {
	const original = Layer.prototype.handle_request;
	const seen: string[] = [];
	Layer.prototype.handle_request = function patched(this: Layer, req, res, next) {
		seen.push(this.name);
		return original.call(this, req, res, next);
	};
	try {
		const app = velox();
		app.use(function first(_req, _res, next) {
			next();
		});
		app.get('/a', function handler(_req, res) {
			res.end('ok');
		});
		await app.inject('/a');
	} finally {
		Layer.prototype.handle_request = original;
	}
	assert.deepEqual(seen, ['query', 'expressInit', 'first', 'bound dispatch', 'handler']);
});

test('handle_error is the entry of error middleware, as in express@4', async () => {
	const original = Layer.prototype.handle_error;
	const seen: string[] = [];
	Layer.prototype.handle_error = function patched(this: Layer, err, req, res, next) {
		seen.push(this.name);
		return original.call(this, err, req, res, next);
	};
	try {
		const app = velox();
		app.get('/a', () => {
			throw new Error('boom');
		});
		app.use(function onError(_err: unknown, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) {
			res.status(500).end('handled');
		});
		const res = await app.inject('/a');
		assert.equal(res.text, 'handled');
	} finally {
		Layer.prototype.handle_error = original;
	}
	assert.ok(seen.includes('onError'));
});

test('Router.process_params is what runs param callbacks, so wrapping it sees them', async () => {
	for (const framework of [express, velox] as const) {
		const proto = framework.Router as unknown as { process_params: (...args: unknown[]) => void };
		const original = proto.process_params;
		let calls = 0;
		proto.process_params = function wrapped(this: unknown, ...args: unknown[]) {
			calls++;
			return original.apply(this, args);
		};
		try {
			const app = (framework as typeof velox)();
			app.param('id', (req, _res, next, id) => {
				(req as unknown as { seen: string }).seen = String(id);
				next();
			});
			app.get('/users/:id', (req, res) => {
				res.end((req as unknown as { seen: string }).seen);
			});
			const res = await velox().use(app).inject('/users/7');
			assert.equal(res.text, '7');
		} finally {
			proto.process_params = original;
		}
		assert.ok(calls >= 1, 'process_params was called');
	}
});
