// The app every worker runs: stateless itself, its state in Redis. Sessions go through
// express-session + connect-redis, rate limits through express-rate-limit + rate-limit-redis, so
// any worker (on this machine or another) can answer any request: no sticky sessions.
const { RedisStore: SessionStore } = require('connect-redis');
const session = require('express-session');
const { rateLimit } = require('express-rate-limit');
const { RedisStore: RateLimitStore } = require('rate-limit-redis');
const velox = require('../..');

/**
 * @param {object} options
 * @param {import('redis').RedisClientType} options.redis a connected client of the `redis` package
 * @param {() => boolean} [options.isShuttingDown] readiness answers 503 once this returns true
 * @param {string} [options.secret] signs the session cookie (SESSION_SECRET)
 * @param {number} [options.rateLimit] requests per window and client IP on /limited
 * @param {number} [options.rateWindowMs] the rate limit's window
 */
function createApp(options) {
	const { redis } = options;
	const isShuttingDown = options.isShuttingDown || (() => false);
	const app = velox();
	// Behind nginx or a load balancer, req.ip (and so the rate limit's key) must be the client's
	// address, not the proxy's: say how many proxies to trust (docs/deploying.md).
	if (process.env.TRUST_PROXY) app.set('trust proxy', /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY);

	// Liveness: the process answers. Readiness: it can do its work (Redis answers) and is not stopping.
	app.get('/healthz', (_req, res) => {
		res.type('text').send('ok');
	});
	app.get('/readyz', async (_req, res) => {
		if (isShuttingDown()) return res.status(503).type('text').send('shutting down');
		try {
			await redis.ping();
			res.type('text').send('ready');
		} catch {
			res.status(503).type('text').send('redis unavailable');
		}
	});

	app.use(
		session({
			store: new SessionStore({ client: redis, prefix: 'sess:' }),
			secret: options.secret || process.env.SESSION_SECRET || 'velox cluster example: set SESSION_SECRET',
			resave: false,
			saveUninitialized: false,
			cookie: { httpOnly: true, sameSite: 'lax', maxAge: 24 * 3600 * 1000 },
		}),
	);

	const limiter = rateLimit({
		windowMs: options.rateWindowMs || 60_000,
		limit: options.rateLimit || 100,
		standardHeaders: 'draft-8',
		legacyHeaders: false,
		store: new RateLimitStore({ prefix: 'rl:', sendCommand: (...args) => redis.sendCommand(args) }),
	});

	app.get('/', (_req, res) => {
		res.type('text').send(`Hello from worker ${process.pid}`);
	});

	// A counter in the session: `firstPid` is the worker that created it, `pid` the one answering.
	app.get('/session', (req, res) => {
		req.session.views = (req.session.views || 0) + 1;
		if (req.session.firstPid === undefined) req.session.firstPid = process.pid;
		res.json({ pid: process.pid, views: req.session.views, firstPid: req.session.firstPid });
	});

	app.get('/limited', limiter, (_req, res) => {
		res.json({ pid: process.pid });
	});

	// A slow request, to watch a graceful shutdown let it finish.
	app.get('/slow', async (req, res) => {
		const ms = Math.min(Number(req.query.ms) || 100, 5000);
		await new Promise((resolve) => setTimeout(resolve, ms));
		res.json({ pid: process.pid, waited: ms });
	});

	app.use((err, _req, res, _next) => {
		console.error(err);
		res.status(500).json({ error: 'internal error' });
	});
	return app;
}

module.exports = { createApp };
