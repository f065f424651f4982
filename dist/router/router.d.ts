/**
 * The router: Express 4's `Router` factory and prototype (`use`, `route`,
 * `param`, the method adders, `process_params`). A router is a function with
 * an ordered `stack` of layers; `handle` walks it for one request through a
 * `Dispatch` (dispatch.ts), which follows Express 4's dispatch to the letter
 * (`next('route')`, `next('router')`, error layers of arity 4, param callbacks
 * once per value, `req.url`/`req.baseUrl` stripped and restored, automatic
 * OPTIONS and HEAD) and asks a candidate cursor (candidates.ts) which layers
 * may match: a trie of the segments every match must have (segment-index.ts)
 * from 16 layers, so finding a route costs the same at 10 or 5,000 routes
 * whatever they share, still in registration order.
 *
 * Express internals that ecosystem code reads stay as Express has them:
 * `router.stack`, `process_params`, the `router` function name, layers'
 * `handle_request`/`route`/`regexp`/`keys`/`name`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IndexedRouter, kRouteIndex } from './candidates';
import { kFinalHandler } from './dispatch';
import { Layer, Next } from './layer';
import type { PathInput } from './matcher';
import { MethodName } from './methods';
import { Route } from './route';
import { RouteList } from '../routes';
import { kQueryParser } from '../symbols';
import type { RequestView } from '../model';
import type { RouterOptions } from '../types/router';
export { kFinalHandler };
/** What the router reads and sets on a request (the members are declared in model.ts). */
export type RoutedRequest = RequestView<'url' | 'method' | 'baseUrl' | 'originalUrl' | 'params' | 'next' | 'route' | typeof kQueryParser>;
/**
 * Creates on `req`, unless an outer app already did, the own properties the router sets before
 * any handler runs, and the query parser `req.query` will use; returns whether it did. Called by
 * `app.handle` (HTTP/1) and the HTTP/2 entry before they swap the request's prototype.
 * Hot path — measured (http.createServer(app)): properties first added after a prototype swap
 * cost ~15 µs per request in all, so they are created before it.
 */
export declare function initRoutingState(req: RoutedRequest, queryParser: RoutedRequest[typeof kQueryParser]): boolean;
export type ParamCallback = (req: IncomingMessage, res: ServerResponse, next: Next, value: unknown, name: string | number) => unknown;
type ParamFactory = (name: string, fn: unknown) => unknown;
export type FinalHandler = (req: IncomingMessage, res: ServerResponse, err: unknown) => void;
export interface ParamCalled {
    error: unknown;
    match: unknown;
    value: unknown;
}
/** `router.all(path, …)` and the per-method adders (`router.get`, …), put on the factory by name below. */
type RouterMethods = {
    [M in MethodName | 'all']: (path: PathInput, ...handlers: unknown[]) => Router;
};
export interface Router extends RouterMethods {
    (req: IncomingMessage, res: ServerResponse, next?: Next): void;
    params: Record<string, ParamCallback[]>;
    _params: ParamFactory[];
    caseSensitive: boolean | undefined;
    mergeParams: boolean | undefined;
    strict: boolean | undefined;
    stack: Layer[];
    [kFinalHandler]?: FinalHandler;
    [kRouteIndex]?: IndexedRouter[typeof kRouteIndex];
    handle(req: IncomingMessage, res: ServerResponse, out?: Next): void;
    process_params(layer: Layer, called: Record<string, ParamCalled>, req: IncomingMessage, res: ServerResponse, done: Next): void;
    param(name: string | ParamFactory, fn?: unknown): Router | undefined;
    use(...args: unknown[]): Router;
    route(path: PathInput): Route;
    routes(): RouteList;
}
/** The factory, which is also every router's prototype (as in Express 4): it carries the methods. */
export type RouterFactory = ((options?: RouterOptions) => Router) & Pick<Router, 'handle' | 'process_params' | 'param' | 'use' | 'route' | 'routes' | keyof RouterMethods>;
/** The router factory, also the prototype of every router (as in Express 4). */
export declare const Router: RouterFactory;
