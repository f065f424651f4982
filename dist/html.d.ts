/** The small HTML document Express's stack generates (error pages, redirects, file errors). */
/**
 * A minimal HTML document; `body` must already be escaped.
 *
 * @example
 * createHtmlDocument('Error', escapeHtml('Cannot GET /x'));
 */
export declare function createHtmlDocument(title: string, body: string): string;
