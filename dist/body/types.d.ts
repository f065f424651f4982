/**
 * Types shared by the body parsers. They are typed against node's own request
 * and response so the parsers do not depend on the core, and stay assignable
 * wherever an Express request handler is expected.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestView } from '../model';
/** The request fields the body parsers read and write (declared in model.ts; `_body` is set by every parser that took the request, as body-parser does: later parsers skip it). */
export type BodyRequest = RequestView<'body' | '_body'>;
/** A body-parsing middleware. */
export type BodyParserMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
/** Options common to `json`, `raw`, `text` and `urlencoded`. */
export interface BodyParserOptions {
    /** Inflate gzip, deflate and br bodies; `false` rejects them with 415. Default `true`. */
    inflate?: boolean | undefined;
    /** Maximum body size: a number of bytes or a string such as `'1mb'`. Default `'100kb'`. */
    limit?: number | string | null | undefined;
    /** Media type(s) to parse (type-is syntax), or a function that decides from the request. */
    type?: string | string[] | ((req: IncomingMessage) => unknown) | undefined;
    /**
     * Called with the raw body before parsing; throwing aborts with 403 (or the thrown error's status).
     * Method syntax on purpose: it keeps a verify typed with Express's `Request` assignable.
     */
    verify?(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void;
}
export interface JsonOptions extends BodyParserOptions {
    /** Second argument of `JSON.parse`. */
    reviver?: ((this: unknown, key: string, value: unknown) => unknown) | undefined;
    /** Accept only objects and arrays (the first non-space character is `{` or `[`). Default `true`. */
    strict?: boolean | undefined;
}
export type RawOptions = BodyParserOptions;
export interface TextOptions extends BodyParserOptions {
    /** Charset used when the Content-Type names none. Default `'utf-8'`. */
    defaultCharset?: string | undefined;
}
export interface UrlencodedOptions extends BodyParserOptions {
    /** `true` (default, with a deprecation warning when omitted): qs; `false`: node's querystring. */
    extended?: boolean | undefined;
    /** Maximum number of parameters; more gives 413 `parameters.too.many`. Default 1000. */
    parameterLimit?: number | undefined;
    /** Maximum nesting depth of extended keys; deeper gives 400. Default 32. */
    depth?: number | undefined;
}
