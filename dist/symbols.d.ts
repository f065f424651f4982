/** Internal state behind symbols, so it never collides with user properties. */
/** On a request: the compiled `query parser fn` of the app whose router saw it first (Express parses there). */
export declare const kQueryParser: unique symbol;
/** On an app: request/response constructors handed to node by `app.listen`. */
export declare const kRequestClass: unique symbol;
export declare const kResponseClass: unique symbol;
/** On a server given an app as `http.createServer(app)`: the app that checked it could hand it its classes. */
export declare const kServedBy: unique symbol;
