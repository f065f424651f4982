/**
 * The error catalog: every error Velox creates carries `status`, `statusCode`
 * and `expose` (true for 4xx), like the `http-errors` objects Express 4 users
 * match on, plus a `type` string where Express gives one (body parsing).
 */
import statuses from 'statuses';

export interface HttpError extends Error {
	status: number;
	statusCode: number;
	expose: boolean;
	type?: string;
	code?: string;
	headers?: Record<string, string>;
	[key: string]: unknown;
}

/** `BadRequestError`, `PayloadTooLargeError`, … as http-errors names them. */
function errorName(status: number): string {
	const message = statuses.message[status];
	if (message === undefined) return status >= 500 ? 'InternalServerError' : 'BadRequestError';
	const identifier = message
		.split(' ')
		.map((word) => word.slice(0, 1).toUpperCase() + word.slice(1))
		.join('')
		.replace(/[^ _0-9a-z]/gi, '');
	return identifier.endsWith('Error') ? identifier : identifier + 'Error';
}

/**
 * Creates an HTTP error.
 *
 * @example
 * throw createHttpError(400, 'request aborted', { type: 'request.aborted' });
 */
export function createHttpError(status: number, message?: string, props?: Record<string, unknown>): HttpError {
	const err = new Error(message ?? statuses.message[status] ?? String(status)) as HttpError;
	Object.defineProperty(err, 'name', { value: errorName(status), configurable: true, writable: true, enumerable: false });
	// Recompute the stack so it starts with the right name, as http-errors' classes do.
	Error.captureStackTrace(err, createHttpError);
	err.status = status;
	err.statusCode = status;
	err.expose = status < 500;
	if (props !== undefined) {
		for (const key of Object.keys(props)) {
			if (key !== 'status' && key !== 'statusCode') err[key] = props[key];
		}
	}
	return err;
}

/** Turns anything thrown or rejected into an Error (a rejection with no value included). */
export function toError(value: unknown): unknown {
	// As Express 5: a falsy rejection would read as "no error" to `next`.
	return value || new Error('Rejected promise');
}
