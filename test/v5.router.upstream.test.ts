import './helpers/line5';
/**
 * What router 2 (2.3, express@5.3's router) does that an app sees and router 2's own test suite (run
 * against Velox 5 by `node bench/upstream.js --line 5 --suites router`) does not cover: `req.url`
 * coming back from middleware that rewrote it at its whole mount path (router 2.3), a thenable whose
 * `then` calls its first callback unchecked (router 2.3) and the deprecation of thenables that are
 * not promises, a param callback's promise rejecting after it called `next`, and a malformed route
 * parameter's error (`statusCode` since router 2.3).
 */
import assert from 'node:assert/strict';
import { sep } from 'node:path';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

type Req = { url: string; originalUrl: string; baseUrl: string; path: string };
type Res = { status(code: number): Res; send(body: unknown): void; json(body: unknown): void; setHeader(name: string, value: string): void };
type Next = (err?: unknown) => void;

/** A promise-like value whose `then` calls what it is given, as some hand-written thenables do. */
function carelessThenable(): { then(onFulfilled: (value: unknown) => unknown): unknown } {
	return {
		// biome-ignore lint/suspicious/noThenProperty: the point of the test is a hand-written thenable
		then(onFulfilled: (value: unknown) => unknown) {
			return onFulfilled('value');
		},
	};
}

describe('Velox 5 and router 2.3', () => {
	test('req.url rewritten by middleware reached at its whole mount path keeps the slash between them', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			// Each rewrite sets a new path; what the next layer of the parent sees is reported.
			const rewrite = (to: string) => (req: Req, _res: Res, next: Next) => {
				req.url = to + req.url.slice(1);
				next();
			};
			const report = (req: Req, res: Res) => res.json({ url: req.url, originalUrl: req.originalUrl, baseUrl: req.baseUrl, path: req.path });
			app.use('/mnt', rewrite('/foo') as never);
			app.use('/mnt', ((req: Req, res: Res, next: Next) => {
				res.setHeader('x-seen', req.url);
				next();
			}) as never);
			app.use('/mnt', report as never);
			app.use('/slash/', rewrite('/foo') as never);
			app.use('/slash', report as never);
			app.use('/same', rewrite('/') as never);
			app.use('/same', report as never);
			// A router mounted at the path, whose middleware rewrites and leaves.
			const router = framework.Router();
			router.use(((req: Req, _res: Res, next: Next) => {
				req.url = '/bar';
				next();
			}) as never);
			app.use('/sub', router);
			app.use('/sub', report as never);
			app.use(report as never);
			return app;
		};
		const paths = ['/mnt', '/mnt?x=1', '/mnt/', '/mnt/a', '/MNT', '/slash', '/slash/', '/same', '/same?q', '/sub', '/sub?q=1', '/sub/', '/sub/a'];
		const responses = await differential(
			build,
			paths.map((path) => ({ path })),
		);
		// express@5.3: /mnt rewritten to /foo comes back as /mnt/foo, so the next layer at /mnt still
		// matches (router 2.2 and Velox 4: /mntfoo, which only the last layer takes).
		assert.deepEqual(JSON.parse(responses[0].body), { url: '/foo', originalUrl: '/mnt', baseUrl: '/mnt', path: '/foo' });
		assert.equal(responses[0].headers['x-seen'], '/foo');
		assert.equal(JSON.parse(responses[1].body).url, '/foo?x=1');
		assert.deepEqual(JSON.parse(responses[9].body), { url: '/bar', originalUrl: '/sub', baseUrl: '/sub', path: '/bar' });
	});

	test('a thenable that calls its first callback unchecked is not an error (handlers, error handlers, param callbacks)', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/handler', ((_req: Req, res: Res) => {
				setImmediate(() => res.send('answered later'));
				return carelessThenable();
			}) as never);
			app.get('/error', (_req, _res, next) => next(new Error('to the handler')));
			app.use('/error', ((_err: Error, _req: Req, res: Res, _next: Next) => {
				setImmediate(() => res.send('handled later'));
				return carelessThenable();
			}) as never);
			app.param('id', ((_req: Req, _res: Res, next: Next) => {
				setImmediate(next);
				return carelessThenable();
			}) as never);
			app.get('/item/:id', (req, res) => res.send('item ' + req.params.id));
			app.use(((err: Error, _req: Req, res: Res, _next: Next) => res.status(500).send('error: ' + err.message)) as never);
			return app;
		};
		// router 2 warns (depd, as `router`) once per place that meets such a thenable: what each side warned, by who.
		const warned = { express: new Set<string>(), velox: new Set<string>() };
		const listener = (err: Error & { namespace?: string }) => {
			const side = String(err.stack).includes(`node_modules${sep}router${sep}`) ? 'express' : 'velox';
			warned[side].add(`${err.namespace} deprecated ${err.message}`);
		};
		process.on('deprecation', listener);
		let responses: Awaited<ReturnType<typeof differential>>;
		try {
			responses = await differential(build, [{ path: '/handler' }, { path: '/error' }, { path: '/item/7' }]);
		} finally {
			process.off('deprecation', listener);
		}
		assert.deepEqual(
			responses.map((r) => r.body),
			['answered later', 'handled later', 'item 7'],
		);
		const expected = [
			'router deprecated handlers that are Promise-like are deprecated, use a native Promise instead',
			'router deprecated parameters that are Promise-like are deprecated, use a native Promise instead',
		];
		assert.deepEqual([...warned.express].sort(), expected);
		assert.deepEqual([...warned.velox].sort(), expected);
	});

	test("a param callback's promise that rejects after it called next still reaches the error handlers", async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.param('id', (async (_req: Req, _res: Res, next: Next, value: string) => {
				next();
				await null;
				if (value === 'late') throw new Error('rejected after next');
			}) as never);
			app.get('/item/:id', ((req: Req & { params: { id: string } }, res: Res & { headersSent: boolean }) => {
				setTimeout(() => {
					if (!res.headersSent) res.send('handler answered ' + req.params.id);
				}, 20);
			}) as never);
			app.use(((err: Error, _req: Req, res: Res, _next: Next) => res.status(500).send('error: ' + err.message)) as never);
			return app;
		};
		const responses = await differential(build, [{ path: '/item/late' }, { path: '/item/fine' }]);
		assert.deepEqual(
			responses.map((r) => `${r.status} ${r.body}`),
			['500 error: rejected after next', '200 handler answered fine'],
		);
	});

	test('a malformed route parameter: a URIError with status and statusCode 400', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/p/:id', (req, res) => res.json(req.params));
			app.use('/m/:name', (req, res) => res.json(req.params));
			app.use(((err: Error & { status?: number; statusCode?: number }, _req: Req, res: Res, _next: Next) =>
				res.status(err.status ?? 500).json({
					name: err.name,
					message: err.message,
					status: err.status,
					statusCode: err.statusCode,
					own: Object.keys(err).sort(),
				})) as never);
			return app;
		};
		const responses = await differential(build, [{ path: '/p/%Z' }, { path: '/p/a%2' }, { path: '/m/%E0%A4%A' }, { path: '/p/a%20b' }]);
		assert.deepEqual(JSON.parse(responses[0].body), {
			name: 'URIError',
			message: "Failed to decode param '%Z'",
			status: 400,
			statusCode: 400,
			own: ['status', 'statusCode'],
		});
	});
});
