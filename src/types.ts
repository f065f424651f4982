/**
 * Public types of Velox. They follow the shape of Express 4's typings so that
 * existing typed code keeps compiling, and add one thing Express lacks: route
 * parameters typed from the path literal (`app.get('/users/:id', (req) => req.params.id)`).
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Options as RangeParserOptions, Ranges, Result as RangeParserResult } from 'range-parser';

/** A plain record of string-keyed values. */
export type Dictionary<T = unknown> = Record<string, T>;

/** A route parameter dictionary. */
export type ParamsDictionary = Record<string, string>;

/** The parsed query string: values are strings, arrays or nested objects (qs). */
export interface ParsedQs {
	[key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
}

type ParamName<S extends string> = S extends `${infer Name}(${string}` ? Name : S extends `${infer Name}?` ? Name : S extends `${infer Name}*` ? Name : S extends `${infer Name}+` ? Name : S;

type CutParam<S extends string> = S extends `${infer Head}/${infer Rest}`
	? ParamName<Head> | ParamKeysFrom<Rest>
	: S extends `${infer Head}-${infer Rest}`
		? ParamName<Head> | ParamKeysFrom<Rest>
		: S extends `${infer Head}.${infer Rest}`
			? ParamName<Head> | ParamKeysFrom<Rest>
			: ParamName<S>;

type ParamKeysFrom<S extends string> = S extends `${string}:${infer Rest}` ? CutParam<Rest> : never;

/**
 * The names of the parameters of a route path literal.
 *
 * @example
 * type K = ParamKeys<'/users/:id/posts/:postId'>; // 'id' | 'postId'
 */
export type ParamKeys<Path extends string> = ParamKeysFrom<Path>;

/**
 * `req.params` typed from a path literal; a path that is not a literal gives a
 * plain string dictionary.
 *
 * @example
 * const p: RouteParameters<'/users/:id'> = { id: '1' };
 */
export type RouteParameters<Path> = string extends Path
	? ParamsDictionary
	: Path extends string
		? [ParamKeys<Path>] extends [never]
			? ParamsDictionary
			: { [K in ParamKeys<Path>]: string }
		: ParamsDictionary;

/** What `next` accepts: nothing, an error, or the strings `'route'` and `'router'`. */
export interface NextFunction {
	(err?: unknown): void;
	(deferToNext: 'router'): void;
	(deferToNext: 'route'): void;
}

export interface Request<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs, Locals extends Record<string, unknown> = Record<string, unknown>>
	extends IncomingMessage {
	app: Application;
	baseUrl: string;
	body: ReqBody;
	cookies: Record<string, string> | undefined;
	signedCookies: Record<string, string | false> | undefined;
	readonly fresh: boolean;
	readonly stale: boolean;
	readonly hostname: string | undefined;
	/** @deprecated Use `req.hostname`. */
	readonly host: string | undefined;
	readonly ip: string | undefined;
	readonly ips: string[];
	method: string;
	originalUrl: string;
	params: P;
	readonly path: string;
	readonly protocol: string;
	query: ReqQuery;
	res?: Response<ResBody, Locals>;
	route: Route | undefined;
	readonly secure: boolean;
	readonly subdomains: string[];
	readonly xhr: boolean;
	next?: NextFunction;
	secret?: string | string[];
	url: string;

	accepts(): string[];
	accepts(type: string): string | false;
	accepts(type: string[]): string | false;
	accepts(...type: string[]): string | false;
	acceptsCharsets(): string[];
	acceptsCharsets(charset: string | string[]): string | false;
	acceptsCharsets(...charset: string[]): string | false;
	acceptsEncodings(): string[];
	acceptsEncodings(encoding: string | string[]): string | false;
	acceptsEncodings(...encoding: string[]): string | false;
	acceptsLanguages(): string[];
	acceptsLanguages(lang: string | string[]): string | false;
	acceptsLanguages(...lang: string[]): string | false;
	/** @deprecated Use `req.acceptsCharsets`. */
	acceptsCharset?(...charset: string[]): string | false;
	/** @deprecated Use `req.acceptsEncodings`. */
	acceptsEncoding?(...encoding: string[]): string | false;
	/** @deprecated Use `req.acceptsLanguages`. */
	acceptsLanguage?(...lang: string[]): string | false;
	get(name: 'set-cookie'): string[] | undefined;
	get(name: string): string | undefined;
	header(name: 'set-cookie'): string[] | undefined;
	header(name: string): string | undefined;
	is(type: string | string[], ...types: string[]): string | false | null;
	/** @deprecated Use `req.params`, `req.body` or `req.query`. */
	param(name: string, defaultValue?: unknown): unknown;
	range(size: number, options?: RangeParserOptions): Ranges | RangeParserResult | undefined;
}

export interface CookieOptions {
	domain?: string;
	encode?: (value: string) => string;
	expires?: Date | 0;
	httpOnly?: boolean;
	maxAge?: number;
	path?: string;
	partitioned?: boolean;
	priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High';
	secure?: boolean;
	signed?: boolean;
	sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
}

export interface SendFileOptions {
	maxAge?: number | string;
	root?: string;
	lastModified?: boolean;
	headers?: Record<string, string | number | string[]>;
	dotfiles?: 'allow' | 'deny' | 'ignore';
	acceptRanges?: boolean;
	cacheControl?: boolean;
	immutable?: boolean;
	etag?: boolean;
	/** Serve `index` files for directories (internal to `velox.static`). */
	index?: string | string[] | false;
	extensions?: string | string[] | false;
	/** First byte to send (inclusive), as `send` accepts it. */
	start?: number;
	end?: number;
}

export type DownloadOptions = SendFileOptions;

export type ErrorCallback = (err?: Error | null) => void;
export type RenderCallback = (err: Error | null, html?: string) => void;

export interface Response<ResBody = unknown, Locals extends Record<string, unknown> = Record<string, unknown>> extends ServerResponse {
	app: Application;
	locals: Locals;
	req: Request;
	status(code: number): this;
	sendStatus(code: number): this;
	links(links: Record<string, string>): this;
	send(body?: ResBody): this;
	json(body?: ResBody): this;
	jsonp(body?: ResBody): this;
	sendFile(path: string, callback?: ErrorCallback): void;
	sendFile(path: string, options: SendFileOptions, callback?: ErrorCallback): void;
	download(path: string, callback?: ErrorCallback): void;
	download(path: string, filename: string, callback?: ErrorCallback): void;
	download(path: string, filename: string, options: DownloadOptions, callback?: ErrorCallback): void;
	download(path: string, options: DownloadOptions, callback?: ErrorCallback): void;
	/** @deprecated Use `res.sendFile`. */
	sendfile?(path: string, options?: SendFileOptions | ErrorCallback, callback?: ErrorCallback): void;
	contentType(type: string): this;
	type(type: string): this;
	format(object: Record<string, ((req: Request, res: Response, next: NextFunction) => void) | (() => void)>): this;
	attachment(filename?: string): this;
	set(field: Record<string, string | number | readonly string[]>): this;
	set(field: string, value?: string | number | readonly string[]): this;
	header(field: Record<string, string | number | readonly string[]>): this;
	header(field: string, value?: string | number | readonly string[]): this;
	get(field: string): string | undefined;
	clearCookie(name: string, options?: CookieOptions): this;
	cookie(name: string, value: unknown, options?: CookieOptions): this;
	location(url: string): this;
	redirect(url: string): void;
	redirect(status: number, url: string): void;
	/** @deprecated Use `res.redirect(status, url)`. */
	redirect(url: string, status: number): void;
	render(view: string, callback?: RenderCallback): void;
	render(view: string, options?: object, callback?: RenderCallback): void;
	vary(field: string): this;
	append(field: string, value?: string[] | string): this;
}

// Handler parameters are declared through a method so they compare bivariantly,
// as in @types/express: handlers typed against Express's own types are accepted.
export type RequestHandler<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs> = {
	bivarianceHack(req: Request<P, ResBody, ReqBody, ReqQuery>, res: Response<ResBody>, next: NextFunction): unknown;
}['bivarianceHack'];

export type ErrorRequestHandler<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQs> = {
	bivarianceHack(err: unknown, req: Request<P, ResBody, ReqBody, ReqQuery>, res: Response<ResBody>, next: NextFunction): unknown;
}['bivarianceHack'];

/**
 * A handler typed against another framework's types (for example middleware
 * whose types come from @types/express): accepted as is, since Velox hands it
 * real Express-shaped objects at run time.
 */
export type ForeignHandler = (a: never, b: never, c: never, d: never) => unknown;

/** What `app.use`/`app.METHOD` take besides plain handlers: error handlers and arrays of them. */
export type RequestHandlerParams<P = ParamsDictionary> = RequestHandler<P> | ErrorRequestHandler<P> | readonly (RequestHandler<P> | ErrorRequestHandler<P>)[];

export type PathParams = string | RegExp | readonly (string | RegExp)[];

export type ParamCallback = (req: Request, res: Response, next: NextFunction, value: string, name: string) => unknown;

/** Registers handlers for one method on a path, with `req.params` typed from the path. */
export interface RouteMatcher<This> {
	<Path extends string>(path: Path, ...handlers: RequestHandler<RouteParameters<Path>>[]): This;
	<Path extends string>(path: Path, ...handlers: RequestHandlerParams<RouteParameters<Path>>[]): This;
	(path: PathParams, ...handlers: RequestHandler[]): This;
	(path: PathParams, ...handlers: RequestHandlerParams[]): This;
	(path: PathParams, subApplication: Application): This;
	(path: PathParams, ...handlers: (RequestHandlerParams | ForeignHandler | readonly ForeignHandler[])[]): This;
}

export interface RouteHandlerAdder<This> {
	(...handlers: RequestHandler[]): This;
	(...handlers: RequestHandlerParams[]): This;
	(...handlers: (RequestHandlerParams | ForeignHandler | readonly ForeignHandler[])[]): This;
}

export interface Route<Path extends string = string> {
	path: Path | PathParams;
	stack: Layer[];
	methods: Record<string, boolean>;
	all: RouteHandlerAdder<this>;
	get: RouteHandlerAdder<this>;
	post: RouteHandlerAdder<this>;
	put: RouteHandlerAdder<this>;
	delete: RouteHandlerAdder<this>;
	patch: RouteHandlerAdder<this>;
	options: RouteHandlerAdder<this>;
	head: RouteHandlerAdder<this>;
	[method: string]: unknown;
}

export interface Layer {
	handle: (...args: never[]) => unknown;
	name: string;
	params: Record<string, string> | undefined;
	path: string | undefined;
	keys: { name: string | number; optional: boolean; offset: number }[];
	regexp: RegExp;
	method?: string;
	route?: Route;
}

export interface RouterOptions {
	caseSensitive?: boolean;
	mergeParams?: boolean;
	strict?: boolean;
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
	copy: RouteMatcher<This>;
	lock: RouteMatcher<This>;
	merge: RouteMatcher<This>;
	mkactivity: RouteMatcher<This>;
	mkcol: RouteMatcher<This>;
	move: RouteMatcher<This>;
	'm-search': RouteMatcher<This>;
	notify: RouteMatcher<This>;
	purge: RouteMatcher<This>;
	report: RouteMatcher<This>;
	search: RouteMatcher<This>;
	subscribe: RouteMatcher<This>;
	trace: RouteMatcher<This>;
	unlock: RouteMatcher<This>;
	unsubscribe: RouteMatcher<This>;
	use(...handlers: RequestHandler[]): This;
	use(...handlers: RequestHandlerParams[]): This;
	use(path: PathParams, ...handlers: RequestHandler[]): This;
	use(path: PathParams, ...handlers: RequestHandlerParams[]): This;
	use(path: PathParams, ...subApplications: (Application | Router)[]): This;
	use(...subApplications: (Application | Router)[]): This;
	use(path: PathParams, ...handlers: (RequestHandlerParams | ForeignHandler | readonly ForeignHandler[] | Application | Router)[]): This;
	use(...handlers: (RequestHandlerParams | ForeignHandler | readonly ForeignHandler[] | Application | Router)[]): This;
	route<Path extends string>(path: Path): Route<Path>;
	route(path: PathParams): Route;
	param(name: string, callback: ParamCallback): This;
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

export type EngineCallback = (path: string, options: object, callback: RenderCallback) => void;

export interface Application extends EventEmitter, Omit<RouterMethods<Application>, 'get' | 'param'> {
	(req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
	get: ((name: string) => unknown) & RouteMatcher<Application>;
	param(name: string | string[], callback: ParamCallback): this;
	/** @deprecated since 4.11.0 */
	param(callback: (name: string, option: unknown) => ParamCallback): this;
	locals: Record<string, unknown> & { settings: Record<string, unknown> };
	mountpath: string | string[];
	settings: Record<string, unknown>;
	engines?: Record<string, EngineCallback>;
	cache?: Record<string, unknown>;
	parent?: Application;
	request?: Request;
	response?: Response;
	set(name: string, value: unknown): this;
	set(name: string): unknown;
	enable(name: string): this;
	disable(name: string): this;
	enabled(name: string): boolean;
	disabled(name: string): boolean;
	engine(ext: string, fn: EngineCallback): this;
	render(name: string, callback: RenderCallback): void;
	render(name: string, options?: object, callback?: RenderCallback): void;
	path(): string;
	listen(port?: number, hostname?: string, backlog?: number, callback?: () => void): Server;
	listen(port?: number, hostname?: string, callback?: () => void): Server;
	listen(port?: number, callback?: () => void): Server;
	listen(path: string, callback?: () => void): Server;
	listen(handle: unknown, listeningListener?: () => void): Server;
	handle?(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
	init?(): void;
	defaultConfiguration?(): void;
	/** @deprecated Use `app.delete`. */
	del?: RouteMatcher<Application>;
	_router?: Router | undefined;
}
