/**
 * `res.cookie` and `res.clearCookie`: Express 4's cookie writing, with the
 * `cookie` package validating names, values and attributes.
 */
import type * as CookieModule from 'cookie';
import type { CookieSerializeOptions } from 'cookie';
import type * as CookieSignatureModule from 'cookie-signature';
import depd from 'depd';
import type { CookieOptions } from 'express-serve-static-core';
import type { VeloxResponse } from '../types/model';
import { veloxError } from '../errors';
import { onFirstUse } from '../base/utils';
import { linePolicy } from '../lines';

const deprecate = depd('velox');
// Express 5's `res.clearCookie` always expires the cookie: the caller's maxAge and expires are ignored.
const { clearCookieKeepsExpiry, cookieOptionsInherited } = linePolicy().response;
// The migration report's recording (lines/migration.ts), on res.clearCookie's Express 4 options only.
const migration = linePolicy().migration;
// Loaded with the first `res.cookie`, cookie-signature with node:crypto (docs/design.md, "Startup: deferred modules").
const loadCookie = onFirstUse(() => require('cookie') as typeof CookieModule);
const loadCookieSignature = onFirstUse(() => require('cookie-signature') as typeof CookieSignatureModule);

/** `utils-merge`, as Express 4 copies cookie options: every enumerable key, inherited ones too. */
function merge<T extends object>(target: T, source: object | undefined): T {
	if (target && source) {
		const from = source as Record<string, unknown>;
		const to = target as Record<string, unknown>;
		for (const key in from) to[key] = from[key];
	}
	return target;
}

const clearCookieMaxAgeMessage =
	'res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
const clearCookieExpiresMessage =
	'res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

/**
 * Clears a cookie: the same name and options (path defaults to `/`) with an
 * Expires date in the past.
 *
 * @example
 * res.clearCookie('session', { path: '/admin' });
 */
export function clearCookie(this: VeloxResponse, name: string, options?: CookieOptions): VeloxResponse {
	if (!clearCookieKeepsExpiry) {
		const opts: CookieOptions = { path: '/', ...options, expires: new Date(1) };
		delete opts.maxAge;
		return this.cookie(name, '', opts);
	}
	if (options) {
		if (migration !== undefined && (options.maxAge || options.expires))
			migration.use('response.clearCookieKeepsExpiry', 'res.clearCookie with ' + (options.maxAge ? 'maxAge' : 'expires'));
		if (options.maxAge) deprecate(clearCookieMaxAgeMessage);
		if (options.expires) deprecate(clearCookieExpiresMessage);
	}
	const opts = merge({ expires: new Date(1), path: '/' } as CookieOptions, options);
	return this.cookie(name, '', opts);
}

/**
 * Sets a cookie. Objects are serialised as `j:` + JSON; `signed` signs with
 * `req.secret` (cookie-parser); `maxAge` (ms) sets Expires and Max-Age (s).
 * An invalid name, value, path, domain or option throws a TypeError rather
 * than injecting attributes.
 *
 * @example
 * res.cookie('remember', '1', { maxAge: 900000, httpOnly: true });
 */
export function cookie(this: VeloxResponse, name: string, value: unknown, options?: CookieOptions): VeloxResponse {
	const opts: CookieOptions = cookieOptionsInherited ? merge({} as CookieOptions, options) : { ...options };
	const secret = this.req.secret;
	const signed = opts.signed;
	if (signed && !secret) throw veloxError('VELOX_ERR_SIGNED_COOKIE_SECRET');

	let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
	if (signed) val = 's:' + loadCookieSignature().sign(val, secret as string);

	if (opts.maxAge != null) {
		// `- 0` as Express: numeric strings count, anything else leaves maxAge as given.
		const maxAge = (opts.maxAge as number) - 0;
		if (!Number.isNaN(maxAge)) {
			opts.expires = new Date(Date.now() + maxAge);
			opts.maxAge = Math.floor(maxAge / 1000);
		}
	}
	if (opts.path == null) opts.path = '/';

	return this.append('Set-Cookie', loadCookie().serialize(name, String(val), opts as CookieSerializeOptions));
}
