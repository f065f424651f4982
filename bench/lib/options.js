// Command-line flags (`npm run bench -- --quick --scenarios hello,json`) and their BENCH_* environment
// equivalents. Flags win over the environment.

const HELP = `Usage: npm run bench -- [options]     (or: node bench/run.js [options] after npm run build)

  --scenarios LIST    comma-separated scenarios or groups: hello, json, routes, middleware, body,
                      static, notfound, rest, github, h2 (h2-hello, h2-json, h2-rest,
                      h2-static: HTTP/2, needs h2load), scaling, scaling-1000,
                      scaling-1000-param-last, prefix, prefix-5000-middle, ghscale,
                      ghscale-5000-static-middle, ...
                      (default: all)                                          [BENCH_SCENARIOS]
  --frameworks LIST   node, express4, express5, fastify, fastify-eo (fastify plus Express's
                      X-Powered-By and ETag), velox, velox5 (this build as Velox 5)
                      (default: all)                                          [BENCH_FRAMEWORKS]
  --duration SEC      measured seconds per round and framework (default 3)   [BENCH_DURATION]
  --rounds N          interleaved rounds, the median is reported (default 3) [BENCH_ROUNDS]
  --warmup SEC        warm-up load per server and request (default 1)       [BENCH_WARMUP]
  --connections N     keep-alive connections (default 50)                   [BENCH_CONNECTIONS]
  --loader NAME       autocannon, wrk, or auto = wrk if on PATH (default auto)  [BENCH_LOADER]
  --h2-connections N  HTTP/2 scenarios (h2-*, h2load): sessions (default 10)  [BENCH_H2_CONNECTIONS]
  --h2-streams N      HTTP/2 scenarios: requests in flight per session (default 10)  [BENCH_H2_STREAMS]
  --startup-runs N    spawns per framework for the startup figure (hello app, spawn until
                      listening, and idle RSS; medians; 0 = skip; default 20, quick 7;
                      only when the hello scenario runs)                    [BENCH_STARTUP_RUNS]
  --no-pin            do not pin server / load generator to cores 0 / 1     [BENCH_PIN=0]
  --quick             1 s x 1 round, 0.5 s warm-up, scaling/prefix/ghscale at 10 and 5000
                      routes only
                      (explicit --duration/--rounds/--warmup still win)      [BENCH_QUICK=1]
  --out DIR           where latest.md and latest.json go (default bench/results)  [BENCH_OUT]
  --baseline DIR      also measure the Velox built in another checkout (DIR, its package main) as
                      framework "baseline" (add it to --frameworks)          [BENCH_BASELINE]
  --update-readme     also put the tables into bench/README.md (between its results markers)
  --help              this text
`;

const FLAGS = {
	scenarios: 'BENCH_SCENARIOS',
	frameworks: 'BENCH_FRAMEWORKS',
	duration: 'BENCH_DURATION',
	rounds: 'BENCH_ROUNDS',
	warmup: 'BENCH_WARMUP',
	connections: 'BENCH_CONNECTIONS',
	loader: 'BENCH_LOADER',
	'h2-connections': 'BENCH_H2_CONNECTIONS',
	'h2-streams': 'BENCH_H2_STREAMS',
	out: 'BENCH_OUT',
	baseline: 'BENCH_BASELINE',
	'startup-runs': 'BENCH_STARTUP_RUNS',
};

function list(text) {
	return text
		? text
				.split(',')
				.map((item) => item.trim())
				.filter(Boolean)
		: [];
}

function positiveNumber(name, text) {
	const value = Number(text);
	if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number, got ${JSON.stringify(text)}`);
	return value;
}

function parseOptions(argv, env) {
	const raw = {};
	for (const [name, variable] of Object.entries(FLAGS)) if (env[variable]) raw[name] = env[variable];
	let quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
	let pin = env.BENCH_PIN !== '0' && env.BENCH_PIN !== 'false';
	let help = false;
	let updateReadme = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--quick') quick = true;
		else if (arg === '--no-pin') pin = false;
		else if (arg === '--help' || arg === '-h') help = true;
		else if (arg === '--update-readme') updateReadme = true;
		else if (arg.startsWith('--')) {
			const equals = arg.indexOf('=');
			const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
			if (!(name in FLAGS)) throw new Error(`unknown option ${arg} (see --help)`);
			const value = equals === -1 ? argv[++i] : arg.slice(equals + 1);
			if (value === undefined) throw new Error(`${arg} needs a value`);
			raw[name] = value;
		} else throw new Error(`unexpected argument ${arg} (see --help)`);
	}
	const defaults = quick ? { duration: 1, rounds: 1, warmup: 0.5 } : { duration: 3, rounds: 3, warmup: 1 };
	return {
		help,
		updateReadme,
		quick,
		pin,
		scenarios: list(raw.scenarios),
		frameworks: list(raw.frameworks),
		duration: raw.duration ? positiveNumber('duration', raw.duration) : defaults.duration,
		rounds: raw.rounds ? Math.round(positiveNumber('rounds', raw.rounds)) : defaults.rounds,
		warmup: raw.warmup !== undefined ? Number(raw.warmup) || 0 : defaults.warmup,
		connections: raw.connections ? Math.round(positiveNumber('connections', raw.connections)) : 50,
		loader: raw.loader || 'auto',
		h2Connections: raw['h2-connections'] ? Math.round(positiveNumber('h2-connections', raw['h2-connections'])) : 10,
		h2Streams: raw['h2-streams'] ? Math.round(positiveNumber('h2-streams', raw['h2-streams'])) : 10,
		out: raw.out || null,
		baseline: raw.baseline || null,
		startupRuns: raw['startup-runs'] !== undefined ? Math.max(0, Math.round(Number(raw['startup-runs']) || 0)) : quick ? 7 : 20,
	};
}

module.exports = { parseOptions, HELP };
