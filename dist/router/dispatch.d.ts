/**
 * One traversal of a router's stack by one request: Express 4's
 * `router.handle` as an object. Its fields are what Express keeps in the
 * closure of `next` (the position, the prefix removed from `req.url`, the
 * synchronous-call counter, the OPTIONS methods seen); its methods are the
 * steps of `next`: find the next matching layer, enter it, trim the prefix
 * for middleware, finish. Which positions are tried is the candidate
 * cursor's business (candidates.ts); what a match means is Express's.
 *
 * Hot path — change with care: per traversal this allocates the object, its
 * cursor and the one `next` function; nothing per layer, and the param
 * callback closure only when the router has param callbacks for the layer.
 */
import type { ServerResponse } from 'node:http';
import type { Next } from './layer';
import type { RoutedRequest, Router } from './router';
/** Called when the stack is exhausted and no `out` was given (the app's final handler). */
export declare const kFinalHandler: unique symbol;
export declare class Dispatch {
    private readonly router;
    private readonly req;
    private readonly res;
    private readonly out;
    /** `req.next` and every handler's `next`. */
    readonly next: Next;
    private readonly stack;
    private readonly cursor;
    private readonly protohost;
    private readonly parentParams;
    private readonly parentUrl;
    private readonly savedBaseUrl;
    private readonly savedNext;
    /** The next stack position to consider. */
    private idx;
    /** The path the cursor was positioned for. */
    private cursorPath;
    /** The `req.url` whose pathname `path` is (see `step`). */
    private url;
    private path;
    /** The mount path stripped from `req.url` for the current middleware. */
    private removed;
    private slashAdded;
    /** Synchronous `next` calls in a row (deep chains yield to the event loop). */
    private sync;
    private paramCalled;
    /** Methods of the routes an OPTIONS request matched by path. */
    private options;
    /** The error pending after `findMatch` (a layer's match may throw one). */
    private pendingError;
    /** The route of the layer `findMatch` returned, if any. */
    private matchedRoute;
    constructor(router: Router, req: RoutedRequest, res: ServerResponse, out: Next | undefined);
    /**
     * Express's `next(err)`; `router.handle` makes the first call. Stack depth
     * matters here (nested routers recurse through it, Express 4 goes 1,000
     * deep): `step` calls the layer's handler directly, no frame between.
     */
    step(err: unknown): void;
    /**
     * The next layer that matches `path` and takes the request (a route must
     * handle the method, and no route takes a pending error), as Express's
     * loop finds it; undefined when there is none. Leaves the pending error
     * (`layerError`, or one a matcher threw) in `pendingError`.
     */
    private findMatch;
    /**
     * Sets `req.route` and `req.params`; true to go on to the layer at once,
     * false when param callbacks run first (they call `proceed`).
     */
    private enter;
    /** Runs the layer: a route, or middleware with its mount path trimmed (error handlers for an error). */
    private proceed;
    /** Middleware sees `req.url` without its mount path; false if the path does not break there. */
    private trimPrefix;
    /** Undoes `trimPrefix` when control comes back from the middleware. */
    private restoreUrl;
    /** The stack is done: the automatic OPTIONS answer if it applies, else `finish`. */
    done(err: unknown): void;
    /** Restores what the traversal changed on `req` and leaves the router. */
    private finish;
}
