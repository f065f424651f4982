/**
 * The error catalog and its factory: every error Velox creates or passes on as its own is an
 * entry here, made by one of the functions below, and carries the entry's code in
 * `err.veloxCode` (not enumerable, so keys, JSON and `util.inspect` read as in Express 4).
 *
 * - `veloxError` / `veloxErrorWith`: a new `Error`, `TypeError` or `SyntaxError`, as Express 4
 *   throws or passes it (programmer errors, sendFile's `EISDIR`, the extensions' own errors).
 * - `requestError`: a new http-errors object, as body-parser, send and `res.format` create it.
 * - `httpErrorFrom`: http-errors' `createError(status, thrown, props)` on a value someone else
 *   threw (`JSON.parse`, zlib, fs, a user's `verify`): the error keeps its identity.
 * - `adoptError`: Express's own in-place edit of a foreign error (`decode_param`'s URIError).
 *
 * `err.code` stays what Express 4 gives (`ENOENT`, `EISDIR`, zlib's), or what a documented
 * extension gives (`errCode`); set-up errors, which never reach an error handler, also carry
 * the catalog code there. `docs/errors.md` is generated from this table
 * (`node scripts/errors-doc.js`); test/errors.catalog.test.ts checks both.
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

/**
 * What an entry's error is: a new `HttpError` (http-errors' named class of its status), `Error`,
 * `TypeError` or `SyntaxError`; `URIError` or `thrown` for the error someone else threw, given
 * Express's fields in place.
 */
export type ErrorKind = 'HttpError' | 'Error' | 'TypeError' | 'RangeError' | 'SyntaxError' | 'URIError' | 'thrown';

/** One entry: what is created, with which status and message (`%s` stands for each argument in turn). */
export interface ErrorEntry {
	readonly kind: ErrorKind;
	/** Thrown only by a set-up call (`app.use`, a factory's options, a setting): `err.code` is the catalog code too. */
	readonly setup?: true;
	/** The HTTP status the error carries (a thrown error's own status wins). */
	readonly status?: number;
	/** body-parser's `type` string, where Express 4 gives one. */
	readonly type?: string;
	/** `err.name`, where it is not the class's. */
	readonly name?: string;
	/** `err.code`, as Express 4 or the extension's documentation gives it. */
	readonly errCode?: string;
	/** Express 4's message; `undefined` means the status text (`Not Found`, …) or the thrown error's own. */
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
	VELOX_ERR_HANDLER_REQUIRED: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument handler is required',
		when: 'Velox 5: `router.use()`, `app.use(path)` with a path only, `route.get()` (any method) or `route.all()` with no handler, as router 2',
	}),
	VELOX_ERR_HANDLER_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument handler must be a function',
		when: 'Velox 5: `router.use`, `app.use`, `route.get` (any method), `route.all` or `app.get(path, …)` with a handler that is not a function, as router 2',
	}),
	VELOX_ERR_PARAM_NAME_REQUIRED: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument name is required',
		when: 'Velox 5: `app.param(name, fn)` / `router.param` with an empty or missing name, as router 2',
	}),
	VELOX_ERR_PARAM_NAME_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument name must be a string',
		when: 'Velox 5: `app.param(name, fn)` / `router.param` with a name that is not a string (`app.param(fn)` included), as router 2',
	}),
	VELOX_ERR_PARAM_FN_REQUIRED: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument fn is required',
		when: 'Velox 5: `app.param(name)` / `router.param` without a callback, as router 2',
	}),
	VELOX_ERR_PARAM_FN_TYPE: entry({
		setup: true,
		kind: 'TypeError',
		message: 'argument fn must be a function',
		when: 'Velox 5: `app.param(name, fn)` / `router.param` with a callback that is not a function, as router 2',
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
	VELOX_ERR_LINE_IN_FORCE: entry({
		setup: true,
		kind: 'Error',
		message: 'velox: line %s is already in force; useLine(%s) must run before velox loads',
		when: "`useLine` (the tests' choice of the Express line) after Velox's core read another line's policy",
	}),
	VELOX_ERR_STATUS_NOT_INTEGER: entry({
		kind: 'TypeError',
		message: 'Invalid status code: %s. Status code must be an integer.',
		when: 'Velox 5: `res.status(code)` (and `res.sendStatus`) with a code that is not an integer, as express@5',
	}),
	VELOX_ERR_STATUS_RANGE: entry({
		kind: 'RangeError',
		message: 'Invalid status code: %s. Status code must be greater than 99 and less than 1000.',
		when: 'Velox 5: `res.status(code)` (and `res.sendStatus`) with an integer outside 100–999, as express@5',
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
		kind: 'URIError',
		status: 400,
		message: "Failed to decode param '%s'",
		when: "a route parameter holds a malformed percent-encoding: `decodeURIComponent`'s own `URIError`, given this message, `statusCode` and `status` (no `expose`), as Express does",
	}),
	// Views
	VELOX_ERR_VIEW_NAME_TYPE: entry({
		kind: 'TypeError',
		message: 'View name must be a string, got %s',
		when: "`res.render(name)` with a name that is not a string (beyond Express 4, where `path.extname`'s own `TypeError` names an argument the caller never saw)",
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
	VELOX_ERR_OPTION_FORM_CHARSET: entry({
		setup: true,
		kind: 'TypeError',
		message: 'option defaultCharset must be either utf-8 or iso-8859-1',
		when: 'Velox 5: `urlencoded({ defaultCharset })` other than utf-8 or iso-8859-1',
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
		errCode: 'ECONNABORTED',
		message: 'request aborted',
		when: 'the client went away before the body ended',
	}),
	VELOX_ERR_ENTITY_PARSE_FAILED: entry({
		kind: 'thrown',
		status: 400,
		type: 'entity.parse.failed',
		when: "the body could not be parsed: the parser's own error (`JSON.parse`'s `SyntaxError`, qs's), a status it carries winning; a thrown string becomes an `HttpError` with that message",
	}),
	VELOX_ERR_ENTITY_VERIFY_FAILED: entry({
		kind: 'thrown',
		status: 403,
		type: 'entity.verify.failed',
		when: 'the `verify` option threw: its own error, a status it carries winning; a thrown string becomes an `HttpError` with that message',
	}),
	VELOX_ERR_INFLATE_FAILED: entry({
		kind: 'thrown',
		status: 400,
		when: "zlib cannot inflate a compressed body: zlib's own error, with its message and `code` and no `type`, as in Express 4",
	}),
	VELOX_ERR_JSON_STRICT: entry({
		kind: 'SyntaxError',
		status: 400,
		type: 'entity.parse.failed',
		message: 'strict violation',
		when: "`json({ strict: true })` and a body that is not an object or array: the engine's `SyntaxError` at the first character, in Express 4's words (the message here only if the engine gave none)",
	}),
	VELOX_ERR_JSON_REVIVER_THREW: entry({
		kind: 'SyntaxError',
		status: 400,
		type: 'entity.parse.failed',
		message: '%s',
		when: 'a `json({ reviver })` threw a value that is not an Error: its text (Express 4 answers a 400 `TypeError` raised inside body-parser instead)',
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
		errCode: 'EISDIR',
		message: 'EISDIR, read',
		when: '`res.sendFile(path, cb)` on a directory (without a callback it goes to `next()`)',
	}),
	VELOX_ERR_SENDFILE_ABORTED: entry({
		kind: 'Error',
		errCode: 'ECONNABORTED',
		message: 'Request aborted',
		when: 'the client went away during `res.sendFile(path, cb)` (without a callback it is ignored)',
	}),
	VELOX_ERR_FILE_STATUS: entry({
		kind: 'HttpError',
		when: 'a file request answered with an error status (400 malformed path, 403 traversal or dotfile, 404 missing, 412 precondition, 416 range); the message is the status text',
	}),
	VELOX_ERR_FILE_SYSTEM: entry({
		kind: 'thrown',
		when: 'the file system failed a file request: its own error (`code`, `errno`, `syscall`, `path`), with status 404 for a missing file (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`), else 500, and `expose: false`, as send 0.19 gives it',
	}),
	VELOX_ERR_FILE_OUTSIDE_ROOT: entry({
		kind: 'Error',
		status: 404,
		errCode: 'ENOENT',
		message: 'ENOENT: real path outside the root, %s',
		when: "with `symlinks: 'within-root'`, a file or directory whose real path (symbolic links resolved) is outside the root: answered as a missing file (a 404 with `expose: false`; beyond Express 4)",
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
	VELOX_ERR_HEADERS_HOOK: entry({
		kind: 'thrown',
		status: 500,
		when: "a file transfer's header hook threw (`velox.static`'s `setHeaders`, or a `res.sendFile` header node refuses): its error as a 500 with `expose: false` (in Express 4 it is thrown out of an fs callback and ends the process)",
	}),
	// Beyond Express 4: timeouts, shutdown, in-process requests
	VELOX_ERR_TIMEOUT: entry({
		kind: 'Error',
		name: 'TimeoutError',
		status: 503,
		errCode: 'ETIMEDOUT',
		message: 'Response timeout',
		when: '`velox.timeout(time)` fired before a response started (with `statusCode`, `timeout` and `expose: false`; the code is the one connect-timeout sets)',
	}),
	VELOX_ERR_CLIENT_CLOSED: entry({
		kind: 'Error',
		name: 'AbortError',
		errCode: 'ECONNRESET',
		message: 'The client closed the connection before the response finished',
		when: 'the reason of `req.signal` when the client went away',
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
		errCode: 'ERR_INJECT_ABORTED',
		message: 'The response was destroyed before it finished',
		when: '`app.inject()` rejects: the app destroyed the response',
	}),
	VELOX_ERR_INJECT_MALFORMED: entry({
		kind: 'Error',
		message: 'The app wrote %s',
		when: '`app.inject()` rejects: the bytes the app wrote are not an HTTP/1.1 response (an incomplete head or chunked body, a malformed status line or chunk size)',
	}),
	// WebSocket routes (src/core/ws/index.ts, src/core/router/ws-route.ts) and event streams (src/core/response/sse.ts)
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

/** The codes whose entry is a new object of one of `kinds`. */
type CodeOf<K extends ErrorKind> = { [C in ErrorCode]: (typeof errorCatalog)[C]['kind'] extends K ? C : never }[ErrorCode];

/** An error as the factory hands it out: its catalog code on `veloxCode`. */
export type VeloxError<E extends Error = Error> = E & { readonly veloxCode: ErrorCode };

/** Fills each `%s` of the catalog message with the next argument. */
export function formatMessage(template: string, args: readonly unknown[]): string {
	if (args.length === 0) return template;
	let index = 0;
	return template.replace(/%s/g, () => String(args[index++]));
}

/** The catalog message of `code` with its arguments filled in. */
export function catalogMessage(code: ErrorCode, ...args: unknown[]): string {
	const spec: ErrorEntry = errorCatalog[code];
	return formatMessage(spec.message ?? code, args);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The function whose caller a stack starts at. */
type Caller = (...args: never[]) => unknown;

function defineHidden(target: object, key: string, value: unknown): void {
	// Reflect: a frozen error someone else threw is passed on untouched rather than thrown over.
	Reflect.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: false });
}

/** Gives `err` its catalog code; an error that already has one (a Velox error thrown through a parser) keeps it. */
function withCode<E extends object>(err: E, code: ErrorCode): E {
	if (!hasOwn.call(err, 'veloxCode')) defineHidden(err, 'veloxCode', code);
	return err;
}

/** Assigns `fields` in order, as Express's `err.x = …` lines do (enumerable; order is what JSON shows). */
function assign(err: object, fields: Readonly<Record<string, unknown>> | undefined, skipStatus: boolean): void {
	if (fields === undefined) return;
	const target = err as Record<string, unknown>;
	for (const key of Object.keys(fields)) {
		if (!(skipStatus && (key === 'status' || key === 'statusCode'))) target[key] = fields[key];
	}
}

/** The entry's own `err.code`, unless `fields` place it themselves. */
function assignErrCode(err: object, spec: ErrorEntry, fields: Readonly<Record<string, unknown>> | undefined): void {
	if (spec.errCode !== undefined && (fields === undefined || !hasOwn.call(fields, 'code'))) (err as { code?: string }).code = spec.errCode;
}

/**
 * A new `Error`, `TypeError` or `SyntaxError` of a catalog entry, to throw or pass on.
 *
 * @example
 * if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
 */
export function veloxError(code: CodeOf<'Error' | 'TypeError' | 'RangeError' | 'SyntaxError'>, ...args: unknown[]): VeloxError {
	return buildError(code, args, undefined, veloxError);
}

/**
 * `veloxError` with extra fields, assigned in order after the entry's `name` and `errCode`.
 *
 * @example
 * done(veloxErrorWith('VELOX_ERR_VIEW_LOOKUP', [name, dirs], { view }));
 */
export function veloxErrorWith(
	code: CodeOf<'Error' | 'TypeError' | 'RangeError' | 'SyntaxError'>,
	args: readonly unknown[],
	fields: Readonly<Record<string, unknown>>,
): VeloxError {
	return buildError(code, args, fields, veloxErrorWith);
}

function buildError(code: ErrorCode, args: readonly unknown[], fields: Readonly<Record<string, unknown>> | undefined, caller: Caller): VeloxError {
	const spec: ErrorEntry = errorCatalog[code];
	const message = formatMessage(spec.message ?? code, args);
	const err =
		spec.kind === 'TypeError'
			? new TypeError(message)
			: spec.kind === 'RangeError'
				? new RangeError(message)
				: spec.kind === 'SyntaxError'
					? new SyntaxError(message)
					: new Error(message);
	Error.captureStackTrace(err, caller);
	if (spec.name !== undefined) err.name = spec.name;
	assignErrCode(err, spec, fields);
	assign(err, fields, false);
	// Set-up errors never reach an error handler, so `err.code` is free for the catalog code.
	if (spec.setup === true) defineHidden(err, 'code', code);
	return withCode(err, code) as VeloxError;
}

/**
 * A new http-errors object of a catalog entry: the named class of its status (or of `status`),
 * the entry's message, `props` in order, then its `type`.
 *
 * @example
 * next(requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { expected: length, length, limit }));
 */
export function requestError(
	code: ErrorCode,
	args: readonly unknown[] = [],
	props?: Readonly<Record<string, unknown>>,
	status?: number,
): VeloxError<HttpError> {
	const spec: ErrorEntry = errorCatalog[code];
	const message = spec.message === undefined ? undefined : formatMessage(spec.message, args);
	const err = createHttpError(status ?? spec.status ?? 500, message, requestError);
	assignErrCode(err, spec, props);
	return finishHttpError(err, code, spec, props);
}

/**
 * http-errors' `createError(status, thrown, props)`, as body-parser and send call it: an Error
 * keeps its identity (message, `code`, stack) and gains `expose`, `statusCode`, `status` (a
 * status it already carries wins) and `props`; a string becomes the message of a new
 * http-errors object. The entry's `type` is added where the error has none.
 *
 * @example
 * next(httpErrorFrom('VELOX_ERR_ENTITY_VERIFY_FAILED', thrown, { body }));
 */
export function httpErrorFrom(code: ErrorCode, thrown: unknown, props?: Readonly<Record<string, unknown>>, status?: number): VeloxError<HttpError> {
	const spec: ErrorEntry = errorCatalog[code];
	const fallback = status ?? spec.status ?? 500;
	if (!(thrown instanceof Error)) {
		return finishHttpError(createHttpError(fallback, typeof thrown === 'string' ? thrown : undefined, httpErrorFrom), code, spec, props);
	}
	const err = thrown as HttpError;
	const final = validStatus(err.status || err.statusCode || fallback);
	if (!isHttpErrorOf(err, final)) setStatusFields(err, final);
	return finishHttpError(err, code, spec, props);
}

/**
 * Express's own in-place edit of an error someone else threw: `fields` assigned in order, as
 * Express assigns them, and the catalog code.
 *
 * @example
 * throw adoptError('VELOX_ERR_PARAM_DECODE', err, { message, statusCode: 400, status: 400 });
 */
export function adoptError<E extends Error>(code: ErrorCode, err: E, fields?: Readonly<Record<string, unknown>>): VeloxError<E> {
	assign(err, fields, false);
	return withCode(err, code) as VeloxError<E>;
}

function finishHttpError(err: HttpError, code: ErrorCode, spec: ErrorEntry, props: Readonly<Record<string, unknown>> | undefined): VeloxError<HttpError> {
	assign(err, props, true);
	if (spec.type !== undefined && !err.type) err.type = spec.type;
	return withCode(err, code) as VeloxError<HttpError>;
}

/** http-errors' rule: a status it cannot name outside 4xx/5xx becomes 500. */
function validStatus(status: unknown): number {
	if (typeof status !== 'number' || (statuses.message[status] === undefined && (status < 400 || status >= 600))) return 500;
	return status;
}

/** As http-errors assigns them on an error that is not its own object of that status. */
function setStatusFields(err: HttpError, status: number): void {
	err.expose = status < 500;
	err.statusCode = status;
	err.status = status;
}

/**
 * Whether http-errors would leave `err`'s status alone: one of its objects of that status. An
 * object of another copy of http-errors (a user's `createError` thrown from `verify`) counts
 * too, told by the status its class prototype gives it, since Express 4 apps share one copy.
 */
function isHttpErrorOf(err: HttpError, status: number): boolean {
	if (err.status !== status) return false;
	const own = classOf(status);
	if (own !== undefined && err instanceof own) return true;
	return !hasOwn.call(err, 'status') && err.statusCode === status && typeof err.expose === 'boolean';
}

/** http-errors' named class of a status: `new (classFor(404))()` is a `NotFoundError`. */
interface HttpErrorClass {
	(message?: string): HttpError;
	new (message?: string): HttpError;
	readonly prototype: HttpError;
}

/** The base every named class derives from, as http-errors' abstract `HttpError`. */
const HttpErrorBase = function HttpError(this: unknown, message?: string): HttpError {
	return createHttpError(500, message, HttpErrorBase);
} as unknown as HttpErrorClass;
Object.setPrototypeOf(HttpErrorBase.prototype, Error.prototype);

const classes = new Map<number, HttpErrorClass>();

/** `BadRequestError`, `PayloadTooLargeError`, … as http-errors names them. */
function className(text: string): string {
	const identifier = text
		.split(' ')
		.map((word) => word.slice(0, 1).toUpperCase() + word.slice(1))
		.join('')
		.replace(/[^ _0-9a-z]/gi, '');
	return identifier.endsWith('Error') ? identifier : identifier + 'Error';
}

/** The class of a 4xx/5xx status with a status text, made on first use. */
function classFor(status: number): HttpErrorClass | undefined {
	let found = classes.get(status);
	if (found !== undefined) return found;
	const text = statuses.message[status];
	if (text === undefined || status < 400 || status >= 600) return undefined;
	const made = function (this: unknown, message?: string): HttpError {
		return createHttpError(status, message, made);
	} as unknown as HttpErrorClass;
	Object.defineProperty(made, 'name', { value: className(text), configurable: true });
	Object.setPrototypeOf(made.prototype, HttpErrorBase.prototype);
	// On the prototype, enumerable, as http-errors puts them: own keys stay message and props.
	const prototype = made.prototype as unknown as Record<string, unknown>;
	prototype.status = status;
	prototype.statusCode = status;
	prototype.expose = status < 500;
	found = made;
	classes.set(status, found);
	return found;
}

/** The class http-errors picks for a status: its own, else its hundred's (400 or 500). */
function classOf(status: number): HttpErrorClass | undefined {
	return classFor(status) ?? (status >= 400 && status < 600 ? classFor(status < 500 ? 400 : 500) : undefined);
}

/**
 * http-errors' `createError(status, message)`: an object of the named class of `status` (or
 * of its hundred, 400 or 500), its message enumerable and its stack starting at `caller`'s
 * caller; any other status gives an Error with own `expose`, `statusCode` and `status`.
 */
function createHttpError(status: number, message: string | undefined, caller: Caller): HttpError {
	const final = validStatus(status);
	const ErrorClass = classOf(final);
	let err: HttpError;
	if (ErrorClass === undefined) {
		err = new Error(message || statuses.message[final]) as HttpError;
	} else {
		const text = message ?? statuses.message[ErrorClass.prototype.status];
		err = Reflect.construct(Error, [text], ErrorClass) as HttpError;
		Object.defineProperty(err, 'message', { value: text, configurable: true, writable: true, enumerable: true });
		Object.defineProperty(err, 'name', { value: ErrorClass.name, configurable: true, writable: true, enumerable: false });
	}
	// Captured again now that the name is set, so the stack starts "NotFoundError: …".
	Error.captureStackTrace(err, caller);
	if (ErrorClass === undefined || err.status !== final) setStatusFields(err, final);
	return err;
}

/** Turns anything thrown or rejected into an Error (a rejection with no value included). */
export function toError(value: unknown): unknown {
	// As Express 5: a falsy rejection would read as "no error" to `next`.
	return value || veloxError('VELOX_ERR_REJECTED_PROMISE');
}
