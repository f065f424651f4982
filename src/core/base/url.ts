/**
 * Pathname and query string of a request URL, with parseurl's semantics and
 * without its allocations on the common case (a `/`-rooted URL with no
 * whitespace or `#`): that case is a scan and at most one `slice`.
 */
import { parse as legacyParse } from 'url';

// The characters that send a URL to the legacy parser: tab, LF, FF, CR, space, `#`, U+00A0 and
// U+FEFF (where it would trim, split off a hash, or escape).
const LEGACY_CHARACTERS = /[\t\n\f\r #\u00a0\ufeff]/;

/** The index of `?` (or `url.length`) in a `/`-rooted URL, or -1 when the legacy parser must decide. */
function isFastPathUrl(url: string): number {
	if (url.charCodeAt(0) !== 0x2f) return -1;
	// Hot path: a regular expression and `indexOf` scan in native code, faster than a charCodeAt
	// loop (docs/design.md, "URL splitting").
	if (LEGACY_CHARACTERS.test(url)) return -1;
	const query = url.indexOf('?');
	return query === -1 ? url.length : query;
}

/** The pathname of a URL, as `parseurl(req).pathname`; undefined when it cannot be parsed. */
export function pathnameOf(url: string | undefined): string | undefined {
	if (typeof url !== 'string') return undefined;
	const end = isFastPathUrl(url);
	if (end === url.length) return url;
	if (end !== -1) return url.slice(0, end);
	try {
		return legacyParse(url).pathname ?? undefined;
	} catch {
		return undefined;
	}
}

/**
 * The query string of a URL without the `?`, as `parseurl(req).query`: null
 * when the URL has no `?` (custom query parsers see exactly what Express gives them).
 */
export function queryStringOf(url: string | undefined): string | null {
	if (typeof url !== 'string') return null;
	const end = isFastPathUrl(url);
	if (end === url.length) return null;
	if (end !== -1) return url.slice(end + 1);
	try {
		const query = legacyParse(url).query;
		return typeof query === 'string' ? query : null;
	} catch {
		return null;
	}
}

/**
 * `protocol://host` of an absolute-form request URL, as Express's router computes it;
 * undefined for a missing URL (a request stand-in without `url` goes to `next()`, as in Express).
 */
export function protohostOf(url: string | undefined): string | undefined {
	if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f) return undefined;
	const searchIndex = url.indexOf('?');
	const pathLength = searchIndex !== -1 ? searchIndex : url.length;
	const fqdnIndex = url.slice(0, pathLength).indexOf('://');
	return fqdnIndex !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdnIndex)) : undefined;
}
