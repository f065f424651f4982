/**
 * WebSocket routes (beyond Express 4): `router.ws(path, [options], ...handlers)`.
 *
 * A `ws` route is a route whose only "method" is the WebSocket upgrade
 * (`route.methods.ws`): the dispatch (dispatch.ts) lets an upgrade request —
 * one carrying `kUpgrade`, set by the app's upgrade listener (src/core/ws/index.ts)
 * — into `ws` routes only (middleware sees it as usual), and never lets an
 * ordinary request into a `ws` route. The
 * handlers before the last are ordinary `(req, res, next)` handlers that run
 * before the handshake (they may refuse it with an HTTP answer); the last one
 * is called with `(ws, req, next)` once the handshake is done. The router
 * knows nothing of the `ws` package: the handshake is the marker's `accept`.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { flatten } from '../base/utils';
import { veloxError } from '../errors';
import { Layer } from './layer';
import type { AnyHandler, Next } from './types';
import type { PathInput, PathOptions } from './matcher';
import { Route } from './route';
import { linePolicy } from '../lines';

const { routeLayerHandle } = linePolicy().router;

/** On an upgrade request while the app dispatches it: what a `ws` route's last handler calls. */
export const kUpgrade: unique symbol = Symbol('velox.upgrade');

/** A `ws` route's last handler: the open socket, the request, `next`. */
export type WebSocketHandlerFn = (ws: unknown, req: IncomingMessage, next: Next) => unknown;

/** What the app's upgrade listener puts on the request under `kUpgrade` (src/core/ws/index.ts). */
export interface UpgradeMarker {
	/** Completes the handshake (or reuses the socket already opened) and calls `handler(ws, req, next)`. */
	accept(req: IncomingMessage, res: ServerResponse, handler: WebSocketHandlerFn, options: object | undefined, next: Next): void;
}

type UpgradeRequest = IncomingMessage & { [kUpgrade]?: UpgradeMarker };

/** A route that takes WebSocket upgrades only (see above). */
export class WsRoute extends Route {
	/** The options given to `ws(path, options, …)`, merged over the app's `ws options` setting at the handshake. */
	readonly #options: object | undefined;

	constructor(path: PathInput, options: object | undefined) {
		super(path);
		this.#options = options;
		this.methods.ws = true;
	}

	wsOptions(): object | undefined {
		return this.#options;
	}

	override dispatch(req: IncomingMessage, res: ServerResponse, done: Next): void {
		// A HEAD request may enter a route without GET or HEAD (as in Express 4): not an upgrade, pass it on.
		if ((req as UpgradeRequest)[kUpgrade] === undefined) {
			done();
			return;
		}
		super.dispatch(req, res, done);
	}

	/** An OPTIONS answer lists no method for a WebSocket route. */
	override _options(): string[] {
		return [];
	}
}

/** A `ws` route's last layer: hands the request to the marker's `accept` with the user's handler. */
function finalLayerHandle(route: WsRoute, handler: WebSocketHandlerFn): AnyHandler {
	const accept = function websocket(req: IncomingMessage, res: ServerResponse, next: Next): void {
		(req as UpgradeRequest)[kUpgrade]!.accept(req, res, handler, route.wsOptions(), next);
	};
	// Listings and traces show the user's function, as for any handler.
	Object.defineProperty(accept, 'name', { configurable: true, value: handler.name });
	return accept;
}

type RouterLike = { caseSensitive: boolean | undefined; strict: boolean | undefined; stack: Layer[] };

/** Called whenever a `ws` route is added, with its options (the app wires its servers' upgrades; see application.ts). */
let onWsRoute: ((options: object | undefined) => void) | undefined;
/** How many `ws` routes were added in this process (the upgrade wiring re-checks servers when it grows). */
let wsRouteCount = 0;

export function whenWsRouteAdded(hook: (options: object | undefined) => void): void {
	onWsRoute = hook;
	if (wsRouteCount !== 0) hook(undefined);
}

export function wsRoutesAdded(): number {
	return wsRouteCount;
}

/** `router.ws(path, [options], ...handlers)`: one route layer, as `router.route(path)` adds. */
export function addWsRoute(router: RouterLike, path: PathInput, args: unknown[]): void {
	let options: object | undefined;
	let rest = args;
	if (args.length !== 0 && args[0] !== null && typeof args[0] === 'object' && !Array.isArray(args[0])) {
		options = args[0] as object;
		rest = args.slice(1);
	}
	const handlers = flatten(rest);
	if (handlers.length === 0) throw veloxError('VELOX_ERR_WS_HANDLER', 'undefined');
	for (const handler of handlers) {
		if (typeof handler !== 'function') throw veloxError('VELOX_ERR_WS_HANDLER', Object.prototype.toString.call(handler));
	}
	// The wiring first: it throws when the ws package is missing, before anything is registered.
	if (onWsRoute !== undefined) onWsRoute(options);
	wsRouteCount++;
	const route = new WsRoute(path, options);
	const last = handlers.length - 1;
	for (let i = 0; i < handlers.length; i++) {
		const handle = i === last ? finalLayerHandle(route, handlers[i] as WebSocketHandlerFn) : (handlers[i] as AnyHandler);
		const inner = new Layer('/', {}, handle);
		inner.method = undefined;
		route.stack.push(inner);
	}
	const pathOptions: PathOptions = { sensitive: router.caseSensitive, strict: router.strict, end: true };
	// Load-bearing name, as in `router.route`: the line's (`bound dispatch`, `handle`) marks a route's layer for tracing tools.
	const layer = new Layer(path, pathOptions, routeLayerHandle(route));
	layer.route = route;
	router.stack.push(layer);
}
