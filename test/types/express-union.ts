/**
 * Velox installed as `express`, in a declaration shaped as @feathersjs/express 5 declares its
 * `app.use`: overloads whose rest parameter is an array of a union holding `Express`,
 * `RequestHandler`, `RequestHandler[]` and a service object. An inline function there takes
 * its parameters' types from the union's one callable shape (`RequestHandler`, or
 * `ErrorRequestHandler` with four parameters), as with @types/express@4: an `Express` with a
 * second three-parameter call signature leaves them implicit `any` (TS7006).
 *
 * Like @types/express, a two-parameter function there gets no contextual type (an app is also
 * callable as `(req, res)`, a listener): declare its parameters, or take `next`.
 */
import express, { type Express } from 'express';
import { type Equal, expectType } from './helpers';

interface ServiceLike {
	find?(params?: unknown): Promise<unknown>;
}
interface UnionUseHandler<T> {
	<L extends string>(path: L, ...middlewareOrService: (Express | express.RequestHandler | express.RequestHandler[] | ServiceLike)[]): T;
	(path: string | RegExp, ...expressHandlers: express.RequestHandler[]): T;
	(...expressHandlers: express.RequestHandler[]): T;
	(handler: Express | express.ErrorRequestHandler): T;
}
type UnionApp = Omit<Express, 'use'> & { use: UnionUseHandler<UnionApp> };

declare const app: UnionApp;
app.use('/messages', function (req, res, next) {
	expectType<Equal<typeof req, express.Request>>(true);
	expectType<Equal<typeof res, express.Response>>(true);
	expectType<Equal<typeof next, express.NextFunction>>(true);
	if (req.query.skip) next();
	else res.json({ url: req.url });
});
app.use('/users', express(), (req, res, next) => (req.get('authorization') ? next() : res.sendStatus(401)), { find: async () => [] });
app.use('/items', [
	(req, res, next) => {
		res.locals.start = Date.now();
		next(req.query.fail ? new Error('failed') : undefined);
	},
]);
// The error handler as the only argument: declared apart, as with @types/express (inline, the
// overload taking `...RequestHandler[]` fixes its four parameters as `any` before the last is tried).
const onError: express.ErrorRequestHandler = (err, req, res, next) => {
	expectType<Equal<typeof req, express.Request>>(true);
	res.status(500).json({ message: String(err) });
	next();
};
app.use(onError);
app.use('/plain', (_req: express.Request, res: express.Response) => res.end());
// What Velox adds stays: `express()` is still Velox's app, and its routes type params from the path.
express().get('/users/:id', (req) => expectType<Equal<typeof req.params, { id: string }>>(true)); // $ExpectType Express
