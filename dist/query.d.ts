/**
 * `velox.query(options)`: Express 4's exported query middleware (qs with
 * `allowPrototypes` for back-compat, or a custom parser function).
 */
import type { ServerResponse } from 'node:http';
import type { RequestView } from './model';
type QueryRequest = RequestView<'query'>;
/**
 * Parses the query string into `req.query` unless something already did.
 *
 * @example
 * router.use(velox.query({ depth: 2 }));
 */
/** qs parse options (see the qs documentation), or a parser function of the query string. */
export type QueryOptions = Record<string, unknown> | ((str: string) => unknown);
export declare function query(options?: QueryOptions): (req: QueryRequest, _res: ServerResponse, next: (err?: unknown) => void) => void;
export {};
