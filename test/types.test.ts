/**
 * The bundled types: this file is type-checked by the test build (`tsc -p tsconfig.json`),
 * so a regression in the public types fails `npm test` before any test runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import type * as express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import morgan from 'morgan';
import request from 'supertest';
import velox from '../src/index';

test('route params are typed from the path literal', async () => {
	const app = velox();
	app.get('/users/:id/posts/:postId', (req, res) => {
		const id: string = req.params.id;
		const postId: string = req.params.postId;
		// @ts-expect-error: not a parameter of this path
		void req.params.nope;
		res.end(id + '/' + postId);
	});
	app.post('/files/:name.:ext', (req, res) => {
		const both: string = req.params.name + req.params.ext;
		res.end(both);
	});
	app.get('/opt/:maybe?', (req, res) => {
		const value: string = req.params.maybe;
		res.end(value ?? '');
	});
	const router = velox.Router();
	router.put('/items/:itemId(\\d+)', (req, res) => {
		const itemId: string = req.params.itemId;
		res.end(itemId);
	});
	app.use('/api', router);
	const response = await request(app).get('/users/1/posts/2');
	assert.equal(response.text, '1/2');
});

test('handlers typed for @types/express and popular middleware are accepted', () => {
	const app = velox();
	const expressTyped: express.RequestHandler = (_req, _res, next) => next();
	const expressErrorHandler: express.ErrorRequestHandler = (_err, _req, _res, next) => next();
	app.use(expressTyped);
	app.use(cookieParser('secret'));
	app.use(cors());
	app.use(helmet());
	app.use(morgan('tiny'));
	app.use(compression());
	app.use(session({ secret: 's', resave: false, saveUninitialized: false }));
	app.get('/typed', expressTyped);
	app.use(expressErrorHandler);
	assert.equal(typeof app, 'function');
});

test('the public type names exist on the velox namespace', () => {
	const handler: velox.RequestHandler = (_req: velox.Request, res: velox.Response, next: velox.NextFunction) => {
		res.status(200);
		next();
	};
	const keys: velox.ParamKeys<'/a/:b/:c'>[] = ['b', 'c'];
	const params: velox.RouteParameters<'/a/:b'> = { b: 'x' };
	assert.equal(typeof handler, 'function');
	assert.deepEqual(keys, ['b', 'c']);
	assert.equal(params.b, 'x');
});
