/**
 * The error catalog: every error Velox creates is listed here once, with a
 * stable `code`, the kind of object it is, and Express 4's exact message.
 *
 * - Errors a request causes are `HttpError`s, shaped like the `http-errors`
 *   objects Express 4 users match on: `status`, `statusCode`, `expose` (true
 *   for 4xx), and for body parsing the very `type` strings body-parser uses
 *   (`entity.too.large`, `entity.parse.failed`, …).
 * - Errors a programmer causes (a bad argument or option) are thrown at once
 *   as the `TypeError`/`Error` Express 4 throws.
 *
 * Errors thrown by set-up calls (`app.use`, options, settings) carry their
 * catalog `code` (non-enumerable, so `JSON.stringify(err)` reads as in
 * Express 4). Errors that can arise while a request is handled do not: they
 * reach users' error handlers, where Express 4 code reads `err.code` to tell
 * file system errors (`ENOENT`) apart, so they stay exactly Express's objects;
 * users tell them apart by `status` and, for body parsing, by `type`.
 * `docs/errors.md` is generated from this table (`node scripts/errors-doc.js`);
 * a test checks that it is current.
 */
import statuses from 'statuses';

export interface HttpError extends Error {
	status: number;
	statusCode: number;
	expose: boolean;
	type?: string;
	code?: string;
	headers?: Record<string, string>;
	[key: string]: unknown;
}

/** One entry: what is created, with which status and message (`%s` stands for each argument in turn). */
export interface ErrorEntry {
	/** `HttpError` for request errors; `TypeError`/`Error` for programmer errors thrown at once. */
	readonly kind: 'HttpError' | 'TypeError' | 'Error';
	/**
	 * Thrown only by a set-up call (`app.use`, a factory's options, a setting): the error carries
	 * its `code`. Anything that can happen while a request is handled reaches users' error
	 * handlers, where Express 4 code reads `err.code` (`ENOENT`, …), so it carries none.
	 */
	readonly setup?: true;
	/** The HTTP status a request error carries (programmer errors reaching a request answer 500). */
	readonly status?: number;
	/** body-parser's `type` string, where Express 4 gives one. */
	readonly type?: string;
	/** Express 4's message; `undefined` means the status text (`Not Found`, …). */
	readonly message?: string;
	/** When it happens, for docs/errors.md. */
	readonly when: string;
}

function entry<const E extends ErrorEntry>(e: E): E {
	return e;
}

export const errorCatalog = {
	// Application and router set-up
	VELOX_ERR_APP_ROUTER_REMOVED: entry({
		setup: true,
		kind: 'Error',
		message: "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
		when: 'reading `app.router` (removed in Express 4)',
	}),
	VELOX_ERR_MIDDLEWARE_UNBUNDLED: entry({
		setup: true,
		kind: 'Error',
		message:
			'Most middleware (like %s) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.',
		when: 'reading a removed Connect middleware getter such as `velox.bodyParser`',
	}),
	VELOX_ERR_APP_USE_MIDDLEWARE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'app.use() requires a middleware function',
		when: '`app.use()` with no function',
	}),
	VELOX_ERR_ROUTER_USE_MIDDLEWARE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'Router.use() requires a middleware function',
		when: '`router.use()` with no function',
	}),
	VELOX_ERR_ROUTER_USE_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'Router.use() requires a middleware function but got a %s',
		when: '`router.use()` with a value that is not a function',
	}),
	VELOX_ERR_ROUTE_ALL_CALLBACK: entry({
		setup: true,
		kind: 'TypeError',
		message: 'Route.all() requires a callback function but got a %s',
		when: '`route.all()` with a value that is not a function',
	}),
	VELOX_ERR_ROUTE_METHOD_CALLBACK: entry({
		setup: true,
		kind: 'Error',
		message: 'Route.%s() requires a callback function but got a %s',
		when: '`route.get()` (any method) with a value that is not a function',
	}),
	VELOX_ERR_PARAM_CALLBACK: entry({
		setup: true,
		kind: 'Error',
		message: 'invalid param() call for %s, got %s',
		when: '`app.param(name, fn)` / `router.param` with a value that is not a function',
	}),
	VELOX_ERR_PATH_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'path must be a string, array of strings, or regular expression',
		when: 'a route or mount path of another type',
	}),
	VELOX_ERR_ENGINE_CALLBACK: entry({
		setup: true,
		kind: 'Error',
		message: 'callback function required',
		when: '`app.engine(ext, fn)` with a value that is not a function',
	}),
	VELOX_ERR_ETAG_SETTING: entry({
		setup: true,
		kind: 'TypeError',
		message: 'unknown value for etag function: %s',
		when: '`app.set("etag", value)` with a value Express does not accept',
	}),
	VELOX_ERR_QUERY_PARSER_SETTING: entry({
		setup: true,
		kind: 'TypeError',
		message: 'unknown value for query parser function: %s',
		when: '`app.set("query parser", value)` with a value Express does not accept',
	}),
	VELOX_ERR_REJECTED_PROMISE: entry({
		kind: 'Error',
		message: 'Rejected promise',
		when: 'a handler or param callback returns a promise rejected with a falsy value',
	}),
	// Request and response members
	VELOX_ERR_REQ_GET_NAME_REQUIRED: entry({
		kind: 'TypeError',
		message: 'name argument is required to req.get',
		when: '`req.get()` with no name',
	}),
	VELOX_ERR_REQ_GET_NAME_TYPE: entry({
		kind: 'TypeError',
		message: 'name must be a string to req.get',
		when: '`req.get(name)` with a name that is not a string',
	}),
	VELOX_ERR_CONTENT_TYPE_ARRAY: entry({
		kind: 'TypeError',
		message: 'Content-Type cannot be set to an Array',
		when: '`res.set("Content-Type", [...])`',
	}),
	VELOX_ERR_SIGNED_COOKIE_SECRET: entry({
		kind: 'Error',
		message: 'cookieParser("secret") required for signed cookies',
		when: '`res.cookie(name, value, { signed: true })` without `req.secret`',
	}),
	VELOX_ERR_NOT_ACCEPTABLE: entry({
		kind: 'HttpError',
		status: 406,
		when: '`res.format()` finds no type the client accepts and has no `default`',
	}),
	VELOX_ERR_PARAM_DECODE: entry({
		kind: 'HttpError',
		status: 400,
		message: "Failed to decode param '%s'",
		when: 'a route parameter holds a malformed percent-encoding (the `URIError` itself, given this message and status 400, as Express does)',
	}),
	// Views
	VELOX_ERR_VIEW_NAME_TYPE: entry({
		kind: 'TypeError',
		message: 'View name must be a string, got %s',
		when: '`res.render(name)` with a name that is not a string',
	}),
	VELOX_ERR_VIEW_NO_ENGINE: entry({
		kind: 'Error',
		message: 'No default engine was specified and no extension was provided.',
		when: 'rendering a name without extension and no `view engine` setting',
	}),
	VELOX_ERR_VIEW_ENGINE_MODULE: entry({
		kind: 'Error',
		message: 'Module "%s" does not provide a view engine.',
		when: 'the module named by the extension exports no `__express`',
	}),
	VELOX_ERR_VIEW_LOOKUP: entry({
		kind: 'Error',
		message: 'Failed to lookup view "%s" in views %s',
		when: 'no view file found in the `views` directories',
	}),
	VELOX_ERR_VIEW_NOT_RESOLVED: entry({
		kind: 'Error',
		message: 'View "%s" was not resolved to a file',
		when: 'a `View` object rendered without a resolved path',
	}),
	// Body parsers: options (thrown by the factory)
	VELOX_ERR_OPTION_LIMIT: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option limit "%s" is invalid',
		when: 'a body parser `limit` that `bytes` cannot read',
	}),
	VELOX_ERR_OPTION_VERIFY: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option verify must be function',
		when: 'a body parser `verify` that is not a function',
	}),
	VELOX_ERR_OPTION_PARAMETER_LIMIT: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option parameterLimit must be a positive number',
		when: '`urlencoded({ parameterLimit })` below 1 or not a number',
	}),
	VELOX_ERR_OPTION_DEPTH: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option depth must be a zero or a positive number',
		when: '`urlencoded({ depth })` below 0 or not a number',
	}),
	// Body parsers: request errors (the `type` strings are body-parser's)
	VELOX_ERR_ENTITY_TOO_LARGE: entry({
		kind: 'HttpError',
		status: 413,
		type: 'entity.too.large',
		message: 'request entity too large',
		when: 'a body (declared or received, after inflating) over `limit`',
	}),
	VELOX_ERR_PARAMETERS_TOO_MANY: entry({
		kind: 'HttpError',
		status: 413,
		type: 'parameters.too.many',
		message: 'too many parameters',
		when: 'a urlencoded body with more than `parameterLimit` parameters',
	}),
	VELOX_ERR_DEPTH_EXCEEDED: entry({
		kind: 'HttpError',
		status: 400,
		type: 'querystring.parse.rangeError',
		message: 'The input exceeded the depth',
		when: 'an extended urlencoded body nested deeper than `depth`',
	}),
	VELOX_ERR_CHARSET_UNSUPPORTED: entry({
		kind: 'HttpError',
		status: 415,
		type: 'charset.unsupported',
		message: 'unsupported charset "%s"',
		when: 'a body charset the parser does not decode',
	}),
	VELOX_ERR_ENCODING_UNSUPPORTED: entry({
		kind: 'HttpError',
		status: 415,
		type: 'encoding.unsupported',
		message: 'unsupported content encoding "%s"',
		when: 'a `Content-Encoding` other than identity, gzip, deflate (and br where supported)',
	}),
	VELOX_ERR_ENCODING_NOT_ALLOWED: entry({
		kind: 'HttpError',
		status: 415,
		type: 'encoding.unsupported',
		message: 'content encoding unsupported',
		when: 'a compressed body with `inflate: false`',
	}),
	VELOX_ERR_STREAM_ENCODING_SET: entry({
		kind: 'HttpError',
		status: 500,
		type: 'stream.encoding.set',
		message: 'stream encoding should not be set',
		when: 'the request stream had `setEncoding` called before the parser',
	}),
	VELOX_ERR_STREAM_NOT_READABLE: entry({
		kind: 'HttpError',
		status: 500,
		type: 'stream.not.readable',
		message: 'stream is not readable',
		when: 'the request stream was already read by other middleware',
	}),
	VELOX_ERR_REQUEST_SIZE_INVALID: entry({
		kind: 'HttpError',
		status: 400,
		type: 'request.size.invalid',
		message: 'request size did not match content length',
		when: 'the body ended before or after its `Content-Length`',
	}),
	VELOX_ERR_REQUEST_ABORTED: entry({
		kind: 'HttpError',
		status: 400,
		type: 'request.aborted',
		message: 'request aborted',
		when: 'the client went away before the body ended',
	}),
	VELOX_ERR_ENTITY_PARSE_FAILED: entry({
		kind: 'HttpError',
		status: 400,
		type: 'entity.parse.failed',
		when: "the body could not be parsed (the parser's own error, e.g. a `SyntaxError`, keeps its message)",
	}),
	VELOX_ERR_ENTITY_VERIFY_FAILED: entry({
		kind: 'HttpError',
		status: 403,
		type: 'entity.verify.failed',
		when: 'the `verify` option threw (its error keeps its message)',
	}),
	VELOX_ERR_INFLATE_FAILED: entry({
		kind: 'HttpError',
		status: 400,
		when: "zlib cannot inflate a compressed body (zlib's own error keeps its message and `code`, with no `type`, as in Express 4)",
	}),
	VELOX_ERR_JSON_STRICT: entry({
		kind: 'HttpError',
		status: 400,
		type: 'entity.parse.failed',
		message: 'strict violation',
		when: '`json({ strict: true })` and a body that is not an object or array (Express 4 words the SyntaxError from the first character)',
	}),
	// Static files, sendFile, download
	VELOX_ERR_STATIC_ROOT_REQUIRED: entry({
		setup: true,
		kind: 'TypeError',
		message: 'root path required',
		when: '`velox.static()` without a root',
	}),
	VELOX_ERR_STATIC_ROOT_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'root path must be a string',
		when: '`velox.static(root)` with a root that is not a string',
	}),
	VELOX_ERR_OPTION_SET_HEADERS: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option setHeaders must be function',
		when: '`velox.static(root, { setHeaders })` not a function',
	}),
	VELOX_ERR_OPTION_STRING_ARRAY: entry({
		kind: 'TypeError',
		message: '%s must be array of strings or false',
		when: 'the `extensions` or `index` file option of another type',
	}),
	VELOX_ERR_OPTION_DOTFILES: entry({
		kind: 'TypeError',
		message: 'dotfiles option must be "allow", "deny", or "ignore"',
		when: 'an unknown `dotfiles` option',
	}),
	VELOX_ERR_OPTION_SYMLINKS: entry({
		kind: 'TypeError',
		message: 'symlinks option must be "follow" or "within-root"',
		when: 'an unknown `symlinks` option (beyond Express 4)',
	}),
	VELOX_ERR_OPTION_SYMLINKS_ROOT: entry({
		kind: 'TypeError',
		message: 'symlinks option "within-root" requires the root option',
		when: "`res.sendFile`/`res.download` with `symlinks: 'within-root'` and no `root` (beyond Express 4)",
	}),
	VELOX_ERR_SENDFILE_PATH_REQUIRED: entry({ kind: 'TypeError', message: 'path argument is required to res.sendFile', when: '`res.sendFile()` with no path' }),
	VELOX_ERR_SENDFILE_PATH_TYPE: entry({
		kind: 'TypeError',
		message: 'path must be a string to res.sendFile',
		when: '`res.sendFile(path)` with a path that is not a string',
	}),
	VELOX_ERR_SENDFILE_PATH_RELATIVE: entry({
		kind: 'TypeError',
		message: 'path must be absolute or specify root to res.sendFile',
		when: '`res.sendFile(path)` with a relative path and no `root`',
	}),
	VELOX_ERR_SENDFILE_IS_DIRECTORY: entry({
		kind: 'Error',
		message: 'EISDIR, read',
		when: '`res.sendFile(path, cb)` on a directory (`code` is `EISDIR`, as Express sets it; without a callback it goes to `next()`)',
	}),
	VELOX_ERR_SENDFILE_ABORTED: entry({
		kind: 'Error',
		message: 'Request aborted',
		when: 'the client went away during `res.sendFile(path, cb)` (`code` is `ECONNABORTED`, as Express sets it; without a callback it is ignored)',
	}),
	VELOX_ERR_FILE_STATUS: entry({
		kind: 'HttpError',
		when: 'a file request answered with an error status (400 malformed path, 403 traversal or dotfile, 404 missing, 412 precondition, 416 range); the message is the status text',
	}),
	VELOX_ERR_FILE_OUTSIDE_ROOT: entry({
		kind: 'Error',
		status: 404,
		message: 'ENOENT: real path outside the root, %s',
		when: "with `symlinks: 'within-root'`, a file or directory whose real path (symbolic links resolved) is outside the root: answered as a missing file (`code` is `ENOENT`, a 404 with `expose: false`; beyond Express 4)",
	}),
	VELOX_ERR_HEADERS_SENT: entry({
		kind: 'Error',
		status: 500,
		message: "Can't set headers after they are sent.",
		when: 'a file transfer starts after the response head was sent (reaches the error handlers as a 500 with `expose: false`)',
	}),
	VELOX_ERR_FILE_CHANGED: entry({
		kind: 'Error',
		status: 500,
		message: 'File changed during transfer: %s',
		when: 'a file shrank while it was being sent (a 500 with `expose: false`)',
	}),
	// Beyond Express 4: timeouts, shutdown, in-process requests
	VELOX_ERR_TIMEOUT: entry({
		kind: 'HttpError',
		status: 503,
		message: 'Response timeout',
		when: '`velox.timeout(time)` fired before a response started (name `TimeoutError`, `code: "ETIMEDOUT"` as connect-timeout sets it, `expose: false`)',
	}),
	VELOX_ERR_CLIENT_CLOSED: entry({
		kind: 'Error',
		message: 'The client closed the connection before the response finished',
		when: 'the reason of `req.signal` when the client went away (name `AbortError`, `code: "ECONNRESET"`)',
	}),
	VELOX_ERR_TIMEOUT_TIME: entry({
		setup: true,
		kind: 'TypeError',
		message: 'velox.timeout(time): time must be a positive number of milliseconds or a string such as "5s", got %s',
		when: '`velox.timeout(time)` with a time it cannot read',
	}),
	VELOX_ERR_SHUTDOWN_TIMEOUT: entry({
		setup: true,
		kind: 'TypeError',
		message: 'velox.shutdown: timeout must be a number of milliseconds or a string such as "10s", got %s',
		when: '`velox.shutdown(server, { timeout })` with a timeout it cannot read',
	}),
	VELOX_ERR_INJECT_ABORTED: entry({
		kind: 'Error',
		message: 'The response was destroyed before it finished',
		when: '`app.inject()` rejects: the app destroyed the response (`code: "ERR_INJECT_ABORTED"`)',
	}),
	VELOX_ERR_INJECT_MALFORMED: entry({
		kind: 'Error',
		message: 'The app wrote %s',
		when: '`app.inject()` rejects: the bytes the app wrote are not an HTTP/1.1 response (an incomplete head or chunked body, a malformed status line or chunk size)',
	}),
	// WebSocket routes (src/core/ws.ts, src/core/router/ws-route.ts) and event streams (src/core/sse.ts)
	VELOX_ERR_WS_MISSING: entry({
		setup: true,
		kind: 'Error',
		message: 'app.ws() needs the ws package (an optional peer dependency of velox): npm install ws (%s)',
		when: '`app.ws()` / `router.ws()` when the `ws` package cannot be loaded',
	}),
	VELOX_ERR_WS_HANDLER: entry({
		setup: true,
		kind: 'TypeError',
		message: 'ws() requires a callback function but got a %s',
		when: '`app.ws(path, …)` / `router.ws` with no handler, or a handler that is not a function',
	}),
	VELOX_ERR_WS_OPTION: entry({
		setup: true,
		kind: 'TypeError',
		message: 'ws() option %s must be %s, got %s',
		when: '`app.ws(path, options, …)` or the `ws options` setting with an option of the wrong type',
	}),
	VELOX_ERR_WS_ORIGIN: entry({
		kind: 'HttpError',
		status: 403,
		message: 'WebSocket connection from origin %s refused',
		when: "a WebSocket handshake whose `Origin` the route's `origins` option does not allow (before the handshake: answered with 403)",
	}),
	VELOX_ERR_WS_HANDSHAKE: entry({
		kind: 'HttpError',
		status: 400,
		message: 'Invalid WebSocket handshake: %s',
		when: 'an upgrade request reaching a `ws` route without a valid `Sec-WebSocket-Key`/`Sec-WebSocket-Version` (answered with 400)',
	}),
	VELOX_ERR_WS_SHUTTING_DOWN: entry({
		kind: 'HttpError',
		status: 503,
		message: 'The server is shutting down',
		when: 'a WebSocket upgrade arriving while `velox.shutdown` runs on its server (answered with 503)',
	}),
	VELOX_ERR_SSE_STARTED: entry({
		kind: 'Error',
		message: 'res.sse(): the response has already started',
		when: '`res.sse()` after the response head was sent',
	}),
	VELOX_ERR_SSE_FIELD: entry({
		kind: 'TypeError',
		message: 'event stream: %s must be a string without line breaks, got %s',
		when: '`stream.send(data, { event, id })` with an event name or id that holds a line break (or, for `id`, a NUL character)',
	}),
	VELOX_ERR_SSE_RETRY: entry({
		kind: 'TypeError',
		message: 'event stream: retry must be a non-negative integer of milliseconds, got %s',
		when: '`res.sse({ retry })` or `stream.send(data, { retry })` with a value that is not a non-negative integer',
	}),
} as const;

export type ErrorCode = keyof typeof errorCatalog;

/** Fills each `%s` of the catalog message with the next argument. */
export function formatMessage(template: string, args: readonly unknown[]): string {
	if (args.length === 0) return template;
	let index = 0;
	return template.replace(/%s/g, () => String(args[index++]));
}

/** Sets the catalog code on an error without making it enumerable (JSON and inspect stay as in Express 4). */
export function setCode<E extends Error>(err: E, code: string): E {
	Object.defineProperty(err, 'code', { value: code, configurable: true, writable: true, enumerable: false });
	return err;
}

/**
 * The programmer error of a catalog entry (a `TypeError` or `Error`), to throw.
 *
 * @example
 * if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
 */
export function veloxError(code: ErrorCode, ...args: unknown[]): Error {
	const spec: ErrorEntry = errorCatalog[code];
	const message = formatMessage(spec.message ?? code, args);
	const err = spec.kind === 'TypeError' ? new TypeError(message) : new Error(message);
	Error.captureStackTrace(err, veloxError);
	return spec.setup === true ? setCode(err, code) : err;
}

/**
 * The request error of a catalog entry, with its status, `type` and `props`.
 *
 * @example
 * next(requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit, length }));
 */
export function requestError(code: ErrorCode, args: readonly unknown[] = [], props?: Record<string, unknown>, status?: number): HttpError {
	const spec: ErrorEntry = errorCatalog[code];
	const finalStatus = status ?? spec.status ?? 500;
	const message = spec.message === undefined ? undefined : formatMessage(spec.message, args);
	const err = createHttpError(finalStatus, message, props);
	if (spec.type !== undefined && err.type === undefined) err.type = spec.type;
	Error.captureStackTrace(err, requestError);
	return err;
}

/** `BadRequestError`, `PayloadTooLargeError`, … as http-errors names them. */
function errorName(status: number): string {
	const message = statuses.message[status];
	if (message === undefined) return status >= 500 ? 'InternalServerError' : 'BadRequestError';
	const identifier = message
		.split(' ')
		.map((word) => word.slice(0, 1).toUpperCase() + word.slice(1))
		.join('')
		.replace(/[^ _0-9a-z]/gi, '');
	return identifier.endsWith('Error') ? identifier : identifier + 'Error';
}

/**
 * Creates an HTTP error shaped as http-errors' (the catalog's `requestError` builds on it).
 *
 * @example
 * throw createHttpError(400, 'request aborted', { type: 'request.aborted' });
 */
export function createHttpError(status: number, message?: string, props?: Record<string, unknown>): HttpError {
	const err = new Error(message ?? statuses.message[status] ?? String(status)) as HttpError;
	Object.defineProperty(err, 'name', { value: errorName(status), configurable: true, writable: true, enumerable: false });
	// Recompute the stack so it starts with the right name, as http-errors' classes do.
	Error.captureStackTrace(err, createHttpError);
	err.status = status;
	err.statusCode = status;
	err.expose = status < 500;
	if (props !== undefined) {
		for (const key of Object.keys(props)) {
			if (key !== 'status' && key !== 'statusCode') err[key] = props[key];
		}
	}
	return err;
}

/** Turns anything thrown or rejected into an Error (a rejection with no value included). */
export function toError(value: unknown): unknown {
	// As Express 5: a falsy rejection would read as "no error" to `next`.
	return value || veloxError('VELOX_ERR_REJECTED_PROMISE');
}
