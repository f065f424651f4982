/** `app.use` argument shapes: path optional, functions, arrays, nested arrays, routers and apps. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import velox from '../src/express';
import { differential } from './helpers/differential';

type Traced = Request & { trail?: string[] };

function mark(label: string) {
	return (req: Request, _res: Response, next: NextFunction): void => {
		((req as Traced).trail ??= []).push(label);
		next();
	};
}

function report(req: Request, res: Response): void {
	res.end(((req as Traced).trail ?? []).join(','));
}

test('every argument shape registers its middleware in order', async () => {
	const responses = await differential(
		(framework) => {
			const app = framework();
			app.use(mark('fn'));
			app.use(mark('fn1'), mark('fn2'));
			app.use([mark('arr1'), [mark('nested')]] as never, mark('after arr'));
			app.use('/p', mark('path'));
			app.use('/p', [mark('path arr')] as never, mark('path fn'));
			app.use(['/p', '/q'], mark('paths'));
			const router = framework.Router();
			router.use(mark('router'));
			app.use('/p', router);
			const sub = framework();
			sub.use(mark('sub-app'));
			app.use([sub]);
			app.use(report);
			return app;
		},
		[{ path: '/p/x' }, { path: '/q' }, { path: '/' }],
	);
	assert.equal(responses[0].body, 'fn,fn1,fn2,arr1,nested,after arr,path,path arr,path fn,paths,router,sub-app');
	assert.equal(responses[1].body, 'fn,fn1,fn2,arr1,nested,after arr,paths,sub-app');
});

test('app.use runs for every method and returns the app', async () => {
	const app = velox();
	assert.equal(app.use(report), app);
	await differential(
		(framework) => {
			const other = framework();
			other.use(mark('any'));
			other.use(report);
			return other;
		},
		['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'].map((method) => ({ method, path: '/x' })),
	);
});

test('an empty array or no middleware throws', () => {
	const app = velox();
	assert.throws(() => app.use([]), { message: 'app.use() requires a middleware function' });
	assert.throws(() => (app.use as () => void)(), { message: 'app.use() requires a middleware function' });
	assert.throws(() => app.use('/x', [] as never), { message: 'app.use() requires a middleware function' });
});
