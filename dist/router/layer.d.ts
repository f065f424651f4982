/**
 * A layer: one path matcher and one handler. Route handlers, middleware and
 * mounted routers are all layers. Field names (`handle`, `name`, `params`,
 * `path`, `keys`, `regexp`, `method`, `route`) are Express 4's, because
 * `req.route.stack` and `app._router.stack` are read by real code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MatchKind, PathInput, PathKey, PathOptions } from './matcher';
import type { Route } from './route';
/** What a handler calls to pass control on: nothing, an error, or `'route'` / `'router'`. The one declaration of `next` inside Velox; the public one is `NextFunction` (src/types/handlers.ts). */
export type Next = (err?: unknown) => void;
export type RequestHandlerFn = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
export type ErrorHandlerFn = (err: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
/** A layer's function: a handler, or an error handler (four parameters; told apart by `length`, as in Express). */
export type AnyHandler = RequestHandlerFn | ErrorHandlerFn;
export type ParamsRecord = Record<string | number, string | undefined>;
/** On a layer: the path exactly as written at registration (route listing, tracing). */
export declare const kPattern: unique symbol;
type LayerRegExp = RegExp & {
    fast_star?: boolean;
    fast_slash?: boolean;
};
declare const kRegexp: unique symbol;
declare const kRunner: unique symbol;
export declare function regexpAssignmentCount(): number;
export declare class Layer {
    handle: AnyHandler;
    name: string;
    params: ParamsRecord | undefined;
    path: string | undefined;
    keys: PathKey[];
    regexp: LayerRegExp;
    method: string | undefined;
    route: Route | undefined;
    /** How `match` works for this layer, decided here (hot path), and again when a regexp is assigned. */
    kind: MatchKind;
    /** For `Literal`: the path without its optional trailing slash. */
    readonly literal: string;
    readonly end: boolean;
    readonly strict: boolean;
    readonly sensitive: boolean;
    readonly [kPattern]: PathInput;
    [kRegexp]: LayerRegExp;
    /**
     * For `Regexp` layers whose regexp Velox built: the same pattern without Express's
     * `fast_star`/`fast_slash` properties, which `match` runs until a regexp is assigned. Hot path
     * — measured: own properties on a RegExp send every `exec` down V8's slow path. A regexp the
     * app passed in is run as it is (it may be global or sticky, whose `lastIndex` Express's
     * matching moves), and so is one assigned to `layer.regexp`.
     */
    [kRunner]: RegExp | undefined;
    constructor(path: PathInput, options: PathOptions, fn: AnyHandler);
    /** Express's `layer.match(path)`: sets `params` and `path`; throws a 400 error on a malformed escape. */
    match(path: string | null | undefined): boolean;
    /** The matched prefix of `path` for a literal layer, or undefined (same result as its regexp). */
    private matchLiteral;
    handle_error(error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): void;
    handle_request(req: IncomingMessage, res: ServerResponse, next: Next): void;
}
/** Beyond Express 4: a handler's rejected promise goes to `next(err)`. */
export declare function isThenable(value: unknown): value is PromiseLike<unknown>;
export declare function forwardRejection(promise: PromiseLike<unknown>, next: Next): void;
/** URI-decodes a parameter; a malformed escape becomes a 400 error, as in Express. */
export declare function decodeParam(value: string | undefined): string | undefined;
export {};
