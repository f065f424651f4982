// The GitHub table at N routes (the `ghscale-N-…` scenarios and bench/routing-micro.js's `github`
// layout): how routing cost grows on a real-world table rather than on a synthetic one.
//
// Route i of the N-route table is the real table's route i mod 237 (bench/lib/github-routes.js, in
// its order, every method), copied unchanged in generation 0 and, in generation g = ⌊i / 237⌋ > 0,
// with `-g` appended to its last literal segment: `/repos/:owner/:repo/issues-3/:number`,
// `/user-3`, `/repos-3/:owner/:repo`. Synthetic routes thus have the real ones' shapes (the same
// depth, parameters, wildcards and methods), most of them under `/repos/:owner/:repo` as in the
// real table; at 10 and 100 routes the table is the real table's first routes.
//
// Probes, each a GET of a fixed path: `static-*` a route without parameters, `param-*` one with
// two (the table's commonest, `/repos/:owner/:repo/…`); `*-middle` the route of that shape nearest
// the middle of the table, `*-last` the last one registered. A route is a probe only if no other
// GET route of the table matches its path (routers that take the first match in registration
// order and routers that take the most specific one answer alike).

const { GITHUB_ROUTES } = require('./github-routes');

const SAMPLE = 'octocat';
const SAMPLE_2 = 'hello-world';

/** Route i of the scaled table: `{ method, path }`. */
function githubScaleRoute(i) {
	const route = GITHUB_ROUTES[i % GITHUB_ROUTES.length];
	const generation = Math.floor(i / GITHUB_ROUTES.length);
	if (generation === 0) return route;
	const segments = route.path.split('/');
	for (let s = segments.length - 1; s > 0; s--) {
		if (segments[s][0] !== ':' && segments[s][0] !== '*') {
			segments[s] += `-${generation}`;
			break;
		}
	}
	return { method: route.method, path: segments.join('/') };
}

/** The scaled table of `count` routes, registration order. */
function githubScaleRoutes(count) {
	const routes = [];
	for (let i = 0; i < count; i++) routes.push(githubScaleRoute(i));
	return routes;
}

/** Splits a route path into segments: `{ literal }`, `{ param }` or `{ wildcard }`. */
function segmentsOf(routePath) {
	return routePath
		.slice(1)
		.split('/')
		.map((segment) => (segment[0] === ':' ? { param: segment.slice(1) } : segment[0] === '*' ? { wildcard: segment.slice(1) } : { literal: segment }));
}

/** Whether a GET of `pathSegments` matches the route of `segments` (the route tables' one-match check). */
function routeMatches(segments, pathSegments) {
	for (let i = 0; i < segments.length; i++) {
		const segment = segments[i];
		if (segment.wildcard !== undefined) return pathSegments.length > i;
		if (i >= pathSegments.length) return false;
		if (segment.literal !== undefined && segment.literal !== pathSegments[i]) return false;
	}
	return segments.length === pathSegments.length;
}

/** The request path of route `route` (`{ method, path }`): parameters get fixed sample values. */
function samplePath(route) {
	let n = 0;
	return route.path.replace(/:\w+/g, () => (n++ === 0 ? SAMPLE : SAMPLE_2));
}

/**
 * The probes of the `count`-route table: `{ variant, path, route }` for static-middle,
 * static-last, param-middle and param-last (`route` is the index of the route that answers).
 */
function githubScaleTargets(count) {
	const routes = githubScaleRoutes(count).map((route, index) => ({ ...route, index, segments: segmentsOf(route.path) }));
	const gets = routes.filter((route) => route.method === 'GET');
	const shapes = {
		static: (route) => route.segments.every((segment) => segment.literal !== undefined),
		param: (route) => route.segments.every((segment) => segment.wildcard === undefined) && route.segments.filter((s) => s.param !== undefined).length === 2,
	};
	const unique = (route) => {
		const sample = samplePath(route).slice(1).split('/');
		return gets.filter((other) => routeMatches(other.segments, sample)).length === 1;
	};
	const half = Math.floor(count / 2);
	const targets = [];
	for (const [shape, isShape] of Object.entries(shapes)) {
		const eligible = gets.filter((route) => isShape(route) && unique(route));
		if (eligible.length === 0) throw new Error(`no ${shape} probe in the ${count}-route GitHub table`);
		let middle = eligible[0];
		for (const route of eligible) if (Math.abs(route.index - half) < Math.abs(middle.index - half)) middle = route;
		const last = eligible[eligible.length - 1];
		targets.push({ variant: `${shape}-middle`, path: samplePath(middle), route: middle.index });
		targets.push({ variant: `${shape}-last`, path: samplePath(last), route: last.index });
	}
	return targets;
}

module.exports = { githubScaleRoute, githubScaleRoutes, githubScaleTargets, segmentsOf, routeMatches };
