/**
 * Option handling shared by the four body parsers, done once when the
 * middleware is created: limit, verify, the Content-Type matcher, charsets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import bytes from 'bytes';
import contentType from 'content-type';
import typeis from 'type-is';
import type { BodyParserOptions } from './types';

/** The body limit used when `limit` is absent: 100kb, as Express 4. */
const DEFAULT_LIMIT = 102400;

export type VerifyFunction = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void;

/** Decides from the request whether a parser takes it. */
export type TypeChecker = (req: IncomingMessage) => unknown;

/** `limit` as bytes; throws Express's TypeError for a value bytes cannot parse. */
export function compileLimit(limit: BodyParserOptions['limit']): number {
	if (limit === undefined || limit === null) return DEFAULT_LIMIT;
	const parsed = bytes.parse(limit);
	if (parsed === null || Number.isNaN(parsed)) throw new TypeError('option limit "' + String(limit) + '" is invalid');
	return parsed;
}

/** `verify` or `null`; throws Express's TypeError when it is given but not a function. */
export function compileVerify(verify: unknown): VerifyFunction | null {
	if (!verify) return null;
	if (typeof verify !== 'function') throw new TypeError('option verify must be function');
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
		return header !== undefined && Boolean(typeis.is(header, types));
	};
}

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
	return /^[a-z0-9][a-z0-9!#$&^_.-]*\/[a-z0-9][a-z0-9!#$&^_.-]*$/.test(chosen) ? chosen : null;
}

/**
 * The lowercase `charset` parameter of a Content-Type, `''` when it names none and
 * `undefined` when the header cannot be parsed (body-parser's `getCharset`).
 */
export function charsetOf(header: string | undefined): string | undefined {
	if (header === undefined) return undefined;
	// Hot path: no parameters means no charset; content-type's parser would only confirm it.
	if (header.indexOf(';') === -1) return '';
	try {
		const charset = contentType.parse(header).parameters.charset;
		return charset === undefined ? '' : charset.toLowerCase();
	} catch {
		return undefined;
	}
}

/**
 * Whether the request has a body: a Transfer-Encoding, or a Content-Length that is a number
 * (type-is 1.6's `hasBody`, so `Content-Length: 0` counts as a body, as in Express 4).
 */
export function hasBody(req: IncomingMessage): boolean {
	return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}
