import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, reply } from './helpers/req-util';

test('req.params holds decoded named parameters, captures and wildcards', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.get('/users/:id/files/:name.:ext', (req, res) => reply(res, { value: req.params }));
			app.get(/^\/re\/(\d+)\/(\w+)$/, (req, res) => reply(res, { value: req.params }));
			app.get('/star/*', (req, res) => reply(res, { value: req.params }));
			app.get('/opt/:a?', (req, res) => reply(res, { value: req.params }));
			app.use((req, res) => reply(res, { value: req.params }));
			return app;
		},
		[{ path: '/users/j%20d/files/a%2Fb.txt' }, { path: '/re/12/ab' }, { path: '/star/x/y' }, { path: '/opt' }, { path: '/none' }],
	);
	assert.deepEqual(values, [
		{ value: { id: 'j d', name: 'a/b', ext: 'txt' } },
		{ value: { 0: '12', 1: 'ab' } },
		{ value: { 0: 'x/y' } },
		{ value: { a: undefined } },
		{ value: {} },
	]);
});

test('req.params changes made in a handler are reset for the next route', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.get('/:id', (req, _res, next) => {
				req.params.id = 'changed';
				(req.params as any).extra = 'x';
				next();
			});
			app.get('/:id', (req, res) => reply(res, { value: req.params }));
			return app;
		},
		[{ path: '/original' }],
	);
	assert.deepEqual(values, [{ value: { id: 'original' } }]);
});

test('req.params merges the parent params with mergeParams', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const merged = framework.Router({ mergeParams: true });
			const plain = framework.Router();
			merged.get('/:child', (req, res) => reply(res, { value: req.params }));
			plain.get('/:child', (req, res) => reply(res, { value: req.params }));
			app.use('/m/:parent', merged);
			app.use('/p/:parent', plain);
			return app;
		},
		[{ path: '/m/1/2' }, { path: '/p/1/2' }],
	);
	assert.deepEqual(values, [{ value: { parent: '1', child: '2' } }, { value: { child: '2' } }]);
});

test('a malformed percent-encoding in a param is a 400 error, as in Express', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.get('/:id', (req, res) => reply(res, { value: req.params }));
			app.use((err: any, _req: any, res: any, _next: any) => reply(res, { error: err.status + ' ' + err.message }));
			return app;
		},
		[{ path: '/%E0%A4%A' }],
	);
	assert.deepEqual(values, [{ error: "400 Failed to decode param '%E0%A4%A'" }]);
});
