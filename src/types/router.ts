/**
 * Routers and routes: the `use`/`route`/`METHOD` surface shared by
 * `velox.Router()` and the application, with `req.params` typed from the path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from './application';
import type { NextFunction, ParamCallback, RequestHandler, RequestHandlerParams, RequestListener } from './handlers';
import type { ParamsDictionary, ParsedQs, PathParams, RouteParameters } from './params';

type LocalsRecord = Record<string, unknown>;

// Blocks inference: the generic overloads below exist for explicit type arguments, so a
// middleware typed by @types/express (ResBody = any, …) cannot leak `any` into inline handlers.
type Explicit<T> = [T][T extends unknown ? 0 : never];

/** A handler whose type arguments come only from explicit type arguments of the call. */
type ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals extends LocalsRecord> = RequestHandler<
	Explicit<P>,
	Explicit<ResBody>,
	Explicit<ReqBody>,
	Explicit<ReqQuery>,
	Explicit<Locals>
>;
type ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals extends LocalsRecord> = RequestHandlerParams<
	Explicit<P>,
	Explicit<ResBody>,
	Explicit<ReqBody>,
	Explicit<ReqQuery>,
	Explicit<Locals>
>;

/**
 * Registers handlers for one method on a path, with `req.params` typed from the path.
 * Type arguments may be given the way @types/express takes them, e.g.
 * `app.post<'/login', ParamsDictionary, unknown, LoginBody>(…)` or `app.post<ParamsDictionary, unknown, LoginBody>(…)`.
 *
 * @example
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 */
export interface RouteMatcher<This> {
	<Path extends string>(path: Path, ...handlers: RequestHandler<RouteParameters<Path>>[]): This;
	<Path extends string>(path: Path, ...handlers: RequestHandlerParams<RouteParameters<Path>>[]): This;
	(path: PathParams, ...handlers: RequestHandler[]): This;
	(path: PathParams, ...handlers: RequestHandlerParams[]): This;
	<Path extends string, P = RouteParameters<Path>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: Path,
		...handlers: ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<Path extends string, P = RouteParameters<Path>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: Path,
		...handlers: ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: PathParams,
		...handlers: ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: PathParams,
		...handlers: ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	(path: PathParams, subApplication: RequestListener): This;
}

/** Registers handlers for one method on a route (`app.route(path).get(…)`). */
export interface RouteHandlerAdder<This, Path extends string = string> {
	(...handlers: RequestHandler<RouteParameters<Path>>[]): This;
	(...handlers: RequestHandlerParams<RouteParameters<Path>>[]): This;
	<P = RouteParameters<Path>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		...handlers: ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = RouteParameters<Path>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		...handlers: ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
}

/** A layer of a route's stack: one handler for one method. */
export interface RouteLayer extends Layer {
	method: string;
	/** A route layer's path is always `/`: it has no keys. */
	keys: never[];
}

export interface Route<Path extends string = string> {
	/** The path given to `app.route()`; typed `string` as in @types/express, it holds the RegExp or array when one was given. */
	path: Path;
	stack: RouteLayer[];
	methods: Record<string, boolean>;
	all: RouteHandlerAdder<this, Path>;
	get: RouteHandlerAdder<this, Path>;
	post: RouteHandlerAdder<this, Path>;
	put: RouteHandlerAdder<this, Path>;
	delete: RouteHandlerAdder<this, Path>;
	patch: RouteHandlerAdder<this, Path>;
	options: RouteHandlerAdder<this, Path>;
	head: RouteHandlerAdder<this, Path>;
	checkout: RouteHandlerAdder<this, Path>;
	connect: RouteHandlerAdder<this, Path>;
	copy: RouteHandlerAdder<this, Path>;
	link: RouteHandlerAdder<this, Path>;
	lock: RouteHandlerAdder<this, Path>;
	merge: RouteHandlerAdder<this, Path>;
	mkactivity: RouteHandlerAdder<this, Path>;
	mkcol: RouteHandlerAdder<this, Path>;
	move: RouteHandlerAdder<this, Path>;
	'm-search': RouteHandlerAdder<this, Path>;
	notify: RouteHandlerAdder<this, Path>;
	propfind: RouteHandlerAdder<this, Path>;
	proppatch: RouteHandlerAdder<this, Path>;
	purge: RouteHandlerAdder<this, Path>;
	/** Only where node knows the QUERY method (20.19.3+, 22.2+). */
	query?: RouteHandlerAdder<this, Path>;
	report: RouteHandlerAdder<this, Path>;
	search: RouteHandlerAdder<this, Path>;
	subscribe: RouteHandlerAdder<this, Path>;
	trace: RouteHandlerAdder<this, Path>;
	unlink: RouteHandlerAdder<this, Path>;
	unlock: RouteHandlerAdder<this, Path>;
	unsubscribe: RouteHandlerAdder<this, Path>;
}

/** A path-to-regexp key: one parameter of a layer's path. */
export interface PathKey {
	name: string | number;
	optional: boolean;
	offset: number;
}

export interface Layer {
	/** The function given to `use`/`METHOD`: a handler, an error handler, a router or an app. */
	handle: (...args: unknown[]) => unknown;
	name: string;
	params: Record<string, string> | undefined;
	path: string | undefined;
	keys: PathKey[];
	regexp: RegExp;
	method?: string;
	route?: Route;
}

export interface RouterOptions {
	caseSensitive?: boolean;
	mergeParams?: boolean;
	strict?: boolean;
}

/** Mounts middleware, routers and sub-applications (`app.use`, `router.use`); a path literal types `req.params`. */
export interface UseHandler<This> {
	(...handlers: RequestHandler[]): This;
	(...handlers: RequestHandlerParams[]): This;
	<Path extends string>(path: Path, ...handlers: RequestHandler<RouteParameters<Path>>[]): This;
	<Path extends string>(path: Path, ...handlers: RequestHandlerParams<RouteParameters<Path>>[]): This;
	(path: PathParams, ...handlers: RequestHandler[]): This;
	(path: PathParams, ...handlers: RequestHandlerParams[]): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		...handlers: ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		...handlers: ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: PathParams,
		...handlers: ExplicitHandler<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends LocalsRecord = LocalsRecord>(
		path: PathParams,
		...handlers: ExplicitHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>[]
	): This;
	(path: PathParams, ...subApplications: (Application | Router)[]): This;
	(...subApplications: (Application | Router)[]): This;
	(path: PathParams, ...handlers: (RequestHandlerParams | Application | Router)[]): This;
	(...handlers: (RequestHandlerParams | Application | Router)[]): This;
}

export interface RouterMethods<This> {
	all: RouteMatcher<This>;
	get: RouteMatcher<This>;
	post: RouteMatcher<This>;
	put: RouteMatcher<This>;
	delete: RouteMatcher<This>;
	patch: RouteMatcher<This>;
	options: RouteMatcher<This>;
	head: RouteMatcher<This>;
	checkout: RouteMatcher<This>;
	connect: RouteMatcher<This>;
	copy: RouteMatcher<This>;
	link: RouteMatcher<This>;
	lock: RouteMatcher<This>;
	merge: RouteMatcher<This>;
	mkactivity: RouteMatcher<This>;
	mkcol: RouteMatcher<This>;
	move: RouteMatcher<This>;
	'm-search': RouteMatcher<This>;
	notify: RouteMatcher<This>;
	propfind: RouteMatcher<This>;
	proppatch: RouteMatcher<This>;
	purge: RouteMatcher<This>;
	/** Only where node knows the QUERY method (20.19.3+, 22.2+). */
	query?: RouteMatcher<This>;
	report: RouteMatcher<This>;
	search: RouteMatcher<This>;
	subscribe: RouteMatcher<This>;
	trace: RouteMatcher<This>;
	unlink: RouteMatcher<This>;
	unlock: RouteMatcher<This>;
	unsubscribe: RouteMatcher<This>;
	use: UseHandler<This>;
	route<Path extends string>(path: Path): Route<Path>;
	route(path: PathParams): Route;
	param(name: string, callback: ParamCallback): This;
	/**
	 * Registers a function that builds the `param(name, option)` callbacks from their second argument.
	 * Returns nothing, as in Express 4 (not chainable).
	 *
	 * @deprecated since 4.11.0
	 */
	param<Option = unknown>(callback: (name: string, option: Option) => ParamCallback): void;
}

export interface Router extends RouterMethods<Router> {
	(req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
	stack: Layer[];
	params: Record<string, ParamCallback[]>;
	caseSensitive: boolean | undefined;
	mergeParams: boolean | undefined;
	strict: boolean | undefined;
	handle(req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
}
