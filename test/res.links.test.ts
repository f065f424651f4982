/**
 * `res.links`: `<url>; rel="name"` entries in `Link`, appended across calls.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential } from './helpers/res';

describe('res.links', () => {
	test('fills Link from an object and appends on a second call', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.links({ next: 'http://api.example.com/users?page=2', last: 'http://api.example.com/users?page=5' }).links({ prev: '/users?page=1' });
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(
			response.headers.link,
			'<http://api.example.com/users?page=2>; rel="next", <http://api.example.com/users?page=5>; rel="last", </users?page=1>; rel="prev"',
		);
	});

	test('extends a Link header set as an array, and an empty object adds nothing but the separator', async () => {
		const [array, empty] = await differential(
			(framework) => {
				const app = framework();
				app.get('/array', (_req, res) => {
					res.set('Link', ['<a>; rel="x"', '<b>; rel="y"']);
					res.links({ z: 'c' });
					res.end();
				});
				app.get('/empty', (_req, res) => {
					res.links({});
					res.end();
				});
				return app;
			},
			[{ path: '/array' }, { path: '/empty' }],
		);
		assert.equal(array.headers.link, '<a>; rel="x",<b>; rel="y", <c>; rel="z"');
		assert.equal(empty.headers.link, '');
	});

	test('a URL with CR/LF is a 500, never a split header', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.links({ next: '/a>\r\nX-Injected: 1' });
					res.end();
				}),
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
		assert.equal(response.headers['x-injected'], undefined);
	});
});
