/**
 * Sub-apps mounted with `app.use`: the `mount` event with the parent,
 * `mountpath` (string or array), one or several paths, `req.app`/`res.app`
 * pointing at the sub-app inside it and restored after, errors and 404s
 * flowing back to the parent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';
import { differential } from './helpers/differential';

describe('mounting', () => {
	test('the mount event fires once per app.use with the parent', () => {
		const parent = velox();
		const child = velox();
		const seen: unknown[] = [];
		child.on('mount', (arg: unknown) => seen.push(arg));
		parent.use('/child', child);
		assert.deepEqual(seen, [parent]);
		assert.equal(child.parent, parent);
	});

	test('mountpath is the pattern: "/" by default, a string, or an array', () => {
		const root = velox();
		assert.equal(root.mountpath, '/');
		const one = velox();
		const many = velox();
		const bare = velox();
		root.use('/blog/:year', one);
		root.use(['/a', '/b'], many);
		root.use(bare);
		assert.equal(one.mountpath, '/blog/:year');
		assert.deepEqual(many.mountpath, ['/a', '/b']);
		assert.equal(bare.mountpath, '/');
	});

	test('several sub-apps in one app.use call are all mounted', async () => {
		await differential(
			(framework) => {
				const app = framework();
				const a = framework();
				const b = framework();
				a.get('/a', (_req, res) => res.end('a'));
				b.get('/b', (_req, res) => res.end('b'));
				app.use('/s', a, b);
				return app;
			},
			[{ path: '/s/a' }, { path: '/s/b' }],
		);
	});

	test('a sub-app answers under its mount paths with baseUrl and stripped url', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				const blog = framework();
				blog.get('/', (req, res) => res.end('index ' + req.baseUrl + ' ' + req.url + ' ' + req.originalUrl));
				blog.get('/:post', (req, res) => res.end('post ' + req.params.post + ' ' + req.baseUrl));
				app.use(['/blog', '/news/:section'], blog);
				return app;
			},
			['/blog', '/blog/', '/blog/hello', '/news/tech/x', '/news/tech', '/other'].map((path) => ({ path })),
		);
		assert.equal(responses[0].body, 'index /blog / /blog');
		assert.equal(responses[3].body, 'post x /news/tech');
		assert.equal(responses[5].status, 404);
	});

	test('req.app and res.app are the sub-app inside it and the parent again after it calls next', async () => {
		const parent = velox();
		const child = velox();
		const seen: string[] = [];
		const name = (app: unknown): string => (app === parent ? 'parent' : app === child ? 'child' : 'other');
		child.use((req: Request, res: Response, next: NextFunction) => {
			seen.push('inside ' + name(req.app) + ' ' + name(res.app));
			next();
		});
		parent.use('/c', child);
		parent.use((req: Request, res: Response) => {
			seen.push('after ' + name(req.app) + ' ' + name(res.app));
			res.end(seen.join(','));
		});
		const response = await request(parent).get('/c/x');
		assert.equal(response.text, 'inside child child,after parent parent');
	});

	test("the sub-app's request and response prototypes inherit the parent's", async () => {
		const parent = velox();
		const child = velox();
		(parent.response as unknown as Record<string, unknown>).fromParent = function fromParent(this: Response) {
			this.end('parent helper');
		};
		child.get('/', (_req: Request, res: Response) => (res as unknown as { fromParent(): void }).fromParent());
		parent.use('/c', child);
		assert.equal(Object.getPrototypeOf(child.request), parent.request);
		assert.equal(Object.getPrototypeOf(child.response), parent.response);
		assert.equal((await request(parent).get('/c')).text, 'parent helper');
	});

	test('errors and unmatched requests leave the sub-app for the parent', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				const child = framework();
				child.get('/boom', () => {
					throw new Error('child error');
				});
				app.use('/c', child);
				app.use('/c', (req, res) => res.end('parent fallback ' + req.url));
				app.use((err: Error, req: Request, res: Response, _next: NextFunction) => res.end('parent caught ' + err.message + ' ' + req.url));
				return app;
			},
			[{ path: '/c/boom' }, { path: '/c/missing' }],
		);
		assert.equal(responses[0].body, 'parent caught child error /c/boom');
		assert.equal(responses[1].body, 'parent fallback /missing');
	});

	test("a sub-app's error handler handles its own errors; its final handler is not used", async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const child = framework();
				child.use((_req, _res, next) => next(new Error('inner')));
				child.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.end('child caught ' + err.message));
				app.use(child);
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'child caught inner');
	});

	test('a sub-app without routes passes requests through', async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				app.use('/empty', framework());
				app.use((req, res) => res.end('through ' + req.url));
				return app;
			},
			[{ path: '/empty/x' }],
		);
		assert.equal(response.body, 'through /empty/x');
	});

	test('the X-Powered-By header follows the setting of each app the request passes', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.disable('x-powered-by');
				const child = framework();
				child.get('/', (_req, res) => res.end('child'));
				const quiet = framework();
				quiet.disable('x-powered-by');
				quiet.get('/', (_req, res) => res.end('quiet'));
				app.use('/child', child);
				app.use('/quiet', quiet);
				app.get('/', (_req, res) => res.end('parent'));
				return app;
			},
			[{ path: '/child' }, { path: '/quiet' }, { path: '/' }],
		);
		assert.deepEqual(
			responses.map((r) => r.headers['x-powered-by']),
			['Velox', undefined, undefined],
		);
	});

	test('the routing settings of a sub-app apply inside it', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				const child = framework();
				child.enable('case sensitive routing');
				child.get('/Exact', (_req, res) => res.end('exact'));
				app.use('/c', child);
				return app;
			},
			[{ path: '/c/Exact' }, { path: '/c/exact' }],
		);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 404],
		);
	});
});
