import type { ServerResponse } from 'node:http';
import { HttpError } from '../errors';
import type { VerifyFunction } from './options';
import type { BodyRequest } from './types';
import type { Next } from '../router/layer';
/** What a parser instance fixes at creation time. */
export interface ReadConfig {
    readonly limit: number;
    readonly inflate: boolean;
    readonly verify: VerifyFunction | null;
    /** Turns the decoded text into `req.body`; `null` stores the decoded value (string or Buffer) as is. */
    readonly parse: ((text: string) => unknown) | null;
}
/** 415 `charset.unsupported`, as body-parser words it. */
export declare function unsupportedCharset(encoding: string): HttpError;
/**
 * Reads the body of `req` and sets `req.body` to `config.parse` of it, then calls `next`;
 * on failure calls `next(err)` with body-parser's status, message and `type`.
 * `encoding` is the charset to decode with, or `null` for a Buffer.
 */
export declare function readBody(req: BodyRequest, res: ServerResponse, next: Next, config: ReadConfig, encoding: string | null): void;
/**
 * Passes a read error on once the unread rest of the body is out of the way, as body-parser
 * does: the rest is read and discarded first, so the answer comes after the request and the
 * keep-alive connection carries the next one. Beyond Express 4, which reads any remainder:
 * the discarding is bounded (see discard.ts); past the bounds the error goes on at once, the
 * answer is marked `Connection: close`, and the connection is closed after a lingering close.
 * `consumed` is how many bytes of a declared Content-Length were already read.
 */
export declare function failRequest(req: BodyRequest, res: ServerResponse, next: Next, err: HttpError, limit: number, consumed?: number): void;
