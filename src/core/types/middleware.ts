// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * The built-in middleware factories: `velox.json/raw/text/urlencoded` (the
 * options of body-parser 1.x, as Express 4 exports them), `velox.static`
 * (serve-static 1.x) and `velox.query`. Declared here, without the @types
 * packages of those modules, so that the published types need none of them.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { ByLine, Response } from 'express-serve-static-core';

/** A middleware typed against node's own request and response, so it fits any router. */
export type NextHandleFunction = (req: IncomingMessage, res: ServerResponse, next: (err?: any) => void) => void;

/** Options common to `json`, `raw`, `text` and `urlencoded`. */
export interface BodyParserOptions {
	/** Inflate gzip, deflate and br bodies; `false` rejects them with 415. Default `true`. */
	inflate?: boolean | undefined;
	/** Maximum body size: a number of bytes or a string such as `'1mb'`. Default `'100kb'`. */
	limit?: number | string | undefined;
	/** Media type(s) to parse (type-is syntax), or a function that decides from the request. */
	type?: string | string[] | ((req: IncomingMessage) => any) | undefined;
	/** Called with the raw body before parsing; throwing aborts with 403 (or the thrown error's status). */
	verify?(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string): void;
}

export interface JsonOptions extends BodyParserOptions {
	/** Second argument of `JSON.parse`. */
	reviver?(key: string, value: any): any;
	/** Accept only objects and arrays (the first non-space character is `{` or `[`). Default `true`. */
	strict?: boolean | undefined;
	/** Velox 5: the charset of a body whose Content-Type names none (a `utf-` one, or 415). Default `'utf-8'`; Velox 4 ignores it. */
	defaultCharset?: string | undefined;
}

export interface RawOptions extends BodyParserOptions {}

export interface TextOptions extends BodyParserOptions {
	/** Charset used when the Content-Type names none. Default `'utf-8'`. */
	defaultCharset?: string | undefined;
}

export interface UrlencodedOptions extends BodyParserOptions {
	/** `true`: qs with nested keys; `false`: flat keys. Velox 4: default `true` (with a deprecation warning when omitted), `false` is node's querystring; Velox 5: default `false`. */
	extended?: boolean | undefined;
	/** Maximum number of parameters; more gives 413. Default 1000. */
	parameterLimit?: number | undefined;
	/** Maximum nesting depth of extended keys; deeper gives 400. Default 32. */
	depth?: number | undefined;
	/** Velox 5: the charset of a form whose Content-Type names none, `'utf-8'` (default) or `'iso-8859-1'`. */
	defaultCharset?: string | undefined;
	/** Velox 5: let a `utf8=` parameter (qs's charset sentinel) say the form's charset. */
	charsetSentinel?: boolean | undefined;
	/** Velox 5: turn `&#...;` numeric entities into characters (qs, ISO-8859-1 forms). */
	interpretNumericEntities?: boolean | undefined;
}

/** The names body-parser gives its option types. */
export type OptionsJson = JsonOptions;
export type OptionsText = TextOptions;
export type OptionsUrlencoded = UrlencodedOptions;
export type Options = BodyParserOptions;

/** The mime (v1) module, as `velox.static.mime`. */
export interface Mime {
	/** The type of a path or extension (`'html'`, `'a/b.txt'`), `fallback` or `default_type` when unknown. */
	lookup(path: string, fallback?: string): string;
	/** The default extension of a type. */
	extension(mime: string): string | undefined;
	/** Loads an Apache-style `.types` file. */
	load(filepath: string): void;
	/** Adds types: `{ 'application/x-fx': ['fx'] }`. */
	define(mimes: { [type: string]: string[] }, force?: boolean): void;
	charsets: { lookup(mime: string, fallback?: string): string };
	default_type: string;
}

/** `velox.static` options (serve-static 1.x). */
export interface ServeStaticOptions<R extends ServerResponse = ServerResponse> {
	/** Answer Range requests (default true). */
	acceptRanges?: boolean | undefined;
	/** Send a Cache-Control header (default true). */
	cacheControl?: boolean | undefined;
	/** Dotfiles: `'ignore'` (default: 404), `'allow'`, or `'deny'` (403). */
	dotfiles?: 'allow' | 'deny' | 'ignore' | (string & {}) | undefined;
	/**
	 * Symbolic links: `'follow'` (default, as Express 4: a link in the root is served wherever it
	 * points) or `'within-root'`: a file or directory whose real path, every link resolved, is
	 * outside the root's real path is answered as a missing file. Beyond Express 4.
	 */
	symlinks?: 'follow' | 'within-root' | undefined;
	etag?: boolean | undefined;
	/** Extensions to try when the file is not found, e.g. `['html']`. */
	extensions?: string[] | false | undefined;
	/** true (default): client errors and missing files call `next()`; false: `next(err)`. */
	fallthrough?: boolean | undefined;
	/** Add `immutable` to Cache-Control (with `maxAge`). */
	immutable?: boolean | undefined;
	/**
	 * Index file(s) for a directory (default `'index.html'`), or `false`. `true` is accepted as
	 * @types/express accepts it (so that `velox` is assignable to `typeof express`), but makes
	 * every directory request fail, in Express 4 as in Velox.
	 */
	index?: boolean | string | string[] | undefined;
	lastModified?: boolean | undefined;
	/** Cache-Control max-age in milliseconds, or a string such as `'1d'`. */
	maxAge?: number | string | undefined;
	/** Redirect a directory to its URL with a trailing `/` (default true). */
	redirect?: boolean | undefined;
	/** Sets headers synchronously before a file is sent. */
	setHeaders?: ((res: R, path: string, stat: any) => any) | undefined;
}

/** The middleware `velox.static(root)` returns. */
export interface ServeStaticHandler<R extends ServerResponse = Response> {
	// biome-ignore lint/style/useShorthandFunctionType: an interface, as serve-static's typings declare it
	(request: IncomingMessage, response: R, next: (err?: any) => void): any;
}

/**
 * `velox.static`: serves the files below `root`.
 *
 * @example
 * app.use('/assets', velox.static('public', { maxAge: '1d', immutable: true }));
 */
export interface ServeStatic<R extends ServerResponse = Response> extends ByLine<ServeStaticExpress4Only, {}> {
	(root: string, options?: ServeStaticOptions<R>): ServeStaticHandler<R>;
}

/** `velox.static`'s members Express 5 removed: on Velox 4 only (line.ts). */
export interface ServeStaticExpress4Only {
	/** The mime module the files' Content-Type comes from. */
	mime: Mime;
}

/** Options of qs's `parse`, which `velox.query(options)` passes on. */
export type QueryParserOptions = {
	allowDots?: boolean | undefined;
	allowEmptyArrays?: boolean | undefined;
	allowPrototypes?: boolean | undefined;
	allowSparse?: boolean | undefined;
	arrayLimit?: number | undefined;
	charset?: 'utf-8' | 'iso-8859-1' | undefined;
	charsetSentinel?: boolean | undefined;
	comma?: boolean | undefined;
	decodeDotInKeys?: boolean | undefined;
	decoder?: ((str: string, defaultDecoder: (str: string) => string, charset: string, type: 'key' | 'value') => any) | undefined;
	delimiter?: string | RegExp | undefined;
	depth?: number | false | undefined;
	duplicates?: 'combine' | 'first' | 'last' | undefined;
	ignoreQueryPrefix?: boolean | undefined;
	interpretNumericEntities?: boolean | undefined;
	parameterLimit?: number | undefined;
	parseArrays?: boolean | undefined;
	plainObjects?: boolean | undefined;
	strictDepth?: boolean | undefined;
	strictNullHandling?: boolean | undefined;
	throwOnLimitExceeded?: boolean | undefined;
};

/** `velox.query(options)`: qs options, or a parser of the query string. */
export type QueryParser = (str: string, options?: any) => any;
