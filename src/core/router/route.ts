/**
 * A route: one path, handlers per method (`route.get(fn)`, `route.all(fn)`).
 * Dispatch follows Express 4's `Route.prototype.dispatch`.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { flatten } from '../base/utils';
import { Layer } from './layer';
import type { AnyHandler, LayerRoute, Next, RoutedRequest } from './types';
import type { PathInput } from './matcher';
import { lowerCaseMethod, type MethodName, methods } from './methods';
import { linePolicy } from '../lines';

const { routeWithoutHandler, routeHandlerNotFunction, newMethodTable } = linePolicy().router;

/** The per-method adders (`route.get`, `route.post`, …), installed on the prototype below. */
type RouteMethods = { [M in MethodName]: (...handlers: unknown[]) => Route };

export interface Route extends RouteMethods {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above names the adders put on the prototype at load time (below)
export class Route implements LayerRoute {
	path: PathInput;
	stack: Layer[] = [];
	methods: Record<string, boolean> = newMethodTable();

	constructor(path: PathInput) {
		this.path = path;
	}

	_handles_method(method: string): boolean {
		if (this.methods._all) return true;
		return Boolean(this.methods[handledMethod(this, method)]);
	}

	_options(): string[] {
		const list = Object.keys(this.methods);
		if (this.methods.get && !this.methods.head) list.push('head');
		for (let i = 0; i < list.length; i++) list[i] = list[i].toUpperCase();
		return list;
	}

	dispatch(req: IncomingMessage, res: ServerResponse, done: Next): void {
		const stack = this.stack;
		if (stack.length === 0) {
			done();
			return;
		}
		const request = req as RoutedRequest;
		const method = handledMethod(this, request.method);
		request.route = this;

		// Hot path: a route with one handler for this method needs no inner `next`:
		// what that handler's `next` would do ('route', 'router', errors, the end of
		// the stack) is exactly what the router's `next` does.
		if (stack.length === 1) {
			const layer = stack[0];
			if (layer.method === undefined || layer.method === method) {
				layer.handle_request(req, res, done);
			} else {
				done();
			}
			return;
		}
		stepHandlers(stack, method, req, res, done);
	}

	all(...args: unknown[]): this {
		return addHandlers(this, undefined, args);
	}
}

/**
 * The method a route's layers are matched against: lower case, and a HEAD request served by
 * the GET handlers when the route has no HEAD handler of its own (as Express 4).
 */
function handledMethod(route: Route, method: string): string {
	const name = typeof method === 'string' ? lowerCaseMethod(method) : method;
	return name === 'head' && !route.methods.head ? 'get' : name;
}

/**
 * Runs a route's handlers in order through one `next`: layers of another method are
 * skipped, an error goes to the error handlers (arity 4) only, `next('route')` leaves the
 * route and `next('router')` the router.
 */
function stepHandlers(stack: Layer[], method: string, req: IncomingMessage, res: ServerResponse, done: Next): void {
	let index = 0;
	let sync = 0;
	const next = (err?: unknown): void => {
		if (err && err === 'route') {
			done();
			return;
		}
		if (err && err === 'router') {
			done(err);
			return;
		}
		// Deep synchronous chains: yield to avoid a stack overflow (as Express).
		if (++sync > 100) {
			setImmediate(next, err);
			return;
		}
		const layer = stack[index++];
		if (!layer) {
			done(err);
			return;
		}
		if (layer.method && layer.method !== method) {
			next(err);
		} else if (err) {
			layer.handle_error(err, req, res, next);
		} else {
			layer.handle_request(req, res, next);
		}
		sync = 0;
	};
	next();
}

/**
 * `route.all(...)` (`method` undefined) and `route.METHOD(...)`: one layer per handler, after
 * checking each is a function, with the line's errors (lines/).
 */
function addHandlers<R extends Route>(route: R, method: string | undefined, args: unknown[]): R {
	const handlers = flatten(args);
	if (handlers.length === 0) routeWithoutHandler(method);
	for (const handle of handlers) {
		if (typeof handle !== 'function') routeHandlerNotFunction(method, handle);
		const layer = new Layer('/', {}, handle as AnyHandler);
		layer.method = method;
		route.methods[method ?? '_all'] = true;
		route.stack.push(layer);
	}
	return route;
}

for (const method of methods) {
	Route.prototype[method] = function addMethodHandlers(this: Route, ...args: unknown[]): Route {
		return addHandlers(this, method, args);
	};
}
