/**
 * The body-parser adapter of the differential engine: the same small app built
 * with Velox and with express@4, binary-safe requests (POST / by default, chunked
 * when the body is an array), and a normaliser that compares status,
 * Content-Type and the parsed answer.
 *
 * The apps answer with node's own `res.statusCode`/`res.end` so that they
 * test the parsers alone, not the response object.
 */
import type http from 'node:http';
import { type HttpRequest, type HttpResponse, send, sendOnce } from './client';
import { acrossTargets, assertSame, type FrameworkName, frameworks as apps } from './differential';

export type { FrameworkName };
type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;
type ErrorMiddleware = (err: any, req: any, res: any, next: (err?: unknown) => void) => void;

/** The parser factories of one framework (`express.json` or `velox.json`, …). */
export interface Parsers {
	json(options?: object): Middleware;
	raw(options?: object): Middleware;
	text(options?: object): Middleware;
	urlencoded(options?: object): Middleware;
}

export const frameworks: Record<FrameworkName, { create(): any; parsers: Parsers }> = {
	express: { create: () => apps.express(), parsers: apps.express },
	velox: { create: () => apps.velox(), parsers: apps.velox },
};

/** Describes any `req.body` (or `err.body`) as JSON, keeping Buffers, strings and prototypes apart. */
export function describeValue(value: unknown): unknown {
	if (Buffer.isBuffer(value)) return { buffer: value.toString('hex') };
	if (typeof value === 'string') return { string: value };
	if (value === undefined) return { undefined: true };
	if (value !== null && typeof value === 'object') {
		const proto = Object.getPrototypeOf(value);
		return { json: value, proto: proto === null ? 'null' : proto === Object.prototype ? 'Object' : proto === Array.prototype ? 'Array' : 'other' };
	}
	return { json: value };
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
	const text = JSON.stringify(value);
	res.statusCode = status;
	res.setHeader('Content-Type', 'application/json; charset=utf-8');
	res.setHeader('Content-Length', Buffer.byteLength(text));
	res.end(text);
}

/** Answers 200 with the parsed body described. */
export const echoBody: Middleware = (req, res) => sendJson(res, 200, { body: describeValue(req.body), parsed: req._body === true });

/** Answers with the error's status and every field body-parser users read. */
export const reportError: ErrorMiddleware = (err, req, res, _next) => {
	sendJson(res, typeof err.status === 'number' ? err.status : 500, {
		status: err.status,
		statusCode: err.statusCode,
		type: err.type,
		name: err.name,
		message: err.message,
		expose: err.expose,
		code: err.code,
		charset: err.charset,
		encoding: err.encoding,
		limit: err.limit,
		length: err.length,
		expected: err.expected,
		received: err.received,
		body: err.body === undefined ? undefined : describeValue(err.body),
		reqBody: describeValue(req.body),
	});
};

export interface AppOptions {
	/** The `env` setting (default `test`, which keeps the final handler quiet). */
	env?: string;
	/** `false` leaves errors to the framework's final handler. */
	reportErrors?: boolean;
}

/** The usual test app: `middleware` (one or several), then echo the body, then report errors. */
export function parserApp(name: FrameworkName, middleware: (parsers: Parsers) => Middleware | Middleware[], options: AppOptions = {}): http.RequestListener {
	const { create, parsers } = frameworks[name];
	const app = create();
	app.set('env', options.env ?? 'test');
	app.use(middleware(parsers));
	app.post('/', echoBody);
	app.put('/', echoBody);
	app.get('/', echoBody);
	if (options.reportErrors !== false) app.use(reportError);
	return app;
}

export interface BodyRequest {
	method?: string;
	headers?: Record<string, string>;
	/** A string goes out as UTF-8; each element of an array is written as a chunk (chunked coding). */
	body?: string | Buffer | (string | Buffer)[];
}

/** The request builder: POST / unless told otherwise. */
function toHttp(request: BodyRequest): HttpRequest {
	return { method: request.method ?? 'POST', path: '/', headers: request.headers, body: request.body };
}

/** Sends `request` to an app built by `build` under `name`. */
export function sendTo(name: FrameworkName, build: (name: FrameworkName) => http.RequestListener, request: BodyRequest): Promise<HttpResponse> {
	return sendOnce(build(name), toHttp(request));
}

/** The normaliser: status, Content-Type and body (parsed when JSON), as compared between the frameworks. */
function comparable(response: HttpResponse): { status: number; contentType: string | undefined; body: unknown } {
	const isJson = String(response.headers['content-type']).startsWith('application/json');
	return { status: response.status, contentType: response.headers['content-type'], body: isJson ? JSON.parse(response.body) : response.body };
}

/**
 * Sends every request to the app built with express@4 and with Velox (behind both servers) and
 * asserts the same status, Content-Type and body; resolves to Velox's parsed JSON answers for further pins.
 */
export async function differential(build: (name: FrameworkName) => http.RequestListener, requests: BodyRequest[]): Promise<any[]> {
	const answers = await acrossTargets(
		(_framework, name) => build(name),
		async ({ running }) => {
			const seen: ReturnType<typeof comparable>[] = [];
			for (const request of requests) seen.push(comparable(await send(running!.port, toHttp(request))));
			return seen;
		},
	);
	assertSame(answers);
	return answers.velox.map((answer) => answer.body as any);
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
