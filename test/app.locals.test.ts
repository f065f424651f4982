/** `app.locals`: application-level variables with `settings`, reachable as `req.app.locals`. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';

test('app.locals is a prototype-less object holding settings', () => {
	const app = velox();
	assert.equal(Object.getPrototypeOf(app.locals), null);
	assert.deepEqual(Object.keys(app.locals), ['settings']);
	assert.equal(app.locals.settings, app.settings);
	app.set('title', 'Site');
	assert.equal((app.locals.settings as Record<string, unknown>).title, 'Site');
});

test('values persist for the life of the app and are reachable as req.app.locals', async () => {
	const app = velox();
	app.locals.counter = 0;
	app.get('/', (req: Request, res: Response) => {
		(req.app.locals as Record<string, number>).counter++;
		res.end(String(req.app.locals.counter));
	});
	await request(app).get('/');
	const response = await request(app).get('/');
	assert.equal(response.text, '2');
});

test('each app has its own locals; a sub-app does not share its parent locals', () => {
	const parent = velox();
	const child = velox();
	parent.locals.name = 'parent';
	parent.use(child);
	assert.equal(child.locals.name, undefined);
	assert.notEqual(child.locals, parent.locals);
});
