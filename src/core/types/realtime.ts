// biome-ignore-all lint/suspicious/noExplicitAny: the type parameters must repeat the Request declaration, which mirrors @types/express
/**
 * Types of the real-time members beyond Express 4 (docs/api/websockets.md, sse.md):
 * `app.ws()` / `router.ws()` and their handlers, `res.sse()` and its stream,
 * `req.lastEventId`. Declared by augmentation so the Express-shaped interfaces
 * stay as they are; nothing here needs the `ws` package's own types.
 */
import type { EventEmitter } from 'events';
import type { EventOptions, EventStream, EventStreamOptions } from '../response/sse';
import type { WebSocketOptions } from '../ws/options';
import type { NextFunction, ParamsDictionary, PathParams, Request, RequestHandler, RouteParameters } from 'express-serve-static-core';

export type { EventOptions, EventStream, EventStreamOptions, WebSocketOptions };

/** Data a WebSocket sends. */
export type WebSocketData = string | Buffer | ArrayBuffer | ArrayBufferView;

/**
 * The open socket a `ws` route's last handler receives: an instance of the `ws` package's
 * `WebSocket`, described here by what most handlers use. With `@types/ws` installed, name the
 * handler's first parameter `import('ws').WebSocket` to get the full type.
 */
export interface WebSocket extends EventEmitter {
	/** 0 connecting, 1 open, 2 closing, 3 closed. */
	readonly readyState: 0 | 1 | 2 | 3;
	/** The subprotocol the handshake chose (`''` for none). */
	readonly protocol: string;
	/** Bytes queued to be sent (see the `highWaterMark` and `maxBufferedAmount` options). */
	readonly bufferedAmount: number;
	send(data: WebSocketData, callback?: (err?: Error) => void): void;
	send(data: WebSocketData, options: { binary?: boolean; compress?: boolean; fin?: boolean }, callback?: (err?: Error) => void): void;
	/** Starts the closing handshake (1000 by default). */
	close(code?: number, reason?: string | Buffer): void;
	/** Destroys the connection at once. */
	terminate(): void;
	ping(data?: any, mask?: boolean, callback?: (err: Error) => void): void;
	/** Stops reading the peer's messages until `resume()`. */
	pause(): void;
	resume(): void;
	on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): this;
	on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
	on(event: 'error', listener: (err: Error) => void): this;
	on(event: 'ping' | 'pong', listener: (data: Buffer) => void): this;
	on(event: string | symbol, listener: (...args: any[]) => void): this;
	once(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): this;
	once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
	once(event: string | symbol, listener: (...args: any[]) => void): this;
}

/** A `ws` route's last handler: called once the handshake is done, with the open socket. */
export type WebSocketHandler<P = ParamsDictionary, WS = WebSocket> = (ws: WS, req: Request<P>, next: NextFunction) => unknown;

/**
 * `app.ws(path, [options], ...handlers)`: the handlers before the last are ordinary
 * `(req, res, next)` handlers that run before the handshake (and may refuse it with an HTTP
 * answer); the last is a `WebSocketHandler`. `req.params` is typed from the path literal.
 *
 * @example
 * app.ws('/rooms/:room', requireUser, (ws, req) => {
 *   ws.on('message', (data) => ws.send(`${req.params.room}: ${data}`));
 * });
 */
export interface WebSocketRouteMatcher<T> {
	// Written out per count of handlers before the socket's (not a tuple with a leading rest
	// element, which TypeScript reads from 4.2 on only).
	<Route extends string, WS = WebSocket>(path: Route, handler: WebSocketHandler<RouteParameters<Route>, WS>): T;
	<Route extends string, WS = WebSocket>(path: Route, first: RequestHandler<RouteParameters<Route>>, handler: WebSocketHandler<RouteParameters<Route>, WS>): T;
	<Route extends string, WS = WebSocket>(
		path: Route,
		first: RequestHandler<RouteParameters<Route>>,
		second: RequestHandler<RouteParameters<Route>>,
		handler: WebSocketHandler<RouteParameters<Route>, WS>,
	): T;
	<Route extends string, WS = WebSocket>(path: Route, options: WebSocketOptions, handler: WebSocketHandler<RouteParameters<Route>, WS>): T;
	<Route extends string, WS = WebSocket>(
		path: Route,
		options: WebSocketOptions,
		first: RequestHandler<RouteParameters<Route>>,
		handler: WebSocketHandler<RouteParameters<Route>, WS>,
	): T;
	<Route extends string, WS = WebSocket>(
		path: Route,
		options: WebSocketOptions,
		first: RequestHandler<RouteParameters<Route>>,
		second: RequestHandler<RouteParameters<Route>>,
		handler: WebSocketHandler<RouteParameters<Route>, WS>,
	): T;
	/**
	 * The loose forms, last: any number of handlers (the last one gets the socket). They also keep
	 * Velox's routers assignable where @types/express-ws's `router.ws` is declared.
	 */
	(path: PathParams, ...handlers: Array<RequestHandler | WebSocketHandler<ParamsDictionary, any>>): T;
	(path: PathParams, options: WebSocketOptions, ...handlers: Array<RequestHandler | WebSocketHandler<ParamsDictionary, any>>): T;
}

declare module 'express-serve-static-core' {
	interface Express {
		/** Beyond Express 4: a WebSocket route (docs/api/websockets.md). */
		ws: WebSocketRouteMatcher<this>;
	}

	interface Request<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> {
		/**
		 * The `Last-Event-ID` header: the id of the last event an EventSource received, sent when it
		 * reconnects to an event stream (`res.sse()`). Undefined without the header.
		 */
		readonly lastEventId?: string;
	}

	interface Response<ResBody, LocalsObj extends Record<string, any>, StatusCode extends number> {
		/**
		 * Beyond Express 4: sends the head of a Server-Sent Events stream and returns the stream
		 * (docs/api/sse.md). Typed optional, as `req.signal`, so that handlers stay assignable
		 * where @types/express's are expected: call it as `res.sse!()` in TypeScript.
		 *
		 * @example
		 * const stream = res.sse!();
		 * stream.send({ time: Date.now() }, { event: 'tick', id: 1 });
		 */
		sse?(options?: EventStreamOptions): EventStream;
	}
}
