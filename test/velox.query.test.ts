/**
 * `velox.query(options)`: Express 4's exported query middleware — parses
 * `req.query` with qs (prototype keys allowed for back-compat) or a custom
 * function, unless something already did.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

function queryEcho(req: Request, res: Response): void {
	res.setHeader('Content-Type', 'application/json');
	res.end(JSON.stringify(req.query));
}

/** A bare router as the server's listener: no app parsed the query before the middleware. */
function bareRouter(setup: (framework: Framework, router: ReturnType<Framework['Router']>) => void) {
	return (framework: Framework) => {
		const router = framework.Router();
		setup(framework, router);
		return (req: IncomingMessage, res: ServerResponse) => {
			router(req as Request, res as Response, () => {
				res.statusCode = 404;
				res.end('no route');
			});
		};
	};
}

test('parses with qs, allowing prototype keys by default, and passes qs options', async () => {
	const responses = await differential(
		bareRouter((framework, router) => {
			router.use('/default', framework.query({}));
			router.use('/shallow', framework.query({ depth: 0 }));
			router.use('/strict', framework.query({ allowPrototypes: false }));
			router.get('*', queryEcho);
		}),
		['/default?a[b][c]=1&hasOwnProperty=x', '/shallow?a[b][c]=1', '/strict?hasOwnProperty=x&ok=1', '/default'].map((path) => ({ path })),
	);
	assert.deepEqual(JSON.parse(responses[0].body), { a: { b: { c: '1' } }, hasOwnProperty: 'x' });
	assert.deepEqual(JSON.parse(responses[2].body), { ok: '1' });
	assert.equal(responses[3].body, '{}');
});

test('a custom parser function receives the raw query string', async () => {
	const [response] = await differential(
		bareRouter((framework, router) => {
			router.use(framework.query(((raw: string) => ({ raw })) as never));
			router.get('*', queryEcho);
		}),
		[{ path: '/x?one=1&two' }],
	);
	assert.equal(response.body, '{"raw":"one=1&two"}');
});

test('an already parsed req.query is left alone', async () => {
	const [response] = await differential(
		bareRouter((framework, router) => {
			router.use((req, _res, next) => {
				(req as { query: unknown }).query = { preset: true };
				next();
			});
			router.use(framework.query({}));
			router.get('*', queryEcho);
		}),
		[{ path: '/?a=1' }],
	);
	assert.equal(response.body, '{"preset":true}');
});

test('inside an app, the app parsed the query first, with its own parser', async () => {
	const [response] = await differential(
		(framework) => {
			const app = framework();
			app.set('query parser', 'simple');
			app.use(framework.query({}));
			app.get('/', queryEcho);
			return app;
		},
		[{ path: '/?a[b]=1' }],
	);
	assert.equal(response.body, '{"a[b]":"1"}');
});

test('velox.query returns a middleware named query', () => {
	assert.equal(velox.query().name, 'query');
	assert.equal(velox.query().length, 3);
});
