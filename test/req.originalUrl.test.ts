import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, reply } from './helpers/req-util';

test('req.originalUrl keeps the full URL with its query while req.url is stripped in mounted middleware', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const admin = framework.Router();
			admin.get('/users/:id', (req, res) => reply(res, { value: [req.originalUrl, req.url, req.baseUrl + req.url] }));
			app.use('/admin', admin);
			app.use((req, res) => reply(res, { value: [req.originalUrl, req.url] }));
			return app;
		},
		[{ path: '/admin/users/1?sort=desc' }, { path: '/plain?a=1&b=%20' }, { path: '/ADMIN/users/2' }],
	);
	assert.deepEqual(values, [
		{ value: ['/admin/users/1?sort=desc', '/users/1?sort=desc', '/admin/users/1?sort=desc'] },
		{ value: ['/plain?a=1&b=%20', '/plain?a=1&b=%20'] },
		{ value: ['/ADMIN/users/2', '/users/2', '/ADMIN/users/2'] },
	]);
});

test('req.originalUrl is not changed when middleware rewrites req.url', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				req.url = '/rewritten';
				next();
			});
			app.get('/rewritten', (req, res) => reply(res, { value: [req.originalUrl, req.url] }));
			return app;
		},
		[{ path: '/start?x=1' }],
	);
	assert.deepEqual(values, [{ value: ['/start?x=1', '/rewritten'] }]);
});
