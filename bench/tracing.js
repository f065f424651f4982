// Tracing's cost for apps that do not trace: the same app on this build and on a build of
// a baseline commit without the tracing hooks, dispatched in process (no sockets: the hooks' cost
// would drown in the network's), in interleaved rounds; medians reported. Also, for scale, this
// build with a `velox:` subscriber. Never part of `npm test`.
//
//   npm run build && node --expose-gc bench/tracing.js [--baseline REF] [--rounds N] [--requests N]
//
// REF defaults to BENCH_TRACING_BASELINE or the commit before tracing landed (see bench/README.md).
const { execFileSync } = require('node:child_process');
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const args = process.argv.slice(2);
function option(name, fallback) {
	const index = args.indexOf('--' + name);
	return index === -1 ? fallback : args[index + 1];
}
const baselineRef = option('baseline', process.env.BENCH_TRACING_BASELINE || '206ab0a');
const rounds = Number(option('rounds', 7));
const requests = Number(option('requests', 100000));

function buildBaseline(ref) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-bench-baseline-'));
	const archive = execFileSync('git', ['archive', ref], { cwd: root, maxBuffer: 1 << 28 });
	execFileSync('tar', ['-x', '-C', dir], { input: archive });
	fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
	execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'inherit' });
	return dir;
}

/** A typical app: a few middleware, a router, parameterised routes. */
function buildApp(velox) {
	const app = velox();
	app.set('env', 'production');
	app.use(function requestId(req, _res, next) {
		req.id = 1;
		next();
	});
	app.use(function timing(_req, _res, next) {
		next();
	});
	const api = velox.Router();
	api.use(function auth(_req, _res, next) {
		next();
	});
	api.get('/items', (_req, res) => res.end('items'));
	api.get('/users/:id', function getUser(req, res) {
		res.end(req.params.id);
	});
	app.use('/api', api);
	return app;
}

let finished = 0;
function end() {
	finished++;
}

/** One request through `app`, on node's own request/response objects without a socket. */
function dispatch(app, url) {
	const req = new http.IncomingMessage(null);
	req.method = 'GET';
	req.url = url;
	req.headers = { host: 'localhost' };
	const res = new http.ServerResponse(req);
	res.end = end;
	app(req, res);
}

function measure(app) {
	const before = finished;
	const start = process.hrtime.bigint();
	for (let i = 0; i < requests; i++) dispatch(app, '/api/users/42');
	const elapsed = Number(process.hrtime.bigint() - start);
	if (finished - before !== requests) throw new Error('not every request finished synchronously');
	return elapsed / requests;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

const current = require(root);
console.log('building the baseline %s …', baselineRef);
const baseline = require(buildBaseline(baselineRef));
const variants = {
	[`baseline ${baselineRef} (no hooks)`]: { app: buildApp(baseline), subscribe: false },
	'this build, no subscriber': { app: buildApp(current), subscribe: false },
	'this build, a velox:layer:start subscriber': { app: buildApp(current), subscribe: true },
};
const results = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
const listener = () => {};
const entries = Object.entries(variants);
for (let round = 0; round <= rounds; round++) {
	// Each round starts with a different variant, and the heap is collected between variants
	// (with --expose-gc): neither order nor the previous variant's garbage favours one.
	for (let k = 0; k < entries.length; k++) {
		const [name, variant] = entries[(round + k) % entries.length];
		if (typeof global.gc === 'function') global.gc();
		if (variant.subscribe) dc.subscribe('velox:layer:start', listener);
		const ns = measure(variant.app);
		if (variant.subscribe) dc.unsubscribe('velox:layer:start', listener);
		if (round > 0) results[name].push(ns); // round 0 warms up
	}
}
console.log(`\n${requests} requests per round, ${rounds} interleaved rounds, median ns per request (node ${process.version}):\n`);
const reference = median(results[Object.keys(results)[0]]);
for (const [name, values] of Object.entries(results)) {
	const value = median(values);
	console.log(
		`${name.padEnd(48)} ${value.toFixed(0).padStart(7)} ns   ${((value / reference) * 100).toFixed(1).padStart(6)} %   (rounds: ${values.map((v) => v.toFixed(0)).join(' ')})`,
	);
}
