/**
 * Option handling shared by the four body parsers, done once when the
 * middleware is created: limit, verify, the Content-Type matcher, charsets.
 */
import type { IncomingMessage } from 'http';
import bytes from 'bytes';
import { veloxError } from '../errors';
import { linePolicy } from '../lines';
import type { ReadConfig, VerifyFunction } from './read';
import type { BodyParserOptions, BodyRequest } from './types';

// Loaded when a request's type is not the configured one spelled exactly (docs/design.md, "Startup: deferred modules").

const { skipsRequest, charsetParameter } = linePolicy().body;
// type-is of the line (lines/), loaded with its first use.
const { typeIs: loadTypeIs } = linePolicy().request;

/** The body limit used when `limit` is absent: 100kb, as Express 4. */
const DEFAULT_LIMIT = 102400;

/** Decides from the request whether a parser takes it. */
export type TypeChecker = (req: IncomingMessage) => unknown;

/** `limit` as bytes; throws Express's TypeError for a value bytes cannot parse. */
export function compileLimit(limit: BodyParserOptions['limit']): number {
	if (limit === undefined || limit === null) return DEFAULT_LIMIT;
	const parsed = bytes.parse(limit);
	if (parsed === null || Number.isNaN(parsed)) throw veloxError('VELOX_ERR_OPTION_LIMIT', limit);
	return parsed;
}

/** `verify` or `null`; throws Express's TypeError when it is given but not a function. */
export function compileVerify(verify: unknown): VerifyFunction | null {
	if (!verify) return null;
	if (typeof verify !== 'function') throw veloxError('VELOX_ERR_OPTION_VERIFY');
	return verify as VerifyFunction;
}

/**
 * The Content-Type matcher for a `type` option: a function is used as given, strings go to
 * type-is exactly as body-parser passes them (so `[]` matches any type, as in Express 4).
 */
export function compileTypeChecker(type: BodyParserOptions['type'], fallback: string): TypeChecker {
	const chosen = type || fallback;
	if (typeof chosen === 'function') return chosen;
	const types = Array.isArray(chosen) ? chosen : [chosen];
	return function checkType(req: IncomingMessage): boolean {
		const header = req.headers['content-type'];
		return header !== undefined && Boolean(loadTypeIs().is(header, types));
	};
}

/** A lowercase `type/subtype` without parameters, wildcard or suffix. */
const PLAIN_TYPE = /^[a-z0-9][a-z0-9!#$&^_.-]*\/[a-z0-9][a-z0-9!#$&^_.-]*$/;

/**
 * The header value that is known to match without asking type-is, or `null`.
 * Hot path: nearly every JSON request carries exactly `application/json`, so comparing the
 * raw header to the configured type skips media-type parsing; any other spelling (case,
 * parameters, wildcards) still goes through type-is, so the answer never differs.
 */
export function exactTypeOf(type: BodyParserOptions['type'], fallback: string): string | null {
	const chosen = type || fallback;
	if (typeof chosen !== 'string') return null;
	// Only a plain lowercase `type/subtype` is guaranteed to be matched by itself.
	return PLAIN_TYPE.test(chosen) ? chosen : null;
}

/**
 * The lowercase `charset` parameter of a Content-Type (body-parser's `getCharset`, as the line's
 * content-type reads it): `''` when it names none or cannot be parsed, `undefined` without a header.
 */
export function charsetOf(header: string | undefined): string | undefined {
	if (header === undefined) return undefined;
	// Hot path: no parameters means no charset; content-type's parser would only confirm it.
	if (header.indexOf(';') === -1) return '';
	const charset = charsetParameter(header);
	return charset === undefined ? '' : charset.toLowerCase();
}

/**
 * Whether the request has a body: a Transfer-Encoding, or a Content-Length that is a number
 * (type-is 1.6's `hasBody`, so `Content-Length: 0` counts as a body, as in Express 4).
 */
export function hasBody(req: IncomingMessage): boolean {
	return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/** Which requests a parser reads, compiled from its `type` option once. */
export interface TypeMatcher {
	/** The configured type when it is a plain `type/subtype` (matched by string comparison). */
	readonly exactType: string | null;
	/** `exactType` with `; charset=utf-8`, what many clients send. */
	readonly exactTypeUtf8: string | null;
	readonly shouldParse: TypeChecker;
}

export function compileTypeMatcher(type: BodyParserOptions['type'], fallback: string): TypeMatcher {
	const exactType = exactTypeOf(type, fallback);
	const checker = compileTypeChecker(type, fallback);
	// Another plain `type/subtype` than the exact one (a form body at the JSON parser): type-is
	// would compare the two as they are (no wildcard, suffix or parameter on either side) and say
	// no; not asked, it is not loaded for the parsers a request passes on its way to its own. Here,
	// not in `claimsRequest`, which every request through a parser runs.
	const shouldParse =
		exactType === null
			? checker
			: function checkOtherType(req: IncomingMessage): boolean {
					const header = req.headers['content-type'];
					return !(header !== undefined && PLAIN_TYPE.test(header)) && Boolean(checker(req));
				};
	return { exactType, exactTypeUtf8: exactType === null ? null : exactType + '; charset=utf-8', shouldParse };
}

/**
 * The prologue all four parsers share, as body-parser has it: leave a body that
 * was read already and set `req.body`'s default (the line's `skipsRequest`),
 * skip requests without a body or of another type. True when this parser reads it.
 */
export function claimsRequest(request: BodyRequest, matcher: TypeMatcher): boolean {
	if (skipsRequest(request)) return false;
	if (!hasBody(request)) return false;
	const header = request.headers['content-type'];
	// Hot path: the exact configured type needs no media-type parsing (see exactTypeOf).
	if (header !== undefined && (header === matcher.exactType || header === matcher.exactTypeUtf8)) return true;
	return Boolean(matcher.shouldParse(request));
}

/** The request's charset for a claimed request: the exact types need no parsing. */
export function requestCharset(request: BodyRequest, matcher: TypeMatcher): string | undefined {
	const header = request.headers['content-type'];
	if (header === matcher.exactTypeUtf8) return 'utf-8';
	if (header === matcher.exactType) return '';
	return charsetOf(header);
}

/** The reader settings every parser compiles from its options the same way. */
export function compileReadConfig(opts: BodyParserOptions, parse: ReadConfig['parse']): ReadConfig {
	return { limit: compileLimit(opts.limit), inflate: opts.inflate !== false, verify: compileVerify(opts.verify), parse };
}
