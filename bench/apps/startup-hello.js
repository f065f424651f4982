// The startup probe: `node bench/apps/startup-hello.js <family> <module>` builds the hello app with
// nothing else loaded (no scenario tables), listens on an ephemeral port and writes one line to
// stdout: the CPU milliseconds (user + system, all threads) this process used until listening, and
// the port.
// bench/lib/startup.js times spawn → that line and reads the idle RSS.
//
// The `node` family is the floor: node:http answering the same bytes as Express's hello (status,
// body, Content-Type, X-Powered-By; the ETag is computed on the first request, as the frameworks
// do, so its node:crypto is not a startup cost here either).

const [family, modulePath] = process.argv.slice(2);
const HELLO = 'Hello World!';

function ready(server) {
	const usage = process.cpuUsage();
	process.stdout.write(`${(usage.user + usage.system) / 1000} ${server.address().port}\n`);
}

if (family === 'node') {
	const http = require('node:http');
	let etag = null;
	const server = http
		.createServer((_req, res) => {
			if (etag === null) etag = require('etag')(HELLO, { weak: true });
			res.writeHead(200, { 'X-Powered-By': 'Express', 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': HELLO.length, ETag: etag });
			res.end(HELLO);
		})
		.listen(0, '127.0.0.1', () => ready(server));
} else if (family === 'fastify' || family === 'fastify-express') {
	const app = require(modulePath)({ logger: false });
	// fastify-eo: Express's two extra headers, as bench/apps/fastify-express.js adds them.
	if (family === 'fastify-express') require('./fastify-express').expressHeaders(app);
	app.get('/', async () => HELLO);
	app.listen({ port: 0, host: '127.0.0.1' }).then(() => ready(app.server));
} else {
	const express = require(modulePath);
	const app = express();
	app.get('/', (_req, res) => {
		res.send(HELLO);
	});
	const server = app.listen(0, '127.0.0.1', () => ready(server));
}
