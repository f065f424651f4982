// In-process micro-benchmark of route lookup: how the cost of dispatching one request through a
// router grows with the number of routes, for three route tables, probing a route in the middle
// of the table and the last-registered one.
//
//   npm run build && node bench/routing-micro.js [--baseline DIR] [--indexed] [--rounds N] [--ms N] [--counts 10,100] [--no-express]
//
// DIR is another Velox checkout, built (for example an older commit, built elsewhere): it is
// measured side by side with this checkout's build and express@4; `--indexed` adds this
// checkout with the route index forced on at every stack size. Each contender runs in its own
// process (its own JIT state), measured in turn, round by round, so a noisy machine slows every
// contender alike. Each figure is the median of the rounds, in
// dispatches per CPU-second of the process (a `router.handle` call whose route handler answers synchronously: no
// sockets, no response writing). `ratio` is a figure divided by the same router's 10-route
// figure for that layout and probe.
//
// Layouts (route i of `count`, registered in order), each probed on a static and a parametric
// route: the one of that shape first from the middle of the table, and the last one:
//   distinct  `/s{i}` (even i) and `/p{i}/:id` (odd i): every route has its own first segment
//   shared    `/api/r{i}/items` (even i) and `/api/r{i}/items/:id` (odd i): one shared prefix
//   github    the GitHub REST API's table grown to N routes, every method, and its probes: the
//             suite's `ghscale-N-…` scenarios (bench/lib/github-scale.js)

const path = require('node:path');
const { fork } = require('node:child_process');

function option(name, fallback) {
	const at = process.argv.indexOf(`--${name}`);
	return at === -1 ? fallback : process.argv[at + 1];
}

const ROUNDS = Number(option('rounds', 5));
const ROUND_MS = Number(option('ms', 200));
const COUNTS = option('counts', '10,100,1000,5000').split(',').map(Number);
const LAYOUTS = option('layouts', 'distinct,shared,github').split(',');

/** name, module, whether the route index is forced on: each runs in its own process (its own JIT state). */
function contenderList() {
	const list = [{ name: 'velox', module: path.join(__dirname, '..'), indexed: false }];
	// The route index forced on at every stack size (lib/core's internal switch), to compare with the default.
	if (process.argv.includes('--indexed')) list.push({ name: 'velox-indexed', module: list[0].module, indexed: true });
	const baseline = option('baseline', null);
	if (baseline !== null) list.push({ name: 'baseline', module: path.resolve(baseline, 'index.js'), indexed: false });
	if (!process.argv.includes('--no-express')) list.push({ name: 'express4', module: require.resolve('express'), indexed: false });
	return list;
}

const { githubScaleRoute, githubScaleTargets } = require('./lib/github-scale');

// Each layout has two route shapes; a probe is the route of that shape nearest to the middle
// of the table, or the last one, so every table size is probed on the same kind of route.
const layouts = {
	distinct: {
		route: (i) => (i % 2 === 0 ? `/s${i}` : `/p${i}/:id`),
		probe: (i) => (i % 2 === 0 ? `/s${i}` : `/p${i}/42`),
		shapes: { static: (i) => i % 2 === 0, param: (i) => i % 2 === 1 },
	},
	shared: {
		route: (i) => (i % 2 === 0 ? `/api/r${i}/items` : `/api/r${i}/items/:id`),
		probe: (i) => (i % 2 === 0 ? `/api/r${i}/items` : `/api/r${i}/items/42`),
		shapes: { static: (i) => i % 2 === 0, param: (i) => i % 2 === 1 },
	},
	// The suite's `ghscale-N-…` table and probes (bench/lib/github-scale.js): every method.
	github: {
		route: (i) => githubScaleRoute(i).path,
		method: (i) => githubScaleRoute(i).method.toLowerCase(),
		targets: githubScaleTargets,
	},
};

/** Route indexes to probe in a table of `count` routes: middle and last of each shape. */
function probesOf(layout, count) {
	const probes = {};
	for (const [shape, isShape] of Object.entries(layouts[layout].shapes)) {
		// The nearest to the middle (at 10 routes the GitHub table has one route of each shape).
		const half = Math.floor(count / 2);
		let middle = -1;
		for (let distance = 0; middle === -1; distance++) {
			if (half + distance < count && isShape(half + distance)) middle = half + distance;
			else if (half - distance >= 0 && isShape(half - distance)) middle = half - distance;
		}
		let last = count - 1;
		while (!isShape(last)) last--;
		probes[`${shape} middle`] = middle;
		probes[`${shape} last`] = last;
	}
	return probes;
}

let answered = -1;

/** A router of `count` routes of `layout`; each handler records its index. */
function buildRouter(factory, layout, count) {
	const router = factory.Router();
	for (let i = 0; i < count; i++) {
		const index = i;
		const method = layouts[layout].method ? layouts[layout].method(i) : 'get';
		router[method](layouts[layout].route(i), function answer() {
			answered = index;
		});
	}
	return router;
}

function notFound(err) {
	if (err) throw err;
	throw new Error('probe not answered');
}

/**
 * Dispatches of `url` through `router` per CPU-second of this process, for about `ms`
 * milliseconds. CPU time, not wall time: on a shared machine the process is descheduled
 * for stretches that have nothing to do with the code measured.
 */
function measure(router, url, ms) {
	const res = {};
	let iterations = 0;
	const cpuStart = process.cpuUsage();
	const deadline = process.hrtime.bigint() + BigInt(ms) * 1_000_000n;
	while (process.hrtime.bigint() < deadline) {
		// A new request object each time, as a server has: a router leaves its traversal
		// reachable from `req.next` when the handler answers.
		for (let i = 0; i < 200; i++) router.handle({ method: 'GET', url, headers: {} }, res, notFound);
		iterations += 200;
	}
	const cpu = process.cpuUsage(cpuStart);
	return (iterations * 1e6) / (cpu.user + cpu.system);
}

/** How many times `layer.match` runs for one dispatch of `url` (every Layer instance shares the prototype). */
function layersVisited(router, url) {
	const prototype = Object.getPrototypeOf(router.stack[0]);
	const match = prototype.match;
	let calls = 0;
	prototype.match = function countedMatch(path) {
		calls++;
		return match.call(this, path);
	};
	try {
		router.handle({ method: 'GET', url, headers: {} }, {}, notFound);
	} finally {
		prototype.match = match;
	}
	return calls;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** The cases (layout, table size, probe) in a fixed order, the same in every process. */
function caseList() {
	const cases = [];
	for (const layout of LAYOUTS) {
		for (const count of COUNTS) {
			if (layouts[layout].targets) {
				for (const target of layouts[layout].targets(count))
					cases.push({ layout, count, probe: target.variant.replace('-', ' '), url: target.path, route: target.route });
				continue;
			}
			for (const [probe, target] of Object.entries(probesOf(layout, count))) cases.push({ layout, count, probe, url: layouts[layout].probe(target) });
		}
	}
	return cases;
}

/** A contender's process: builds every case's router, then measures on request. */
function child(modulePath) {
	const factory = require(modulePath);
	if (process.argv.includes('--force-index')) require(path.join(modulePath, 'lib', 'core', 'router', 'candidates.js')).setIndexThreshold(0);
	const routers = caseList().map((c) => buildRouter(factory, c.layout, c.count));
	const cases = caseList();
	const checks = cases.map((c, i) => {
		answered = -1;
		routers[i].handle({ method: 'GET', url: c.url, headers: {} }, {}, notFound);
		return { answered, visited: layersVisited(routers[i], c.url) };
	});
	process.on('message', ({ index, ms }) => {
		if (index === -1) process.exit(0);
		process.send({ figure: measure(routers[index], cases[index].url, ms) });
	});
	process.send({ checks });
}

function ask(worker, message) {
	return new Promise((resolve) => {
		worker.once('message', resolve);
		if (message !== undefined) worker.send(message);
	});
}

async function main() {
	const contenders = contenderList();
	const cases = caseList();
	const workers = contenders.map((c) => fork(__filename, ['--child', c.module, ...(c.indexed ? ['--force-index'] : []), ...process.argv.slice(2)]));
	const checks = await Promise.all(workers.map((worker) => ask(worker)));
	cases.forEach((c, i) => {
		// Every contender must answer the probe with the same route (first match wins).
		const answers = checks.map((check) => check.checks[i].answered);
		if (new Set(answers).size !== 1) throw new Error(`${c.layout} ${c.count} ${c.probe}: answers differ ${answers}`);
		if (c.route !== undefined && answers[0] !== c.route) throw new Error(`${c.layout} ${c.count} ${c.probe}: answered by route ${answers[0]}, not ${c.route}`);
		c.visited = checks.map((check) => check.checks[i].visited);
		c.figures = contenders.map(() => []);
	});
	// Warm-up, then interleaved rounds: one contender measures at a time, the others wait.
	for (let i = 0; i < cases.length; i++) {
		for (const worker of workers) await ask(worker, { index: i, ms: 30 });
	}
	for (let round = 0; round < ROUNDS; round++) {
		for (let i = 0; i < cases.length; i++) {
			for (let w = 0; w < workers.length; w++) cases[i].figures[w].push((await ask(workers[w], { index: i, ms: ROUND_MS })).figure);
		}
		process.stderr.write(`round ${round + 1}/${ROUNDS}\n`);
	}
	for (const worker of workers) worker.send({ index: -1 });
	const rows = [];
	const header = ['layout', 'probe', 'routes', ...contenders.flatMap((c) => [`${c.name} /s`, `${c.name} ratio`, `${c.name} visited`])];
	const base = {};
	for (const c of cases) {
		const medians = c.figures.map(median);
		const key = `${c.layout}/${c.probe}`;
		if (c.count === COUNTS[0]) base[key] = medians;
		rows.push([
			c.layout,
			c.probe,
			String(c.count),
			...medians.flatMap((m, i) => [Math.round(m).toLocaleString('en-US'), (m / base[key][i]).toFixed(2), String(c.visited[i])]),
		]);
	}
	console.log(`| ${header.join(' | ')} |`);
	console.log(`| ${header.map(() => '---').join(' | ')} |`);
	for (const row of rows) console.log(`| ${row.join(' | ')} |`);
	console.log(
		`\ndispatches per CPU-second (one process per contender), medians of ${ROUNDS} interleaved rounds of ${ROUND_MS} ms; ratio = the figure over the same contender's ${COUNTS[0]}-route figure; visited = layer.match calls per dispatch; node ${process.version}`,
	);
}

const childAt = process.argv.indexOf('--child');
if (childAt === -1) main();
else child(process.argv[childAt + 1]);
