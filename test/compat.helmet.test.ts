import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import helmet from 'helmet';
import { compat, type Framework } from './helpers/compat';

describe('helmet on Velox, compared with express@4', () => {
	test('the default headers are set and X-Powered-By is removed', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(helmet());
			app.get('/', (_req, res) => {
				res.setHeader('Content-Type', 'text/plain');
				res.end('home');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/'), await agent.get('/missing')]);
		const headers = velox[0].headers;
		assert.equal(headers['x-powered-by'], undefined);
		assert.match(String(headers['content-security-policy']), /^default-src 'self';/);
		assert.equal(headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
		assert.equal(headers['x-content-type-options'], 'nosniff');
		assert.equal(headers['x-frame-options'], 'SAMEORIGIN');
		assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
		assert.equal(headers['referrer-policy'], 'no-referrer');
		assert.equal(velox[1].status, 404);
	});

	test('configured directives and disabled headers', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(
				helmet({
					contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'cdn.example.test'], 'upgrade-insecure-requests': null } },
					strictTransportSecurity: false,
					frameguard: { action: 'deny' },
					referrerPolicy: { policy: ['origin', 'unsafe-url'] },
				}),
			);
			app.get('/', (_req, res) => {
				res.end('home');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/')]);
		const headers = velox[0].headers;
		assert.match(String(headers['content-security-policy']), /script-src 'self' cdn\.example\.test/);
		assert.doesNotMatch(String(headers['content-security-policy']), /upgrade-insecure-requests/);
		assert.equal(headers['strict-transport-security'], undefined);
		assert.equal(headers['x-frame-options'], 'DENY');
		assert.equal(headers['referrer-policy'], 'origin,unsafe-url');
	});

	test('helmet headers survive res.send, res.json and res.redirect', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(helmet.hidePoweredBy(), helmet.noSniff(), helmet.frameguard());
			app.get('/html', (_req, res) => {
				res.send('<p>hi</p>');
			});
			app.get('/json', (_req, res) => {
				res.json({ ok: true });
			});
			app.get('/old', (_req, res) => {
				res.redirect(301, '/html');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/html'), await agent.get('/json'), await agent.get('/old')]);
		for (const response of velox) {
			assert.equal(response.headers['x-content-type-options'], 'nosniff');
			assert.equal(response.headers['x-powered-by'], undefined);
		}
		assert.equal(velox[0].body, '<p>hi</p>');
		assert.equal(velox[2].status, 301);
	});
});
