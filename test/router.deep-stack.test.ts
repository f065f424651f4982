/**
 * Very long synchronous chains must not overflow the stack: the router and
 * routes yield to the event loop every 100 synchronous layers, as Express 4.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';

const LAYERS = 10_000;

test('10,000 synchronous middleware layers run to the end without overflowing the stack', async () => {
	const app = velox();
	let count = 0;
	for (let i = 0; i < LAYERS; i++) {
		app.use((_req: Request, _res: Response, next: NextFunction) => {
			count++;
			next();
		});
	}
	app.get('/', (_req: Request, res: Response) => res.end(String(count)));
	const response = await request(app).get('/');
	assert.equal(response.status, 200);
	assert.equal(response.text, String(LAYERS));
});

test('10,000 synchronous handlers of one route run to the end', async () => {
	const app = velox();
	let count = 0;
	const handlers = Array.from({ length: LAYERS }, () => (_req: Request, _res: Response, next: NextFunction) => {
		count++;
		next();
	});
	app.get('/', handlers, (_req: Request, res: Response) => res.end(String(count)));
	const response = await request(app).get('/');
	assert.equal(response.text, String(LAYERS));
});

test('10,000 error handlers passing an error on run to the end', async () => {
	const app = velox();
	app.use((_req: Request, _res: Response, next: NextFunction) => next(new Error('0')));
	for (let i = 0; i < LAYERS; i++) {
		app.use((err: Error, _req: Request, _res: Response, next: NextFunction) => next(new Error(String(Number(err.message) + 1))));
	}
	app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.end(err.message));
	const response = await request(app).get('/');
	assert.equal(response.text, String(LAYERS));
});

test('1,000 nested routers (as deep as Express 4 goes) dispatch to the innermost handler', async () => {
	const app = velox();
	let router = velox.Router();
	router.get('/', (req: Request, res: Response) => res.end(req.baseUrl.length + ' ' + req.url));
	for (let i = 0; i < 1000; i++) {
		const parent = velox.Router();
		parent.use('/a', router);
		router = parent;
	}
	app.use(router);
	const response = await request(app).get('/a'.repeat(1000));
	assert.equal(response.status, 200);
	assert.equal(response.text, '2000 /');
});
