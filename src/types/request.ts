/**
 * The request object handlers receive: node's `IncomingMessage` plus
 * Express 4's getters and methods. Assignable to @types/express's `Request`,
 * so a Velox `req` can be handed to code typed against Express.
 */
import type { IncomingMessage } from 'node:http';
import type { Application } from './application';
import type { NextFunction } from './handlers';
import type { ParamsDictionary, ParsedQs } from './params';
import type { Response } from './response';
import type { Route } from './router';

// The range-parser shapes, declared here so the published types need no @types package.
/** `req.range` options. */
export interface RangeParserOptions {
	/** Combine overlapping and adjacent ranges. */
	combine?: boolean;
}
/** One satisfiable byte range, inclusive. */
export interface RangeParserRange {
	start: number;
	end: number;
}
/** The ranges of a `Range` header, with their unit (`bytes`). */
export interface Ranges extends Array<RangeParserRange> {
	type: string;
}
/** -1: unsatisfiable; -2: malformed. */
export type RangeParserResult = -1 | -2;

/** One entry of a parsed Accept header, as @types/express describes `req.accepted`. */
export interface MediaType {
	value: string;
	quality: number;
	type: string;
	subtype: string;
}

/**
 * The request a handler receives; the type arguments are those of @types/express's `Request`.
 *
 * @example
 * const login = (req: Request<ParamsDictionary, unknown, { user: string }>, res: Response) => res.send(req.body.user);
 */
export interface Request<
	P = ParamsDictionary,
	ResBody = unknown,
	ReqBody = unknown,
	ReqQuery = ParsedQs,
	Locals extends Record<string, unknown> = Record<string, unknown>,
> extends IncomingMessage,
		Express.Request {
	app: Application;
	baseUrl: string;
	/** Set by a body parser (`velox.json()`, …); type it with the third type argument, e.g. `Request<{}, unknown, LoginBody>`. */
	body: ReqBody;
	/**
	 * Filled by cookie-parser: strings, or objects for `j:` JSON cookies.
	 * Typed as present, as @types/cookie-parser does; `undefined` until that middleware ran.
	 */
	cookies: Record<string, unknown>;
	/** Filled by cookie-parser; a cookie whose signature does not verify is `false`. Present only after that middleware ran. */
	signedCookies: Record<string, unknown>;
	readonly fresh: boolean;
	readonly stale: boolean;
	/** Typed `string` as in @types/express; `undefined` at run time when the request has no Host header. */
	readonly hostname: string;
	/** @deprecated Use `req.hostname`. */
	readonly host: string;
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
	/** The first secret given to cookie-parser; `res.cookie(…, { signed: true })` signs with it. */
	secret?: string;
	url: string;
	/**
	 * Declared by @types/express, but Express 4 has no `req.accepted` (it is `undefined`).
	 * Typed `never` so that Velox's request stays assignable to Express's while any use
	 * of it is a compile error; use `req.accepts()`.
	 */
	readonly accepted: never;

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
	/**
	 * The value of `name` from `req.params`, then `req.body`, then `req.query`.
	 * Typed `string` as in @types/express; a body or query value may be another type.
	 *
	 * @deprecated Use `req.params`, `req.body` or `req.query`.
	 */
	param(name: string, defaultValue?: string): string;
	range(size: number, options?: RangeParserOptions): Ranges | RangeParserResult | undefined;
}
