import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import session from 'express-session';
import { compat, type Framework } from './helpers/compat';

interface User {
	id: number;
	username: string;
	password: string;
}

/** The user passport keeps on the request: what `deserializeUser` gives. */
interface SessionUser {
	id: number;
	username: string;
}

// passport and passport-local ship no types and @types/passport is not installed: the few members used are typed here.
type Done = (err: unknown, user?: SessionUser | false, info?: { message: string }) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
interface PassportInstance {
	use(strategy: unknown): void;
	serializeUser(fn: (user: SessionUser, done: (err: unknown, id?: number) => void) => void): void;
	deserializeUser(fn: (id: number, done: (err: unknown, user?: SessionUser | false) => void) => void): void;
	initialize(): Middleware;
	session(): Middleware;
	authenticate(strategy: string, options?: object | Done): Middleware;
}
/** The members passport adds to the request (`req.logIn`, `req.user`, …). */
interface AuthRequest extends IncomingMessage {
	user?: SessionUser;
	logIn(user: SessionUser, callback: (err?: unknown) => void): void;
	logout(callback: (err?: unknown) => void): void;
	isAuthenticated(): boolean;
}
function asAuth(req: unknown): AuthRequest {
	return req as AuthRequest;
}
const { Passport } = require('passport') as { Passport: new () => PassportInstance };
const { Strategy: LocalStrategy } = require('passport-local') as {
	Strategy: new (verify: (username: string, password: string, done: Done) => void) => unknown;
};

const USERS: User[] = [
	{ id: 1, username: 'tobi', password: 'ferret' },
	{ id: 2, username: 'loki', password: 'dog' },
];

const SCRUB: [RegExp, string][] = [[/connect\.sid=s%3A[\w-]+\.[\w%+/-]+/g, 'connect.sid=<signed sid>']];

/** A login app as the passport-local guide writes it; one Passport instance per app. */
function loginApp(framework: Framework) {
	const passport = new Passport();
	passport.use(
		new LocalStrategy((username, password, done) => {
			const user = USERS.find((candidate) => candidate.username === username);
			if (!user) return done(null, false, { message: 'Unknown user' });
			if (user.password !== password) return done(null, false, { message: 'Wrong password' });
			return done(null, { id: user.id, username: user.username });
		}),
	);
	passport.serializeUser((user, done) => done(null, user.id));
	passport.deserializeUser((id, done) => {
		const user = USERS.find((candidate) => candidate.id === id);
		done(null, user ? { id: user.id, username: user.username } : false);
	});

	const app = framework();
	app.use(framework.urlencoded({ extended: false }));
	app.use(framework.json());
	app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store: new session.MemoryStore() }));
	app.use(passport.initialize());
	app.use(passport.session());

	app.post('/login', passport.authenticate('local', { successRedirect: '/me', failureRedirect: '/login?failed=1' }));
	app.post('/api/login', passport.authenticate('local'), (req, res) => {
		res.setHeader('Content-Type', 'application/json');
		res.end(JSON.stringify({ user: asAuth(req).user }));
	});
	app.post('/custom', (req, res, next) => {
		passport.authenticate('local', (err, user, info) => {
			if (err) return next(err);
			if (!user) {
				res.statusCode = 403;
				return res.end('denied: ' + info?.message);
			}
			asAuth(req).logIn(user, (loginError) => {
				if (loginError) return next(loginError);
				res.end('welcome ' + user.username);
			});
		})(req, res, next);
	});
	app.get('/me', (req, res) => {
		const auth = asAuth(req);
		if (!auth.isAuthenticated() || !auth.user) {
			res.statusCode = 401;
			return res.end('anonymous');
		}
		res.end('hello ' + auth.user.username + ' #' + auth.user.id);
	});
	app.post('/logout', (req, res, next) => {
		const auth = asAuth(req);
		auth.logout((err) => {
			if (err) return next(err);
			res.end('logged out: ' + String(auth.isAuthenticated()));
		});
	});
	return app;
}

describe('passport with passport-local on Velox, compared with express@4', () => {
	test('a form login (urlencoded) redirects, and the user is deserialized from the session', async () => {
		const { velox } = await compat(
			loginApp,
			async (agent) => [
				await agent.get('/me'),
				await agent.post('/login').type('form').send({ username: 'tobi', password: 'nope' }),
				await agent.get('/me'),
				await agent.post('/login').type('form').send({ username: 'tobi', password: 'ferret' }),
				await agent.get('/me'),
			],
			{ scrub: SCRUB },
		);
		assert.equal(velox[0].status, 401);
		assert.equal(velox[1].status, 302);
		assert.equal(velox[1].headers.location, '/login?failed=1');
		assert.equal(velox[3].headers.location, '/me');
		assert.deepEqual(velox[3].headers['set-cookie'], ['connect.sid=<signed sid>; Path=/; HttpOnly']);
		assert.equal(velox[4].body, 'hello tobi #1');
	});

	test('a JSON login sets req.user; a failed one is 401 Unauthorized', async () => {
		const { velox } = await compat(
			loginApp,
			async (agent) => [
				await agent.post('/api/login').send({ username: 'loki', password: 'cat' }),
				await agent.post('/api/login').send({ username: 'loki', password: 'dog' }),
				await agent.get('/me'),
				await agent.post('/api/login').send({}),
				await agent.post('/api/login').set('Content-Type', 'application/json').send('{"username":'),
			],
			{ scrub: SCRUB },
		);
		assert.equal(velox[0].status, 401);
		assert.equal(velox[0].body, 'Unauthorized');
		assert.equal(velox[1].body, '{"user":{"id":2,"username":"loki"}}');
		assert.equal(velox[2].body, 'hello loki #2');
		assert.equal(velox[3].status, 400);
		// The body parser's error reaches the final handler before passport runs.
		assert.equal(velox[4].status, 400);
		assert.match(velox[4].body, /SyntaxError/);
	});

	test('req.logIn from a custom callback and req.logout end the login session', async () => {
		const { velox } = await compat(
			loginApp,
			async (agent) => [
				await agent.post('/custom').type('form').send({ username: 'ghost', password: 'x' }),
				await agent.post('/custom').type('form').send({ username: 'tobi', password: 'ferret' }),
				await agent.get('/me'),
				await agent.post('/logout'),
				await agent.get('/me'),
			],
			{ scrub: SCRUB },
		);
		assert.deepEqual(
			velox.map((response) => response.status + ' ' + response.body),
			['403 denied: Unknown user', '200 welcome tobi', '200 hello tobi #1', '200 logged out: false', '401 anonymous'],
		);
	});

	test('login routes in a mounted sub-app and router share the parent session and req.user', async () => {
		const build = (framework: Framework) => {
			const passport = new Passport();
			passport.use(
				new LocalStrategy((username, password, done) => {
					const user = USERS.find((candidate) => candidate.username === username && candidate.password === password);
					done(null, user ? { id: user.id, username: user.username } : false);
				}),
			);
			passport.serializeUser((user, done) => done(null, user.id));
			passport.deserializeUser((id, done) => done(null, { id, username: USERS.find((candidate) => candidate.id === id)?.username ?? '?' }));
			const app = framework();
			app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store: new session.MemoryStore() }));
			app.use(passport.initialize(), passport.session());
			const account = framework();
			account.use(framework.urlencoded({ extended: true }));
			account.post('/login', passport.authenticate('local', { successRedirect: '/account/me', failureRedirect: '/account/login' }));
			const api = framework.Router();
			api.get('/me', (req, res) => {
				const user = asAuth(req).user;
				res.end((req.baseUrl as string) + ' ' + (user ? user.username : 'anonymous'));
			});
			account.use(api);
			app.use('/account', account);
			return app;
		};
		const { velox } = await compat(
			build,
			async (agent) => [
				await agent.get('/account/me'),
				await agent.post('/account/login').type('form').send('username=loki&password=dog'),
				await agent.get('/account/me'),
			],
			{ scrub: SCRUB },
		);
		assert.equal(velox[0].body, '/account anonymous');
		assert.equal(velox[1].headers.location, '/account/me');
		assert.equal(velox[2].body, '/account loki');
	});
});
