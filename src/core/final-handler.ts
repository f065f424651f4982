/**
 * The default final handler: what answers when nothing else did (404) or an
 * error reached the end of the stack. Byte-compatible with the `finalhandler`
 * package Express 4 uses (status choice, HTML page, headers, logging).
 */
// Hot path: node's global `Buffer` is a getter (~150 instructions a read, callgrind).
import { Buffer } from 'buffer';
import type { IncomingMessage, ServerResponse } from 'http';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import statuses from 'statuses';
import { createHtmlDocument } from './base/html';
import { anyLogText } from './base/log-text';
import type OnFinishedModule from 'on-finished';
import type * as DiscardModule from './body/discard';
import type { RequestView } from './types/model';
import { removeErrorPageHeaders, setContentLength, setContentType, setErrorPageHeaders } from './platform';
import { pathnameOf } from './base/url';
import { onFirstUse } from './base/utils';

// Loaded with the first 404 or error that gets here (docs/design.md, "Startup: deferred modules").
const loadDiscard = onFirstUse(() => require('./body/discard') as typeof DiscardModule);
const loadOnFinished = onFirstUse(() => require('on-finished') as typeof OnFinishedModule);

const DOUBLE_SPACE_REGEXP = /\x20{2}/g;
const NEWLINE_REGEXP = /\n/g;

function hasNoBody(req: IncomingMessage): boolean {
	const headers = req.headers;
	if (headers['transfer-encoding'] !== undefined) return false;
	const length = headers['content-length'];
	return length === undefined || length === '0';
}

// The last page built: a repeated 404 (same method and path) reuses it.
// Bound: one page, whatever the traffic (its message is under node's 16 KB header limit for a 404).
let lastMessage = '';
let lastDocument = '';

/** Express's (finalhandler's) small error page; `message` is escaped here. */
export function createErrorDocument(message: string): string {
	if (message === lastMessage && lastDocument !== '') return lastDocument;
	const document = buildHtmlDocument(message);
	lastMessage = message;
	lastDocument = document;
	return document;
}

function buildHtmlDocument(message: string): string {
	let html = escapeHtml(message);
	// A 404's message has no newline and no double space: a search each, cheaper than a replace each.
	if (html.indexOf('\n') !== -1) html = html.replace(NEWLINE_REGEXP, '<br>');
	if (html.indexOf('  ') !== -1) html = html.replace(DOUBLE_SPACE_REGEXP, ' &nbsp;');
	return createHtmlDocument('Error', html);
}

/**
 * A property of an error value, or undefined when reading it throws. Anything can reach the
 * final handler through `next(value)`: a getter or a Proxy trap that throws, a revoked Proxy,
 * an object without a prototype. Express 4 crashes the process on some of these; Velox
 * answers as finalhandler would with the property absent.
 */
function readProperty(value: unknown, key: string): unknown {
	try {
		return (value as Record<string, unknown>)[key];
	} catch {
		return undefined;
	}
}

function errorStatusCode(err: unknown): number | undefined {
	const status = readProperty(err, 'status');
	if (typeof status === 'number' && status >= 400 && status < 600) return status;
	const statusCode = readProperty(err, 'statusCode');
	if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600) return statusCode;
	return undefined;
}

function errorHeaders(err: unknown): Record<string, unknown> | undefined {
	const source = readProperty(err, 'headers');
	if (!source || typeof source !== 'object') return undefined;
	const headers: Record<string, unknown> = Object.create(null);
	try {
		for (const key of Object.keys(source)) headers[key] = readProperty(source, key);
	} catch {
		return undefined;
	}
	return headers;
}

/**
 * finalhandler's message: outside production the stack, else `toString()`, as text
 * (`'' + value`, as escape-html makes it); the status message when none of it is usable.
 */
function errorMessage(err: unknown, status: number, env: unknown): string {
	if (env !== 'production') {
		let message = readProperty(err, 'stack');
		if (!message) {
			const convert = readProperty(err, 'toString');
			if (typeof convert === 'function') {
				try {
					message = convert.call(err);
				} catch {
					message = undefined;
				}
			}
		}
		if (message) {
			try {
				return '' + (message as string);
			} catch {
				// A value without a text form (a Symbol, a null-prototype object): the status message.
			}
		}
	}
	return statusText(status);
}

/** Runs the app's error logger for any error value; a logger that throws on it never ends the process. */
function logSafely(onerror: (err: unknown) => void, err: unknown): void {
	try {
		onerror(err);
	} catch {
		console.error(anyLogText(err));
	}
}

/** finalhandler renders a status without a message as the text "undefined": an Express 4 quirk kept to the byte. */
function statusText(status: number): string {
	return statuses.message[status] ?? 'undefined';
}

function responseStatusCode(res: ServerResponse): number {
	const status = res.statusCode;
	// Written so that NaN (e.g. `res.status(Number('x'))`) also falls back to 500.
	return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

function resourceName(req: RequestView<'originalUrl'>): string {
	const pathname = pathnameOf(req.originalUrl ?? req.url);
	return pathname ?? 'resource';
}

/** What the final handler answers: the status, the headers an error carries, and the page's message. */
interface ErrorPage {
	readonly status: number;
	readonly headers: Record<string, unknown> | undefined;
	readonly message: string;
}

/**
 * Ends the response for `err` (or 404 when `err` is falsy).
 * `env` is the app's `env` setting; `onerror` logs (deferred, as finalhandler does).
 */
export function finalHandle(req: IncomingMessage, res: ServerResponse, err: unknown, env: unknown, onerror: ((err: unknown) => void) | undefined): void {
	// ignore 404 on in-flight response
	if (!err && res.headersSent) return;

	let page: ErrorPage;
	if (err) {
		page = errorPage(res, err, env);
		if (onerror !== undefined) setImmediate(logSafely, onerror, err);
	} else {
		page = notFoundPage(req);
	}

	if (res.headersSent) {
		// Cannot answer any more: end the connection so the client sees a failure.
		req.socket?.destroy();
		return;
	}
	// Hot path (404s): when the parser has already seen the whole request there
	// is nothing to wait for; node discards unread body data when we respond.
	// A request without a body (no Transfer-Encoding, no or zero Content-Length)
	// has nothing left to wait for either: this is the common synchronous 404.
	// A body parser that gave up draining an endless body wants the answer now.
	const discard = loadDiscard();
	if (loadOnFinished().isFinished(req) || req.complete || hasNoBody(req) || discard.isAnsweredEarly(req)) {
		writeSafely(req, res, page);
		return;
	}
	// As finalhandler: the unread body is read off first, then the page is written, so the
	// connection can carry the next request. Beyond finalhandler: within bounds (discard.ts).
	req.unpipe();
	discard.discardBody(req, res, 0, 0, () => writeSafely(req, res, page));
}

/** The page for an error value: its own status (and headers) when it carries a 4xx/5xx one, else the response's. */
function errorPage(res: ServerResponse, err: unknown, env: unknown): ErrorPage {
	const fromError = errorStatusCode(err);
	const status = fromError === undefined ? responseStatusCode(res) : fromError;
	const headers = fromError === undefined ? undefined : errorHeaders(err);
	return { status, headers, message: errorMessage(err, status, env) };
}

/** finalhandler's 404: `Cannot GET /path`. */
function notFoundPage(req: IncomingMessage): ErrorPage {
	// Not memoised per method and path: that helps only a path missed again and again (docs/design.md, "Final handler").
	return { status: 404, headers: undefined, message: 'Cannot ' + req.method + ' ' + encodeUrl(resourceName(req)) };
}

function writeSafely(req: IncomingMessage, res: ServerResponse, page: ErrorPage): void {
	try {
		writeErrorPage(req, res, page);
	} catch {
		// Last line of defence (e.g. an invalid header in `err.headers`): the
		// response cannot be written, so end the connection rather than the process.
		req.socket?.destroy();
	}
}

function writeErrorPage(req: IncomingMessage, res: ServerResponse, page: ErrorPage): void {
	const { status, headers, message } = page;
	const body = createErrorDocument(message);
	res.statusCode = status;
	// An unknown status leaves the message undefined, so node falls back to its own table or 'unknown' (as finalhandler).
	if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] as string;
	// Hot path (every 404): the names and values here are constants of finalhandler's (and a
	// length), so node's checks of them cannot fail; they are stored as `setHeader` would store
	// them, unless `setHeader`/`removeHeader` were replaced (then called as finalhandler does;
	// see platform.ts). An error's own `headers` still go through `setHeader`.
	removeErrorPageHeaders(res);
	if (headers !== undefined) {
		for (const key of Object.keys(headers)) res.setHeader(key, headers[key] as string);
	}
	setErrorPageHeaders(res);
	setContentType(res, 'text/html; charset=utf-8');
	// A number, as finalhandler passes it (`res.getHeader('Content-Length')` sees a number).
	setContentLength(res, Buffer.byteLength(body, 'utf8'));
	if (req.method === 'HEAD') {
		res.end();
		return;
	}
	res.end(body, 'utf8');
}
