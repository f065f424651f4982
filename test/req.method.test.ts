import assert from 'node:assert/strict';
import { test } from 'node:test';
import { differential } from './helpers/differential';
import { reply } from './helpers/req-util';

test('req.method is the request method, HEAD included when routed to a GET handler', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				res.setHeader('X-Method', req.method);
				reply(res, req.method);
			});
			app.use((req, res) => {
				res.setHeader('X-Method', req.method);
				reply(res, req.method);
			});
			return app;
		},
		[{ path: '/' }, { method: 'HEAD', path: '/' }, { method: 'POST', path: '/' }, { method: 'PURGE', path: '/x' }, { method: 'OPTIONS', path: '/x' }],
	);
	assert.deepEqual(
		responses.map((response) => response.headers['x-method']),
		['GET', 'HEAD', 'POST', 'PURGE', 'OPTIONS'],
	);
	assert.equal(responses[1].body, '');
});
