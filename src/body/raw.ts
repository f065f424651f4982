/**
 * `velox.raw()`: reads bodies into a Buffer on `req.body`, as Express 4's `express.raw()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compileLimit, compileTypeChecker, compileVerify, exactTypeOf, hasBody } from './options';
import { type ReadConfig, readBody } from './read';
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
	const exactType = exactTypeOf(opts.type, 'application/octet-stream');
	const shouldParse = compileTypeChecker(opts.type, 'application/octet-stream');
	const config: ReadConfig = {
		limit: compileLimit(opts.limit),
		inflate: opts.inflate !== false,
		verify: compileVerify(opts.verify),
		parse: null,
	};

	return function rawParser(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
		const request = req as BodyRequest;
		if (request._body) {
			next();
			return;
		}
		// Express 4 compatibility: `{}` whenever the parser skips the request or fails.
		request.body = request.body || {};
		if (!hasBody(req)) {
			next();
			return;
		}
		// Hot path: the exact configured type needs no media-type parsing (see exactTypeOf).
		if (req.headers['content-type'] !== exactType && !shouldParse(req)) {
			next();
			return;
		}
		readBody(request, res, next, config, null);
	};
}
