/**
 * `res.type` / `res.contentType`: a value with `/` as is, otherwise an
 * extension looked up with `velox.static.mime` (mime@1, as express@4's send).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { differential, type Framework } from './helpers/res';

function typeApp(framework: Framework) {
	const app = framework();
	app.get('/', (req, res) => {
		res.type(String(req.query.type)).end();
	});
	app.get('/alias', (req, res) => {
		res.contentType(String(req.query.type)).end();
	});
	return app;
}

describe('res.type', () => {
	test('extensions (with or without a dot, or a file name) are looked up', async () => {
		const inputs = ['json', '.html', 'png', 'txt', 'js', 'foo.css', 'some/dir/file.SVG', 'unknownext', ''];
		const responses = await differential(
			typeApp,
			inputs.map((type) => ({ path: '/?type=' + encodeURIComponent(type) })),
		);
		assert.deepEqual(
			responses.map((r) => r.headers['content-type']),
			[
				'application/json; charset=utf-8',
				'text/html; charset=utf-8',
				'image/png',
				'text/plain; charset=utf-8',
				'application/javascript; charset=utf-8',
				'text/css; charset=utf-8',
				'some/dir/file.SVG',
				'application/octet-stream',
				'application/octet-stream',
			],
		);
	});

	test('a MIME type is used as is (charset added where mime knows one)', async () => {
		const responses = await differential(typeApp, [
			{ path: '/?type=' + encodeURIComponent('application/vnd.x+json') },
			{ path: '/?type=' + encodeURIComponent('text/plain; charset=latin1') },
		]);
		assert.equal(responses[0].headers['content-type'], 'application/vnd.x+json');
		assert.equal(responses[1].headers['content-type'], 'text/plain; charset=latin1');
	});

	test('res.contentType is the same function', async () => {
		assert.equal(velox.response.contentType, velox.response.type);
		const [response] = await differential(typeApp, [{ path: '/alias?type=xml' }]);
		assert.equal(response.headers['content-type'], 'application/xml');
	});

	test('types defined on velox.static.mime are used', async () => {
		const mime = velox.static.mime as { define(map: Record<string, string[]>): void };
		mime.define({ 'application/x-velox-test': ['veloxtest'] });
		const [response] = await differential(typeApp, [{ path: '/?type=veloxtest' }]);
		assert.equal(response.headers['content-type'], 'application/x-velox-test');
	});

	test('a non-string type throws (a 500 via next(err)), as Express', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					(res.type as (type: unknown) => unknown)(undefined);
					res.end();
				}),
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
	});
});
