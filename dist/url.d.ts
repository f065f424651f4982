/** The pathname of a URL, as `parseurl(req).pathname`; undefined when it cannot be parsed. */
export declare function pathnameOf(url: string | undefined): string | undefined;
/**
 * The query string of a URL without the `?`, as `parseurl(req).query`: null
 * when the URL has no `?` (custom query parsers see exactly what Express gives them).
 */
export declare function queryStringOf(url: string | undefined): string | null;
/**
 * `protocol://host` of an absolute-form request URL, as Express's router computes it;
 * undefined for a missing URL (a request stand-in without `url` goes to `next()`, as in Express).
 */
export declare function protohostOf(url: string | undefined): string | undefined;
