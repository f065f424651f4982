/**
 * In-process requests (beyond Express 4): `app.inject(request)` dispatches a
 * request through the app without opening a socket, and resolves with what a
 * client would have received.
 *
 * The request and response are node's own `http.IncomingMessage` and
 * `http.ServerResponse`, on a stand-in socket (a `Duplex` with the address
 * fields of `net.Socket`), so middleware that reads `req.socket` works and the
 * response goes through node's own HTTP/1.1 writer: status line, `Date`,
 * chunked encoding and all. The socket keeps those bytes; the result is parsed
 * from them, so it is exactly what the wire would have carried.
 *
 * @example
 * const res = await app.inject({ method: 'POST', url: '/users', body: { name: 'Ada' } });
 * assert.equal(res.statusCode, 201);
 * assert.equal(res.json().name, 'Ada');
 */
import { IncomingMessage, IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
type HeaderValue = string | number | readonly string[] | undefined;
type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;
/** What to send; every field is optional (`GET /` by default). A string is the same as `{ url }`. */
export interface InjectOptions {
    /** The request method (default `GET`), upper-cased. */
    method?: string;
    /**
     * The request target as sent on the request line (default `/`): `/path?query`, or an
     * absolute URL (absolute-form, as sent to proxies), which also sets the `Host` header unless given.
     */
    url?: string;
    /** Appended to `url`'s query: a string (without `?`), an object (arrays repeat the key) or URLSearchParams. */
    query?: string | URLSearchParams | Record<string, QueryValue>;
    /** Request headers; an array value sends the header once per entry. `Host` defaults to `localhost`. */
    headers?: Record<string, HeaderValue>;
    /** Sent as one `Cookie` header (`name=value; …`, values URI-encoded), after any `cookie` in `headers`. */
    cookies?: Record<string, string>;
    /**
     * The request body: a string or bytes (with `Content-Length`), a readable stream (sent
     * chunked unless `Content-Length` is given), or any other value as JSON (with
     * `Content-Type: application/json` unless given).
     */
    body?: string | Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array | string> | object | number | boolean | null;
    /** The client's address, `req.socket.remoteAddress` (default `127.0.0.1`). */
    remoteAddress?: string;
    /** The client's port (default 54321). */
    remotePort?: number;
    /** A TLS socket (`req.socket.encrypted`, so `req.protocol` is `https`); default false. */
    encrypted?: boolean;
}
/** What the client receives, parsed from the bytes the app wrote. */
export interface InjectResponse {
    statusCode: number;
    /** Same as `statusCode` (supertest's name). */
    status: number;
    statusMessage: string;
    /** Header names lower-cased; duplicates combined as node's HTTP client does (`set-cookie` always an array). */
    headers: IncomingHttpHeaders;
    /** Names and values as sent, alternating. */
    rawHeaders: string[];
    /** Trailers of a chunked response. */
    trailers: Record<string, string>;
    /** The body bytes as sent (still compressed if the app compressed it; empty for HEAD, 204 and 304). */
    body: Buffer;
    /** The body decoded as UTF-8. */
    text: string;
    /** The body parsed as JSON (throws a SyntaxError when it is not JSON). */
    json<T = unknown>(): T;
    /** Every byte the app wrote to the socket, status line and headers included. */
    raw: Buffer;
}
type Dispatcher = (req: IncomingMessage, res: ServerResponse) => void;
/** `app.inject(options)`: see InjectOptions and InjectResponse. */
export declare function injectRequest(app: Dispatcher, input?: InjectOptions | string): Promise<InjectResponse>;
export {};
