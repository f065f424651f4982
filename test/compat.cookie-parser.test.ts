import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import cookieParser from 'cookie-parser';
import cookieSignature from 'cookie-signature';
import { compat, type Framework } from './helpers/compat';

type CookieRequest = IncomingMessage & { cookies?: unknown; signedCookies?: unknown; secret?: unknown };

/** Echoes what cookie-parser put on the request. */
function echoCookies(req: IncomingMessage, res: ServerResponse): void {
	const parsed = req as CookieRequest;
	res.setHeader('Content-Type', 'application/json');
	res.end(JSON.stringify({ cookies: parsed.cookies, signedCookies: parsed.signedCookies, hasSecret: parsed.secret !== undefined }));
}

function echoApp(secret?: string | string[]) {
	return (framework: Framework) => {
		const app = framework();
		app.use(cookieParser(secret));
		app.get('/echo', echoCookies);
		return app;
	};
}

describe('cookie-parser on Velox, compared with express@4', () => {
	test('plain and JSON cookies are read into req.cookies', async () => {
		const { velox } = await compat(echoApp(), async (agent) => [
			await agent.get('/echo').set('Cookie', 'name=tobi; theme=dark%20blue; prefs=j%3A%7B%22a%22%3A1%7D'),
			await agent.get('/echo'),
		]);
		assert.deepEqual(JSON.parse(velox[0].body), {
			cookies: { name: 'tobi', theme: 'dark blue', prefs: { a: 1 } },
			signedCookies: {},
			hasSecret: false,
		});
		assert.deepEqual(JSON.parse(velox[1].body).cookies, {});
	});

	test('signed cookies are verified into req.signedCookies, tampered ones are false', async () => {
		const good = 's:' + cookieSignature.sign('admin', 'keyboard cat');
		const rotated = 's:' + cookieSignature.sign('old', 'previous secret');
		const { velox } = await compat(echoApp(['keyboard cat', 'previous secret']), async (agent) => [
			await agent.get('/echo').set('Cookie', `role=${encodeURIComponent(good)}; legacy=${encodeURIComponent(rotated)}; forged=s%3Aadmin.bad; plain=1`),
		]);
		assert.deepEqual(JSON.parse(velox[0].body), {
			cookies: { plain: '1' },
			signedCookies: { role: 'admin', legacy: 'old', forged: false },
			hasSecret: true,
		});
	});

	test('res.cookie with signed: true round-trips through req.signedCookies (uses req.secret)', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(cookieParser('keyboard cat'));
			app.get('/login', (_req, res) => {
				res.cookie('user', 'tobi', { signed: true, httpOnly: true, path: '/' });
				res.cookie('cart', { items: [1, 2] }, { signed: true });
				res.cookie('theme', 'dark', { maxAge: 60_000 });
				res.end('set');
			});
			app.get('/logout', (_req, res) => {
				res.clearCookie('user');
				res.end('cleared');
			});
			app.get('/echo', echoCookies);
			return app;
		};
		const { velox } = await compat(
			build,
			async (agent) => [await agent.get('/login'), await agent.get('/echo'), await agent.get('/logout'), await agent.get('/echo')],
			{
				// res.cookie's Expires is computed from the clock at the moment of the call.
				scrub: [[/Expires=[^;]+/g, 'Expires=<date>']],
			},
		);
		const setCookie = velox[0].headers['set-cookie'] as string[];
		assert.equal(setCookie[0], 'user=' + encodeURIComponent('s:' + cookieSignature.sign('tobi', 'keyboard cat')) + '; Path=/; HttpOnly');
		assert.deepEqual(JSON.parse(velox[1].body), {
			cookies: { theme: 'dark' },
			signedCookies: { user: 'tobi', cart: { items: [1, 2] } },
			hasSecret: true,
		});
		assert.deepEqual(JSON.parse(velox[3].body).signedCookies, { cart: { items: [1, 2] } });
	});

	test('res.cookie with signed: true and no secret fails as in Express', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(cookieParser());
			app.get('/', (_req, res) => {
				res.cookie('user', 'tobi', { signed: true });
				res.end('unreachable');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/')]);
		assert.equal(velox[0].status, 500);
		assert.match(velox[0].body, /cookieParser\(&quot;secret&quot;\) required for signed cookies/);
	});
});
