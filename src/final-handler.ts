/**
 * The default final handler: what answers when nothing else did (404) or an
 * error reached the end of the stack. Byte-compatible with the `finalhandler`
 * package Express 4 uses (status choice, HTML page, headers, logging).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import onFinished from 'on-finished';
import statuses from 'statuses';
import { createHtmlDocument } from './html';
import { pathnameOf } from './url';

interface ErrorLike {
	status?: unknown;
	statusCode?: unknown;
	headers?: unknown;
	stack?: unknown;
	toString?: () => string;
}

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
	return createHtmlDocument('Error', escapeHtml(message).replace(NEWLINE_REGEXP, '<br>').replace(DOUBLE_SPACE_REGEXP, ' &nbsp;'));
}

function errorStatusCode(err: ErrorLike): number | undefined {
	if (typeof err.status === 'number' && err.status >= 400 && err.status < 600) return err.status;
	if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode;
	return undefined;
}

function errorHeaders(err: ErrorLike): Record<string, unknown> | undefined {
	if (!err.headers || typeof err.headers !== 'object') return undefined;
	const headers: Record<string, unknown> = Object.create(null);
	for (const key of Object.keys(err.headers)) headers[key] = (err.headers as Record<string, unknown>)[key];
	return headers;
}

function errorMessage(err: ErrorLike, status: number, env: unknown): string {
	let message: string | undefined;
	if (env !== 'production') {
		message = typeof err.stack === 'string' ? err.stack : undefined;
		if (!message && typeof err.toString === 'function') message = String(err.toString());
	}
	return message || statusText(status);
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

function resourceName(req: IncomingMessage & { originalUrl?: string }): string {
	const pathname = pathnameOf(req.originalUrl ?? req.url);
	return pathname ?? 'resource';
}

/**
 * Ends the response for `err` (or 404 when `err` is falsy).
 * `env` is the app's `env` setting; `onerror` logs (deferred, as finalhandler does).
 */
export function finalHandle(
	req: IncomingMessage,
	res: ServerResponse,
	err: unknown,
	env: unknown,
	onerror: ((err: unknown) => void) | undefined,
): void {
	let headers: Record<string, unknown> | undefined;
	let message: string;
	let status: number;

	// ignore 404 on in-flight response
	if (!err && res.headersSent) return;

	if (err) {
		const error = (typeof err === 'object' || typeof err === 'function' ? err : {}) as ErrorLike;
		const fromError = errorStatusCode(error);
		if (fromError === undefined) {
			status = responseStatusCode(res);
		} else {
			status = fromError;
			headers = errorHeaders(error);
		}
		message = typeof err === 'object' || typeof err === 'function' ? errorMessage(error, status, env) : env !== 'production' ? String(err) : statusText(status);
		if (onerror !== undefined) setImmediate(onerror, err);
	} else {
		status = 404;
		message = 'Cannot ' + req.method + ' ' + encodeUrl(resourceName(req));
	}

	if (res.headersSent) {
		// Cannot answer any more: end the connection so the client sees a failure.
		req.socket?.destroy();
		return;
	}

	const write = (): void => {
		try {
			writeErrorPage(req, res, status, headers, message);
		} catch {
			// Last line of defence (e.g. an invalid header in `err.headers`): the
			// response cannot be written, so end the connection rather than the process.
			req.socket?.destroy();
		}
	};
	// Hot path (404s): when the parser has already seen the whole request there
	// is nothing to wait for; node discards unread body data when we respond.
	// A body parser that stopped reading an over-limit body marked the response
	// `Connection: close`: answer now rather than wait for bytes that may never come.
	// A request without a body (no Transfer-Encoding, no or zero Content-Length)
	// has nothing left to wait for either: this is the common synchronous 404.
	if (onFinished.isFinished(req) || req.complete || hasNoBody(req) || res.getHeader('connection') === 'close') {
		write();
		return;
	}
	req.unpipe();
	onFinished(req, write);
	req.resume();
}

function writeErrorPage(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, unknown> | undefined, message: string): void {
	const body = createErrorDocument(message);
	res.statusCode = status;
	// An unknown status leaves the message undefined, so node falls back to its own table or 'unknown' (as finalhandler).
	if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] as string;
	res.removeHeader('Content-Encoding');
	res.removeHeader('Content-Language');
	res.removeHeader('Content-Range');
	if (headers !== undefined) {
		for (const key of Object.keys(headers)) res.setHeader(key, headers[key] as string);
	}
	res.setHeader('Content-Security-Policy', "default-src 'none'");
	res.setHeader('X-Content-Type-Options', 'nosniff');
	res.setHeader('Content-Type', 'text/html; charset=utf-8');
	res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
	if (req.method === 'HEAD') {
		res.end();
		return;
	}
	res.end(body, 'utf8');
}
