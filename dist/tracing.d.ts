import type { IncomingMessage, ServerResponse } from 'node:http';
import { Layer, Next } from './router/layer';
/** Channel names; stable, documented in docs/api/tracing.md. */
export declare const channelNames: {
    readonly requestStart: "velox:request:start";
    readonly requestEnd: "velox:request:end";
    readonly requestError: "velox:request:error";
    readonly layerStart: "velox:layer:start";
    readonly layerEnd: "velox:layer:end";
    readonly layerError: "velox:layer:error";
};
/** `active`: how many requests are being traced now (layers skip all work while it is 0). */
export declare const tracing: {
    active: number;
};
/**
 * What a layer is: `middleware` (`use(fn)`, also error middleware), `route` (a route's
 * layer in a router stack), `handler` (one handler inside a route), `router` (a mounted
 * router) or `app` (a mounted sub-app).
 */
export type LayerType = 'middleware' | 'route' | 'handler' | 'router' | 'app';
/** The message of `velox:request:start`, `velox:request:end` and `velox:request:error` (one object per request). */
export interface RequestMessage {
    req: IncomingMessage;
    res: ServerResponse;
    /** The app whose `handle` saw the request first. */
    app: unknown;
    /** The full pattern of the last route matched (mount paths + route path), or undefined. */
    route: string | undefined;
    /** Set at `velox:request:end`: the status code sent. */
    statusCode: number | undefined;
    /** The error that reached the app's final handler, if any (also at `velox:request:error`). */
    error: unknown;
    /** Free for subscribers (an APM agent keeps its span here). */
    [key: string]: unknown;
}
/** The message of `velox:layer:start`, `velox:layer:end` and `velox:layer:error` (one object per layer call). */
export interface LayerMessage {
    req: IncomingMessage;
    res: ServerResponse;
    /** The request's message (`velox:request:*`). */
    request: RequestMessage;
    layer: Layer;
    /** The handler's name (`<anonymous>`), `router`, `mounted_app` or `bound dispatch`. */
    name: string;
    type: LayerType;
    /** The layer's path as written (a RegExp as `/source/flags`, an array joined with `,`). */
    path: string;
    /** `req.baseUrl` when the layer was called: the part of the URL its mount points matched. */
    mountPath: string;
    /** The pattern matched so far: mount paths as written, plus the route's path for a route. */
    route: string;
    /** At start: the error an error-handling layer was called with; at error/end: the error the layer raised. */
    error: unknown;
    /** Free for subscribers. */
    [key: string]: unknown;
}
/** Whether any `velox:` channel has a subscriber: checked once per request, at the app's entry. */
export declare function isTracing(): boolean;
/** The app's request entry: begins tracing this request (once; a sub-app's entry finds it begun). */
export declare function traceRequest(app: unknown, req: IncomingMessage, res: ServerResponse): void;
/** The app's final handler got an error: no layer handled it. */
export declare function traceUnhandled(req: IncomingMessage, error: unknown): void;
/**
 * Calls `layer`'s handler as `handle_request`/`handle_error` would, publishing its
 * start, end and errors. Returns false (and does nothing) for an untraced request.
 */
export declare function traceLayer(layer: Layer, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): boolean;
