/**
 * `res.format`: content negotiation over `Accept` with Express 4's rules.
 */
import { linePolicy } from '../lines';
import { requestError } from '../errors';
import type { FormatCallback, VeloxResponse } from '../types/model';
import type { Next } from '../router/types';

// The line's mime table (mime 1 or mime-types 3), loaded with its first use.
const { typeOfExtension, typeParameters } = linePolicy().response;

/**
 * Runs the callback of the best type for `Accept` (the first when `Accept`
 * is absent), setting Content-Type and `Vary: Accept`; with no match it runs
 * `default`, or passes a 406 error to `next`.
 *
 * @example
 * res.format({ text: () => res.send('hey'), json: () => res.send({ message: 'hey' }) });
 */
export function format(this: VeloxResponse, object: Record<string, FormatCallback>): VeloxResponse {
	const req = this.req;
	const next = req.next;
	const keys = Object.keys(object).filter((key) => key !== 'default');
	// Given a list, `accepts` answers one of it or false.
	const key = keys.length > 0 ? (req.accepts(keys) as string | false) : false;

	this.vary('Accept');

	if (key) {
		this.set('Content-Type', normalizeType(key).value);
		object[key](req, this, next);
	} else if (object.default) {
		object.default(req, this, next);
	} else {
		(next as Next)(requestError('VELOX_ERR_NOT_ACCEPTABLE', [], { types: keys.map((name) => normalizeType(name).value) }));
	}
	return this;
}

/** Express's `utils.normalizeType`: a MIME type with its parameters (as the line reads them), or an extension looked up. */
export function normalizeType(type: string): { value: string; quality?: number; params: Record<string, string | undefined> } {
	if (type.indexOf('/') === -1) return { value: typeOfExtension(type), params: {} };
	return typeParameters(type);
}
