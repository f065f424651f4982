/**
 * The internal shapes the response methods work with (the public ones are in src/types/).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Next } from '../router/layer';
import type { CookieOptions } from '../types/response';

export type { CookieOptions, Next };

export type RenderCallback = (err: Error | null, html?: string) => void;
export type FormatCallback = (req: ResponseRequest, res: VeloxResponse, next: Next | undefined) => void;
export type HeaderValue = string | number | readonly string[];

/** What the response reads from its app (`res.app`, `req.app`). */
export interface ResponseApp {
	settings: Record<string, unknown>;
	render(name: string, options: object, callback: RenderCallback): void;
}

/** The request members Express 4's response uses (request.ts provides them). */
export interface ResponseRequest extends IncomingMessage {
	app: ResponseApp;
	fresh: boolean;
	query: Record<string, unknown>;
	secret?: string;
	next?: Next;
	accepts(types: string[]): string | false;
	get(field: string): string | undefined;
}

/** `this` inside the response methods. */
export interface VeloxResponse extends ServerResponse<ResponseRequest> {
	app: ResponseApp;
	locals: Record<string, unknown>;
	status(code: number): this;
	set(field: unknown, ...value: unknown[]): this;
	get(field: string): HeaderValue | undefined;
	append(field: string, value?: unknown): this;
	type(type: string): this;
	vary(field: string | string[]): this;
	location(url: string): this;
	format(object: Record<string, FormatCallback>): this;
	cookie(name: string, value: unknown, options?: CookieOptions): this;
	json(body?: unknown, ...rest: unknown[]): this;
	send(body?: unknown, ...rest: unknown[]): this;
}
