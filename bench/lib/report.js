'use strict';
// Turns the collected results into the markdown tables (stdout, latest.md, bench/README.md) and
// the JSON file.

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
      };
    }
    const node = measurement.frameworks.node;
    const base = node && node.status === 'ok' ? node.summary : null;
    for (const entry of Object.values(measurement.frameworks)) {
      if (entry.status !== 'ok' || base === null) continue;
      entry.summary.requestsPerSecondRatio = base.requestsPerSecond ? entry.summary.requestsPerSecond / base.requestsPerSecond : null;
      entry.summary.requestsPerCpuSecondRatio =
        base.requestsPerCpuSecond && entry.summary.requestsPerCpuSecond !== null ? entry.summary.requestsPerCpuSecond / base.requestsPerCpuSecond : null;
    }
  }
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
    `Load: ${meta.loader}, ${meta.connections} keep-alive connections, ${meta.rounds} interleaved round(s) of ${meta.duration} s after ${meta.warmup} s warm-up, median reported; ` +
      (meta.pinned ? 'server pinned to core 0, load generator to core 1.' : 'no core pinning.'),
  );
  out.push('');
  out.push('**Requests per server CPU-second**, ratio to raw node (absolute in parentheses) — the figure the bar is set on:');
  out.push('');
  const rows = (pick) => results.measurements.map((m) => [m.name, ...frameworks.map((fw) => cell(m.frameworks[fw], pick))]);
  out.push(table(['scenario', ...frameworks], rows((s) => `${ratio(s.requestsPerCpuSecondRatio)} (${compact(s.requestsPerCpuSecond)})`)));
  out.push('');
  out.push('**Requests per second**, ratio to raw node (absolute in parentheses):');
  out.push('');
  out.push(table(['scenario', ...frameworks], rows((s) => `${ratio(s.requestsPerSecondRatio)} (${compact(s.requestsPerSecond)})`)));
  out.push('');
  out.push('**p99 latency** (ms):');
  out.push('');
  out.push(table(['scenario', ...frameworks], rows((s) => (s.latencyP99Ms === null ? '–' : s.latencyP99Ms.toFixed(1)))));
  out.push('');
  out.push('**Servers**: startup (spawn until listening, ms) · RSS idle → after load (MB):');
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
    out.push(table(['route', ...frameworks], flatness.map((row) => [row.name, ...frameworks.map((fw) => (fw in row.values ? ratio(row.values[fw]) : '–'))])));
  }
  if (results.notes.length > 0) {
    out.push('');
    out.push('Notes:');
    out.push('');
    for (const note of results.notes) out.push(`- ${note}`);
  }
  return `${out.join('\n')}\n`;
}

function scalingFlatness(results) {
  const byName = new Map(results.measurements.map((m) => [m.name, m]));
  const rows = [];
  for (const m of results.measurements) {
    const match = /^scaling-(\d+)-(.+)$/.exec(m.name);
    if (!match || match[1] === '10') continue;
    const base = byName.get(`scaling-10-${match[2]}`);
    if (base === undefined) continue;
    const values = {};
    for (const [fw, entry] of Object.entries(m.frameworks)) {
      const baseEntry = base.frameworks[fw];
      if (entry.status === 'ok' && baseEntry && baseEntry.status === 'ok' && baseEntry.summary.requestsPerCpuSecond) {
        values[fw] = entry.summary.requestsPerCpuSecond / baseEntry.summary.requestsPerCpuSecond;
      }
    }
    rows.push({ name: `${match[2]} @ ${match[1]}`, values });
  }
  return rows;
}

module.exports = { summarize, markdown, median };
