// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * The application `velox()` returns: a request listener with settings,
 * routing, views and `listen`, typed as @types/express@4 types `Express`.
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	import type { EventEmitter } from 'events';
	import type { IncomingMessage, Server, ServerResponse } from 'http';

	/** A template engine, as `app.engine(ext, fn)` registers it (the shape of `ejs.renderFile`, `pug.__express`, …). */
	export type EngineCallback = (path: string, options: object, callback: (e: any, rendered?: string) => void) => void;

	/**
	 * `app.listen`'s callback. Velox 5 calls it with the server's error when listening fails
	 * (EADDRINUSE, …), as Express 5 does, so there it takes `(error?: Error)` as
	 * @types/express-serve-static-core@5 types it: `app.listen(3000, (error) => …)` gives `error` its type.
	 * Velox 4, as Express 4, calls it with nothing.
	 */
	export type ListenCallback = ByLine<() => void, (error?: Error) => void>;

	/**
	 * An application: call it as a request listener, or `listen()`.
	 *
	 * @typeParam LocalsObj - `app.locals`
	 *
	 * @example
	 * const app = velox();
	 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
	 * app.listen(3000);
	 */
	export interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends EventEmitter, IRouter, Express.Application {
		/**
		 * The application is a request listener: `http.createServer(app)`. Two parameters, as in
		 * @types/express: called with `next` it is IRouter's `RequestHandler`. A third (optional)
		 * parameter here would give an app two three-parameter call signatures, and TypeScript gives
		 * no contextual type to a function passed where the expected type is a union holding
		 * `Express` and `RequestHandler` (`app.use` of @feathersjs/express): `(req, res, next)` there
		 * would be implicit `any`.
		 */
		(req: Request | IncomingMessage, res: Response | ServerResponse): any;

		init(): void;
		defaultConfiguration(): void;
		/**
		 * Registers a template engine for files ending in `ext`.
		 *
		 * @example
		 * app.engine('html', require('ejs').renderFile);
		 */
		engine(ext: string, fn: EngineCallback): this;
		/** Sets a setting (`app.set('trust proxy', 1)`); read it with `app.get(name)`. */
		set(setting: string, val: any): this;
		/** With one argument, the value of a setting, as `app.get(name)`. (`val?` keeps apps assignable to and from @types/express's.) */
		set(setting: string, val?: any): any;
		/**
		 * With one argument, the value of a setting (typed by the caller, e.g.
		 * `const port: number = app.get('port')`); otherwise `app.get(path, …handlers)`.
		 */
		get: (<T = any>(name: string) => T) & IRouterMatcher<this>;
		/** Runs `handler` before the route handlers of every route with the parameter `name` (or each of the names). */
		param(name: string | string[], handler: RequestParamHandler): this;
		/**
		 * Registers a function that builds the `app.param(name, option)` callbacks from their second argument.
		 *
		 * @deprecated since Express 4.11.0. Velox 4 only: Express 5 removed it (line.ts).
		 */
		param(callback: Line4Only<(name: string, matcher: RegExp) => RequestParamHandler>): this;
		/** The mount path of this application and its parents ('' for the top application). */
		path(): string;
		enabled(setting: string): boolean;
		disabled(setting: string): boolean;
		enable(setting: string): this;
		disable(setting: string): this;
		/** Renders a view; the callback receives the error or the text (Express 4 needs the callback). */
		render(name: string, options?: object, callback?: (err: Error, html: string) => void): void;
		render(name: string, callback: (err: Error, html: string) => void): void;
		listen(port: number, hostname: string, backlog: number, callback?: ListenCallback): Server;
		listen(port: number, hostname: string, callback?: ListenCallback): Server;
		listen(port: number, callback?: ListenCallback): Server;
		listen(callback?: ListenCallback): Server;
		listen(path: string, callback?: ListenCallback): Server;
		listen(handle: any, listeningListener?: ListenCallback): Server;

		/**
		 * Velox 5: the app's router (Express 5's `app.router`), made on first read.
		 *
		 * Velox 4: Express 3's; reading it throws in Express 4 and Velox, use `velox.Router()`.
		 * `any`: @types/express 4 types it `string`, 5 a `Router`, and projects running Express 4
		 * with @types/express 5 type-check code for both (docs/compatibility.md).
		 */
		router: ByLine<any, Router>;
		/** The settings (`app.set`), with the parent's as prototype once mounted. */
		settings: any;
		/** @deprecated Not in Express 4 (`undefined`). */
		resource: any;
		/** @deprecated Not in Express 4 (`undefined`). */
		map: any;
		locals: LocalsObj & Locals;
		/**
		 * As @types/express declares it. On what `velox()` returns it is `routes(): RouteList`
		 * (see tooling.ts); Express 4 apps have no such member.
		 */
		routes: any;
		/** The app's router, created by the first `use`/`route`/`METHOD` call. */
		_router: any;
		use: ApplicationRequestHandler<this>;
		/** `'mount'` fires on the sub-application when it is mounted, with its parent. */
		on(event: 'mount', callback: (parent: Application) => void): this;
		on(event: string | symbol, listener: (...args: any[]) => void): this;
		mountpath: string | string[];

		/** The parent application once mounted. */
		parent?: Application;
		/** Registered template engines by extension (`.ejs`). */
		engines?: Record<string, EngineCallback>;
		/** The view cache (with `view cache` enabled). */
		cache?: Record<string, unknown>;
		/** Dispatches a request into the application (what calling the app does). */
		handle?(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
	}

	/** What `velox()` returns: an application with its request and response prototypes. */
	export interface Express extends Application {
		/** The prototype of this app's requests. */
		request: Request;
		/** The prototype of this app's responses. */
		response: Response;
	}
}
