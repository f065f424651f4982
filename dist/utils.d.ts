/** Flattens nested arrays of handlers, as `array-flatten@1` does for Express 4. */
export declare function flatten(values: readonly unknown[]): unknown[];
/**
 * `use([path,] ...handlers)` arguments as Express reads them: the first
 * argument is the path unless it (or the first leaf of nested arrays) is a
 * function; the default path is `/`. Handlers come back flattened.
 */
export declare function splitUseArguments(args: readonly unknown[]): {
    path: unknown;
    handlers: unknown[];
};
/** Whether `key` is an own property of `object`, even one without a prototype or with its own `hasOwnProperty`. */
export declare function hasOwn(object: object, key: PropertyKey): boolean;
/**
 * Stores a symbol-keyed value on an app as an assignment would (enumerable, writable,
 * configurable), for the request path's sake. Measured: an app function carries ~86 own
 * properties, and a computed-key store adding one more makes V8 turn its properties into a
 * dictionary (every later `app.handle`, `app._router`, `app.settings` read is then a hash
 * lookup, ~1,000 instructions per request); defining the property keeps them fast.
 */
export declare function defineOwn<T extends object>(target: T, key: symbol, value: unknown): void;
/**
 * A duration as the timeout options take it: milliseconds, or a string `ms` reads (`'5s'`,
 * `'1m'`); `undefined` for anything else (NaN, Infinity, a negative number, an unreadable string).
 */
export declare function durationOf(time: unknown): number | undefined;
