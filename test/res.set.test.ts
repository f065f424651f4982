/**
 * `res.set` / `res.header`: one field or an object of fields, values
 * stringified, arrays, Content-Type charset like Express, and CR/LF values
 * rejected by node (a 500 through next(err), never a split header).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { createApp, differential, type Framework } from './helpers/res';

type AnySet = (...args: unknown[]) => unknown;

function setApp(framework: Framework) {
	const app = framework();
	app.get('/single', (_req, res) => {
		res.set('X-Number', 42 as unknown as string).set('X-List', ['a', 'b']);
		res.end();
	});
	app.get('/object', (_req, res) => {
		res.set({ 'X-One': '1', 'X-Two': 2 as unknown as string, 'X-Many': ['x', 'y'] });
		res.end();
	});
	app.get('/types', (req, res) => {
		res.set('Content-Type', String(req.query.type));
		res.end();
	});
	app.get('/header-alias', (_req, res) => {
		res.header('X-Alias', 'yes');
		res.end();
	});
	app.get('/one-string-argument', (_req, res) => {
		(res.set as AnySet)('ab');
		res.end();
	});
	app.get('/undefined-value', (_req, res) => {
		(res.set as AnySet)('X-Undefined', undefined);
		res.end();
	});
	return app;
}

describe('res.set', () => {
	test('sets one field (values stringified, arrays kept) and is chainable', async () => {
		const [response] = await differential(setApp, [{ path: '/single' }]);
		assert.equal(response.headers['x-number'], '42');
		assert.equal(response.headers['x-list'], 'a, b');
	});

	test('sets every field of an object', async () => {
		const [response] = await differential(setApp, [{ path: '/object' }]);
		assert.equal(response.headers['x-one'], '1');
		assert.equal(response.headers['x-two'], '2');
		assert.equal(response.headers['x-many'], 'x, y');
	});

	test('Content-Type gets the charset mime knows, unless one is given', async () => {
		const types = [
			'text/plain',
			'text/html; charset=iso-8859-1',
			'application/json',
			'application/javascript',
			'image/png',
			'application/octet-stream',
			'text/x-custom',
		];
		const responses = await differential(
			setApp,
			types.map((type) => ({ path: '/types?type=' + encodeURIComponent(type) })),
		);
		assert.deepEqual(
			responses.map((r) => r.headers['content-type']),
			[
				'text/plain; charset=utf-8',
				'text/html; charset=iso-8859-1',
				'application/json; charset=utf-8',
				'application/javascript; charset=utf-8',
				'image/png',
				'application/octet-stream',
				'text/x-custom; charset=utf-8',
			],
		);
	});

	test('res.header is the same function', async () => {
		assert.equal(velox.response.header, velox.response.set);
		const [response] = await differential(setApp, [{ path: '/header-alias' }]);
		assert.equal(response.headers['x-alias'], 'yes');
	});

	test('Express 4 quirks kept: a lone string argument is iterated, undefined becomes "undefined"', async () => {
		const [lone, undefinedValue] = await differential(setApp, [{ path: '/one-string-argument' }, { path: '/undefined-value' }]);
		assert.equal(lone.headers['0'], 'a');
		assert.equal(lone.headers['1'], 'b');
		assert.equal(undefinedValue.headers['x-undefined'], 'undefined');
	});

	test('Content-Type as an array throws a TypeError', async () => {
		const app = createApp();
		let error: unknown;
		app.get('/', (_req, res) => {
			try {
				res.set('Content-Type', ['text/html', 'text/plain']);
			} catch (err) {
				error = err;
			}
			res.end();
		});
		await request(app).get('/').expect(200);
		assert.ok(error instanceof TypeError);
		assert.equal((error as Error).message, 'Content-Type cannot be set to an Array');
	});

	test('CR/LF in a value is rejected (500 via next(err)), never splits the header', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.get('/value', (_req, res) => {
					res.set('X-Value', 'ok\r\nX-Injected: 1');
					res.end();
				});
				app.get('/array', (_req, res) => {
					res.set('X-Values', ['ok', 'bad\nX-Injected: 1']);
					res.end();
				});
				app.get('/object', (_req, res) => {
					res.set({ 'X-Ok': '1', 'X-Value': 'a\rb' });
					res.end();
				});
				app.get('/name', (_req, res) => {
					res.set('X-Bad\r\nName', 'v');
					res.end();
				});
				return app;
			},
			[{ path: '/value' }, { path: '/array' }, { path: '/object' }, { path: '/name' }],
			{ env: 'production' },
		);
		for (const response of responses) {
			assert.equal(response.status, 500);
			assert.equal(response.headers['x-injected'], undefined);
		}
	});

	test('a handler that catches the CR/LF error can still answer', async () => {
		const app = createApp();
		app.get('/', (_req, res) => {
			try {
				res.set('X-Value', 'a\nb');
			} catch (err) {
				res.status(400).send((err as { code?: string }).code);
				return;
			}
			res.end();
		});
		await request(app).get('/').expect(400, 'ERR_INVALID_CHAR');
	});
});
