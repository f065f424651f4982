/** Tracing: the `velox:` diagnostics channels, and `velox/otel` with the real OpenTelemetry SDK. */
import assert from 'node:assert/strict';
import dc from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, test } from 'node:test';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import velox from '../src/express';
import { line, ROUTE_LAYER_NAME } from './helpers/line-syntax';
import { instrument } from '../src/otel';
import { channelNames, type LayerMessage, type RequestMessage, tracing } from '../src/core/tracing';

/**
 * What a line runs: Express 4's apps start with the built-in `query` and `expressInit` layers,
 * which Express 5's do not have (`npm run test:line5` runs this file as Velox 5).
 */
/**
 * The span of a route's layer as instrumentation-express names it: with the route while the layer
 * carries its match (Express 4), without it on router 2.3's layers, which carry none (Express 5).
 */
function handlerSpan(route: string): string {
	return line === 5 ? 'request handler' : 'request handler - ' + route;
}

function onLine(expected: string[]): string[] {
	return line === 5
		? expected.filter((entry) => !/(\| |- )(query|expressInit)( |$)/.test(entry)).map((entry) => entry.replace('| bound dispatch |', `| ${ROUTE_LAYER_NAME} |`))
		: expected;
}

type Handler = (
	req: IncomingMessage & { params: Record<string, string> },
	res: { end(body?: string): void; status(code: number): { end(): void } },
	next: (err?: unknown) => void,
) => void;

const unsubscribers: (() => void)[] = [];
afterEach(() => {
	for (const undo of unsubscribers.splice(0)) undo();
});

function listen(names: string[]): string[] {
	const events: string[] = [];
	for (const name of names) {
		const listener = (message: unknown) => {
			const m = message as Partial<LayerMessage & RequestMessage>;
			if (name.startsWith('velox:layer')) {
				events.push([name.slice(12), m.type, m.name, m.path, m.mountPath, m.route, m.error instanceof Error ? m.error.message : ''].join(' | '));
			} else {
				events.push([name.slice(6), m.route, m.statusCode, m.error instanceof Error ? m.error.message : ''].join(' | '));
			}
		};
		dc.subscribe(name, listener);
		unsubscribers.push(() => dc.unsubscribe(name, listener));
	}
	return events;
}

const all = Object.values(channelNames);

function auth(_req: unknown, _res: unknown, next: () => void) {
	next();
}

function buildApp() {
	const app = velox();
	app.set('env', 'test');
	app.use(auth);
	const users = velox.Router();
	users.get('/:id', function getUser(req, res) {
		res.end('user ' + req.params.id);
	});
	app.use('/users', users);
	const admin = velox();
	admin.get('/orgs/:org', function org(_req, res) {
		res.end('org');
	});
	app.use('/admin', admin);
	app.get('/fail', function fail() {
		throw new Error('sync failure');
	});
	app.get('/reject', async function reject() {
		throw new Error('async failure');
	});
	app.get(
		'/handled',
		((_req, _res, next) => next(new Error('passed on'))) as Handler,
		function recover(_err: unknown, _req: unknown, res: { status(code: number): { end(): void } }, _next: unknown) {
			res.status(418).end();
		},
	);
	return app;
}

describe('velox: channels', () => {
	test('request start/end with the route pattern; each layer with name, type, path, mount path and route', async () => {
		const events = listen(all);
		const app = buildApp();
		const res = await app.inject('/users/42');
		assert.equal(res.text, 'user 42');
		assert.deepEqual(
			events,
			onLine([
				'request:start |  |  | ',
				'start | middleware | query | / |  | / | ',
				'end | middleware | query | / |  | / | ',
				'start | middleware | expressInit | / |  | / | ',
				'end | middleware | expressInit | / |  | / | ',
				'start | middleware | auth | / |  | / | ',
				'end | middleware | auth | / |  | / | ',
				'start | router | router | /users | /users | /users | ',
				'start | route | bound dispatch | /:id | /users | /users/:id | ',
				'start | handler | getUser | / | /users | /users/:id | ',
				'end | handler | getUser | / | /users | /users/:id | ',
				'end | route | bound dispatch | /:id | /users | /users/:id | ',
				'end | router | router | /users | /users | /users | ',
				'request:end | /users/:id | 200 | ',
			]),
		);
	});

	test("router 2.3's channel express.router.request beside them: published on Velox 5 as express@5 does, nothing on Velox 4", async () => {
		const velox = listen([channelNames.layerStart]);
		const router: string[] = [];
		const channel = dc.tracingChannel('express.router.request');
		const record = (phase: string) => (message: unknown) => {
			const ctx = message as { layer: { name: string }; route: unknown };
			router.push(`${phase} | ${ctx.layer.name} | ${String(ctx.route)}`);
		};
		const handlers = { start: record('start'), end: record('end'), asyncStart: record('asyncStart'), asyncEnd: record('asyncEnd'), error: record('error') };
		channel.subscribe(handlers);
		unsubscribers.push(() => channel.unsubscribe(handlers));
		const res = await buildApp().inject('/users/42');
		assert.equal(res.text, 'user 42');
		assert.ok(velox.includes('start | handler | getUser | / | /users | /users/:id | '), velox.join('\n'));
		// A route's own layer is not traced there, its handlers are; `route` is the pattern the layer matched.
		const expected = [
			'start | auth | /',
			'start | router | /users',
			'start | getUser | /:id',
			'end | getUser | /:id',
			'end | router | /users',
			'end | auth | /',
		];
		assert.deepEqual(router, line === 5 ? expected : []);
	});

	test('a sub-app is an app layer; parameterised routes keep their pattern through the mount', async () => {
		const events = listen([channelNames.layerStart, channelNames.requestEnd]);
		await buildApp().inject('/admin/orgs/acme');
		assert.deepEqual(
			events,
			onLine([
				'start | middleware | query | / |  | / | ',
				'start | middleware | expressInit | / |  | / | ',
				'start | middleware | auth | / |  | / | ',
				'start | app | mounted_app | /admin | /admin | /admin | ',
				'start | middleware | query | / | /admin | /admin | ',
				'start | middleware | expressInit | / | /admin | /admin | ',
				'start | route | bound dispatch | /orgs/:org | /admin | /admin/orgs/:org | ',
				'start | handler | org | / | /admin | /admin/orgs/:org | ',
				'request:end | /admin/orgs/:org | 200 | ',
			]),
		);
	});

	test('errors: a throw and a rejection are the layer’s errors, and reach velox:request:error when unhandled', async () => {
		const events = listen([channelNames.layerError, channelNames.requestError, channelNames.requestEnd]);
		const app = buildApp();
		assert.equal((await app.inject('/fail')).statusCode, 500);
		assert.equal((await app.inject('/reject')).statusCode, 500);
		assert.deepEqual(
			events,
			onLine([
				'error | handler | fail | / |  | /fail | sync failure',
				'error | route | bound dispatch | /fail |  | /fail | sync failure',
				'request:error | /fail |  | sync failure',
				'request:end | /fail | 500 | sync failure',
				'error | handler | reject | / |  | /reject | async failure',
				'error | route | bound dispatch | /reject |  | /reject | async failure',
				'request:error | /reject |  | async failure',
				'request:end | /reject | 500 | async failure',
			]),
		);
	});

	test('an error passed to next and handled by an error handler is no request error', async () => {
		const events = listen(all);
		const res = await buildApp().inject('/handled');
		assert.equal(res.statusCode, 418);
		assert.ok(events.includes('error | handler | <anonymous> | / |  | /handled | passed on'));
		// The error handler starts with the error it was given.
		assert.ok(events.includes('start | handler | recover | / |  | /handled | passed on'));
		assert.ok(!events.some((event) => event.startsWith('request:error')));
		assert.equal(events.at(-1), 'request:end | /handled | 418 | ');
	});

	test('no subscriber: the request carries no trace state and no layer is traced', async () => {
		const app = velox();
		let symbols: symbol[] = [];
		app.get('/', (req, res) => {
			symbols = Object.getOwnPropertySymbols(req).filter((symbol) => String(symbol) === 'Symbol(velox.trace)');
			res.end();
		});
		await app.inject('/');
		assert.deepEqual(symbols, []);
		assert.equal(tracing.active, 0);
	});

	test('a request that began before anyone subscribed stays untraced; tracing.active returns to 0', async () => {
		const app = velox();
		const waiting: (() => void)[] = [];
		app.get('/slow', (_req, _res, next) => {
			waiting.push(() => next());
		});
		app.get('/slow', (_req, res) => res.end('done'));
		const untraced = app.inject('/slow');
		const events = listen(all);
		waiting.shift()!();
		assert.equal((await untraced).text, 'done');
		assert.deepEqual(events, []);
		const traced = app.inject('/slow');
		assert.equal(tracing.active, 1);
		waiting.shift()!();
		assert.equal((await traced).text, 'done');
		assert.equal(tracing.active, 0);
		assert.equal(events.at(-1), 'request:end | /slow | 200 | ');
	});
});

function sdk() {
	const exporter = new InMemorySpanExporter();
	const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
	return { exporter, provider };
}

function byName(spans: ReadableSpan[]): Record<string, ReadableSpan> {
	return Object.fromEntries(spans.map((span) => [span.name, span]));
}

describe('velox/otel with the OpenTelemetry SDK', () => {
	test('the package exports it as velox/otel', () => {
		// Self-reference through package.json "exports" (the build is in lib/).
		const otel = require('velox/otel') as { instrument: unknown; AttributeNames: Record<string, string> };
		assert.equal(typeof otel.instrument, 'function');
		assert.equal(otel.AttributeNames.EXPRESS_TYPE, 'express.type');
	});

	test('spans named and attributed as the Express instrumentation names them, under a SERVER span', async () => {
		const { exporter, provider } = sdk();
		const handle = instrument({ tracerProvider: provider });
		unsubscribers.push(() => handle.disable());
		const app = buildApp();
		app.use(velox.json());
		await app.inject('/users/7');
		const spans = exporter.getFinishedSpans();
		const named = byName(spans);
		assert.deepEqual(
			Object.keys(named).sort(),
			onLine(['GET /users/:id', 'middleware - auth', 'middleware - expressInit', 'middleware - query', handlerSpan('/users/:id'), 'router - /:id']),
		);
		const server = named['GET /users/:id'];
		assert.equal(server.kind, SpanKind.SERVER);
		assert.equal(server.attributes['http.route'], '/users/:id');
		assert.equal(server.attributes['http.request.method'], 'GET');
		assert.equal(server.attributes['url.path'], '/users/7');
		assert.equal(server.attributes['http.response.status_code'], 200);
		// Global middleware carry no route; a router is named after its first route's path, as
		// instrumentation-express names it for Express 4 (test/otel.parity.test.ts compares the two).
		assert.deepEqual(named['middleware - auth'].attributes, { 'express.name': 'auth', 'express.type': 'middleware' });
		assert.deepEqual(named['router - /:id'].attributes, { 'http.route': '/users', 'express.name': '/:id', 'express.type': 'router' });
		assert.deepEqual(named[handlerSpan('/users/:id')].attributes, {
			'http.route': '/users/:id',
			'express.name': '/users/:id',
			'express.type': 'request_handler',
		});
		for (const span of spans) {
			if (span === server) continue;
			assert.equal(span.spanContext().traceId, server.spanContext().traceId);
			assert.equal(span.parentSpanContext?.spanId, server.spanContext().spanId);
		}
	});

	test('errors mark the layer span and the request span; ignoreLayersType drops a type', async () => {
		const { exporter, provider } = sdk();
		const handle = instrument({ tracerProvider: provider, ignoreLayersType: ['middleware'] });
		unsubscribers.push(() => handle.disable());
		await buildApp().inject('/fail');
		const named = byName(exporter.getFinishedSpans());
		assert.deepEqual(Object.keys(named).sort(), ['GET /fail', handlerSpan('/fail')]);
		const handler = named[handlerSpan('/fail')];
		assert.equal(handler.status.code, SpanStatusCode.ERROR);
		assert.equal(handler.status.message, 'sync failure');
		assert.equal(handler.events[0].name, 'exception');
		const server = named['GET /fail'];
		assert.equal(server.status.code, SpanStatusCode.ERROR);
		assert.equal(server.attributes['http.response.status_code'], 500);
	});

	test('under an active span (as the HTTP instrumentation makes), that span is the parent and gets the route', async () => {
		const manager = new AsyncLocalStorageContextManager().enable();
		context.setGlobalContextManager(manager);
		unsubscribers.push(() => {
			context.disable();
		});
		const { exporter, provider } = sdk();
		const handle = instrument({ tracerProvider: provider });
		unsubscribers.push(() => handle.disable());
		const app = buildApp();
		const tracer = provider.getTracer('http-stand-in');
		await tracer.startActiveSpan('GET', { kind: SpanKind.SERVER }, async (span) => {
			await app.inject('/admin/orgs/acme');
			span.end();
		});
		const spans = exporter.getFinishedSpans();
		const named = byName(spans);
		assert.deepEqual(
			Object.keys(named).sort(),
			onLine([
				'GET /admin/orgs/:org',
				'middleware - auth',
				'middleware - expressInit',
				'middleware - mounted_app',
				'middleware - query',
				handlerSpan('/admin/orgs/:org'),
			]),
		);
		const http = named['GET /admin/orgs/:org'];
		assert.equal(http.attributes['http.route'], '/admin/orgs/:org');
		// The sub-app's layers run inside the mounted_app span, as with the Express instrumentation.
		const mounted = named['middleware - mounted_app'];
		for (const span of spans) {
			if (span === http) continue;
			const inside = span.attributes['http.route'] === '/admin' && span !== mounted;
			const parent = inside || span.name.startsWith('request handler') ? mounted : http;
			assert.equal(span.parentSpanContext?.spanId, parent.spanContext().spanId, span.name);
		}
		assert.equal(trace.getSpan(context.active()), undefined);
	});

	test('disable() unsubscribes: later requests make no spans and cost no tracing', async () => {
		const { exporter, provider } = sdk();
		const handle = instrument({ tracerProvider: provider });
		handle.disable();
		handle.disable();
		await buildApp().inject('/users/1');
		assert.equal(exporter.getFinishedSpans().length, 0);
		assert.equal(dc.channel(channelNames.requestStart).hasSubscribers, false);
	});
});
