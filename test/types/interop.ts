/**
 * Velox beside @types/express (which middleware typings such as express-session's pull in):
 * routers, requests, responses and applications are assignable in both directions, and
 * middleware typed against Express plugs into Velox.
 */
import type * as core from 'express-serve-static-core';
import express = require('express');
import cookieParser = require('cookie-parser');
import velox = require('velox');
import type { IParseOptions } from 'qs';
import { type Equal, expectType } from './helpers';

declare const veloxRouter: velox.Router;
declare const expressRouter: express.Router;
export const r1: express.Router = veloxRouter;
export const r2: velox.Router = expressRouter;
export const r3: core.Router = veloxRouter;
export const r4: velox.Router = {} as core.Router;
export const q1: express.Request = {} as velox.Request;
export const q2: velox.Request = {} as express.Request;
export const s1: express.Response = {} as velox.Response;
export const s2: velox.Response = {} as express.Response;
export const a1: express.Application = velox();
export const a2: velox.Application = express();
export const a3: express.Express = velox();
// Velox declares the module express-serve-static-core, whose Express @types/express's `express()`
// returns: beside Velox, an Express app is typed as Velox's (with inject and routes).
export const a4: velox.Express = express();
expectType<Equal<ReturnType<typeof express>, core.Express>>(true);
expectType<Equal<ReturnType<typeof express.Router>, core.Router>>(true);
export const a5: velox.Application = express();
export const i1: express.IRoute = {} as velox.IRoute;
export const i2: velox.IRoute = {} as express.IRoute;
export const l1: core.ILayer = {} as velox.ILayer;
export const l2: velox.ILayer = {} as core.ILayer;
export const h1: express.RequestHandler = {} as velox.RequestHandler;
export const h2: velox.RequestHandler = {} as express.RequestHandler;
export const e1: express.ErrorRequestHandler = {} as velox.ErrorRequestHandler;
export const e2: velox.ErrorRequestHandler = {} as express.ErrorRequestHandler;
export const c1: velox.CookieOptions = {} as express.CookieOptions;

// The module itself: code that takes `typeof express` takes Velox.
export const factory: typeof express = velox;

// A function typed against Express takes Velox's objects, and the other way round.
function mountExpress(router: express.Router): express.Router {
	return router;
}
function mountVelox(router: velox.Router): velox.Router {
	return router;
}
mountExpress(velox.Router());
mountVelox(express.Router());

const app = velox();
app.use(express.Router());
app.use('/e', express.Router(), express.json());
app.use(express());
const eapp = express();
eapp.use(velox.Router());
eapp.use('/v', velox());
eapp.use(velox.json(), velox.static('public'));

// A middleware typed by @types/express before an inline handler: as in @types/express,
// its type arguments are inferred for the route.
app.get('/cookie/:id', cookieParser('secret'), (req, res) => {
	const id: string = req.params.id;
	res.json({ id, cookies: req.cookies });
});

// qs's own option type is accepted by velox.query.
declare const parseOptions: IParseOptions;
app.use(velox.query(parseOptions));
app.use(velox.query({ depth: 2 }));

// The inferred types of a handler's parameters are those @types/express infers.
app.post('/same', (req, res) => {
	expectType<Equal<typeof req.body, express.Request['body']>>(true);
	expectType<Equal<ReturnType<typeof res.status>, typeof res>>(true);
});
