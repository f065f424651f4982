// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * Handler shapes: what `app.use`, `app.METHOD`, `route.METHOD` and
 * `app.param` accept. The type parameters, their order and their defaults
 * are those of @types/express@4; a handler returns `void`, so `async`
 * handlers (returning a promise) are accepted too.
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	import type { IncomingMessage, ServerResponse } from 'http';

	/** What `next` accepts: nothing, an error, or the strings `'route'` and `'router'`. */
	export interface NextFunction {
		(err?: any): void;
		/** Skips the rest of this router's stack. */
		(deferToNext: 'router'): void;
		/** Skips the rest of this route's handlers. */
		(deferToNext: 'route'): void;
	}

	/**
	 * A middleware or route handler.
	 *
	 * @example
	 * const auth: RequestHandler = (req, res, next) => (req.get('authorization') ? next() : res.sendStatus(401));
	 */
	export interface RequestHandler<
		P = ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> {
		// biome-ignore lint/style/useShorthandFunctionType: an interface, as in @types/express: IRouter and Handler extend it
		(req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction): void;
	}

	/**
	 * An error handler: four parameters, called with what was passed to `next(err)` or thrown.
	 *
	 * @example
	 * const onError: ErrorRequestHandler = (err, req, res, next) => res.status(500).send(err.message);
	 */
	export type ErrorRequestHandler<
		P = ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> = (err: any, req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction) => void;

	/** What `app.use`/`app.METHOD` take besides plain handlers: error handlers and arrays of handlers. */
	export type RequestHandlerParams<
		P = ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> =
		| RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
		| ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
		| Array<RequestHandler<P> | ErrorRequestHandler<P>>;

	/** A request handler with the default type arguments. */
	export interface Handler extends RequestHandler {}

	/**
	 * An `app.param(name, handler)` callback: `value` is the parameter's value, `name` its name.
	 *
	 * @example
	 * app.param('id', (req, res, next, id) => (/^\d+$/.test(id) ? next() : next('route')));
	 */
	export type RequestParamHandler = (req: Request, res: Response, next: NextFunction, value: any, name: string) => any;

	/** The callback `res.sendFile`/`res.download` call once the transfer ended (with no argument on success). */
	export type Errback = (err: Error) => void;

	/** Anything callable as a listener with `next`: a Velox or Express application or router. */
	export type RequestListener = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => unknown;

	/** @deprecated Use `RequestParamHandler`. */
	export type ParamCallback = RequestParamHandler;
}
