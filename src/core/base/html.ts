/** The small HTML document Express's stack generates (error pages, redirects, file errors). */

/**
 * A minimal HTML document; `body` must already be escaped.
 *
 * @example
 * createHtmlDocument('Error', escapeHtml('Cannot GET /x'));
 */
export function createHtmlDocument(title: string, body: string): string {
	return (
		'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>' +
		title +
		'</title>\n</head>\n<body>\n<pre>' +
		body +
		'</pre>\n</body>\n</html>\n'
	);
}
