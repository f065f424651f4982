import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { observeBoth, reply } from './helpers/req-util';

test('req.baseUrl is the matched mount path, not the pattern', async () => {
	const app = velox();
	const router = velox.Router();
	router.get('/profile', (req, res) => res.end(req.baseUrl));
	app.use('/users/:id', router);
	const response = await request(app).get('/users/42/profile');
	assert.equal(response.text, '/users/42');
});

test('req.baseUrl is empty at the top level and restored after a mounted router', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const outer = framework.Router();
			const inner = framework.Router();
			const seen: string[] = [];
			app.use((req, _res, next) => {
				seen.length = 0;
				seen.push(req.baseUrl);
				next();
			});
			inner.use((req, _res, next) => {
				seen.push(req.baseUrl);
				next();
			});
			outer.use('/inner', inner);
			outer.use((req, _res, next) => {
				seen.push(req.baseUrl);
				next();
			});
			app.use(['/a', '/b/:x'], outer);
			app.use((req, res) => {
				seen.push(req.baseUrl);
				reply(res, { value: seen });
			});
			return app;
		},
		[{ path: '/a/inner/z' }, { path: '/b/7/inner' }, { path: '/A/x' }, { path: '/nowhere' }],
	);
	assert.deepEqual(values, [{ value: ['', '/a/inner', '/a', ''] }, { value: ['', '/b/7/inner', '/b/7', ''] }, { value: ['', '/A', ''] }, { value: ['', ''] }]);
});
