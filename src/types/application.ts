/**
 * The application `velox()` returns: a request listener with settings,
 * routing, views and `listen`. Assignable to @types/express's `Express`.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NextFunction, ParamCallback } from './handlers';
import type { Request } from './request';
import type { RenderCallback, Response } from './response';
import type { RouteMatcher, Router, RouterMethods } from './router';

export type EngineCallback = (path: string, options: object, callback: RenderCallback) => void;

/**
 * An application: call it as a request listener, or `listen()`.
 *
 * @example
 * const app = velox();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
export interface Application extends EventEmitter, Omit<RouterMethods<Application>, 'get' | 'param'>, Express.Application {
	(req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
	/**
	 * With one argument, the value of a setting (the type argument, `unknown` by default,
	 * is the caller's claim about what was set); otherwise `app.get(path, …handlers)`.
	 *
	 * @example
	 * app.set('port', 3000);
	 * const port: number = app.get('port');
	 */
	get: (<T = unknown>(name: string) => T) & RouteMatcher<Application>;
	param(name: string | string[], callback: ParamCallback): this;
	/**
	 * Registers a function that builds the `app.param(name, option)` callbacks from their second argument.
	 *
	 * @deprecated since 4.11.0
	 */
	param<Option = unknown>(callback: (name: string, option: Option) => ParamCallback): this;
	locals: Record<string, unknown> & Express.Locals & { settings: Record<string, unknown> };
	mountpath: string | string[];
	settings: Record<string, unknown>;
	engines?: Record<string, EngineCallback>;
	cache?: Record<string, unknown>;
	parent?: Application;
	/** The prototype of this app's requests. */
	request: Request;
	/** The prototype of this app's responses. */
	response: Response;
	set(name: string, value: unknown): this;
	set<T = unknown>(name: string): T;
	enable(name: string): this;
	disable(name: string): this;
	enabled(name: string): boolean;
	disabled(name: string): boolean;
	engine(ext: string, fn: EngineCallback): this;
	render(name: string, callback: RenderCallback): void;
	render(name: string, options: object | undefined, callback: RenderCallback): void;
	/**
	 * Declared because @types/express allows it (this keeps the app assignable to Express's);
	 * Express 4 and Velox need the callback: `res.render` is the form that responds by itself.
	 */
	render(name: string, options?: object): void;
	path(): string;
	listen(port?: number, hostname?: string, backlog?: number, callback?: () => void): Server;
	listen(port?: number, hostname?: string, callback?: () => void): Server;
	listen(port?: number, callback?: () => void): Server;
	listen(callback?: () => void): Server;
	listen(path: string, callback?: () => void): Server;
	listen(handle: unknown, listeningListener?: () => void): Server;
	handle(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
	init(): void;
	defaultConfiguration(): void;
	/** @deprecated Use `app.delete`. */
	del?: RouteMatcher<Application>;
	/** The app's router, created by the first `use`/`route`/`METHOD` call. */
	_router: Router | undefined;

	// Members @types/express declares that Express 4 apps do not have: `app.router` throws
	// (as in Express 4), the others are `undefined`. Typed `never` so that the app stays
	// assignable to Express's `Application` while any use of them is a compile error.
	/** @deprecated Express 3; throws in Express 4 and Velox. Use `velox.Router()`. */
	readonly router: never;
	/** Not in Express 4 (the app's layers are in `app._router.stack`). */
	readonly stack: never;
	/** Not in Express 4. */
	readonly resource: never;
	/** Not in Express 4. */
	readonly map: never;
}
