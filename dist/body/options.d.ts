/**
 * Option handling shared by the four body parsers, done once when the
 * middleware is created: limit, verify, the Content-Type matcher, charsets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReadConfig } from './read';
import type { BodyParserOptions, BodyRequest } from './types';
export type VerifyFunction = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void;
/** Decides from the request whether a parser takes it. */
export type TypeChecker = (req: IncomingMessage) => unknown;
/** `limit` as bytes; throws Express's TypeError for a value bytes cannot parse. */
export declare function compileLimit(limit: BodyParserOptions['limit']): number;
/** `verify` or `null`; throws Express's TypeError when it is given but not a function. */
export declare function compileVerify(verify: unknown): VerifyFunction | null;
/**
 * The Content-Type matcher for a `type` option: a function is used as given, strings go to
 * type-is exactly as body-parser passes them (so `[]` matches any type, as in Express 4).
 */
export declare function compileTypeChecker(type: BodyParserOptions['type'], fallback: string): TypeChecker;
/**
 * The header value that is known to match without asking type-is, or `null`.
 * Hot path: nearly every JSON request carries exactly `application/json`, so comparing the
 * raw header to the configured type skips media-type parsing; any other spelling (case,
 * parameters, wildcards) still goes through type-is, so the answer never differs.
 */
export declare function exactTypeOf(type: BodyParserOptions['type'], fallback: string): string | null;
/**
 * The lowercase `charset` parameter of a Content-Type, `''` when it names none and
 * `undefined` when the header cannot be parsed (body-parser's `getCharset`).
 */
export declare function charsetOf(header: string | undefined): string | undefined;
/**
 * Whether the request has a body: a Transfer-Encoding, or a Content-Length that is a number
 * (type-is 1.6's `hasBody`, so `Content-Length: 0` counts as a body, as in Express 4).
 */
export declare function hasBody(req: IncomingMessage): boolean;
/** Which requests a parser reads, compiled from its `type` option once. */
export interface TypeMatcher {
    /** The configured type when it is a plain `type/subtype` (matched by string comparison). */
    readonly exactType: string | null;
    /** `exactType` with `; charset=utf-8`, what many clients send. */
    readonly exactTypeUtf8: string | null;
    readonly shouldParse: TypeChecker;
}
export declare function compileTypeMatcher(type: BodyParserOptions['type'], fallback: string): TypeMatcher;
/**
 * The prologue all four parsers share, as body-parser has it: leave a body an
 * earlier parser read, default `req.body` to `{}` (Express 4 compatibility),
 * skip requests without a body or of another type. True when this parser reads it.
 */
export declare function claimsRequest(request: BodyRequest, matcher: TypeMatcher): boolean;
/** The request's charset for a claimed request: the exact types need no parsing. */
export declare function requestCharset(request: BodyRequest, matcher: TypeMatcher): string | undefined;
/** The reader settings every parser compiles from its options the same way. */
export declare function compileReadConfig(opts: BodyParserOptions, parse: ReadConfig['parse']): ReadConfig;
