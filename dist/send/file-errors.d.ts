/**
 * Errors of the file-sending engine, shaped as send 0.19 shapes them with
 * http-errors: a status alone gives a fresh `HttpError` (`expose: true` for
 * 4xx); a file system error keeps its identity (`code`, `errno`, `syscall`,
 * `path`) and gains `status`/`statusCode` with `expose: false`, so that its
 * message, which names a server path, is never shown to the client.
 */
import { HttpError } from '../errors';
export declare function httpError(status: number, props?: Record<string, unknown>): HttpError;
/** An Error (fs or other) turned into an HttpError in place, hidden from clients. */
export declare function wrapError(status: number, err: Error): HttpError;
/** send's onStatError: a missing file is 404, anything else is 500. */
export declare function fileSystemError(err: NodeJS.ErrnoException): HttpError;
