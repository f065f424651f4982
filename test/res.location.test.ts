/**
 * `res.location`: encoded as express@4.21+ encodes (encodeurl), never
 * validated, `back` (deprecated) as the Referer or `/`; open-redirect shaped
 * and malformed URLs behave exactly as in Express and never split headers.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { captureDeprecations, createApp, differential, type Framework, messagesOf } from './helpers/res';

/** An app whose `/` sets Location from the `to` query parameter (decoded by the query parser). */
function locationApp(framework: Framework) {
	const app = framework();
	app.get('/', (req, res) => {
		res.location(String(req.query.to)).end();
	});
	return app;
}

function locationOf(to: string): { path: string } {
	return { path: '/?to=' + encodeURIComponent(to) };
}

describe('res.location', () => {
	test('sets Location and is chainable', async () => {
		const app = createApp();
		let chained = false;
		app.get('/', (_req, res) => {
			chained = res.location('/login') === res;
			res.end();
		});
		await request(app).get('/').expect('Location', '/login');
		assert.equal(chained, true);
	});

	test('encodes what is not encoded and keeps valid escapes, as Express', async () => {
		const inputs = ['/path with spaces', '/ünïcödé?q=ä', 'http://example.com/a b', '/already%20encoded', '/bad%zzescape', '/%', '/100%', '/a?b=c&d=e#frag'];
		const responses = await differential(locationApp, inputs.map(locationOf));
		assert.deepEqual(
			responses.map((r) => r.headers.location),
			[
				'/path%20with%20spaces',
				'/%C3%BCn%C3%AFc%C3%B6d%C3%A9?q=%C3%A4',
				'http://example.com/a%20b',
				'/already%20encoded',
				'/bad%25zzescape',
				'/%25',
				'/100%25',
				'/a?b=c&d=e#frag',
			],
		);
	});

	test('open-redirect shaped URLs are passed through as Express does (not validated)', async () => {
		const inputs = ['//evil.example', '/\\evil.example', '\\\\evil.example', 'https:evil.example', '///evil.example/%2e%2e', 'javascript:alert(1)'];
		const responses = await differential(locationApp, inputs.map(locationOf));
		assert.deepEqual(
			responses.map((r) => r.headers.location),
			['//evil.example', '/\\evil.example', '\\\\evil.example', 'https:evil.example', '///evil.example/%2e%2e', 'javascript:alert(1)'],
		);
	});

	test('CR/LF in the URL is percent-encoded: no header injection', async () => {
		const [response] = await differential(locationApp, [locationOf('/a\r\nSet-Cookie: evil=1')]);
		assert.equal(response.headers.location, '/a%0D%0ASet-Cookie:%20evil=1');
		assert.equal(response.headers['set-cookie'], undefined);
	});

	test('a lone surrogate becomes U+FFFD, as encodeurl does', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.location('/\uD800x').end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers.location, '/%EF%BF%BDx');
	});

	test('back is the Referer (or Referrer), else /, and is deprecated', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) =>
					framework().get('/', (_req, res) => {
						res.location('back').end();
					}),
				[{ path: '/' }, { path: '/', headers: { Referer: '/from here' } }, { path: '/', headers: { Referrer: 'http://a.example/x' } }],
			);
		});
		assert.deepEqual(
			responses.map((r) => r.headers.location),
			['/', '/from%20here', 'http://a.example/x'],
		);
		const message = 'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices';
		assert.deepEqual(messagesOf(deprecations, 'velox'), [message]);
		assert.deepEqual(messagesOf(deprecations, 'express'), [message]);
	});

	test('non-string values are stringified', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					(res.location as (url: unknown) => unknown)(42);
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers.location, '42');
	});
});
