// CPU profile of one framework serving one scenario under load:
//   node bench/profile.js velox hello [seconds]      (after npm run build)
//   node bench/profile.js velox h2-hello [seconds]   (HTTP/2: h2load, http2.createServer(app))
// Starts the server with --cpu-prof (pinned to core 0), loads it from core 1, stops it, and
// prints where the server's CPU time went (self and inclusive shares of the non-idle samples).
// The .cpuprofile is kept in bench/results/profiles/ for Chrome DevTools or speedscope.

const fs = require('node:fs');
const path = require('node:path');
const { fork } = require('node:child_process');
const { allGroups } = require('./lib/scenarios');
const { prepareFixtures } = require('./lib/fixtures');
const { createLoader, H2loadLoader, hasCommand } = require('./lib/load');
const { summarizeProfile } = require('./lib/cpuprofile');

const FAMILIES = {
	node: ['node', 'node:http'],
	express4: ['express', 'express'],
	express5: ['express', 'express5'],
	fastify: ['fastify', 'fastify'],
	velox: ['express', path.join(__dirname, '..')],
};

async function main() {
	const [framework = 'velox', measurement = 'hello', seconds = '5'] = process.argv.slice(2);
	if (!(framework in FAMILIES)) throw new Error(`unknown framework ${framework}`);
	const group = allGroups({}).find((g) => g.measure.some((m) => m.name === measurement));
	if (!group) throw new Error(`unknown scenario ${measurement}`);
	const measure = group.measure.find((m) => m.name === measurement);
	const [family, moduleName] = FAMILIES[framework];
	const modulePath = family === 'node' || moduleName.startsWith('/') ? moduleName : require.resolve(moduleName);
	const outDir = path.join(__dirname, 'results', 'profiles');
	fs.mkdirSync(outDir, { recursive: true });
	const name = `${framework}-${measurement}-${Date.now()}.cpuprofile`;
	const pin = hasCommand('taskset');
	const children = new Set();
	const execArgv = ['--cpu-prof', '--cpu-prof-dir', outDir, '--cpu-prof-name', name];
	const args = [family, modulePath, JSON.stringify(group), prepareFixtures()];
	const options = { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] };
	const server = pin
		? fork(path.join(__dirname, 'server.js'), args, { ...options, execPath: 'taskset', execArgv: ['-c', '0', process.execPath, ...execArgv] })
		: fork(path.join(__dirname, 'server.js'), args, { ...options, execArgv });
	children.add(server);
	// The HTTP/2 scenarios (h2-hello, …) are loaded by h2load, 10 connections × 10 streams as in the suite.
	const loader = measure.request.protocol === 'h2' ? new H2loadLoader(pin) : createLoader('auto', pin, children);
	try {
		const port = await new Promise((resolve, reject) => {
			server.on('message', (message) => (message.type === 'ready' ? resolve(message.port) : reject(new Error(message.message))));
			server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
		});
		const request = measure.request;
		const job = {
			url: `http://127.0.0.1:${port}${request.path}`,
			paths: request.paths,
			method: request.method,
			headers: request.headers,
			body: request.body,
			connections: measure.request.protocol === 'h2' ? 10 : 50,
			streams: 10,
			duration: Number(seconds),
			serverPid: server.pid,
		};
		const result = await loader.run(job);
		process.stdout.write(
			`${framework} ${measurement}: ${Math.round(result.requests / result.seconds)} req/s, ${result.serverCpu ? Math.round(result.requests / result.serverCpu) : '–'} req per CPU-second (${loader.name})\n`,
		);
	} finally {
		loader.close();
		// Disconnecting makes the server call process.exit(), which writes the profile.
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.disconnect();
		await exited;
	}
	const summary = summarizeProfile(path.join(outDir, name));
	process.stdout.write(
		`\nprofile: ${path.relative(process.cwd(), path.join(outDir, name))} (${summary.totalMs.toFixed(0)} ms of non-idle samples, start-up included)\n`,
	);
	process.stdout.write(`\nself time:\n${summary.self.join('\n')}\n\ninclusive time:\n${summary.inclusive.join('\n')}\n`);
}

main().catch((error) => {
	process.stderr.write(`profile failed: ${error.stack || error}\n`);
	process.exitCode = 1;
});
