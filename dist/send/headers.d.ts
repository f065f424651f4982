/**
 * Response headers of a file and the HTTP validators that read them, as send
 * 0.19 does: headers already set on the response (by `setHeaders`, the
 * `headers` option or earlier middleware) win over computed ones, and the
 * conditional checks read the response's own `ETag`/`Last-Modified`.
 */
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SendConfig } from './config';
/** Sets Accept-Ranges, Cache-Control, Last-Modified and ETag, each unless already present. */
export declare function setFileHeaders(res: ServerResponse, stat: Stats, config: SendConfig): void;
/** Sets Content-Type from the file extension (with the charset of text types) unless already set. */
export declare function setContentType(res: ServerResponse, path: string): void;
export declare function isConditionalGet(req: IncomingMessage): boolean;
/** If-Match / If-Unmodified-Since failed: the response is 412. */
export declare function isPreconditionFailure(req: IncomingMessage, res: ServerResponse): boolean;
/** 2xx and 304 responses are cacheable (RFC 7232); others never answer 304. */
export declare function isCacheable(res: ServerResponse): boolean;
export declare function isFresh(req: IncomingMessage, res: ServerResponse): boolean;
/** If-Range matches the response's ETag (a header value with a quote) or Last-Modified date. */
export declare function isRangeFresh(req: IncomingMessage, res: ServerResponse): boolean;
/** A `Range` header of the bytes unit: send's /^ *bytes=/ as a scan. */
export declare function isBytesRange(range: string | undefined): range is string;
/**
 * Removes the headers that describe a body, for a 304.
 */
export declare function removeContentHeaders(res: ServerResponse): void;
