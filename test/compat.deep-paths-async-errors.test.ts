/**
 * express-async-errors (a widely used package) loaded against Velox installed
 * as `express`, side by side with the real package patching express@4 in the
 * same process: it loads (it requires `express/lib/router/layer` and
 * `express/lib/router`), its patches land on Velox's real objects, and every
 * async failure reaches the error handlers exactly once, with the same
 * responses as express@4 + express-async-errors.
 *
 * Its two patches, and what they do on Velox:
 * - a `handle` accessor on `Layer.prototype` that wraps each handler as it is
 *   stored: Velox's layers keep `handle` as their own field, so the accessor is
 *   shadowed and Velox's own forwarding of rejected promises does the work;
 * - `Router.param` wrapping param callbacks: the wrapper both calls `next(err)`
 *   and returns the rejected promise; Velox forwards a param callback's
 *   rejection only when the callback has not called `next` (one error, not two).
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import { type AliasedExpress, createAliasedExpress } from './helpers/aliased-express';
import { send } from './helpers/client';
import { listen } from './helpers/server';

type AnyFn = (...args: any[]) => any;

let alias: AliasedExpress;
let velox: any;
const originalVeloxParam = { fn: undefined as unknown };
const originalExpressParam = { fn: undefined as unknown };

before(() => {
	alias = createAliasedExpress(['express-async-errors']);
	velox = alias.require('express');
	originalVeloxParam.fn = alias.require('express/lib/router').param;
	originalExpressParam.fn = require('express/lib/router').param;
	// The real package, patching express@4 (it resolves `express` from this repository's node_modules)…
	require('express-async-errors');
	// …and a copy resolving `express` to Velox through the alias.
	alias.require('express-async-errors');
});

after(() => alias.remove());

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The same app on either framework; `calls` counts each error handler's invocations. */
function build(framework: AnyFn, calls: string[]): http.RequestListener {
	const app = framework();
	// Outside `test` the final handler logs what reaches it: nothing must.
	app.set('env', 'development');
	app.param('id', async (req: any, _res: unknown, next: AnyFn, id: string) => {
		await sleep(1);
		if (id === 'bad') throw new Error('param rejected');
		req.loaded = 'item ' + id;
		next();
	});
	app.get('/items/:id', (req: any, res: any) => res.send(req.loaded));
	app.get('/async-throw', async () => {
		await sleep(1);
		throw new Error('handler rejected');
	});
	app.get('/async-ok', async (_req: unknown, res: any) => {
		await sleep(1);
		res.send('fine');
	});
	app.get('/sync-throw', () => {
		throw new Error('handler threw');
	});
	app.use('/mw', async () => {
		throw Object.assign(new Error('middleware rejected'), { status: 418 });
	});
	app.get('/next-route', async (_req: unknown, _res: unknown, next: AnyFn) => next('route'));
	app.get('/next-route', (_req: unknown, res: any) => res.send('second route'));
	app.get('/handler-error', async () => {
		throw new Error('first');
	});
	app.use(async (err: Error, req: any, _res: unknown, next: AnyFn) => {
		calls.push('first error handler ' + req.path);
		if (req.path === '/handler-error') throw new Error('error handler rejected: ' + err.message);
		next(err);
	});
	app.use((err: Error & { status?: number }, req: any, res: any, _next: AnyFn) => {
		calls.push('last error handler ' + req.path);
		res.status(err.status || 500).send(err.message);
	});
	return app;
}

const paths = ['/items/7', '/items/bad', '/async-throw', '/async-ok', '/sync-throw', '/mw', '/next-route', '/handler-error'];

async function run(framework: AnyFn): Promise<{ responses: Array<{ status: number; body: string }>; calls: string[] }> {
	const calls: string[] = [];
	const server = await listen(build(framework, calls));
	// A second forwarding of an error already answered ends in the final handler, which logs it
	// (and destroys the connection): record that as a call too.
	const consoleError = console.error;
	console.error = (...args: unknown[]) => {
		calls.push('final handler: ' + String(args[0]).split('\n')[0]);
	};
	try {
		const responses = [];
		for (const path of paths) {
			const response = await send(server.port, { path });
			responses.push({ status: response.status, body: response.body });
		}
		// A second, late forwarding of the same error would show up here.
		await sleep(20);
		return { responses, calls };
	} finally {
		console.error = consoleError;
		await server.close();
	}
}

describe('express-async-errors with Velox installed as express', () => {
	test('its patches land on Velox’s real Layer prototype and Router', () => {
		const Layer = alias.require('express/lib/router/layer');
		const Router = alias.require('express/lib/router');
		const accessor = Object.getOwnPropertyDescriptor(Layer.prototype, 'handle');
		assert.equal(typeof accessor?.get, 'function');
		assert.notEqual(Router.param, originalVeloxParam.fn);
		assert.equal(Object.getPrototypeOf(velox.Router()).param, Router.param);
		// express@4 was patched the same way by the real package.
		assert.notEqual(require('express/lib/router').param, originalExpressParam.fn);
	});

	test('layers keep their handler: the accessor is shadowed, the handler is not wrapped twice', () => {
		const app = velox();
		const handler = async () => {};
		app.get('/', handler);
		const layer = app._router.stack[2].route.stack[0];
		assert.equal(layer.handle, handler);
		assert.equal(Object.hasOwn(layer, 'handle'), true);
	});

	test('every async failure reaches the error handlers once, as on express@4', async () => {
		const expected = await run(express);
		const actual = await run(velox);
		assert.deepEqual(actual, expected);
		assert.deepEqual(actual.responses, [
			{ status: 200, body: 'item 7' },
			{ status: 500, body: 'param rejected' },
			{ status: 500, body: 'handler rejected' },
			{ status: 200, body: 'fine' },
			{ status: 500, body: 'handler threw' },
			{ status: 418, body: 'middleware rejected' },
			{ status: 200, body: 'second route' },
			{ status: 500, body: 'error handler rejected: first' },
		]);
		// One pass through the error handlers per failing request.
		assert.deepEqual(actual.calls, [
			'first error handler /items/bad',
			'last error handler /items/bad',
			'first error handler /async-throw',
			'last error handler /async-throw',
			'first error handler /sync-throw',
			'last error handler /sync-throw',
			'first error handler /mw',
			'last error handler /mw',
			'first error handler /handler-error',
			'last error handler /handler-error',
		]);
	});
});
