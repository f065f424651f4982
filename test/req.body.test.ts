import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, reply } from './helpers/req-util';

test('req.body is undefined until a body parser sets it', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.post('/', (req, res) => reply(res, { value: [req.body, 'body' in req] }));
			return app;
		},
		[{ method: 'POST', path: '/', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' }],
	);
	assert.deepEqual(values, [{ value: [undefined, false] }]);
});

test('req.body set by middleware is seen by later handlers', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				req.body = { parsed: true };
				next();
			});
			app.use((req, _res, next) => {
				req.body.more = 1;
				next();
			});
			app.post('/', (req, res) => reply(res, { value: req.body }));
			return app;
		},
		[{ method: 'POST', path: '/', body: 'x' }],
	);
	assert.deepEqual(values, [{ value: { parsed: true, more: 1 } }]);
});
