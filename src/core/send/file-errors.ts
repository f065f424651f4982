/**
 * Errors of the file-sending engine, shaped as send 0.19 shapes them with
 * http-errors: a status alone gives a fresh `HttpError` (`expose: true` for
 * 4xx); an Error (a file system error, or one of the engine's own) keeps its
 * identity (`code`, `errno`, `syscall`, `path`) and gains `expose: false`,
 * `statusCode` and `status`, so that its message, which names a server path,
 * is never shown to the client.
 */
import { type ErrorCode, type HttpError, httpErrorFrom, requestError, veloxError } from '../errors';

const HIDDEN = { expose: false };

/** send's `createError(status, props)`. */
export function httpError(status: number, props?: Record<string, unknown>): HttpError {
	return requestError('VELOX_ERR_FILE_STATUS', [], props, status);
}

/** send's `createError(status, err, { expose: false })` on a value thrown by `code`'s source. */
export function hiddenError(code: ErrorCode, thrown: unknown, status: number): HttpError {
	return httpErrorFrom(code, thrown, HIDDEN, status);
}

/** One of the engine's own errors, passed on as send passes its `new Error(…)`: a hidden 500. */
export function engineError(code: 'VELOX_ERR_HEADERS_SENT' | 'VELOX_ERR_FILE_CHANGED', ...args: unknown[]): HttpError {
	return hiddenError(code, veloxError(code, ...args), 500);
}

/** send's onStatError: a missing file is 404, anything else is 500. */
export function fileSystemError(err: NodeJS.ErrnoException): HttpError {
	switch (err.code) {
		case 'ENAMETOOLONG':
		case 'ENOENT':
		case 'ENOTDIR':
			return hiddenError('VELOX_ERR_FILE_SYSTEM', err, 404);
		default:
			return hiddenError('VELOX_ERR_FILE_SYSTEM', err, 500);
	}
}
