/**
 * Error helpers of the body parsers: wrapping an error thrown by user code,
 * `JSON.parse`, qs or zlib the way Express 4's body-parser does.
 */
import statuses from 'statuses';
import { createHttpError, type ErrorCode, type ErrorEntry, errorCatalog, type HttpError } from '../errors';

/** A thrown value that may carry http-errors style fields. */
interface ErrorLike extends Error {
	status?: unknown;
	statusCode?: unknown;
	expose?: unknown;
	type?: unknown;
	[key: string]: unknown;
}

/**
 * Gives a thrown value the HTTP status of catalog entry `entry` the way http-errors'
 * `createError(status, err, props)` does, since body-parser passes on the very error that `verify`, `JSON.parse` or zlib threw
 * (Express 4 compatibility: users read `err.name`, `err.code` and the original stack):
 * an Error keeps its identity and its own `status`/`statusCode` wins over `status`; a string
 * becomes the message of a new error (the message is the thrower's, not the catalog's);
 * `props` are copied onto the result.
 */
export function toHttpError(entry: ErrorCode, thrown: unknown, props?: Record<string, unknown>): HttpError {
	const spec: ErrorEntry = errorCatalog[entry];
	const status = spec.status ?? 500;
	if (!(thrown instanceof Error)) {
		return createHttpError(status, typeof thrown === 'string' ? thrown : undefined, props);
	}
	const err = thrown as ErrorLike;
	let code: unknown = err.status || err.statusCode || status;
	if (typeof code !== 'number' || (statuses.message[code] === undefined && (code < 400 || code >= 600))) code = 500;
	const finalStatus = code as number;
	// http-errors leaves `expose` alone only on its own error objects of the same status;
	// an error that already carries a matching status and a boolean `expose` is treated alike.
	if (!(err.status === finalStatus && err.statusCode === finalStatus && typeof err.expose === 'boolean')) {
		err.expose = finalStatus < 500;
		err.status = finalStatus;
		err.statusCode = finalStatus;
	}
	if (props !== undefined) {
		for (const key of Object.keys(props)) {
			if (key !== 'status' && key !== 'statusCode') err[key] = props[key];
		}
	}
	return err as HttpError;
}

/** `err.type` when the thrown error has one, else the catalog type of `code` (body-parser keeps a thrown error's own type). */
export function typeOf(thrown: unknown, code: ErrorCode): unknown {
	if (thrown instanceof Error) {
		const type = (thrown as ErrorLike).type;
		if (type) return type;
	}
	const spec: ErrorEntry = errorCatalog[code];
	return spec.type;
}
