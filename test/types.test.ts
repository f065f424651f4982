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
import multer from 'multer';
import velox, { type NextFunction, type Request, type Response } from '../src/express';

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
		const value: string | undefined = req.params.maybe;
		// @ts-expect-error: an optional parameter may be absent
		const required: string = req.params.maybe;
		res.end((value ?? '') + (required ?? ''));
	});
	app.route('/things/:thingId').get((req, res) => {
		const thingId: string = req.params.thingId;
		// @ts-expect-error: not a parameter of this route
		void req.params.other;
		res.end(thingId);
	});
	app.use('/mounted/:tenant', (req, _res, next) => {
		const tenant: string = req.params.tenant;
		next(tenant === '' ? new Error('no tenant') : undefined);
	});
	const router = velox.Router();
	router.put('/items/:itemId(\\d+)', (req, res) => {
		const itemId: string = req.params.itemId;
		res.end(itemId);
	});
	app.use('/api', router);
	app.get('/mounted/:tenant/who', (req, res) => res.end(req.params.tenant));
	assert.equal((await request(app).get('/users/1/posts/2')).text, '1/2');
	assert.equal((await request(app).get('/opt')).text, '');
	assert.equal((await request(app).get('/things/5')).text, '5');
	assert.equal((await request(app).get('/mounted/acme/who')).text, 'acme');
	assert.equal((await request(app).put('/api/items/3')).text, '3');
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

test('a middleware typed by @types/express followed by an inline handler keeps the handler typed', async () => {
	const app = velox();
	app.get('/cookie/:id', cookieParser('s'), (req, res) => {
		const id: string = req.params.id;
		// as in @types/express, the middleware's own type (ParamsDictionary) is inferred for the route
		const other: string | undefined = req.params.nope;
		res.json({ id, cookies: req.cookies, other });
	});
	app.use(cors(), (_req, _res, next) => next());
	app.post('/upload', multer().single('f'), (req, res) => res.send(req.file?.originalname ?? 'none'));
	const router = velox.Router();
	router.post('/r/:rid', cookieParser(), (req, res) => res.send(req.params.rid));
	app.route('/route/:name').post(cookieParser(), (req, res) => res.send(req.params.name));
	app.use(router);
	assert.deepEqual((await request(app).get('/cookie/7').set('Cookie', 'a=b')).body, { id: '7', cookies: { a: 'b' } });
	assert.equal((await request(app).post('/upload')).text, 'none');
	assert.equal((await request(app).post('/r/x')).text, 'x');
	assert.equal((await request(app).post('/route/y')).text, 'y');
});

// An application's own augmentation, the way @types/passport adds `req.user`.
declare global {
	namespace Express {
		interface Request {
			requestId?: string;
		}
	}
}

test('middleware augmentations of the global Express namespace reach Velox handlers', async () => {
	const app = velox();
	app.use(session({ secret: 's', resave: false, saveUninitialized: true }));
	app.use((req, _res, next) => {
		req.requestId = 'r1';
		next();
	});
	app.get('/', (req, res) => {
		const requestId: string | undefined = req.requestId;
		const sessionId: string = req.sessionID;
		const file: Express.Multer.File | undefined = req.file;
		res.json({ hasSession: typeof req.session === 'object', sessionId: typeof sessionId, file: file === undefined, requestId });
	});
	assert.deepEqual((await request(app).get('/')).body, { hasSession: true, sessionId: 'string', file: true, requestId: 'r1' });
});

test('Velox objects are assignable to @types/express ones', async () => {
	const app = velox();
	const asExpress: express.Application = app;
	const describe = (req: express.Request, res: express.Response): string => req.path + ' ' + String(res.statusCode);
	app.get('/seen', (req, res) => {
		// a helper typed against @types/express accepts Velox's req and res
		const seen = describe(req, res);
		// declared as in @types/express (and marked deprecated: Express 4 never sets or reads them)
		const accepted: velox.MediaType[] | undefined = req.accepted;
		const charset: string = res.charset;
		res.send(seen + (accepted === undefined && charset === undefined ? '' : '!'));
	});
	asExpress.set('marker', 'set through the Express type');
	assert.equal(app.get('marker'), 'set through the Express type');
	assert.equal((await request(app).get('/seen')).text, '/seen 200');
});

test('code written for @types/express compiles with only the import changed', async () => {
	const app = velox();
	const api = velox.Router();
	function logger(_req: Request, _res: Response, next: NextFunction): void {
		next();
	}
	const notFound: velox.RequestHandler = (_req, res) => {
		res.status(404).json({ error: 'not found' });
	};
	app.set('title', 'demo');
	const title: string = app.get('title');
	app.use(velox.json());
	app.use(logger);
	api.post('/echo', (req: Request<velox.ParamsDictionary, unknown, { name: string }>, res: Response) => {
		res.json({ name: req.body.name });
	});
	app.use('/api', api);
	app.use(notFound);
	const server = app.listen(0, () => {});
	const isServer: boolean = server instanceof (await import('node:http')).Server;
	server.close();
	assert.equal(title, 'demo');
	assert.equal(isServer, true);
	assert.deepEqual((await request(app).post('/api/echo').send({ name: 'v' })).body, { name: 'v' });
	assert.equal((await request(app).get('/missing')).status, 404);
});

test('req.body is any unless typed, as in @types/express; type arguments type it the way @types/express takes them', async () => {
	const app = velox();
	app.use(velox.json());
	app.post('/untyped', cookieParser(), (req, res) => {
		const name: string | undefined = req.body.name;
		res.end(name);
	});
	app.post<'/login/:site', velox.RouteParameters<'/login/:site'>, unknown, { name: string }>('/login/:site', (req, res) => {
		const name: string = req.body.name;
		res.send(req.params.site + ':' + name);
	});
	app.post<velox.ParamsDictionary, unknown, { count: number }>('/count', (req, res) => {
		const count: number = req.body.count;
		res.json(count + 1);
	});
	app.get(/^\/re(\d)$/, (req, res) => res.send(req.params[0]));
	app.set('port', 3000);
	const port = app.get<number>('port');
	assert.equal(port, 3000);
	assert.equal((await request(app).post('/login/a').send({ name: 'n' })).text, 'a:n');
	assert.equal((await request(app).post('/count').send({ count: 1 })).text, '2');
	assert.equal((await request(app).get('/re7')).text, '7');
});
