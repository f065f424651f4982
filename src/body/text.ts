/**
 * `velox.text()`: decodes bodies into a string on `req.body`, as Express 4's `express.text()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { claimsRequest, compileReadConfig, compileTypeMatcher, requestCharset } from './options';
import { readBody } from './read';
import type { BodyParserMiddleware, BodyRequest, TextOptions } from './types';

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
	const matcher = compileTypeMatcher(opts.type, 'text/plain');
	const config = compileReadConfig(opts, null);

	return function textParser(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
		const request = req as BodyRequest;
		if (!claimsRequest(request, matcher)) {
			next();
			return;
		}
		readBody(request, res, next, config, requestCharset(request, matcher) || defaultCharset);
	};
}
