/**
 * The response prototype (`velox.response`): node's ServerResponse plus
 * Express 4's members, byte-compatible with express@4.22 — status codes,
 * header values and their order, bodies, deprecation messages. Each app's
 * `app.response` inherits it and carries `app`; `req` is set per request.
 */
import type { IncomingMessage } from 'node:http';
import { ServerResponse } from 'node:http';
import { extname } from 'node:path';
import contentDisposition from 'content-disposition';
import contentType from 'content-type';
import { serialize, type CookieSerializeOptions } from 'cookie';
import { sign } from 'cookie-signature';
import depd from 'depd';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import mime from 'mime';
import statuses from 'statuses';
import vary from 'vary';
import { createHttpError } from './errors';
import { download, sendFile, sendfile } from './send/response-methods';
import { type ETagFunction, isBuiltInETag } from './settings';

const deprecate = depd('velox');

type Next = (err?: unknown) => void;
type RenderCallback = (err: Error | null, html?: string) => void;
type FormatCallback = (req: ResponseRequest, res: VeloxResponse, next: Next | undefined) => void;
type HeaderValue = string | number | readonly string[];

/** What the response reads from its app (`res.app`, `req.app`). */
interface ResponseApp {
	settings: Record<string, unknown>;
	render(name: string, options: object, callback: RenderCallback): void;
}

/** The request members Express 4's response uses (request.ts provides them). */
interface ResponseRequest extends IncomingMessage {
	app: ResponseApp;
	fresh: boolean;
	query: Record<string, unknown>;
	secret?: string;
	next?: Next;
	accepts(types: string[]): string | false;
	get(field: string): string | undefined;
}

interface CookieOptions extends CookieSerializeOptions {
	signed?: boolean;
}

/** `this` inside the response methods. */
interface VeloxResponse extends ServerResponse<ResponseRequest> {
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

export const response: Record<string | symbol, unknown> = Object.create(ServerResponse.prototype);

const charsetRegExp = /;\s*charset\s*=/;
const jsonEscapeRegExp = /[<>&]/g;
const jsonpCallbackRegExp = /[^[\]\w$.]/g;
const lineSeparatorRegExp = /\u2028/g;
const paragraphSeparatorRegExp = /\u2029/g;

// mime@1's `charsets.lookup` takes an optional fallback its types call required.
const mimeCharsets = mime.charsets as unknown as { lookup(type: string): string | undefined };
// mime@1's extension table, untyped by @types/mime.
const mimeTypes = mime as unknown as { types: Record<string, string | undefined> };

/**
 * Sets the status code. Chainable. As in express@4.22 a string or fractional
 * code between 100 and 999 warns; any value is assigned, and node rejects an
 * invalid one when the head is written.
 *
 * @example
 * res.status(404).send('Not here');
 */
function status(this: VeloxResponse, code: number): VeloxResponse {
	const value: unknown = code;
	if ((typeof value === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
		deprecate('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
	}
	this.statusCode = code;
	return this;
}

/**
 * Appends `<url>; rel="name"` entries to the `Link` header.
 *
 * @example
 * res.links({ next: '/users?page=2', last: '/users?page=5' });
 */
function links(this: VeloxResponse, links: Record<string, string>): VeloxResponse {
	let link: unknown = this.get('Link') || '';
	if (link) link += ', ';
	const entries = Object.keys(links).map((rel) => '<' + links[rel] + '>; rel="' + rel + '"');
	return this.set('Link', link + entries.join(', '));
}

/**
 * Sends the response: strings as HTML (utf-8), Buffers as octet-stream,
 * anything else as JSON; sets Content-Length and the ETag the `etag` setting
 * asks for; answers 304 when the request is fresh; no body for HEAD, 204, 304.
 *
 * Hot path — change with care: settings are read straight off `app.settings`
 * (what `app.get` returns for these keys: own or inherited from a parent
 * app); a rest parameter, not `arguments`, detects the deprecated
 * two-argument forms exactly (measured: no cost against a fixed parameter);
 * the common Content-Type is set with one `setHeader`; the ETag is computed
 * only when the `etag` setting asks for one.
 *
 * @example
 * res.send('<p>hello</p>');
 * res.send({ ok: true });
 */
function send(this: VeloxResponse, body?: unknown, ...rest: unknown[]): VeloxResponse {
	let chunk = body;
	let encoding: BufferEncoding | undefined;
	const req = this.req;

	if (rest.length === 1) {
		const second = rest[0];
		if (typeof body !== 'number' && typeof second === 'number') {
			deprecate('res.send(body, status): Use res.status(status).send(body) instead');
			this.statusCode = second;
		} else {
			deprecate('res.send(status, body): Use res.status(status).send(body) instead');
			this.statusCode = body as number;
			chunk = second;
		}
	}

	// res.send(status): the status message as text (deprecated)
	if (typeof chunk === 'number' && rest.length === 0) {
		if (!this.getHeader('Content-Type')) this.type('txt');
		deprecate('res.send(status): Use res.sendStatus(status) instead');
		this.statusCode = chunk;
		chunk = statuses.message[chunk];
	}

	switch (typeof chunk) {
		case 'string': {
			encoding = 'utf8';
			const type = this.getHeader('Content-Type');
			if (!type) setDefaultHtmlType(this);
			else setUtf8Charset(this, type);
			break;
		}
		case 'boolean':
		case 'number':
		case 'object':
			if (chunk === null) {
				// Express sends null as an empty string, typed only if a type was set.
				chunk = '';
				encoding = 'utf8';
				setUtf8Charset(this, this.getHeader('Content-Type'));
			} else if (Buffer.isBuffer(chunk)) {
				if (!this.getHeader('Content-Type')) this.type('bin');
			} else {
				return this.json(chunk);
			}
			break;
	}

	// ETag only when the setting compiled to a function and none was set.
	const etagFn = this.app.settings['etag fn'];
	const generateETag = typeof etagFn === 'function' && !this.getHeader('ETag');

	let length: number | undefined;
	if (chunk !== undefined) {
		if (Buffer.isBuffer(chunk)) {
			length = chunk.length;
		} else if (typeof chunk === 'string' && (!generateETag || isBuiltInETag(etagFn))) {
			// Express turns strings of 1000+ characters into a Buffer here; the
			// length is the same and node encodes the string once in `end`. The
			// built-in ETag generators take the string as is (and remember the
			// ETag of a repeated body, see settings.ts), so no Buffer is made.
			length = Buffer.byteLength(chunk as string, encoding);
		} else {
			// A custom `etag fn` gets a Buffer, as in Express: encoded once, the same
			// bytes are hashed and written. (A non-string body fails here exactly as in Express.)
			chunk = Buffer.from(chunk as string, encoding);
			encoding = undefined;
			length = (chunk as Buffer).length;
		}
		this.setHeader('Content-Length', String(length));
	}

	if (generateETag && length !== undefined) {
		const etag = (etagFn as ETagFunction)(chunk as string | Buffer, encoding);
		if (etag) this.setHeader('ETag', String(etag));
	}

	if (req.fresh) this.statusCode = 304;

	// strip irrelevant headers
	const statusCode = this.statusCode;
	if (statusCode === 204 || statusCode === 304) {
		this.removeHeader('Content-Type');
		this.removeHeader('Content-Length');
		this.removeHeader('Transfer-Encoding');
		chunk = '';
	}
	if (statusCode === 205) {
		this.setHeader('Content-Length', '0');
		this.removeHeader('Transfer-Encoding');
		chunk = '';
	}

	if (req.method === 'HEAD') this.end();
	else this.end(chunk as string | Buffer, encoding as BufferEncoding);
	return this;
}

/**
 * `res.send` of a string with no Content-Type: Express calls `type('html')`
 * then adds the charset (two `setHeader`s); this sets the same final value once.
 */
function setDefaultHtmlType(res: VeloxResponse): void {
	// A remapped `html` extension (mime.define) takes Express's general path.
	if (mimeTypes.types.html === 'text/html') res.setHeader('Content-Type', 'text/html; charset=utf-8');
	else setUtf8Charset(res.type('html'), res.getHeader('Content-Type'));
}

/**
 * Adds `charset=utf-8` to a string Content-Type, as Express's `send` does.
 * The values Velox itself sets already carry it (`setCharset` would return
 * them unchanged), so the usual path skips a parse and a same-value `setHeader`.
 */
function setUtf8Charset(res: VeloxResponse, type: unknown): void {
	if (typeof type !== 'string') return;
	if (
		type === 'application/json; charset=utf-8' ||
		type === 'text/html; charset=utf-8' ||
		type === 'text/plain; charset=utf-8' ||
		type === 'text/javascript; charset=utf-8'
	) {
		return;
	}
	res.set('Content-Type', setCharset(type, 'utf-8'));
}

/** Express's `utils.setCharset`: parse, set the `charset` parameter, format. */
function setCharset(type: string, charset: string): string {
	if (!type || !charset) return type;
	const parsed = contentType.parse(type);
	parsed.parameters.charset = charset;
	return contentType.format(parsed);
}

/**
 * Sends `body` as JSON, with the `json replacer`, `json spaces` and
 * `json escape` settings.
 *
 * @example
 * res.status(201).json({ id: 7 });
 */
function json(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse {
	let value = obj;
	if (rest.length === 1) {
		const second = rest[0];
		if (typeof second === 'number') {
			deprecate('res.json(obj, status): Use res.status(status).json(obj) instead');
			this.statusCode = second;
		} else {
			deprecate('res.json(status, obj): Use res.status(status).json(obj) instead');
			this.statusCode = obj as number;
			value = second;
		}
	}
	// Hot path: settings read directly (own or inherited from a parent app).
	const settings = this.app.settings;
	const body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
	// What `set('Content-Type', 'application/json')` yields, in one call.
	if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', 'application/json; charset=utf-8');
	// Through `this.send`, as Express, so a wrapped `res.send` sees JSON bodies.
	return this.send(body);
}

/**
 * Sends JSON wrapped in the callback named by the query parameter of the
 * `jsonp callback name` setting (default `callback`).
 *
 * @example
 * // GET /user?callback=show  →  /**\/ typeof show === 'function' && show({"name":"tobi"});
 * res.jsonp({ name: 'tobi' });
 */
function jsonp(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse {
	let value = obj;
	if (rest.length === 1) {
		const second = rest[0];
		if (typeof second === 'number') {
			deprecate('res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead');
			this.statusCode = second;
		} else {
			deprecate('res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead');
			this.statusCode = obj as number;
			value = second;
		}
	}
	const settings = this.app.settings;
	let body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
	let callback = this.req.query[settings['jsonp callback name'] as string];

	if (!this.getHeader('Content-Type')) {
		this.setHeader('X-Content-Type-Options', 'nosniff');
		this.set('Content-Type', 'application/json');
	}

	if (Array.isArray(callback)) callback = callback[0];

	if (typeof callback === 'string' && callback.length !== 0) {
		this.setHeader('X-Content-Type-Options', 'nosniff');
		this.set('Content-Type', 'text/javascript');
		// Security: the callback name cannot carry script.
		const name = callback.replace(jsonpCallbackRegExp, '');
		if (body === undefined) {
			body = '';
		} else {
			// U+2028 and U+2029 are valid in JSON but end a JavaScript string literal.
			body = body.replace(lineSeparatorRegExp, '\\u2028').replace(paragraphSeparatorRegExp, '\\u2029');
		}
		// Security: `/**/` defeats "Rosetta Flash" JSONP abuse; the typeof check only quiets client errors.
		body = '/**/ typeof ' + name + " === 'function' && " + name + '(' + body + ');';
	}

	return this.send(body);
}

/**
 * Sets the status and sends its registered message as text (or the number
 * itself for an unknown code).
 *
 * @example
 * res.sendStatus(404); // "Not Found"
 */
function sendStatus(this: VeloxResponse, statusCode: number): VeloxResponse {
	const body = statuses.message[statusCode] || String(statusCode);
	this.statusCode = statusCode;
	this.type('txt');
	return this.send(body);
}

/**
 * Sets Content-Type: a value with `/` as is, otherwise looked up as an
 * extension (`velox.static.mime.lookup`). Alias: `res.contentType`.
 *
 * @example
 * res.type('json'); // application/json; charset=utf-8
 */
function type(this: VeloxResponse, type: string): VeloxResponse {
	const value = type.indexOf('/') === -1 ? mime.lookup(type) : type;
	return this.set('Content-Type', value);
}

/**
 * Runs the callback of the best type for `Accept` (the first when `Accept`
 * is absent), setting Content-Type and `Vary: Accept`; with no match it runs
 * `default`, or passes a 406 error to `next`.
 *
 * @example
 * res.format({ text: () => res.send('hey'), json: () => res.send({ message: 'hey' }) });
 */
function format(this: VeloxResponse, object: Record<string, FormatCallback>): VeloxResponse {
	const req = this.req;
	const next = req.next;
	const keys = Object.keys(object).filter((key) => key !== 'default');
	const key = keys.length > 0 ? req.accepts(keys) : false;

	this.vary('Accept');

	if (key) {
		this.set('Content-Type', normalizeType(key).value);
		object[key](req, this, next);
	} else if (object.default) {
		object.default(req, this, next);
	} else {
		(next as Next)(createHttpError(406, undefined, { types: keys.map((name) => normalizeType(name).value) }));
	}
	return this;
}

interface NormalizedType {
	value: string;
	quality?: number;
	params: Record<string, string>;
}

/** Express's `utils.normalizeType`: a MIME type with its parameters, or an extension looked up. */
function normalizeType(type: string): NormalizedType {
	if (type.indexOf('/') === -1) return { value: mime.lookup(type), params: {} };
	const parts = type.split(/ *; */);
	const result: NormalizedType = { value: parts[0], quality: 1, params: {} };
	for (let i = 1; i < parts.length; ++i) {
		const pair = parts[i].split(/ *= */);
		if (pair[0] === 'q') result.quality = Number.parseFloat(pair[1]);
		else result.params[pair[0]] = pair[1];
	}
	return result;
}

/**
 * Sets `Content-Disposition: attachment`, with the filename (encoded as
 * RFC 6266 requires) and the Content-Type of its extension when given.
 *
 * @example
 * res.attachment('report.pdf');
 */
function attachment(this: VeloxResponse, filename?: string): VeloxResponse {
	if (filename) this.type(extname(filename));
	this.set('Content-Disposition', contentDisposition(filename));
	return this;
}

/**
 * Appends a value (or values) to a header, creating it if unset.
 *
 * @example
 * res.append('Warning', '199 Miscellaneous warning');
 */
function append(this: VeloxResponse, field: string, value?: unknown): VeloxResponse {
	const previous = this.get(field);
	let next: unknown = value;
	if (previous) {
		next = Array.isArray(previous)
			? previous.concat(value)
			: Array.isArray(value)
				? [previous].concat(value)
				: [previous, value];
	}
	return this.set(field, next);
}

/**
 * Sets a header (values are stringified; arrays allowed except for
 * Content-Type, which gets a charset like Express), or several from an
 * object. A value with CR or LF is rejected by node (ERR_INVALID_CHAR),
 * never split into two headers. Alias: `res.header`.
 *
 * @example
 * res.set('Cache-Control', 'no-store').set({ 'X-Id': '7' });
 */
function header(this: VeloxResponse, field: unknown, ...rest: unknown[]): VeloxResponse {
	if (rest.length === 1) {
		const raw = rest[0];
		let value = Array.isArray(raw) ? raw.map(String) : String(raw);
		if ((field as string).toLowerCase() === 'content-type') {
			if (Array.isArray(value)) throw new TypeError('Content-Type cannot be set to an Array');
			if (!charsetRegExp.test(value)) {
				const charset = mimeCharsets.lookup(value.split(';')[0]);
				if (charset) value += '; charset=' + charset.toLowerCase();
			}
		}
		this.setHeader(field as string, value);
	} else {
		// Express 4 iterates with for…in (inherited enumerable keys too).
		const fields = field as Record<string, unknown>;
		for (const key in fields) this.set(key, fields[key]);
	}
	return this;
}

/**
 * Returns a response header (case-insensitive).
 *
 * @example
 * res.get('Content-Type');
 */
function get(this: VeloxResponse, field: string): HeaderValue | undefined {
	return this.getHeader(field);
}

/** `utils-merge`, as Express 4 copies cookie options: every enumerable key, inherited ones too. */
function merge<T extends object>(target: T, source: object | undefined): T {
	if (target && source) {
		const from = source as Record<string, unknown>;
		const to = target as Record<string, unknown>;
		for (const key in from) to[key] = from[key];
	}
	return target;
}

const clearCookieMaxAgeMessage =
	'res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
const clearCookieExpiresMessage =
	'res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

/**
 * Clears a cookie: the same name and options (path defaults to `/`) with an
 * Expires date in the past.
 *
 * @example
 * res.clearCookie('session', { path: '/admin' });
 */
function clearCookie(this: VeloxResponse, name: string, options?: CookieOptions): VeloxResponse {
	if (options) {
		if (options.maxAge) deprecate(clearCookieMaxAgeMessage);
		if (options.expires) deprecate(clearCookieExpiresMessage);
	}
	const opts = merge({ expires: new Date(1), path: '/' } as CookieOptions, options);
	return this.cookie(name, '', opts);
}

/**
 * Sets a cookie. Objects are serialised as `j:` + JSON; `signed` signs with
 * `req.secret` (cookie-parser); `maxAge` (ms) sets Expires and Max-Age (s).
 * An invalid name, value, path, domain or option throws a TypeError rather
 * than injecting attributes.
 *
 * @example
 * res.cookie('remember', '1', { maxAge: 900000, httpOnly: true });
 */
function cookie(this: VeloxResponse, name: string, value: unknown, options?: CookieOptions): VeloxResponse {
	const opts = merge({} as CookieOptions, options);
	const secret = this.req.secret;
	const signed = opts.signed;
	if (signed && !secret) throw new Error('cookieParser("secret") required for signed cookies');

	let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
	if (signed) val = 's:' + sign(val, secret as string);

	if (opts.maxAge != null) {
		// `- 0` as Express: numeric strings count, anything else leaves maxAge as given.
		const maxAge = (opts.maxAge as number) - 0;
		if (!Number.isNaN(maxAge)) {
			opts.expires = new Date(Date.now() + maxAge);
			opts.maxAge = Math.floor(maxAge / 1000);
		}
	}
	if (opts.path == null) opts.path = '/';

	return this.append('Set-Cookie', serialize(name, String(val), opts));
}

/**
 * Sets `Location`, percent-encoding what is not yet encoded (no validation,
 * as Express 4). `back` (deprecated) means the Referer, or `/`.
 *
 * @example
 * res.location('/login');
 */
function location(this: VeloxResponse, url: string): VeloxResponse {
	let loc: string;
	if (url === 'back') {
		deprecate('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices');
		loc = this.req.get('Referrer') || '/';
	} else {
		loc = String(url);
	}
	return this.set('Location', encodeUrl(loc));
}

/**
 * Redirects (302 unless a status is given) with a body chosen by `Accept`:
 * HTML with the URL escaped, plain text, or empty; no body for HEAD.
 *
 * @example
 * res.redirect(301, '/new-home');
 */
function redirect(this: VeloxResponse, url: unknown, ...rest: unknown[]): void {
	let address = url;
	let code: unknown = 302;
	let body = '';

	if (rest.length === 1) {
		if (typeof url === 'number') {
			code = url;
			address = rest[0];
		} else {
			deprecate('res.redirect(url, status): Use res.redirect(status, url) instead');
			code = rest[0];
		}
	}

	address = this.location(address as string).get('Location');
	const message = statuses.message[code as number];

	this.format({
		text() {
			body = message + '. Redirecting to ' + address;
		},
		html() {
			// Security: the URL is escaped in the HTML body (javascript:, quotes, tags).
			body = '<p>' + message + '. Redirecting to ' + escapeHtml(address as string) + '</p>';
		},
		default() {
			body = '';
		},
	});

	this.statusCode = code as number;
	this.set('Content-Length', Buffer.byteLength(body));
	if (this.req.method === 'HEAD') this.end();
	else this.end(body);
}

/**
 * Adds a field to `Vary` unless already listed.
 *
 * @example
 * res.vary('Accept-Encoding');
 */
function varyField(this: VeloxResponse, field: string | string[]): VeloxResponse {
	if (!field || (Array.isArray(field) && !field.length)) {
		deprecate('res.vary(): Provide a field name');
		return this;
	}
	vary(this, field);
	return this;
}

/**
 * Renders a view with `app.render` (with `res.locals`), sending the HTML
 * unless a callback is given; a rendering error goes to `next` then.
 *
 * @example
 * res.render('profile', { user });
 */
function render(this: VeloxResponse, view: string, options?: object | RenderCallback, callback?: RenderCallback): void {
	const req = this.req;
	const app = req.app;
	let done = callback;
	let opts = (options || {}) as Record<string, unknown>;
	if (typeof options === 'function') {
		done = options as RenderCallback;
		opts = {};
	}
	opts._locals = this.locals;
	if (!done) {
		const res = this;
		done = function sendRendered(err: Error | null, html?: string): void {
			if (err) (req.next as Next)(err);
			else res.send(html);
		};
	}
	app.render(view, opts, done);
}

response.status = status;
response.links = links;
response.send = send;
response.json = json;
response.jsonp = jsonp;
response.sendStatus = sendStatus;
response.contentType = type;
response.type = type;
response.format = format;
response.attachment = attachment;
response.append = append;
response.set = header;
response.header = header;
response.get = get;
response.clearCookie = clearCookie;
response.cookie = cookie;
response.location = location;
response.redirect = redirect;
response.vary = varyField;
response.render = render;
// File transfers live with the file-sending engine (src/send).
response.sendFile = sendFile;
response.download = download;
// Express 4's deprecated lower-case form, with its own warning.
response.sendfile = sendfile;

// `res.locals` is created on first use rather than for every request.
Object.defineProperty(response, 'locals', {
	configurable: true,
	enumerable: true,
	get(this: ServerResponse): unknown {
		// Read on a prototype (`velox.response`, an app's `app.response`, which
		// owns `app`), it is undefined as in Express: materialising it there
		// would share one object between all later requests.
		if ((this as object) === response || Object.prototype.hasOwnProperty.call(this, 'app')) return undefined;
		const locals = Object.create(null);
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value: locals });
		return locals;
	},
	set(this: ServerResponse, value: unknown): void {
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
	},
});

/**
 * `JSON.stringify` with the app's settings; `json escape` turns `<`, `>`
 * and `&` into `\u003c`, `\u003e`, `\u0026` against HTML sniffing.
 */
function stringify(value: unknown, replacer: unknown, spaces: unknown, escapeHtmlCharacters: unknown): string | undefined {
	// The one-argument call is V8's fast path (as Express notes).
	let json =
		replacer || spaces
			? JSON.stringify(value, replacer as (this: unknown, key: string, value: unknown) => unknown, spaces as string | number)
			: JSON.stringify(value);
	if (escapeHtmlCharacters && typeof json === 'string') json = json.replace(jsonEscapeRegExp, escapeJsonCharacter);
	return json;
}

function escapeJsonCharacter(character: string): string {
	switch (character.charCodeAt(0)) {
		case 0x3c:
			return '\\u003c';
		case 0x3e:
			return '\\u003e';
		default:
			return '\\u0026';
	}
}
