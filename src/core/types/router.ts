// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * Routers and routes: the `use`/`route`/`METHOD` surface shared by
 * `velox.Router()` and the application. The overloads are those of
 * @types/express@4: `req.params` is typed from the path literal, and every
 * handler type argument may be given explicitly, in Express's order
 * (`app.post<Params, ResBody, ReqBody, ReqQuery, Locals>(…)`).
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	/**
	 * Registers handlers for one method on a path (`app.get`, `router.post`, …).
	 * `Method` is the HTTP method it registers (informative, as in @types/express).
	 *
	 * @example
	 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
	 * app.post<{}, { ok: boolean }, LoginBody>('/login', (req, res) => res.json({ ok: check(req.body) }));
	 */
	// Method is @types/express's second type parameter (informative there too), with its constraint:
	// augmentations that repeat the type parameters must repeat them identically.
	export interface IRouterMatcher<T, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' = any> {
		<
			Route extends RoutePath,
			P = RouteParameters<Route>,
			ResBody = any,
			ReqBody = any,
			ReqQuery = ParsedQs,
			LocalsObj extends Record<string, any> = Record<string, any>,
		>(
			path: Route,
			...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<
			Path extends RoutePath,
			P = RouteParameters<Path>,
			ResBody = any,
			ReqBody = any,
			ReqQuery = ParsedQs,
			LocalsObj extends Record<string, any> = Record<string, any>,
		>(
			path: Path,
			...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			path: PathParams,
			...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			path: PathParams,
			...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		/** Mounts an application (Velox's or Express's) below `path`. */
		(path: PathParams, subApplication: Application): T;
	}

	/**
	 * Registers handlers without a path: `route.get(…)` (where `Route` is the route's path) and `use(…)`.
	 */
	export interface IRouterHandler<T, Route extends RoutePath = string> {
		(...handlers: Array<RequestHandler<RouteParameters<Route>>>): T;
		(...handlers: Array<RequestHandlerParams<RouteParameters<Route>>>): T;
		<P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
		<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
			...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
		): T;
	}

	/** `app.use`: handlers, routers and applications, with or without a path. */
	export type ApplicationRequestHandler<T> = IRouterHandler<T> & IRouterMatcher<T> & ((...handlers: RequestHandlerParams[]) => T);

	/** What `velox.Router()` returns, and what the application shares with it. */
	export interface IRouter extends RequestHandler {
		/** Runs `handler` before the route handlers of every route whose path has the parameter `name`. */
		param(name: string, handler: RequestParamHandler): this;
		/**
		 * Registers a function that builds the `param(name, option)` callbacks from their second argument.
		 *
		 * @deprecated since Express 4.11.0 (`router.param(fn)` returns nothing at run time). Velox 4
		 * only: Express 5 removed it (line.ts).
		 */
		param(callback: Line4Only<(name: string, matcher: RegExp) => RequestParamHandler>): this;

		all: IRouterMatcher<this, 'all'>;
		get: IRouterMatcher<this, 'get'>;
		post: IRouterMatcher<this, 'post'>;
		put: IRouterMatcher<this, 'put'>;
		delete: IRouterMatcher<this, 'delete'>;
		patch: IRouterMatcher<this, 'patch'>;
		options: IRouterMatcher<this, 'options'>;
		head: IRouterMatcher<this, 'head'>;
		/** Only where node knows the QUERY method (20.19.3+, 22.2+). */
		query?: IRouterMatcher<this>;

		checkout: IRouterMatcher<this>;
		connect: IRouterMatcher<this>;
		copy: IRouterMatcher<this>;
		lock: IRouterMatcher<this>;
		merge: IRouterMatcher<this>;
		mkactivity: IRouterMatcher<this>;
		mkcol: IRouterMatcher<this>;
		move: IRouterMatcher<this>;
		'm-search': IRouterMatcher<this>;
		notify: IRouterMatcher<this>;
		propfind: IRouterMatcher<this>;
		proppatch: IRouterMatcher<this>;
		purge: IRouterMatcher<this>;
		report: IRouterMatcher<this>;
		search: IRouterMatcher<this>;
		subscribe: IRouterMatcher<this>;
		trace: IRouterMatcher<this>;
		unlock: IRouterMatcher<this>;
		unsubscribe: IRouterMatcher<this>;
		link: IRouterMatcher<this>;
		unlink: IRouterMatcher<this>;

		use: IRouterHandler<this> & IRouterMatcher<this>;

		/** A route for `prefix`, to chain its method handlers: `router.route('/book').get(…).post(…)`. */
		route<T extends RoutePath>(prefix: T): IRoute<T>;
		route(prefix: PathParams): IRoute;
		/** The router's layers, in registration order. */
		stack: ILayer[];
	}

	/** One layer of a router's or a route's stack. */
	export interface ILayer {
		/** The route, for the layer `route()` or `METHOD()` added to a router. */
		route?: IRoute;
		/** The handler's function name, `'<anonymous>'` without one. */
		name: string | '<anonymous>';
		params?: Record<string, any>;
		/**
		 * The path's parameter keys. At run time each is `{ name, optional, offset }`; typed
		 * `any[]` so that Velox's and @types/express's routers (which declare `string[]`)
		 * stay assignable to each other.
		 */
		keys: any[];
		path?: string;
		/** The method of a route's layer; `undefined` on a router's. */
		method: string;
		regexp: RegExp;
		handle: (req: any, res: any, next: NextFunction) => any;
	}

	/** A route: one path, handlers per method (`app.route(path)`). */
	export interface IRoute<Route extends RoutePath = string> {
		/** The path given to `route()` (the RegExp or array, when one was given). */
		path: string;
		stack: ILayer[];
		all: IRouterHandler<this, Route>;
		get: IRouterHandler<this, Route>;
		post: IRouterHandler<this, Route>;
		put: IRouterHandler<this, Route>;
		delete: IRouterHandler<this, Route>;
		patch: IRouterHandler<this, Route>;
		options: IRouterHandler<this, Route>;
		head: IRouterHandler<this, Route>;

		checkout: IRouterHandler<this, Route>;
		copy: IRouterHandler<this, Route>;
		lock: IRouterHandler<this, Route>;
		merge: IRouterHandler<this, Route>;
		mkactivity: IRouterHandler<this, Route>;
		mkcol: IRouterHandler<this, Route>;
		move: IRouterHandler<this, Route>;
		'm-search': IRouterHandler<this, Route>;
		notify: IRouterHandler<this, Route>;
		purge: IRouterHandler<this, Route>;
		report: IRouterHandler<this, Route>;
		search: IRouterHandler<this, Route>;
		subscribe: IRouterHandler<this, Route>;
		trace: IRouterHandler<this, Route>;
		unlock: IRouterHandler<this, Route>;
		unsubscribe: IRouterHandler<this, Route>;
		// Present at run time, absent from @types/express's IRoute: optional so that
		// routes stay assignable both ways.
		connect?: IRouterHandler<this, Route>;
		link?: IRouterHandler<this, Route>;
		unlink?: IRouterHandler<this, Route>;
		propfind?: IRouterHandler<this, Route>;
		proppatch?: IRouterHandler<this, Route>;
		/** Only where node knows the QUERY method (20.19.3+, 22.2+). */
		query?: IRouterHandler<this, Route>;
		/** The methods this route has handlers for (`{ get: true }`). */
		methods?: Record<string, boolean>;
	}

	/** A router, as `velox.Router()` returns it. */
	export interface Router extends IRouter {
		/** The options it was created with. */
		caseSensitive?: boolean | undefined;
		mergeParams?: boolean | undefined;
		strict?: boolean | undefined;
		/** The `param()` callbacks by name. */
		params?: Record<string, RequestParamHandler[]>;
	}

	export interface RouterOptions {
		/** Enable case sensitivity (`/Foo` and `/foo` differ). */
		caseSensitive?: boolean | undefined;
		/** Keep the parent's `req.params` (the child's win on a name conflict). */
		mergeParams?: boolean | undefined;
		/** Enable strict routing (`/foo` and `/foo/` differ). */
		strict?: boolean | undefined;
	}

	/** @deprecated Use `IRoute`. */
	export type Route<Path extends string = string> = IRoute<Path>;
	/** @deprecated Use `ILayer`. */
	export type Layer = ILayer;

	/** `velox.Route`: the route class (`new velox.Route('/path')`), as Express 4 exports it. */
	export interface RouteConstructor {
		new (path: PathParams): IRoute;
		prototype: IRoute;
	}
}
