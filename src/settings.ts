/**
 * Settings compiled once, when they are set, into the functions the request
 * path calls (`etag fn`, `query parser fn`, `trust proxy fn`), exactly as
 * Express 4 compiles them — never re-interpreted per request.
 */
import crypto from 'node:crypto';
import querystring from 'node:querystring';
import createETag from 'etag';
import proxyaddr from 'proxy-addr';
import { loadQs } from './lazy';

export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string;
export type QueryParserFunction = (query: string) => Record<string, unknown>;
export type TrustFunction = (address: string, hop: number) => boolean;

type OneShotHash = (algorithm: string, data: Buffer, outputEncoding: 'base64') => string;
// Node ≥ 20.12 has a one-shot `crypto.hash`: measured ~2× faster than the
// createHash().update().digest() chain the `etag` package runs, for the small
// bodies `res.send` hashes on every response. Same bytes, same ETag.
const oneShotHash = (crypto as unknown as { hash?: OneShotHash }).hash;

// Repeated bodies (a constant `res.send('…')`, the same JSON for every
// request) are common: their ETag is remembered, keyed by the string itself,
// so hashing happens once. Bounded: short strings only, and the table is
// cleared when full. The ETag is a pure function of the bytes, so a
// remembered value is exactly the computed one.
const MEMO_MAX_LENGTH = 2048;
const MEMO_MAX_ENTRIES = 512;

function createETagGenerator(weak: boolean): ETagFunction {
	const prefix = weak ? 'W/"' : '"';
	const hashBuffer =
		typeof oneShotHash === 'function'
			? // The `etag` package's format: length in hex, then 27 characters of base64 SHA-1.
				(buffer: Buffer): string => prefix + buffer.length.toString(16) + '-' + oneShotHash('sha1', buffer, 'base64').substring(0, 27) + '"'
			: (buffer: Buffer): string => createETag(buffer, { weak });
	const memo = new Map<string, string>();
	return function generateETag(body: string | Buffer, encoding?: BufferEncoding): string {
		if (Buffer.isBuffer(body)) return hashBuffer(body);
		if (body.length > MEMO_MAX_LENGTH || (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8')) {
			return hashBuffer(Buffer.from(body, encoding));
		}
		let etag = memo.get(body);
		if (etag === undefined) {
			etag = hashBuffer(Buffer.from(body, 'utf8'));
			if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
			memo.set(body, etag);
		}
		return etag;
	};
}

/** Strong ETag of a body, as Express's `utils.etag`. */
export const strongETag: ETagFunction = createETagGenerator(false);
/** Weak ETag of a body, as Express's `utils.wetag`. */
export const weakETag: ETagFunction = createETagGenerator(true);

/** Whether `fn` is one of Velox's own generators (they accept strings directly). */
export function isBuiltInETag(fn: unknown): boolean {
	return fn === weakETag || fn === strongETag;
}

/** Compiles the `etag` setting; `undefined` means no ETag. */
export function compileETag(value: unknown): ETagFunction | undefined {
	if (typeof value === 'function') return value as ETagFunction;
	switch (value) {
		case true:
		case 'weak':
			return weakETag;
		case false:
			return undefined;
		case 'strong':
			return strongETag;
		default:
			throw new TypeError('unknown value for etag function: ' + String(value));
	}
}

function newObject(): Record<string, unknown> {
	return {};
}

/** The `extended` parser: qs with Express 4's options. */
export function parseExtendedQueryString(query: string): Record<string, unknown> {
	return loadQs().parse(query, { allowPrototypes: true, arrayLimit: 1000 });
}

/**
 * What parses the query string when the `query parser fn` setting is absent (deleted from
 * `app.settings`): Express 4 then builds its `query` middleware without a parser, which is qs
 * with `allowPrototypes` and qs's own defaults otherwise (so not quite `extended`: arrayLimit 20).
 */
export function parseQueryStringWithoutSetting(query: string): Record<string, unknown> {
	return loadQs().parse(query, { allowPrototypes: true });
}

/** Compiles the `query parser` setting. */
export function compileQueryParser(value: unknown): QueryParserFunction {
	if (typeof value === 'function') return value as QueryParserFunction;
	switch (value) {
		case true:
		case 'simple':
			return querystring.parse as QueryParserFunction;
		case false:
			return newObject;
		case 'extended':
			return parseExtendedQueryString;
		default:
			throw new TypeError('unknown value for query parser function: ' + String(value));
	}
}

/** Compiles the `trust proxy` setting (Boolean, hop count, address list, function). */
export function compileTrust(value: unknown): TrustFunction {
	if (typeof value === 'function') return value as TrustFunction;
	if (value === true) return () => true;
	if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
	let list = value;
	if (typeof list === 'string') list = list.split(',').map((item) => item.trim());
	return proxyaddr.compile((list || []) as string[]);
}
