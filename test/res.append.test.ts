/**
 * `res.append`: creates or extends a header (strings and arrays), and a
 * later `res.set` replaces what was appended.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential } from './helpers/res';

describe('res.append', () => {
	test('creates, extends with strings and arrays, and is chainable', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.append('Link', '<http://localhost/>').append('Link', ['<http://localhost:80/>', '<http://localhost:8080/>']);
					res.append('Warning', ['199 one']).append('Warning', '199 two');
					res.append('X-Single', 'only');
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers.link, '<http://localhost/>, <http://localhost:80/>, <http://localhost:8080/>');
		assert.equal(response.headers.warning, '199 one, 199 two');
		assert.equal(response.headers['x-single'], 'only');
	});

	test('Set-Cookie values accumulate, also with res.cookie', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.append('Set-Cookie', 'a=1; Path=/');
					res.cookie('b', '2');
					res.append('Set-Cookie', ['c=3', 'd=4']);
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.deepEqual(response.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/', 'c=3', 'd=4']);
	});

	test('a later res.set resets the value', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.append('X-Thing', 'one').append('X-Thing', 'two');
					res.set('X-Thing', 'reset');
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['x-thing'], 'reset');
	});

	test('appending nothing to an unset header sets "undefined", as Express', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.append('X-Empty');
					res.end();
				}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['x-empty'], 'undefined');
	});

	test('CR/LF in an appended value is a 500, not a split header', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.append('X-A', 'ok').append('X-A', 'bad\r\nX-Injected: 1');
					res.end();
				}),
			[{ path: '/' }],
			{ env: 'production' },
		);
		assert.equal(response.status, 500);
		assert.equal(response.headers['x-injected'], undefined);
	});
});
