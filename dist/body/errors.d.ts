import { ErrorCode, HttpError } from '../errors';
/**
 * Gives a thrown value the HTTP status of catalog entry `entry` the way http-errors'
 * `createError(status, err, props)` does, since body-parser passes on the very error that `verify`, `JSON.parse` or zlib threw
 * (Express 4 compatibility: users read `err.name`, `err.code` and the original stack):
 * an Error keeps its identity and its own `status`/`statusCode` wins over `status`; a string
 * becomes the message of a new error (the message is the thrower's, not the catalog's);
 * `props` are copied onto the result.
 */
export declare function toHttpError(entry: ErrorCode, thrown: unknown, props?: Record<string, unknown>): HttpError;
/** `err.type` when the thrown error has one, else the catalog type of `code` (body-parser keeps a thrown error's own type). */
export declare function typeOf(thrown: unknown, code: ErrorCode): unknown;
