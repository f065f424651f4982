// Graceful shutdown of one HTTP server: stop accepting connections, close idle keep-alive
// connections, let requests in flight finish, and cut whatever is left after a deadline.

/**
 * Resolves `true` when every connection ended in time, `false` when the deadline cut some.
 * (When Velox's own shutdown API lands, worker.js's one `stop` line calls it instead.)
 * @param {import('node:http').Server} server
 * @param {number} deadlineMs
 */
function closeWithDeadline(server, deadlineMs) {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			server.closeAllConnections();
			resolve(false);
		}, deadlineMs);
		timer.unref();
		server.close(() => {
			clearTimeout(timer);
			resolve(true);
		});
		// Idle keep-alive connections would hold close() open until they time out.
		server.closeIdleConnections();
		// A connection that finishes its request while we wait must not be kept alive either.
		server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
	});
}

module.exports = { closeWithDeadline };
