import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cors from 'cors';
import { compat, type Framework } from './helpers/compat';

const ALLOWED = ['http://allowed.test', 'http://also.allowed.test'];

/** An origin function as apps write them: an allowlist, and an error for a blocked host. */
function checkOrigin(origin: string | undefined, callback: (err: Error | null, allow?: boolean) => void): void {
	if (origin === 'http://broken.test') callback(new Error('origin lookup failed'));
	else callback(null, origin === undefined || ALLOWED.includes(origin));
}

function plainApp(framework: Framework) {
	const app = framework();
	app.use(cors());
	app.get('/items', (_req, res) => {
		res.setHeader('Content-Type', 'text/plain');
		res.end('items');
	});
	return app;
}

describe('cors on Velox, compared with express@4', () => {
	test('a simple request gets Access-Control-Allow-Origin: *', async () => {
		const { velox } = await compat(plainApp, async (agent) => [
			await agent.get('/items').set('Origin', 'http://any.test'),
			await agent.get('/items'),
			await agent.get('/missing').set('Origin', 'http://any.test'),
		]);
		assert.equal(velox[0].headers['access-control-allow-origin'], '*');
		assert.equal(velox[0].body, 'items');
		assert.equal(velox[2].status, 404);
	});

	test('a preflight is answered 204 with the default methods and the requested headers reflected', async () => {
		const { velox } = await compat(plainApp, async (agent) => [
			await agent
				.options('/items')
				.set('Origin', 'http://any.test')
				.set('Access-Control-Request-Method', 'PUT')
				.set('Access-Control-Request-Headers', 'X-Token, Content-Type'),
		]);
		assert.equal(velox[0].status, 204);
		assert.equal(velox[0].headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE');
		assert.equal(velox[0].headers['access-control-allow-headers'], 'X-Token, Content-Type');
		assert.equal(velox[0].headers['content-length'], '0');
	});

	test('an origin function allowlists, varies on Origin and passes its error to next', async () => {
		const options: cors.CorsOptions = {
			origin: checkOrigin,
			credentials: true,
			exposedHeaders: ['X-Total-Count'],
			maxAge: 600,
			methods: ['GET', 'POST'],
			allowedHeaders: 'Content-Type,Authorization',
		};
		const build = (framework: Framework) => {
			const app = framework();
			app.use(cors(options));
			app.post('/items', (_req, res) => {
				res.statusCode = 201;
				res.setHeader('X-Total-Count', '3');
				res.end('created');
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [
			await agent.post('/items').set('Origin', 'http://allowed.test'),
			await agent.post('/items').set('Origin', 'http://evil.test'),
			await agent.post('/items').set('Origin', 'http://broken.test'),
			await agent.options('/items').set('Origin', 'http://also.allowed.test').set('Access-Control-Request-Method', 'POST'),
			await agent.options('/items').set('Origin', 'http://evil.test').set('Access-Control-Request-Method', 'POST'),
		]);
		assert.equal(velox[0].headers['access-control-allow-origin'], 'http://allowed.test');
		assert.equal(velox[0].headers['access-control-allow-credentials'], 'true');
		assert.equal(velox[0].headers['access-control-expose-headers'], 'X-Total-Count');
		assert.equal(velox[0].headers.vary, 'Origin');
		assert.equal(velox[1].headers['access-control-allow-origin'], undefined);
		assert.equal(velox[2].status, 500);
		assert.equal(velox[3].headers['access-control-max-age'], '600');
		assert.equal(velox[3].headers['access-control-allow-methods'], 'GET,POST');
	});

	test('per-route cors with preflightContinue hands the OPTIONS request to the app', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.options('/items/:id', cors({ origin: 'http://allowed.test', preflightContinue: true }), (req, res) => {
				res.setHeader('X-Preflight-For', req.params.id);
				res.end('continued');
			});
			app.get('/items/:id', cors({ origin: /\.allowed\.test$/ }), (req, res) => {
				res.end('item ' + req.params.id);
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [
			await agent.options('/items/7').set('Origin', 'http://allowed.test').set('Access-Control-Request-Method', 'GET'),
			await agent.get('/items/7').set('Origin', 'http://www.allowed.test'),
			await agent.get('/items/7').set('Origin', 'http://allowed.test.evil'),
		]);
		assert.equal(velox[0].status, 200);
		assert.equal(velox[0].body, 'continued');
		assert.equal(velox[0].headers['x-preflight-for'], '7');
		assert.equal(velox[1].headers['access-control-allow-origin'], 'http://www.allowed.test');
		assert.equal(velox[2].headers['access-control-allow-origin'], undefined);
	});

	test('a typical JSON API behind cors (res.json)', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(cors({ origin: ALLOWED }));
			app.get('/api/items', (_req, res) => {
				res.json([{ id: 1 }, { id: 2 }]);
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [await agent.get('/api/items').set('Origin', 'http://also.allowed.test')]);
		assert.equal(velox[0].headers['content-type'], 'application/json; charset=utf-8');
		assert.equal(velox[0].body, '[{"id":1},{"id":2}]');
	});
});
