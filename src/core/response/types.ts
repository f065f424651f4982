/**
 * The internal model of the response, which the response methods work with (the public one is
 * `Response` in src/core/types/response.ts). `res.req` is the request of the one request model (model.ts).
 */
import type { ServerResponse } from 'http';
import type { App } from '../application';
import type { VeloxRequest } from '../model';
import type { Next } from '../router/layer';
import type { CookieOptions, DownloadOptions, ErrorCallback, SendFileOptions } from '../types';
import type { EventStream, EventStreamOptions } from '../sse';

export type { CookieOptions, Next };

export type RenderCallback = (err: Error | null, html?: string) => void;
export type FormatCallback = (req: VeloxRequest, res: VeloxResponse, next: Next | undefined) => void;
export type HeaderValue = string | number | readonly string[];

/** A response as Velox builds it: node's response, `app`, `locals` and the response prototype's methods. */
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
	/** Beyond Express 4: a Server-Sent Events stream (src/core/sse.ts). */
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
