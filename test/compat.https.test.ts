import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import { before, describe, test } from 'node:test';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import helmet from 'helmet';
import { compat, type Framework } from './helpers/compat';
import { hasOpenssl, NO_OPENSSL, selfSigned } from './helpers/tls';

declare module 'express-session' {
	interface SessionData {
		views: number;
	}
}

const SKIP = NO_OPENSSL;

let key: Buffer;
let cert: Buffer;

// A self-signed certificate for this run only, valid for the address supertest connects to.
before(() => {
	if (!hasOpenssl) return;
	({ key, cert } = selfSigned());
});

/** An app that reports what it knows of the connection. */
function describeApp(framework: Framework) {
	const app = framework();
	app.get('/whoami', (req, res) => {
		res.json({ protocol: req.protocol, secure: req.secure, hostname: req.hostname, originalUrl: req.originalUrl, encrypted: 'encrypted' in req.socket });
	});
	app.get('/go', (_req, res) => {
		res.redirect('/whoami');
	});
	return app;
}

describe('serving through http.createServer and https.createServer, compared with express@4', () => {
	test('http.createServer(app): req.protocol is http, req.secure false', async () => {
		const { velox } = await compat(
			(framework) => http.createServer(describeApp(framework)),
			async (agent) => [await agent.get('/whoami?x=1'), await agent.get('/go')],
		);
		assert.deepEqual(JSON.parse(velox[0].body), { protocol: 'http', secure: false, hostname: '127.0.0.1', originalUrl: '/whoami?x=1', encrypted: false });
		assert.equal(velox[1].headers.location, '/whoami');
	});

	test('https.createServer({ key, cert }, app): req.protocol is https, req.secure true', { skip: SKIP }, async () => {
		const { velox } = await compat(
			(framework) => https.createServer({ key, cert }, describeApp(framework)),
			async (agent) => [await agent.get('/whoami').ca(cert), await agent.get('/go').ca(cert)],
		);
		assert.deepEqual(JSON.parse(velox[0].body), { protocol: 'https', secure: true, hostname: '127.0.0.1', originalUrl: '/whoami', encrypted: true });
		assert.equal(velox[1].status, 302);
	});

	test('over https, trust proxy does not turn a TLS connection into http', { skip: SKIP }, async () => {
		const { velox } = await compat(
			(framework) => {
				const app = describeApp(framework);
				app.set('trust proxy', 'loopback');
				return https.createServer({ key, cert }, app);
			},
			async (agent) => [
				await agent.get('/whoami').ca(cert),
				await agent.get('/whoami').ca(cert).set('X-Forwarded-Proto', 'http').set('X-Forwarded-Host', 'proxy.test'),
			],
		);
		assert.equal(JSON.parse(velox[0].body).protocol, 'https');
		assert.deepEqual(JSON.parse(velox[1].body), { protocol: 'http', secure: false, hostname: 'proxy.test', originalUrl: '/whoami', encrypted: true });
	});

	test('a Secure session cookie is set over https without trust proxy (req.connection.encrypted)', { skip: SKIP }, async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, store: new session.MemoryStore(), cookie: { secure: true } }));
			app.get('/', (req, res) => {
				res.send('secure: ' + String(req.secure));
			});
			return https.createServer({ key, cert }, app);
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/').ca(cert)], {
			scrub: [[/connect\.sid=s%3A[\w-]+\.[\w%+/-]+/g, 'connect.sid=<signed sid>']],
		});
		assert.equal(velox[0].body, 'secure: true');
		assert.deepEqual(velox[0].headers['set-cookie'], ['connect.sid=<signed sid>; Path=/; HttpOnly; Secure']);
	});

	test('app.listen(0) serves a middleware stack (helmet, cookie-parser, session, compression) as express does', async () => {
		const servers: http.Server[] = [];
		const build = (framework: Framework) => {
			const app = framework();
			app.use(helmet(), cookieParser('keyboard cat'), compression());
			app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store: new session.MemoryStore() }));
			app.get('/visit', (req, res) => {
				req.session.views = (req.session.views ?? 0) + 1;
				res.cookie('last', 'visit', { signed: true });
				res.send('visit ' + req.session.views + ' ' + 'x'.repeat(2000) + ' ' + req.signedCookies.last);
			});
			// app.listen: Velox builds requests and responses with its own classes there.
			const server = app.listen(0, '127.0.0.1');
			servers.push(server);
			return server;
		};
		try {
			const { velox } = await compat(
				build,
				async (agent) => [await agent.get('/visit').set('Accept-Encoding', 'gzip'), await agent.get('/visit').set('Accept-Encoding', 'gzip')],
				{ scrub: [[/connect\.sid=s%3A[\w-]+\.[\w%+/-]+/g, 'connect.sid=<signed sid>']] },
			);
			assert.equal(velox[1].headers['content-encoding'], 'gzip');
			assert.match(velox[1].body, /^visit 2 x+ visit$/);
		} finally {
			for (const server of servers) {
				server.closeAllConnections();
				await new Promise((resolve) => server.close(resolve));
			}
		}
	});
});
