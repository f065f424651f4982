/**
 * dd-trace sees Velox (packed, installed as `express`) as it sees express@4: the same app, the
 * same seven requests, the same traces (span names, resources such as `GET /api/users/:id`, types,
 * parent/child structure, `http.route`, status codes, error flags and messages, code origin, and
 * the names of every tag and metric), with dd-trace 5 on this node and dd-trace 6 on Node 22. The
 * agent sends to a fake Datadog agent on 127.0.0.1 (test/helpers/apm.ts: msgpack `/v0.4/traces`, decoded);
 * telemetry, remote configuration, profiling and the rest are off, so nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { apmProjects, type Collector, currentLine, fakeDatadogAgent, type NodeLine, node22, renderTree, requests, run, until } from './helpers/apm';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-apm-dd-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const projects = apmProjects(work);
// As the file loads, not in a test: a first install is longer than a test's timeout.
const newest: NodeLine = projects.skip ? { skip: projects.skip } : node22();

type DatadogSpan = Record<string, unknown> & {
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
const compared = ['span.kind', 'component', 'http.route', 'http.method', 'http.status_code', 'http.url', 'error.type', 'error.message'];

function spansOf(agent: Collector): DatadogSpan[] {
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
					const tags = compared.filter((key) => key in meta).map((key) => key + '=' + meta[key as keyof typeof meta]);
					const others = [...Object.keys(span.meta).filter((key) => !compared.includes(key)), ...Object.keys(span.metrics)].sort();
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

async function trees(line: NodeLine): Promise<{ express: string[][]; velox: string[][] }> {
	const [express, velox] = await Promise.all(
		(['express', 'velox'] as const).map(async (framework) => {
			const agent = await fakeDatadogAgent();
			try {
				const roots = () => spansOf(agent).filter((span) => span.parent_id === '0').length;
				const result = await run({
					line,
					agent: 'dd-trace',
					app: projects.app![framework],
					collector: agent.url,
					received: () => until(() => roots() >= requests.length, framework + "'s traces at the fake agent"),
				});
				return { statuses: result.statuses, trees: datadogTrees(spansOf(agent)) };
			} finally {
				await agent.close();
			}
		}),
	);
	assert.deepEqual(velox.statuses, express.statuses, 'the same answers');
	if (process.env.VELOX_APM_PRINT) console.log(JSON.stringify({ agent: 'dd-trace', express: express.trees, velox: velox.trees }, null, 1));
	return { express: express.trees, velox: velox.trees };
}

const lines: [string, NodeLine][] = [
	['dd-trace 5 on node ' + process.versions.node, currentLine],
	['dd-trace 6 on Node 22', newest],
];

describe('dd-trace', { skip: projects.skip, concurrency: true }, () => {
	for (const [title, line] of lines) {
		test(title + ': express@4 and Velox give the same traces', async (t) => {
			if (line.skip) return t.skip(line.skip);
			const result = await trees(line);
			assert.equal(result.express.length, requests.length, 'express@4: one trace per request\n' + result.express.flat().join('\n'));
			assert.match(result.express[0][0], /^express\.request "GET \/api\/users\/:id"/, 'express@4 is recognised');
			for (let i = 0; i < requests.length; i++) {
				assert.deepEqual(result.velox[i], result.express[i], requests[i].method + ' ' + requests[i].path + ': the same trace');
			}
			assert.equal(result.velox.length, result.express.length);
		});
	}
});
