/**
 * Routers and middleware mounted on paths: the mount path is stripped from
 * `req.url` inside and restored after; `req.baseUrl` and `req.originalUrl`
 * stay right through nesting; mount paths with params; `mergeParams`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { differentialInProcess as differential } from './helpers/differential';

function state(req: Request): string {
	return JSON.stringify({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: req.params });
}

type Traced = Request & { trail?: string[] };

function record(label: string) {
	return (req: Request, _res: Response, next: NextFunction): void => {
		((req as Traced).trail ??= []).push(label + ' ' + state(req));
		next();
	};
}

function report(req: Request, res: Response): void {
	res.setHeader('Content-Type', 'text/plain');
	res.end(((req as Traced).trail ?? []).concat('end ' + state(req)).join('\n'));
}

describe('mount paths', () => {
	test('a mount path matches itself and paths continuing after a slash only', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.use('/abc', (req, res) => res.end('mounted ' + req.url));
				return app;
			},
			['/abc', '/abc/', '/abc/x/y', '/ABC/x', '/abcd', '/abc.json', '/ab', '/abc?q=1', '/abc/?q=1', '/abc//x'].map((path) => ({ path })),
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 200, 200, 200, 404, 404, 404, 200, 200, 200],
		);
		assert.equal(responses[0].body, 'mounted /');
		assert.equal(responses[2].body, 'mounted /x/y');
		assert.equal(responses[7].body, 'mounted /?q=1');
	});

	test('the url is stripped inside and restored for later layers; baseUrl follows', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const inner = framework.Router();
				const outer = framework.Router();
				inner.use(record('inner mw'));
				inner.get('/leaf', record('inner route'), (_req, _res, next) => next());
				outer.use('/in', inner);
				outer.use(record('outer after'));
				app.use('/out', outer);
				app.use(record('app after'));
				app.use(report);
				return app;
			},
			[{ path: '/out/in/leaf?x=1' }],
		);
		assert.deepEqual(
			response.body.split('\n').map((line) => JSON.parse(line.slice(line.indexOf('{'))).baseUrl),
			['/out/in', '/out/in', '/out', '', ''],
		);
	});

	test('a trailing slash on the mount path, regexps and arrays as mount paths', async () => {
		await differential(
			(framework) => {
				const app = framework();
				app.use('/slash/', record('slash'));
				app.use(/^\/re(\d+)/, record('regexp'));
				app.use(['/one', '/two'], record('array'));
				app.use('/p/:id', record('param mount'));
				app.use(report);
				return app;
			},
			['/slash', '/slash/x', '/re12/x', '/one/a', '/two', '/p/5/rest', '/p/5'].map((path) => ({ path })),
		);
	});

	test('absolute-form request targets keep their protocol and host when stripped', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use('/mnt', record('inside'));
				app.use(report);
				return app;
			},
			[{ path: 'http://example.com/mnt/x?y=1' }, { path: 'http://example.com/mnt' }],
		);
		assert.match(response.body, /"url":"http:\/\/example.com\/x\?y=1"/);
	});

	test('two routers on the same path run in order, sharing the path', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const a = framework.Router();
				const b = framework.Router();
				a.use(record('a'));
				b.use(record('b'));
				b.get('/x', report);
				app.use('/same', a);
				app.use('/same', b);
				return app;
			},
			[{ path: '/same/x' }],
		);
		assert.equal(response.body.split('\n').length, 3);
	});

	test('a router can be called directly as middleware with next', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router();
				router.use(record('router'));
				app.use((req, res, next) => router(req, res, next));
				app.use(report);
				return app;
			},
			[{ path: '/direct' }],
		);
		assert.match(response.body, /^router /);
	});

	test('an error inside a mounted router reaches error handlers outside it with the url restored', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router();
				router.get('/boom', () => {
					throw new Error('inner');
				});
				app.use('/r', router);
				app.use((err: Error, req: Request, res: Response, _next: NextFunction) => res.end(err.message + ' ' + state(req)));
				return app;
			},
			[{ path: '/r/boom' }],
		);
		assert.match(response.body, /^inner \{"url":"\/r\/boom","baseUrl":""/);
	});
});

describe('params of mount paths', () => {
	test('a router mounted on a param path sees the parent params only with mergeParams', async () => {
		const [plain, merged, conflict] = await differential(
			(framework) => {
				const app = framework();
				const plainRouter = framework.Router();
				const mergedRouter = framework.Router({ mergeParams: true });
				plainRouter.get('/:child', report);
				mergedRouter.get('/:child', report);
				mergedRouter.get('/x/:id', report);
				app.use('/plain/:id', plainRouter);
				app.use('/merged/:id', mergedRouter);
				return app;
			},
			[{ path: '/plain/1/2' }, { path: '/merged/1/2' }, { path: '/merged/1/x/3' }],
		);
		assert.match(plain.body, /"params":\{"child":"2"\}/);
		assert.match(merged.body, /"params":\{"id":"1","child":"2"\}/);
		// On a name conflict the child's value wins.
		assert.match(conflict.body, /"params":\{"id":"3"\}/);
	});

	test('mergeParams shifts numbered captures after the parent ones', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const router = framework.Router({ mergeParams: true });
				router.get(/^\/(\w+)\/(\d+)$/, report);
				app.use(/^\/re\/(\w+)/, router);
				return app;
			},
			[{ path: '/re/outer/inner/5' }],
		);
		assert.match(response.body, /"params":\{"0":"outer","1":"inner","2":"5"\}/);
	});

	test('mergeParams through two levels of routers', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const middle = framework.Router({ mergeParams: true });
				const leaf = framework.Router({ mergeParams: true });
				leaf.get('/:c', report);
				middle.use('/:b', leaf);
				app.use('/:a', middle);
				return app;
			},
			[{ path: '/1/2/3' }],
		);
		assert.match(response.body, /"params":\{"a":"1","b":"2","c":"3"\}/);
	});
});
