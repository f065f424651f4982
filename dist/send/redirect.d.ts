/**
 * The small HTML documents of the engine and `velox.static`'s redirect of a
 * directory to its trailing-slash URL, byte for byte as serve-static 1.16.
 */
import type { ServerResponse } from 'node:http';
import type { RequestView } from '../model';
/**
 * Collapses leading slashes into one. Security: `//evil.example/` as a
 * Location would be a protocol-relative URL to another host (open redirect).
 * Beyond serve-static, backslashes in that leading run count too: browsers
 * read `/\evil.example` as `//evil.example`.
 */
export declare function collapseLeadingSlashes(path: string): string;
/** The original request URL with `/` appended to its pathname, formatted as serve-static does. */
export declare function directoryLocation(originalUrl: string): string;
/**
 * Answers 301 to the directory URL with a trailing slash.
 *
 * @example
 * redirectToDirectory(req, res); // GET /docs → 301 Location: /docs/
 */
export declare function redirectToDirectory(req: RequestView<'originalUrl'>, res: ServerResponse): void;
