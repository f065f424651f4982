/** Small shared helpers with no better home. */
import ms from 'ms';

/** Flattens nested arrays of handlers, as `array-flatten@1` does for Express 4. */
export function flatten(values: readonly unknown[]): unknown[] {
	const result: unknown[] = [];
	flattenInto(values, result);
	return result;
}

function flattenInto(values: readonly unknown[], result: unknown[]): void {
	for (const value of values) {
		if (Array.isArray(value)) flattenInto(value, result);
		else result.push(value);
	}
}

/**
 * `use([path,] ...handlers)` arguments as Express reads them: the first
 * argument is the path unless it (or the first leaf of nested arrays) is a
 * function; the default path is `/`. Handlers come back flattened.
 */
export function splitUseArguments(args: readonly unknown[]): { path: unknown; handlers: unknown[]; written: boolean } {
	let offset = 0;
	let path: unknown = '/';
	const first = args[0];
	if (typeof first !== 'function') {
		let arg = first;
		while (Array.isArray(arg) && arg.length !== 0) arg = arg[0];
		if (typeof arg !== 'function') {
			offset = 1;
			path = first;
		}
	}
	return { path, handlers: flatten(args.slice(offset)), written: offset === 1 };
}

/**
 * Memoises a `require` behind a function: the module loads on the first call, not when the
 * caller loads (startup; docs/design.md, "Startup: deferred modules").
 */
export function onFirstUse<T>(load: () => T): () => T {
	let value: T | undefined;
	return () => {
		if (value === undefined) value = load();
		return value;
	};
}

const objectHasOwn = Object.prototype.hasOwnProperty;

/** Whether `key` is an own property of `object`, even one without a prototype or with its own `hasOwnProperty`. */
export function hasOwn(object: object, key: PropertyKey): boolean {
	return objectHasOwn.call(object, key);
}

/**
 * Stores a symbol-keyed value on an app as an assignment would (enumerable, writable,
 * configurable), for the request path's sake: on an object with many own properties (an app
 * function) a computed-key store turns V8's properties into a dictionary, and every later read
 * into a hash lookup; defining the property keeps them fast (docs/design.md).
 */
export function defineOwn<T extends object>(target: T, key: symbol, value: unknown): void {
	Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A duration as the timeout options take it: milliseconds, or a string `ms` reads (`'5s'`,
 * `'1m'`); `undefined` for anything else (NaN, Infinity, a negative number, an unreadable string).
 */
export function durationOf(time: unknown): number | undefined {
	let value: unknown = time;
	if (typeof time === 'string') {
		try {
			value = ms(time as ms.StringValue);
		} catch {
			return undefined;
		}
	}
	return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Whether a handler returned a promise, as Velox tells one: a value with a `then` method. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
	return value !== undefined && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * A new object with no prototype, in V8's fast mode, as Express 5's tables and router 2's params
 * are (they make them with `Object.create(null)`, which V8 keeps as a dictionary: its reads are
 * not compiled inline, and a store adding a key can miss its inline cache on every call).
 * The prototype change is a runtime call (~500 instructions): for objects that are read, not for
 * one that is only made (bench/README.md, "Velox 5's tables in fast mode").
 */
export function nullPrototypeObject<T>(): Record<string, T> {
	return Object.setPrototypeOf({}, null) as Record<string, T>;
}
