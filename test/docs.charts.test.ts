/**
 * The benchmark charts embedded in README.md and bench/README.md (bench/lib/chart.js): drawn from
 * the figures they claim, and committed in step with bench/README.md's results block.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');

interface Summary {
	requestsPerCpuSecond: number | null;
}
interface Results {
	meta: { date: string; machine: string; node?: string; commit?: string; frameworks?: string[] };
	measurements: { name: string; frameworks: Record<string, { status: string; summary?: Summary }> }[];
}
interface ChartModule {
	cpuSecondsChart(results: Results, note?: string): string | null;
	scalingChart(results: Results, note?: string): string | null;
	writeCharts(results: Results, outDir: string, note?: string): string[];
	parseMarkdown(text: string): Results;
}
// bench/ is JavaScript outside the TypeScript project: loaded at run time.
const chart = require(path.join(ROOT, 'bench', 'lib', 'chart.js')) as ChartModule;

function ok(requestsPerCpuSecond: number) {
	return { status: 'ok', summary: { requestsPerCpuSecond } };
}

const RESULTS: Results = {
	meta: {
		date: '2026-01-02T03:04:05Z',
		machine: 'linux x64, 2 × Test CPU',
		node: 'v20.0.0',
		commit: 'abc1234',
		frameworks: ['node', 'express4', 'express5', 'fastify', 'velox'],
	},
	measurements: [
		{ name: 'hello', frameworks: { node: ok(30000), express4: ok(6000), express5: ok(5000), fastify: ok(29000), velox: ok(25000) } },
		{ name: 'json', frameworks: { node: ok(20000), express4: ok(5000), express5: ok(4000), fastify: { status: 'n/a' }, velox: ok(21000) } },
		{ name: 'scaling-10-static-last', frameworks: { node: ok(33000), express4: ok(7000), fastify: ok(28000), velox: ok(24000) } },
		{ name: 'scaling-5000-static-last', frameworks: { node: ok(36000), express4: ok(1000), fastify: ok(26000), velox: ok(21000) } },
	],
};

describe('bench/lib/chart.js', () => {
	test('the CPU-second chart has one labelled bar per scenario and framework (express@5 left out), n/a written as such', () => {
		const svg = chart.cpuSecondsChart(RESULTS, 'test machine')!;
		assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		assert.match(svg, /<title>Requests per server CPU-second \(higher is better\): Run 2026-01-02T03:04:05Z · linux x64, 2 × Test CPU \(test machine\)/);
		for (const label of ['hello · Velox: 25000', 'hello · express@4: 6000', 'hello · raw node:http: 30000', 'hello · fastify: 29000', 'json · Velox: 21000']) {
			assert.ok(svg.includes(label), label);
		}
		assert.equal(svg.match(/<rect x="110" y="\d+" width="[\d.]+" height="13"/g)?.length, 7, '4 bars for hello, 3 for json');
		assert.ok(svg.includes('fastify: n/a'));
		assert.ok(!svg.includes('express@5'));
		assert.ok(svg.includes('>25.0k<'));
	});

	test('the scaling chart draws a line per framework through its route counts', () => {
		const svg = chart.scalingChart(RESULTS)!;
		assert.equal(svg.match(/<path d="M[\d.]+,[\d.]+ L[\d.]+,[\d.]+"/g)?.length, 4);
		assert.ok(svg.includes('express@4, 5000 routes: 1000 requests per CPU-second'));
		assert.ok(svg.includes('static routes, hitting the last-registered one'));
	});

	test('text from the results is escaped', () => {
		const svg = chart.cpuSecondsChart({ ...RESULTS, meta: { ...RESULTS.meta, machine: '<script>&' } })!;
		assert.ok(svg.includes('&lt;script&gt;&amp;'));
		assert.ok(!svg.includes('<script>'));
	});

	test('the results block of bench/README.md reads back: meta and the figures in parentheses', () => {
		const results = chart.parseMarkdown(fs.readFileSync(path.join(ROOT, 'bench', 'README.md'), 'utf8'));
		assert.match(results.meta.date, /^\d{4}-\d\d-\d\dT/);
		assert.deepEqual(results.meta.frameworks?.slice(0, 1), ['node']);
		const hello = results.measurements.find((m) => m.name === 'hello')!;
		assert.equal(hello.frameworks.node.summary?.requestsPerCpuSecond !== null, true);
		const parsed = chart.parseMarkdown(
			'Run D · M · node v1 · commit c\n\n**Requests per server CPU-second**, …\n\n| scenario | node | velox |\n| --- | ---: | ---: |\n| hello | 1.00 (34.1k) | 0.77 (999) † |\n| json | n/a | 1.02 (2.10M) |\n',
		);
		assert.deepEqual(parsed.meta, { date: 'D', machine: 'M', node: 'v1', commit: 'c', frameworks: ['node', 'velox'] });
		assert.equal(parsed.measurements[0].frameworks.node.summary?.requestsPerCpuSecond, 34100);
		assert.equal(parsed.measurements[0].frameworks.velox.summary?.requestsPerCpuSecond, 999);
		assert.equal(parsed.measurements[1].frameworks.node.status, 'n/a');
		assert.equal(parsed.measurements[1].frameworks.velox.summary?.requestsPerCpuSecond, 2100000);
	});

	test('writeCharts writes both files', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-charts-'));
		const files = chart.writeCharts(RESULTS, dir);
		assert.deepEqual(files.map((file) => path.basename(file)).sort(), ['cpu-seconds.svg', 'route-scaling.svg']);
		fs.rmSync(dir, { recursive: true, force: true });
	});
});

describe('the committed charts', () => {
	test('bench/charts/*.svg show the figures of bench/README.md (else: node bench/lib/chart.js --from-markdown bench/README.md --note "…")', () => {
		const results = chart.parseMarkdown(fs.readFileSync(path.join(ROOT, 'bench', 'README.md'), 'utf8'));
		for (const [file, draw] of [
			['cpu-seconds.svg', chart.cpuSecondsChart],
			['route-scaling.svg', chart.scalingChart],
		] as const) {
			const committed = fs.readFileSync(path.join(ROOT, 'bench', 'charts', file), 'utf8');
			// The note (which machine) is whatever the committed chart says in its subtitle.
			const note = /\(([^()]*)\) · node /.exec(committed)?.[1];
			assert.equal(draw(results, note), committed, `${file} is out of step with bench/README.md`);
		}
	});
});
