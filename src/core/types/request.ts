// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * The request object handlers receive: node's `IncomingMessage` plus
 * Express 4's getters and methods, typed as @types/express@4 types them
 * (same type parameters, same defaults), so typed Express code compiles
 * unchanged and a Velox `req` can be handed to code typed against Express.
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	import type { IncomingMessage } from 'http';

	// The range-parser shapes, declared here so the published types need no @types package.
	/** `req.range` options. */
	export interface RangeParserOptions {
		/** Combine overlapping and adjacent ranges. */
		combine?: boolean | undefined;
	}
	/** One satisfiable byte range, inclusive. */
	export interface ByteRange {
		start: number;
		end: number;
	}
	/** @deprecated Use `ByteRange`. */
	export type RangeParserRange = ByteRange;
	/** The ranges of a `Range` header, with their unit (`bytes`). */
	export interface RequestRanges extends Array<ByteRange> {
		type: string;
	}
	/** @deprecated Use `RequestRanges`. */
	export type Ranges = RequestRanges;
	/** -1: unsatisfiable; -2: malformed. */
	export type RangeParserResult = -1 | -2;

	/** One entry of a parsed Accept header, as @types/express describes `req.accepted`. */
	export interface MediaType {
		value: string;
		quality: number;
		type: string;
		subtype: string;
	}

	/** The request's members Express 5 removed: on Velox 4's `Request` only (line.ts). */
	export interface RequestExpress4Only {
		/** @deprecated Use `req.acceptsCharsets`. */
		acceptsCharset?(...charset: string[]): string | false;
		/** @deprecated Use `req.acceptsEncodings`. */
		acceptsEncoding?(...encoding: string[]): string | false;
		/** @deprecated Use `req.acceptsLanguages`. */
		acceptsLanguage?(...lang: string[]): string | false;

		/**
		 * The value of `name` from `req.params`, then `req.body`, then `req.query`.
		 * Typed `string` as in @types/express; a body or query value may be another type.
		 *
		 * @deprecated Use `req.params`, `req.body` or `req.query`.
		 */
		param(name: string, defaultValue?: any): string;
	}

	/**
	 * The request a handler receives.
	 *
	 * @typeParam P - `req.params` (inferred from the path literal by `app.get('/users/:id', …)`)
	 * @typeParam ResBody - what `res.send`/`res.json` accept
	 * @typeParam ReqBody - `req.body`, as a body parser left it
	 * @typeParam ReqQuery - `req.query`
	 * @typeParam LocalsObj - `res.locals`
	 *
	 * @example
	 * const login = (req: Request<{}, any, { user: string }>, res: Response) => res.send(req.body.user);
	 */
	export interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>
		extends IncomingMessage,
			Express.Request,
			ByLine<RequestExpress4Only, {}> {
		get(name: 'set-cookie'): string[] | undefined;
		get(name: string): string | undefined;
		header(name: 'set-cookie'): string[] | undefined;
		header(name: string): string | undefined;

		accepts(): string[];
		accepts(type: string): string | false;
		accepts(type: string[]): string | false;
		accepts(...type: string[]): string | false;
		acceptsCharsets(): string[];
		acceptsCharsets(charset: string): string | false;
		acceptsCharsets(charset: string[]): string | false;
		acceptsCharsets(...charset: string[]): string | false;
		acceptsEncodings(): string[];
		acceptsEncodings(encoding: string): string | false;
		acceptsEncodings(encoding: string[]): string | false;
		acceptsEncodings(...encoding: string[]): string | false;
		acceptsLanguages(): string[];
		acceptsLanguages(lang: string): string | false;
		acceptsLanguages(lang: string[]): string | false;
		acceptsLanguages(...lang: string[]): string | false;

		/** Parses the Range header for a resource of `size` bytes: the ranges, -1 (unsatisfiable), -2 (malformed), or `undefined` without a Range header. */
		range(size: number, options?: RangeParserOptions): RequestRanges | RangeParserResult | undefined;

		/**
		 * Declared because @types/express declares it; Express 4 (and Velox) never set it,
		 * so it is `undefined` at run time. Use `req.accepts()`.
		 *
		 * @deprecated Not set by Express 4 or Velox.
		 */
		accepted: MediaType[];

		/** The first of the given types that the Content-Type matches, `false` if none does, `null` without a body. */
		is(type: string | string[], ...types: string[]): string | false | null;

		readonly protocol: string;
		readonly secure: boolean;
		/**
		 * `undefined` at run time when the socket is already closed. Typed `string`, as the
		 * @types/express releases before 4.19 type it: code written against those compiles, and
		 * code written against the later `string | undefined` (tests, `??`) compiles too.
		 */
		readonly ip: string;
		readonly ips: string[];
		readonly subdomains: string[];
		readonly path: string;
		/** Typed `string` as in @types/express; `undefined` at run time when the request has no Host header. */
		readonly hostname: string;
		/** @deprecated Use `req.hostname`. */
		readonly host: string;
		readonly fresh: boolean;
		readonly stale: boolean;
		readonly xhr: boolean;

		/** Set by a body parser (`velox.json()`, …); type it with the third type argument, e.g. `Request<{}, any, LoginBody>`. */
		body: ReqBody;
		/** Filled by cookie-parser: strings, or objects for `j:` JSON cookies; `undefined` until that middleware ran. */
		cookies: any;
		/** Filled by cookie-parser; a cookie whose signature does not verify is `false`. */
		signedCookies: any;
		method: string;
		params: P;
		query: ReqQuery;
		/** The matched route (an `IRoute`) inside route handlers; `undefined` in middleware. */
		route: any;
		originalUrl: string;
		url: string;
		baseUrl: string;
		app: Application;
		res?: Response<ResBody, LocalsObj> | undefined;
		next?: NextFunction | undefined;
	}
}
