/**
 * Modules loaded on first use instead of at `require('velox')`.
 *
 * Startup — measured: qs (with its side-channel/get-intrinsic chain) is ~28 ms
 * of a ~75 ms `require('velox')`, and a request only needs it once something
 * reads `req.query` or parses an extended urlencoded body. accepts and type-is
 * (~4 ms each) wait for the first negotiation or `req.is`/body parser, and
 * the body parsers themselves (~10 ms with zlib and iconv-lite) for the first
 * `velox.json()`-style call.
 */
import type AcceptsModule from 'accepts';
import type * as BodyParsers from './body';
import type * as QsModule from 'qs';
import type TypeIsModule from 'type-is';

let qsModule: typeof QsModule | undefined;
let acceptsModule: typeof AcceptsModule | undefined;
let typeIsModule: typeof TypeIsModule | undefined;

/** The qs module, required on first call. */
export function loadQs(): typeof QsModule {
	if (qsModule === undefined) qsModule = require('qs') as typeof QsModule;
	return qsModule;
}

/** The accepts module, required on first call. */
export function loadAccepts(): typeof AcceptsModule {
	if (acceptsModule === undefined) acceptsModule = require('accepts') as typeof AcceptsModule;
	return acceptsModule;
}

/** The type-is module, required on first call. */
export function loadTypeIs(): typeof TypeIsModule {
	if (typeIsModule === undefined) typeIsModule = require('type-is') as typeof TypeIsModule;
	return typeIsModule;
}

let bodyParsers: typeof BodyParsers | undefined;

/** The body parser module (src/body), required on first call. */
export function loadBodyParsers(): typeof BodyParsers {
	if (bodyParsers === undefined) bodyParsers = require('./body') as typeof BodyParsers;
	return bodyParsers;
}
