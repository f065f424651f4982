/**
 * The router's shared types: what a handler is, what it calls to pass control on, and what the
 * router reads and sets on a request and a route. Types only; the classes are in layer.ts,
 * route.ts and router.ts.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { PathInput } from './matcher';

/** What the router reads of a route's own layers (the route listing: each handler's name). */
export interface RouteStackEntry {
	readonly name: string;
}

/** What a handler calls to pass control on: nothing, an error, or `'route'` / `'router'`. The one declaration of `next` inside Velox; the public one is `NextFunction` (src/core/types/handlers.ts). */
export type Next = (err?: unknown) => void;
export type RequestHandlerFn = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
export type ErrorHandlerFn = (err: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
/** A layer's function: a handler, or an error handler (four parameters; told apart by `length`, as in Express). */
export type AnyHandler = RequestHandlerFn | ErrorHandlerFn;

export type ParamsRecord = Record<string | number, string | undefined>;

/**
 * The route a route's layer leads to, as the router sees it (route.ts's `Route` is one): the
 * dispatch asks it which methods it handles, the route listing reads its handlers.
 */
export interface LayerRoute {
	path: PathInput;
	stack: RouteStackEntry[];
	methods: Record<string, boolean>;
	_handles_method(method: string): boolean;
	_options(): string[];
}

/**
 * What the router reads and sets on a request (`initRoutingState`, dispatch.ts). The app's model
 * of the request (`VeloxRequest`, types/model.ts) extends it.
 */
export interface RoutedRequest extends IncomingMessage {
	// Set by node's HTTP parser on every request a server receives (node types them optional).
	url: string;
	method: string;
	baseUrl?: string;
	originalUrl?: string;
	params?: ParamsRecord;
	next?: Next;
	route?: LayerRoute;
}
