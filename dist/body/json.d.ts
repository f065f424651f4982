import type { BodyParserMiddleware, JsonOptions } from './types';
/**
 * Creates a middleware that parses `application/json` bodies (any UTF charset, gzip, deflate
 * and br) into `req.body`. An empty body gives `{}`; with `strict` (default) only objects and
 * arrays are accepted.
 *
 * @example
 * app.use(velox.json({ limit: '1mb' }));
 * app.post('/users', (req, res) => res.json(req.body));
 */
export declare function json(options?: JsonOptions): BodyParserMiddleware;
