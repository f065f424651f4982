import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, reply } from './helpers/req-util';

function describeRoute(route: any): unknown {
	if (route === undefined) return undefined;
	return {
		path: String(route.path),
		methods: route.methods,
		stack: route.stack.map((layer: any) => ({
			name: layer.name,
			method: layer.method,
			path: layer.path,
			params: layer.params,
			keys: layer.keys,
			regexp: String(layer.regexp),
			handle: typeof layer.handle,
		})),
	};
}

test('req.route is the matched route with its path, methods and stack', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app
				.route('/users/:id')
				.all(function checkUser(_req, _res, next) {
					next();
				})
				.get(function showUser(req, res) {
					reply(res, { value: describeRoute(req.route) });
				});
			app.use((req, res) => reply(res, { value: describeRoute(req.route) }));
			return app;
		},
		[{ path: '/users/3' }, { path: '/nothing' }],
	);
	const first = values[0].value as any;
	assert.equal(first.path, '/users/:id');
	assert.deepEqual(first.methods, { _all: true, get: true });
	assert.deepEqual(
		first.stack.map((layer: any) => [layer.name, layer.method]),
		[
			['checkUser', undefined],
			['showUser', 'get'],
		],
	);
	assert.deepEqual(values[1], { value: undefined });
});

test('req.route is the route of the handler running, through next()', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const seen: string[] = [];
			app.get('/a/:x', (req, _res, next) => {
				seen.length = 0;
				seen.push(req.route.path);
				next();
			});
			app.get('/a/*', (req, res) => {
				seen.push(req.route.path);
				reply(res, { value: seen });
			});
			return app;
		},
		[{ path: '/a/1' }],
	);
	assert.deepEqual(values, [{ value: ['/a/:x', '/a/*'] }]);
});
