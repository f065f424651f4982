/**
 * `require('velox/lib/middleware/query')` (Express 4's path): the query middleware, also
 * `velox.query`. Every app's router starts with one (`query` in `app._router.stack`, as in
 * Express 4), built through this module's export so a wrapper an APM agent puts on it applies.
 */
import type { ServerResponse } from 'http';
import type qs from 'qs';
import { markPassThrough } from '../core/builtin-layers';
import type { RequestView } from '../core/types/model';
import { kQueryParser } from '../core/base/symbols';
import { queryStringOf } from '../core/base/url';
import { onFirstUse } from '../core/base/utils';

// Loaded by the first `velox.query()` with qs options (docs/design.md, "Startup: deferred modules").
const loadQs = onFirstUse(() => require('qs') as typeof qs);

type QueryRequest = RequestView<'query' | typeof kQueryParser>;

/** qs parse options (see the qs documentation), or a parser function of the query string. */
type QueryOptions = Record<string, unknown> | ((str: string) => unknown);

/**
 * Parses the query string into `req.query` unless something already did.
 *
 * @example
 * router.use(velox.query({ depth: 2 }));
 */
function query(options?: QueryOptions) {
	let parse: (str: string, opts?: qs.IParseOptions) => unknown;
	let opts: qs.IParseOptions | undefined;
	if (typeof options === 'function') {
		parse = options as (str: string) => unknown;
	} else {
		parse = loadQs().parse as typeof parse;
		opts = Object.assign({}, options) as qs.IParseOptions;
		if (opts.allowPrototypes === undefined) opts.allowPrototypes = true;
	}
	const middleware = function query(req: QueryRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
		// With the parser `req.query` computes itself with on first read (the app's), parsing
		// here would give the same value: it is left to that read (request.ts).
		if (req[kQueryParser] !== parse && !req.query) req.query = parse(queryStringOf(req.url) as string, opts);
		next();
	};
	return typeof options === 'function' ? markPassThrough(middleware) : middleware;
}

export = query;
