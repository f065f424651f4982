// The scenarios: what each server app registers (the "group") and which requests are measured
// against it. One group = one server process per framework; a group may hold several
// measurements (the scaling groups are hit at their last and at a middle route).

const SCALING_COUNTS = [10, 100, 1000, 5000];

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
    { app: 'notfound', measure: [{ name: 'notfound', request: { method: 'GET', path: '/missing' } }] },
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
  for (const group of groups) group.id = group.routeCount ? `${group.app}-${group.routeCount}` : group.app;
  return groups;
}

/** Keeps the groups/measurements named by the filters (a filter matches a group id, a measurement name, or a prefix of it). */
function selectGroups(groups, filters) {
  if (!filters || filters.length === 0) return groups;
  const matches = (name) => filters.some((filter) => name === filter || name.startsWith(`${filter}-`));
  const selected = [];
  for (const group of groups) {
    if (matches(group.app) || matches(group.id)) {
      selected.push(group);
      continue;
    }
    const measure = group.measure.filter((m) => matches(m.name));
    if (measure.length > 0) selected.push({ ...group, measure });
  }
  return selected;
}

module.exports = { allGroups, selectGroups, scalingRoutes, bodyPayload, SCALING_COUNTS };
