// PM2: the same app on every core, PM2 being the primary (`pm2 start examples/cluster/ecosystem.config.js`).
// worker.js sends 'ready' when it listens (wait_ready) and closes gracefully on SIGINT, which PM2
// sends before SIGKILL after kill_timeout: keep kill_timeout above SHUTDOWN_DEADLINE_MS.
module.exports = {
	apps: [
		{
			name: 'velox-cluster',
			script: './worker.js',
			cwd: __dirname,
			exec_mode: 'cluster',
			instances: 'max',
			wait_ready: true,
			listen_timeout: 10_000,
			kill_timeout: 15_000,
			max_memory_restart: '512M',
			env: {
				NODE_ENV: 'production',
				PORT: 3000,
				REDIS_URL: 'redis://127.0.0.1:6379',
				SHUTDOWN_DEADLINE_MS: 10_000,
			},
		},
	],
};
