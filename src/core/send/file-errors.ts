/**
 * Errors of the file-sending engine, shaped as send 0.19 shapes them with
 * http-errors: a status alone gives a fresh `HttpError` (`expose: true` for
 * 4xx); a file system error keeps its identity (`code`, `errno`, `syscall`,
 * `path`) and gains `status`/`statusCode` with `expose: false`, so that its
 * message, which names a server path, is never shown to the client.
 */
import { type HttpError, requestError } from '../errors';

export function httpError(status: number, props?: Record<string, unknown>): HttpError {
	return requestError('VELOX_ERR_FILE_STATUS', [], props, status);
}

/** An Error (fs or other) turned into an HttpError in place, hidden from clients. */
export function wrapError(status: number, err: Error): HttpError {
	const wrapped = err as HttpError;
	// As http-errors when given an Error: a status already on it wins.
	const existing = typeof wrapped.status === 'number' ? wrapped.status : wrapped.statusCode;
	const code = typeof existing === 'number' && existing >= 400 && existing < 600 ? existing : status;
	wrapped.status = code;
	wrapped.statusCode = code;
	wrapped.expose = false;
	return wrapped;
}

/** send's onStatError: a missing file is 404, anything else is 500. */
export function fileSystemError(err: NodeJS.ErrnoException): HttpError {
	switch (err.code) {
		case 'ENAMETOOLONG':
		case 'ENOENT':
		case 'ENOTDIR':
			return wrapError(404, err);
		default:
			return wrapError(500, err);
	}
}
