/**
 * The one internal model of Velox's objects: the request (`VeloxRequest`), the response
 * (`VeloxResponse`) and the application (`App`), each member declared once with the type it has
 * at run time, and the prototypes typed from them. The public shapes are in types/* (following
 * @types/express); express.ts hands the objects out as those through casts the compiler checks
 * (docs/design.md, "Type model").
 *
 * The router sits below this model and declares the request members it sets itself
 * (`RoutedRequest`, router/layer.ts), which `VeloxRequest` extends. A module that handles requests
 * takes the members it uses as a view, `RequestView<…>`, so it states what it depends on.
 * Types only: nothing here exists at run time.
 */
import type { EventStream, EventStreamOptions } from '../response/sse';
import type { EventEmitter } from 'events';
// The public option types, declared by types/response.ts in this module.
import type { CookieOptions, DownloadOptions, ErrorCallback, RenderCallback, SendFileOptions } from 'express-serve-static-core';

export type { RenderCallback } from 'express-serve-static-core';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type parseRange from 'range-parser';
import type { BuiltInLayers } from '../builtin-layers';
import type { Next, RoutedRequest } from '../router/types';
import type { RouteList } from '../router/listing';
import type { MethodName } from '../router/methods';
import type { Route } from '../router/route';
import type { Router } from '../router/router';
import type { QueryParserFunction } from '../settings';
import type { kAppRouter, kBuiltInLayers, kQueryParser, kRequestClass, kResponseClass } from '../base/symbols';

/** What a negotiation method answers: the best match, `false`, or (without arguments) every accepted value. */
export type Negotiated = string | string[] | false;

/**
 * A request as Velox sees it once an app has handled it: node's request, what the router sets
 * (`RoutedRequest`), and every member the app, the body parsers and the prototype put there. Like
 * the public `Request`, it extends the global `Express.Request` that middleware typings augment
 * (`req.session`, `req.user`, …).
 */
export interface VeloxRequest extends RoutedRequest, Express.Request {
	// The app: `app` is on the app's request prototype, `res` and the query parser are set by `app.handle`.
	app: App;
	res?: ServerResponse;
	[kQueryParser]?: QueryParserFunction;

	// Middleware: the body parsers (`_body` marks a request one of them took, as body-parser does),
	// `velox.query` or the lazy `req.query` getter, cookie-parser's `secret` (read by `res.cookie`).
	body?: unknown;
	_body?: boolean;
	query?: unknown;
	secret?: string;
	// Declared by the public `Request` (from @types/express), never set nor read by Velox:
	// cookie-parser's members, and `accepted`, which Express 4 does not have.
	cookies?: unknown;
	signedCookies?: unknown;
	readonly accepted?: unknown;

	// Getters of the request prototype (request.ts), computed on each read.
	readonly protocol: string;
	readonly secure: boolean;
	readonly ip: string | undefined;
	readonly ips: string[];
	readonly subdomains: string[];
	readonly path: string | null | undefined;
	readonly hostname: string | undefined;
	/** @deprecated As in Express 4; use `hostname`. */
	readonly host: string | undefined;
	readonly fresh: boolean;
	readonly stale: boolean;
	readonly xhr: boolean;
	/** Beyond Express 4: aborts when the client goes away or `velox.timeout` fires (timeout.ts). */
	readonly signal: AbortSignal;
	/** Beyond Express 4: the `Last-Event-ID` header an EventSource reconnects with (request.ts). */
	readonly lastEventId: string | undefined;

	// Methods of the request prototype (request.ts).
	get(name: string): string | string[] | undefined;
	header(name: string): string | string[] | undefined;
	accepts(...types: unknown[]): Negotiated;
	acceptsEncodings(...encodings: unknown[]): Negotiated;
	acceptsEncoding(...encodings: unknown[]): Negotiated;
	acceptsCharsets(...charsets: unknown[]): Negotiated;
	acceptsCharset(...charsets: unknown[]): Negotiated;
	acceptsLanguages(...languages: unknown[]): Negotiated;
	acceptsLanguage(...languages: unknown[]): Negotiated;
	range(size: number, options?: parseRange.Options): parseRange.Result | parseRange.Ranges | undefined;
	param(name?: string, defaultValue?: unknown): unknown;
	is(...types: unknown[]): string | false | null;
}

/** The members of `VeloxRequest` one module reads or sets, on node's request. */
export type RequestView<K extends keyof VeloxRequest> = IncomingMessage & Pick<VeloxRequest, K>;

/**
 * The request prototype (`velox.request`, `app.request`): the getters and methods above; the
 * per-request members are absent from it (`undefined` when read there).
 */
export type RequestPrototype = RequestView<PrototypeKey> & Partial<Omit<VeloxRequest, PrototypeKey | keyof IncomingMessage>>;

type PrototypeKey =
	| 'protocol'
	| 'secure'
	| 'ip'
	| 'ips'
	| 'subdomains'
	| 'path'
	| 'hostname'
	| 'host'
	| 'fresh'
	| 'stale'
	| 'xhr'
	| 'signal'
	| 'lastEventId'
	| 'get'
	| 'header'
	| 'accepts'
	| 'acceptsEncodings'
	| 'acceptsEncoding'
	| 'acceptsCharsets'
	| 'acceptsCharset'
	| 'acceptsLanguages'
	| 'acceptsLanguage'
	| 'range'
	| 'param'
	| 'is';

export type FormatCallback = (req: VeloxRequest, res: VeloxResponse, next: Next | undefined) => void;
import type { HeaderValue } from '../base/headers';

export type { HeaderValue };

/**
 * A response as Velox builds it: node's response, `app`, `locals` and the response prototype's
 * methods (the public one is `Response` in types/response.ts); `res.req` is a `VeloxRequest`.
 */
export interface VeloxResponse extends ServerResponse<VeloxRequest>, Express.Response {
	app: App;
	locals: Record<string, unknown>;
	status(code: number): this;
	links(links: Record<string, string>): this;
	send(body?: unknown, ...rest: unknown[]): this;
	json(body?: unknown, ...rest: unknown[]): this;
	jsonp(body?: unknown, ...rest: unknown[]): this;
	sendStatus(code: number): this;
	sendFile(path: string, options?: SendFileOptions | ErrorCallback, callback?: ErrorCallback): void;
	/** @deprecated Express 4's lower-case form. */
	sendfile(path: string, options?: SendFileOptions | ErrorCallback, callback?: ErrorCallback): void;
	download(
		path: string,
		filename?: string | DownloadOptions | ErrorCallback | null,
		options?: DownloadOptions | ErrorCallback | null,
		callback?: ErrorCallback,
	): void;
	contentType(type: string): this;
	type(type: string): this;
	format(object: Record<string, FormatCallback>): this;
	attachment(filename?: string): this;
	append(field: string, value?: unknown): this;
	set(field: unknown, ...value: unknown[]): this;
	header(field: unknown, ...value: unknown[]): this;
	get(field: string): HeaderValue | undefined;
	clearCookie(name: string, options?: CookieOptions): this;
	cookie(name: string, value: unknown, options?: CookieOptions): this;
	location(url: string): this;
	redirect(url: unknown, ...rest: unknown[]): void;
	vary(field: string | string[]): this;
	render(view: string, options?: object | RenderCallback, callback?: RenderCallback): void;
	/** Beyond Express 4: a Server-Sent Events stream (src/core/response/sse.ts). */
	sse(options?: EventStreamOptions): EventStream;
	/** Declared by the public `Response` (from @types/express); Express 4 has no such member and Velox never reads it. */
	charset?: unknown;
}

/**
 * The response prototype (`velox.response`, `app.response`): the methods above, and the
 * `locals` accessor; `app` is on each app's `app.response` only, and what middleware typings add
 * to `Express.Response` (compression's `res.flush`) on the responses that middleware handles.
 */
export type ResponsePrototype = ServerResponse<VeloxRequest> &
	Omit<VeloxResponse, 'app' | keyof ServerResponse | keyof Express.Response> &
	Partial<Pick<VeloxResponse, 'app' | keyof Express.Response>>;

/** A view as `app.render` uses one (the `view` setting's class; view.ts's `View` by default). */
export interface ViewLike {
	path: string | undefined;
	root: string | string[];
	render(options: object, callback: RenderCallback): void;
}

/** The routing methods other than `get` (`app.post`, `app.delete`, …), assigned by name from `methods` in application.ts. */
type AppMethods = { [M in Exclude<MethodName, 'get'>]: (path: unknown, ...handlers: unknown[]) => App };

/** The members of the application prototype (application.ts): what `velox()` mixes into each app. */
export interface AppMembers extends AppMethods {
	init(): void;
	defaultConfiguration(): void;
	lazyrouter(): void;
	handle(req: IncomingMessage, res: ServerResponse, callback?: Next): void;
	set(setting: string, ...value: unknown[]): unknown;
	/** `app.get(setting)`, or `app.get(path, …handlers)`. */
	get(setting: string, ...handlers: unknown[]): unknown;
	enabled(setting: string): boolean;
	disabled(setting: string): boolean;
	enable(setting: string): App;
	disable(setting: string): App;
	path(): string;
	use(...args: unknown[]): App;
	route(path: unknown): Route;
	param(name: unknown, fn?: unknown): App;
	engine(ext: string, fn: unknown): App;
	all(path: unknown, ...handlers: unknown[]): App;
	del(...args: unknown[]): unknown;
	render(name: string, options?: unknown, callback?: RenderCallback): void;
	listen(...args: unknown[]): Server;
	routes(): RouteList;
	inject(options: unknown): unknown;
	ws(path: unknown, ...args: unknown[]): App;
}

/** An app: a request listener with the prototype's members and its own state. */
export interface App extends EventEmitter, AppMembers, Express.Application {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	settings: Record<string, unknown>;
	cache: Record<string, ViewLike>;
	engines: Record<string, unknown>;
	locals: Record<string, unknown>;
	mountpath: unknown;
	parent?: App;
	request: RequestPrototype;
	response: ResponsePrototype;
	_router: Router | undefined;
	/** Velox 5: the router `app.router` made (application.ts). */
	[kAppRouter]?: Router;
	[kQueryParser]?: QueryParserFunction;
	[kBuiltInLayers]?: BuiltInLayers;
	[kRequestClass]?: unknown;
	[kResponseClass]?: unknown;
	/** Express 3's router: on an app, a getter that throws; Velox 5's public router (see `defaultConfiguration`). */
	readonly router?: unknown;
	/** Declared by @types/express's `Application`, absent from an Express 4 app (and never read by Velox). */
	resource?: unknown;
	map?: unknown;
	stack?: unknown;
}

/**
 * The application prototype (`velox.application`): the members above; an app's own state is
 * absent from it. The public shape is `Application` in types/application.ts.
 */
export type ApplicationPrototype = AppMembers & Partial<Omit<App, keyof AppMembers>>;
