import type { VeloxResponse } from './types';
/**
 * Sets `Location`, percent-encoding what is not yet encoded (no validation,
 * as Express 4). `back` (deprecated) means the Referer, or `/`.
 *
 * @example
 * res.location('/login');
 */
export declare function location(this: VeloxResponse, url: string): VeloxResponse;
/**
 * Redirects (302 unless a status is given) with a body chosen by `Accept`:
 * HTML with the URL escaped, plain text, or empty; no body for HEAD.
 *
 * @example
 * res.redirect(301, '/new-home');
 */
export declare function redirect(this: VeloxResponse, url: unknown, ...rest: unknown[]): void;
