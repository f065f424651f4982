/**
 * The unread rest of a request body whose answer no longer depends on it: a body parser
 * refused the request (413, 415, 400…), or the final handler answers a request whose body
 * nobody read. Two promises hold at once:
 *
 * - **Express 4's behaviour for clients that finish their request.** The rest of the body is
 *   read and thrown away, *then* the answer is written, and the connection stays usable for
 *   the next (or pipelined) request, as body-parser's `dump` and finalhandler do.
 * - **Bounded work for clients that never finish.** Draining stops at the bounds below.
 *   Past them the answer is written at once, marked `Connection: close` (node writes it
 *   where it writes `keep-alive`), and the connection is closed with a lingering close, as
 *   nginx and Apache do: after the answer the server half-closes and keeps reading and
 *   discarding input for a short, bounded while, so a client that is still sending gets to
 *   read the answer instead of having it destroyed by a TCP reset; then it closes.
 *
 * The bounds (docs/design.md, "Unread request bodies"):
 * - drain, before answering: at most `max(limit, 1 MiB)` unread bytes (a declared
 *   Content-Length that leaves more is answered at once), 10 s in all, 1 s without input;
 * - linger, after the decision to answer early: at most 1 MiB more is read (past it reading
 *   pauses, and the connection closes 1 s after the answer is written, time for the client to
 *   read it); once the answer is written, at most 5 s in all and 1 s without input, then the
 *   connection closes.
 *
 * None of this runs for the common case: a request whose body was read completely is
 * answered at once. It allocates one small state object per drained request.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';
import { isBodyUninvited, withholdContinue } from '../lifecycle/expect-continue';

/** The bounds; a plain object so tests can shorten the times (never changed at run time). */
export const discardBounds = {
	/** Bytes drained before answering, at least (a parser's `limit` raises it). */
	drainBytes: 1024 * 1024,
	drainMs: 10_000,
	/** Bytes discarded after the decision to answer early. */
	lingerBytes: 1024 * 1024,
	lingerMs: 5_000,
	/** The longest pause in the client's input that draining or lingering waits out. */
	idleMs: 1_000,
};

const DRAINING = 0;
const ANSWERING = 1;
const LINGERING = 2;
const DONE = 3;

/** Requests answered early (before their body ended) by `discardBody`. */
const answeredEarly = new WeakSet<IncomingMessage>();

/** Whether `discardBody` gave up draining `req` and is having it answered at once. */
export function isAnsweredEarly(req: IncomingMessage): boolean {
	return answeredEarly.has(req);
}

type Host = IncomingMessage & { [kDiscard]?: Discard | null };
const kDiscard: unique symbol = Symbol('velox.discard');

class Discard {
	readonly req: Host;
	readonly res: ServerResponse;
	readonly socket: Socket;
	readonly budget: number;
	readonly onDone: () => void;
	state = DRAINING;
	bytes = 0;
	/** Total time of the current phase. */
	timer: NodeJS.Timeout | null = null;
	/** Time without input. */
	idle: NodeJS.Timeout | null = null;

	constructor(req: Host, res: ServerResponse, socket: Socket, budget: number, onDone: () => void) {
		this.req = req;
		this.res = res;
		this.socket = socket;
		this.budget = budget;
		this.onDone = onDone;
	}
}

/**
 * Reads and discards the rest of `req`'s body, then calls `onDone` (which answers).
 * `limit` raises the drain bound (a parser's limit); `consumed` is how many bytes of a
 * declared Content-Length were already read, so the unread rest can be judged up front.
 * A request without a socket (a stand-in, or HTTP/2) is drained as Express does.
 */
export function discardBody(req: IncomingMessage, res: ServerResponse, limit: number, consumed: number, onDone: () => void): void {
	if (req.complete || req.readableEnded || req.destroyed) {
		onDone();
		return;
	}
	const socket = req.socket as Socket | null | undefined;
	if (socket === null || socket === undefined || req.httpVersionMajor >= 2 || typeof (socket as Partial<Socket>).destroySoon !== 'function') {
		drainUnbounded(req, onDone);
		return;
	}
	const budget = Math.max(limit, discardBounds.drainBytes);
	const host = req as Host;
	const discard = new Discard(host, res, socket, budget, onDone);
	host[kDiscard] = discard;
	host.on('data', onData);
	host.on('end', onEndOrClose);
	host.on('close', onEndOrClose);
	const declared = req.headers['content-length'];
	if (isBodyUninvited(req)) {
		// `Expect: 100-continue` and no continue sent: the client holds the body back, so answer
		// now, never inviting it (expect-continue.ts); node closes the connection after the answer.
		withholdContinue(req);
		answerEarly(discard);
		req.resume();
		return;
	}
	if (req.headers['transfer-encoding'] === undefined && declared !== undefined && Number(declared) - consumed > budget) {
		// The rest cannot fit the bound: no point reading it before answering.
		answerEarly(discard);
		req.resume();
		return;
	}
	// Unref'd, like every timer here: bounds on a connection, never a reason to keep the process up.
	discard.timer = setTimeout(answerEarly, discardBounds.drainMs, discard).unref();
	discard.idle = setTimeout(answerEarly, discardBounds.idleMs, discard).unref();
	req.resume();
}

/** Express 4's `dump`: read everything, then go on. */
function drainUnbounded(req: IncomingMessage, onDone: () => void): void {
	let called = false;
	const done = (): void => {
		if (called) return;
		called = true;
		req.removeListener('end', done);
		req.removeListener('close', done);
		onDone();
	};
	req.on('end', done);
	req.on('close', done);
	req.resume();
}

function clearTimers(discard: Discard): void {
	if (discard.timer !== null) clearTimeout(discard.timer);
	if (discard.idle !== null) clearTimeout(discard.idle);
	discard.timer = null;
	discard.idle = null;
}

function onData(this: Host, chunk: Buffer): void {
	const discard = this[kDiscard];
	if (discard === undefined || discard === null) return;
	discard.bytes += chunk.length;
	if (discard.idle !== null) discard.idle.refresh();
	if (discard.state === DRAINING) {
		if (discard.bytes > discard.budget) answerEarly(discard);
		return;
	}
	if (discard.bytes > discardBounds.lingerBytes) {
		if (discard.state === ANSWERING) {
			// Enough read while the answer is being written: let TCP hold the client back.
			this.pause();
		} else {
			closeAfterAnswer(discard);
		}
	}
}

/**
 * The body ended (drained in time: answer now, keep-alive; or ended while lingering), or the
 * request closed before its end (the client went away, or node answered a broken request):
 * both settle the discard alike, so one listener serves `end` and `close`.
 */
function onEndOrClose(this: Host): void {
	const discard = this[kDiscard];
	if (discard === undefined || discard === null) return;
	if (discard.state === DRAINING) {
		finish(discard);
		discard.onDone();
	} else if (discard.state === LINGERING) {
		closeAfterAnswer(discard);
	}
}

/** Gives up draining: the answer goes out now, with `Connection: close`, and the connection lingers. */
function answerEarly(discard: Discard): void {
	if (discard.state !== DRAINING) return;
	clearTimers(discard);
	discard.state = ANSWERING;
	discard.bytes = 0;
	const { req, res, socket } = discard;
	answeredEarly.add(req);
	if (!res.headersSent) {
		// node then writes `Connection: close` where it writes `keep-alive`, and once the answer
		// is written calls `socket.destroySoon()`, which becomes the lingering close below.
		res.shouldKeepAlive = false;
		socket.destroySoon = function lingeringDestroySoon(): void {
			linger(discard);
		};
	} else if (res.writableFinished) {
		// Someone answered already: the unread rest must not be parsed as the next request.
		closeAfterAnswer(discard);
	} else {
		res.once('finish', () => closeAfterAnswer(discard));
	}
	discard.onDone();
}

/** The answer is written: half-close, keep discarding input within the bounds, then close. */
function linger(discard: Discard): void {
	if (discard.state !== ANSWERING) return;
	discard.state = LINGERING;
	const { req, socket } = discard;
	// FIN after the answer: the client reads it to the end and knows no more will come.
	socket.end();
	if (req.complete || req.readableEnded || req.destroyed || discard.bytes > discardBounds.lingerBytes) {
		closeAfterAnswer(discard);
		return;
	}
	discard.timer = setTimeout(destroy, discardBounds.lingerMs, discard).unref();
	discard.idle = setTimeout(closeAfterAnswer, discardBounds.idleMs, discard).unref();
	// The client half-closed: it sends nothing more, so lingering is over.
	socket.once('end', () => closeAfterAnswer(discard));
	req.resume();
}

/** Closes once the answer has left (bounded by the linger timer, which destroys regardless). */
function closeAfterAnswer(discard: Discard): void {
	if (discard.state === DONE) return;
	const socket = discard.socket;
	if (discard.idle !== null) clearTimeout(discard.idle);
	discard.idle = null;
	discard.state = DONE;
	discard.req.pause();
	if (socket.destroyed) {
		destroy(discard);
		return;
	}
	// Input past the bound is still arriving, unread: closing would send a reset, which can make the
	// client's system discard the answer before the client read it. Reading stays paused (TCP holds
	// the client back) and the close waits the idle bound after the answer left.
	const afterAnswer = discard.bytes > discardBounds.lingerBytes ? () => graceThenDestroy(discard) : () => destroy(discard);
	socket.end();
	if (socket.writableFinished) afterAnswer();
	else socket.once('finish', afterAnswer);
	if (discard.timer === null) discard.timer = setTimeout(destroy, discardBounds.lingerMs, discard).unref();
}

function graceThenDestroy(discard: Discard): void {
	if (discard.idle === null && discard.socket.destroyed === false) discard.idle = setTimeout(destroy, discardBounds.idleMs, discard).unref();
}

function destroy(discard: Discard): void {
	finish(discard);
	discard.socket.destroy();
}

/** Stops listening; the request keeps whatever node does with it from here. */
function finish(discard: Discard): void {
	clearTimers(discard);
	if (discard.state !== DONE) discard.state = DONE;
	const req = discard.req;
	if (req[kDiscard] !== discard) return;
	req[kDiscard] = null;
	req.removeListener('data', onData);
	req.removeListener('end', onEndOrClose);
	req.removeListener('close', onEndOrClose);
}
