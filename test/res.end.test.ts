/**
 * `res.end`: node's own, untouched — ends the response with or without data.
 */
import assert from 'node:assert/strict';
import { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import velox from '../src/express';
import { differential } from './helpers/res';

describe('res.end', () => {
	test('is ServerResponse.prototype.end', () => {
		assert.equal((velox.response as { end?: unknown }).end, ServerResponse.prototype.end);
	});

	test('ends without data, or with data and an encoding, as in Express', async () => {
		const [empty, data] = await differential(
			(framework) => {
				const app = framework();
				app.get('/empty', (_req, res) => {
					res.status(202).end();
				});
				app.get('/data', (_req, res) => {
					res.end('aGk=', 'base64');
				});
				return app;
			},
			[{ path: '/empty' }, { path: '/data' }],
		);
		assert.equal(empty.status, 202);
		assert.equal(empty.body, '');
		assert.equal(data.body, 'hi');
	});
});
