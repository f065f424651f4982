import './helpers/line5';
/**
 * Velox 5's answer when nothing handled a request or an error reached the end, against express@5
 * (finalhandler 2): 404 for the method and path, an error's status and headers, statuses outside
 * 4xx/5xx as 500, HEAD, and production's status-text bodies.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DiffRequest, differential, type Framework } from './helpers/differential';

function build(framework: Framework) {
	const app = framework();
	app.get('/status/:code', (req, _res, next) => next(Object.assign(new Error('with status'), { status: Number(req.params.code) })));
	app.get('/status-code', (_req, _res, next) => next(Object.assign(new Error('statusCode'), { statusCode: 404 })));
	app.get('/headers', (_req, _res, next) =>
		next(Object.assign(new Error('headers'), { status: 401, headers: { 'WWW-Authenticate': 'Basic', 'X-Other': 'yes' } })),
	);
	app.get('/headers-500', (_req, _res, next) => next(Object.assign(new Error('headers'), { status: 500, headers: { 'X-Ignored': 'yes' } })));
	app.get('/expose', (_req, _res, next) => next(Object.assign(new Error('secret detail'), { status: 400, expose: false })));
	return app;
}

describe('Velox 5 final handler', () => {
	for (const env of ['test', 'production']) {
		test(`env ${env}: 404s, error statuses and headers`, async () => {
			const requests: DiffRequest[] = [
				{ path: '/nowhere' },
				{ method: 'POST', path: '/a%20b/<script>' },
				{ method: 'HEAD', path: '/nowhere' },
				{ path: '/status/418' },
				{ path: '/status/302' },
				{ path: '/status/600' },
				{ path: '/status-code' },
				{ path: '/headers' },
				{ path: '/headers-500' },
				{ path: '/expose' },
			];
			const responses = await differential(build, requests, { env });
			assert.deepEqual(
				responses.map((r) => r.status),
				[404, 404, 404, 418, 500, 500, 404, 401, 500, 400],
			);
		});
	}
});
