/**
 * Beyond Express 4: a handler, middleware, error handler or param callback
 * whose returned promise rejects sends the rejection to `next(err)`; a
 * rejection without a value becomes an Error. No unhandled rejections.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
	unhandled.push(reason);
};

function errorReporter(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
	res.statusCode = 500;
	res.end(err instanceof Error ? 'Error: ' + err.message : typeof err + ': ' + String(err));
}

function tick(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

// A rejection that escaped would leave the request unanswered: bound each test.
describe('rejected promises reach next(err)', { timeout: 5000 }, () => {
	before(() => process.on('unhandledRejection', onUnhandled));
	after(async () => {
		await tick();
		process.off('unhandledRejection', onUnhandled);
		assert.deepEqual(unhandled, [], 'no unhandled rejection may escape the router');
	});

	test('an async route handler that throws', async () => {
		const app = velox();
		app.get('/', async () => {
			await tick();
			throw new Error('async route');
		});
		app.use(errorReporter);
		const response = await request(app).get('/');
		assert.equal(response.status, 500);
		assert.equal(response.text, 'Error: async route');
	});

	test('an async middleware that throws, skipping later regular handlers', async () => {
		const app = velox();
		app.use(async () => {
			throw new Error('async middleware');
		});
		app.use((_req: Request, res: Response) => res.end('not here'));
		app.use(errorReporter);
		const response = await request(app).get('/anything');
		assert.equal(response.text, 'Error: async middleware');
	});

	test('a handler in a route of several handlers that rejects', async () => {
		const app = velox();
		app.get(
			'/',
			(_req: Request, _res: Response, next: NextFunction) => next(),
			async () => Promise.reject(new Error('second of route')),
		);
		app.use(errorReporter);
		const response = await request(app).get('/');
		assert.equal(response.text, 'Error: second of route');
	});

	test('an async error handler that throws passes its error on', async () => {
		const app = velox();
		app.get('/', () => {
			throw new Error('first');
		});
		app.use(async (err: Error, _req: Request, _res: Response, _next: NextFunction) => {
			throw new Error('rethrown ' + err.message);
		});
		app.use(errorReporter);
		const response = await request(app).get('/');
		assert.equal(response.text, 'Error: rethrown first');
	});

	test('an async param callback that rejects', async () => {
		const app = velox();
		app.param('id', async (_req, _res, _next, value) => {
			throw new Error('param ' + value);
		});
		app.get('/u/:id', (_req: Request, res: Response) => res.end('route'));
		app.use(errorReporter);
		const response = await request(app).get('/u/9');
		assert.equal(response.text, 'Error: param 9');
	});

	test('a rejection without a value becomes an Error', async () => {
		const app = velox();
		app.get('/undefined', () => Promise.reject());
		app.get('/null', () => Promise.reject(null));
		app.get('/false', () => Promise.reject(false));
		app.use(errorReporter);
		for (const path of ['/undefined', '/null', '/false']) {
			const response = await request(app).get(path);
			assert.equal(response.status, 500, path);
			assert.match(response.text, /^Error: /, path);
		}
	});

	test('a rejection with a non-Error value is passed on as is', async () => {
		const app = velox();
		app.get('/', () => Promise.reject('just a string'));
		app.use(errorReporter);
		const response = await request(app).get('/');
		assert.equal(response.text, 'string: just a string');
	});

	test('a rejection reaches the final handler when nothing handles it', async () => {
		const app = velox();
		app.set('env', 'test');
		app.get('/', async () => {
			throw Object.assign(new Error('teapot'), { status: 418 });
		});
		const response = await request(app).get('/');
		assert.equal(response.status, 418);
		assert.match(response.text, /Error: teapot/);
	});

	test('a handler whose promise resolves after calling next is not called twice', async () => {
		const app = velox();
		let calls = 0;
		app.get('/', async (_req: Request, _res: Response, next: NextFunction) => {
			calls++;
			next();
		});
		app.get('/', (_req: Request, res: Response) => res.end('next ran'));
		const response = await request(app).get('/');
		assert.equal(response.text, 'next ran');
		assert.equal(calls, 1);
	});

	test('a thenable that is not a promise is handled the same way', async () => {
		const app = velox();
		// biome-ignore lint/suspicious/noThenProperty: a hand-made thenable is the point of this test
		app.get('/', () => ({ then: (_ok: unknown, fail: (reason: unknown) => void) => fail(new Error('thenable')) }));
		app.use(errorReporter);
		const response = await request(app).get('/');
		assert.equal(response.text, 'Error: thenable');
	});
});
