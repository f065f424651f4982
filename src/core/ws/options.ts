/** The options of a `ws` route (docs/api/websockets.md), apart from ws-socket.ts so that the public types never reach the `ws` package's. */
import type { IncomingMessage } from 'http';

/**
 * Options of a `ws` route (`app.ws(path, options, handler)`), also read from the app setting
 * `ws options` (the route's win). Sizes are bytes, times milliseconds.
 */
export interface WebSocketOptions {
	/** The largest message (or frame) accepted; a larger one closes the socket with 1009. Default 1 MiB. */
	maxPayload?: number;
	/**
	 * The `Origin` values a browser may connect from (`'https://example.com'`), or a function that
	 * decides. A handshake with another `Origin` is refused with 403 before it completes; one
	 * without `Origin` (not a browser) is let through. Default: not checked.
	 */
	origins?: readonly string[] | ((origin: string, req: IncomingMessage) => boolean);
	/** How often each socket is pinged; one that has not answered the previous ping is dropped. `false` or 0: never. Default 30 s. */
	heartbeat?: number | false;
	/** While more than this waits to be sent to the peer, its messages are not read (TCP slows it down). Default 1 MiB. */
	highWaterMark?: number;
	/** When more than this waits to be sent to the peer (it stopped reading), the connection is dropped. Default 16 MiB. */
	maxBufferedAmount?: number;
	/** permessage-deflate, as the `ws` package takes it. Default `false`. */
	perMessageDeflate?: boolean | object;
	/** Picks the subprotocol among those the client offers (as the `ws` package takes it). Default: the first. */
	handleProtocols?: (protocols: Set<string>, req: IncomingMessage) => string | false;
}
