/**
 * The response object handlers receive: node's `ServerResponse` plus
 * Express 4's methods. Assignable to @types/express's `Response`.
 */
import type { ServerResponse } from 'node:http';
import type { Application } from './application';
import type { NextFunction } from './handlers';
import type { Request } from './request';

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

/** Called once the transfer ended: with the error, or with nothing on success. */
export type ErrorCallback = (err?: Error | null) => void;
export type RenderCallback = (err: Error | null, html?: string) => void;

/**
 * The response a handler writes; `ResBody` types what `send`/`json` accept.
 *
 * @example
 * const notFound = (_req: Request, res: Response<{ error: string }>) => res.status(404).json({ error: 'not found' });
 */
export interface Response<ResBody = unknown, Locals extends Record<string, unknown> = Record<string, unknown>>
	extends ServerResponse,
		Express.Response {
	app: Application;
	locals: Locals & Express.Locals;
	req: Request;
	/**
	 * Declared by @types/express, but Express 4 neither reads nor sets `res.charset`.
	 * Typed `never` so that Velox's response stays assignable to Express's while any use
	 * of it is a compile error; set the charset with `res.type()` or `res.set('Content-Type', …)`.
	 */
	readonly charset: never;
	status(code: number): this;
	sendStatus(code: number): this;
	links(links: Record<string, string>): this;
	send(body?: ResBody): this;
	json(body?: ResBody): this;
	jsonp(body?: ResBody): this;
	// The callbacks are required parameters of separate overloads on purpose: an optional
	// callback typed `(err?: Error | null) => void` would make this response unassignable
	// to @types/express's, whose callbacks claim `(err: Error) => void`.
	sendFile(path: string): void;
	sendFile(path: string, callback: ErrorCallback): void;
	sendFile(path: string, options: SendFileOptions): void;
	sendFile(path: string, options: SendFileOptions, callback: ErrorCallback): void;
	download(path: string): void;
	download(path: string, callback: ErrorCallback): void;
	download(path: string, filename: string): void;
	download(path: string, filename: string, callback: ErrorCallback): void;
	download(path: string, filename: string, options: DownloadOptions): void;
	download(path: string, filename: string, options: DownloadOptions, callback: ErrorCallback): void;
	download(path: string, options: DownloadOptions): void;
	download(path: string, options: DownloadOptions, callback: ErrorCallback): void;
	/** @deprecated Use `res.sendFile`. */
	sendfile(path: string): void;
	/** @deprecated Use `res.sendFile`. */
	sendfile(path: string, callback: ErrorCallback): void;
	/** @deprecated Use `res.sendFile`. */
	sendfile(path: string, options: SendFileOptions): void;
	/** @deprecated Use `res.sendFile`. */
	sendfile(path: string, options: SendFileOptions, callback: ErrorCallback): void;
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
	render(view: string): void;
	render(view: string, callback: RenderCallback): void;
	render(view: string, options: object | undefined): void;
	render(view: string, options: object | undefined, callback: RenderCallback): void;
	vary(field: string): this;
	append(field: string, value?: string[] | string): this;
}
