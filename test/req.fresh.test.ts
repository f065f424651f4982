import assert from 'node:assert/strict';
import { test } from 'node:test';
import { differential } from './helpers/differential';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const ETAG = '"abc"';
const LAST_MODIFIED = 'Sat, 01 Jan 2000 00:00:00 GMT';

/** An app setting ETag and Last-Modified (and the status from ?status=) before reading req.fresh. */
const freshApp = observing(
	(req) => req.fresh,
	(app) => {
		app.use((req, res, next) => {
			res.setHeader('ETag', ETAG);
			res.setHeader('Last-Modified', LAST_MODIFIED);
			const status = /status=(\d+)/.exec(req.url);
			if (status !== null) res.statusCode = Number(status[1]);
			next();
		});
	},
);

const get = (headers: Record<string, string>, extra: Partial<DiffRequest> = {}): DiffRequest => ({ path: '/', headers, ...extra });

test('req.fresh is true when If-None-Match matches the ETag', async () => {
	const values = await observeBoth(freshApp, [get({ 'If-None-Match': ETAG }), get({ 'If-None-Match': 'W/"abc", "zzz"' }), get({ 'If-None-Match': '*' })]);
	assert.deepEqual(values, [{ value: true }, { value: true }, { value: true }]);
});

test('req.fresh is false when If-None-Match does not match or no validator was sent', async () => {
	const values = await observeBoth(freshApp, [get({ 'If-None-Match': '"other"' }), get({})]);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.fresh compares If-Modified-Since with Last-Modified', async () => {
	const values = await observeBoth(freshApp, [
		get({ 'If-Modified-Since': LAST_MODIFIED }),
		get({ 'If-Modified-Since': 'Sun, 02 Jan 2000 00:00:00 GMT' }),
		get({ 'If-Modified-Since': 'Fri, 31 Dec 1999 00:00:00 GMT' }),
	]);
	assert.deepEqual(values, [{ value: true }, { value: true }, { value: false }]);
});

test('req.fresh is false with Cache-Control: no-cache', async () => {
	const values = await observeBoth(freshApp, [
		get({ 'If-None-Match': ETAG, 'Cache-Control': 'no-cache' }),
		get({ 'If-None-Match': ETAG, 'Cache-Control': 'max-age=0, no-cache' }),
	]);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.fresh holds only for GET, HEAD and QUERY', async () => {
	const values = await observeBoth(freshApp, [
		get({ 'If-None-Match': ETAG }, { method: 'POST' }),
		get({ 'If-None-Match': ETAG }, { method: 'PUT' }),
		get({ 'If-None-Match': ETAG }, { method: 'QUERY' }),
	]);
	assert.deepEqual(values, [{ value: false }, { value: false }, { value: true }]);
});

test('req.fresh holds only for a 2xx or 304 status', async () => {
	const statuses = [200, 204, 304, 301, 404, 500];
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.use((req, res) => {
				res.setHeader('ETag', ETAG);
				res.statusCode = Number(req.url.slice(1));
				res.setHeader('X-Fresh', String(req.fresh));
				res.end();
			});
			return app;
		},
		statuses.map((status) => get({ 'If-None-Match': ETAG }, { path: '/' + status })),
	);
	assert.deepEqual(
		responses.map((response) => response.headers['x-fresh']),
		['true', 'true', 'true', 'false', 'false', 'false'],
	);
});

test('req.fresh follows a change of the response status or ETag between reads', async () => {
	const values = await observeBoth(
		observing((req, res) => {
			const before = req.fresh;
			res.setHeader('ETag', '"changed"');
			return [before, req.fresh];
		}, undefined),
		[get({ 'If-None-Match': ETAG })],
	);
	assert.deepEqual(values, [{ value: [false, false] }]);
});

test('garbage If-* and Cache-Control headers never throw', async () => {
	const garbage: Record<string, string>[] = [
		{ 'If-None-Match': ',,,' },
		{ 'If-None-Match': 'W/' },
		{ 'If-None-Match': '"' + 'a'.repeat(8000) },
		{ 'If-Modified-Since': 'not a date' },
		{ 'If-Modified-Since': '99999999999999999999' },
		{ 'If-Modified-Since': '' },
		{ 'Cache-Control': ',no-cache=,' },
		{ 'If-None-Match': ETAG, 'If-Modified-Since': 'garbage' },
		{ 'If-Unmodified-Since': 'x', 'If-Match': '\u00ff' },
	];
	const values = await observeBoth(
		freshApp,
		garbage.map((headers) => get(headers)),
	);
	for (const value of values) assert.equal(value.error, undefined);
	// A matching ETag does not make it fresh when If-Modified-Since is unparsable (fresh@0.5).
	assert.equal(values[7].value, false);
});
