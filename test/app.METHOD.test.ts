/**
 * `app.METHOD` for every method of `http.METHODS` (the spec's list
 * included), `app.all`, and `app.get(name)` reading a setting.
 */
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import velox from '../src/express';
import { type DiffRequest, differential } from './helpers/differential';

const SPEC_METHODS = [
	'checkout',
	'copy',
	'delete',
	'get',
	'head',
	'lock',
	'merge',
	'mkactivity',
	'mkcol',
	'move',
	'm-search',
	'notify',
	'options',
	'patch',
	'post',
	'purge',
	'put',
	'report',
	'search',
	'subscribe',
	'trace',
	'unlock',
	'unsubscribe',
];
// CONNECT never reaches a request listener: node hands it to the server's 'connect' event.
const ROUTABLE = METHODS.filter((method) => method !== 'CONNECT');

test('every method of http.METHODS and of the spec has an app method', () => {
	const app = velox() as unknown as Record<string, unknown>;
	for (const method of [...METHODS.map((m) => m.toLowerCase()), ...SPEC_METHODS]) {
		assert.equal(typeof app[method], 'function', method);
		assert.equal(typeof (velox.Router() as unknown as Record<string, unknown>)[method], 'function', 'router.' + method);
		assert.equal(typeof (velox.Router().route('/') as unknown as Record<string, unknown>)[method], 'function', 'route.' + method);
	}
});

test('app.METHOD routes only its method; app.all routes every method', async () => {
	const requests: DiffRequest[] = ROUTABLE.flatMap((method) => [
		{ method, path: '/one/' + method.toLowerCase() },
		{ method, path: '/all' },
	]);
	const responses = await differential((framework) => {
		const app = framework() as unknown as Record<string, (path: string, fn: (req: Request, res: Response) => void) => void>;
		for (const method of ROUTABLE) {
			app[method.toLowerCase()]('/one/' + method.toLowerCase(), (req, res) => {
				res.setHeader('X-Method', req.method);
				res.end();
			});
		}
		app.all('/all', (req, res) => {
			res.setHeader('X-Method', req.method);
			res.end();
		});
		return app as never;
	}, requests);
	for (let i = 0; i < requests.length; i++) assert.equal(responses[i].headers['x-method'], requests[i].method, requests[i].method + ' ' + requests[i].path);
});

test('a method routed on another path is not answered', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.purge('/cache', (_req, res) => res.end('purged'));
			app.search('/find', (_req, res) => res.end('found'));
			return app;
		},
		[
			{ method: 'PURGE', path: '/cache' },
			{ method: 'GET', path: '/cache' },
			{ method: 'SEARCH', path: '/find' },
			{ method: 'POST', path: '/find' },
		],
	);
	assert.deepEqual(
		responses.map((r) => r.status),
		[200, 404, 200, 404],
	);
});

test('app.METHOD returns the app for chaining', () => {
	const app = velox();
	assert.equal(
		app.post('/', (_req, res) => res.end()),
		app,
	);
	assert.equal(
		app.all('/', (_req, res) => res.end()),
		app,
	);
});
