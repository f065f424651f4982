/**
 * `Expect: 100-continue`: the `100 Continue` goes out when the body is first
 * read, not when the request arrives. Without a `checkContinue` listener node
 * sends it at once, inviting a client to upload a body that a parser then
 * refuses on its declared length (413). With this listener on the server, a
 * body parser refuses before reading and the client never sends the body;
 * whatever reads the body (a Velox parser within its limit, multer,
 * `req.pipe`) sends the continue first.
 *
 * node answers with `Connection: close` when a final status goes out without
 * the continue (its `writeHead`), so an unsent body never reaches the parser of
 * the next request.
 */
import type { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';
import type { Readable } from 'stream';

const PENDING = 1;
const SENT = 2;
const WITHHELD = 3;

const kContinueState: unique symbol = Symbol('velox.continueState');
const kContinueResponse: unique symbol = Symbol('velox.continueResponse');

interface ContinueRequest extends IncomingMessage {
	[kContinueState]?: number;
	[kContinueResponse]?: ServerResponse;
}

/** The request's own `_read` while its continue is pending: sends it, then reads as the prototype does. */
function readAfterContinue(this: ContinueRequest, size: number): void {
	if (this[kContinueState] === PENDING) {
		this[kContinueState] = SENT;
		const res = this[kContinueResponse];
		// Once a final answer is under way (node dumps the unread body after it), no continue.
		if (res !== undefined && !res.headersSent) res.writeContinue();
	}
	(Object.getPrototypeOf(this) as Readable)._read.call(this, size);
}

/**
 * The server's `checkContinue` listener: the request goes to the `request` listeners, as node
 * does without one, but the continue waits for the first read. An app's own `checkContinue`
 * listener (added before or after this one) keeps the event to itself.
 */
function onCheckContinue(this: EventEmitter, req: IncomingMessage, res: ServerResponse): void {
	if (this.listenerCount('checkContinue') > 1) return;
	const request = req as ContinueRequest;
	request[kContinueState] = PENDING;
	request[kContinueResponse] = res;
	request._read = readAfterContinue;
	this.emit('request', req, res);
}

/**
 * Adds the listener to an HTTP/1 server (`app.listen`, or the server of `http.createServer(app)` /
 * `https.createServer(options, app)` on its first request); once per server.
 */
export function deferContinue(server: EventEmitter): void {
	if (server.listeners('checkContinue').includes(onCheckContinue)) return;
	server.on('checkContinue', onCheckContinue);
}

/** Whether the client is waiting for a `100 Continue` it has not had (so it has not sent the body). */
export function isBodyUninvited(req: IncomingMessage): boolean {
	const state = (req as ContinueRequest)[kContinueState];
	return state === PENDING || state === WITHHELD;
}

/** A body parser or the final handler will not read this body: no `100 Continue` for it, ever. */
export function withholdContinue(req: IncomingMessage): void {
	const request = req as ContinueRequest;
	if (request[kContinueState] === PENDING) request[kContinueState] = WITHHELD;
}
