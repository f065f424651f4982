// SVG charts of a benchmark run: requests per server CPU-second per scenario (Velox beside raw
// node, fastify and express@4) and the route scaling curves. No dependencies: plain SVG text.
//
//   node bench/lib/chart.js                         # bench/results/latest.json -> bench/charts/
//   node bench/lib/chart.js --in FILE.json --out DIR --note "shared 2-core machine"
//   node bench/lib/chart.js --from-markdown bench/README.md   # the committed results block
//   npm run bench:chart                             # the same as the first line
//
// bench/run.js calls afterRun() once per run: the charts go next to latest.json, and into
// bench/charts/ too when the run updates bench/README.md (--update-readme).

const fs = require('node:fs');
const path = require('node:path');

const FRAMEWORKS = [
	{ name: 'node', label: 'raw node:http', color: '#8a8f98' },
	{ name: 'express4', label: 'express@4', color: '#e0892c' },
	{ name: 'fastify', label: 'fastify', color: '#2f9e6e' },
	{ name: 'velox', label: 'Velox', color: '#1f5eff' },
];
const MAIN_SCENARIOS = ['hello', 'json', 'routes', 'middleware', 'body', 'static', 'notfound'];
const SCALING = /^scaling-(\d+)-(static|param)-(last|middle)$/;
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';

function escapeXml(text) {
	return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** 34100 -> "34.1k", 999 -> "999". */
function compact(value) {
	if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
	if (value >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
	if (value >= 1e3) return `${(value / 1e3).toFixed(2)}k`;
	return value.toFixed(0);
}

/** A round axis maximum at or above `value`, and its tick step. */
function niceScale(value, ticks = 5) {
	const raw = value / ticks;
	const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
	const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) || 10 * magnitude;
	return { max: Math.ceil(value / step) * step, step };
}

/** Requests per server CPU-second of `framework` in `measurement`, or null. */
function perCpu(measurement, framework) {
	const entry = measurement.frameworks[framework];
	if (!entry || entry.status !== 'ok' || !entry.summary) return null;
	const value = entry.summary.requestsPerCpuSecond;
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function subtitle(meta, note) {
	const parts = [
		`Run ${meta.date}`,
		meta.machine + (note ? ` (${note})` : ''),
		meta.node ? `node ${meta.node}` : null,
		meta.commit ? `commit ${meta.commit}` : null,
	];
	return parts.filter(Boolean).join(' · ');
}

/** The opening of a chart: its size, a title for screen readers, a white background. */
function open(width, height, title) {
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}" ${FONT}>` +
		`<title>${escapeXml(title)}</title><rect width="100%" height="100%" fill="#fff"/>`
	);
}

function legend(x, y, frameworks) {
	let out = '';
	let offset = 0;
	for (const fw of frameworks) {
		out += `<rect x="${x + offset}" y="${y - 10}" width="12" height="12" rx="2" fill="${fw.color}"/>`;
		out += `<text x="${x + offset + 17}" y="${y}" font-size="12" fill="#333">${escapeXml(fw.label)}</text>`;
		offset += 36 + fw.label.length * 7.5;
	}
	return out;
}

/** Grouped horizontal bars: one group per scenario, one bar per framework. Returns SVG text or null. */
function cpuSecondsChart(results, note) {
	const frameworks = FRAMEWORKS.filter((fw) => results.meta.frameworks === undefined || results.meta.frameworks.includes(fw.name));
	const rows = MAIN_SCENARIOS.map((name) => results.measurements.find((m) => m.name === name)).filter(Boolean);
	if (rows.length === 0 || frameworks.length === 0) return null;
	const values = rows.flatMap((m) => frameworks.map((fw) => perCpu(m, fw.name))).filter((v) => v !== null);
	if (values.length === 0) return null;
	const { max, step } = niceScale(Math.max(...values));
	const width = 860;
	const left = 110;
	const right = 60;
	const top = 78;
	const bar = 13;
	const gap = 2;
	const groupGap = 16;
	const groupHeight = frameworks.length * (bar + gap) - gap;
	const plotWidth = width - left - right;
	const height = top + rows.length * (groupHeight + groupGap) + 30;
	const x = (v) => left + (v / max) * plotWidth;
	const title = 'Requests per server CPU-second (higher is better)';
	let svg = open(width, height, `${title}: ${subtitle(results.meta, note)}`);
	svg += `<text x="${left}" y="22" font-size="16" font-weight="600" fill="#111">${title}</text>`;
	svg += `<text x="${left}" y="40" font-size="11" fill="#555">${escapeXml(subtitle(results.meta, note))}</text>`;
	svg += legend(left, 62, frameworks);
	const plotBottom = height - 30;
	for (let tick = 0; tick <= max + 1e-9; tick += step) {
		svg += `<line x1="${x(tick).toFixed(1)}" y1="${top - 6}" x2="${x(tick).toFixed(1)}" y2="${plotBottom}" stroke="#e5e7eb"/>`;
		svg += `<text x="${x(tick).toFixed(1)}" y="${plotBottom + 14}" font-size="10" fill="#666" text-anchor="middle">${compact(tick)}</text>`;
	}
	rows.forEach((measurement, i) => {
		const y0 = top + i * (groupHeight + groupGap);
		svg += `<text x="${left - 8}" y="${y0 + groupHeight / 2 + 4}" font-size="12" fill="#222" text-anchor="end">${escapeXml(measurement.name)}</text>`;
		frameworks.forEach((fw, j) => {
			const y = y0 + j * (bar + gap);
			const value = perCpu(measurement, fw.name);
			if (value === null) {
				svg += `<text x="${left + 4}" y="${y + bar - 3}" font-size="10" fill="#999">${escapeXml(fw.label)}: n/a</text>`;
				return;
			}
			svg += `<rect x="${left}" y="${y}" width="${(x(value) - left).toFixed(1)}" height="${bar}" fill="${fw.color}"><title>${escapeXml(`${measurement.name} · ${fw.label}: ${Math.round(value)} requests per CPU-second`)}</title></rect>`;
			svg += `<text x="${(x(value) + 4).toFixed(1)}" y="${y + bar - 3}" font-size="10" fill="#333">${compact(value)}</text>`;
		});
	});
	return `${svg}</svg>\n`;
}

/** Route scaling: requests per CPU-second against the number of routes (log axis), one panel per route kind. */
function scalingChart(results, note) {
	const frameworks = FRAMEWORKS.filter((fw) => results.meta.frameworks === undefined || results.meta.frameworks.includes(fw.name));
	const panels = new Map();
	for (const measurement of results.measurements) {
		const match = SCALING.exec(measurement.name);
		if (!match) continue;
		const key = `${match[2]}-${match[3]}`;
		if (!panels.has(key)) panels.set(key, []);
		panels.get(key).push({ routes: Number(match[1]), measurement });
	}
	const order = ['static-last', 'param-last', 'static-middle', 'param-middle'].filter((key) => panels.has(key) && panels.get(key).length >= 2);
	if (order.length === 0) return null;
	const counts = [...new Set(order.flatMap((key) => panels.get(key).map((p) => p.routes)))].sort((a, b) => a - b);
	const all = order.flatMap((key) => panels.get(key).flatMap((p) => frameworks.map((fw) => perCpu(p.measurement, fw.name)))).filter((v) => v !== null);
	const { max, step } = niceScale(Math.max(...all), 4);
	const columns = 2;
	const panelWidth = 400;
	const panelHeight = 210;
	const left = 56;
	const top = 84;
	const width = columns * panelWidth + 40;
	const height = top + Math.ceil(order.length / columns) * (panelHeight + 50) + 10;
	const minLog = Math.log10(counts[0]);
	const maxLog = Math.log10(counts[counts.length - 1]);
	const title = 'Routing cost as the route table grows: requests per server CPU-second';
	let svg = open(width, height, `${title}: ${subtitle(results.meta, note)}`);
	svg += `<text x="${left}" y="22" font-size="16" font-weight="600" fill="#111">${title}</text>`;
	svg += `<text x="${left}" y="40" font-size="11" fill="#555">${escapeXml(subtitle(results.meta, note))}</text>`;
	svg += legend(left, 64, frameworks);
	order.forEach((key, index) => {
		const ox = (index % columns) * panelWidth + left;
		const oy = top + Math.floor(index / columns) * (panelHeight + 50);
		const plotWidth = panelWidth - left - 30;
		const px = (routes) => ox + (maxLog === minLog ? 0 : ((Math.log10(routes) - minLog) / (maxLog - minLog)) * plotWidth);
		const py = (v) => oy + 20 + (1 - v / max) * (panelHeight - 40);
		const [kind, where] = key.split('-');
		svg += `<text x="${ox}" y="${oy + 8}" font-size="12" font-weight="600" fill="#222">${kind === 'static' ? 'static routes' : 'routes with a param'}, hitting the ${where === 'last' ? 'last-registered' : 'middle'} one</text>`;
		for (let tick = 0; tick <= max + 1e-9; tick += step) {
			svg += `<line x1="${ox}" y1="${py(tick).toFixed(1)}" x2="${ox + plotWidth}" y2="${py(tick).toFixed(1)}" stroke="#e5e7eb"/>`;
			svg += `<text x="${ox - 6}" y="${(py(tick) + 3).toFixed(1)}" font-size="10" fill="#666" text-anchor="end">${compact(tick)}</text>`;
		}
		for (const routes of counts) {
			svg += `<text x="${px(routes).toFixed(1)}" y="${oy + panelHeight - 4}" font-size="10" fill="#666" text-anchor="middle">${routes.toLocaleString('en-US')}</text>`;
		}
		svg += `<text x="${ox + plotWidth / 2}" y="${oy + panelHeight + 12}" font-size="10" fill="#666" text-anchor="middle">routes in the app (log scale)</text>`;
		const points = panels.get(key).sort((a, b) => a.routes - b.routes);
		for (const fw of frameworks) {
			const line = points.map((p) => ({ routes: p.routes, value: perCpu(p.measurement, fw.name) })).filter((p) => p.value !== null);
			if (line.length === 0) continue;
			const d = line.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.routes).toFixed(1)},${py(p.value).toFixed(1)}`).join(' ');
			svg += `<path d="${d}" fill="none" stroke="${fw.color}" stroke-width="2.5"/>`;
			for (const p of line) {
				svg += `<circle cx="${px(p.routes).toFixed(1)}" cy="${py(p.value).toFixed(1)}" r="3.5" fill="${fw.color}"><title>${escapeXml(`${fw.label}, ${p.routes} routes: ${Math.round(p.value)} requests per CPU-second`)}</title></circle>`;
			}
		}
	});
	return `${svg}</svg>\n`;
}

/** Writes the charts of `results` into `outDir`; returns the files written. */
function writeCharts(results, outDir, note) {
	fs.mkdirSync(outDir, { recursive: true });
	const written = [];
	const charts = { 'cpu-seconds.svg': cpuSecondsChart(results, note), 'route-scaling.svg': scalingChart(results, note) };
	for (const [file, svg] of Object.entries(charts)) {
		if (svg === null) continue;
		fs.writeFileSync(path.join(outDir, file), svg);
		written.push(path.join(outDir, file));
	}
	return written;
}

/** The hook bench/run.js calls after each run. Never throws: a chart must not fail a benchmark. */
function afterRun(results, resultsDir, updateCommitted) {
	try {
		const files = writeCharts(results, path.join(resultsDir, 'charts'));
		if (updateCommitted) files.push(...writeCharts(results, path.join(__dirname, '..', 'charts')));
		process.stderr.write(`charts: ${files.map((file) => path.relative(process.cwd(), file)).join(', ')}\n`);
	} catch (error) {
		process.stderr.write(`charts not written: ${error.message}\n`);
	}
}

/** "34.1k" -> 34100, "999" -> 999, "1.59k" -> 1590, "2.10M" -> 2100000. */
function parseCompact(text) {
	const match = /^([\d.]+)([kM]?)$/.exec(text);
	if (!match) return null;
	return Number(match[1]) * (match[2] === 'k' ? 1e3 : match[2] === 'M' ? 1e6 : 1);
}

/**
 * The results block that bench/run.js writes into a markdown file (between `<!-- results:start -->`
 * and `<!-- results:end -->`), read back into the shape of latest.json as far as the charts need it:
 * meta (date, machine, node, commit, frameworks) and each scenario's requests per CPU-second.
 */
function parseMarkdown(text) {
	const start = text.indexOf('<!-- results:start -->');
	const block = start === -1 ? text : text.slice(start, text.indexOf('<!-- results:end -->', start));
	const lines = block.split('\n');
	const run = lines.find((line) => line.startsWith('Run '));
	if (!run) throw new Error('no "Run …" line in the markdown results');
	const [date, machine, node, commit] = run.slice(4).split(' · ');
	const heading = lines.findIndex((line) => line.startsWith('**Requests per server CPU-second**'));
	if (heading === -1) throw new Error('no requests-per-CPU-second table in the markdown results');
	const tableStart = lines.findIndex((line, i) => i > heading && line.startsWith('|'));
	const cells = (line) =>
		line
			.split('|')
			.slice(1, -1)
			.map((cell) => cell.trim());
	const frameworks = cells(lines[tableStart]).slice(1);
	const measurements = [];
	for (let i = tableStart + 2; i < lines.length && lines[i].startsWith('|'); i++) {
		const [name, ...values] = cells(lines[i]);
		const record = { name, frameworks: {} };
		values.forEach((value, j) => {
			const match = /^([\d.]+) \(([\d.]+[kM]?)\)/.exec(value);
			record.frameworks[frameworks[j]] = match
				? { status: 'ok', summary: { requestsPerCpuSecondRatio: Number(match[1]), requestsPerCpuSecond: parseCompact(match[2]) } }
				: { status: 'n/a' };
		});
		measurements.push(record);
	}
	return {
		meta: { date, machine, node: node ? node.replace(/^node /, '') : undefined, commit: commit ? commit.replace(/^commit /, '') : undefined, frameworks },
		measurements,
	};
}

function main(argv) {
	const root = path.join(__dirname, '..');
	const options = { in: path.join(root, 'results', 'latest.json'), out: path.join(root, 'charts'), note: process.env.BENCH_CHART_NOTE || '', markdown: null };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--in') options.in = path.resolve(argv[++i]);
		else if (argv[i] === '--out') options.out = path.resolve(argv[++i]);
		else if (argv[i] === '--note') options.note = argv[++i];
		else if (argv[i] === '--from-markdown') options.markdown = path.resolve(argv[++i]);
		else if (argv[i] === '--help') {
			process.stdout.write(`${fs.readFileSync(__filename, 'utf8').split('\n').slice(0, 11).join('\n')}\n`);
			return;
		} else throw new Error(`unknown option ${argv[i]} (try --help)`);
	}
	let results;
	if (options.markdown) results = parseMarkdown(fs.readFileSync(options.markdown, 'utf8'));
	else {
		if (!fs.existsSync(options.in))
			throw new Error(`${path.relative(process.cwd(), options.in)} not found: run npm run bench first (or pass --in FILE / --from-markdown FILE)`);
		results = JSON.parse(fs.readFileSync(options.in, 'utf8'));
	}
	const files = writeCharts(results, options.out, options.note);
	if (files.length === 0) throw new Error('nothing to chart: no main or scaling scenarios in these results');
	for (const file of files) process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
}

if (require.main === module) {
	try {
		main(process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`bench/lib/chart.js: ${error.message}\n`);
		process.exitCode = 1;
	}
}

module.exports = { afterRun, writeCharts, cpuSecondsChart, scalingChart, parseMarkdown };
