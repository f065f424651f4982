import './helpers/line5';
/**
 * Velox 5's `res.send`, `res.json` and `res.jsonp` against express@5: a number is sent as JSON
 * (the `res.send(status)` form is gone), the two-argument forms are gone (a second argument is
 * ignored), any ArrayBuffer view is sent as bytes, `res.send(null)` leaves the Content-Type as it
 * is, and Content-Length stays out beside a Transfer-Encoding.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

type Loose = (...args: unknown[]) => unknown;

describe('Velox 5 res.send, res.json, res.jsonp', () => {
	const build = (framework: Framework) => {
		const app = framework();
		app.get('/number', (_req, res) => res.send(404));
		app.get('/body-status', (_req, res) => (res.send as Loose).call(res, 'hello', 201));
		app.get('/status-body', (_req, res) => (res.send as Loose).call(res, 201, 'hello'));
		app.get('/json-status', (_req, res) => (res.json as Loose).call(res, { a: 1 }, 201));
		app.get('/json-number-first', (_req, res) => (res.json as Loose).call(res, 201, { a: 1 }));
		app.get('/jsonp-status', (_req, res) => (res.jsonp as Loose).call(res, { a: 1 }, 201));
		app.get('/uint8', (_req, res) => res.send(new Uint8Array([104, 105])));
		app.get('/uint8-large', (_req, res) => res.send(new Uint8Array(1500).fill(65)));
		app.get('/uint16', (_req, res) => res.send(new Uint16Array([0x6968])));
		app.get('/uint8-typed', (_req, res) => res.type('txt').send(new Uint8Array([104, 105])));
		app.get('/null', (_req, res) => {
			res.setHeader('Content-Type', 'text/plain');
			res.send(null);
		});
		app.get('/transfer-encoding', (_req, res) => res.set('Transfer-Encoding', 'chunked').send('chunked body'));
		app.get('/boolean', (_req, res) => res.send(true));
		return app;
	};

	test('every form answers as express@5 does', async () => {
		const paths = [
			'/number',
			'/body-status',
			'/status-body',
			'/json-status',
			'/json-number-first',
			'/jsonp-status?callback=cb',
			'/uint8',
			'/uint8-large',
			'/uint16',
			'/uint8-typed',
			'/null',
			'/transfer-encoding',
			'/boolean',
		];
		const responses = await differential(
			build,
			paths.map((path) => ({ path })),
		);
		const byPath = Object.fromEntries(paths.map((path, i) => [path, responses[i]]));
		assert.equal(byPath['/number'].status, 200);
		assert.equal(byPath['/number'].body, '404');
		assert.equal(byPath['/number'].headers['content-type'], 'application/json; charset=utf-8');
		assert.equal(byPath['/body-status'].status, 200);
		assert.equal(byPath['/body-status'].body, 'hello');
		assert.equal(byPath['/status-body'].body, '201');
		assert.equal(byPath['/json-status'].status, 200);
		assert.equal(byPath['/json-number-first'].body, '201');
		assert.equal(byPath['/jsonp-status?callback=cb'].status, 200);
		assert.equal(byPath['/uint8'].body, 'hi');
		assert.equal(byPath['/uint8'].headers['content-type'], 'application/octet-stream');
		assert.equal(byPath['/uint8-large'].headers['content-length'], '1500');
		assert.equal(byPath['/uint8-typed'].headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(byPath['/null'].headers['content-type'], 'text/plain');
		assert.equal(byPath['/transfer-encoding'].headers['content-length'], undefined);
		assert.equal(byPath['/boolean'].body, 'true');
	});

	test('HEAD and a fresh request of a binary body', async () => {
		const responses = await differential(build, [
			{ method: 'HEAD', path: '/uint8' },
			{ path: '/uint8', headers: { 'if-none-match': 'W/"2-mrudGRVQyjSy9ynvr0hHDF6r1tk"' } },
		]);
		assert.equal(responses[0].body, '');
	});
});
