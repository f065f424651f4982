/**
 * The child process of the APM tests (test/helpers/apm.ts forks it, once per framework × agent,
 * since agents patch node's loader and core modules for the whole process). It starts one agent
 * first, as its documentation says to, then requires the app (`require('express')` resolves to
 * the project's node_modules/express: express@4 or the packed Velox), listens on 127.0.0.1 and
 * tells the parent its port. The parent sends the requests (from an uninstrumented process, so
 * no client spans), then asks for the result: the finished spans for OpenTelemetry (in-memory),
 * a flush for the agents that report to a fake service in the parent.
 *
 * argv[2]: the ChildConfig as JSON. The agents are resolved from `config.modules` (this
 * repository's node_modules, or the Node 22 set's), so one script serves both node lines.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export type AgentName = 'otel' | 'otel-auto' | 'otel-router' | 'dd-trace' | 'elastic' | 'newrelic';

export interface ChildConfig {
	agent: AgentName;
	/** A directory whose node_modules holds the agents. */
	modules: string;
	/** The app's file, in a project whose node_modules/express is the framework under test. */
	app: string;
	/** The OpenTelemetry SDK package that has the tracer provider and InMemorySpanExporter. */
	sdk?: string;
	/** The fake agent's or APM server's address, for dd-trace and Elastic. */
	collector?: string;
}

/** A finished OpenTelemetry span, as JSON. */
export interface OtelSpan {
	name: string;
	kind: number;
	traceId: string;
	spanId: string;
	parentSpanId?: string;
	start: number;
	attributes: Record<string, unknown>;
	status: { code: number; message?: string };
	events: string[];
}

/** A finished New Relic transaction: its name, status, segment tree (indented names) and errors. */
export interface NewRelicTransaction {
	name: string;
	status: number;
	segments: string[];
	errors: string[];
}

export type ChildMessage = { ready: number } | { spans: OtelSpan[] } | { transactions: NewRelicTransaction[] } | { flushed: true } | { failed: string };

interface ReadableSpan {
	name: string;
	kind: number;
	spanContext(): { traceId: string; spanId: string };
	parentSpanContext?: { spanId: string };
	parentSpanId?: string;
	startTime: [number, number];
	attributes: Record<string, unknown>;
	status: { code: number; message?: string };
	events: { name: string }[];
}
interface Processor {
	forceFlush(): Promise<void>;
}
interface NewRelicSegment {
	id: string;
	name: string;
	children?: NewRelicSegment[];
}
interface NewRelicAgent {
	on(
		event: 'transactionFinished',
		listener: (tx: {
			getFullName(): string;
			statusCode: number;
			exceptions?: { error: unknown }[];
			trace: { root: NewRelicSegment; getChildren?(id: string): NewRelicSegment[] };
		}) => void,
	): void;
}
interface Listening {
	listen(port: number, host: string, callback: () => void): { address(): AddressInfo | string | null };
}
type Exports = Record<string, Function & Record<string, Function>>;

function send(message: ChildMessage): void {
	process.send!(message);
}

async function main(): Promise<void> {
	const config = JSON.parse(process.argv[2]) as ChildConfig;
	const load = createRequire(join(config.modules, 'package.json')) as (id: string) => Exports;
	let finish: () => Promise<ChildMessage>;

	if (config.agent === 'otel' || config.agent === 'otel-auto' || config.agent === 'otel-router') {
		const api = load('@opentelemetry/api') as unknown as {
			trace: { setGlobalTracerProvider(provider: unknown): void };
			context: { setGlobalContextManager(manager: unknown): void };
		};
		const sdk = load(config.sdk ?? '@opentelemetry/sdk-trace-base');
		const { AsyncLocalStorageContextManager } = load('@opentelemetry/context-async-hooks');
		const exporter = new (sdk.InMemorySpanExporter as unknown as new () => { getFinishedSpans(): ReadableSpan[] })();
		// sdk-trace-base 2: BasicTracerProvider, SimpleSpanProcessor(exporter); its successor sdk-trace 3:
		// TracerProvider, SimpleSpanProcessor({ exporter }).
		const successor = !sdk.BasicTracerProvider;
		const processor = new (sdk.SimpleSpanProcessor as unknown as new (exporter: unknown) => Processor)(successor ? { exporter } : exporter);
		const Provider = (sdk.BasicTracerProvider ?? sdk.TracerProvider) as unknown as new (options: unknown) => object;
		const provider = new Provider({ spanProcessors: [processor] });
		api.context.setGlobalContextManager(new (AsyncLocalStorageContextManager as unknown as new () => { enable(): unknown })().enable());
		api.trace.setGlobalTracerProvider(provider);
		// Instrumentations are enabled when constructed, on the global tracer provider.
		if (config.agent === 'otel') {
			new (load('@opentelemetry/instrumentation-http').HttpInstrumentation as unknown as new () => unknown)();
			new (load('@opentelemetry/instrumentation-express').ExpressInstrumentation as unknown as new () => unknown)();
		} else if (config.agent === 'otel-router') {
			new (load('@opentelemetry/instrumentation-http').HttpInstrumentation as unknown as new () => unknown)();
			new (load('@opentelemetry/instrumentation-router').RouterInstrumentation as unknown as new () => unknown)();
		} else {
			load('@opentelemetry/auto-instrumentations-node').getNodeAutoInstrumentations();
		}
		finish = async () => {
			await processor.forceFlush();
			return {
				spans: exporter.getFinishedSpans().map((span) => ({
					name: span.name,
					kind: span.kind,
					traceId: span.spanContext().traceId,
					spanId: span.spanContext().spanId,
					parentSpanId: span.parentSpanContext?.spanId ?? span.parentSpanId,
					start: span.startTime[0] * 1e9 + span.startTime[1],
					attributes: { ...span.attributes },
					status: { ...span.status },
					events: span.events.map((event) => event.name),
				})),
			};
		};
	} else if (config.agent === 'dd-trace') {
		const tracer = load('dd-trace') as unknown as {
			init(options: Record<string, unknown>): { flush?(done: () => void): void };
			_tracer?: { _exporter?: { flush?(done: () => void): void } };
		};
		tracer.init({ url: config.collector, flushInterval: 0, plugins: true, startupLogs: false, runtimeMetrics: false, service: 'apm-app' });
		finish = () =>
			new Promise((resolve) => {
				const exporter = tracer._tracer?._exporter;
				if (exporter?.flush) exporter.flush(() => resolve({ flushed: true }));
				else resolve({ flushed: true });
			});
	} else if (config.agent === 'newrelic') {
		// Serverless mode (configured by the environment, see test/helpers/apm.ts) records
		// transactions without connecting to New Relic; they are read as the agent finishes them.
		const agent = (load('newrelic') as unknown as { agent: NewRelicAgent }).agent;
		const transactions: NewRelicTransaction[] = [];
		agent.on('transactionFinished', (tx) => {
			const segments: string[] = [];
			const walk = (segment: NewRelicSegment, depth: number): void => {
				segments.push('  '.repeat(depth) + segment.name);
				for (const child of tx.trace.getChildren?.(segment.id) ?? segment.children ?? []) walk(child, depth + 1);
			};
			walk(tx.trace.root, 0);
			transactions.push({
				name: tx.getFullName(),
				status: tx.statusCode,
				segments,
				errors: (tx.exceptions ?? []).map((exception) => String((exception.error as Error)?.message ?? exception.error)),
			});
		});
		finish = async () => ({ transactions });
	} else {
		const apm = load('elastic-apm-node') as unknown as { start(options: Record<string, unknown>): { flush(done: () => void): void } };
		const agent = apm.start({
			serviceName: 'apm-app',
			serverUrl: config.collector,
			apmServerVersion: '8.15.0',
			centralConfig: false,
			cloudProvider: 'none',
			metricsInterval: '0s',
			// Flush ends the intake request at once, not after the default 10 s.
			apiRequestTime: '100ms',
			logLevel: 'off',
			spanStackTraceMinDuration: '-1ms',
		});
		finish = () => new Promise((resolve) => agent.flush(() => resolve({ flushed: true })));
	}

	const app = load(config.app) as unknown as Listening;
	const server = app.listen(0, '127.0.0.1', () => send({ ready: (server.address() as AddressInfo).port }));
	process.on('message', (message) => {
		if (message === 'finish') finish().then(send, (error: unknown) => send({ failed: String((error as Error)?.stack ?? error) }));
		else if (message === 'exit') process.exit(0);
	});
}

main().catch((error: Error) => {
	send({ failed: String(error.stack) });
	process.exitCode = 1;
});
