import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import session from 'express-session';
import { compat, type Framework } from './helpers/compat';

declare module 'express-session' {
	interface SessionData {
		views: number;
		user: string;
	}
}

// Session ids are random: compare the cookie's shape, not its value.
const SCRUB: [RegExp, string][] = [
	[/connect\.sid=s%3A[\w-]+\.[\w%+/-]+/g, 'connect.sid=<signed sid>'],
	[/Expires=[^;]+/g, 'Expires=<date>'],
];

function counterApp(options: Partial<session.SessionOptions> = {}) {
	return (framework: Framework) => {
		const app = framework();
		app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store: new session.MemoryStore(), ...options }));
		app.get('/count', (req, res) => {
			req.session.views = (req.session.views ?? 0) + 1;
			res.end('views: ' + req.session.views);
		});
		app.get('/peek', (req, res) => {
			res.end('views: ' + (req.session.views ?? 0));
		});
		return app;
	};
}

describe('express-session on Velox, compared with express@4', () => {
	test('a counter survives across requests through the session cookie (MemoryStore)', async () => {
		const { velox } = await compat(
			counterApp({ cookie: { maxAge: 60_000, sameSite: 'lax' } }),
			async (agent) => [await agent.get('/peek'), await agent.get('/count'), await agent.get('/count'), await agent.get('/count'), await agent.get('/peek')],
			{ scrub: SCRUB },
		);
		assert.deepEqual(
			velox.map((response) => response.body),
			['views: 0', 'views: 1', 'views: 2', 'views: 3', 'views: 3'],
		);
		assert.equal(velox[0].headers['set-cookie'], undefined);
		assert.deepEqual(velox[1].headers['set-cookie'], ['connect.sid=<signed sid>; Path=/; Expires=<date>; HttpOnly; SameSite=Lax']);
	});

	test('a Secure cookie is only set over a secure request: req.secure with trust proxy and X-Forwarded-Proto', async () => {
		const build = (framework: Framework) => {
			const app = counterApp({ cookie: { secure: true } })(framework);
			app.set('trust proxy', 1);
			return app;
		};
		const { velox } = await compat(
			build,
			async (agent) => [
				await agent.get('/count'),
				await agent.get('/count').set('X-Forwarded-Proto', 'https'),
				await agent.get('/count').set('X-Forwarded-Proto', 'http'),
			],
			{ scrub: SCRUB },
		);
		assert.equal(velox[0].headers['set-cookie'], undefined);
		assert.deepEqual(velox[1].headers['set-cookie'], ['connect.sid=<signed sid>; Path=/; HttpOnly; Secure']);
		// The cookie the client keeps is Secure, so it is not sent back over http: a new session each time.
		assert.equal(velox[2].body, 'views: 1');
	});

	test('the cookie path is matched against req.originalUrl inside a mounted router', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const router = framework.Router();
			router.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, store: new session.MemoryStore(), cookie: { path: '/shop' } }));
			router.get('/cart', (req, res) => {
				req.session.views = (req.session.views ?? 0) + 1;
				res.end('cart ' + req.session.views);
			});
			router.get('/info', (req, res) => {
				res.end('session ' + typeof req.session);
			});
			app.use('/shop', router);
			app.use('/blog', router);
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/shop/cart'), await agent.get('/shop/cart'), await agent.get('/blog/info')], {
			scrub: SCRUB,
		});
		assert.equal(velox[1].body, 'cart 2');
		assert.deepEqual(velox[0].headers['set-cookie'], ['connect.sid=<signed sid>; Path=/shop; HttpOnly']);
		assert.equal(velox[2].body, 'session undefined');
	});

	test('regenerate and destroy, with rolling cookies', async () => {
		const build = (framework: Framework) => {
			const app = counterApp({ rolling: true, cookie: { maxAge: 60_000 } })(framework);
			app.get('/login', (req, res, next) => {
				req.session.regenerate((err) => {
					if (err) return next(err);
					req.session.user = 'tobi';
					res.end('logged in');
				});
			});
			app.get('/whoami', (req, res) => {
				res.end('user ' + (req.session.user ?? 'nobody') + ', views ' + (req.session.views ?? 0));
			});
			app.get('/logout', (req, res, next) => {
				req.session.destroy((err) => {
					if (err) return next(err);
					res.end('bye');
				});
			});
			return app;
		};
		const { velox } = await compat(
			build,
			async (agent) => [
				await agent.get('/count'),
				await agent.get('/login'),
				await agent.get('/whoami'),
				await agent.get('/logout'),
				await agent.get('/whoami'),
			],
			{ scrub: SCRUB },
		);
		assert.deepEqual(
			velox.map((response) => response.body),
			['views: 1', 'logged in', 'user tobi, views 0', 'bye', 'user nobody, views 0'],
		);
		assert.ok(velox[2].headers['set-cookie'], 'rolling: the cookie is set again on every response');
	});

	test('a session read by res.json and res.redirect handlers', async () => {
		const build = (framework: Framework) => {
			const app = counterApp()(framework);
			app.get('/state', (req, res) => {
				res.json({ views: req.session.views ?? 0, id: typeof req.sessionID });
			});
			app.get('/again', (req, res) => {
				req.session.views = (req.session.views ?? 0) + 10;
				res.redirect('/state');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/again'), await agent.get('/state')], { scrub: SCRUB });
		assert.equal(velox[0].status, 302);
		assert.equal(velox[1].body, '{"views":10,"id":"string"}');
	});
});
