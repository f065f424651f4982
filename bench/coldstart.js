// Cold start as users see it (issue 38): a JSON API app and a web app with the common middleware,
// each in fresh processes, on Velox (the built lib/), express@4 and fastify: spawn → listening,
// spawn → first response, and each of the first ten requests' latency; medians of N interleaved
// rounds. `npm run build && node bench/coldstart.js [--runs N] [--apps api,web]
// [--frameworks velox,express4,fastify] [--baseline DIR[,DIR2]] [--no-pin] [--json]`.
// The apps: bench/apps/coldstart-app.js; the requests and the measurement: bench/lib/coldstart.js.

const path = require('node:path');
const { measureColdstart, coldstartTable } = require('./lib/coldstart');
const { prepareColdstartFixtures } = require('./lib/fixtures');

const ROOT = path.join(__dirname, '..');
const KNOWN = {
	velox: { family: 'express', module: ROOT },
	express4: { family: 'express', module: 'express' },
	fastify: { family: 'fastify', module: 'fastify' },
};

function parse(argv) {
	const options = { runs: 20, apps: ['api', 'web'], frameworks: ['velox', 'express4', 'fastify'], baseline: null, pin: true, json: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--runs') options.runs = Math.max(1, Math.round(Number(argv[++i])) || 20);
		else if (arg === '--apps') options.apps = argv[++i].split(',').filter(Boolean);
		else if (arg === '--frameworks') options.frameworks = argv[++i].split(',').filter(Boolean);
		else if (arg === '--baseline') options.baseline = argv[++i].split(',').map((dir) => path.resolve(dir));
		else if (arg === '--no-pin') options.pin = false;
		else if (arg === '--json') options.json = true;
		else throw new Error(`unknown argument ${arg}`);
	}
	for (const app of options.apps) if (app !== 'api' && app !== 'web') throw new Error(`unknown app ${app} (api, web)`);
	// `--baseline DIR[,DIR2…]`: other builds of Velox (a checkout with its lib/), as `baseline`, `baseline2`, ….
	for (const [i, dir] of (options.baseline || []).entries()) {
		const name = i === 0 ? 'baseline' : `baseline${i + 1}`;
		KNOWN[name] = { family: 'express', module: dir };
		if (!options.frameworks.includes(name)) options.frameworks.push(name);
	}
	return options;
}

async function main() {
	const options = parse(process.argv.slice(2));
	const frameworks = options.frameworks.map((name) => {
		const known = KNOWN[name];
		if (!known) throw new Error(`unknown framework ${name}`);
		return { name, ...known, module: name === 'velox' || name.startsWith('baseline') ? known.module : require.resolve(known.module) };
	});
	const result = await measureColdstart(frameworks, options.apps, prepareColdstartFixtures(), {
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
		`Medians of ${result.runs} fresh processes per app and framework, interleaved${result.pinned ? ' (servers pinned to core 0)' : ''}; requests one after another on one keep-alive connection.\n`,
	);
	for (const app of options.apps) process.stdout.write(`\n${coldstartTable(result, app).join('\n')}\n`);
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exit(1);
});
