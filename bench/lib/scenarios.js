// The scenarios: what each server app registers (the "group") and which requests are measured
// against it. One group = one server process per framework; a group may hold several
// measurements (the scaling groups are hit at their last and at a middle route).

const { GITHUB_ROUTES } = require('./github-routes');
const { githubScaleRoutes, githubScaleTargets, segmentsOf, routeMatches } = require('./github-scale');

const SCALING_COUNTS = [10, 100, 1000, 5000];

/** The apps also measured over HTTP/2 (groups `h2-hello`, …; selected by `h2` or their names). */
const H2_APPS = ['hello', 'json', 'rest', 'static'];

// A measured request's path may vary per request: `paths` is a list the load generator cycles
// through, each with `{n}` replaced by a per-load-generator counter (1, 2, 3, …), so a body that
// depends on the path never repeats. `path` is the first one, as fetched by the pre-check.
function varying(templates) {
	return { paths: templates, path: templates[0].replace(/\{n\}/g, '1') };
}

/** The REST app's resources: six routes each under /api/v1, 60 in all. */
const REST_RESOURCES = ['users', 'teams', 'projects', 'tasks', 'comments', 'tags', 'orders', 'products', 'invoices', 'events'];

/** The REST app's route table, registration order: `{ method, path, resource }`. */
function restRoutes() {
	const routes = [];
	for (const resource of REST_RESOURCES) {
		const base = `/api/v1/${resource}`;
		routes.push({ method: 'get', path: base, resource });
		routes.push({ method: 'post', path: base, resource });
		routes.push({ method: 'get', path: `${base}/:id`, resource });
		routes.push({ method: 'put', path: `${base}/:id`, resource });
		routes.push({ method: 'delete', path: `${base}/:id`, resource });
		routes.push({ method: 'get', path: `${base}/:id/history`, resource });
	}
	return routes;
}

/** What every framework's REST read answers for GET /api/v1/<resource>/<id>: an object that depends on the id. */
function restRecord(resource, id) {
	return {
		id,
		type: resource,
		name: `${resource} ${id}`,
		owner: { id: `u${id.length}`, role: 'editor' },
		tags: ['alpha', 'beta', id],
		active: id.length % 2 === 0,
		version: 3,
	};
}

/**
 * Route layout of a shared-prefix scaling app with `count` routes: like `scalingRoutes`, all under
 * `/api`: `/api/r{i}` (static, even i) and `/api/r{i}/:id` (odd i).
 */
function prefixRoutes(count) {
	const routes = [];
	for (let i = 0; i < count; i++) routes.push(i % 2 === 0 ? { kind: 'static', path: `/api/r${i}` } : { kind: 'param', path: `/api/r${i}/:id` });
	return routes;
}

function prefixTargets(count) {
	// "last": the last-registered route (parameterised when count is even); "middle": the static
	// route registered halfway through.
	const last = count - 1;
	const half = Math.floor(count / 2);
	const middle = half % 2 === 0 ? half : half - 1;
	return [
		{ variant: 'last', path: last % 2 === 1 ? `/api/r${last}/42` : `/api/r${last}` },
		{ variant: 'middle', path: `/api/r${middle}` },
	];
}

/**
 * The GitHub table's measured requests: one path per GET route without a wildcard, its parameters
 * filled with values that change per request, kept only when no other route of the table matches
 * it (so first-match-in-order routers and most-specific-first routers answer alike).
 */
function githubTargets() {
	const gets = GITHUB_ROUTES.filter((route) => route.method === 'GET').map((route) => ({ ...route, segments: segmentsOf(route.path) }));
	const templates = [];
	for (const route of gets) {
		if (route.segments.some((segment) => segment.wildcard !== undefined)) continue;
		const sample = route.segments.map((segment) => (segment.literal !== undefined ? segment.literal : `${segment.param}-1`));
		const matching = gets.filter((other) => routeMatches(other.segments, sample));
		if (matching.length !== 1) continue;
		templates.push(`/${route.segments.map((segment) => (segment.literal !== undefined ? segment.literal : `${segment.param}-{n}`)).join('/')}`);
	}
	return templates;
}

/** The 1 KB JSON document POSTed by the `body` scenario (deterministic, so every run sends the same bytes). */
function bodyPayload() {
	const items = [];
	for (let i = 0; items.length === 0 || JSON.stringify({ items }).length < 1000; i++) {
		items.push({ id: i, name: `item-${i}`, active: i % 2 === 0 });
	}
	return JSON.stringify({ items });
}

/**
 * Route layout of a scaling app with `count` routes: route i is static (`/s{i}`) when i is even
 * and parameterised (`/p{i}/:id`) when i is odd, registered in order 0..count-1.
 */
function scalingRoutes(count) {
	const routes = [];
	for (let i = 0; i < count; i++) routes.push(i % 2 === 0 ? { kind: 'static', path: `/s${i}` } : { kind: 'param', path: `/p${i}/:id` });
	return routes;
}

function scalingTargets(count) {
	// "last": the last-registered route of that shape; "middle": the one of that shape registered
	// halfway through (static routes have even indexes, parameterised ones odd).
	const lastStatic = count % 2 === 0 ? count - 2 : count - 1;
	const lastParam = count % 2 === 0 ? count - 1 : count - 2;
	const half = Math.floor(count / 2);
	const middleStatic = half % 2 === 0 ? half : half - 1;
	const middleParam = half % 2 === 1 ? half : half + 1;
	return [
		{ variant: 'static-last', path: `/s${lastStatic}` },
		{ variant: 'static-middle', path: `/s${middleStatic}` },
		{ variant: 'param-last', path: `/p${lastParam}/42` },
		{ variant: 'param-middle', path: `/p${middleParam}/42` },
	];
}

/**
 * All groups, in run order. `measure` entries: `name` is what the table shows, `request` what the
 * load generator sends.
 */
function allGroups(options) {
	const payload = bodyPayload();
	const json = { 'content-type': 'application/json' };
	const groups = [
		{ app: 'hello', measure: [{ name: 'hello', request: { method: 'GET', path: '/' } }] },
		{ app: 'json', measure: [{ name: 'json', request: { method: 'GET', path: '/' } }] },
		{ app: 'routes', measure: [{ name: 'routes', request: { method: 'GET', path: '/users/1234/posts/5678' } }] },
		{ app: 'middleware', measure: [{ name: 'middleware', request: { method: 'GET', path: '/' } }] },
		{
			app: 'body',
			measure: [{ name: 'body', request: { method: 'POST', path: '/', headers: json, body: payload } }],
		},
		{ app: 'static', measure: [{ name: 'static', request: { method: 'GET', path: '/file-10k.txt' } }] },
		// A new path on every request, as real 404s (probes, stale links) come: a page built for one
		// path is no help for the next.
		{ app: 'notfound', measure: [{ name: 'notfound', request: { method: 'GET', ...varying(['/missing/{n}']) } }] },
		{
			app: 'rest',
			measure: [{ name: 'rest', request: { method: 'GET', ...varying(REST_RESOURCES.map((resource) => `/api/v1/${resource}/{n}`)) } }],
		},
		{ app: 'github', measure: [{ name: 'github', request: { method: 'GET', ...varying(githubTargets()) } }] },
	];
	const counts = options.quick ? [10, 5000] : SCALING_COUNTS;
	for (const count of counts) {
		groups.push({
			app: 'scaling',
			routeCount: count,
			measure: scalingTargets(count).map((target) => ({
				name: `scaling-${count}-${target.variant}`,
				request: { method: 'GET', path: target.path },
			})),
		});
	}
	for (const count of counts) {
		groups.push({
			app: 'prefix',
			routeCount: count,
			measure: prefixTargets(count).map((target) => ({
				name: `prefix-${count}-${target.variant}`,
				request: { method: 'GET', path: target.path },
			})),
		});
	}
	for (const count of counts) {
		// The GitHub table at N routes (bench/lib/github-scale.js): real routes, then copies of them.
		groups.push({
			app: 'ghscale',
			routeCount: count,
			measure: githubScaleTargets(count).map((target) => ({
				name: `ghscale-${count}-${target.variant}`,
				request: { method: 'GET', path: target.path },
			})),
		});
	}
	// HTTP/2 cleartext (h2c, prior knowledge): the same apps and requests through each framework's
	// HTTP/2 server — raw `http2.createServer(handler)`, `http2.createServer(app)` for the Express
	// API, fastify's `http2: true` — loaded by h2load (bench/lib/load.js).
	for (const app of H2_APPS) {
		const base = groups.find((group) => group.app === app);
		groups.push({ app, protocol: 'h2', measure: base.measure.map((m) => ({ name: `h2-${m.name}`, request: { ...m.request, protocol: 'h2' } })) });
	}
	for (const group of groups) group.id = group.protocol === 'h2' ? `h2-${group.app}` : group.routeCount ? `${group.app}-${group.routeCount}` : group.app;
	return groups;
}

/**
 * Keeps the groups/measurements named by the filters (a filter matches a group id, a measurement
 * name, or a prefix of it). An HTTP/2 group goes by its id only (`h2-hello`, or `h2` for all): `hello`
 * names the HTTP/1.1 scenario.
 */
function selectGroups(groups, filters) {
	if (!filters || filters.length === 0) return groups;
	const matches = (name) => filters.some((filter) => name === filter || name.startsWith(`${filter}-`));
	const selected = [];
	for (const group of groups) {
		if ((group.protocol !== 'h2' && matches(group.app)) || matches(group.id)) {
			selected.push(group);
			continue;
		}
		const measure = group.measure.filter((m) => matches(m.name));
		if (measure.length > 0) selected.push({ ...group, measure });
	}
	return selected;
}

module.exports = {
	allGroups,
	selectGroups,
	scalingRoutes,
	prefixRoutes,
	githubScaleRoutes,
	restRoutes,
	restRecord,
	bodyPayload,
	githubTargets,
	GITHUB_ROUTES,
	SCALING_COUNTS,
};
