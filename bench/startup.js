// Startup and idle RSS of the hello app, side by side with raw node:http (issue 11's bar: within
// 20 ms and 6 MB of raw node). `npm run build && node bench/startup.js [--runs N]
// [--frameworks node,velox,express4,fastify] [--baseline DIR] [--no-pin] [--json]`.
// Medians of N alternating spawns (see bench/lib/startup.js); run.js takes the same measurement.

const path = require('node:path');
const { measureStartup, startupTable } = require('./lib/startup');

const ROOT = path.join(__dirname, '..');
const KNOWN = {
	node: { family: 'node', module: 'node:http' },
	velox: { family: 'express', module: ROOT },
	express4: { family: 'express', module: 'express' },
	express5: { family: 'express', module: 'express5' },
	fastify: { family: 'fastify', module: 'fastify' },
};

function parse(argv) {
	const options = { runs: 20, frameworks: ['node', 'velox', 'express4', 'fastify'], baseline: null, pin: true, json: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--runs') options.runs = Math.max(1, Math.round(Number(argv[++i])) || 20);
		else if (arg === '--frameworks') options.frameworks = argv[++i].split(',').filter(Boolean);
		else if (arg === '--baseline') options.baseline = path.resolve(argv[++i]);
		else if (arg === '--no-pin') options.pin = false;
		else if (arg === '--json') options.json = true;
		else throw new Error(`unknown argument ${arg}`);
	}
	if (!options.frameworks.includes('node')) options.frameworks.unshift('node');
	if (options.baseline && !options.frameworks.includes('baseline')) options.frameworks.push('baseline');
	return options;
}

async function main() {
	const options = parse(process.argv.slice(2));
	const frameworks = options.frameworks.map((name) => {
		if (name === 'baseline') return { name, family: 'express', module: options.baseline };
		const known = KNOWN[name];
		if (!known) throw new Error(`unknown framework ${name}`);
		const module = known.family === 'node' || name === 'velox' ? known.module : require.resolve(known.module);
		return { name, ...known, module };
	});
	const result = await measureStartup(frameworks, {
		runs: options.runs,
		pin: options.pin,
		onProgress: (done, total) => process.stderr.write(`\rround ${done}/${total}`),
	});
	process.stderr.write('\n');
	if (options.json) {
		process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
		return;
	}
	process.stdout.write(
		`Hello app, medians of ${result.runs} alternating spawns${result.pinned ? ' (pinned to core 0)' : ''}; differences from raw node in parentheses.\n\n`,
	);
	process.stdout.write(`${startupTable(result).join('\n')}\n`);
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exit(1);
});
