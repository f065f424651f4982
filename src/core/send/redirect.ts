/**
 * The small HTML documents of the engine and `velox.static`'s redirect of a
 * directory to its trailing-slash URL, byte for byte as serve-static 1.16.
 */
import type { ServerResponse } from 'http';
import { format, parse } from 'url';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import { createHtmlDocument } from '../base/html';
import type { RequestView } from '../types/model';

/**
 * Collapses leading slashes into one. Security: `//evil.example/` as a
 * Location would be a protocol-relative URL to another host (open redirect).
 * Beyond serve-static, backslashes in that leading run count too: browsers
 * read `/\evil.example` as `//evil.example`.
 */
export function collapseLeadingSlashes(path: string): string {
	let i = 0;
	let hasBackslash = false;
	for (; i < path.length; i++) {
		const code = path.charCodeAt(i);
		if (code === 0x5c) hasBackslash = true;
		else if (code !== 0x2f) break;
	}
	return i > 1 || hasBackslash ? '/' + path.slice(i) : path;
}

/** The URLs that parseurl parses by hand (a path with no whitespace or `#`), the rest goes to url.parse. */
const NOT_SIMPLE_PATH = /[\t\n\f\r #\u00a0\ufeff]/;

/** The original request URL with `/` appended to its pathname, formatted as serve-static does. */
export function directoryLocation(originalUrl: string): string {
	if (originalUrl.charCodeAt(0) === 0x2f && !NOT_SIMPLE_PATH.test(originalUrl)) {
		const query = originalUrl.indexOf('?');
		return query === -1 ? collapseLeadingSlashes(originalUrl + '/') : collapseLeadingSlashes(originalUrl.slice(0, query) + '/') + originalUrl.slice(query);
	}
	const url = parse(originalUrl);
	url.pathname = collapseLeadingSlashes(url.pathname + '/');
	url.path = null;
	return format(url);
}

/**
 * Answers 301 to the directory URL with a trailing slash.
 *
 * @example
 * redirectToDirectory(req, res); // GET /docs → 301 Location: /docs/
 */
export function redirectToDirectory(req: RequestView<'originalUrl'>, res: ServerResponse): void {
	const original = typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '');
	const location = encodeUrl(directoryLocation(original));
	const doc = createHtmlDocument('Redirecting', 'Redirecting to ' + escapeHtml(location));
	res.statusCode = 301;
	res.setHeader('Content-Type', 'text/html; charset=UTF-8');
	res.setHeader('Content-Length', Buffer.byteLength(doc));
	res.setHeader('Content-Security-Policy', "default-src 'none'");
	res.setHeader('X-Content-Type-Options', 'nosniff');
	res.setHeader('Location', location);
	res.end(doc);
}
