/**
 * The APM tests' renderings of what each agent recorded, as comparable lines (one tree per request,
 * in request order): OpenTelemetry spans, dd-trace spans, Elastic events, New Relic transactions.
 * Shared by the tests of Velox 4 (test/apm.*.test.ts against express@4) and of Velox 5
 * (test/apm.velox5.test.ts against express@5).
 */
import path from 'node:path';
import type { NewRelicTransaction, OtelSpan } from './apm-child';
import { type Collector, renderTree } from './apm';

const kinds = ['INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
/** Attributes whose values are compared, besides names, kinds and structure; of the others (addresses, ports, sizes), only the names. */
const otelCompared = [
	'http.route',
	'express.name',
	'express.type',
	'http.method',
	'http.request.method',
	'http.status_code',
	'http.response.status_code',
	'error.type',
	'url.path',
];

/** One tree per request, in request order. */
export function otelTrees(spans: OtelSpan[]): string[][] {
	const traces = new Map<string, OtelSpan[]>();
	for (const span of spans) {
		if (!traces.has(span.traceId)) traces.set(span.traceId, []);
		traces.get(span.traceId)!.push(span);
	}
	return [...traces.values()]
		.sort((a, b) => Math.min(...a.map((s) => s.start)) - Math.min(...b.map((s) => s.start)))
		.map((trace) =>
			renderTree(
				trace,
				(span) => span.spanId,
				(span) => span.parentSpanId,
				(span) => span.start,
				(span) => {
					const attributes = otelCompared.filter((key) => key in span.attributes).map((key) => key + '=' + String(span.attributes[key]));
					const status =
						span.status.code === 0
							? ''
							: ' status=' + ['UNSET', 'OK', 'ERROR'][span.status.code] + (span.status.message ? '(' + span.status.message + ')' : '');
					const events = span.events.length ? ' events=' + span.events.join(',') : '';
					const others = Object.keys(span.attributes)
						.filter((key) => !otelCompared.includes(key))
						.sort();
					return kinds[span.kind] + ' "' + span.name + '" ' + attributes.join(' ') + status + events + ' [' + others.join(' ') + ']';
				},
			),
		);
}

export type DatadogSpan = Record<string, unknown> & {
	trace_id: string;
	span_id: string;
	parent_id: string;
	start: string;
	name: string;
	resource: string;
	service: string;
	type?: string;
	error: number;
	meta: Record<string, string>;
	metrics: Record<string, number>;
};

/** Tags whose values are compared; of the other tags and metrics (ids, addresses, versions), only the names. */
const datadogCompared = ['span.kind', 'component', 'http.route', 'http.method', 'http.status_code', 'http.url', 'error.type', 'error.message'];

export function spansOf(agent: Collector): DatadogSpan[] {
	return agent.received.flatMap((payload) => (payload.body as DatadogSpan[][]).flat());
}

/** One tree per request, in request order. */
export function datadogTrees(spans: DatadogSpan[]): string[][] {
	const traces = new Map<string, DatadogSpan[]>();
	for (const span of spans) {
		if (!traces.has(span.trace_id)) traces.set(span.trace_id, []);
		traces.get(span.trace_id)!.push(span);
	}
	const origin = spans.reduce((min, span) => (BigInt(span.start) < min ? BigInt(span.start) : min), BigInt(spans[0]?.start ?? 0));
	const start = (span: DatadogSpan): number => Number(BigInt(span.start) - origin);
	return [...traces.values()]
		.sort((a, b) => Math.min(...a.map(start)) - Math.min(...b.map(start)))
		.map((trace) =>
			renderTree(
				trace,
				(span) => span.span_id,
				(span) => (span.parent_id === '0' ? undefined : span.parent_id),
				start,
				(span) => {
					const url = span.meta['http.url'] === undefined ? {} : { 'http.url': new URL(span.meta['http.url']).pathname };
					const meta = { ...span.meta, ...url };
					const tags = datadogCompared.filter((key) => key in meta).map((key) => key + '=' + meta[key as keyof typeof meta]);
					const others = [...Object.keys(span.meta).filter((key) => !datadogCompared.includes(key)), ...Object.keys(span.metrics)].sort();
					// Code origin: the route handler's file (the app's, in its project), line and column.
					const file = span.meta['_dd.code_origin.frames.0.file'];
					const origin = file
						? ` origin=${path.basename(file)}:${span.meta['_dd.code_origin.frames.0.line']}:${span.meta['_dd.code_origin.frames.0.column']}`
						: '';
					return `${span.name} "${span.resource}" service=${span.service} type=${span.type ?? ''} error=${span.error} ${tags.join(' ')}${origin} [${others.join(' ')}]`;
				},
			),
		);
}

export interface ElasticEvent {
	id: string;
	trace_id: string;
	parent_id?: string;
	transaction_id?: string;
	timestamp: number;
	name?: string;
	type?: string;
	subtype?: string;
	result?: string;
	outcome?: string;
	culprit?: string;
	context?: { response?: { status_code?: number }; request?: { method?: string; url?: { pathname?: string } } };
	exception?: { message?: string; type?: string; handled?: boolean };
	kind: 'transaction' | 'span' | 'error';
}

export function eventsOf(server: Collector): ElasticEvent[] {
	const events: ElasticEvent[] = [];
	for (const payload of server.received) {
		for (const line of payload.body as Record<string, ElasticEvent>[]) {
			for (const kind of ['transaction', 'span', 'error'] as const) if (line[kind]) events.push({ ...line[kind], kind });
		}
	}
	return events;
}

/** One tree per request (its transaction, spans and errors), in request order. */
export function elasticTrees(events: ElasticEvent[], app: string): string[][] {
	const traces = new Map<string, ElasticEvent[]>();
	for (const event of events) {
		if (!traces.has(event.trace_id)) traces.set(event.trace_id, []);
		traces.get(event.trace_id)!.push(event);
	}
	return [...traces.values()]
		.sort((a, b) => Math.min(...a.map((e) => e.timestamp)) - Math.min(...b.map((e) => e.timestamp)))
		.map((trace) =>
			renderTree(
				trace,
				(event) => event.id,
				(event) => event.parent_id,
				(event) => event.timestamp,
				(event) => {
					if (event.kind === 'transaction') {
						const request = event.context?.request;
						return `transaction "${event.name}" type=${event.type} result=${event.result} outcome=${event.outcome} ${request?.method} ${request?.url?.pathname} -> ${event.context?.response?.status_code}`;
					}
					if (event.kind === 'span') return `span "${event.name}" type=${event.type} subtype=${event.subtype} outcome=${event.outcome}`;
					return `error ${event.exception?.type}: ${event.exception?.message} handled=${event.exception?.handled} culprit=${event.culprit?.replace(path.dirname(app), '.')}`;
				},
			),
		);
}

/** A New Relic transaction as lines: its name, status and errors, then its segments. */
export const newRelicTree = (tx: NewRelicTransaction): string[] => [
	`${tx.name} -> ${tx.status}${tx.errors.length ? ' errors: ' + tx.errors.join(', ') : ''}`,
	...tx.segments,
];
