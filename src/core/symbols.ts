/** Internal state behind symbols, so it never collides with user properties. */

/** On a request: the compiled `query parser fn` of the app whose router saw it first (Express parses there). */
export const kQueryParser: unique symbol = Symbol('velox.queryParser');
/** On an app: request/response constructors handed to node by `app.listen`. */
export const kRequestClass: unique symbol = Symbol('velox.requestClass');
export const kResponseClass: unique symbol = Symbol('velox.responseClass');
/** On a server given an app as `http.createServer(app)`: the app that checked it could hand it its classes. */
export const kServedBy: unique symbol = Symbol('velox.servedBy');
/** On an app: its router's `query` and `expressInit` layers as made (builtin-layers.ts). */
export const kBuiltInLayers: unique symbol = Symbol('velox.builtInLayers');
