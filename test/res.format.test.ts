/**
 * `res.format`: content negotiation on `Accept`, the first callback when
 * `Accept` is absent, `default`, 406 without a match, `Vary: Accept` and
 * the Content-Type of the chosen key.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createApp, differential, type Framework } from './helpers/res';

function formatApp(withDefault: boolean) {
	return (framework: Framework) => {
		const app = framework();
		app.get('/', (_req, res) => {
			const handlers: Record<string, () => void> = {
				'text/plain': () => {
					res.send('text');
				},
				html: () => {
					res.send('<p>html</p>');
				},
				'application/json': () => {
					res.send({ json: true });
				},
			};
			if (withDefault) {
				handlers.default = () => {
					res.send('default');
				};
			}
			res.format(handlers);
		});
		return app;
	};
}

describe('res.format', () => {
	test('picks the best acceptable type and sets its Content-Type and Vary: Accept', async () => {
		const responses = await differential(formatApp(false), [
			{ path: '/', headers: { Accept: 'text/html' } },
			{ path: '/', headers: { Accept: 'application/json, text/plain;q=0.5' } },
			{ path: '/', headers: { Accept: 'text/*;q=0.9, application/json;q=0.1' } },
			{ path: '/', headers: { Accept: '*/*' } },
		]);
		assert.deepEqual(
			responses.map((r) => [r.body, r.headers['content-type'], r.headers.vary]),
			[
				['<p>html</p>', 'text/html; charset=utf-8', 'Accept'],
				['{"json":true}', 'application/json; charset=utf-8', 'Accept'],
				['text', 'text/plain; charset=utf-8', 'Accept'],
				['text', 'text/plain; charset=utf-8', 'Accept'],
			],
		);
	});

	test('without Accept the first callback runs', async () => {
		const [response] = await differential(formatApp(false), [{ path: '/' }]);
		assert.equal(response.body, 'text');
	});

	test('no match without default: 406 with the error through next(err)', async () => {
		const [response] = await differential(formatApp(false), [{ path: '/', headers: { Accept: 'image/png' } }], { env: 'production' });
		assert.equal(response.status, 406);
		assert.match(response.body, /Not Acceptable/);
		assert.equal(response.headers.vary, 'Accept');
	});

	test('the 406 error carries status, expose and the normalized types', async () => {
		const app = createApp();
		app.get('/', (_req, res) => {
			res.format({ json: () => res.end(), 'text/html; level=1': () => res.end() });
		});
		let error: Record<string, unknown> = {};
		app.use((err: Record<string, unknown>, _req: unknown, res: { status(code: number): { end(): void } }, _next: unknown) => {
			error = err;
			res.status(406).end();
		});
		await request(app).get('/').set('Accept', 'image/png').expect(406);
		assert.equal(error.status, 406);
		assert.equal(error.statusCode, 406);
		assert.equal(error.expose, true);
		assert.equal(error.message, 'Not Acceptable');
		assert.equal(error.name, 'NotAcceptableError');
		assert.deepEqual(error.types, ['application/json', 'text/html']);
	});

	test('no match with default: the default callback runs, no Content-Type is forced', async () => {
		const [response] = await differential(formatApp(true), [{ path: '/', headers: { Accept: 'image/png' } }]);
		assert.equal(response.status, 200);
		assert.equal(response.body, 'default');
		assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
	});

	test('only default: it runs whatever the Accept', async () => {
		const [response] = await differential(
			(framework) =>
				framework().get('/', (_req, res) => {
					res.format({ default: () => res.send('only default') });
				}),
			[{ path: '/', headers: { Accept: 'text/html' } }],
		);
		assert.equal(response.body, 'only default');
	});

	test('callbacks receive req, res and next; the return value is the response', async () => {
		const app = createApp();
		const seen: unknown[] = [];
		app.get('/', (req, res, next) => {
			const returned = res.format({
				json: (...args: unknown[]) => {
					seen.push(args[0] === req, args[1] === res, typeof args[2]);
					next();
				},
			});
			seen.push(returned === res);
		});
		app.get('/', (_req, res) => {
			res.type('text').send('next ran');
		});
		await request(app).get('/').set('Accept', 'application/json').expect(200, 'next ran');
		assert.deepEqual(seen, [true, true, 'function', true]);
	});
});
