/**
 * `velox.text()`: decodes bodies into a string on `req.body`, as Express 4's `express.text()`.
 */
import { createParser } from './parser';
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
export function text(options?: TextOptions): BodyParserMiddleware {
	const opts = options || {};
	const defaultCharset = opts.defaultCharset || 'utf-8';
	return createParser(opts, { name: 'textParser', defaultType: 'text/plain', parse: null, charset: (named) => named || defaultCharset });
}
