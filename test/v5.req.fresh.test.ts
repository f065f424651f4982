import './helpers/line5';
/**
 * Velox 5's `req.fresh` and `req.stale` (lines/: request.fresh) against express@5, whose fresh 2
 * decides by `If-None-Match` alone when it is sent; `If-Modified-Since` only without it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DiffRequest, differential, type Framework } from './helpers/differential';

const LAST_MODIFIED = 'Wed, 21 Oct 2015 07:28:00 GMT';

describe('Velox 5 req.fresh', () => {
	test('If-None-Match takes precedence over If-Modified-Since; * matches; no-cache is never fresh', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.all('/', (req, res) => {
				res.set('ETag', '"abc"');
				res.set('Last-Modified', LAST_MODIFIED);
				res.set('X-Fresh', String(req.fresh));
				res.set('X-Stale', String(req.stale));
				res.end();
			});
			app.get('/no-etag', (req, res) => {
				res.set('Last-Modified', LAST_MODIFIED);
				res.end(String(req.fresh));
			});
			app.get('/weak', (req, res) => {
				res.set('ETag', 'W/"abc"');
				res.end(String(req.fresh));
			});
			return app;
		};
		const later = 'Thu, 22 Oct 2015 07:28:00 GMT';
		const earlier = 'Tue, 20 Oct 2015 07:28:00 GMT';
		const requests: DiffRequest[] = [
			{ path: '/' },
			{ path: '/', headers: { 'if-none-match': '"abc"' } },
			{ path: '/', headers: { 'if-none-match': '"abc"', 'if-modified-since': earlier } },
			{ path: '/', headers: { 'if-none-match': '"other"', 'if-modified-since': later } },
			{ path: '/', headers: { 'if-none-match': '*' } },
			{ path: '/', headers: { 'if-none-match': '*', 'if-modified-since': earlier } },
			{ path: '/', headers: { 'if-none-match': ' "x" ,  "abc" ' } },
			{ path: '/', headers: { 'if-none-match': 'W/"abc"' } },
			{ path: '/', headers: { 'if-modified-since': later } },
			{ path: '/', headers: { 'if-modified-since': earlier } },
			{ path: '/', headers: { 'if-modified-since': 'not a date' } },
			{ path: '/', headers: { 'if-none-match': '"abc"', 'cache-control': 'max-age=0, no-cache' } },
			{ method: 'POST', path: '/', headers: { 'if-none-match': '"abc"' } },
			{ path: '/no-etag', headers: { 'if-none-match': '"abc"', 'if-modified-since': later } },
			{ path: '/weak', headers: { 'if-none-match': '"abc"' } },
		];
		const responses = await differential(build, requests);
		assert.deepEqual(
			responses.slice(0, 13).map((r) => r.headers['x-fresh']),
			['false', 'true', 'true', 'false', 'true', 'true', 'true', 'true', 'true', 'false', 'false', 'false', 'false'],
		);
		assert.deepEqual(
			responses.slice(13).map((r) => r.body),
			['false', 'true'],
		);
	});

	test('res.send answers 304 to a matching If-None-Match even with an older If-Modified-Since', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (_req, res) => {
				res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT');
				res.set('ETag', '"v1"');
				res.send('body');
			});
			return app;
		};
		const [response] = await differential(build, [{ path: '/', headers: { 'if-none-match': '"v1"', 'if-modified-since': 'Tue, 20 Oct 2015 07:28:00 GMT' } }]);
		assert.equal(response.status, 304);
	});
});
