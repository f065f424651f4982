/**
 * Handler shapes: what `app.use`, `app.METHOD`, `route.METHOD` and
 * `app.param` accept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParamsDictionary, ParsedQs } from './params';
import type { Request } from './request';
import type { Response } from './response';

/** What `next` accepts: nothing, an error, or the strings `'route'` and `'router'`. */
export interface NextFunction {
	(err?: unknown): void;
	(deferToNext: 'router'): void;
	(deferToNext: 'route'): void;
}

type LocalsRecord = Record<string, unknown>;

// Handler parameters are declared through a method so they compare bivariantly,
// as in @types/express: handlers typed against Express's own types are accepted.
export type RequestHandler<
	P = ParamsDictionary,
	ResBody = unknown,
	ReqBody = unknown,
	ReqQuery = ParsedQs,
	Locals extends LocalsRecord = LocalsRecord,
> = {
	bivarianceHack(req: Request<P, ResBody, ReqBody, ReqQuery, Locals>, res: Response<ResBody, Locals>, next: NextFunction): unknown;
}['bivarianceHack'];

export type ErrorRequestHandler<
	P = ParamsDictionary,
	ResBody = unknown,
	ReqBody = unknown,
	ReqQuery = ParsedQs,
	Locals extends LocalsRecord = LocalsRecord,
> = {
	bivarianceHack(err: unknown, req: Request<P, ResBody, ReqBody, ReqQuery, Locals>, res: Response<ResBody, Locals>, next: NextFunction): unknown;
}['bivarianceHack'];

/** What `app.use`/`app.METHOD` take besides plain handlers: error handlers and arrays of them. */
export type RequestHandlerParams<
	P = ParamsDictionary,
	ResBody = unknown,
	ReqBody = unknown,
	ReqQuery = ParsedQs,
	Locals extends LocalsRecord = LocalsRecord,
> =
	| RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>
	| ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>
	| readonly (RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>)[];

export type ParamCallback = {
	bivarianceHack(req: Request, res: Response, next: NextFunction, value: string, name: string): unknown;
}['bivarianceHack'];

/** Anything callable as a listener with `next`: a Velox or Express application or router. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => unknown;
