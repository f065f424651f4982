/**
 * A line's policy: every way the Express line Velox serves (4 or 5) changes what the core does,
 * one row each, grouped by the object that asks. The core reads its rows once, when its module
 * loads (`linePolicy()`, lines/index.ts), and never compares line numbers itself; the rows of
 * Express 4 are in lines/express4.ts, those of Express 5 in lines/express5.ts. Types only.
 */
import type { EventEmitter } from 'events';
import type { Transform } from 'stream';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';
import type { kPattern } from '../base/symbols';

/** Members a line does not have, by the object that would carry them. */
export interface RemovedMembers {
	/** The factory's static members (`express.query`, …). */
	readonly factory: readonly string[];
	/** The application prototype's members (`app.del`, …). */
	readonly application: readonly string[];
	/** The request prototype's members (`req.param`, …). */
	readonly request: readonly string[];
	/** The response prototype's members (`res.sendfile`, …). */
	readonly response: readonly string[];
	/** `express/lib/utils`'s members: Express 5 dropped three helpers and added `methods`. */
	readonly utils: readonly string[];
}

export interface FactoryRules {
	/** `express.bodyParser`, `express.logger`, …: getters that throw Express 4's "no longer bundled" error. */
	readonly unbundledMiddlewareErrors: boolean;
	/** `express.static.mime`: the mime module. */
	readonly staticMime: boolean;
}

export interface ApplicationRules {
	/** The `query parser` setting of a new app. */
	readonly defaultQueryParser: 'extended' | 'simple';
	/**
	 * Where an app keeps its router. Express 4 (false): `app._router`, made by `app.lazyrouter()`
	 * with the `query` and `expressInit` layers first, and `app.router` throws (removed in 4.0).
	 * Express 5 (true): the public getter `app.router`, which makes the router on first read (with
	 * `case sensitive routing` and `strict routing`) with no layer of its own; no `app._router`, no
	 * `app.lazyrouter`.
	 */
	readonly routerGetter: boolean;
	/** The `query parser fn` of `query parser` false: Express 4 a parser that gives `{}`, Express 5 none. */
	readonly queryParsingOff: ((query: string) => Record<string, unknown>) | undefined;
	/**
	 * `app.listen(…, callback)`'s arguments before `server.listen` gets them: Express 4 passes them
	 * as they are (the callback waits for 'listening'); Express 5 also calls the callback, once,
	 * with the server's first 'error'.
	 */
	readonly listenArguments: (server: EventEmitter, args: unknown[]) => unknown[];
	/**
	 * A view's engine that calls back before returning: Express 4 (false) passes the result on at
	 * once; Express 5 (true) on the next tick, so `app.render`'s callback is always asynchronous.
	 */
	readonly deferSyncRender: boolean;
	/** A new app's `settings`, `cache` and `engines`: Express 4 plain objects, Express 5 null-prototype ones. */
	readonly newTable: () => Record<string, never>;
	/** qs's options under the `extended` query parser: Express 4 raises `arrayLimit` to 1000, Express 5 keeps qs's (20). */
	readonly extendedQueryOptions: { readonly allowPrototypes: true; readonly arrayLimit?: number };
}

export interface RequestRules {
	/**
	 * `req.query`. Express 4 (false): parsed once, by the parser of the app whose router saw the
	 * request first, then an own property that assignment replaces. Express 5 (true): a getter
	 * without a setter that parses the query string on every read with the current
	 * `query parser fn` of `req.app` (an empty null-prototype object when parsing is disabled).
	 */
	readonly queryPerRead: boolean;
	/**
	 * `req.fresh`'s comparison of the conditional request headers with the response's `ETag` and
	 * `Last-Modified`: Express 4's fresh 0.5 requires both validators sent to match; Express 5's
	 * fresh 2 decides by `If-None-Match` alone when it is sent (`*` matches).
	 */
	readonly fresh: (reqHeaders: IncomingHttpHeaders, resHeaders: FreshResponseHeaders) => boolean;
	/**
	 * `req.host`. Express 4 (false): a deprecated alias of `req.hostname`. Express 5 (true): the
	 * `Host` (or trusted `X-Forwarded-Host`) value with its port.
	 */
	readonly hostWithPort: boolean;
	/** The content negotiation of `req.accepts*` (and so `res.format`): accepts 1.3 (Express 4) or 2 (negotiator 1, Express 5), loaded with its first use. */
	readonly accepts: () => (req: IncomingMessage) => Negotiator;
	/** Media type matching of `req.is` and the body parsers' `type`: type-is 1.6 (Express 4) or 2 (content-type 2, media-typer 1, Express 5), loaded with its first use. */
	readonly typeIs: () => TypeIs;
}

/** What Velox uses of accepts, whose two majors have this interface alike: a request's negotiator. */
export interface Negotiator {
	types(...types: unknown[]): unknown;
	encodings(...encodings: unknown[]): unknown;
	charsets(...charsets: unknown[]): unknown;
	languages(...languages: unknown[]): unknown;
}

/** What Velox uses of type-is, whose two majors have this interface alike. */
export interface TypeIs {
	(req: IncomingMessage, types: string[]): string | false | null;
	is(mediaType: string, types: string[]): string | false;
}

/** The response's validators as `req.fresh` hands them over. */
export interface FreshResponseHeaders {
	etag?: string | number | readonly string[];
	'last-modified'?: string | number | readonly string[];
}

/** What the status rows read and set of a response. */
export interface StatusTarget {
	statusCode: number;
	status(code: number): unknown;
}

export interface ResponseRules {
	/** `res.status(code)` itself: checks `code` as the line does (warn, or throw), sets it, returns `this`. */
	readonly status: <R extends StatusTarget>(this: R, code: number) => R;
	/** `res.sendStatus(code)`'s setting of the status: Express 4 sets it unchecked, Express 5 through `res.status`. */
	readonly setSendStatus: (res: StatusTarget, code: number) => void;
	/**
	 * The forms Express 5 removed: `res.send(status)` (a number sent as its status message) and the
	 * two-argument `res.send`/`res.json`/`res.jsonp(body, status)` and `(status, body)`, each with its
	 * deprecation. Without them a number is sent as JSON and a second argument is ignored.
	 */
	readonly legacyBodyForms: boolean;
	/** Which object bodies `res.send` sends as bytes (the rest as JSON): Buffers, or any ArrayBuffer view. */
	readonly isBinaryBody: (body: object) => boolean;
	/** `res.send(null)` adds `charset=utf-8` to a Content-Type already set (Express 4), or leaves it. */
	readonly nullBodyGetsCharset: boolean;
	/** `res.send` leaves out Content-Length when a Transfer-Encoding is set (Express 5), or always sets it. */
	readonly lengthYieldsToTransferEncoding: boolean;
	/** One relation of `res.links`: a URL, or (Express 5) an array of URLs, one entry each. */
	readonly linkEntry: (rel: string, url: unknown) => string;
	/** `res.vary()` without a field: a deprecation and no change, or (false) vary's TypeError. */
	readonly varyWithoutFieldWarns: boolean;
	/** `res.clearCookie` honours (with a deprecation) the caller's `maxAge`/`expires`, or ignores them. */
	readonly clearCookieKeepsExpiry: boolean;
	/** `res.cookie` copies the options' inherited enumerable keys too (utils-merge, Express 4), or only their own (a spread). */
	readonly cookieOptionsInherited: boolean;
	/** `res.location('back')` (and so `res.redirect('back')`) means the Referrer, or is a URL like any other. */
	readonly locationBack: boolean;
	/** `res.redirect(url, status)` is accepted (with a deprecation) besides `res.redirect(status, url)`. */
	readonly redirectUrlFirst: boolean;
	/** `res.redirect` warns when the URL is missing or not a string, or the status not a number. */
	readonly redirectArgumentWarnings: boolean;
	/** The status of `res.redirect`: set unchecked (Express 4), or through `res.status` (Express 5). */
	readonly setRedirectStatus: (res: StatusTarget, code: number) => void;
	/** The HTML body of `res.redirect`, from the status message and the escaped URL. */
	readonly redirectHtml: (message: string | undefined, escapedUrl: string) => string;
	/** The Content-Type of an extension (`res.type('json')`, `res.format`'s keys): mime 1's lookup, or mime-types 3's (application/octet-stream when unknown). */
	readonly typeOfExtension: (extension: string) => string;
	/**
	 * The parameters of a media type (`utils.normalizeType`, `res.format`'s keys): Express 4 splits
	 * at every `;` and `=` (a parameter without `=` is kept, its value undefined); Express 5 skips a
	 * parameter without `=`, splits at its first `=` and trims both sides.
	 */
	readonly typeParameters: (type: string) => MediaTypeParameters;
	/**
	 * Express's `utils.setCharset` (what `res.send` does to a string body's Content-Type): the type
	 * parsed, its `charset` parameter set, formatted again. content-type 1 (Express 4) sorts nothing
	 * but throws on a type it cannot parse; content-type 2 (Express 5) is lenient (a parameter
	 * without `=` is dropped) and keeps the parameters' order.
	 */
	readonly setCharset: (type: string, charset: string) => string;
	/** The Content-Type `res.set` writes for a value: with the charset the line's mime table gives it. */
	readonly contentTypeValue: (value: string) => string | false;
	/**
	 * The `Content-Disposition: attachment` of `res.attachment` and `res.download`, for a file's name
	 * (its last path segment) or none: content-disposition 0.5's, or content-disposition 2's `create`
	 * (a token name unquoted; a name beyond printable ASCII, or with a %XX escape, as an ASCII
	 * fallback with `filename*`).
	 */
	readonly attachmentDisposition: (filename: string | undefined) => string;
}

/** A media type with its parameters, as Express's `utils.normalizeType` answers it. */
export interface MediaTypeParameters {
	value: string;
	quality: number;
	params: Record<string, string | undefined>;
}

/** The file engine's rows (`res.sendFile`, `res.download`, `express.static`): send 0.19 / serve-static 1, or send 1 / serve-static 2. */
export interface FilesRules {
	/** A file's Content-Type from its path: mime 1 (charset `UTF-8`), or mime-types 3 (`utf-8`, octet-stream when unknown); undefined sets none. */
	readonly contentType: (path: string) => string | undefined;
	/** send 0.19's legacy dotfiles: with no `dotfiles` option only a last part starting with `.` is hidden, and `hidden` is read (deprecated). */
	readonly legacyDotfiles: boolean;
	/** A path ending in `/` that names a file: sent (send 0.19) or 404 (send 1). */
	readonly fileWithTrailingSlashIsNotFound: boolean;
	/** `res.sendFile`'s `etag` option is the app's `etag` setting (Express 5), or the caller's (default on). */
	readonly sendFileEtagFromApp: boolean;
}

export interface RouterRules {
	/**
	 * The route syntax paths are compiled with: Express 4's (path-to-regexp 0.1, router/matcher.ts)
	 * or Express 5's (path-to-regexp 8 as router 2 reads it, router/matcher-express5.ts, loaded only
	 * on that line; a `*splat` param is an array of segments).
	 */
	readonly routeSyntax: 'express4' | 'express5';
	/** The automatic OPTIONS answer, from the methods the path's routes handle (each once, in registration order). */
	readonly sendOptions: (res: ServerResponse, methods: readonly string[]) => void;
	/** `router.use(...)` (and `app.use` through it) given no handler: throws. */
	readonly useWithoutHandler: () => never;
	/** `router.use(...)` given `handler` that is not a function: throws (the handlers before it are added). */
	readonly useHandlerNotFunction: (handler: unknown) => never;
	/** `route.METHOD(...)`/`route.all(...)` (`method` undefined) given no handler: throws, or adds nothing. */
	readonly routeWithoutHandler: (method: string | undefined) => void;
	/** `route.METHOD(...)`/`route.all(...)` given `handler` that is not a function: throws. */
	readonly routeHandlerNotFunction: (method: string | undefined, handler: unknown) => never;
	/**
	 * `router.param(fn)` (a param factory) and `router.param(':name', fn)`: Express 4 (true) takes
	 * both, deprecated; Express 5 (false) takes neither (the name is used as written).
	 */
	readonly paramShorthands: boolean;
	/** `router.param(name, fn)`'s checks of its arguments (after Express 4's factories ran): throws. */
	readonly checkParam: (name: unknown, fn: unknown) => void;
	/**
	 * Express 5's router 2 is a constructor (true): `router instanceof Router` holds and
	 * `Router.prototype` carries the methods. Express 4's factory (false) is itself the routers'
	 * prototype, with a default `Router.prototype`.
	 */
	readonly routerIsClass: boolean;
	/** A new route's `methods` table: Express 4 a plain object, Express 5 (router 2) a null-prototype one. */
	readonly newMethodTable: () => Record<string, boolean>;
	/**
	 * The methods every layer is entered by, which APM agents wrap, given the layers' prototype once
	 * as the router loads. Express 4 leaves Velox's `handle_request`/`handle_error` as they are (the
	 * traversal calls them). Express 5 (router 2) makes them `handleRequest`/`handleError` and puts
	 * forwarders under Express 4's names, so the traversal's code is one and a patch of router 2's
	 * names takes effect; the forwarders also drop the layer's match state first (router 2.3's layers
	 * keep no per-request `params` or `path`).
	 */
	readonly layerEntries: (prototype: LayerPrototype) => void;
	/**
	 * Router 2.3's tracing channel `express.router.request` (Express 5): what the traversal and the
	 * param walk keep and report for it (lines/router-tracing.ts). Express 4: undefined.
	 */
	readonly routeTracing: RouteTracing | undefined;
	/**
	 * The function of a route's layer, which calls `route.dispatch`: Express 4's
	 * `route.dispatch.bind(route)` (named `bound dispatch`), or router 2's function named `handle`.
	 * Tracing tools tell a route's layer from middleware by that name.
	 */
	readonly routeLayerHandle: (route: DispatchingRoute) => RouteLayerHandle;
	/**
	 * What `express.Router` is, and what the apps make their routers with, given the router's own
	 * classes once as the router loads: Express 4 the factory itself; Express 5 the export of the
	 * module `router` (Velox's own package under router 2's name, whose files hand back these
	 * classes, lines/router-module.ts), for agents hook that module on Express 5.
	 */
	readonly routerModule: <F extends RouterFactoryShape>(classes: RouterClasses<F>) => F;
	/**
	 * `router.listRoutes()`, which router 2.3 added (Express 5), or undefined (Express 4 has none;
	 * Velox's own listing is `router.routes()` on both lines).
	 */
	readonly listRoutes: ((this: ListedStack) => ListedRoute[]) | undefined;
	/**
	 * A request whose path is a middleware's whole mount path (`/api` under `use('/api', …)`) reaches
	 * it with a `/` added to `req.url`, taken off again when it calls `next`. Express 4 (undefined)
	 * takes the first character off whatever `req.url` the middleware left (a rewrite to `/x` comes
	 * back as `/apix`). Express 5 (router 2.3): given `req.url` as the middleware left it and the
	 * mount path, true when the middleware rewrote it and the slash stays (`/api/x`); false when it
	 * is still the root (`/`, `/?…`) or the mount path ends with `/` and `req.url` starts with one.
	 */
	readonly addedSlashRewritten: ((url: string, mountPath: string) => boolean) | undefined;
	/**
	 * What a handler's or param callback's returned promise (a thenable: Velox forwards its
	 * rejection to `next`, on both lines) is given as its `then`'s first argument. Express 4:
	 * `undefined`, as Velox always gave. Express 5 (router 2.3): a function doing nothing, so a
	 * thenable that calls its first callback without checking it does not throw into `next`.
	 */
	readonly promiseFulfilled: (() => void) | undefined;
	/**
	 * Called when a handler, error handler (`'handlers'`) or param callback (`'parameters'`) returns
	 * a thenable that is not a native Promise, before its rejection is forwarded. Express 4:
	 * undefined (nothing). Express 5 (router 2): router's deprecation, naming `router`.
	 */
	readonly promiseLike: ((what: 'handlers' | 'parameters') => void) | undefined;
	/**
	 * A param callback's returned promise rejects after the callback called its `next`: Express 4
	 * (false, Velox's forwarding beyond Express 4) drops the rejection, so a wrapper that calls
	 * `next(err)` and returns the rejected promise (express-async-errors) gives one error. Express 5
	 * (true, router 2) forwards it as that callback's `next(err)`, wherever the walk is by then.
	 */
	readonly paramLateRejection: boolean;
}

/** What `listRoutes` reads of a router: its layers, with their routes, handles and paths as written. */
export interface ListedStack {
	readonly stack: readonly {
		readonly route?: { readonly methods: Readonly<Record<string, boolean>> };
		readonly handle: unknown;
		readonly [kPattern]: unknown;
	}[];
}

/** One entry of router 2's `listRoutes()`: a path with its route's methods, or with the router mounted there. */
export interface ListedRoute {
	path: unknown;
	methods: string[] | undefined;
	router: unknown;
}

/** What the line's `layerEntries` moves on the layers' prototype. */
export interface LayerPrototype {
	handle_request(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
	handle_error(error: unknown, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
}

/**
 * Calls a layer's handler with `next` as Velox's entry does, Velox's own layer tracing first
 * (`error` undefined: a request handler); returns what the handler returned, or undefined when
 * Velox's tracing ran it (and took care of its outcome).
 */
export type LayerCall = (layer: LayerPrototype, error: unknown, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;

/** What router 2.3's tracing channel needs of the traversal (Express 5's `routeTracing`). */
export interface RouteTracing {
	/** Creates on a request, before its prototype is swapped, the key `keep` sets (a property added after is slow). */
	readonly init: (req: IncomingMessage) => void;
	/** A layer matched with `pattern` (its path as written; of an array, the path that matched): kept for the callbacks it runs. */
	readonly keep: (req: IncomingMessage, pattern: unknown) => void;
	/** Whether the channel has a subscriber now. */
	readonly active: () => boolean;
	/** An error passed to `next` in a traversal, or thrown by a layer's matching: remembered on `req`, as router 2.3 does, traced or not. */
	readonly recordError: (req: IncomingMessage, err: unknown) => void;
	/**
	 * A layer's entry while `active()` (`errorHandler`: an error handler given `error`; never a
	 * route's own layer): runs the handler through the channel.
	 */
	readonly handler: (
		layer: LayerPrototype & { readonly handle: unknown },
		errorHandler: boolean,
		error: unknown,
		req: IncomingMessage,
		res: ServerResponse,
		next: (err?: unknown) => void,
		call: LayerCall,
	) => void;
	/** Runs a `router.param` callback through the channel if it has a subscriber (true), else nothing (false). */
	readonly param: (
		fn: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void, value: unknown, name: string | number) => unknown,
		layer: object,
		req: IncomingMessage,
		res: ServerResponse,
		next: (err?: unknown) => void,
		value: unknown,
		name: string | number,
	) => boolean;
}

/** A route as its layer's function calls it. */
export interface DispatchingRoute {
	dispatch(req: IncomingMessage, res: ServerResponse, done: (err?: unknown) => void): void;
}

export type RouteLayerHandle = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** A router factory, as `routerModule` hands it on. */
export type RouterFactoryShape = (options?: never) => unknown;

/** The router's classes, as the `router` module of Express 5 exports them. */
export interface RouterClasses<F extends RouterFactoryShape> {
	readonly Router: F;
	readonly Layer: object;
	readonly Route: object;
}

/** What the body parsers use of iconv-lite, whose two versions have this interface alike. */
export interface CharsetCodec {
	encodingExists(encoding: string): boolean;
	decode(body: Buffer, encoding: string): string;
}

/** What the body rows read and set of a request. */
export interface BodyTarget extends IncomingMessage {
	body?: unknown;
	_body?: boolean;
}

export interface BodyRules {
	/**
	 * The prologue of every body parser, before it looks at the type: true when the request's body
	 * was read already (Express 4: a parser flagged it `_body`; Express 5: the stream has finished),
	 * and otherwise `req.body`'s value until a parser sets it (Express 4: `{}`; Express 5: `undefined`,
	 * set only when the request has no `body` property).
	 */
	readonly skipsRequest: (req: BodyTarget) => boolean;
	/** Marks a request a parser has started to read: Express 4 flags it `req._body = true` (what later parsers check), Express 5 sets nothing. */
	readonly markRead: (req: BodyTarget) => void;
	/** `urlencoded()`'s `extended` from the option (`undefined`: not given). */
	readonly urlencodedExtended: (extended: boolean | undefined) => boolean;
	/** Whether `urlencoded()` without `extended` warns (Express 4, naming body-parser; urlencoded.ts calls depd itself, so the warning names the app's call site). */
	readonly warnUndefinedExtended: boolean;
	/**
	 * How `urlencoded()` reads forms, from its `defaultCharset` option: Express 4 (`null`) decodes
	 * UTF-8 only and parses `extended: false` with node's querystring; Express 5 returns the charset
	 * of a form whose Content-Type names none (utf-8 unless the option says iso-8859-1, it throws for
	 * another), decodes UTF-8 and ISO-8859-1, and parses every form with qs (depth 0 without
	 * `extended`), with `charsetSentinel` and `interpretNumericEntities`.
	 */
	readonly formDefaultCharset: (defaultCharset: string | undefined) => string | null;
	/**
	 * The charsets bodies are decoded from (besides UTF-8, which Buffer decodes): iconv-lite 0.4
	 * (Express 4's body-parser 1) or 0.7 (body-parser 2, which also knows UTF-32), loaded with the
	 * first body in another charset on Express 5.
	 */
	readonly charsetCodec: () => CharsetCodec;
	/**
	 * The decompressor of a Content-Encoding besides gzip, deflate and br, or null (415): Express 4
	 * has none; Express 5's body-parser 2 unpacks `zstd` where node has zstd (22.15, 23.8 and later).
	 */
	readonly extraInflater: (contentEncoding: string) => (() => Transform) | null;
	/**
	 * The `charset` parameter of a request's Content-Type that has parameters, as it is written, or
	 * undefined: none, or (content-type 1, Express 4) a header it cannot parse. content-type 2
	 * (Express 5) is lenient and takes the first of repeated parameters.
	 */
	readonly charsetParameter: (header: string) => string | undefined;
	/** The charset of a JSON body whose Content-Type names none, from `json()`'s `defaultCharset` option (Express 4 ignores it: utf-8). */
	readonly jsonDefaultCharset: (defaultCharset: string | undefined) => string;
}

/** A row of the line policy, named by its group and member (`response.status`): the migration report's categories. */
export type Row =
	| {
			[G in Exclude<keyof LinePolicy, 'line' | 'removed' | 'migration'>]: `${G}.${Extract<keyof LinePolicy[G], string>}`;
	  }[Exclude<keyof LinePolicy, 'line' | 'removed' | 'migration'>]
	| `removed.${Extract<keyof RemovedMembers, string>}`;

/** What the factory and the prototypes carry, for the migration report to wrap (lines/migration.ts). */
export interface MigrationTargets {
	readonly factory: object;
	readonly application: object;
	readonly request: object;
	readonly response: object;
	readonly serveStatic: object;
}

/**
 * Only the recording policy of the migration report (lines/migration.ts) has these; the core calls
 * them where the report needs a hook outside a row's own call.
 */
export interface MigrationHooks {
	/** Watches the members Express 5 removed or changed: reading one records its site, and gives the member as before. */
	readonly wrapMembers: (targets: MigrationTargets) => void;
	/** A new app's default query parser: returns one that parses alike and records a query Express 5 would parse differently. */
	readonly watchDefaultQueryParser: (parser: (query: string) => Record<string, unknown>) => (query: string) => Record<string, unknown>;
	/**
	 * Records one use of an Express 4 form the core has just taken (the branch of a row that
	 * Express 5 does not have: a deprecated signature, `'back'`, a param shorthand, …): the row
	 * (`response.legacyBodyForms`), and the shape of the use. Called only on those branches.
	 */
	readonly use: (row: Row, detail: string) => void;
	/** A route path as the app registered it: records a string Express 5's path-to-regexp 8 reads differently or refuses. */
	readonly routePath: (path: unknown) => void;
}

export interface LinePolicy {
	/** The Express major version the line serves. */
	readonly line: 4 | 5;
	/** The migration report's hooks: absent from express4's and express5's policies. */
	readonly migration?: MigrationHooks;
	readonly removed: RemovedMembers;
	readonly factory: FactoryRules;
	readonly application: ApplicationRules;
	readonly request: RequestRules;
	readonly response: ResponseRules;
	readonly router: RouterRules;
	readonly body: BodyRules;
	readonly files: FilesRules;
}
