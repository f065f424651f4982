/**
 * `require('express/lib/utils')`: Express 4's utilities, backed by the
 * functions Velox itself uses where it has them (`etag`, `wetag`,
 * `compileETag`, `compileQueryParser`, `compileTrust`, `normalizeType`).
 * Results match express@4's for the same input (pinned by a differential test). Express 5's
 * (Velox 5) has `methods` and not `isAbsolute`, `flatten` or `contentDisposition`: the line's
 * `removed.utils` row takes away what the line does not have.
 */
import { METHODS } from 'http';
import contentDispositionHeader from 'content-disposition';
import depd from 'depd';
import { normalizeType } from './core/response/format';
import { compileETag, compileQueryParser, compileTrust, strongETag, weakETag } from './core/settings';
import { flatten as flattenArray } from './core/base/utils';
import { linePolicy } from './core/lines';

const deprecate = depd('express');

export { compileETag, compileQueryParser, compileTrust, normalizeType };

/** Strong ETag of a body. */
export const etag = strongETag;
/** Weak ETag of a body. */
export const wetag = weakETag;

/** POSIX, Windows drive (`C:\`) and UNC (`\\host`) paths; `undefined` (not `false`) otherwise, as Express. */
export function isAbsolute(path: string): true | undefined {
	if (path[0] === '/') return true;
	if (path[1] === ':' && (path[2] === '\\' || path[2] === '/')) return true;
	if (path.substring(0, 2) === '\\\\') return true;
	return undefined;
}

export const flatten = deprecate.function(function flatten(values: readonly unknown[]): unknown[] {
	return flattenArray(values);
}, 'utils.flatten: use array-flatten npm module instead');

export function normalizeTypes(types: readonly string[]): ReturnType<typeof normalizeType>[] {
	const result: ReturnType<typeof normalizeType>[] = [];
	for (let i = 0; i < types.length; ++i) result.push(normalizeType(types[i]));
	return result;
}

export const contentDisposition = deprecate.function(contentDispositionHeader, 'utils.contentDisposition: use content-disposition npm module instead');

/** Sets the `charset` parameter of a Content-Type (content-type 1 on Express 4, 2 on Express 5: the line's row). */
export const setCharset: (type: string, charset: string) => string = linePolicy().response.setCharset;

/** Node's HTTP methods in lower case (Express 5). */
export const methods: string[] = METHODS.map((method) => method.toLowerCase());

// What the line does not have (lines/): these are plain properties of this module's exports.
for (const name of linePolicy().removed.utils) delete (module.exports as Record<string, unknown>)[name];
