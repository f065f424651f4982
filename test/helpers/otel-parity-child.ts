/**
 * One side of test/otel.parity.test.ts, in a process of its own (the agents patch modules for the
 * whole process): `node otel-parity-child.js express|velox`. The OpenTelemetry SDK with
 * instrumentation-http records the server spans; the Express spans come from
 * instrumentation-express on express@4, or from `velox/otel` on Velox. The same app answers the
 * same requests (fetch, which instrumentation-http does not trace); the finished spans are printed
 * as JSON trees, one per request, in request order.
 */
import { context, type SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface SpanNode {
	name: string;
	kind: number;
	attributes: Record<string, unknown>;
	status: SpanStatusCode;
	exception: boolean;
	children: SpanNode[];
}

/** The attributes compared: the route, and the Express instrumentation's own. */
const COMPARED = ['http.route', 'express.name', 'express.type', 'http.response.status_code'];

export const REQUESTS: [method: string, path: string][] = [
	['GET', '/api/users/7'],
	['POST', '/api/users'],
	['GET', '/api/users/8?fields=a,b'],
	['GET', '/boom'],
	['GET', '/async'],
	['GET', '/nope'],
	['POST', '/api'],
	['GET', '/admin/orgs/acme'],
	['GET', '/'],
	['GET', '/files/a/b.txt'],
	['GET', '/next-error'],
];

async function main(side: string): Promise<void> {
	const exporter = new InMemorySpanExporter();
	const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
	trace.setGlobalTracerProvider(provider);
	context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
	const http = new HttpInstrumentation();
	http.setTracerProvider(provider);
	http.enable();
	if (side === 'express') {
		const instrumentation = new ExpressInstrumentation();
		instrumentation.setTracerProvider(provider);
		instrumentation.enable();
	}
	// Loaded after the instrumentations, as an agent's users load their app.
	const framework = side === 'express' ? require('express') : require('../../src/express');
	if (side === 'velox') require('../../src/otel').instrument({ tracerProvider: provider });
	const app = build(framework);
	const server = app.listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	const base = `http://127.0.0.1:${server.address().port}`;
	const trees: SpanNode[][] = [];
	for (const [method, path] of REQUESTS) {
		const body = method === 'POST' ? JSON.stringify({ name: 'Ada' }) : undefined;
		const res = await fetch(base + path, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
		await res.text();
		// The server span ends with the response; wait for the last span of this request.
		await new Promise((resolve) => setTimeout(resolve, 20));
		trees.push(treeOf(exporter.getFinishedSpans()));
		exporter.reset();
	}
	server.close();
	process.stdout.write(JSON.stringify(trees));
}

function build(framework: any): any {
	const app = framework();
	app.use(function logger(_req: unknown, _res: unknown, next: () => void) {
		next();
	});
	app.use(framework.json());
	const api = framework.Router();
	api.get('/users/:id', (req: { params: { id: string } }, res: { json(v: unknown): void }) => res.json({ id: req.params.id }));
	api.post('/users', (req: { body: unknown }, res: { status(n: number): { json(v: unknown): void } }) => res.status(201).json(req.body));
	app.use('/api', api);
	app.get('/boom', () => {
		throw new Error('boom');
	});
	app.get('/async', async (_req: unknown, res: { send(v: string): void }) => {
		await new Promise((resolve) => setImmediate(resolve));
		res.send('async');
	});
	const admin = framework();
	admin.get('/orgs/:org', (req: { params: { org: string } }, res: { send(v: string): void }) => res.send(req.params.org));
	app.use('/admin', admin);
	app.get('/', (_req: unknown, res: { send(v: string): void }) => res.send('home'));
	app.get('/files/*', (_req: unknown, res: { send(v: string): void }) => res.send('file'));
	app.get('/next-error', (_req: unknown, _res: unknown, next: (err: Error) => void) => next(new Error('passed on')));
	app.use(function onError(err: Error, _req: unknown, res: { status(n: number): { send(v: string): void } }, _next: unknown) {
		res.status(500).send(err.message);
	});
	return app;
}

/** The spans of one request as trees, children in start order. */
function treeOf(spans: ReadableSpan[]): SpanNode[] {
	const nodes = new Map<string, SpanNode & { start: number; parent: string | undefined }>();
	for (const span of spans) {
		const attributes: Record<string, unknown> = {};
		for (const key of COMPARED) if (span.attributes[key] !== undefined) attributes[key] = span.attributes[key];
		nodes.set(span.spanContext().spanId, {
			name: span.name,
			kind: span.kind,
			attributes,
			status: span.status.code,
			exception: span.events.some((event) => event.name === 'exception'),
			children: [],
			start: span.startTime[0] * 1e9 + span.startTime[1],
			parent: span.parentSpanContext?.spanId,
		});
	}
	const roots: (SpanNode & { start: number })[] = [];
	for (const node of nodes.values()) {
		const parent = node.parent === undefined ? undefined : nodes.get(node.parent);
		if (parent === undefined) roots.push(node);
		else parent.children.push(node);
	}
	const strip = (list: (SpanNode & { start?: number; parent?: string })[]): SpanNode[] =>
		list
			.sort((a, b) => (a.start ?? 0) - (b.start ?? 0))
			.map(({ name, kind, attributes, status, exception, children }) => ({ name, kind, attributes, status, exception, children: strip(children) }));
	return strip(roots);
}

if (require.main === module) {
	main(process.argv[2] ?? 'velox').catch((err) => {
		console.error(err);
		process.exit(1);
	});
}
