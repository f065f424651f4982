/**
 * Every app's router starts with Express 4's `query` and `expressInit` layers. For the app's own
 * requests both only pass the request on (`app.handle` has done `expressInit`'s work, and
 * `req.query` parses on first read with the parser the layer holds), so while nothing can see
 * them run the app starts its router after them: no tracing subscriber, each layer still in its
 * place with the handler Velox made (not one an agent wrapped), and `Layer.prototype`'s entry
 * points as Velox defined them. Anything else, and the layers run as in Express.
 */
import { Layer } from './router/layer';

/** Handlers that pass the request on when their app has prepared it (`query(fn)`, `init(app)`). */
const passThrough = new WeakSet<object>();

export function markPassThrough<T extends object>(fn: T): T {
	passThrough.add(fn);
	return fn;
}

/** The two layers as `lazyrouter` made them, with their handlers. */
export interface BuiltInLayers {
	query: Layer;
	queryHandle: unknown;
	init: Layer;
	initHandle: unknown;
}

const handleRequest = Layer.prototype.handle_request;
const match = Layer.prototype.match;

/** The first two layers of a new app stack, if both pass through (no agent wrapped what made them). */
export function builtInLayers(stack: readonly Layer[]): BuiltInLayers | undefined {
	const [query, init] = stack;
	if (query === undefined || init === undefined || !passThrough.has(query.handle) || !passThrough.has(init.handle)) return undefined;
	return { query, queryHandle: query.handle, init, initHandle: init.handle };
}

/** Where the app's router may start this request: after the built-in layers while nothing can tell. */
export function firstLayer(stack: readonly Layer[], layers: BuiltInLayers | undefined, traced: boolean): number {
	if (traced || layers === undefined) return 0;
	const { query, init } = layers;
	return stack[0] === query &&
		stack[1] === init &&
		query.handle === layers.queryHandle &&
		init.handle === layers.initHandle &&
		Layer.prototype.handle_request === handleRequest &&
		Layer.prototype.match === match
		? 2
		: 0;
}
