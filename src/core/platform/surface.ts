/**
 * The shapes the platform seam probes and stores into: node's objects as `detect` sees them, and
 * the fields of a response that @types/node does not declare. Types only.
 */
import type http from 'http';
import type { IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';
import type { HeaderValue } from '../base/headers';

/** The node objects `detect` probes: node's own, or stand-ins for another node (tests). */
export interface NodeSurface {
	readonly IncomingMessage: new (socket: Socket) => IncomingMessage;
	readonly ServerResponse: { new (req: IncomingMessage): ServerResponse; readonly prototype: ServerResponse };
	readonly Server: new (options: http.ServerOptions) => object;
}

/** node's header table of an outgoing message: lower-cased name → [name as set, value]. */
export type HeaderTable = Record<string, [string, HeaderValue] | undefined>;

/** An HTTP/2 response's header map: lower-cased name → value. */
export type Http2Headers = Record<string | symbol, HeaderValue | undefined>;

export type HeaderMethods = Pick<ServerResponse, 'setHeader' | 'getHeader' | 'removeHeader'>;

/** A response's header methods, HTTP/1.1 or HTTP/2 (node's HTTP/2 ones are typed apart from `ServerResponse`'s). */
export type ResponseHeaderMethods = {
	setHeader(name: string, value: HeaderValue): unknown;
	getHeader(name: string): unknown;
	removeHeader(name: string): unknown;
};

/**
 * A response with what the header stores read and @types/node does not declare: the head once
 * written (`_header`, null before; what `headersSent` reads) and node's symbol-keyed fields.
 */
export type Outgoing = ServerResponse & { _header: string | null; getRawHeaderNames(): string[]; [key: symbol]: unknown };
