/**
 * The headers `res.send` sets on every response (Content-Type, Content-Length,
 * ETag), stored the way node's own `setHeader` stores them, without its
 * per-call checks.
 *
 * Measured (in-process, node 20, the machine shared): four `setHeader` calls
 * cost 3–4× the same four stores made directly — each call validates the
 * name against the token grammar, the value against the header-character
 * grammar, and lower-cases the name. For names that are constants and
 * values Velox made itself (a decimal length, a hash, a MIME type from its
 * own table) those checks cannot fail, so they are skipped.
 *
 * Nothing observable changes:
 * - the store is node's own table (`getHeader`, `getHeaders`, `hasHeader`,
 *   `removeHeader`, `writeHead` and the head node writes read it as if
 *   `setHeader` had been called), checked once at startup on a real
 *   ServerResponse: if this node stores headers differently, every call goes
 *   through `setHeader`;
 * - a response whose `setHeader` was replaced or wrapped (by a middleware,
 *   a test spy, an agent patching the prototype before or after Velox
 *   loads) gets the call, as in Express;
 * - once the head is sent, `setHeader` runs and throws ERR_HTTP_HEADERS_SENT
 *   exactly as Express's `res.set` would.
 */
import { ServerResponse } from 'node:http';
/** `res.setHeader('Content-Type', value)` for a valid `value`. */
export declare function setContentType(res: ServerResponse, value: string): void;
/** `res.setHeader('Content-Length', value)` for a length (a number stays a number, as with `setHeader`). */
export declare function setContentLength(res: ServerResponse, value: string | number): void;
/** `res.setHeader('ETag', value)` for an ETag Velox computed. */
export declare function setETag(res: ServerResponse, value: string): void;
/** `res.setHeader('X-Powered-By', value)` for a constant `value`. */
export declare function setPoweredBy(res: ServerResponse, value: string): void;
/** `res.getHeader('content-type')`. */
export declare function getContentType(res: ServerResponse): unknown;
/** `res.getHeader('etag')`. */
export declare function getETag(res: ServerResponse): unknown;
/**
 * The final handler's three removals (`res.removeHeader` of Content-Encoding, Content-Language,
 * Content-Range, in that order): none of them is a name node's `removeHeader` gives a meaning
 * of its own, and removing a header that is not set changes nothing, so the common case is three
 * lookups; a header that is set, a replaced `removeHeader` or a sent head gets node's call.
 */
export declare function removeErrorPageHeaders(res: ServerResponse): void;
/** The final handler's `Content-Security-Policy: default-src 'none'` and `X-Content-Type-Options: nosniff`. */
export declare function setErrorPageHeaders(res: ServerResponse): void;
