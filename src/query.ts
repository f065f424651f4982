/**
 * `velox.query(options)`: Express 4's exported query middleware (qs with
 * `allowPrototypes` for back-compat, or a custom parser function).
 */
import type { ServerResponse } from 'node:http';
import type qs from 'qs';
import { loadQs } from './lazy';
import type { RequestView } from './model';
import { queryStringOf } from './url';

type QueryRequest = RequestView<'query'>;

/**
 * Parses the query string into `req.query` unless something already did.
 *
 * @example
 * router.use(velox.query({ depth: 2 }));
 */
/** qs parse options (see the qs documentation), or a parser function of the query string. */
export type QueryOptions = Record<string, unknown> | ((str: string) => unknown);

export function query(options?: QueryOptions) {
	let parse = loadQs().parse as (str: string, opts?: qs.IParseOptions) => unknown;
	let opts: qs.IParseOptions | undefined = Object.assign({}, options) as qs.IParseOptions;
	if (typeof options === 'function') {
		parse = options as (str: string) => unknown;
		opts = undefined;
	}
	if (opts !== undefined && opts.allowPrototypes === undefined) opts.allowPrototypes = true;
	return function query(req: QueryRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
		if (!req.query) req.query = parse(queryStringOf(req.url) as string, opts);
		next();
	};
}
