import './helpers/line5';
/**
 * Router 2.3's tracing channel `express.router.request` on Velox 5 (lines/router-tracing.ts),
 * against express@5.3 and its router 2.3 on the same apps: every event a subscriber receives, in
 * order, with the context as it is at that moment (its keys, the layer and handler, the matched
 * route pattern, the errors, the result, the param), request by request; the stores bound to
 * `start` around the callbacks; and what router 2.3 keeps on `req` with no subscriber (the errors
 * passed on, under its registered symbol). Velox 4 publishes nothing there.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import dc from 'node:diagnostics_channel';
import { afterEach, describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express5 from 'express5';
import velox from '../src/express';
import { send } from './helpers/client';
import { type Framework, withEnv } from './helpers/differential';
import { listen } from './helpers/server';

type Req = { url: string; params: Record<string, unknown> };
type Res = { status(code: number): Res; send(body: unknown): void; json(body: unknown): void; end(body?: string): void; headersSent: boolean };
type Next = (err?: unknown) => void;

// One thenable here is not a Promise: router 2's deprecation for it is tested elsewhere (v5.router.upstream).
process.noDeprecation = true;

const CHANNEL = 'express.router.request';

/** Router 2.3 itself, as express@5 loads it: a separate copy of the router inside an app (errors are reported once across copies). */
const PillarRouter = createRequire(join(dirname(require.resolve('express5')), 'index.js'))('router') as new () => {
	get(path: string, handler: (req: Req, res: Res, next: Next) => void): void;
};
const PHASES = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;
type Ctx = Record<string, unknown> & { req: Req; layer: { name: string }; handler: { name: string } };

const subscriptions: (() => void)[] = [];
afterEach(() => {
	for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
});

/** What an event shows of a value: an error by its message, a RegExp or string as written, a thenable as such. */
function show(value: unknown): unknown {
	if (value instanceof Error) return `Error(${value.message})`;
	if (value instanceof RegExp) return `RegExp(${value.source})`;
	if (Array.isArray(value)) return value.map(show);
	if (value !== null && typeof value === 'object') return typeof (value as { then?: unknown }).then === 'function' ? 'thenable' : 'object';
	return value;
}

/** Subscribes to every phase and records a snapshot of the context at each event. */
function record(): string[] {
	const events: string[] = [];
	const handlers = Object.fromEntries(
		PHASES.map((phase) => [
			phase,
			(message: unknown) => {
				const ctx = message as Ctx;
				const snapshot: Record<string, unknown> = { phase, url: ctx.req.url, keys: Object.keys(ctx).join(',') };
				snapshot.layer = ctx.layer.name;
				snapshot.handler = ctx.handler.name;
				for (const key of ['route', 'errorHandler', 'incomingError', 'error', 'result', 'param']) if (key in ctx) snapshot[key] = show(ctx[key]);
				events.push(JSON.stringify(snapshot));
			},
		]),
	) as unknown as dc.TracingChannelSubscribers<object>;
	const channel = dc.tracingChannel(CHANNEL);
	channel.subscribe(handlers);
	subscriptions.push(() => channel.unsubscribe(handlers));
	return events;
}

/** The framework, its apps with `env` `test` (errors are not logged). */
function quiet(framework: Framework): Framework {
	return withEnv(framework, 'test');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Each path on each framework's app in turn: the events of each request (after its response and its promises settled), and the answers. */
async function eventsOf(build: (framework: Framework) => unknown, paths: readonly string[]): Promise<Record<'express' | 'velox', string[][]>> {
	const results = { express: [] as string[][], velox: [] as string[][] };
	for (const [name, framework] of [
		['express', express5],
		['velox', velox],
	] as const) {
		const running = await listen(build(quiet(framework as unknown as Framework)) as never);
		try {
			const events = record();
			for (const path of paths) {
				events.length = 0;
				const response = await send(running.port, { path });
				await settle();
				results[name].push([`${path} -> ${response.status} ${response.body.toString().slice(0, 60)}`, ...events]);
				events.length = 0;
			}
		} finally {
			for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
			await running.close();
		}
	}
	return results;
}

function assertSameEvents(results: Record<'express' | 'velox', string[][]>): void {
	assert.equal(results.velox.length, results.express.length);
	// Every request of these apps runs a handler: express@5 published for each (else equality proves nothing).
	for (const request of results.express) assert.ok(request.length > 1, `express@5 published nothing for ${request[0]}`);
	for (let i = 0; i < results.express.length; i++) assert.deepEqual(results.velox[i], results.express[i], results.express[i][0]);
}

/** A thenable that is not a Promise, settling as told. */
function thenable(reject: boolean, value: unknown): PromiseLike<unknown> {
	return {
		// biome-ignore lint/suspicious/noThenProperty: the point is a hand-written thenable
		then(onFulfilled, onRejected) {
			setImmediate(() => (reject ? onRejected?.(value) : onFulfilled?.(value)));
			return undefined as unknown as PromiseLike<never>;
		},
	};
}

describe('router 2.3 tracing channel on Velox 5', () => {
	test('handlers, middleware, mounted routers and apps, routing signals and returned values publish as on express@5', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(function logger(_req: Req, _res: Res, next: Next) {
				next();
			} as never);
			app.get('/sync', function syncHandler(_req: Req, res: Res) {
				res.send('sync');
				return 'returned';
			} as never);
			app.get('/async', async function asyncHandler(_req: Req, res: Res) {
				await null;
				res.send('async');
				return 'resolved';
			} as never);
			app.get('/skip', function skipper(_req: Req, _res: Res, next: Next) {
				next('route');
			} as never);
			app.get('/skip', function thrower() {
				throw 'route';
			} as never);
			app.get(['/one', '/two/:x'], function arrayRoute(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			app.get(/^\/re\/(\d+)$/, function regexpRoute(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			app.get('/files/*rest', function splat(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			const router = framework.Router();
			router.use(function leave(req: Req, _res: Res, next: Next) {
				next(req.url === '/leave' ? 'router' : undefined);
			} as never);
			router.get('/items{/:id}', function item(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			app.use('/api', router);
			const sub = framework();
			sub.get('/hello', function subHello(_req: Req, res: Res) {
				res.send('sub');
			} as never);
			app.use('/sub', sub);
			app.get('/thenable', function thenableHandler(_req: Req, res: Res) {
				res.send('thenable');
				return thenable(false, 'kept');
			} as never);
			app.get('/skip', function fallback(_req: Req, res: Res) {
				res.send('fallback');
			} as never);
			return app;
		};
		const paths = [
			'/sync',
			'/async',
			'/skip',
			'/one',
			'/two/2',
			'/re/42',
			'/files/a/b',
			'/api/items',
			'/api/items/7',
			'/api/leave',
			'/sub/hello',
			'/thenable',
			'/nowhere',
		];
		assertSameEvents(await eventsOf(build, paths));
	});

	test('errors: next(err), throws, rejections, error handlers that recover, replace or pass on, and the final handler', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/next', function nexter(_req: Req, _res: Res, next: Next) {
				next(new Error('passed'));
			} as never);
			app.get('/throw', function thrower() {
				throw new Error('thrown');
			} as never);
			app.get('/reject', async function rejecter() {
				await null;
				throw new Error('rejected');
			} as never);
			app.get('/falsy', function falsy() {
				return Promise.reject(0);
			} as never);
			app.get('/then-rejects', function thenRejects() {
				return thenable(true, new Error('thenable rejected'));
			} as never);
			app.get('/decode/:value', function decoded(_req: Req, res: Res) {
				res.send('never');
			} as never);
			app.get('/again', function again(_req: Req, _res: Res, next: Next) {
				next(new Error('again'));
			} as never);
			app.get('/falsy-throw', function throwsFalsy() {
				throw undefined;
			} as never);
			app.get('/falsy-throw', function continues(_req: Req, res: Res) {
				res.send('continued');
			} as never);
			// Two mount levels, and a router of router 2.3's own package (express@5's copy) inside the app.
			const mid = framework.Router();
			const deep = framework.Router();
			deep.get('/baz', function deepHandler(_req: Req, _res: Res, next: Next) {
				next(new Error('deep'));
			} as never);
			mid.use('/bar', deep);
			app.use('/foo', mid);
			const copy = new PillarRouter();
			copy.get('/inner', function innerHandler(_req: Req, _res: Res, next: Next) {
				next(new Error('from the copy'));
			});
			app.use('/copy', copy as never);
			app.get('/rethrow', function origin(_req: Req, _res: Res, next: Next) {
				next(new Error('rethrown'));
			} as never);
			app.use(function rethrowing(err: Error, req: Req, _res: Res, next: Next) {
				if (req.url === '/rethrow') throw err;
				next(err);
			} as never);
			app.use(function recoverer(err: Error, req: Req, res: Res, next: Next) {
				if (req.url === '/next') {
					res.status(418).send('recovered');
					return;
				}
				if (req.url === '/throw') {
					next(new Error('replaced'));
					return;
				}
				if (req.url === '/again') {
					// Recovers, then the same error is passed on by a later layer.
					(req as unknown as { again: Error }).again = err;
					next();
					return;
				}
				next(err);
			} as never);
			app.use(function reraise(req: Req, _res: Res, next: Next) {
				next((req as unknown as { again?: Error }).again);
			} as never);
			app.use(async function asyncErrorHandler(err: Error, req: Req, res: Res, next: Next) {
				await null;
				if (req.url === '/reject') throw new Error('from the error handler');
				if (req.url === '/again') {
					res.status(500).send(`last: ${err.message}`);
					return 'handled';
				}
				next(err);
			} as never);
			return app;
		};
		const paths = [
			'/next',
			'/throw',
			'/reject',
			'/falsy',
			'/then-rejects',
			'/decode/%E0%A4%A',
			'/again',
			'/falsy-throw',
			'/foo/bar/baz',
			'/copy/inner',
			'/rethrow',
			'/nowhere',
		];
		assertSameEvents(await eventsOf(build, paths));
	});

	test('router.param callbacks: sync, returning a value, async, rejecting, once per value', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const router = framework.Router();
			router.param('id', function loadId(req: Req, _res: Res, next: Next, value: unknown) {
				req.params.loaded = `id:${value}`;
				next();
				return 'param result';
			} as never);
			router.param('slow', async function loadSlow(req: Req, _res: Res, next: Next, value: unknown) {
				await null;
				if (value === 'bad') throw new Error('bad slow');
				req.params.slow = `slow:${value}`;
				next();
				return 'slow result';
			} as never);
			router.param('err', function failParam(_req: Req, _res: Res, next: Next) {
				next(new Error('param failed'));
			} as never);
			router.get('/a/:id', function first(_req: Req, _res: Res, next: Next) {
				next();
			} as never);
			router.get('/a/:id', function second(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			router.get('/s/:slow', function slowRoute(req: Req, res: Res) {
				res.json(req.params);
			} as never);
			router.get('/e/:err', function errRoute(_req: Req, res: Res) {
				res.send('never');
			} as never);
			app.use('/p', router);
			return app;
		};
		assertSameEvents(await eventsOf(build, ['/p/a/1', '/p/s/x', '/p/s/bad', '/p/e/1']));
	});

	test('stores bound to start are current in the callbacks, in their async continuations and in the error handler', async () => {
		const store = new AsyncLocalStorage<string>();
		const seen: Record<string, string[]> = { express: [], velox: [] };
		let current = 'express';
		const channel = dc.tracingChannel(CHANNEL);
		const startChannel = channel.start as unknown as {
			bindStore(store: AsyncLocalStorage<string>, transform: (ctx: Ctx) => string): void;
			unbindStore(store: AsyncLocalStorage<string>): void;
		};
		startChannel.bindStore(store, (ctx) => `${ctx.handler.name}`);
		subscriptions.push(() => startChannel.unbindStore(store));
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', async function handler(_req: Req, _res: Res, next: Next) {
				seen[current].push(`sync ${store.getStore()}`);
				await new Promise((resolve) => setTimeout(resolve, 1));
				seen[current].push(`later ${store.getStore()}`);
				next(new Error('x'));
			} as never);
			app.use(function errorHandler(_err: Error, _req: Req, res: Res, _next: Next) {
				seen[current].push(`error handler ${store.getStore()}`);
				res.end('done');
			} as never);
			return app;
		};
		for (const [name, framework] of [
			['express', express5],
			['velox', velox],
		] as const) {
			current = name;
			const running = await listen(build(framework as unknown as Framework) as never);
			try {
				assert.equal((await send(running.port, { path: '/' })).status, 200);
			} finally {
				await running.close();
			}
		}
		assert.deepEqual(seen.velox, seen.express);
		assert.deepEqual(seen.express, ['sync handler', 'later handler', 'error handler errorHandler']);
	});

	test("with no subscriber, the errors passed on are kept on req under router 2.3's registered symbol, and nothing is published", async () => {
		const key = Symbol.for('router.tracing.publishedErrors');
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', function fail(_req: Req, _res: Res, next: Next) {
				next(new Error('kept'));
			} as never);
			app.get('/clean', function clean(req: Req, res: Res) {
				res.json({ has: key in (req as object) });
			} as never);
			app.use(function report(err: Error, req: Req, res: Res, _next: Next) {
				const seen = (req as unknown as Record<symbol, Set<unknown>>)[key];
				res.json({ size: seen.size, same: seen.has(err) });
			} as never);
			return app;
		};
		for (const framework of [express5, velox]) {
			const running = await listen(build(framework as unknown as Framework) as never);
			try {
				assert.deepEqual(JSON.parse((await send(running.port, { path: '/' })).body.toString()), { size: 1, same: true });
				assert.deepEqual(JSON.parse((await send(running.port, { path: '/clean' })).body.toString()), { has: false });
			} finally {
				await running.close();
			}
		}
	});
});
