/**
 * Every name @types/express@4 exports, and the express-serve-static-core names people import
 * through it, exists on Velox with the same type parameters, order and defaults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import velox = require('velox');
import { type Equal, expectType, type IsAny } from './helpers';

type Locals = { user: string };
type Body = { name: string };
type Q = { page: string };

// Each name, with no type arguments and with all of them.
export type Names = [
	velox.Application,
	velox.Application<Locals>,
	velox.ApplicationRequestHandler<velox.Router>,
	velox.ByteRange,
	velox.CookieOptions,
	velox.Dictionary<number>,
	velox.DownloadOptions,
	velox.Errback,
	velox.ErrorRequestHandler,
	velox.ErrorRequestHandler<{ id: string }, Body, Body, Q, Locals>,
	velox.Express,
	velox.Handler,
	velox.ILayer,
	velox.IRoute,
	velox.IRoute<'/users/:id'>,
	velox.IRouter,
	velox.IRouterHandler<velox.Router>,
	velox.IRouterHandler<velox.Router, '/users/:id'>,
	velox.IRouterMatcher<velox.Router>,
	velox.IRouterMatcher<velox.Router, 'get'>,
	velox.Locals,
	velox.MediaType,
	velox.NextFunction,
	velox.Params,
	velox.ParamsDictionary,
	velox.PathParams,
	velox.Query,
	velox.Request,
	velox.Request<{ id: string }, Body, Body, Q, Locals>,
	velox.RequestHandler,
	velox.RequestHandler<{ id: string }, Body, Body, Q, Locals>,
	velox.RequestHandlerParams,
	velox.RequestHandlerParams<{ id: string }, Body, Body, Q, Locals>,
	velox.RequestParamHandler,
	velox.RequestRanges,
	velox.Response,
	velox.Response<Body, Locals, 200>,
	velox.RouteParameters<'/a/:b'>,
	velox.Router,
	velox.RouterOptions,
	velox.Send,
	velox.Send<Body, velox.Response<Body>>,
	velox.SendFileOptions,
	// Velox's own
	velox.BodyParserOptions,
	velox.EngineCallback,
	velox.JsonOptions,
	velox.Mime,
	velox.NextHandleFunction,
	velox.ParamKeys<'/a/:b'>,
	velox.ParsedQs,
	velox.QueryParser,
	velox.QueryParserOptions,
	velox.RangeParserOptions,
	velox.RangeParserResult,
	velox.RawOptions,
	velox.RenderCallback,
	velox.RouteConstructor,
	velox.SendOptions,
	velox.ServeStatic,
	velox.ServeStaticHandler,
	velox.ServeStaticOptions,
	velox.TextOptions,
	velox.UrlencodedOptions,
];

// Arity: one type argument too many is an error.
// @ts-expect-error: Application takes one type argument
export type A1 = velox.Application<Locals, 1>;
// @ts-expect-error: Response takes three
export type R1 = velox.Response<Body, Locals, 200, 1>;
// @ts-expect-error: Request takes five
export type Q1 = velox.Request<{}, Body, Body, Q, Locals, 1>;
// @ts-expect-error: RequestHandler takes five
export type H1 = velox.RequestHandler<{}, Body, Body, Q, Locals, 1>;
// @ts-expect-error: ErrorRequestHandler takes five
export type E1 = velox.ErrorRequestHandler<{}, Body, Body, Q, Locals, 1>;
// @ts-expect-error: RequestHandlerParams takes five
export type P1 = velox.RequestHandlerParams<{}, Body, Body, Q, Locals, 1>;
// @ts-expect-error: IRoute takes one
export type I1 = velox.IRoute<'/a', 1>;
// @ts-expect-error: IRouterMatcher takes two
export type M1 = velox.IRouterMatcher<velox.Router, 'get', 1>;
// @ts-expect-error: IRouterHandler takes two
export type N1 = velox.IRouterHandler<velox.Router, '/a', 1>;
// @ts-expect-error: Send takes two
export type S1 = velox.Send<Body, velox.Response, 1>;
// @ts-expect-error: the status code type is a number
export type R2 = velox.Response<Body, Locals, 'abc'>;
// @ts-expect-error: locals are a record
export type R3 = velox.Response<Body, string>;
// @ts-expect-error: RouteParameters takes a string
export type RP = velox.RouteParameters<1>;

// Defaults: `any` where @types/express has `any`.
expectType<Equal<velox.Request, velox.Request<velox.ParamsDictionary, any, any, velox.ParsedQs, Record<string, any>>>>(true);
expectType<Equal<velox.Response, velox.Response<any, Record<string, any>, number>>>(true);
expectType<Equal<velox.Application, velox.Application<Record<string, any>>>>(true);
expectType<Equal<velox.RequestHandler, velox.RequestHandler<velox.ParamsDictionary, any, any, velox.ParsedQs, Record<string, any>>>>(true);
expectType<Equal<velox.ErrorRequestHandler, velox.ErrorRequestHandler<velox.ParamsDictionary, any, any, velox.ParsedQs, Record<string, any>>>>(true);
expectType<Equal<velox.IRoute, velox.IRoute<string>>>(true);
expectType<Equal<velox.Send, velox.Send<any, velox.Response<any>>>>(true);
expectType<IsAny<velox.Request['body']>>(true);
expectType<IsAny<velox.Response['locals']['anything']>>(true);
expectType<IsAny<Parameters<velox.ErrorRequestHandler>[0]>>(true);
expectType<IsAny<Parameters<velox.Response['send']>[0]>>(true);
expectType<Equal<velox.Query, velox.ParsedQs>>(true);
expectType<Equal<velox.Params, velox.ParamsDictionary>>(true);
expectType<Equal<velox.Request['query'], velox.ParsedQs>>(true);
expectType<Equal<velox.Request['params'], velox.ParamsDictionary>>(true);
expectType<Equal<Parameters<velox.Errback>, [err: Error]>>(true);
expectType<Equal<ReturnType<velox.Errback>, void>>(true);
expectType<Equal<ReturnType<velox.RequestHandler>, void>>(true);
expectType<Equal<velox.Request<{ id: string }, Body, Body, Q, Locals>['body'], Body>>(true);
expectType<Equal<velox.Response<Body, Locals>['locals'], Locals & import('express-serve-static-core').Locals>>(true);

// The values of the factory, typed as @types/express types them: the factory returns the
// Express of the module express-serve-static-core, the prototypes have the module's own types.
expectType<Equal<ReturnType<typeof velox>, import('express-serve-static-core').Express>>(true);
export const asModuleExpress: velox.Express = velox();
expectType<Equal<typeof velox.application, velox.Application>>(true);
expectType<Equal<typeof velox.request, velox.Request>>(true);
expectType<Equal<typeof velox.response, velox.Response>>(true);
expectType<Equal<ReturnType<typeof velox.Router>, velox.ListedRouter>>(true);
export const listed: velox.Router = velox.Router();
expectType<Equal<Parameters<typeof velox.Router>[0], velox.RouterOptions | undefined>>(true);
expectType<Equal<ReturnType<typeof velox.json>, velox.NextHandleFunction>>(true);
expectType<Equal<typeof velox.static, velox.ServeStatic>>(true);
export const route: velox.IRoute = new velox.Route('/a');
export const listener: (req: IncomingMessage, res: ServerResponse) => void = velox();
