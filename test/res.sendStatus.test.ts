/**
 * `res.sendStatus`: the status with its registered message as a text body,
 * or the code number for an unknown code.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/res';

function sendStatusApp(framework: Framework) {
	const app = framework();
	app.all('/:code', (req, res) => {
		res.sendStatus(Number(req.params.code));
	});
	return app;
}

describe('res.sendStatus', () => {
	test('sends the registered message as text/plain', async () => {
		const responses = await differential(sendStatusApp, [{ path: '/200' }, { path: '/201' }, { path: '/404' }, { path: '/418' }, { path: '/500' }]);
		assert.deepEqual(
			responses.map((r) => [r.status, r.body, r.headers['content-type']]),
			[
				[200, 'OK', 'text/plain; charset=utf-8'],
				[201, 'Created', 'text/plain; charset=utf-8'],
				[404, 'Not Found', 'text/plain; charset=utf-8'],
				[418, "I'm a Teapot", 'text/plain; charset=utf-8'],
				[500, 'Internal Server Error', 'text/plain; charset=utf-8'],
			],
		);
		assert.equal(responses[0].headers['content-length'], '2');
	});

	test('an unknown code sends the number itself', async () => {
		const [response] = await differential(sendStatusApp, [{ path: '/299' }]);
		assert.equal(response.status, 299);
		assert.equal(response.body, '299');
	});

	test('204 and 304 send no body and no entity headers; HEAD gets no body', async () => {
		const [noContent, notModified, head] = await differential(sendStatusApp, [{ path: '/204' }, { path: '/304' }, { method: 'HEAD', path: '/404' }]);
		assert.equal(noContent.body, '');
		assert.equal(noContent.headers['content-type'], undefined);
		assert.equal(notModified.status, 304);
		assert.equal(notModified.headers['content-length'], undefined);
		assert.equal(head.status, 404);
		assert.equal(head.headers['content-length'], '9');
		assert.equal(head.body, '');
	});

	test('an invalid code is a 500 through next(err)', async () => {
		const [response] = await differential(sendStatusApp, [{ path: '/1000' }], { env: 'production' });
		assert.equal(response.status, 500);
	});

	test('the type it sets replaces a preset one', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.type('json').sendStatus(400);
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(response.body, 'Bad Request');
	});
});
