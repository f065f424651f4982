/**
 * `velox.raw()`: reads bodies into a Buffer on `req.body`, as Express 4's `express.raw()`.
 */
import { createParser } from './parser';
import type { BodyParserMiddleware, RawOptions } from './types';

/**
 * Creates a middleware that reads `application/octet-stream` bodies (inflating gzip, deflate
 * and br) into a Buffer on `req.body`.
 *
 * @example
 * app.use(velox.raw({ type: 'image/*', limit: '5mb' }));
 * app.put('/avatar', (req, res) => res.send(`${req.body.length} bytes`));
 */
export function raw(options?: RawOptions): BodyParserMiddleware {
	return createParser(options || {}, { name: 'rawParser', defaultType: 'application/octet-stream', parse: null, charset: null });
}
