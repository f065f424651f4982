import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { observeBoth } from './helpers/req-util';
import { reply } from './helpers/req-util';

test('req.app is the application handling the request, with its locals', async () => {
	const app = velox();
	app.locals.title = 'Velox';
	app.get('/', (req, res) => res.end(String(req.app === app) + ' ' + String(req.app.locals.title)));
	const response = await request(app).get('/');
	assert.equal(response.text, 'true Velox');
});

test('req.app is the sub-app inside it and the parent again after it', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const sub = framework();
			const seen: string[] = [];
			const name = (req: any) => (req.app === app ? 'app' : req.app === sub ? 'sub' : 'other');
			sub.use((req: any, _res, next) => {
				seen.push(name(req));
				next();
			});
			app.use((req: any, _res, next) => {
				seen.length = 0;
				seen.push(name(req));
				next();
			});
			app.use('/sub', sub);
			app.use((req: any, res) => {
				seen.push(name(req));
				reply(res, { value: seen });
			});
			return app;
		},
		[{ path: '/sub/x' }, { path: '/other' }],
	);
	assert.deepEqual(values, [{ value: ['app', 'sub', 'app'] }, { value: ['app', 'app'] }]);
});

test('req.app is shared with res.app', async () => {
	const app = velox();
	app.get('/', (req, res) => res.end(String(req.app === (res as any).app)));
	assert.equal((await request(app).get('/')).text, 'true');
});
