/**
 * The response prototype (`velox.response`): node's ServerResponse plus
 * Express 4's members, byte-compatible with express@4.22 — status codes,
 * header values and their order, bodies, deprecation messages. Each app's
 * `app.response` inherits it and carries `app`; `req` is set per request.
 */
import { ServerResponse } from 'http';
import { extname } from 'path';
import type MimeModule from 'mime';
import depd from 'depd';
import { linePolicy } from '../lines';
import statuses from 'statuses';
import vary from 'vary';
import { veloxError } from '../errors';
import type * as SendMethods from '../send/response-methods';
import type * as SseModule from './sse';
import type { EventStream, EventStreamOptions } from './sse';
import { builtInETagOfString, type ETagFunction } from '../settings';
import { hasOwn, onFirstUse } from '../base/utils';
import { clearCookie, cookie } from './cookie';
import { getContentType, getETag, getTransferEncoding, setContentLength, setContentType, setETag } from '../platform';
import { format } from './format';
import { json, jsonp, twoArgumentBody } from './json';
import { location, redirect } from './redirect';
import type { HeaderValue, RenderCallback, ResponsePrototype, VeloxResponse } from '../types/model';
import type { Next } from '../router/types';

const deprecate = depd('velox');
// The line's status rules (lines/): Express 4 warns, Express 5 throws.
const {
	status,
	setSendStatus,
	legacyBodyForms,
	isBinaryBody,
	nullBodyGetsCharset,
	lengthYieldsToTransferEncoding,
	linkEntry,
	varyWithoutFieldWarns,
	typeOfExtension,
	contentTypeValue,
	attachmentDisposition,
	setCharset,
} = linePolicy().response;
// The migration report's recording (lines/migration.ts), on the Express 4 branches below only.
const migration = linePolicy().migration;
// Loaded with their first use (docs/design.md, "Startup: deferred modules"): mime with the first
// `res.type` or string `res.send`, content-disposition with `res.attachment`, the file engine
// (src/core/send) with the first `res.sendFile`/`download`.
const loadMime = onFirstUse(() => require('mime') as typeof MimeModule);
const loadSendMethods = onFirstUse(() => require('../send/response-methods') as typeof SendMethods);
type SendFileArgs = Parameters<typeof SendMethods.sendFile>;
type DownloadArgs = Parameters<typeof SendMethods.download>;

export const response: ResponsePrototype = Object.create(ServerResponse.prototype);

/**
 * Before `app.listen` answers: mime, which an app's first `res.send` of a string or `res.type`
 * would otherwise load, and the line's mime table (the same mime 1, or Velox 5's mime-types).
 */
export function preloadMime(): void {
	loadMime();
	typeOfExtension('html');
}

// mime@1's extension table, untyped by @types/mime.
const mimeTypes = (): { types: Record<string, string | undefined> } => loadMime() as typeof MimeModule & { types: Record<string, string | undefined> };

/**
 * Appends `<url>; rel="name"` entries to the `Link` header.
 *
 * @example
 * res.links({ next: '/users?page=2', last: '/users?page=5' });
 */
function links(this: VeloxResponse, links: Record<string, string | string[]>): VeloxResponse {
	let link: unknown = this.get('Link') || '';
	if (link) link += ', ';
	const entries = Object.keys(links).map((rel) => linkEntry(rel, links[rel]));
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
 * only when the `etag` setting asks for one. Kept in one piece on purpose:
 * split into named steps it measured slower (docs/design.md, "`res.send` in one piece").
 *
 * @example
 * res.send('<p>hello</p>');
 * res.send({ ok: true });
 */
function send(this: VeloxResponse, body?: unknown, ...rest: unknown[]): VeloxResponse {
	let chunk = rest.length === 1 && legacyBodyForms ? twoArgumentBody(this, 'send', body, rest[0], deprecate) : body;
	let encoding: BufferEncoding | undefined;
	const req = this.req;

	// res.send(status): the status message as text (deprecated)
	if (typeof chunk === 'number' && rest.length === 0 && legacyBodyForms) {
		if (migration !== undefined) migration.use('response.legacyBodyForms', 'res.send(status)');
		if (!this.getHeader('Content-Type')) this.type('txt');
		deprecate('res.send(status): Use res.sendStatus(status) instead');
		this.statusCode = chunk;
		chunk = statuses.message[chunk];
	}

	switch (typeof chunk) {
		case 'string': {
			encoding = 'utf8';
			const type = getContentType(this);
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
				if (nullBodyGetsCharset) setUtf8Charset(this, this.getHeader('Content-Type'));
			} else if (isBinaryBody(chunk as object)) {
				if (!this.getHeader('Content-Type')) this.type('bin');
			} else {
				return this.json(chunk);
			}
			break;
	}

	// ETag only when the setting compiled to a function and none was set.
	const etagFn = this.app.settings['etag fn'];
	const generateETag = typeof etagFn === 'function' && !getETag(this);

	if (chunk !== undefined) {
		let length: number;
		let etag: string | undefined;
		if (typeof chunk === 'string') {
			length = Buffer.byteLength(chunk, 'utf8');
			if (generateETag || chunk.length >= 1000) {
				// Express turns the string into a Buffer here, so node writes the
				// head on its own, latin1-encoded: a header value with U+0080–U+00FF
				// (`res.set('X-Name', 'José')`, a Content-Disposition fallback
				// filename) goes out as one byte each. Writing a string instead
				// makes node glue the head to the body in the body's encoding
				// (UTF-8: C3 A9 for é). An ASCII body (byte length = string length)
				// is written as a latin1 string: the same body bytes, the head as
				// Express sends it, no Buffer made and one write, not two. Any other
				// body becomes a Buffer, as in Express.
				etag = generateETag ? builtInETagOfString(etagFn, chunk, length) : undefined;
				if (length === chunk.length) encoding = 'latin1';
				else {
					chunk = Buffer.from(chunk, 'utf8');
					encoding = undefined;
				}
			}
		} else if (Buffer.isBuffer(chunk)) {
			length = chunk.length;
		} else {
			// Express fails here the same way for a body that is neither (a Symbol…).
			chunk = Buffer.from(chunk as string, encoding);
			encoding = undefined;
			length = (chunk as Buffer).length;
		}
		// Express 5 leaves Content-Length out when the response has a Transfer-Encoding.
		if (!(lengthYieldsToTransferEncoding && getTransferEncoding(this))) setContentLength(this, String(length));
		if (generateETag) {
			if (etag !== undefined) setETag(this, etag);
			else {
				chunk = setCustomETag(this, etagFn as ETagFunction, chunk as string | Buffer, encoding);
				encoding = undefined;
			}
		}
	}

	endSend(this, req, chunk as string | Buffer | undefined, encoding);
	return this;
}

/**
 * A custom `etag fn` gets a Buffer (and no encoding), as in Express; its value goes through
 * node's checks. Returns the body as a Buffer, which is then written as is.
 */
function setCustomETag(res: VeloxResponse, etagFn: ETagFunction, chunk: string | Buffer, encoding: BufferEncoding | undefined): Buffer {
	const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
	const custom: unknown = etagFn(buffer, undefined);
	if (custom) res.setHeader('ETag', String(custom));
	return buffer;
}

/**
 * The last step of `res.send`: 304 for a fresh request, no body (and no body headers) for
 * 204 and 304, an empty one for 205, none for HEAD.
 */
function endSend(res: VeloxResponse, req: VeloxResponse['req'], body: string | Buffer | undefined, encoding: BufferEncoding | undefined): void {
	let chunk = body;
	if (req.fresh) res.statusCode = 304;

	// strip irrelevant headers
	const statusCode = res.statusCode;
	if (statusCode === 204 || statusCode === 304) {
		res.removeHeader('Content-Type');
		res.removeHeader('Content-Length');
		res.removeHeader('Transfer-Encoding');
		chunk = '';
	}
	if (statusCode === 205) {
		res.setHeader('Content-Length', '0');
		res.removeHeader('Transfer-Encoding');
		chunk = '';
	}

	if (req.method === 'HEAD') res.end();
	else res.end(chunk as string | Buffer, encoding as BufferEncoding);
}

/**
 * `res.send` of a string with no Content-Type: Express calls `type('html')`
 * then adds the charset (two `setHeader`s); this sets the same final value once.
 */
function setDefaultHtmlType(res: VeloxResponse): void {
	// A remapped `html` extension (mime.define) takes Express's general path.
	if (mimeTypes().types.html === 'text/html') setContentType(res, 'text/html; charset=utf-8');
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

/**
 * Sets the status and sends its registered message as text (or the number
 * itself for an unknown code).
 *
 * @example
 * res.sendStatus(404); // "Not Found"
 */
function sendStatus(this: VeloxResponse, statusCode: number): VeloxResponse {
	const body = statuses.message[statusCode] || String(statusCode);
	setSendStatus(this, statusCode);
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
	const value = type.indexOf('/') === -1 ? typeOfExtension(type) : type;
	return this.set('Content-Type', value);
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
	this.set('Content-Disposition', attachmentDisposition(filename));
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
		next = Array.isArray(previous) ? previous.concat(value) : Array.isArray(value) ? [previous].concat(value) : [previous, value];
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
		const value = Array.isArray(raw) ? raw.map(String) : String(raw);
		if ((field as string).toLowerCase() === 'content-type') {
			if (Array.isArray(value)) throw veloxError('VELOX_ERR_CONTENT_TYPE_ARRAY');
			this.setHeader(field as string, contentTypeValue(value) as string);
		} else this.setHeader(field as string, value);
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

/**
 * Adds a field to `Vary` unless already listed.
 *
 * @example
 * res.vary('Accept-Encoding');
 */
function varyField(this: VeloxResponse, field: string | string[]): VeloxResponse {
	if (varyWithoutFieldWarns && (!field || (Array.isArray(field) && !field.length))) {
		if (migration !== undefined) migration.use('response.varyWithoutFieldWarns', 'res.vary() without a field');
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
// File transfers live with the file-sending engine (src/core/send), loaded by the first call.
response.sendFile = function sendFile(this: VeloxResponse, path: string, options?: SendFileArgs[1], callback?: SendFileArgs[2]): void {
	loadSendMethods().sendFile.call(this, path, options, callback);
};
response.download = function download(
	this: VeloxResponse,
	path: string,
	filename?: DownloadArgs[1],
	options?: DownloadArgs[2],
	callback?: DownloadArgs[3],
): void {
	loadSendMethods().download.call(this, path, filename, options, callback);
};
// Express 4's deprecated lower-case form: depd's wrapper reports the caller of `res.sendfile`.
response.sendfile = deprecate.function(function sendfile(this: VeloxResponse, path: string, options?: SendFileArgs[1], callback?: SendFileArgs[2]): void {
	loadSendMethods().legacySendfile.call(this, path, options, callback);
}, 'res.sendfile: Use res.sendFile instead');

/**
 * Beyond Express 4: turns the response into a Server-Sent Events stream and returns it
 * (src/core/response/sse.ts, loaded with the first call).
 *
 * @example
 * const stream = res.sse();
 * stream.send({ time: Date.now() }, { event: 'tick', id: 1 });
 */
response.sse = function sse(this: VeloxResponse, options?: EventStreamOptions): EventStream {
	return (require('./sse') as typeof SseModule).openEventStream(this, options);
};

// `res.locals` is created on first use rather than for every request.
Object.defineProperty(response, 'locals', {
	configurable: true,
	enumerable: true,
	get(this: ServerResponse): unknown {
		// Read on a prototype (`velox.response`, an app's `app.response`, which
		// owns `app`), it is undefined as in Express: materialising it there
		// would share one object between all later requests.
		if ((this as object) === response || hasOwn(this, 'app')) return undefined;
		const locals = Object.create(null);
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value: locals });
		return locals;
	},
	set(this: ServerResponse, value: unknown): void {
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
	},
});
