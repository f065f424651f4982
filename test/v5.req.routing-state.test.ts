import './helpers/line5';
/**
 * What the router leaves on a Velox 5 request against express@5: `req.next`, `req.baseUrl`,
 * `req.originalUrl`, `req.params`, `req.route`'s path and methods, `req.res`, `res.req`, `res.locals`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

describe('Velox 5 routing state on the request', () => {
	test('top-level and mounted', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			const describeReq = (
				req: Parameters<Parameters<ReturnType<Framework>['get']>[1]>[0],
				res: Parameters<Parameters<ReturnType<Framework>['get']>[1]>[1],
			) => ({
				next: typeof req.next,
				baseUrl: req.baseUrl,
				originalUrl: req.originalUrl,
				url: req.url,
				params: req.params,
				routePath: req.route?.path ?? null,
				routeMethods: req.route ? Object.keys(req.route.methods) : null,
				res: req.res === res,
				req: res.req === req,
				locals: Object.keys(res.locals),
				localsProto: Object.getPrototypeOf(res.locals) === null,
			});
			app.get('/top/:id', (req, res) => res.json(describeReq(req, res)));
			const router = framework.Router();
			router.get('/inner/:name', (req, res) => res.json(describeReq(req, res)));
			app.use('/mount', router);
			app.use((req, res) => res.json(describeReq(req, res)));
			return app;
		};
		const responses = await differential(build, [{ path: '/top/5?x=1' }, { path: '/mount/inner/ada' }, { path: '/fallback' }]);
		assert.deepEqual(JSON.parse(responses[1].body).params, { name: 'ada' });
		assert.equal(JSON.parse(responses[1].body).baseUrl, '/mount');
	});
});
