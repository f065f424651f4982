// The demo app that `npm start` serves (port 3000; PORT overrides).
const { createApp } = require('./app');

const port = Number(process.env.PORT) || 3000;
const server = createApp().listen(port, () => {
	console.log('Velox demo listening on http://localhost:' + server.address().port);
});

// Ctrl-C or a container's SIGTERM: stop accepting, let requests in flight finish.
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.once(signal, () => {
		server.close(() => process.exit(0));
		server.closeIdleConnections();
		setTimeout(() => process.exit(1), 5000).unref();
	});
}
