/// <reference path="./application.ts" />
/// <reference path="./handlers.ts" />
/// <reference path="./line.ts" />
/// <reference path="./params.ts" />
/// <reference path="./request.ts" />
/// <reference path="./response.ts" />
/// <reference path="./router.ts" />
/**
 * Public types of Velox: a superset of @types/express@4 (and of the
 * express-serve-static-core names people import through it), with the same
 * type parameters and defaults, plus what Velox adds (route parameters read
 * from the path literal with their modifiers, the static and query option
 * types). Velox's request, response and application extend the global
 * `Express.*` interfaces that middleware typings augment.
 *
 * The Express-shaped interfaces are declared as the module
 * `express-serve-static-core` (the name @types/express's objects come from), so
 * that the augmentations typings write for that module reach Velox's handlers
 * (docs/design.md, Public types); this module re-exports them.
 *
 * One file per object under `types/`; this module gathers them.
 */
export type {
	Application,
	ApplicationRequestHandler,
	ByteRange,
	CookieOptions,
	Dictionary,
	DownloadOptions,
	EngineCallback,
	Errback,
	ErrorCallback,
	ErrorRequestHandler,
	Express,
	Handler,
	ILayer,
	IRoute,
	IRouter,
	IRouterHandler,
	IRouterMatcher,
	Layer,
	Locals,
	MediaType,
	NextFunction,
	ParamCallback,
	ParamKeys,
	Params,
	ParamsArray,
	ParamsDictionary,
	ParsedQs,
	PathParams,
	Query,
	RangeParserOptions,
	RangeParserRange,
	RangeParserResult,
	Ranges,
	RenderCallback,
	Request,
	RequestHandler,
	RequestHandlerParams,
	RequestListener,
	RequestParamHandler,
	RequestRanges,
	Response,
	Route,
	RouteConstructor,
	RouteParameters,
	Router,
	RouterOptions,
	Send,
	SendFileOptions,
	SendOptions,
} from 'express-serve-static-core';
export * from './global';
export * from './middleware';
export * from './realtime';
export * from './tooling';
