// The frameworks the in-process scripts (bench/micro.js, bench/count.js) can build a scenario's
// app with: name → [bench/apps family, module, how the app file makes the server].
const path = require('node:path');
const http = require('node:http');

const ROOT = path.join(__dirname, '..', '..');

const IN_PROCESS = {
	node: ['node', 'node:http'],
	express4: ['express', 'express'],
	express5: ['express', 'express5'],
	fastify: ['fastify', 'fastify'],
	// fastify with Express's X-Powered-By and ETag headers (bench/apps/fastify-express.js).
	'fastify-eo': ['fastify-express', 'fastify'],
	velox: ['express', ROOT],
	// Velox 5: the same build with Express 5's line in force (./velox5.js); alone in its process.
	velox5: ['express', path.join(__dirname, 'velox5.js')],
	// The same app behind `http.createServer(app)` (express-generator's bin/www) instead of `app.listen`.
	'velox-cs': ['express', ROOT, 'createServer'],
	'express4-cs': ['express', 'express', 'createServer'],
};

/**
 * `--baseline DIR`: another checkout's built Velox (DIR, its package main) measured as `baseline`, to
 * compare a change with what it replaces in one run. Several, comma-separated, are measured as
 * `baseline`, `baseline2`, … (bisecting a slowdown). Returns the names added.
 */
function addBaselines(list) {
	if (!list) return [];
	return list.split(',').map((dir, i) => {
		const name = i === 0 ? 'baseline' : `baseline${i + 1}`;
		IN_PROCESS[name] = ['express', path.resolve(dir)];
		return name;
	});
}

/** The http.Server of one framework's app for `group`, ready to take requests on an in-memory socket. */
async function makeServer(name, group, fixtures) {
	if (!(name in IN_PROCESS)) throw new Error(`unknown framework ${name} (known: ${Object.keys(IN_PROCESS).join(', ')})`);
	const [family, moduleName, how = 'create'] = IN_PROCESS[name];
	const created = await require(`../apps/${family}.js`)[how](moduleName, group, fixtures);
	const server = typeof created === 'function' ? http.createServer(created) : created;
	// Every server listens once, as a real one does: node then tracks its connections' parsers
	// (an std::set insert and erase per request, ~430 instructions in bench/count.js), which
	// a server that never listened skips. Velox's `app.listen` had it and raw node's and
	// fastify's servers did not.
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	server.close();
	return server;
}

module.exports = { IN_PROCESS, addBaselines, makeServer };
