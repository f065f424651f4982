export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string;
export type QueryParserFunction = (query: string) => Record<string, unknown>;
export type TrustFunction = (address: string, hop: number) => boolean;
/** Strong ETag of a body, as Express's `utils.etag`. */
export declare const strongETag: ETagFunction;
/** Weak ETag of a body, as Express's `utils.wetag`. */
export declare const weakETag: ETagFunction;
/**
 * The ETag of a UTF-8 string body of `byteLength` bytes when `fn` is one of
 * Velox's own generators (no Buffer is made), or `undefined` for a custom
 * `etag fn` (which gets a Buffer, as in Express).
 */
export declare function builtInETagOfString(fn: unknown, body: string, byteLength: number): string | undefined;
/** Whether `fn` is one of Velox's own generators (they accept strings directly). */
export declare function isBuiltInETag(fn: unknown): boolean;
/** Compiles the `etag` setting; `undefined` means no ETag. */
export declare function compileETag(value: unknown): ETagFunction | undefined;
/** The `extended` parser: qs with Express 4's options. */
export declare function parseExtendedQueryString(query: string): Record<string, unknown>;
/**
 * What parses the query string when the `query parser fn` setting is absent (deleted from
 * `app.settings`): Express 4 then builds its `query` middleware without a parser, which is qs
 * with `allowPrototypes` and qs's own defaults otherwise (so not quite `extended`: arrayLimit 20).
 */
export declare function parseQueryStringWithoutSetting(query: string): Record<string, unknown>;
/** Compiles the `query parser` setting. */
export declare function compileQueryParser(value: unknown): QueryParserFunction;
/** Compiles the `trust proxy` setting (Boolean, hop count, address list, function). */
export declare function compileTrust(value: unknown): TrustFunction;
