import type { ServerResponse } from 'node:http';
import type * as Shutdown from './shutdown';
import { timeout } from './timeout';
import type * as T from './types';
import type * as B from './types/beyond';
/** The type of `require('velox')`: the factory and its static members, as @types/express types `express`. */
interface Velox {
    /** Creates an application. */
    (): T.Express;
    /** The application prototype (what `velox()` mixes in). */
    application: T.Application;
    /** The request prototype: members added here appear on every request. */
    request: T.Request;
    /** The response prototype: members added here appear on every response. */
    response: T.Response;
    Route: T.RouteConstructor;
    Router: (options?: T.RouterOptions) => T.ListedRouter;
    /** Parses JSON bodies into `req.body`. */
    json: (options?: T.JsonOptions) => T.NextHandleFunction;
    /** Reads bodies into a Buffer in `req.body`. */
    raw: (options?: T.RawOptions) => T.NextHandleFunction;
    /** Reads text bodies into a string in `req.body`. */
    text: (options?: T.TextOptions) => T.NextHandleFunction;
    /** Parses urlencoded form bodies into `req.body`. */
    urlencoded: (options?: T.UrlencodedOptions) => T.NextHandleFunction;
    static: T.ServeStatic;
    /** Parses the query string into `req.query` (qs options, or a parser function). */
    query: (options?: T.QueryParserOptions | T.QueryParser) => T.Handler;
    /** Beyond Express 4: answers 503 through the error path when no response started in time (docs/api/timeouts.md). */
    timeout: typeof timeout;
    /** Beyond Express 4: graceful shutdown of a server (docs/api/shutdown.md). */
    shutdown: typeof Shutdown.shutdown;
    /** Beyond Express 4: SIGTERM/SIGINT -> `velox.shutdown`, then exit (docs/api/shutdown.md). */
    shutdownOnSignal: typeof Shutdown.shutdownOnSignal;
}
declare const velox: Velox;
declare namespace velox {
    type Application<LocalsObj extends Record<string, any> = Record<string, any>> = T.Application<LocalsObj>;
    type CookieOptions = T.CookieOptions;
    type Errback = T.Errback;
    type ErrorRequestHandler<P = T.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = T.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = T.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
    type Express = T.Express;
    type Handler = T.Handler;
    type IRoute<Route extends string = string> = T.IRoute<Route>;
    type IRouter = T.IRouter;
    type IRouterHandler<Target, Route extends string = string> = T.IRouterHandler<Target, Route>;
    type IRouterMatcher<Target, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any> = T.IRouterMatcher<Target, Method>;
    type MediaType = T.MediaType;
    type NextFunction = T.NextFunction;
    type Locals = T.Locals;
    type Request<P = T.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = T.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = T.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
    type RequestHandler<P = T.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = T.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = T.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
    type RequestParamHandler = T.RequestParamHandler;
    type Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> = T.Response<ResBody, LocalsObj, StatusCode>;
    type Router = T.Router;
    /** @deprecated Use `Router` (the name the ESM types gave it before `Router` was both a value and a type there). */
    type RouterInstance = T.Router;
    type RouterOptions = T.RouterOptions;
    type Send<ResBody = any, Target = T.Response<ResBody>> = T.Send<ResBody, Target>;
    type ApplicationRequestHandler<Target> = T.ApplicationRequestHandler<Target>;
    type ByteRange = T.ByteRange;
    type Dictionary<V> = T.Dictionary<V>;
    type DownloadOptions = T.DownloadOptions;
    type ILayer = T.ILayer;
    type Params = T.Params;
    type ParamsDictionary = T.ParamsDictionary;
    type PathParams = T.PathParams;
    type Query = T.Query;
    type RequestHandlerParams<P = T.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = T.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = T.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
    type RequestRanges = T.RequestRanges;
    type RouteParameters<Route extends string> = T.RouteParameters<Route>;
    type SendFileOptions = T.SendFileOptions;
    type BodyParserOptions = T.BodyParserOptions;
    type EngineCallback = T.EngineCallback;
    type JsonOptions = T.JsonOptions;
    type Mime = T.Mime;
    type NextHandleFunction = T.NextHandleFunction;
    type ParamKeys<Route extends string> = T.ParamKeys<Route>;
    type ParsedQs = T.ParsedQs;
    type QueryParser = T.QueryParser;
    type QueryParserOptions = T.QueryParserOptions;
    type RangeParserOptions = T.RangeParserOptions;
    type RangeParserResult = T.RangeParserResult;
    type RawOptions = T.RawOptions;
    type RenderCallback = T.RenderCallback;
    type RouteConstructor = T.RouteConstructor;
    type SendOptions = T.SendOptions;
    type ServeStatic<R extends ServerResponse = T.Response> = T.ServeStatic<R>;
    type ServeStaticHandler<R extends ServerResponse = T.Response> = T.ServeStaticHandler<R>;
    type ServeStaticOptions<R extends ServerResponse = ServerResponse> = T.ServeStaticOptions<R>;
    type TextOptions = T.TextOptions;
    type UrlencodedOptions = T.UrlencodedOptions;
    type RouteEntry = T.RouteEntry;
    type RouteKind = T.RouteKind;
    type RouteList = T.RouteList;
    type ListedRouter = T.ListedRouter;
    type InjectOptions = T.InjectOptions;
    type InjectResponse = T.InjectResponse;
    type LayerMessage = T.LayerMessage;
    type LayerType = T.LayerType;
    type RequestMessage = T.RequestMessage;
    type ShutdownOptions = B.ShutdownOptions;
    type ShutdownOnSignalOptions = B.ShutdownOnSignalOptions;
    type TimeoutError = B.TimeoutError;
    type ClientClosedError = B.ClientClosedError;
}
export = velox;
