import type { SendConfig } from './config';
/** A resolved file path, or the HTTP status that rejects the request. */
export type ResolvedPath = string | 400 | 403 | 404;
/**
 * Resolves and validates a URL-encoded path against the engine options.
 *
 * @example
 * resolvePath('/css/site.css', config); // '/srv/public/css/site.css'
 * resolvePath('/%2e%2e/etc/passwd', config); // 403
 */
export declare function resolvePath(encodedPath: string, config: SendConfig): ResolvedPath;
