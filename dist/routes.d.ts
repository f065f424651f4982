/**
 * Route listing (beyond Express 4): `app.routes()` and `router.routes()`.
 *
 * Walks the router stacks at call time (routes added later appear) and
 * returns every middleware, route, mounted router and mounted app in
 * registration order, depth first, with the path as written, the full path
 * through every mount point, the methods and the handler names. Reads only
 * what the layers already hold, so it costs nothing until called.
 *
 * @example
 * console.log(app.routes().toString());
 */
import { Layer } from './router/layer';
import type { PathInput } from './router/matcher';
/** On the function `app.use` mounts for a sub-app: the sub-app (listing, tracing). */
export declare const kMountedApp: unique symbol;
export type RouteKind = 'middleware' | 'route' | 'router' | 'app';
/** One entry of `app.routes()`: a middleware, a route, or a mounted router or app. */
export interface RouteEntry {
    kind: RouteKind;
    /**
     * Upper-case methods a route answers, in the order they were added (`ALL` for
     * `route.all()`); empty for middleware, routers and apps (they see every method).
     */
    methods: string[];
    /** The path exactly as written: a string, a RegExp, or an array of them. */
    pattern: PathInput;
    /** Each path written, as text: a string as is, a RegExp as `/source/flags`. */
    paths: string[];
    /** The first of `fullPaths`. */
    fullPath: string;
    /** Every full path: each mount point's path joined with each path of this entry. */
    fullPaths: string[];
    /** Handler names (`<anonymous>` for an unnamed function); a router is `router`, an app `mounted_app`. */
    handlers: string[];
    /** How many routers or apps this entry is mounted under (0: the app's own stack). */
    depth: number;
}
/** The list `routes()` returns: an array with a table form for printing at startup. */
export declare class RouteList extends Array<RouteEntry> {
    /** `map`, `filter` and `slice` give plain arrays. */
    static get [Symbol.species](): ArrayConstructor;
    /** One line per entry: methods, full path, kind and handlers, aligned in columns. */
    toString(): string;
}
/** The entries of a router stack (`app._router.stack` or `router.stack`). */
export declare function listRoutes(stack: readonly Layer[] | undefined): RouteList;
/** `/api` + `/users` = `/api/users`; `/api` + `/` = `/api`; `` + `/x` = `/x`. */
export declare function joinPath(prefix: string, path: string): string;
/** The table form: `METHODS  PATH  KIND  HANDLERS`, nested entries indented by depth. */
export declare function formatRoutes(entries: readonly RouteEntry[]): string;
