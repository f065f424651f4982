/**
 * `res.redirect`: 302 by default, `[status,] url` (and the deprecated
 * `url, status`), the body chosen by `Accept` (HTML with the URL escaped,
 * text, empty), no body for HEAD, and hostile URLs — against express@4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { captureDeprecations, createApp, differential, type Framework, messagesOf } from './helpers/res';

function redirectApp(framework: Framework) {
	const app = framework();
	app.all('/', (req, res) => {
		const status = req.query.status;
		if (status === undefined) res.redirect(String(req.query.to));
		else res.redirect(Number(status), String(req.query.to));
	});
	return app;
}

function to(url: string, extra = ''): string {
	return '/?to=' + encodeURIComponent(url) + extra;
}

describe('res.redirect', () => {
	test('302 with an HTML body for a browser, Vary: Accept and Content-Length', async () => {
		const [response] = await differential(redirectApp, [{ path: to('/login'), headers: { Accept: 'text/html,*/*' } }]);
		assert.equal(response.status, 302);
		assert.equal(response.headers.location, '/login');
		assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(response.headers.vary, 'Accept');
		assert.equal(response.body, '<p>Found. Redirecting to /login</p>');
		assert.equal(response.headers['content-length'], String(response.body.length));
	});

	test('text/plain body for text clients, and the first type (text) when Accept is absent', async () => {
		const [text, none] = await differential(redirectApp, [{ path: to('/next'), headers: { Accept: 'text/plain' } }, { path: to('/next') }]);
		assert.equal(text.body, 'Found. Redirecting to /next');
		assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(none.body, 'Found. Redirecting to /next');
	});

	test('an empty body with no Content-Type when neither text nor HTML is acceptable', async () => {
		const [response] = await differential(redirectApp, [{ path: to('/next'), headers: { Accept: 'application/json' } }]);
		assert.equal(response.status, 302);
		assert.equal(response.body, '');
		assert.equal(response.headers['content-type'], undefined);
		assert.equal(response.headers['content-length'], '0');
	});

	test('HEAD gets the headers and no body', async () => {
		const [response] = await differential(redirectApp, [{ method: 'HEAD', path: to('/next'), headers: { Accept: 'text/html' } }]);
		assert.equal(response.status, 302);
		assert.equal(response.headers['content-length'], '34');
		assert.equal(response.body, '');
	});

	test('a status given first is used, with its message in the body', async () => {
		const responses = await differential(redirectApp, [
			{ path: to('/moved', '&status=301'), headers: { Accept: 'text/html' } },
			{ path: to('/other', '&status=303') },
			{ path: to('/temp', '&status=307') },
			{ path: to('/odd', '&status=399') },
		]);
		assert.deepEqual(
			responses.map((r) => [r.status, r.body]),
			[
				[301, '<p>Moved Permanently. Redirecting to /moved</p>'],
				[303, 'See Other. Redirecting to /other'],
				[307, 'Temporary Redirect. Redirecting to /temp'],
				[399, 'undefined. Redirecting to /odd'],
			],
		);
	});

	test('res.redirect(url, status) still works and warns', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) =>
					framework().get('/', (_req, res) => {
						(res.redirect as (...args: unknown[]) => void)('/new', 301);
					}),
				[{ path: '/' }],
			);
		});
		assert.equal(responses[0].status, 301);
		assert.equal(responses[0].headers.location, '/new');
		assert.deepEqual(messagesOf(deprecations, 'velox'), ['res.redirect(url, status): Use res.redirect(status, url) instead']);
		assert.deepEqual(messagesOf(deprecations, 'express'), ['res.redirect(url, status): Use res.redirect(status, url) instead']);
	});

	test('javascript: and markup in the URL are escaped in the HTML body', async () => {
		const [script, markup] = await differential(redirectApp, [
			{ path: to('javascript:alert("x")'), headers: { Accept: 'text/html' } },
			{ path: to('/"><script>alert(1)</script>'), headers: { Accept: 'text/html' } },
		]);
		assert.equal(script.headers.location, 'javascript:alert(%22x%22)');
		assert.equal(script.body, '<p>Found. Redirecting to javascript:alert(%22x%22)</p>');
		assert.equal(markup.headers.location, '/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
		assert.doesNotMatch(markup.body, /<script>/);
	});

	test('escape-html applies to what encodeurl keeps (quotes, ampersands)', async () => {
		const [response] = await differential(redirectApp, [{ path: to("/a?x=1&y='2'"), headers: { Accept: 'text/html' } }]);
		assert.equal(response.headers.location, "/a?x=1&y='2'");
		assert.equal(response.body, '<p>Found. Redirecting to /a?x=1&amp;y=&#39;2&#39;</p>');
	});

	test('open-redirect shaped and malformed URLs behave as in Express', async () => {
		const inputs = ['//evil.example', '/\\evil.example', '/%zz', 'http://[::1', '/a\r\nX-Injected: 1'];
		const responses = await differential(
			redirectApp,
			inputs.map((url) => ({ path: to(url), headers: { Accept: 'text/html' } })),
		);
		assert.deepEqual(
			responses.map((r) => r.headers.location),
			['//evil.example', '/\\evil.example', '/%25zz', 'http://[::1', '/a%0D%0AX-Injected:%201'],
		);
		for (const response of responses) assert.equal(response.headers['x-injected'], undefined);
	});

	test('back redirects to the Referer, or /', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) =>
					framework().get('/', (_req, res) => {
						res.redirect('back');
					}),
				[{ path: '/' }, { path: '/', headers: { Referer: '/previous' } }],
			);
		});
		assert.deepEqual(
			responses.map((r) => r.headers.location),
			['/', '/previous'],
		);
		assert.equal(messagesOf(deprecations, 'velox').length, 1);
	});

	test('an out-of-range status is a 500 through next(err), as Express', async () => {
		const [response] = await differential(redirectApp, [{ path: to('/x', '&status=1000') }]);
		assert.equal(response.status, 500);
	});

	// express@4 crashes the process here too (finalhandler writes the NaN status back).
	test('a NaN status is a 500, not a crash', async () => {
		const app = createApp();
		app.get('/', (_req, res) => {
			res.redirect(Number('abc'), '/x');
		});
		await request(app).get('/').expect(500);
	});
});
