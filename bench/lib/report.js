// Turns the collected results into the markdown tables (stdout, latest.md, bench/README.md) and
// the JSON file.

const { startupTable } = require('./startup');

function median(values) {
	const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
	if (sorted.length === 0) return null;
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function compact(value) {
	if (value === null || value === undefined) return '–';
	if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
	if (value >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
	if (value >= 1e3) return `${(value / 1e3).toFixed(2)}k`;
	return value.toFixed(0);
}

function ratio(value) {
	return value === null || value === undefined ? '–' : value.toFixed(2);
}

function megabytes(bytes) {
	return bytes === null || bytes === undefined ? '–' : (bytes / 1048576).toFixed(0);
}

/** Fills `summary` (medians and ratios to raw node) on every measurement of `results`. */
function summarize(results) {
	for (const measurement of results.measurements) {
		for (const entry of Object.values(measurement.frameworks)) {
			if (entry.status !== 'ok') continue;
			entry.summary = {
				requestsPerSecond: median(entry.rounds.map((round) => round.requestsPerSecond)),
				requestsPerCpuSecond: median(entry.rounds.map((round) => round.requestsPerCpuSecond)),
				latencyP99Ms: median(entry.rounds.map((round) => round.latencyP99)),
				otherLoad: median(entry.rounds.map((round) => round.otherLoad)),
				rssAfterLoadBytes: entry.rssAfterLoadBytes === undefined ? null : entry.rssAfterLoadBytes,
			};
		}
		const node = measurement.frameworks.node;
		if (!node || node.status !== 'ok') continue;
		for (const entry of Object.values(measurement.frameworks)) {
			if (entry.status !== 'ok') continue;
			entry.summary.requestsPerSecondRatio = pairedRatio(entry.rounds, node.rounds, (round) => round.requestsPerSecond);
			entry.summary.requestsPerCpuSecondRatio = pairedRatio(entry.rounds, node.rounds, (round) => round.requestsPerCpuSecond);
		}
		const fastify = measurement.frameworks.fastify;
		const velox = measurement.frameworks.velox;
		if (fastify && fastify.status === 'ok' && velox && velox.status === 'ok') {
			velox.summary.latencyP99ToFastify = pairedRatio(velox.rounds, fastify.rounds, (round) => round.latencyP99);
		}
	}
}

/**
 * The median, over the rounds both were measured in, of `rounds`' figure divided by `base`'s
 * figure of the same round. The machine's speed drifts over seconds (bench/README.md, "Paired
 * rounds"): a ratio within a round compares loads a few seconds apart, where a ratio of two
 * medians compares whichever rounds each median fell on. Rounds without a `round` number
 * (results written before it) pair by position.
 */
function pairedRatio(rounds, base, pick) {
	const byRound = new Map(base.map((round, index) => [round.round ?? index, round]));
	const ratios = [];
	rounds.forEach((round, index) => {
		const other = byRound.get(round.round ?? index);
		const value = pick(round);
		const baseValue = other === undefined ? null : pick(other);
		if (typeof value === 'number' && typeof baseValue === 'number' && baseValue > 0) ratios.push(value / baseValue);
	});
	return median(ratios);
}

function table(header, rows) {
	const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
	for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
	return lines.join('\n');
}

function cell(entry, pick) {
	if (entry === undefined) return '';
	if (entry.status !== 'ok') return 'n/a';
	return pick(entry.summary);
}

function markdown(results) {
	const { meta } = results;
	const frameworks = meta.frameworks;
	const out = [];
	out.push(`Run ${meta.date} · ${meta.machine} · node ${meta.node} · commit ${meta.commit}`);
	out.push(
		`Load: ${meta.loader}, ${meta.connections} keep-alive connections, ${meta.rounds} interleaved round(s) of ${meta.duration} s after ${meta.warmup} s warm-up, each round starting with the next framework, medians reported; ` +
			(meta.pinned ? 'server pinned to core 0, load generator to core 1.' : 'no core pinning.') +
			(meta.h2
				? ` HTTP/2 scenarios (h2-*): ${meta.h2.loader}, h2c, ${meta.h2.connections} connections × ${meta.h2.streams} streams; raw node is node:http2 there.`
				: ''),
	);
	const load = contention(results);
	if (load !== null) {
		out.push(
			`Other processes took a median ${(load.median * 100).toFixed(0)}% (max ${(load.max * 100).toFixed(0)}%) of the server's core during the measured windows; ` +
				`† marks a figure whose rounds had more than ${BUSY * 100}% — on a busy core even the CPU-second figure inflates (cache and scheduler effects), so treat those as noise.`,
		);
	}
	out.push('');
	out.push(
		"**Requests per server CPU-second**, ratio to raw node (the median of the rounds' ratios to raw node's figure of the same round; the median figure in parentheses) — the figure the bar is set on — then the p99 latency (median of rounds) and the server's RSS right after the scenario's last round:",
	);
	out.push('');
	const rows = (pick) => results.measurements.map((m) => [m.name, ...frameworks.map((fw) => cell(m.frameworks[fw], pick))]);
	out.push(
		table(
			['scenario', ...frameworks],
			rows(
				(s) =>
					`${ratio(s.requestsPerCpuSecondRatio)} (${compact(s.requestsPerCpuSecond)})${s.otherLoad !== null && s.otherLoad > BUSY ? ' †' : ''} · ${
						s.latencyP99Ms === null ? '–' : s.latencyP99Ms.toFixed(1)
					} ms · ${megabytes(s.rssAfterLoadBytes)} MB`,
			),
		),
	);
	out.push('');
	out.push("**Requests per second**, ratio to raw node (the median of the rounds' ratios; the median figure in parentheses):");
	out.push('');
	out.push(
		table(
			['scenario', ...frameworks],
			rows((s) => `${ratio(s.requestsPerSecondRatio)} (${compact(s.requestsPerSecond)})`),
		),
	);

	out.push('');
	if (results.startup) {
		out.push(
			`**Startup** (hello app, nothing else loaded: spawn until listening, the CPU the process used until then, RSS idle and after one request), medians of ${results.startup.runs} alternating spawns${results.startup.pinned ? ' pinned to core 0' : ''}; difference from raw node in parentheses:`,
		);
		out.push('');
		out.push(...startupTable(results.startup));
		out.push('');
	}
	out.push('**Servers** (one spawn each, of the scenario app): startup (spawn until listening, ms) · RSS idle → after load (MB):');
	out.push('');
	out.push(
		table(
			['app', ...frameworks],
			results.servers.map((server) => [
				server.group,
				...frameworks.map((fw) => {
					const s = server.frameworks[fw];
					if (s === undefined) return '';
					if (s.error) return 'n/a';
					return `${s.startupMs.toFixed(0)} · ${megabytes(s.rssIdleBytes)} → ${megabytes(s.rssAfterLoadBytes)}`;
				}),
			]),
		),
	);
	const flatness = scalingFlatness(results);
	if (flatness.length > 0) {
		out.push('');
		out.push('**Routing cost vs. route count**: requests per CPU-second at N routes ÷ the same at 10 routes (1.00 = flat):');
		out.push('');
		out.push(
			table(
				['route', ...frameworks],
				flatness.map((row) => [row.name, ...frameworks.map((fw) => (fw in row.values ? ratio(row.values[fw]) : '–'))]),
			),
		);
	}
	const bar = barCheck(results);
	if (bar.length > 0) {
		out.push('');
		out.push('**The bar (issues 8 and 11)** for velox, on requests per server CPU-second:');
		out.push('');
		for (const line of bar) out.push(`- ${line}`);
	}
	const lean = leanBar(results);
	if (lean.length > 0) {
		out.push('');
		out.push(
			"**Issue 28's bar** for velox, in this run (p99 as in the table, the median of rounds; in parentheses the median of velox's p99 over fastify's in the same round):",
		);
		out.push('');
		for (const line of lean) out.push(`- ${line}`);
	}
	const notes = [...unavailableNotes(results), ...headerNotes(results), ...results.notes];
	if (notes.length > 0) {
		out.push('');
		out.push('Notes:');
		out.push('');
		for (const note of notes) out.push(`- ${note}`);
	}
	return `${out.join('\n')}\n`;
}

const BUSY = 0.1;

function contention(results) {
	const values = [];
	for (const m of results.measurements) {
		for (const entry of Object.values(m.frameworks)) {
			if (entry.status === 'ok') for (const round of entry.rounds) if (typeof round.otherLoad === 'number') values.push(round.otherLoad);
		}
	}
	return values.length === 0 ? null : { median: median(values), max: Math.max(...values) };
}

/** Header differences from express@4, one line per framework and difference. */
function headerNotes(results) {
	const byText = new Map();
	for (const note of results.headerNotes || []) {
		const key = `${note.framework}\u0000${note.text}`;
		if (!byText.has(key)) byText.set(key, { ...note, scenarios: [] });
		byText.get(key).scenarios.push(note.scenario);
	}
	const all = results.measurements.length;
	return [...byText.values()].map(
		(note) =>
			`${note.framework} headers differ from express@4 in ${note.scenarios.length === all ? 'every scenario' : note.scenarios.join(', ')}: ${note.text}`,
	);
}

/** One line per framework and reason: "velox n/a in hello, json: …". */
function unavailableNotes(results) {
	const byReason = new Map();
	for (const m of results.measurements) {
		for (const [fw, entry] of Object.entries(m.frameworks)) {
			if (entry.status === 'ok') continue;
			const key = `${fw}\u0000${entry.reason}`;
			if (!byReason.has(key)) byReason.set(key, { fw, reason: entry.reason, names: [] });
			byReason.get(key).names.push(m.name);
		}
	}
	return [...byReason.values()].map(({ fw, reason, names }) => `${fw} n/a in ${names.join(', ')} — ${reason}`);
}

/** Velox against the targets of issue 8: ≥ 0.85 of raw node and ahead of fastify, routing flat, startup and idle RSS. */
function barCheck(results) {
	if (!results.meta.frameworks.includes('velox')) return [];
	const lines = [];
	const missing = [];
	for (const m of results.measurements) {
		const velox = m.frameworks.velox;
		if (!velox || velox.status !== 'ok') {
			missing.push(m.name);
			continue;
		}
		const r = velox.summary.requestsPerCpuSecondRatio;
		const fastify = m.frameworks.fastify;
		const fastifyRatio = fastify && fastify.status === 'ok' ? fastify.summary.requestsPerCpuSecondRatio : null;
		if (r === null || r === undefined) continue;
		const problems = [];
		if (r < 0.85) problems.push(`${ratio(r)} of node, ${((0.85 - r) * 100).toFixed(0)} points under 0.85`);
		if (fastifyRatio !== null && r <= fastifyRatio) problems.push(`behind fastify (${ratio(r)} vs ${ratio(fastifyRatio)})`);
		if (problems.length > 0) lines.push(`${m.name}: misses — ${problems.join('; ')}`);
	}
	const met = results.measurements.filter((m) => m.frameworks.velox && m.frameworks.velox.status === 'ok').length - lines.length;
	lines.unshift(
		`${met} of ${results.measurements.length} scenarios meet "≥ 0.85 of node and ahead of fastify"${missing.length > 0 ? `; not measurable (n/a): ${missing.join(', ')}` : ''}`,
	);
	for (const row of scalingFlatness(results)) {
		if (row.name.endsWith('@ 5000') && 'velox' in row.values && row.values.velox < 0.9)
			lines.push(`routing ${row.name}: ${ratio(row.values.velox)} of the 10-route figure (bar 0.90)`);
	}
	const startup = results.startup && results.startup.frameworks;
	const hello = results.servers.find((server) => server.group === 'hello');
	if (startup && startup.velox && !startup.velox.error && startup.node && !startup.node.error) {
		const velox = startup.velox;
		const node = startup.node;
		const ms = velox.startupMs - node.startupMs;
		const mb = (velox.rssIdleBytes - node.rssIdleBytes) / 1048576;
		lines.push(
			`startup (hello, median of ${results.startup.runs} spawns): ${velox.startupMs.toFixed(0)} ms vs raw node ${node.startupMs.toFixed(0)} ms, +${ms.toFixed(0)} ms (bar +20 ms${ms <= 20 ? ', met' : ', missed'}); CPU until listening +${(velox.cpuMs - node.cpuMs).toFixed(0)} ms`,
		);
		lines.push(
			`idle RSS (hello): ${megabytes(velox.rssIdleBytes)} MB vs raw node ${megabytes(node.rssIdleBytes)} MB, +${mb.toFixed(1)} MB (bar +6 MB${mb <= 6 ? ', met' : ', missed'})`,
		);
	} else if (hello && hello.frameworks.velox && !hello.frameworks.velox.error) {
		const velox = hello.frameworks.velox;
		const node = hello.frameworks.node;
		lines.push(
			`startup (hello, one spawn): ${velox.startupMs.toFixed(0)} ms (bar: raw node + 20 ms${node && !node.error ? `; raw node ${node.startupMs.toFixed(0)} ms` : ''})`,
		);
		if (node && !node.error && velox.rssIdleBytes && node.rssIdleBytes) {
			lines.push(`idle RSS (hello): ${megabytes(velox.rssIdleBytes)} MB vs raw node ${megabytes(node.rssIdleBytes)} MB (bar: node + 6 MB)`);
		}
	}
	return lines;
}

// Requests per CPU-second as a ratio to raw node when issue 28 was filed (its wrk run). A miss
// prints three decimals: 0.999 is under 1.00, which two would hide.
const FILED = { hello: 1.0, routes: 0.99, middleware: 1.01, body: 0.99, static: 1.21, json: 0.91, notfound: 0.93, rest: 0.88 };
const AT_NODE = ['json', 'notfound', 'rest'];
const H2_AHEAD = ['h2-hello', 'h2-json'];

/**
 * Issue 28's bar, part by part, for the scenarios this run measured: RSS after load at or below
 * fastify's; json, notfound and the REST read ≥ 0.95 of raw node; HTTP/2 hello and json ≥ 0.9
 * of raw node:http2 and ahead of fastify; no scenario below its figure when the issue was filed;
 * p99 at or below fastify's. Empty without velox and fastify.
 */
function leanBar(results) {
	const { frameworks } = results.meta;
	if (!frameworks.includes('velox') || !frameworks.includes('fastify') || !frameworks.includes('node')) return [];
	const rows = [];
	for (const m of results.measurements) {
		const velox = m.frameworks.velox;
		const fastify = m.frameworks.fastify;
		if (velox && velox.status === 'ok' && fastify && fastify.status === 'ok') rows.push({ name: m.name, velox: velox.summary, fastify: fastify.summary });
	}
	if (rows.length === 0) return [];
	const verdict = (misses, what) => `${what}: ${misses.length === 0 ? 'met' : `missed on ${misses.join(', ')}`}`;
	const lines = [];
	const overRss = rows
		.filter((r) => r.velox.rssAfterLoadBytes !== null && r.fastify.rssAfterLoadBytes !== null && r.velox.rssAfterLoadBytes > r.fastify.rssAfterLoadBytes)
		.map((r) => `${r.name} (${megabytes(r.velox.rssAfterLoadBytes)} vs ${megabytes(r.fastify.rssAfterLoadBytes)} MB)`);
	lines.push(verdict(overRss, `RSS after load at or below fastify's (${rows.length} scenarios)`));
	const atNode = rows.filter((r) => AT_NODE.includes(r.name));
	if (atNode.length > 0) {
		const under = atNode.filter((r) => !(r.velox.requestsPerCpuSecondRatio >= 0.95)).map((r) => `${r.name} (${r.velox.requestsPerCpuSecondRatio.toFixed(3)})`);
		lines.push(verdict(under, `${atNode.map((r) => r.name).join(', ')} ≥ 0.95 of raw node`));
	}
	const h2 = rows.filter((r) => H2_AHEAD.includes(r.name));
	if (h2.length > 0) {
		const under = h2
			.filter((r) => !(r.velox.requestsPerCpuSecondRatio >= 0.9) || !(r.velox.requestsPerCpuSecondRatio > r.fastify.requestsPerCpuSecondRatio))
			.map((r) => `${r.name} (${ratio(r.velox.requestsPerCpuSecondRatio)}, fastify ${ratio(r.fastify.requestsPerCpuSecondRatio)})`);
		lines.push(verdict(under, `${h2.map((r) => r.name).join(', ')} ≥ 0.90 of raw node:http2 and ahead of fastify`));
	}
	const filed = rows.filter((r) => r.name in FILED);
	if (filed.length > 0) {
		const under = filed
			.filter((r) => !(r.velox.requestsPerCpuSecondRatio >= FILED[r.name]))
			.map((r) => `${r.name} (${r.velox.requestsPerCpuSecondRatio.toFixed(3)}, filed at ${ratio(FILED[r.name])})`);
		lines.push(verdict(under, 'no scenario below its figure when the issue was filed'));
	}
	const slower = rows
		.filter((r) => r.velox.latencyP99Ms !== null && r.fastify.latencyP99Ms !== null && r.velox.latencyP99Ms > r.fastify.latencyP99Ms)
		.map((r) => `${r.name} (${r.velox.latencyP99Ms.toFixed(1)} vs ${r.fastify.latencyP99Ms.toFixed(1)} ms; ${ratio(r.velox.latencyP99ToFastify)})`);
	lines.push(verdict(slower, `p99 at or below fastify's (${rows.length} scenarios)`));
	return lines;
}

function scalingFlatness(results) {
	const byName = new Map(results.measurements.map((m) => [m.name, m]));
	const rows = [];
	for (const m of results.measurements) {
		// scaling-N-<probe> (first-segment layout), prefix-N-<probe> (all under /api) and
		// ghscale-N-<probe> (the GitHub table at N routes).
		const match = /^(scaling|prefix|ghscale)-(\d+)-(.+)$/.exec(m.name);
		if (!match || match[2] === '10') continue;
		const base = byName.get(`${match[1]}-10-${match[3]}`);
		if (base === undefined) continue;
		const values = {};
		for (const [fw, entry] of Object.entries(m.frameworks)) {
			const baseEntry = base.frameworks[fw];
			if (entry.status === 'ok' && baseEntry && baseEntry.status === 'ok' && baseEntry.summary.requestsPerCpuSecond) {
				values[fw] = entry.summary.requestsPerCpuSecond / baseEntry.summary.requestsPerCpuSecond;
			}
		}
		rows.push({ name: `${match[1] === 'scaling' ? match[3] : `${match[1]} ${match[3]}`} @ ${match[2]}`, values });
	}
	return rows;
}

module.exports = { summarize, markdown, median };
