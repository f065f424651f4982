// The harness bench/ws.js and bench/sse.js share: one server per child process (this script run
// again with `--serve KIND …`), measured in interleaved rounds, medians reported.
//
// The child sends `{ port }` once listening, answers `start` with `{ started: true }` and `stop`
// with its figures; it exits when its IPC channel closes (`serveUntilDisconnect`).

/** `--name value` from the script's arguments, or `fallback`. */
function option(name, fallback) {
	const args = process.argv.slice(2);
	const index = args.indexOf('--' + name);
	return index === -1 ? fallback : args[index + 1];
}

/** The first message from `child` that has `key`. */
function nextMessage(child, key) {
	return new Promise((resolve) => {
		const onMessage = (message) => {
			if (message && message[key] !== undefined) {
				child.off('message', onMessage);
				resolve(message);
			}
		};
		child.on('message', onMessage);
	});
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * In the child: reports `server`'s port once it listens, the CPU time used between `start` and
 * `stop` (with what `figures()` adds), and exits with the parent. `onStart`/`onStop` reset and
 * freeze the child's own counters.
 */
function serveUntilDisconnect(server, { onStart, onStop, figures }) {
	let cpu;
	process.on('message', (message) => {
		if (message === 'start') {
			onStart();
			cpu = process.cpuUsage();
			process.send({ started: true });
		} else if (message === 'stop') {
			const used = process.cpuUsage(cpu);
			onStop();
			process.send({ ...figures(), cpuSeconds: (used.user + used.system) / 1e6 });
		}
	});
	process.on('disconnect', () => process.exit(0));
	server.once('listening', () => process.send({ port: server.address().port }));
}

/**
 * `rounds` rounds, each measuring every kind once in a rotating order (`measure(kind)`);
 * `describe(kind, result)` is the progress line. Returns the results by kind.
 */
async function interleavedRounds(kinds, rounds, measure, describe) {
	const results = Object.fromEntries(kinds.map((kind) => [kind, []]));
	for (let round = 0; round < rounds; round++) {
		const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]);
		for (const kind of order) {
			const result = await measure(kind);
			results[kind].push(result);
			console.error(`round ${round + 1} ${describe(kind, result)}`);
		}
	}
	return results;
}

module.exports = { option, nextMessage, median, serveUntilDisconnect, interleavedRounds };
