/**
 * The shared body reader: length and limit checks, inflation, charset
 * decoding, `verify`, parsing, and what happens to the request stream when
 * something goes wrong. Behaviour follows Express 4's body-parser and raw-body,
 * with the "beyond Express 4" changes written beside the code.
 */
import { AsyncResource } from 'async_hooks';
import type { IncomingMessage, ServerResponse } from 'http';
import type { Readable, Transform } from 'stream';
import zlib from 'zlib';
import onFinished from 'on-finished';
import { type HttpError, httpErrorFrom, requestError } from '../errors';
import { linePolicy } from '../lines';
import { discardBody } from './discard';
import type { BodyRequest } from './types';
import type { Next } from '../router/types';

/** The `verify` option as the reader calls it (`encoding`: the charset decoded with, `null` for a Buffer body). */
export type VerifyFunction = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void;

const { markRead, charsetCodec, extraInflater } = linePolicy().body;

/** What a parser instance fixes at creation time. */
export interface ReadConfig {
	readonly limit: number;
	readonly inflate: boolean;
	readonly verify: VerifyFunction | null;
	/** Turns the decoded text (and the charset it was decoded from) into `req.body`; `null` stores the decoded value (string or Buffer) as is. */
	readonly parse: ((text: string, encoding: string | null) => unknown) | null;
}

/** Where a reader keeps its state on the streams it listens to (see `BodyReader`). */
const kReader: unique symbol = Symbol('velox.bodyReader');

interface ReaderHost extends Readable {
	[kReader]?: BodyReader | null;
}

/**
 * Per-request read state. Hot path: the stream listeners are module-level functions that find
 * this object through `this[kReader]`, so reading a body allocates no closures (docs/design.md,
 * Body parsers).
 */
class BodyReader {
	readonly req: BodyRequest & ReaderHost;
	readonly res: ServerResponse;
	readonly next: Next;
	readonly config: ReadConfig;
	readonly encoding: string | null;
	/** The declared Content-Length of an identity body, else `null` (raw-body's `length`). */
	readonly length: number | null;
	/** The decompression stream fed from `req`, or `null` for an identity body (read from `req`). */
	readonly inflater: (Transform & ReaderHost) | null;
	/**
	 * Express 4 compatibility: raw-body runs its callback in the async context of the call, so
	 * an AsyncLocalStorage store entered with `run()` before the parser is still seen after it.
	 */
	readonly resource: AsyncResource;
	received = 0;
	/** The first chunk; most bodies are one chunk and need no `Buffer.concat`. */
	first: Buffer | null = null;
	/** All chunks once there is more than one. */
	chunks: Buffer[] | null = null;
	done = false;

	constructor(
		req: BodyRequest & ReaderHost,
		res: ServerResponse,
		next: Next,
		config: ReadConfig,
		encoding: string | null,
		length: number | null,
		inflater: (Transform & ReaderHost) | null,
	) {
		this.req = req;
		this.res = res;
		this.next = next;
		this.config = config;
		this.encoding = encoding;
		this.length = length;
		this.inflater = inflater;
		this.resource = new AsyncResource('VeloxBodyRead');
	}
}

/** True for the spellings of UTF-8 that `Buffer#toString` decodes itself. */
function isUtf8(encoding: string): boolean {
	return encoding === 'utf-8' || encoding === 'utf8';
}

/** 415 `charset.unsupported`, as body-parser words it. */
export function unsupportedCharset(encoding: string): HttpError {
	return requestError('VELOX_ERR_CHARSET_UNSUPPORTED', [encoding.toUpperCase()], { charset: encoding.toLowerCase() });
}

/** True when `encoding` names a charset that can decode the body (`null`: a Buffer, nothing to decode). */
function canDecode(encoding: string | null): boolean {
	return encoding === null || isUtf8(encoding) || charsetCodec().encodingExists(encoding);
}

/** The declared Content-Length, or `null` when absent or not a number (raw-body's `length`). */
function declaredLength(req: BodyRequest): number | null {
	const declared = req.headers['content-length'];
	return declared === undefined || Number.isNaN(Number(declared)) ? null : Number.parseInt(declared, 10);
}

/**
 * The refusals body-parser makes before it reads anything (an unusable Content-Encoding, or a
 * charset it cannot decode when there is a `verify`): it calls `next(err)` at once and leaves
 * the body unread, so the answer may go out before the body ends and node discards the rest
 * afterwards (as for any request whose body the app did not read). Velox does the same: a
 * client that stops sending mid-body still reads this answer.
 */
function refusalBeforeReading(config: ReadConfig, encoding: string | null, contentEncoding: string): HttpError | null {
	// body-parser checks the charset first when there is a verify (its decoding happens late).
	if (config.verify !== null && !canDecode(encoding)) return unsupportedCharset(encoding as string);
	if (contentEncoding !== 'identity') {
		if (!config.inflate) return requestError('VELOX_ERR_ENCODING_NOT_ALLOWED', [], { encoding: contentEncoding });
		if (contentEncoding !== 'gzip' && contentEncoding !== 'deflate' && contentEncoding !== 'br' && extraInflater(contentEncoding) === null) {
			return requestError('VELOX_ERR_ENCODING_UNSUPPORTED', [contentEncoding], { encoding: contentEncoding });
		}
	}
	return null;
}

/**
 * Why the body cannot be read, for the refusals body-parser makes once it has started reading
 * (it discards the body first, then calls `next(err)`), or `null` when it can.
 * `length` is the declared length of an identity body.
 */
function refusal(req: BodyRequest, config: ReadConfig, encoding: string | null, length: number | null): HttpError | null {
	// failRequest discards the body before answering, within discard.ts's bounds (past them: at once, connection closed).
	if (length !== null && length > config.limit) return requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { expected: length, length, limit: config.limit });
	// Checked on `req` even when inflating (body-parser checks the zlib stream, where they never fire).
	// Truthiness, not `!== null`: a request stand-in that is not a node stream has no encoding either.
	if (req.readableEncoding) return requestError('VELOX_ERR_STREAM_ENCODING_SET');
	if (req.readable === false) return requestError('VELOX_ERR_STREAM_NOT_READABLE');
	if (config.verify === null && !canDecode(encoding)) return unsupportedCharset(encoding as string);
	return null;
}

/**
 * Reads the body of `req` and sets `req.body` to `config.parse` of it, then calls `next`;
 * on failure calls `next(err)` with body-parser's status, message and `type`.
 * `encoding` is the charset to decode with, or `null` for a Buffer.
 */
export function readBody(req: BodyRequest, res: ServerResponse, next: Next, config: ReadConfig, encoding: string | null): void {
	// Flag as parsed (Express 4: `_body`) so later parsers leave the request alone, as body-parser does.
	markRead(req);
	const header = req.headers['content-encoding'];
	const contentEncoding = header === undefined ? 'identity' : header.toLowerCase();
	const length = contentEncoding === 'identity' ? declaredLength(req) : null;
	const early = refusalBeforeReading(config, encoding, contentEncoding);
	if (early !== null) {
		next(early);
		return;
	}
	const err = refusal(req, config, encoding, length);
	if (err !== null) {
		failRequest(req, res, next, err, config.limit);
		return;
	}
	const host = req as BodyRequest & ReaderHost;
	if (contentEncoding === 'identity') {
		// Hot path: read `req` directly, no pipeline.
		const reader = new BodyReader(host, res, next, config, encoding, length, null);
		host[kReader] = reader;
		host.on('data', onData);
		host.on('end', onEnd);
		host.on('close', onRequestClose);
		return;
	}
	const inflater: Transform & ReaderHost =
		contentEncoding === 'gzip'
			? zlib.createGunzip()
			: contentEncoding === 'deflate'
				? zlib.createInflate()
				: contentEncoding === 'br'
					? zlib.createBrotliDecompress()
					: (extraInflater(contentEncoding) as () => Transform & ReaderHost)();
	const reader = new BodyReader(host, res, next, config, encoding, null, inflater);
	host[kReader] = reader;
	inflater[kReader] = reader;
	inflater.on('data', onData);
	inflater.on('end', onEnd);
	inflater.on('error', onStreamError);
	host.on('close', onRequestClose);
	host.pipe(inflater);
}

function onData(this: ReaderHost, chunk: Buffer): void {
	const reader = this[kReader];
	if (reader === undefined || reader === null || reader.done) return;
	// Counts inflated bytes when inflating, so a small gzip bomb stops at the limit.
	reader.received += chunk.length;
	if (reader.received > reader.config.limit) {
		stopReading(reader, requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit: reader.config.limit, received: reader.received }));
		return;
	}
	if (reader.first === null) reader.first = chunk;
	else if (reader.chunks === null) reader.chunks = [reader.first, chunk];
	else reader.chunks.push(chunk);
}

function onEnd(this: ReaderHost): void {
	const reader = this[kReader];
	if (reader === undefined || reader === null || reader.done) return;
	if (reader.length !== null && reader.received !== reader.length) {
		stopReading(reader, requestError('VELOX_ERR_REQUEST_SIZE_INVALID', [], { expected: reader.length, length: reader.length, received: reader.received }));
		return;
	}
	const body = reader.chunks !== null ? Buffer.concat(reader.chunks, reader.received) : reader.first === null ? Buffer.alloc(0) : reader.first;
	detach(reader);
	if (reader.inflater !== null) {
		// Consume whatever follows the compressed data so the request can finish (as body-parser).
		reader.req.resume();
	}
	reader.resource.runInAsyncScope(parseBody, null, reader, body);
}

/** `close` on the request before its end was read: the client went away. */
function onRequestClose(this: ReaderHost): void {
	const reader = this[kReader];
	if (reader === undefined || reader === null || reader.done) return;
	// When inflating, `req` may end and close before the inflater has flushed its output.
	if (this.readableEnded) return;
	stopReading(reader, requestError('VELOX_ERR_REQUEST_ABORTED', [], { expected: reader.length, length: reader.length, received: reader.received }));
}

/** A decompression error: corrupt data answers 400 with zlib's message, as in Express 4. */
function onStreamError(this: ReaderHost, err: Error): void {
	const reader = this[kReader];
	if (reader === undefined || reader === null || reader.done) return;
	stopReading(reader, httpErrorFrom('VELOX_ERR_INFLATE_FAILED', err));
}

function ignoreError(): void {}

/** Removes every listener the reader added and lets go of the buffered chunks. */
function detach(reader: BodyReader): void {
	reader.done = true;
	reader.first = null;
	reader.chunks = null;
	const req = reader.req;
	const inflater = reader.inflater;
	req.removeListener('close', onRequestClose);
	req[kReader] = null;
	if (inflater === null) {
		req.removeListener('data', onData);
		req.removeListener('end', onEnd);
	} else {
		inflater.removeListener('data', onData);
		inflater.removeListener('end', onEnd);
		inflater.removeListener('error', onStreamError);
		inflater[kReader] = null;
		req.unpipe(inflater);
		// A late zlib error on a destroyed inflater must not become an uncaught exception.
		inflater.on('error', ignoreError);
		inflater.destroy();
	}
}

function stopReading(reader: BodyReader, err: HttpError): void {
	// Raw bytes read so far: known when reading `req` directly, not through an inflater.
	const consumed = reader.inflater === null ? reader.received : 0;
	detach(reader);
	reader.req.pause();
	reader.resource.runInAsyncScope(failRequest, null, reader.req, reader.res, reader.next, err, reader.config.limit, consumed);
}

/**
 * Passes a read error on once the unread rest of the body is out of the way, as body-parser
 * does: the rest is read and discarded first, so the answer comes after the request and the
 * keep-alive connection carries the next one. Beyond Express 4, which reads any remainder:
 * the discarding is bounded (see discard.ts); past the bounds the error goes on at once, the
 * answer is marked `Connection: close`, and the connection is closed after a lingering close.
 * `consumed` is how many bytes of a declared Content-Length were already read.
 */
export function failRequest(req: BodyRequest, res: ServerResponse, next: Next, err: HttpError, limit: number, consumed = 0): void {
	if (onFinished.isFinished(req)) {
		next(err);
		return;
	}
	// Express 4 compatibility: the error reaches `next` in the async context of the parser call.
	discardBody(
		req,
		res,
		limit,
		consumed,
		AsyncResource.bind(function afterDiscard() {
			next(err);
		}),
	);
}

/** Verifies, decodes and parses a complete body, then moves on (body-parser's read callback). */
function parseBody(reader: BodyReader, body: Buffer): void {
	const { req, next, config, encoding } = reader;
	if (config.verify !== null) {
		try {
			config.verify(req, reader.res, body, encoding);
		} catch (thrown) {
			next(httpErrorFrom('VELOX_ERR_ENTITY_VERIFY_FAILED', thrown, { body }));
			return;
		}
	}
	let text: string | Buffer = body;
	try {
		if (encoding !== null) text = decode(body, encoding);
		req.body = config.parse === null ? text : config.parse(text as string, encoding);
	} catch (thrown) {
		next(httpErrorFrom('VELOX_ERR_ENTITY_PARSE_FAILED', thrown, { body: text }));
		return;
	}
	next();
}

/**
 * Decodes a body to text as iconv-lite does (a leading byte order mark is dropped).
 * Hot path: UTF-8 goes straight to `Buffer#toString`, which decodes like iconv-lite's UTF-8
 * (node's own decoder) without its stream wrapper.
 */
function decode(body: Buffer, encoding: string): string {
	if (isUtf8(encoding)) {
		const text = body.toString('utf8');
		return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	}
	return charsetCodec().decode(body, encoding);
}
