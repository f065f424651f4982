// The GitHub table at 10 and at 5,000 routes (bench/lib/github-scale.js), both in one process,
// measured alternately: `router.handle` CPU time per dispatch for each probe, and the 10-route
// figure over the 5,000-route one (≥ 0.9 is issue 11's routing bar). A cross-check of
// bench/routing-micro.js's ratios, whose 10- and 5,000-route figures come from rounds further
// apart; on a loaded machine the two disagree by up to ±0.2, so read both.
//
//   npm run build && node bench/ghscale-micro.js [DIST ...]     (default: this checkout)
//
// Each DIST (a built Velox checkout, e.g. an older commit's) runs in its own process,
// one after the other; figures are medians of 9 rounds of 100,000 dispatches per probe.

const path = require('node:path');
const { execFileSync } = require('node:child_process');

const VARIANTS = ['static-middle', 'static-last', 'param-middle', 'param-last'];

function child(dist) {
	const velox = require(path.resolve(dist));
	const { githubScaleRoutes, githubScaleTargets } = require('./lib/github-scale');
	const cases = [];
	for (const count of [10, 5000]) {
		const targets = githubScaleTargets(count);
		for (const variant of VARIANTS) {
			const router = velox.Router();
			for (const route of githubScaleRoutes(count)) router[route.method.toLowerCase()](route.path, () => {});
			cases.push({ count, variant, router, url: targets.find((t) => t.variant === variant).path, figures: [] });
		}
	}
	const cpu = () => {
		const usage = process.cpuUsage();
		return usage.user + usage.system;
	};
	const res = {};
	const out = (err) => {
		throw err || new Error('probe not answered');
	};
	for (let round = 0; round < 9; round++) {
		for (const c of cases) {
			const start = cpu();
			for (let i = 0; i < 1e5; i++) c.router.handle({ method: 'GET', url: c.url, headers: {} }, res, out);
			c.figures.push(((cpu() - start) * 1000) / 1e5);
		}
	}
	const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
	for (const variant of VARIANTS) {
		const at10 = median(cases.find((c) => c.count === 10 && c.variant === variant).figures);
		const at5000 = median(cases.find((c) => c.count === 5000 && c.variant === variant).figures);
		console.log(`| ${dist} | ${variant} | ${at10.toFixed(0)} | ${at5000.toFixed(0)} | ${(at10 / at5000).toFixed(2)} |`);
	}
}

if (process.argv[2] === '--child') {
	child(process.argv[3]);
} else {
	const dists = process.argv.length > 2 ? process.argv.slice(2) : [path.join(__dirname, '..')];
	console.log('| build | probe | ns @ 10 routes | ns @ 5,000 | ratio (5,000 ÷ 10, per second) |');
	console.log('| --- | --- | ---: | ---: | ---: |');
	for (const dist of dists) process.stdout.write(execFileSync(process.execPath, [__filename, '--child', dist]));
}
