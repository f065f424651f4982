/**
 * `res.jsonp`: the callback from the query parameter named by `jsonp
 * callback name`, its sanitising, the `/**\/ typeof` guard, U+2028/U+2029,
 * nosniff and the Content-Types — against express@4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { captureDeprecations, differential, type Framework, messagesOf } from './helpers/res';

function jsonpApp(value: unknown, configure?: (app: ReturnType<Framework>) => void) {
	return (framework: Framework) => {
		const app = framework();
		if (configure) configure(app);
		app.get('/', (_req, res) => {
			res.jsonp(value);
		});
		return app;
	};
}

describe('res.jsonp', () => {
	test('wraps the JSON in the callback with the typeof guard, as text/javascript with nosniff', async () => {
		const [response] = await differential(jsonpApp({ name: 'tobi' }), [{ path: '/?callback=show' }]);
		assert.equal(response.body, '/**/ typeof show === \'function\' && show({"name":"tobi"});');
		assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
		assert.equal(response.headers['x-content-type-options'], 'nosniff');
	});

	test('without a callback it is JSON, still with nosniff', async () => {
		const [none, empty] = await differential(jsonpApp([1, 2]), [{ path: '/' }, { path: '/?callback=' }]);
		assert.equal(none.body, '[1,2]');
		assert.equal(none.headers['content-type'], 'application/json; charset=utf-8');
		assert.equal(none.headers['x-content-type-options'], 'nosniff');
		assert.equal(empty.body, '[1,2]');
	});

	test('a callback carrying script is reduced to [\\w$.[\\]] characters', async () => {
		const callback = encodeURIComponent('alert(document.cookie);//<script>foo.bar[0]$');
		const [response] = await differential(jsonpApp(1), [{ path: '/?callback=' + callback }]);
		assert.equal(response.body, "/**/ typeof alertdocument.cookiescriptfoo.bar[0]$ === 'function' && alertdocument.cookiescriptfoo.bar[0]$(1);");
		assert.doesNotMatch(response.body, /[()<>;/]\s*alert|<script>/);
	});

	test('the first of repeated callback parameters is used; a non-string one is ignored', async () => {
		const [repeated, nested] = await differential(jsonpApp('x'), [{ path: '/?callback=one&callback=two' }, { path: '/?callback[a]=b' }]);
		assert.equal(repeated.body, '/**/ typeof one === \'function\' && one("x");');
		assert.equal(nested.body, '"x"');
		assert.equal(nested.headers['content-type'], 'application/json; charset=utf-8');
	});

	test('the query parameter name comes from the jsonp callback name setting', async () => {
		const [custom, ignored] = await differential(
			jsonpApp(true, (app) => app.set('jsonp callback name', 'cb')),
			[{ path: '/?cb=done' }, { path: '/?callback=done' }],
		);
		assert.equal(custom.body, "/**/ typeof done === 'function' && done(true);");
		assert.equal(ignored.body, 'true');
	});

	test('U+2028 and U+2029 are escaped inside the callback', async () => {
		const [response] = await differential(jsonpApp({ text: 'a\u2028b\u2029c' }), [{ path: '/?callback=f' }]);
		assert.equal(response.body, '/**/ typeof f === \'function\' && f({"text":"a\\u2028b\\u2029c"});');
	});

	test('undefined gives an empty call; json settings apply', async () => {
		const [empty, spaced] = await differential(
			(framework) => {
				const app = framework();
				app.set('json spaces', 1);
				app.enable('json escape');
				app.get('/empty', (_req, res) => {
					res.jsonp(undefined);
				});
				app.get('/spaced', (_req, res) => {
					res.jsonp({ a: '<' });
				});
				return app;
			},
			[{ path: '/empty?callback=f' }, { path: '/spaced?callback=f' }],
		);
		assert.equal(empty.body, "/**/ typeof f === 'function' && f();");
		assert.equal(spaced.body, '/**/ typeof f === \'function\' && f({\n "a": "\\u003c"\n});');
	});

	test('a preset Content-Type is kept without a callback and replaced with one', async () => {
		const [plain, wrapped] = await differential(
			jsonpApp({ a: 1 }, (app) =>
				app.use((_req, res, next) => {
					res.type('text/plain');
					next();
				}),
			),
			[{ path: '/' }, { path: '/?callback=f' }],
		);
		assert.equal(plain.headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(plain.headers['x-content-type-options'], undefined);
		assert.equal(wrapped.headers['content-type'], 'text/javascript; charset=utf-8');
		assert.equal(wrapped.headers['x-content-type-options'], 'nosniff');
	});

	test('res.jsonp(obj, status) and res.jsonp(status, obj) still work and warn', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) => {
					const app = framework();
					app.get('/obj-status', (_req, res) => {
						(res.jsonp as (...args: unknown[]) => unknown)({ ok: 1 }, 201);
					});
					app.get('/status-obj', (_req, res) => {
						(res.jsonp as (...args: unknown[]) => unknown)(202, { ok: 2 });
					});
					return app;
				},
				[{ path: '/obj-status?callback=f' }, { path: '/status-obj' }],
			);
		});
		assert.deepEqual(
			responses.map((r) => [r.status, r.body]),
			[
				[201, '/**/ typeof f === \'function\' && f({"ok":1});'],
				[202, '{"ok":2}'],
			],
		);
		assert.deepEqual(messagesOf(deprecations, 'velox'), messagesOf(deprecations, 'express'));
		assert.deepEqual(messagesOf(deprecations, 'velox'), [
			'res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead',
			'res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead',
		]);
	});
});
