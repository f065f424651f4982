import './helpers/line5';
/**
 * Velox 5's `res.redirect` and `res.location` against express@5: only `redirect(status, url)`
 * (a two-argument call takes the first as the status, through `res.status`, whose error reaches
 * the error handler), 'back' is a URL like any other, the HTML body is a document, the URL is
 * encoded as encodeurl does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HttpRequest } from './helpers/client';
import { differential, type Framework } from './helpers/differential';

type Loose = (...args: unknown[]) => unknown;

describe('Velox 5 res.redirect and res.location', () => {
	const build = (framework: Framework) => {
		const app = framework();
		app.get('/plain', (_req, res) => res.redirect('/to?a=1&b=<x>'));
		app.get('/status-url', (_req, res) => res.redirect(301, '/moved'));
		app.get('/url-status', (_req, res) => (res.redirect as Loose).call(res, '/moved', 301));
		app.get('/back', (_req, res) => res.redirect('back'));
		app.get('/location-back', (_req, res) => res.location('back').end());
		app.get('/location-encoded', (_req, res) => res.location('/snow ☃/%20already?q=a b#frag').end());
		app.get('/no-url', (_req, res) => (res.redirect as Loose).call(res));
		app.get('/bad-status', (_req, res) => (res.redirect as Loose).call(res, 99, '/x'));
		app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
			res.status(500).send(`${err.name}: ${err.message}`);
		});
		return app;
	};

	test('each form, in text, HTML and neither', async () => {
		const paths = ['/plain', '/status-url', '/url-status', '/back', '/location-back', '/location-encoded', '/no-url', '/bad-status'];
		const requests = paths.flatMap((path): HttpRequest[] => [
			{ path },
			{ path, headers: { accept: 'text/html', referer: '/from' } },
			{ path, headers: { accept: 'image/png' } },
			{ method: 'HEAD', path, headers: { accept: 'text/html' } },
		]);
		const responses = await differential(build, requests);
		const html = responses[5];
		assert.equal(html.status, 301);
		assert.equal(html.body, '<!DOCTYPE html><head><title>Moved Permanently</title></head><body><p>Moved Permanently. Redirecting to /moved</p></body>');
		// redirect('/moved', 301): the first argument is the status.
		assert.equal(responses[8].status, 500);
		// 'back' is a relative URL.
		assert.equal(responses[12].headers.location, 'back');
		assert.equal(responses[16].headers.location, 'back');
		assert.equal(responses[28].status, 500);
		assert.equal(responses[28].body, 'RangeError: Invalid status code: 99. Status code must be greater than 99 and less than 1000.');
	});
});
