/**
 * `velox.json()`: parses JSON bodies into `req.body`, as Express 4's `express.json()`.
 */
import { adoptError, veloxError } from '../errors';
import { linePolicy } from '../lines';
import { createParser } from './parser';
import type { BodyParserMiddleware, JsonOptions } from './types';

const { jsonDefaultCharset } = linePolicy().body;

interface JsonSyntaxError extends SyntaxError {
	[key: string]: unknown;
}

/**
 * Creates a middleware that parses `application/json` bodies (any UTF charset, gzip, deflate
 * and br) into `req.body`. An empty body gives `{}`; with `strict` (default) only objects and
 * arrays are accepted.
 *
 * @example
 * app.use(velox.json({ limit: '1mb' }));
 * app.post('/users', (req, res) => res.json(req.body));
 */
export function json(options?: JsonOptions): BodyParserMiddleware {
	const opts = options || {};
	const reviver = opts.reviver;
	const strict = opts.strict !== false;
	const defaultCharset = jsonDefaultCharset(opts.defaultCharset);

	function parse(text: string): unknown {
		// Express 4 compatibility: an empty body gives `{}` (a common client-side mistake).
		if (text.length === 0) return {};
		if (strict) {
			const first = firstCharacter(text);
			if (first !== '{' && first !== '[') throw strictSyntaxError(text, first);
		}
		try {
			return JSON.parse(text, reviver);
		} catch (thrown) {
			throw normalizeSyntaxError(thrown);
		}
	}

	return createParser(opts, {
		name: 'jsonParser',
		defaultType: 'application/json',
		parse,
		charset: (named) => named || defaultCharset,
		// RFC 7159 section 8.1: JSON is Unicode.
		decodes: (charset) => charset.slice(0, 4) === 'utf-',
	});
}

/** The first character that is not JSON whitespace (RFC 7159), or `undefined`. */
function firstCharacter(text: string): string | undefined {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return text[index];
	}
	return undefined;
}

/**
 * The SyntaxError `JSON.parse` would give at the offending character, so that strict mode
 * reports primitives in the engine's own words (Express 4 compatibility): the text from that
 * character on is replaced by `#`, parsed, and the `#`s in the message put back.
 */
function strictSyntaxError(text: string, character: string | undefined): SyntaxError {
	const index = character === undefined ? -1 : text.indexOf(character);
	const partial = index === -1 ? '' : text.substring(0, index) + '#'.repeat(text.length - index);
	try {
		JSON.parse(partial);
	} catch (thrown) {
		const error = normalizeSyntaxError(thrown);
		const message = error.message.replace(/#+/g, (placeholder) => text.substring(index, index + placeholder.length));
		return adoptError('VELOX_ERR_JSON_STRICT', error, { stack: String(error.stack).replace(error.message, message), message });
	}
	// Not reached: `partial` is empty or holds a `#` where a value starts. body-parser keeps the same fallback.
	return veloxError('VELOX_ERR_JSON_STRICT') as SyntaxError;
}

/** Keeps only `message` and `stack` on the error `JSON.parse` threw, as body-parser does (a reviver's fields go). */
function normalizeSyntaxError(thrown: unknown): SyntaxError {
	if (!(thrown instanceof Error)) return veloxError('VELOX_ERR_JSON_REVIVER_THREW', thrown) as SyntaxError;
	const error = thrown as JsonSyntaxError;
	for (const key of Object.getOwnPropertyNames(error)) {
		if (key !== 'stack' && key !== 'message') delete error[key];
	}
	return error;
}
