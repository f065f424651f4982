import './helpers/line5';
/**
 * Velox 5's `res.jsonp` against express@5: the callback (first of several, stripped of unsafe
 * characters, a custom name), U+2028/U+2029, an undefined body, a Content-Type already set, and
 * the two-argument form gone.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

type Loose = (...args: unknown[]) => unknown;

describe('Velox 5 res.jsonp', () => {
	test('each case answers as express@5 does', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (_req, res) => res.jsonp({ text: 'a\u2028b\u2029c', n: 1 }));
			app.get('/undefined', (_req, res) => res.jsonp(undefined));
			app.get('/typed', (_req, res) => res.type('txt').jsonp({ a: 1 }));
			app.get('/number', (_req, res) => res.jsonp(42));
			app.get('/two', (_req, res) => (res.jsonp as Loose).call(res, 500, { a: 1 }));
			app.get('/named', (req, res) => {
				req.app.set('jsonp callback name', 'cb');
				res.jsonp({ a: 1 });
			});
			return app;
		};
		const responses = await differential(build, [
			{ path: '/' },
			{ path: '/?callback=fn' },
			{ path: '/?callback=fn&callback=other' },
			{ path: '/?callback=a.b[0]%3Balert(1)' },
			{ path: '/?callback=' },
			{ path: '/undefined?callback=fn' },
			{ path: '/undefined' },
			{ path: '/typed?callback=fn' },
			{ path: '/typed' },
			{ path: '/number' },
			{ path: '/two?callback=fn' },
			{ path: '/named?cb=x' },
		]);
		assert.equal(responses[1].headers['content-type'], 'text/javascript; charset=utf-8');
		assert.equal(responses[10].body, "/**/ typeof fn === 'function' && fn(500);");
	});
});
