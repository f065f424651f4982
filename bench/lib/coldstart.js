// Cold start as a user sees it: a fresh process of a typical app (bench/apps/coldstart-app.js) and
// its first ten requests. One spawn is one sample; per sample: wall milliseconds from spawn() to
// the probe's "listening" line, from spawn() to the end of the first response, and the latency of
// each of the ten requests (request written → response read to its end), sent one after another
// on one keep-alive connection as a browser or an API client would, cookies carried over. The
// frameworks and apps take turns (order reversed every other round); medians per figure.

const http = require('node:http');
const path = require('node:path');
const { median, spawnProbe } = require('./startup');

const PROBE = path.join(__dirname, '..', 'apps', 'coldstart-app.js');
const TIMEOUT_MS = 20000;

const json = (value) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const form = (text) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: text });

/** The ten requests of each app, in order, with the status each framework must answer. */
const REQUESTS = {
	api: [
		{ method: 'GET', path: '/api/items?filter[status]=open&filter[tag]=docs&page[size]=10', status: 200 },
		{ method: 'GET', path: '/api/items/17', status: 200 },
		{ method: 'POST', path: '/api/items', ...json({ name: 'Plan the release', tags: ['ops'] }), status: 201 },
		{ method: 'GET', path: '/api/items?filter[status]=done&page[number]=2', status: 200 },
		{ method: 'PATCH', path: '/api/items/17', ...json({ status: 'done' }), status: 200 },
		{ method: 'GET', path: '/api/items/17/comments?page[size]=5', status: 200 },
		{ method: 'POST', path: '/api/items/17/comments', ...json({ text: 'Looks good', author: { id: 3 } }), status: 201 },
		{ method: 'DELETE', path: '/api/items/18', status: 204 },
		{ method: 'GET', path: '/api/items/999', status: 404 },
		{ method: 'POST', path: '/api/items', headers: { 'content-type': 'application/json' }, body: '{"name":', status: 400 },
	],
	web: [
		{ method: 'GET', path: '/', status: 200 },
		{ method: 'GET', path: '/css/site.css', status: 200 },
		{ method: 'GET', path: '/js/app.js', status: 200 },
		{ method: 'GET', path: '/login', status: 200 },
		{ method: 'POST', path: '/login', ...form('user%5Bname%5D=ada&user%5Bpassword%5D=secret'), status: 303 },
		{ method: 'GET', path: '/account', status: 200 },
		{ method: 'POST', path: '/account/settings', ...form('prefs%5Btheme%5D=dark&prefs%5Blangs%5D%5B%5D=en&prefs%5Blangs%5D%5B%5D=fr'), status: 303 },
		{ method: 'POST', path: '/api/notes', ...json({ text: 'Call back', due: '2026-12-01' }), status: 201 },
		{ method: 'GET', path: '/search?q=cold+start&page=2', status: 200 },
		{ method: 'GET', path: '/logout', status: 303 },
	],
};

/** A short label for a request: method and path, the query cut. */
function label(request) {
	const q = request.path.indexOf('?');
	return `${request.method} ${q === -1 ? request.path : `${request.path.slice(0, q)}?${request.path.slice(q + 1).length > 22 ? `${request.path.slice(q + 1, q + 21)}…` : request.path.slice(q + 1)}`}`;
}

function send(agent, port, request, cookies) {
	return new Promise((resolve, reject) => {
		const headers = { ...request.headers };
		if (cookies.size !== 0)
			headers.cookie = [...cookies]
				.filter(([, v]) => v !== '')
				.map(([k, v]) => `${k}=${v}`)
				.join('; ');
		if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
		const started = process.hrtime.bigint();
		const req = http.request({ host: '127.0.0.1', port, path: request.path, method: request.method, headers, agent }, (res) => {
			for (const line of res.headers['set-cookie'] || []) {
				const pair = line.split(';')[0];
				const eq = pair.indexOf('=');
				cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
			}
			res.resume();
			res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, end: process.hrtime.bigint() }));
		});
		req.on('error', reject);
		req.end(request.body);
	});
}

/** One spawn of `framework` ({ family, module }) with `app`: { listeningMs, firstResponseMs, cpuMs, requestMs: [10] } or { error }. */
function sample(framework, app, assets, pin) {
	const args = [PROBE, framework.family, framework.module, app, assets];
	return spawnProbe(args, { pin, timeoutMs: TIMEOUT_MS }, async ({ listeningMs, cpuMs, port, started }, finish) => {
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
		const cookies = new Map();
		const requestMs = [];
		let firstResponseMs = null;
		try {
			for (const request of REQUESTS[app]) {
				const answer = await send(agent, port, request, cookies);
				if (answer.status !== request.status) throw new Error(`${label(request)} answered ${answer.status}, not ${request.status}`);
				if (firstResponseMs === null) firstResponseMs = Number(answer.end - started) / 1e6;
				requestMs.push(answer.ms);
			}
		} catch (error) {
			finish({ error: `${framework.name} ${app}: ${error.message}` });
			return;
		} finally {
			agent.destroy();
		}
		finish({ listeningMs, firstResponseMs, cpuMs, requestMs });
	});
}

/**
 * Measures each of `apps` on each of `frameworks` ([{ name, family, module }]) over `runs` rounds.
 * Resolves { runs, pinned, apps: { app: { framework: { listeningMs, firstResponseMs, cpuMs, requestMs, samples } | { error } } } }.
 */
async function measureColdstart(frameworks, apps, assets, { runs = 20, pin = true, onProgress = () => {} } = {}) {
	const pairs = apps.flatMap((app) => frameworks.map((framework) => ({ app, framework })));
	const samples = new Map(pairs.map(({ app, framework }) => [`${app} ${framework.name}`, []]));
	const errors = new Map();
	for (let round = 0; round < runs; round++) {
		const order = round % 2 === 0 ? pairs : [...pairs].reverse();
		for (const { app, framework } of order) {
			const key = `${app} ${framework.name}`;
			if (errors.has(key)) continue;
			const result = await sample(framework, app, assets, pin);
			if (result.error) errors.set(key, result.error);
			else samples.get(key).push(result);
		}
		onProgress(round + 1, runs);
	}
	const out = {};
	for (const app of apps) {
		out[app] = {};
		for (const framework of frameworks) {
			const key = `${app} ${framework.name}`;
			if (errors.has(key)) {
				out[app][framework.name] = { error: errors.get(key) };
				continue;
			}
			const list = samples.get(key);
			out[app][framework.name] = {
				listeningMs: median(list.map((s) => s.listeningMs)),
				firstResponseMs: median(list.map((s) => s.firstResponseMs)),
				cpuMs: median(list.map((s) => s.cpuMs)),
				requestMs: REQUESTS[app].map((_, i) => median(list.map((s) => s.requestMs[i]))),
				samples: list.length,
			};
		}
	}
	return { runs, pinned: pin, apps: out };
}

/**
 * Markdown lines for one app: a row per figure (spawn → listening, spawn → first response, the CPU
 * until listening, each request), a column per framework, and each framework's ratio to `versus`.
 */
function coldstartTable(result, app, versus = 'express4') {
	const byName = result.apps[app];
	const names = Object.keys(byName);
	const others = names.filter((name) => name !== versus && byName[versus] && !byName[versus].error);
	const head = `| ${app} app | ${names.join(' | ')} |${others.map((name) => ` ${name} / ${versus} |`).join('')}`;
	const lines = [head, `|${' --- |'.repeat(1 + names.length + others.length)}`];
	const row = (title, pick, digits) => {
		const cells = names.map((name) => (byName[name].error ? 'n/a' : pick(byName[name]).toFixed(digits)));
		const ratios = others.map((name) => (byName[name].error ? '' : (pick(byName[name]) / pick(byName[versus])).toFixed(2)));
		return `| ${title} | ${cells.join(' | ')} |${ratios.map((r) => ` ${r} |`).join('')}`;
	};
	lines.push(row('spawn → listening, ms', (s) => s.listeningMs, 1));
	lines.push(row('spawn → 1st response, ms', (s) => s.firstResponseMs, 1));
	lines.push(row('CPU until listening, ms', (s) => s.cpuMs, 1));
	REQUESTS[app].forEach((request, i) => {
		lines.push(row(`${i + 1}. \`${label(request)}\`, ms`, (s) => s.requestMs[i], 2));
	});
	for (const name of names) if (byName[name].error) lines.push(`\n${name}: ${byName[name].error}`);
	return lines;
}

module.exports = { REQUESTS, measureColdstart, coldstartTable };
