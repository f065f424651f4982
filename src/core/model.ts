/**
 * The one internal model of the request: node's `IncomingMessage` plus every member Velox sets
 * or reads on it, each declared once, with the type it has at run time. The public shape is
 * `Request` (types/request.ts), which follows @types/express; index.ts exports the request
 * prototype typed by this model as that one (the two are checked to overlap; see docs/design.md,
 * "Type model").
 *
 * A module that handles requests takes the members it uses as a view, `RequestView<…>` (the
 * router's `RoutedRequest`, the response's `ResponseRequest`, the body parsers' `BodyRequest`,
 * …), so a member is declared here only and a module states what it depends on.
 * Types only: nothing here exists at run time.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type parseRange from 'range-parser';
import type { App } from './application';
import type { Next, ParamsRecord } from './router/layer';
import type { Route } from './router/route';
import type { QueryParserFunction } from './settings';
import type { kQueryParser } from './symbols';

/** What a negotiation method answers: the best match, `false`, or (without arguments) every accepted value. */
export type Negotiated = string | string[] | false;

/**
 * A request as Velox sees it once an app has handled it. Like the public `Request`, it extends
 * the global `Express.Request` that middleware typings augment (`req.session`, `req.user`, …).
 */
export interface VeloxRequest extends IncomingMessage, Express.Request {
	// Set by node's HTTP parser on every request a server receives (node types them optional).
	url: string;
	method: string;

	// The app: `app` is on the app's request prototype, `res` and the query parser are set by `app.handle`.
	app: App;
	res?: ServerResponse;
	[kQueryParser]?: QueryParserFunction;

	// The router (router.ts `initRoutingState`, dispatch.ts).
	baseUrl?: string;
	originalUrl?: string;
	params?: ParamsRecord;
	next?: Next;
	route?: Route;

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
