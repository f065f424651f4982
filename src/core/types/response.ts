// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * The response object handlers receive: node's `ServerResponse` plus
 * Express 4's methods, typed as @types/express@4 types them (same type
 * parameters, same defaults).
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	import type { ServerResponse } from 'http';

	export interface CookieOptions {
		/** Lifetime in milliseconds (sets `Max-Age` and `Expires`). */
		maxAge?: number | undefined;
		/** Sign the value with the secret given to cookie-parser. */
		signed?: boolean | undefined;
		/** `0` writes a date in the past (a session cookie that is already gone). */
		expires?: Date | 0 | undefined;
		httpOnly?: boolean | undefined;
		path?: string | undefined;
		domain?: string | undefined;
		secure?: boolean | undefined;
		encode?: ((val: string) => string) | undefined;
		sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None' | undefined;
		priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High' | undefined;
		partitioned?: boolean | undefined;
	}

	/** The options of the file-sending engine behind `res.sendFile`, `res.download` and `velox.static` (those of `send`). */
	export interface SendOptions {
		/** Answer Range requests (default true). */
		acceptRanges?: boolean | undefined;
		/** Send a Cache-Control header (default true). */
		cacheControl?: boolean | undefined;
		/** Dotfiles: `'ignore'` (default: 404), `'allow'`, or `'deny'` (403). */
		dotfiles?: 'allow' | 'deny' | 'ignore' | undefined;
		/**
		 * Symbolic links: `'follow'` (default, as Express 4: a link in the root is served wherever it
		 * points) or `'within-root'`: a file or directory whose real path, every link resolved, is
		 * outside the real path of `root` (which it requires) is answered as a missing file. Beyond Express 4.
		 */
		symlinks?: 'follow' | 'within-root' | undefined;
		/** Last byte to send (inclusive). */
		end?: number | undefined;
		etag?: boolean | undefined;
		/**
		 * Extensions to try when the file is not found, e.g. `['html']`. (@types/express also
		 * accepts `true`, with which Express 4 throws: Velox's types reject it.)
		 */
		extensions?: string[] | string | false | undefined;
		/** Add `immutable` to Cache-Control (with `maxAge`). */
		immutable?: boolean | undefined;
		/** Index file(s) for a directory, or `false`. (`true` makes Express 4 throw: rejected here.) */
		index?: string[] | string | false | undefined;
		lastModified?: boolean | undefined;
		/** Cache-Control max-age in milliseconds, or a string such as `'1d'`. */
		maxAge?: string | number | undefined;
		/** Resolve relative paths below this directory (and refuse to leave it). */
		root?: string | undefined;
		/** First byte to send. */
		start?: number | undefined;
	}

	export interface SendFileOptions extends SendOptions {
		/** Headers to set on the response. */
		headers?: Record<string, unknown>;
	}

	export interface DownloadOptions extends SendOptions {
		/** Headers to set on the response (Content-Disposition is Velox's). */
		headers?: Record<string, unknown>;
	}

	/**
	 * The callback of `res.sendFile`/`res.download` as the implementation calls it: with the error,
	 * or with nothing on success. Its parameter is `any` so that an `Errback` (typed `(err: Error)`,
	 * as in @types/express) is accepted where it is expected.
	 */
	export type ErrorCallback = (err?: any) => void;

	/** What a template engine and `app.render` call back with: the error, or `null` and the rendered text. */
	export type RenderCallback = (err: Error | null, html?: string) => void;

	/** The response's members Express 5 removed: on Velox 4's `Response` only (line.ts). */
	export interface ResponseExpress4Only {
		/** @deprecated Use `res.sendFile`. */
		sendfile(path: string): void;
		/** @deprecated Use `res.sendFile`. */
		sendfile(path: string, options: SendFileOptions): void;
		/** @deprecated Use `res.sendFile`. */
		sendfile(path: string, fn: Errback): void;
		/** @deprecated Use `res.sendFile`. */
		sendfile(path: string, options: SendFileOptions, fn: Errback): void;
	}

	/** The type of `res.send`, `res.json` and `res.jsonp`. */
	export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;

	/**
	 * The response a handler writes.
	 *
	 * @typeParam ResBody - what `send`/`json`/`jsonp` accept
	 * @typeParam LocalsObj - `res.locals`
	 * @typeParam StatusCode - what `status`/`sendStatus` accept
	 *
	 * @example
	 * const notFound = (_req: Request, res: Response<{ error: string }>) => res.status(404).json({ error: 'not found' });
	 */
	export interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
		extends ServerResponse,
			Express.Response,
			ByLine<ResponseExpress4Only, {}> {
		status(code: StatusCode): this;
		sendStatus(code: StatusCode): this;
		/** Sets the Link header from `{ rel: url }`. */
		links(links: any): this;
		send: Send<ResBody, this>;
		json: Send<ResBody, this>;
		jsonp: Send<ResBody, this>;

		/**
		 * Sends a file. The callback gets the error, or no argument once the file was sent
		 * (typed `Error` as in @types/express: test it with `if (err)`).
		 */
		sendFile(path: string, fn?: Errback): void;
		sendFile(path: string, options: SendFileOptions, fn?: Errback): void;
		/**
		 * Sends a file as an attachment (Content-Disposition), named `filename` or after `path`.
		 * The options may also come second: `res.download(path, { root })`.
		 */
		download(path: string, fn?: Errback): void;
		download(path: string, filename: string | DownloadOptions, fn?: Errback): void;
		download(path: string, filename: string | null | undefined, options: DownloadOptions, fn?: Errback): void;

		contentType(type: string): this;
		type(type: string): this;
		/** Responds with the handler of the best accepted type, `{ 'text/html': () => …, default: () => … }`. */
		format(obj: any): this;
		attachment(filename?: string): this;
		set(field: any): this;
		set(field: string, value?: string | string[] | number | readonly string[]): this;
		header(field: any): this;
		header(field: string, value?: string | string[] | number | readonly string[]): this;
		headersSent: boolean;
		get(field: string): string | undefined;
		clearCookie(name: string, options?: CookieOptions): this;
		cookie(name: string, val: string, options: CookieOptions): this;
		cookie(name: string, val: any, options: CookieOptions): this;
		cookie(name: string, val: any): this;
		location(url: string): this;
		redirect(url: string): void;
		redirect(status: number, url: string): void;
		/** @deprecated Use `res.redirect(status, url)`. Velox 4 only: Express 5 removed it (line.ts). */
		redirect(url: string, status: Line4Only<number>): void;
		render(view: string, options?: object, callback?: (err: Error, html: string) => void): void;
		render(view: string, callback?: (err: Error, html: string) => void): void;
		locals: LocalsObj & Locals;
		/**
		 * Declared because @types/express declares it; Express 4 (and Velox) neither read nor set it.
		 * Set the charset with `res.type()` or `res.set('Content-Type', …)`.
		 *
		 * @deprecated Ignored by Express 4 and Velox.
		 */
		charset: string;
		vary(field: string): this;
		app: Application;
		append(field: string, value?: string[] | string): this;
		req: Request;
	}

	/** `res.locals` and `app.locals`: extend it through the global `Express.Locals` interface. */
	export interface Locals extends Express.Locals {}
}
