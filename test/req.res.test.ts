import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { observeBoth, reply } from './helpers/req-util';

test('req.res is the response of the request, and res.req points back', async () => {
	const app = velox();
	app.get('/', (req, res) => res.end(String(req.res === res) + ' ' + String((res as any).req === req)));
	assert.equal((await request(app).get('/')).text, 'true true');
});

test('req.res is the same response inside a mounted sub-app', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const sub = framework();
			sub.get('/', (req, res) => reply(res, { value: req.res === res }));
			app.use('/sub', sub);
			return app;
		},
		[{ path: '/sub' }],
	);
	assert.deepEqual(values, [{ value: true }]);
});
