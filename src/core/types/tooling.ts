/**
 * Types of the members Velox adds beyond Express 4 (issue 16): route listing
 * (`app.routes()`, `router.routes()`) and in-process requests (`app.inject()`).
 * Declared by augmentation so the Express-shaped interfaces stay as they are.
 * Tracing's channel messages are typed in `velox/otel`'s neighbour, tracing.ts.
 */
import type { InjectOptions, InjectResponse } from '../inject';
import type { RouteEntry, RouteKind, RouteList } from '../router/listing';
import type { LayerMessage, LayerType, RequestMessage } from '../tracing';
import type { Router } from 'express-serve-static-core';
import type { WebSocketRouteMatcher } from './realtime';

export type { InjectOptions, InjectResponse, LayerMessage, LayerType, RequestMessage, RouteEntry, RouteKind, RouteList };

// On what `velox()` and `velox.Router()` return, not on the `Application`/`Router` names: those stay
// exactly @types/express's shapes, assignable both ways with @types/express (see docs/design.md).
declare module 'express-serve-static-core' {
	interface Express {
		/**
		 * Every middleware, route, mounted router and mounted app, in registration order
		 * (mounted ones expanded in place), computed now. `String(app.routes())` is a table.
		 *
		 * @example
		 * console.log(app.routes().toString());
		 */
		routes(): RouteList;
		/**
		 * Dispatches a request through the app in process, without a socket, and resolves with
		 * the response as a client would receive it. A string is the URL of a GET.
		 *
		 * @example
		 * const res = await app.inject({ method: 'POST', url: '/users', body: { name: 'Ada' } });
		 * res.statusCode; res.json();
		 */
		inject(options?: InjectOptions | string): Promise<InjectResponse>;
	}
}

/** What `velox.Router()` returns: a router that also lists its routes. */
export interface ListedRouter extends Router {
	/** The router's middleware, routes and mounts, as `app.routes()` lists them (paths relative to the router). */
	routes(): RouteList;
	/** Beyond Express 4: a WebSocket route (docs/api/websockets.md). */
	ws: WebSocketRouteMatcher<this>;
}
