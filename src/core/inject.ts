/**
 * In-process requests (beyond Express 4): `app.inject(request)` dispatches a
 * request through the app without opening a socket, and resolves with what a
 * client would have received.
 *
 * The request and response are node's own `http.IncomingMessage` and
 * `http.ServerResponse`, on a stand-in socket (a `Duplex` with the address
 * fields of `net.Socket`), so middleware that reads `req.socket` works and the
 * response goes through node's own HTTP/1.1 writer: status line, `Date`,
 * chunked encoding and all. The socket keeps those bytes; the result is parsed
 * from them, so it is exactly what the wire would have carried.
 *
 * @example
 * const res = await app.inject({ method: 'POST', url: '/users', body: { name: 'Ada' } });
 * assert.equal(res.statusCode, 201);
 * assert.equal(res.json().name, 'Ada');
 */
import { IncomingMessage, type IncomingHttpHeaders, ServerResponse, validateHeaderName, validateHeaderValue } from 'http';
import type { Socket } from 'net';
import { Duplex, Readable } from 'stream';
import { veloxError } from './errors';
import type { HeaderValue } from './base/headers';

type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/** What to send; every field is optional (`GET /` by default). A string is the same as `{ url }`. */
export interface InjectOptions {
	/** The request method (default `GET`), upper-cased. */
	method?: string;
	/**
	 * The request target as sent on the request line (default `/`): `/path?query`, or an
	 * absolute URL (absolute-form, as sent to proxies), which also sets the `Host` header unless given.
	 */
	url?: string;
	/** Appended to `url`'s query: a string (without `?`), an object (arrays repeat the key) or URLSearchParams. */
	query?: string | URLSearchParams | Record<string, QueryValue>;
	/** Request headers; an array value sends the header once per entry. `Host` defaults to `localhost`. */
	headers?: Record<string, HeaderValue | undefined>;
	/** Sent as one `Cookie` header (`name=value; …`, values URI-encoded), after any `cookie` in `headers`. */
	cookies?: Record<string, string>;
	/**
	 * The request body: a string or bytes (with `Content-Length`), a readable stream (sent
	 * chunked unless `Content-Length` is given), or any other value as JSON (with
	 * `Content-Type: application/json` unless given).
	 */
	body?: string | Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array | string> | object | number | boolean | null;
	/** The client's address, `req.socket.remoteAddress` (default `127.0.0.1`). */
	remoteAddress?: string;
	/** The client's port (default 54321). */
	remotePort?: number;
	/** A TLS socket (`req.socket.encrypted`, so `req.protocol` is `https`); default false. */
	encrypted?: boolean;
}

/** What the client receives, parsed from the bytes the app wrote. */
export interface InjectResponse {
	statusCode: number;
	/** Same as `statusCode` (supertest's name). */
	status: number;
	statusMessage: string;
	/** Header names lower-cased; duplicates combined as node's HTTP client does (`set-cookie` always an array). */
	headers: IncomingHttpHeaders;
	/** Names and values as sent, alternating. */
	rawHeaders: string[];
	/** Trailers of a chunked response. */
	trailers: Record<string, string>;
	/** The body bytes as sent (still compressed if the app compressed it; empty for HEAD, 204 and 304). */
	body: Buffer;
	/** The body decoded as UTF-8. */
	text: string;
	/** The body parsed as JSON (throws a SyntaxError when it is not JSON). */
	json<T = unknown>(): T;
	/** Every byte the app wrote to the socket, status line and headers included. */
	raw: Buffer;
}

type Dispatcher = (req: IncomingMessage, res: ServerResponse) => void;

const OWS = /^[ \t]+|[ \t]+$/g;

/** A stand-in for `net.Socket`: keeps what is written, reads nothing. */
class InjectSocket extends Duplex {
	readonly written: Buffer[] = [];
	readonly remoteAddress: string;
	readonly remotePort: number;
	readonly remoteFamily: string;
	readonly localAddress: string;
	readonly localPort: number;
	encrypted?: boolean;
	readonly bytesRead = 0;
	bytesWritten = 0;
	connecting = false;
	timeout = 0;

	constructor(options: InjectOptions, encrypted: boolean) {
		super();
		this.remoteAddress = options.remoteAddress ?? '127.0.0.1';
		this.remotePort = options.remotePort ?? 54321;
		this.remoteFamily = this.remoteAddress.includes(':') ? 'IPv6' : 'IPv4';
		this.localAddress = this.remoteFamily === 'IPv6' ? '::1' : '127.0.0.1';
		this.localPort = encrypted ? 443 : 80;
		if (encrypted) this.encrypted = true;
	}

	override _read(): void {}

	override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
		this.written.push(chunk);
		this.bytesWritten += chunk.length;
		callback();
	}

	address(): { address: string; family: string; port: number } {
		return { address: this.localAddress, family: this.remoteFamily, port: this.localPort };
	}

	setTimeout(ms: number, callback?: () => void): this {
		this.timeout = ms;
		if (callback !== undefined) this.once('timeout', callback);
		return this;
	}

	setNoDelay(): this {
		return this;
	}

	setKeepAlive(): this {
		return this;
	}

	ref(): this {
		return this;
	}

	unref(): this {
		return this;
	}

	destroySoon(): void {
		this.end();
	}
}

/** `app.inject(options)`: see InjectOptions and InjectResponse. */
export function injectRequest(app: Dispatcher, input: InjectOptions | string = {}): Promise<InjectResponse> {
	const options: InjectOptions = typeof input === 'string' ? { url: input } : input;
	return new Promise<InjectResponse>((resolve, reject) => {
		const target = appendQuery(options.url ?? '/', options.query);
		const encrypted = options.encrypted === true;
		// Absolute-form: node hands the target to the app as it was sent; the client sends its Host.
		const host = /^https?:\/\//i.test(target) ? new URL(target).host : undefined;

		const method = (options.method ?? 'GET').toUpperCase();
		const { chunk, stream, contentType } = bodyOf(options.body);
		const rawHeaders: string[] = [];
		const given = new Set<string>();
		for (const name of Object.keys(options.headers ?? {})) {
			const value = options.headers![name];
			if (value === undefined) continue;
			given.add(name.toLowerCase());
			for (const one of Array.isArray(value) ? value : [value]) {
				// As node's client (it throws on invalid names and values) and parser (it strips the
				// whitespace around a value).
				validateHeaderName(name);
				validateHeaderValue(name, String(one));
				rawHeaders.push(name, String(one).replace(OWS, ''));
			}
		}
		if (!given.has('host')) rawHeaders.unshift('Host', host ?? 'localhost');
		if (options.cookies !== undefined) {
			const pairs = Object.keys(options.cookies).map((name) => name + '=' + encodeURIComponent(options.cookies![name]));
			if (pairs.length !== 0) rawHeaders.push('Cookie', pairs.join('; '));
		}
		if (contentType !== undefined && !given.has('content-type')) rawHeaders.push('Content-Type', contentType);
		if (chunk !== undefined && !given.has('content-length') && !given.has('transfer-encoding')) {
			// A body-less GET sends no Content-Length, as clients do.
			if (chunk.length !== 0 || !(method === 'GET' || method === 'HEAD')) rawHeaders.push('Content-Length', String(chunk.length));
		}
		if (stream !== undefined && !given.has('content-length') && !given.has('transfer-encoding')) rawHeaders.push('Transfer-Encoding', 'chunked');

		const socket = new InjectSocket(options, encrypted);
		// The one bridge here: node's request and response take any duplex stream with a socket's
		// address fields (what InjectSocket is), while @types/node asks for a net.Socket.
		const stand = socket as unknown as Socket;
		const req = new IncomingMessage(stand);
		req.method = method;
		req.url = target;
		req.httpVersionMajor = 1;
		req.httpVersionMinor = 1;
		req.httpVersion = '1.1';
		req.rawHeaders = rawHeaders;
		req.headers = headersOf(rawHeaders) as IncomingHttpHeaders;

		const res = new ServerResponse(req);
		if (/(?:^|,)\s*close\s*(?:,|$)/i.test(String(req.headers.connection ?? ''))) res.shouldKeepAlive = false;
		res.assignSocket(stand);

		let settled = false;
		res.once('finish', () => {
			settled = true;
			try {
				resolve(parseResponse(Buffer.concat(socket.written), method === 'HEAD'));
			} catch (err) {
				reject(err);
			}
			// The connection closes: the response emits `close`, as over a socket with `Connection: close`.
			socket.destroy();
		});
		res.once('close', () => {
			if (settled) return;
			settled = true;
			reject(veloxError('VELOX_ERR_INJECT_ABORTED'));
		});

		try {
			app(req, res);
		} catch (err) {
			settled = true;
			reject(err);
			return;
		}
		// The body follows the head, as from a socket: the app has seen the request first.
		if (stream !== undefined) {
			pipeBody(stream, req);
		} else {
			if (chunk !== undefined && chunk.length !== 0) req.push(chunk);
			req.complete = true;
			req.push(null);
		}
	});
}

function appendQuery(target: string, query: InjectOptions['query']): string {
	if (query === undefined) return target;
	let text: string;
	if (typeof query === 'string') {
		text = query.startsWith('?') ? query.slice(1) : query;
	} else if (query instanceof URLSearchParams) {
		text = query.toString();
	} else {
		const params = new URLSearchParams();
		for (const name of Object.keys(query)) {
			const value = query[name];
			if (value === undefined) continue;
			if (Array.isArray(value)) for (const one of value) params.append(name, String(one));
			else params.append(name, String(value));
		}
		text = params.toString();
	}
	if (text === '') return target;
	return target + (target.includes('?') ? '&' : '?') + text;
}

function bodyOf(body: InjectOptions['body']): { chunk?: Buffer; stream?: AsyncIterable<unknown>; contentType?: string } {
	if (body === undefined) return {};
	if (typeof body === 'string') return { chunk: Buffer.from(body) };
	if (Buffer.isBuffer(body)) return { chunk: body };
	if (body instanceof Uint8Array) return { chunk: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
	if (body !== null && typeof body === 'object' && (body instanceof Readable || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function')) {
		return { stream: body as AsyncIterable<unknown> };
	}
	return { chunk: Buffer.from(JSON.stringify(body)), contentType: 'application/json' };
}

async function pipeBody(stream: AsyncIterable<unknown>, req: IncomingMessage): Promise<void> {
	try {
		for await (const piece of stream) {
			const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
			if (bytes.length !== 0) req.push(bytes);
		}
		req.complete = true;
		req.push(null);
	} catch (err) {
		// A client whose upload fails: the request stream errors, as when a socket resets.
		req.destroy(err as Error);
	}
}

// Node's client keeps the first of these and discards duplicates (http.IncomingMessage#headers).
const singleValued = new Set([
	'age',
	'authorization',
	'content-length',
	'content-type',
	'etag',
	'expires',
	'from',
	'host',
	'if-modified-since',
	'if-unmodified-since',
	'last-modified',
	'location',
	'max-forwards',
	'proxy-authorization',
	'referer',
	'retry-after',
	'server',
	'user-agent',
]);

/** Header lines to node's `headers` object: names lower-cased, duplicates combined as node does. */
function headersOf(raw: readonly string[]): Record<string, string | string[]> {
	const headers: Record<string, string | string[]> = Object.create(null);
	for (let i = 0; i < raw.length; i += 2) {
		const name = raw[i].toLowerCase();
		const value = raw[i + 1];
		const existing = headers[name];
		if (name === 'set-cookie') {
			if (existing === undefined) headers[name] = [value];
			else (existing as string[]).push(value);
		} else if (existing === undefined) {
			headers[name] = value;
		} else if (!singleValued.has(name)) {
			headers[name] = existing + (name === 'cookie' ? '; ' : ', ') + value;
		}
	}
	return Object.assign({}, headers);
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** Parses an HTTP/1.1 response as the bytes went out: informational heads skipped, chunked bodies decoded. */
function parseResponse(raw: Buffer, headRequest: boolean): InjectResponse {
	let offset = 0;
	let statusCode = 0;
	let statusMessage = '';
	let rawHeaders: string[] = [];
	for (;;) {
		const end = raw.indexOf(HEAD_END, offset);
		if (end === -1) throw veloxError('VELOX_ERR_INJECT_MALFORMED', 'an incomplete response head');
		const lines = raw.toString('latin1', offset, end).split('\r\n');
		const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0]);
		if (status === null) throw veloxError('VELOX_ERR_INJECT_MALFORMED', 'a malformed status line: ' + lines[0]);
		statusCode = Number(status[1]);
		statusMessage = status[2] ?? '';
		rawHeaders = headerLines(lines, 1);
		offset = end + HEAD_END.length;
		if (statusCode >= 200 || statusCode === 101) break;
	}
	const headers = headersOf(rawHeaders) as IncomingHttpHeaders;
	let body: Buffer;
	let trailers: Record<string, string> = {};
	if (headRequest || statusCode === 204 || statusCode === 304 || statusCode < 200) {
		body = Buffer.alloc(0);
	} else if (/(?:^|,)\s*chunked\s*$/i.test(String(headers['transfer-encoding'] ?? ''))) {
		({ body, trailers } = dechunk(raw, offset));
	} else if (headers['content-length'] !== undefined) {
		body = raw.subarray(offset, offset + Number(headers['content-length']));
	} else {
		body = raw.subarray(offset);
	}
	let text: string | undefined;
	return {
		statusCode,
		status: statusCode,
		statusMessage,
		headers,
		rawHeaders,
		trailers,
		body,
		get text(): string {
			if (text === undefined) text = body.toString('utf8');
			return text;
		},
		json<T>(): T {
			if (text === undefined) text = body.toString('utf8');
			return JSON.parse(text) as T;
		},
		raw,
	};
}

function headerLines(lines: readonly string[], from: number): string[] {
	const raw: string[] = [];
	for (let i = from; i < lines.length; i++) {
		const colon = lines[i].indexOf(':');
		if (colon <= 0) continue;
		raw.push(lines[i].slice(0, colon), lines[i].slice(colon + 1).trim());
	}
	return raw;
}

function dechunk(raw: Buffer, start: number): { body: Buffer; trailers: Record<string, string> } {
	const parts: Buffer[] = [];
	let offset = start;
	for (;;) {
		const lineEnd = raw.indexOf(CRLF, offset);
		if (lineEnd === -1) throw veloxError('VELOX_ERR_INJECT_MALFORMED', 'an incomplete chunked body');
		const size = Number.parseInt(raw.toString('latin1', offset, lineEnd).split(';')[0], 16);
		if (!Number.isFinite(size)) throw veloxError('VELOX_ERR_INJECT_MALFORMED', 'a malformed chunk size');
		offset = lineEnd + CRLF.length;
		if (size === 0) break;
		parts.push(raw.subarray(offset, offset + size));
		offset += size + CRLF.length;
	}
	const trailers: Record<string, string> = {};
	const end = raw.indexOf(CRLF, offset) === offset ? offset : raw.indexOf(HEAD_END, offset);
	if (end > offset) {
		const lines = raw.toString('latin1', offset, end).split('\r\n');
		const pairs = headerLines(lines, 0);
		for (let i = 0; i < pairs.length; i += 2) trailers[pairs[i].toLowerCase()] = pairs[i + 1];
	}
	return { body: Buffer.concat(parts), trailers };
}
