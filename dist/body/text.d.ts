import type { BodyParserMiddleware, TextOptions } from './types';
/**
 * Creates a middleware that decodes `text/plain` bodies (any charset iconv-lite knows,
 * `defaultCharset` when the Content-Type names none; gzip, deflate and br inflated) into a
 * string on `req.body`.
 *
 * @example
 * app.use(velox.text({ defaultCharset: 'latin1' }));
 * app.post('/notes', (req, res) => res.send(req.body.toUpperCase()));
 */
export declare function text(options?: TextOptions): BodyParserMiddleware;
