/** Velox's state on objects it shares between modules, behind symbols so it never collides with user properties. */

/** On a request: the compiled `query parser fn` of the app whose router saw it first (Express parses there). */
export const kQueryParser: unique symbol = Symbol('velox.queryParser');
/** On an app: request/response classes node builds them with (platform.ts). */
export const kRequestClass: unique symbol = Symbol('velox.requestClass');
export const kResponseClass: unique symbol = Symbol('velox.responseClass');
/** On an app: its router's `query` and `expressInit` layers as made (builtin-layers.ts). */
export const kBuiltInLayers: unique symbol = Symbol('velox.builtInLayers');
/** On an app of a line with a public `app.router` (Express 5): the router it made (lines/). */
export const kAppRouter: unique symbol = Symbol('velox.appRouter');
/** On a router: called when the stack is exhausted and no `out` was given (the app's final handler). */
export const kFinalHandler: unique symbol = Symbol('velox.finalHandler');
/** On a router: its route index (router/candidates.ts). */
export const kRouteIndex: unique symbol = Symbol('velox.routeIndex');
/** On a layer: the path exactly as written at registration (route listing, tracing). */
export const kPattern: unique symbol = Symbol('velox.pattern');
/** On the function `app.use` mounts for a sub-app: the sub-app (route listing, tracing). */
export const kMountedApp: unique symbol = Symbol('velox.mountedApp');
