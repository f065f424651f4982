/**
 * `velox.urlencoded()`: parses form bodies into `req.body`, as Express 4's `express.urlencoded()`
 * (Velox 5: as Express 5's, see charsetParser).
 */
import querystring from 'querystring';
import depd from 'depd';
import type * as QsModule from 'qs';
import { requestError, veloxError } from '../errors';
import { onFirstUse } from '../base/utils';
import { linePolicy } from '../lines';
import { createParser } from './parser';
import type { BodyParserMiddleware, UrlencodedOptions } from './types';

const { urlencodedExtended, warnUndefinedExtended, formDefaultCharset } = linePolicy().body;
// Express 4 compatibility: the warning names body-parser, in its words, and NO_DEPRECATION=body-parser silences it.
const deprecate = depd('body-parser');
// Loaded by the first `extended` parser made (docs/design.md, "Startup: deferred modules").
const loadQs = onFirstUse(() => require('qs') as typeof QsModule);

/**
 * Creates a middleware that parses `application/x-www-form-urlencoded` bodies (UTF-8 only;
 * gzip, deflate and br inflated) into an object on `req.body`: with qs when `extended` (nested
 * keys such as `a[b]=1`, depth-bounded), with node's querystring otherwise. Velox 5: `extended`
 * defaults to `false`, ISO-8859-1 forms are decoded too, and every form goes through qs.
 *
 * @example
 * app.use(velox.urlencoded({ extended: false }));
 * app.post('/login', (req, res) => res.send(req.body.user));
 */
export function urlencoded(options?: UrlencodedOptions): BodyParserMiddleware {
	const opts = options || {};
	// depd warns once per call site, the caller of this function: called here, not in a row.
	if (warnUndefinedExtended && opts.extended === undefined) deprecate('undefined extended: provide extended option');
	const extended = urlencodedExtended(opts.extended);
	const defaultCharset = formDefaultCharset(opts.defaultCharset);
	if (defaultCharset !== null) return charsetParser(opts, extended, defaultCharset);
	const queryParse = extended ? extendedParser(opts) : simpleParser(opts);
	return createParser(opts, {
		name: 'urlencodedParser',
		defaultType: 'application/x-www-form-urlencoded',
		parse: (text) => (text.length !== 0 ? queryParse(text) : {}),
		charset: (named) => named || 'utf-8',
		decodes: (charset) => charset === 'utf-8',
	});
}

function parameterLimitOf(opts: UrlencodedOptions): number {
	let parameterLimit = opts.parameterLimit !== undefined ? opts.parameterLimit : 1000;
	if (Number.isNaN(Number(parameterLimit)) || parameterLimit < 1) throw veloxError('VELOX_ERR_OPTION_PARAMETER_LIMIT');
	if (Number.isFinite(Number(parameterLimit))) parameterLimit = parameterLimit | 0;
	return parameterLimit;
}

/**
 * The number of `&`-separated parameters, or `undefined` past `limit` (counting stops there,
 * so a huge body costs no more than `limit` scans).
 */
function parameterCount(body: string, limit: number): number | undefined {
	let count = 0;
	let index = -1;
	do {
		count++;
		if (count > limit) return undefined;
		index = body.indexOf('&', index + 1);
	} while (index !== -1);
	return count;
}

function tooManyParameters(): Error {
	return requestError('VELOX_ERR_PARAMETERS_TOO_MANY');
}

/** qs configured as Express 4 configures it (body-parser 1.20). */
function extendedParser(opts: UrlencodedOptions): (body: string) => unknown {
	const parameterLimit = parameterLimitOf(opts);
	const depth = opts.depth !== undefined ? opts.depth : 32;
	if (Number.isNaN(Number(depth)) || depth < 0) throw veloxError('VELOX_ERR_OPTION_DEPTH');
	// Every body this parser reads goes to qs: loaded with the parser, while the app starts, not
	// by its first request (docs/design.md, "Startup: deferred modules").
	const qs = loadQs();

	return function queryParse(body: string): unknown {
		const count = parameterCount(body, parameterLimit);
		if (count === undefined) throw tooManyParameters();
		// As body-parser: arrays may be as long as there are parameters, and at least 100.
		const arrayLimit = Math.max(100, count);
		try {
			// allowPrototypes lets keys such as `hasOwnProperty` through as own properties, as in
			// Express 4; qs itself never assigns `__proto__`, so Object.prototype stays clean.
			return qs.parse(body, { allowPrototypes: true, arrayLimit, depth, strictDepth: true, parameterLimit });
		} catch (thrown) {
			if (thrown instanceof RangeError) throw requestError('VELOX_ERR_DEPTH_EXCEEDED');
			throw thrown;
		}
	};
}

/** node's querystring, as Express 4's `extended: false`. */
function simpleParser(opts: UrlencodedOptions): (body: string) => unknown {
	const parameterLimit = parameterLimitOf(opts);
	return function queryParse(body: string): unknown {
		if (parameterCount(body, parameterLimit) === undefined) throw tooManyParameters();
		return querystring.parse(body, undefined, undefined, { maxKeys: parameterLimit });
	};
}

/** The charsets Express 5's `urlencoded()` decodes. */
function formCharset(charset: string): boolean {
	return charset === 'utf-8' || charset === 'iso-8859-1';
}

/**
 * Express 5's `urlencoded()` (body-parser 2): UTF-8 or ISO-8859-1 (`defaultCharset` when the
 * Content-Type names none), every form parsed by qs in the charset it was sent in, at depth 0
 * without `extended`, with qs's `charsetSentinel` and `interpretNumericEntities`.
 */
function charsetParser(opts: UrlencodedOptions, extended: boolean, defaultCharset: string): BodyParserMiddleware {
	const parameterLimit = parameterLimitOf(opts);
	const depth = extended ? (opts.depth !== undefined ? opts.depth : 32) : 0;
	if (Number.isNaN(Number(depth)) || depth < 0) throw veloxError('VELOX_ERR_OPTION_DEPTH');
	const { charsetSentinel, interpretNumericEntities } = opts;
	const qs = loadQs();

	function parse(text: string, encoding: string | null): unknown {
		if (text.length === 0) return {};
		const count = parameterCount(text, parameterLimit);
		if (count === undefined) throw tooManyParameters();
		const arrayLimit = extended ? Math.max(100, count) : count;
		try {
			return qs.parse(text, {
				allowPrototypes: true,
				arrayLimit,
				depth,
				charsetSentinel,
				interpretNumericEntities,
				charset: encoding === 'iso-8859-1' ? 'iso-8859-1' : 'utf-8',
				parameterLimit,
				strictDepth: true,
			});
		} catch (thrown) {
			if (thrown instanceof RangeError) throw requestError('VELOX_ERR_DEPTH_EXCEEDED');
			throw thrown;
		}
	}

	return createParser(opts, {
		name: 'urlencodedParser',
		defaultType: 'application/x-www-form-urlencoded',
		parse,
		charset: (named) => named || defaultCharset,
		decodes: formCharset,
	});
}
