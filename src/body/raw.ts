/**
 * `velox.raw()`: reads bodies into a Buffer on `req.body`, as Express 4's `express.raw()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { claimsRequest, compileReadConfig, compileTypeMatcher } from './options';
import { readBody } from './read';
import type { BodyParserMiddleware, BodyRequest, RawOptions } from './types';

/**
 * Creates a middleware that reads `application/octet-stream` bodies (inflating gzip, deflate
 * and br) into a Buffer on `req.body`.
 *
 * @example
 * app.use(velox.raw({ type: 'image/*', limit: '5mb' }));
 * app.put('/avatar', (req, res) => res.send(`${req.body.length} bytes`));
 */
export function raw(options?: RawOptions): BodyParserMiddleware {
	const opts = options || {};
	const matcher = compileTypeMatcher(opts.type, 'application/octet-stream');
	const config = compileReadConfig(opts, null);

	return function rawParser(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
		const request = req as BodyRequest;
		if (!claimsRequest(request, matcher)) {
			next();
			return;
		}
		readBody(request, res, next, config, null);
	};
}
