import type { CookieOptions, VeloxResponse } from './types';
/**
 * Clears a cookie: the same name and options (path defaults to `/`) with an
 * Expires date in the past.
 *
 * @example
 * res.clearCookie('session', { path: '/admin' });
 */
export declare function clearCookie(this: VeloxResponse, name: string, options?: CookieOptions): VeloxResponse;
/**
 * Sets a cookie. Objects are serialised as `j:` + JSON; `signed` signs with
 * `req.secret` (cookie-parser); `maxAge` (ms) sets Expires and Max-Age (s).
 * An invalid name, value, path, domain or option throws a TypeError rather
 * than injecting attributes.
 *
 * @example
 * res.cookie('remember', '1', { maxAge: 900000, httpOnly: true });
 */
export declare function cookie(this: VeloxResponse, name: string, value: unknown, options?: CookieOptions): VeloxResponse;
