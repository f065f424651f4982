/**
 * `res.location` and `res.redirect`: encoded but not validated, exactly as
 * Express 4.21+; the redirect body is negotiated (HTML with the URL escaped,
 * plain text, nothing for HEAD).
 */
import depd from 'depd';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import statuses from 'statuses';
import { linePolicy } from '../lines';
import type { VeloxResponse } from '../types/model';

const deprecate = depd('velox');
// Express 5: 'back' is a URL like any other, only `redirect(status, url)`, the status through `res.status`.
const { locationBack, redirectUrlFirst, redirectArgumentWarnings, setRedirectStatus, redirectHtml } = linePolicy().response;
// The migration report's recording (lines/migration.ts), on the Express 4 forms only.
const migration = linePolicy().migration;

/**
 * Sets `Location`, percent-encoding what is not yet encoded (no validation,
 * as Express 4). `back` (deprecated) means the Referer, or `/`.
 *
 * @example
 * res.location('/login');
 */
export function location(this: VeloxResponse, url: string): VeloxResponse {
	let loc: string;
	if (url === 'back' && locationBack) {
		if (migration !== undefined) migration.use('response.locationBack', "res.location('back') or res.redirect('back')");
		deprecate('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices');
		// Only `Set-Cookie` comes as a list.
		loc = (this.req.get('Referrer') as string | undefined) || '/';
	} else {
		loc = String(url);
	}
	return this.set('Location', encodeUrl(loc));
}

/**
 * Redirects (302 unless a status is given) with a body chosen by `Accept`:
 * HTML with the URL escaped, plain text, or empty; no body for HEAD.
 *
 * @example
 * res.redirect(301, '/new-home');
 */
export function redirect(this: VeloxResponse, url: unknown, ...rest: unknown[]): void {
	let address = url;
	let code: unknown = 302;
	let body = '';

	if (rest.length === 1) {
		if (typeof url === 'number' || !redirectUrlFirst) {
			code = url;
			address = rest[0];
		} else {
			if (migration !== undefined) migration.use('response.redirectUrlFirst', 'res.redirect(url, status)');
			deprecate('res.redirect(url, status): Use res.redirect(status, url) instead');
			code = rest[0];
		}
	}

	if (redirectArgumentWarnings) {
		if (!address) deprecate('Provide a url argument');
		if (typeof address !== 'string') deprecate('Url must be a string');
		if (typeof code !== 'number') deprecate('Status must be a number');
	}

	address = this.location(address as string).get('Location');
	const message = statuses.message[code as number];

	this.format({
		text() {
			body = message + '. Redirecting to ' + address;
		},
		html() {
			// Security: the URL is escaped in the HTML body (javascript:, quotes, tags).
			body = redirectHtml(message, escapeHtml(address as string));
		},
		default() {
			body = '';
		},
	});

	setRedirectStatus(this, code as number);
	this.set('Content-Length', Buffer.byteLength(body));
	if (this.req.method === 'HEAD') this.end();
	else this.end(body);
}
