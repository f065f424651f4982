import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, reply } from './helpers/req-util';

test('req.path is the pathname of the URL, without the query', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, res) => reply(res, { value: req.path }));
			return app;
		},
		[
			{ path: '/users/1?sort=desc' },
			{ path: '/a%20b/c?x#y' },
			{ path: '/' },
			{ path: '/a//b/../c' },
			{ path: 'http://example.com/abs/path?q=1' },
			{ path: '/?' },
		],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		['/users/1', '/a%20b/c', '/', '/a//b/../c', '/abs/path', '/'],
	);
});

test('req.path inside mounted middleware does not include the mount point', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const router = framework.Router();
			router.use((req, res) => reply(res, { value: [req.path, req.baseUrl] }));
			app.use('/api/:version', router);
			return app;
		},
		[{ path: '/api/v1/items/3?full=1' }, { path: '/api/v2' }],
	);
	assert.deepEqual(values, [{ value: ['/items/3', '/api/v1'] }, { value: ['/', '/api/v2'] }]);
});

test('req.path follows a rewrite of req.url', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, res) => {
				const before = req.path;
				req.url = '/rewritten?x=1';
				const after = req.path;
				req.url = '?only-query';
				reply(res, { value: [before, after, req.path] });
			});
			return app;
		},
		[{ path: '/original' }],
	);
	assert.deepEqual(values, [{ value: ['/original', '/rewritten', null] }]);
});

test('req.path is a getter: assignment throws in strict code and is ignored in sloppy code', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, res) => {
				let strict = 'no error';
				try {
					(req as any).path = '/assigned';
				} catch (err) {
					strict = (err as Error).name;
				}
				const sloppy = new Function('req', "req.path = '/assigned'; return req.path;")(req);
				reply(res, { value: [strict, sloppy, req.path] });
			});
			return app;
		},
		[{ path: '/real' }],
	);
	assert.deepEqual(values, [{ value: ['TypeError', '/real', '/real'] }]);
});
