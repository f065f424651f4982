// biome-ignore-all lint/suspicious/noExplicitAny: the exported types mirror @types/express, whose open slots are `any`
/**
 * Velox: the Express 4 interface, faster and safer.
 * `require('velox')` is the factory itself, with its static members on it.
 *
 * @example
 * const velox = require('velox');
 * const app = velox();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
import { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';
import type MimeModule from 'mime';
import type * as BodyParsers from './core/body';
import type { App } from './core/types/model';
import type * as Shutdown from './core/lifecycle/shutdown';
import type * as Static from './core/static';
import { veloxError } from './core/errors';
import { timeout } from './core/lifecycle/timeout';
import type * as T from './core/types';
import type { ByLine, RoutePath } from 'express-serve-static-core';
import type * as B from './core/types/beyond';
import type { Next } from './core/router/types';
import { hasOwn, onFirstUse } from './core/base/utils';
import { linePolicy } from './core/lines';
import { migrationReport } from './core/lines/migration';
// Express 4's modules, loaded from their paths through node's loader as Express's lib/express.js
// loads them: APM agents hook these files by path and patch what they export.
import application = require('./application');
import query = require('./middleware/query');
import request = require('./request');
import response = require('./response');
import RouterFactory = require('./router/index');
import RouteClass = require('./router/route');

// The body parsers, the file engine, mime and the shutdown helpers load with their first use
// (docs/design.md, "Startup: deferred modules").
const loadBodyParsers = onFirstUse(() => require('./core/body') as typeof BodyParsers);
const loadStatic = onFirstUse(() => require('./core/static') as typeof Static);
const loadMime = onFirstUse(() => require('mime') as typeof MimeModule);
const loadShutdown = onFirstUse(() => require('./core/lifecycle/shutdown') as typeof Shutdown);

/** Copies own property descriptors, skipping names `target` already has (merge-descriptors, redefine = false). */
function mixin(target: object, source: object): void {
	for (const name of Object.getOwnPropertyNames(source)) {
		if (hasOwn(target, name)) continue;
		Object.defineProperty(target, name, Object.getOwnPropertyDescriptor(source, name)!);
	}
}

function createApplication(): T.Express {
	const app = function app(req: IncomingMessage, res: ServerResponse, next?: Next): void {
		(app as App).handle(req, res, next);
	} as App;
	mixin(app, EventEmitter.prototype);
	mixin(app, application);
	app.request = Object.create(request, { app: { configurable: true, enumerable: true, writable: true, value: app } });
	app.response = Object.create(response, { app: { configurable: true, enumerable: true, writable: true, value: app } });
	app.init();
	// Checked: the internal `App` and the public `Express` overlap member by member.
	return app as T.Express;
}

/** The factory's members Express 5 removed: on Velox 4's `velox` only (core/types/line.ts). */
interface VeloxExpress4Only {
	/** Parses the query string into `req.query` (qs options, or a parser function). */
	query: (options?: T.QueryParserOptions | T.QueryParser) => T.Handler;
}

/** The type of `require('velox')`: the factory and its static members, as @types/express types `express`. */
interface Velox extends ByLine<VeloxExpress4Only, {}> {
	/** Creates an application. */
	(): T.Express;
	// The prototypes are typed with the module's own interfaces, as @types/express types them, so
	// that `declare module 'express'` augmentations reach them.
	/** The application prototype (what `velox()` mixes in). */
	application: velox.Application;
	/** The request prototype: members added here appear on every request. */
	request: velox.Request;
	/** The response prototype: members added here appear on every response. */
	response: velox.Response;
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
	/** Beyond Express 4: answers 503 through the error path when no response started in time (docs/api/timeouts.md). */
	timeout: typeof timeout;
	/** Beyond Express 4: graceful shutdown of a server (docs/api/shutdown.md). */
	shutdown: typeof Shutdown.shutdown;
	/** Beyond Express 4: SIGTERM/SIGINT -> `velox.shutdown`, then exit (docs/api/shutdown.md). */
	shutdownOnSignal: typeof Shutdown.shutdownOnSignal;
	/** Beyond Express 4: what Express 5 would treat differently in this process, when VELOX_MIGRATION_REPORT is set (docs/migration-report.md). */
	migrationReport: typeof migrationReport;
}

const velox = createApplication as Velox;
// The implementation's objects are typed by the internal model (core/types/model.ts, and the router's
// own types in core/router/); each `as` below is checked by the compiler: the two types must
// overlap member by member (docs/design.md, "Type model").
// The one bridge: @types/express types `express.application` as the callable `Application`,
// while the prototype is a plain object (what `velox()` mixes into each app function).
velox.application = application as unknown as velox.Application;
velox.request = request as velox.Request;
velox.response = response as velox.Response;
velox.Route = RouteClass as T.RouteConstructor;
velox.Router = RouterFactory as Velox['Router'];
velox.json = function json(options) {
	return loadBodyParsers().json(options);
};
velox.raw = function raw(options) {
	return loadBodyParsers().raw(options);
};
velox.text = function text(options) {
	return loadBodyParsers().text(options);
};
velox.urlencoded = function urlencoded(options) {
	return loadBodyParsers().urlencoded(options);
};
const serveStatic = function serveStatic(root: string, options?: Parameters<typeof Static.default>[1]) {
	return loadStatic().default(root, options);
} as typeof Static.default;
// `velox.static.mime` is the mime module itself, loaded when read (as `express.static.mime`); an
// assignment replaces it, as on a plain property. Express 5's serve-static has none (lines/).
if (linePolicy().factory.staticMime) {
	Object.defineProperty(serveStatic, 'mime', {
		configurable: true,
		enumerable: true,
		get: loadMime,
		set(value: unknown) {
			Object.defineProperty(serveStatic, 'mime', { configurable: true, enumerable: true, writable: true, value });
		},
	});
}
velox.static = serveStatic as T.ServeStatic;
velox.query = query as VeloxExpress4Only['query'];

// Express 4 removed its bundled middleware and explains so when they are reached for.
const removedMiddlewares = [
	'bodyParser',
	'compress',
	'cookieSession',
	'session',
	'logger',
	'cookieParser',
	'favicon',
	'responseTime',
	'errorHandler',
	'methodOverride',
	'vhost',
	'csrf',
	'directory',
	'limit',
	'multipart',
	'staticCache',
];
for (const name of linePolicy().factory.unbundledMiddlewareErrors ? removedMiddlewares : []) {
	Object.defineProperty(velox, name, {
		configurable: true,
		get() {
			throw veloxError('VELOX_ERR_MIDDLEWARE_UNBUNDLED', name);
		},
	});
}

// Beyond Express 4 (docs/api/): not enumerable, so the static members
// listed are Express 4's. `timeout` replaces Express 4's "no longer
// bundled" error for that name.
function shutdown(server: Parameters<typeof Shutdown.shutdown>[0], options: Shutdown.ShutdownOptions = {}): Promise<void> {
	return loadShutdown().shutdown(server, options);
}

function shutdownOnSignal(server: Parameters<typeof Shutdown.shutdownOnSignal>[0], options: Shutdown.ShutdownOnSignalOptions = {}): () => void {
	return loadShutdown().shutdownOnSignal(server, options);
}

for (const [name, value] of [
	['timeout', timeout],
	['shutdown', shutdown],
	['shutdownOnSignal', shutdownOnSignal],
] as const) {
	Object.defineProperty(velox, name, { configurable: true, writable: true, value });
}

// What the line does not have (lines/): Express 5 removed these members.
{
	const removed = linePolicy().removed;
	const own = velox as unknown as Record<string, unknown>;
	for (const name of removed.factory) delete own[name];
	for (const name of removed.application) delete (application as unknown as Record<string, unknown>)[name];
	for (const name of removed.request) delete (request as unknown as Record<string, unknown>)[name];
	for (const name of removed.response) delete (response as unknown as Record<string, unknown>)[name];
	// The migration report (docs/migration-report.md), when VELOX_MIGRATION_REPORT is set: uses recorded.
	linePolicy().migration?.wrapMembers({ factory: velox, application, request, response, serveStatic });
}
// Beyond Express 4, not enumerable: the migration report so far (docs/migration-report.md).
Object.defineProperty(velox, 'migrationReport', { configurable: true, writable: true, value: migrationReport });

// The types, under the names @types/express and express-serve-static-core give them
// (same type parameters, same order, same defaults), and Velox's own. Those @types/express
// declares as interfaces are interfaces here too, so that `declare module 'express'` (or
// 'velox') augmentations merge into them, as cookie-parser's typings do.
declare namespace velox {
	// @types/express
	export interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends T.Application<LocalsObj> {}
	export interface CookieOptions extends T.CookieOptions {}
	export interface Errback extends T.Errback {}
	export interface ErrorRequestHandler<
		P = T.ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = T.ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> extends T.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
	export interface Express extends T.Express {}
	export interface Handler extends T.Handler {}
	export interface IRoute<Route extends RoutePath = string> extends T.IRoute<Route> {}
	export interface IRouter extends T.IRouter {}
	export interface IRouterHandler<Target, Route extends RoutePath = string> extends T.IRouterHandler<Target, Route> {}
	export interface IRouterMatcher<Target, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' = any>
		extends T.IRouterMatcher<Target, Method> {}
	export interface MediaType extends T.MediaType {}
	export interface NextFunction extends T.NextFunction {}
	export interface Locals extends T.Locals {}
	export interface Request<
		P = T.ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = T.ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> extends T.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
	export interface RequestHandler<
		P = T.ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = T.ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> extends T.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
	export interface RequestParamHandler extends T.RequestParamHandler {}
	export interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
		extends T.Response<ResBody, LocalsObj, StatusCode> {}
	export interface Router extends T.Router {}
	/** @deprecated Use `Router` (the name the ESM types gave it before `Router` was both a value and a type there). */
	export type RouterInstance = T.Router;
	export type RouterOptions = T.RouterOptions;
	export interface Send<ResBody = any, Target = Response<ResBody>> extends T.Send<ResBody, Target> {}
	// express-serve-static-core
	export type ApplicationRequestHandler<Target> = T.ApplicationRequestHandler<Target>;
	export type ByteRange = T.ByteRange;
	export type Dictionary<V> = T.Dictionary<V>;
	export type DownloadOptions = T.DownloadOptions;
	export type ILayer = T.ILayer;
	export type Params = T.Params;
	/** @deprecated Use `ParamsDictionary`. */
	export type ParamsArray = T.ParamsArray;
	export type ParamsDictionary = T.ParamsDictionary;
	export type PathParams = T.PathParams;
	export type Query = T.Query;
	export type RequestHandlerParams<
		P = T.ParamsDictionary,
		ResBody = any,
		ReqBody = any,
		ReqQuery = T.ParsedQs,
		LocalsObj extends Record<string, any> = Record<string, any>,
	> = T.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
	export type RequestRanges = T.RequestRanges;
	export type RouteParameters<Route extends string> = T.RouteParameters<Route>;
	export type SendFileOptions = T.SendFileOptions;
	// Velox's own, and the option types of the built-in middleware
	export type BodyParserOptions = T.BodyParserOptions;
	export type EngineCallback = T.EngineCallback;
	export type JsonOptions = T.JsonOptions;
	export type Mime = T.Mime;
	export type NextHandleFunction = T.NextHandleFunction;
	export type ParamKeys<Route extends string> = T.ParamKeys<Route>;
	export type ParsedQs = T.ParsedQs;
	export type QueryParser = T.QueryParser;
	export type QueryParserOptions = T.QueryParserOptions;
	export type RangeParserOptions = T.RangeParserOptions;
	export type RangeParserResult = T.RangeParserResult;
	export type RawOptions = T.RawOptions;
	export type RenderCallback = T.RenderCallback;
	export type RouteConstructor = T.RouteConstructor;
	export type SendOptions = T.SendOptions;
	export type ServeStatic<R extends ServerResponse = T.Response> = T.ServeStatic<R>;
	export type ServeStaticHandler<R extends ServerResponse = T.Response> = T.ServeStaticHandler<R>;
	export type ServeStaticOptions<R extends ServerResponse = ServerResponse> = T.ServeStaticOptions<R>;
	export type TextOptions = T.TextOptions;
	export type UrlencodedOptions = T.UrlencodedOptions;
	export type RouteEntry = T.RouteEntry;
	export type RouteKind = T.RouteKind;
	export type RouteList = T.RouteList;
	export type ListedRouter = T.ListedRouter;
	export type InjectOptions = T.InjectOptions;
	export type InjectResponse = T.InjectResponse;
	export type LayerMessage = T.LayerMessage;
	export type LayerType = T.LayerType;
	export type RequestMessage = T.RequestMessage;
	export type ShutdownOptions = B.ShutdownOptions;
	export type ShutdownOnSignalOptions = B.ShutdownOnSignalOptions;
	export type TimeoutError = B.TimeoutError;
	export type ClientClosedError = B.ClientClosedError;
	export type WebSocket = T.WebSocket;
	export type WebSocketData = T.WebSocketData;
	export type WebSocketHandler<P = T.ParamsDictionary, WS = T.WebSocket> = T.WebSocketHandler<P, WS>;
	export type WebSocketOptions = T.WebSocketOptions;
	export type WebSocketRouteMatcher<Target> = T.WebSocketRouteMatcher<Target>;
	export type EventStream = T.EventStream;
	export type EventStreamOptions = T.EventStreamOptions;
	export type EventOptions = T.EventOptions;
}

export = velox;
