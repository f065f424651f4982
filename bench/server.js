// One benchmark server process: `node bench/server.js <family> <module> <group-json> <fixtures-dir>`.
// Tells the parent its port over IPC once listening, and exits when the parent goes away, so a
// crashed or killed run never leaves servers behind.

const [family, modulePath, groupJson, fixturesDir] = process.argv.slice(2);
const group = JSON.parse(groupJson);

process.on('disconnect', () => process.exit(0));

try {
	const { start } = require(`./apps/${family}.js`);
	const server = start(modulePath, group, { dir: fixturesDir }, (port) => {
		process.send({ type: 'ready', port });
	});
	server.on('error', (error) => {
		process.send({ type: 'error', message: error.message });
		process.exit(1);
	});
} catch (error) {
	process.send({ type: 'error', message: String(error && error.message ? error.message : error) }, () => process.exit(1));
}
