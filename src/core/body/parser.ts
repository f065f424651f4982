/**
 * The opening the four body parsers share: which requests a parser takes, the charset it
 * decodes with, and handing the request to the shared reader (read.ts).
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { claimsRequest, compileReadConfig, compileTypeMatcher, requestCharset } from './options';
import { type ReadConfig, readBody, unsupportedCharset } from './read';
import type { BodyParserMiddleware, BodyParserOptions, BodyRequest } from './types';

/** What sets one parser apart from the others. */
export interface ParserSpec {
	/** The middleware's function name, as body-parser names it (`jsonParser`, …). */
	readonly name: string;
	/** The Content-Type taken when the `type` option is not given. */
	readonly defaultType: string;
	/** Turns the decoded text into `req.body`; `null` stores the decoded value as is. */
	readonly parse: ReadConfig['parse'];
	/** The charset to decode with, from the one the request names (`undefined`: none); `null` reads a Buffer. */
	readonly charset: ((named: string | undefined) => string) | null;
	/** Whether the parser decodes `charset`; one it does not is answered 415 before any reading. */
	readonly decodes?: (charset: string) => boolean;
}

/**
 * The middleware of a body parser. Options are checked here, at creation (the `limit` and
 * `verify` errors are thrown by the factory call, as in Express 4).
 */
export function createParser(opts: BodyParserOptions, spec: ParserSpec): BodyParserMiddleware {
	const matcher = compileTypeMatcher(opts.type, spec.defaultType);
	const config = compileReadConfig(opts, spec.parse);
	const chooseCharset = spec.charset;
	const decodes = spec.decodes;

	// Named by a computed key (body-parser's `jsonParser`, `urlencodedParser`, …) rather than by
	// redefining `name`: a redefined `name` puts the function's properties in V8's dictionary mode,
	// and the router reads `length` of every handler on every request (docs/design.md, "Body parsers").
	const parser = {
		[spec.name]: function (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
			const request = req as BodyRequest;
			if (!claimsRequest(request, matcher)) {
				next();
				return;
			}
			const charset = chooseCharset === null ? null : chooseCharset(requestCharset(request, matcher));
			if (charset !== null && decodes !== undefined && !decodes(charset)) {
				// As body-parser's json and urlencoded parsers: refused before reading, answered at once
				// (the unread body is node's to discard, see refusalBeforeReading in read.ts).
				next(unsupportedCharset(charset));
				return;
			}
			readBody(request, res, next, config, charset);
		},
	}[spec.name];
	return parser;
}
