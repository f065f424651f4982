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
export declare const errorCatalog: {
    readonly VELOX_ERR_APP_ROUTER_REMOVED: {
        readonly setup: true;
        readonly kind: "Error";
        readonly message: "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.";
        readonly when: "reading `app.router` (removed in Express 4)";
    };
    readonly VELOX_ERR_MIDDLEWARE_UNBUNDLED: {
        readonly setup: true;
        readonly kind: "Error";
        readonly message: "Most middleware (like %s) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.";
        readonly when: "reading a removed Connect middleware getter such as `velox.bodyParser`";
    };
    readonly VELOX_ERR_APP_USE_MIDDLEWARE: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "app.use() requires a middleware function";
        readonly when: "`app.use()` with no function";
    };
    readonly VELOX_ERR_ROUTER_USE_MIDDLEWARE: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "Router.use() requires a middleware function";
        readonly when: "`router.use()` with no function";
    };
    readonly VELOX_ERR_ROUTER_USE_TYPE: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "Router.use() requires a middleware function but got a %s";
        readonly when: "`router.use()` with a value that is not a function";
    };
    readonly VELOX_ERR_ROUTE_ALL_CALLBACK: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "Route.all() requires a callback function but got a %s";
        readonly when: "`route.all()` with a value that is not a function";
    };
    readonly VELOX_ERR_ROUTE_METHOD_CALLBACK: {
        readonly setup: true;
        readonly kind: "Error";
        readonly message: "Route.%s() requires a callback function but got a %s";
        readonly when: "`route.get()` (any method) with a value that is not a function";
    };
    readonly VELOX_ERR_PARAM_CALLBACK: {
        readonly setup: true;
        readonly kind: "Error";
        readonly message: "invalid param() call for %s, got %s";
        readonly when: "`app.param(name, fn)` / `router.param` with a value that is not a function";
    };
    readonly VELOX_ERR_PATH_TYPE: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "path must be a string, array of strings, or regular expression";
        readonly when: "a route or mount path of another type";
    };
    readonly VELOX_ERR_ENGINE_CALLBACK: {
        readonly setup: true;
        readonly kind: "Error";
        readonly message: "callback function required";
        readonly when: "`app.engine(ext, fn)` with a value that is not a function";
    };
    readonly VELOX_ERR_ETAG_SETTING: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "unknown value for etag function: %s";
        readonly when: "`app.set(\"etag\", value)` with a value Express does not accept";
    };
    readonly VELOX_ERR_QUERY_PARSER_SETTING: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "unknown value for query parser function: %s";
        readonly when: "`app.set(\"query parser\", value)` with a value Express does not accept";
    };
    readonly VELOX_ERR_REJECTED_PROMISE: {
        readonly kind: "Error";
        readonly message: "Rejected promise";
        readonly when: "a handler or param callback returns a promise rejected with a falsy value";
    };
    readonly VELOX_ERR_REQ_GET_NAME_REQUIRED: {
        readonly kind: "TypeError";
        readonly message: "name argument is required to req.get";
        readonly when: "`req.get()` with no name";
    };
    readonly VELOX_ERR_REQ_GET_NAME_TYPE: {
        readonly kind: "TypeError";
        readonly message: "name must be a string to req.get";
        readonly when: "`req.get(name)` with a name that is not a string";
    };
    readonly VELOX_ERR_CONTENT_TYPE_ARRAY: {
        readonly kind: "TypeError";
        readonly message: "Content-Type cannot be set to an Array";
        readonly when: "`res.set(\"Content-Type\", [...])`";
    };
    readonly VELOX_ERR_SIGNED_COOKIE_SECRET: {
        readonly kind: "Error";
        readonly message: "cookieParser(\"secret\") required for signed cookies";
        readonly when: "`res.cookie(name, value, { signed: true })` without `req.secret`";
    };
    readonly VELOX_ERR_NOT_ACCEPTABLE: {
        readonly kind: "HttpError";
        readonly status: 406;
        readonly when: "`res.format()` finds no type the client accepts and has no `default`";
    };
    readonly VELOX_ERR_PARAM_DECODE: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly message: "Failed to decode param '%s'";
        readonly when: "a route parameter holds a malformed percent-encoding (the `URIError` itself, given this message and status 400, as Express does)";
    };
    readonly VELOX_ERR_VIEW_NAME_TYPE: {
        readonly kind: "TypeError";
        readonly message: "View name must be a string, got %s";
        readonly when: "`res.render(name)` with a name that is not a string";
    };
    readonly VELOX_ERR_VIEW_NO_ENGINE: {
        readonly kind: "Error";
        readonly message: "No default engine was specified and no extension was provided.";
        readonly when: "rendering a name without extension and no `view engine` setting";
    };
    readonly VELOX_ERR_VIEW_ENGINE_MODULE: {
        readonly kind: "Error";
        readonly message: "Module \"%s\" does not provide a view engine.";
        readonly when: "the module named by the extension exports no `__express`";
    };
    readonly VELOX_ERR_VIEW_LOOKUP: {
        readonly kind: "Error";
        readonly message: "Failed to lookup view \"%s\" in views %s";
        readonly when: "no view file found in the `views` directories";
    };
    readonly VELOX_ERR_VIEW_NOT_RESOLVED: {
        readonly kind: "Error";
        readonly message: "View \"%s\" was not resolved to a file";
        readonly when: "a `View` object rendered without a resolved path";
    };
    readonly VELOX_ERR_OPTION_LIMIT: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "option limit \"%s\" is invalid";
        readonly when: "a body parser `limit` that `bytes` cannot read";
    };
    readonly VELOX_ERR_OPTION_VERIFY: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "option verify must be function";
        readonly when: "a body parser `verify` that is not a function";
    };
    readonly VELOX_ERR_OPTION_PARAMETER_LIMIT: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "option parameterLimit must be a positive number";
        readonly when: "`urlencoded({ parameterLimit })` below 1 or not a number";
    };
    readonly VELOX_ERR_OPTION_DEPTH: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "option depth must be a zero or a positive number";
        readonly when: "`urlencoded({ depth })` below 0 or not a number";
    };
    readonly VELOX_ERR_ENTITY_TOO_LARGE: {
        readonly kind: "HttpError";
        readonly status: 413;
        readonly type: "entity.too.large";
        readonly message: "request entity too large";
        readonly when: "a body (declared or received, after inflating) over `limit`";
    };
    readonly VELOX_ERR_PARAMETERS_TOO_MANY: {
        readonly kind: "HttpError";
        readonly status: 413;
        readonly type: "parameters.too.many";
        readonly message: "too many parameters";
        readonly when: "a urlencoded body with more than `parameterLimit` parameters";
    };
    readonly VELOX_ERR_DEPTH_EXCEEDED: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly type: "querystring.parse.rangeError";
        readonly message: "The input exceeded the depth";
        readonly when: "an extended urlencoded body nested deeper than `depth`";
    };
    readonly VELOX_ERR_CHARSET_UNSUPPORTED: {
        readonly kind: "HttpError";
        readonly status: 415;
        readonly type: "charset.unsupported";
        readonly message: "unsupported charset \"%s\"";
        readonly when: "a body charset the parser does not decode";
    };
    readonly VELOX_ERR_ENCODING_UNSUPPORTED: {
        readonly kind: "HttpError";
        readonly status: 415;
        readonly type: "encoding.unsupported";
        readonly message: "unsupported content encoding \"%s\"";
        readonly when: "a `Content-Encoding` other than identity, gzip, deflate (and br where supported)";
    };
    readonly VELOX_ERR_ENCODING_NOT_ALLOWED: {
        readonly kind: "HttpError";
        readonly status: 415;
        readonly type: "encoding.unsupported";
        readonly message: "content encoding unsupported";
        readonly when: "a compressed body with `inflate: false`";
    };
    readonly VELOX_ERR_STREAM_ENCODING_SET: {
        readonly kind: "HttpError";
        readonly status: 500;
        readonly type: "stream.encoding.set";
        readonly message: "stream encoding should not be set";
        readonly when: "the request stream had `setEncoding` called before the parser";
    };
    readonly VELOX_ERR_STREAM_NOT_READABLE: {
        readonly kind: "HttpError";
        readonly status: 500;
        readonly type: "stream.not.readable";
        readonly message: "stream is not readable";
        readonly when: "the request stream was already read by other middleware";
    };
    readonly VELOX_ERR_REQUEST_SIZE_INVALID: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly type: "request.size.invalid";
        readonly message: "request size did not match content length";
        readonly when: "the body ended before or after its `Content-Length`";
    };
    readonly VELOX_ERR_REQUEST_ABORTED: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly type: "request.aborted";
        readonly message: "request aborted";
        readonly when: "the client went away before the body ended";
    };
    readonly VELOX_ERR_ENTITY_PARSE_FAILED: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly type: "entity.parse.failed";
        readonly when: "the body could not be parsed (the parser's own error, e.g. a `SyntaxError`, keeps its message)";
    };
    readonly VELOX_ERR_ENTITY_VERIFY_FAILED: {
        readonly kind: "HttpError";
        readonly status: 403;
        readonly type: "entity.verify.failed";
        readonly when: "the `verify` option threw (its error keeps its message)";
    };
    readonly VELOX_ERR_INFLATE_FAILED: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly when: "zlib cannot inflate a compressed body (zlib's own error keeps its message and `code`, with no `type`, as in Express 4)";
    };
    readonly VELOX_ERR_JSON_STRICT: {
        readonly kind: "HttpError";
        readonly status: 400;
        readonly type: "entity.parse.failed";
        readonly message: "strict violation";
        readonly when: "`json({ strict: true })` and a body that is not an object or array (Express 4 words the SyntaxError from the first character)";
    };
    readonly VELOX_ERR_STATIC_ROOT_REQUIRED: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "root path required";
        readonly when: "`velox.static()` without a root";
    };
    readonly VELOX_ERR_STATIC_ROOT_TYPE: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "root path must be a string";
        readonly when: "`velox.static(root)` with a root that is not a string";
    };
    readonly VELOX_ERR_OPTION_SET_HEADERS: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "option setHeaders must be function";
        readonly when: "`velox.static(root, { setHeaders })` not a function";
    };
    readonly VELOX_ERR_OPTION_STRING_ARRAY: {
        readonly kind: "TypeError";
        readonly message: "%s must be array of strings or false";
        readonly when: "the `extensions` or `index` file option of another type";
    };
    readonly VELOX_ERR_OPTION_DOTFILES: {
        readonly kind: "TypeError";
        readonly message: "dotfiles option must be \"allow\", \"deny\", or \"ignore\"";
        readonly when: "an unknown `dotfiles` option";
    };
    readonly VELOX_ERR_SENDFILE_PATH_REQUIRED: {
        readonly kind: "TypeError";
        readonly message: "path argument is required to res.sendFile";
        readonly when: "`res.sendFile()` with no path";
    };
    readonly VELOX_ERR_SENDFILE_PATH_TYPE: {
        readonly kind: "TypeError";
        readonly message: "path must be a string to res.sendFile";
        readonly when: "`res.sendFile(path)` with a path that is not a string";
    };
    readonly VELOX_ERR_SENDFILE_PATH_RELATIVE: {
        readonly kind: "TypeError";
        readonly message: "path must be absolute or specify root to res.sendFile";
        readonly when: "`res.sendFile(path)` with a relative path and no `root`";
    };
    readonly VELOX_ERR_SENDFILE_IS_DIRECTORY: {
        readonly kind: "Error";
        readonly message: "EISDIR, read";
        readonly when: "`res.sendFile(path, cb)` on a directory (`code` is `EISDIR`, as Express sets it; without a callback it goes to `next()`)";
    };
    readonly VELOX_ERR_SENDFILE_ABORTED: {
        readonly kind: "Error";
        readonly message: "Request aborted";
        readonly when: "the client went away during `res.sendFile(path, cb)` (`code` is `ECONNABORTED`, as Express sets it; without a callback it is ignored)";
    };
    readonly VELOX_ERR_FILE_STATUS: {
        readonly kind: "HttpError";
        readonly when: "a file request answered with an error status (400 malformed path, 403 traversal or dotfile, 404 missing, 412 precondition, 416 range); the message is the status text";
    };
    readonly VELOX_ERR_HEADERS_SENT: {
        readonly kind: "Error";
        readonly status: 500;
        readonly message: "Can't set headers after they are sent.";
        readonly when: "a file transfer starts after the response head was sent (reaches the error handlers as a 500 with `expose: false`)";
    };
    readonly VELOX_ERR_FILE_CHANGED: {
        readonly kind: "Error";
        readonly status: 500;
        readonly message: "File changed during transfer: %s";
        readonly when: "a file shrank while it was being sent (a 500 with `expose: false`)";
    };
    readonly VELOX_ERR_TIMEOUT: {
        readonly kind: "HttpError";
        readonly status: 503;
        readonly message: "Response timeout";
        readonly when: "`velox.timeout(time)` fired before a response started (name `TimeoutError`, `code: \"ETIMEDOUT\"` as connect-timeout sets it, `expose: false`)";
    };
    readonly VELOX_ERR_CLIENT_CLOSED: {
        readonly kind: "Error";
        readonly message: "The client closed the connection before the response finished";
        readonly when: "the reason of `req.signal` when the client went away (name `AbortError`, `code: \"ECONNRESET\"`)";
    };
    readonly VELOX_ERR_TIMEOUT_TIME: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "velox.timeout(time): time must be a positive number of milliseconds or a string such as \"5s\", got %s";
        readonly when: "`velox.timeout(time)` with a time it cannot read";
    };
    readonly VELOX_ERR_SHUTDOWN_TIMEOUT: {
        readonly setup: true;
        readonly kind: "TypeError";
        readonly message: "velox.shutdown: timeout must be a number of milliseconds or a string such as \"10s\", got %s";
        readonly when: "`velox.shutdown(server, { timeout })` with a timeout it cannot read";
    };
    readonly VELOX_ERR_INJECT_ABORTED: {
        readonly kind: "Error";
        readonly message: "The response was destroyed before it finished";
        readonly when: "`app.inject()` rejects: the app destroyed the response (`code: \"ERR_INJECT_ABORTED\"`)";
    };
    readonly VELOX_ERR_INJECT_MALFORMED: {
        readonly kind: "Error";
        readonly message: "The app wrote %s";
        readonly when: "`app.inject()` rejects: the bytes the app wrote are not an HTTP/1.1 response (an incomplete head or chunked body, a malformed status line or chunk size)";
    };
};
export type ErrorCode = keyof typeof errorCatalog;
/** Fills each `%s` of the catalog message with the next argument. */
export declare function formatMessage(template: string, args: readonly unknown[]): string;
/** Sets the catalog code on an error without making it enumerable (JSON and inspect stay as in Express 4). */
export declare function setCode<E extends Error>(err: E, code: string): E;
/**
 * The programmer error of a catalog entry (a `TypeError` or `Error`), to throw.
 *
 * @example
 * if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
 */
export declare function veloxError(code: ErrorCode, ...args: unknown[]): Error;
/**
 * The request error of a catalog entry, with its status, `type` and `props`.
 *
 * @example
 * next(requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit, length }));
 */
export declare function requestError(code: ErrorCode, args?: readonly unknown[], props?: Record<string, unknown>, status?: number): HttpError;
/**
 * Creates an HTTP error shaped as http-errors' (the catalog's `requestError` builds on it).
 *
 * @example
 * throw createHttpError(400, 'request aborted', { type: 'request.aborted' });
 */
export declare function createHttpError(status: number, message?: string, props?: Record<string, unknown>): HttpError;
/** Turns anything thrown or rejected into an Error (a rejection with no value included). */
export declare function toError(value: unknown): unknown;
