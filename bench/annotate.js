// Where a request's instructions go, function by function, JIT-compiled JavaScript included:
// bench/count.js's measurement (callgrind, `node --predictable --no-memory-reducer`, warm-up
// uncounted) with `--perf-basic-prof`, whose map file names the addresses callgrind can only
// print as `???:0x…`.
//
//   npm run build && node bench/annotate.js [--framework velox] [--scenario rest] [--top 60]
//       [--warmup 20000] [--count 4000] [--callers REGEX | --callees REGEX]
//
// Prints instructions per request (self cost) of the `--top` functions; with `--callers` or
// `--callees`, the callers (or callees, inclusive) of the functions whose name matches REGEX.
// Needs valgrind (`apt-get install valgrind`). --cpu-prof shows JavaScript frames only; this also
// shows the V8 builtins and runtime calls behind them (a dictionary-mode lookup, a slow RegExp
// exec path, an inline-cache miss), which is where this file's first findings came from.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { valgrindArgs } = require('./count');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : process.argv[index + 1];
}

/** The perf map's entries, sorted by start address: [start, end, name]. */
function readPerfMap(file) {
	const entries = [];
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		const first = line.indexOf(' ');
		const second = line.indexOf(' ', first + 1);
		if (first === -1 || second === -1) continue;
		const start = Number.parseInt(line.slice(0, first), 16);
		entries.push([start, start + Number.parseInt(line.slice(first + 1, second), 16), line.slice(second + 1)]);
	}
	return entries.sort((a, b) => a[0] - b[0]);
}

/** A name for a JIT address: the last map entry covering it (code may be moved and re-logged). */
function namer(entries) {
	return (address) => {
		let found;
		for (const [start, end, name] of entries) {
			if (start > address) break;
			if (address < end) found = name;
		}
		return found;
	};
}

function nameLines(text, nameOf) {
	return text.replace(/\?\?\?:0x([0-9a-f]+)(?:'\d+)?(?: \[\?\?\?\])?/g, (whole, hex) => nameOf(Number.parseInt(hex, 16)) ?? whole);
}

function main() {
	const framework = option('framework', 'velox');
	const scenario = option('scenario', 'rest');
	const warmup = option('warmup', '20000');
	const count = Number(option('count', '4000'));
	const top = Number(option('top', '60'));
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-annotate-'));
	const out = path.join(dir, 'callgrind.out');
	const child = spawnSync('valgrind', valgrindArgs({ out, name: framework, scenario, warmup, count, nodeFlags: ['--perf-basic-prof'] }), {
		stdio: ['ignore', 'ignore', 'pipe'],
		encoding: 'utf8',
	});
	if (child.status !== 0) throw new Error(`valgrind failed: ${child.stderr.slice(-2000)}`);
	// valgrind runs node in its own process: the map is named after that pid.
	const pid = /==(\d+)==/.exec(child.stderr)?.[1];
	const mapFile = path.join(os.tmpdir(), `perf-${pid}.map`);
	const nameOf = namer(readPerfMap(mapFile));
	const callers = option('callers', null);
	const callees = option('callees', null);
	if (callers || callees) {
		const tree = spawnSync('callgrind_annotate', [`--tree=${callers ? 'caller' : 'calling'}`, '--inclusive=yes', '--threshold=100', out], {
			encoding: 'utf8',
			maxBuffer: 1 << 28,
		});
		const pattern = new RegExp(callers || callees);
		const marker = callers ? '<' : '>';
		for (const block of nameLines(tree.stdout, nameOf).split('\n\n')) {
			const lines = block.split('\n');
			const own = lines.find((line) => /\)\s+\*\s/.test(line));
			if (!own || !pattern.test(own)) continue;
			process.stdout.write(`${own.replace(/\s+/g, ' ').trim()}\n`);
			for (const line of lines) {
				const match = new RegExp(`^\\s*([\\d,]+) \\(\\s*[\\d.]+%\\)\\s+${marker}\\s+(.*)$`).exec(line);
				if (match) process.stdout.write(`${String(Math.round(Number(match[1].replace(/,/g, '')) / count)).padStart(9)}  ${match[2]}\n`);
			}
		}
	} else {
		const flat = spawnSync('callgrind_annotate', ['--threshold=100', out], { encoding: 'utf8', maxBuffer: 1 << 28 });
		const totals = new Map();
		for (const line of nameLines(flat.stdout, nameOf).split('\n')) {
			const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
			if (!match || match[2].includes('PROGRAM TOTALS')) continue;
			const name = match[2].replace(/^\?\?\?:/, '').replace(/\s+\[[^\]]*\]$/, '');
			totals.set(name, (totals.get(name) ?? 0) + Number(match[1].replace(/,/g, '')));
		}
		const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
		process.stdout.write(`${framework} ${scenario}: ${Math.round(all / count)} instructions per request\n`);
		for (const [name, value] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
			process.stdout.write(`${String(Math.round(value / count)).padStart(9)}  ${name.slice(0, 150)}\n`);
		}
	}
	fs.rmSync(dir, { recursive: true, force: true });
	fs.rmSync(mapFile, { force: true });
}

main();
