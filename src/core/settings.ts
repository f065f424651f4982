/**
 * Settings compiled once, when they are set, into the functions the request
 * path calls (`etag fn`, `query parser fn`, `trust proxy fn`), exactly as
 * Express 4 compiles them — never re-interpreted per request.
 */
import querystring from 'querystring';
import type EtagModule from 'etag';
import type ProxyAddrModule from 'proxy-addr';
import type * as QsModule from 'qs';
import { veloxError } from './errors';
import { onFirstUse } from './base/utils';
import { linePolicy } from './lines';

// Loaded with their first use, not at startup (docs/design.md, "Startup: deferred modules").
const loadCrypto = onFirstUse(() => require('crypto') as typeof import('crypto'));
const loadEtag = onFirstUse(() => require('etag') as typeof EtagModule);
const loadProxyAddr = onFirstUse(() => require('proxy-addr') as typeof ProxyAddrModule);
const loadQs = onFirstUse(() => require('qs') as typeof QsModule);

export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string;
export type QueryParserFunction = (query: string) => Record<string, unknown>;
export type TrustFunction = (address: string, hop: number) => boolean;

type OneShotHash = (algorithm: string, data: string | Buffer, outputEncoding: 'base64') => string;
// Node ≥ 20.12's one-shot `crypto.hash` gives the etag package's bytes without its createHash chain
// and hashes a string as is; node:crypto loads with the first generator (docs/design.md, "ETag").
// One remembered body per generator, compared with `===`: a constant body skips the hash, a varying
// one pays one compare (a Map memo cost more than hashing). Bounded: longer bodies are not kept.
const MEMO_MAX_LENGTH = 2048;

interface ETagGenerator {
	/** The ETag of any body (Express's `etag fn` signature). */
	ofBody: ETagFunction;
	/** The ETag of a string body whose UTF-8 byte length is already known (the `res.send` path). */
	ofString: (body: string, byteLength: number) => string;
}

function createETagGenerator(weak: boolean): ETagGenerator {
	const oneShotHash = (loadCrypto() as { hash?: OneShotHash }).hash;
	const createETag = loadEtag();
	const prefix = weak ? 'W/"' : '"';
	let lastBody: string | undefined;
	let lastETag = '';
	// The `etag` package's format: length in hex, then 27 characters of base64 SHA-1.
	const format = (length: number, data: string | Buffer): string =>
		prefix + length.toString(16) + '-' + (oneShotHash as OneShotHash)('sha1', data, 'base64').substring(0, 27) + '"';
	const hashBuffer =
		typeof oneShotHash === 'function' ? (buffer: Buffer): string => format(buffer.length, buffer) : (buffer: Buffer): string => createETag(buffer, { weak });
	const ofString =
		typeof oneShotHash === 'function'
			? (body: string, byteLength: number): string => {
					if (body === lastBody) return lastETag;
					const etag = format(byteLength, body);
					if (body.length <= MEMO_MAX_LENGTH) {
						lastBody = body;
						lastETag = etag;
					}
					return etag;
				}
			: (body: string): string => createETag(Buffer.from(body, 'utf8'), { weak });
	const ofBody = function generateETag(body: string | Buffer, encoding?: BufferEncoding): string {
		if (Buffer.isBuffer(body)) return hashBuffer(body);
		if (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') return hashBuffer(Buffer.from(body, encoding));
		return ofString(body, Buffer.byteLength(body, 'utf8'));
	};
	return { ofBody, ofString };
}

// Made with the first ETag (node:crypto with them): one `undefined` check per response.
let weakGenerator: ETagGenerator | undefined;
let strongGenerator: ETagGenerator | undefined;

function weakOnes(): ETagGenerator {
	if (weakGenerator === undefined) weakGenerator = createETagGenerator(true);
	return weakGenerator;
}

function strongOnes(): ETagGenerator {
	if (strongGenerator === undefined) strongGenerator = createETagGenerator(false);
	return strongGenerator;
}

/** Strong ETag of a body, as Express's `utils.etag`. */
export const strongETag: ETagFunction = function generateETag(body: string | Buffer, encoding?: BufferEncoding): string {
	return strongOnes().ofBody(body, encoding);
};
/** Weak ETag of a body, as Express's `utils.wetag`. */
export const weakETag: ETagFunction = function generateETag(body: string | Buffer, encoding?: BufferEncoding): string {
	return weakOnes().ofBody(body, encoding);
};

/**
 * The ETag of a UTF-8 string body of `byteLength` bytes when `fn` is one of
 * Velox's own generators (no Buffer is made), or `undefined` for a custom
 * `etag fn` (which gets a Buffer, as in Express).
 */
export function builtInETagOfString(fn: unknown, body: string, byteLength: number): string | undefined {
	if (fn === weakETag) return (weakGenerator ?? weakOnes()).ofString(body, byteLength);
	if (fn === strongETag) return (strongGenerator ?? strongOnes()).ofString(body, byteLength);
	return undefined;
}

/**
 * Before `app.listen` answers: makes the generator of `fn` when it is one of Velox's own (node:crypto
 * with it), which an app's first `res.send` would otherwise load on its way.
 */
export function preloadETag(fn: unknown): void {
	if (fn === weakETag) weakOnes();
	else if (fn === strongETag) strongOnes();
}

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
			throw veloxError('VELOX_ERR_ETAG_SETTING', value);
	}
}

const { queryParsingOff, extendedQueryOptions } = linePolicy().application;

/** The `extended` parser: qs with the line's options (lines/: Express 4 raises `arrayLimit` to 1000). */
export function parseExtendedQueryString(query: string): Record<string, unknown> {
	return loadQs().parse(query, extendedQueryOptions);
}

/**
 * What parses the query string when the `query parser fn` setting is absent (deleted from
 * `app.settings`): Express 4 then builds its `query` middleware without a parser, which is qs
 * with `allowPrototypes` and qs's own defaults otherwise (so not quite `extended`: arrayLimit 20).
 */
export function parseQueryStringWithoutSetting(query: string): Record<string, unknown> {
	return loadQs().parse(query, { allowPrototypes: true });
}

/** Loads what `parser` will need for a query string with brackets (qs, for Velox's own extended parsers). */
export function preloadQueryParser(parser: unknown): void {
	if (parser === parseExtendedQueryString || parser === parseQueryStringWithoutSetting) loadQs();
}

/** Compiles the `query parser` setting. */
export function compileQueryParser(value: unknown): QueryParserFunction | undefined {
	if (typeof value === 'function') return value as QueryParserFunction;
	switch (value) {
		case true:
		case 'simple':
			return querystring.parse as QueryParserFunction;
		case false:
			return queryParsingOff;
		case 'extended':
			return parseExtendedQueryString;
		default:
			throw veloxError('VELOX_ERR_QUERY_PARSER_SETTING', value);
	}
}

function trustNone(): boolean {
	return false;
}

/** Compiles the `trust proxy` setting (Boolean, hop count, address list, function). */
export function compileTrust(value: unknown): TrustFunction {
	if (typeof value === 'function') return value as TrustFunction;
	if (value === true) return () => true;
	if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
	let list = value;
	if (typeof list === 'string') list = list.split(',').map((item) => item.trim());
	// What proxy-addr compiles an empty list to, without loading it at `velox()` for the default (false).
	if (!list || (Array.isArray(list) && list.length === 0)) return trustNone;
	return loadProxyAddr().compile(list as string[]);
}
