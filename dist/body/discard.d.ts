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
 *   pauses until the answer is written, then the connection closes); once the answer is
 *   written, at most 5 s in all and 1 s without input, then the connection closes.
 *
 * None of this runs for the common case: a request whose body was read completely is
 * answered at once. It allocates one small state object per drained request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
/** The bounds; a plain object so tests can shorten the times (never changed at run time). */
export declare const discardBounds: {
    /** Bytes drained before answering, at least (a parser's `limit` raises it). */
    drainBytes: number;
    drainMs: number;
    /** Bytes discarded after the decision to answer early. */
    lingerBytes: number;
    lingerMs: number;
    /** The longest pause in the client's input that draining or lingering waits out. */
    idleMs: number;
};
/** Whether `discardBody` gave up draining `req` and is having it answered at once. */
export declare function isAnsweredEarly(req: IncomingMessage): boolean;
/**
 * Reads and discards the rest of `req`'s body, then calls `onDone` (which answers).
 * `limit` raises the drain bound (a parser's limit); `consumed` is how many bytes of a
 * declared Content-Length were already read, so the unread rest can be judged up front.
 * A request without a socket (a stand-in, or HTTP/2) is drained as Express does.
 */
export declare function discardBody(req: IncomingMessage, res: ServerResponse, limit: number, consumed: number, onDone: () => void): void;
