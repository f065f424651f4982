/**
 * The router: an ordered stack of layers walked by `next`, with Express 4's
 * dispatch semantics to the letter (`next('route')`, `next('router')`, error
 * layers of arity 4, param callbacks once per value, `req.url`/`req.baseUrl`
 * stripped and restored, automatic OPTIONS and HEAD).
 *
 * Hot path — change with care: one closure context per router traversal
 * (`next` and its helpers); param processing allocates only when a param
 * callback exists; a first-segment candidate index (candidate-index.ts) keeps the cost of finding
 * a route flat in the number of routes while visiting candidates in
 * registration order, so first-match semantics are untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import depd from 'depd';
import { finalHandle } from '../final-handler';
import { splitUseArguments } from '../utils';
import { pathnameOf, protohostOf } from '../url';
import { Layer, type Next, type ParamsRecord } from './layer';
import { candidateIndexOf, type IndexCache, kIndexCache, lowerBound } from './candidate-index';
import type { PathInput } from './matcher';
import { methods } from './methods';
import { Route } from './route';
import { listRoutes } from '../routes';

const deprecate = depd('velox');

export interface RouterOptions {
	caseSensitive?: boolean;
	mergeParams?: boolean;
	strict?: boolean;
}

export interface RoutedRequest extends IncomingMessage {
	url: string;
	method: string;
	baseUrl?: string;
	originalUrl?: string;
	params?: ParamsRecord;
	next?: Next;
	route?: Route;
}

export type ParamCallback = (req: IncomingMessage, res: ServerResponse, next: Next, value: unknown, name: string | number) => unknown;
type ParamFactory = (name: string, fn: unknown) => unknown;
export type FinalHandler = (req: IncomingMessage, res: ServerResponse, err: unknown) => void;

interface ParamCalled {
	error: unknown;
	match: unknown;
	value: unknown;
}

/** Called when the stack is exhausted and no `out` was given (the app's final handler). */
export const kFinalHandler: unique symbol = Symbol('velox.finalHandler');

export interface Router {
	(req: IncomingMessage, res: ServerResponse, next?: Next): void;
	params: Record<string, ParamCallback[]>;
	_params: ParamFactory[];
	caseSensitive: boolean | undefined;
	mergeParams: boolean | undefined;
	strict: boolean | undefined;
	stack: Layer[];
	[kFinalHandler]?: FinalHandler;
	[kIndexCache]?: IndexCache;
	handle(req: IncomingMessage, res: ServerResponse, out?: Next): void;
	process_params(layer: Layer, called: Record<string, ParamCalled>, req: IncomingMessage, res: ServerResponse, done: Next): void;
	param(name: string | ParamFactory, fn?: unknown): Router | undefined;
	use(...args: unknown[]): Router;
	route(path: PathInput): Route;
	all(path: PathInput, ...handlers: unknown[]): Router;
	[method: string]: unknown;
}


const objectRegExp = /^\[object (\S+)\]$/;

function gettype(obj: unknown): string {
	const type = typeof obj;
	if (type !== 'object') return type;
	return Object.prototype.toString.call(obj).replace(objectRegExp, '$1');
}

/** The router factory, also the prototype of every router (as in Express 4). */
export const Router = function Router(options?: RouterOptions): Router {
	const opts = options || {};
	const router = function router(req: IncomingMessage, res: ServerResponse, next?: Next): void {
		(router as Router).handle(req, res, next);
	} as Router;
	Object.setPrototypeOf(router, Router);
	router.params = {};
	router._params = [];
	router.caseSensitive = opts.caseSensitive;
	router.mergeParams = opts.mergeParams;
	router.strict = opts.strict;
	router.stack = [];
	return router;
} as unknown as Router & ((options?: RouterOptions) => Router);

Router.param = function param(this: Router, name: string | ParamFactory, fn?: unknown): Router | undefined {
	if (typeof name === 'function') {
		deprecate('router.param(fn): Refactor to use path params');
		this._params.push(name);
		return undefined;
	}
	const factories = this._params;
	if (name[0] === ':') {
		deprecate('router.param(' + JSON.stringify(name) + ', fn): Use router.param(' + JSON.stringify(name.slice(1)) + ', fn) instead');
		name = name.slice(1);
	}
	for (const factory of factories) {
		const result = factory(name, fn);
		if (result) fn = result;
	}
	if (typeof fn !== 'function') {
		throw new Error('invalid param() call for ' + name + ', got ' + fn);
	}
	if (this.params[name] === undefined) this.params[name] = [];
	this.params[name].push(fn as ParamCallback);
	return this;
};

Router.handle = function handle(this: Router, req: IncomingMessage, res: ServerResponse, out?: Next): void {
	const self = this;
	const request = req as RoutedRequest;
	const stack = self.stack;
	const protohost = protohostOf(request.url) || '';
	const parentParams = request.params;
	const parentUrl = request.baseUrl || '';
	const savedBaseUrl = request.baseUrl;
	const savedNext = request.next;
	const index = candidateIndexOf(self);
	// Layers from here on were added during this request: the index does not know them.
	const indexedLength = stack.length;
	let idx = 0;
	let removed = '';
	let slashAdded = false;
	let sync = 0;
	let paramCalled: Record<string, ParamCalled> | undefined;
	let options: string[] | undefined;
	let candidates: Int32Array | null = null;
	let cursor = 0;
	let candidatePath: string | undefined;

	request.next = next;
	request.baseUrl = parentUrl;
	request.originalUrl = request.originalUrl || request.url;
	next();

	function finish(err: unknown): void {
		request.baseUrl = savedBaseUrl;
		request.next = savedNext;
		request.params = parentParams;
		if (out !== undefined) out(err);
		else if (self[kFinalHandler] !== undefined) self[kFinalHandler](req, res, err);
		// Safer than Express 4, which throws here (and crashes the process) for a bare
		// router used as the server's listener: answer like finalhandler's defaults.
		else finalHandle(req, res, err, process.env.NODE_ENV || 'development', undefined);
	}

	function done(err: unknown): void {
		// Automatic OPTIONS answer, when nothing else answered.
		if (options !== undefined && !err && options.length !== 0) {
			sendOptionsResponse(res, options, finish);
			return;
		}
		finish(err);
	}

	function next(err?: unknown): void {
		let layerError = err === 'route' ? null : err;

		if (slashAdded) {
			request.url = request.url.slice(1);
			slashAdded = false;
		}
		if (removed.length !== 0) {
			request.baseUrl = parentUrl;
			request.url = protohost + removed + request.url.slice(protohost.length);
			removed = '';
		}
		if (layerError === 'router') {
			setImmediate(done, null);
			return;
		}
		if (idx >= stack.length) {
			setImmediate(done, layerError);
			return;
		}
		// Deep synchronous chains yield to the event loop instead of overflowing the stack.
		if (++sync > 100) {
			setImmediate(next, err);
			return;
		}
		const path = pathnameOf(request.url);
		if (path == null) {
			done(layerError);
			return;
		}
		if (index !== null && path !== candidatePath) {
			candidates = index.lookup(path);
			cursor = lowerBound(candidates, idx);
			candidatePath = path;
		}

		let layer: Layer | undefined;
		let match: unknown;
		let route: Route | undefined;
		while (match !== true) {
			if (candidates !== null) {
				if (cursor < candidates.length) {
					idx = candidates[cursor++];
				} else {
					// Candidates exhausted: walk linearly whatever a handler pushed onto the
					// stack during this request (lazily registered routes), as Express would.
					candidates = null;
					if (idx < indexedLength) idx = indexedLength;
					if (idx >= stack.length) break;
				}
			} else if (idx >= stack.length) {
				break;
			}
			layer = stack[idx++];
			try {
				match = layer.match(path);
			} catch (e) {
				match = e;
			}
			route = layer.route;
			if (typeof match !== 'boolean') layerError = layerError || match;
			if (match !== true) continue;
			if (!route) continue;
			if (layerError) {
				// Routes do not match with a pending error.
				match = false;
				continue;
			}
			const method = request.method;
			const hasMethod = route._handles_method(method);
			if (!hasMethod && method === 'OPTIONS') {
				if (options === undefined) options = [];
				appendMethods(options, route._options());
			}
			if (!hasMethod && method !== 'HEAD') match = false;
		}

		if (match !== true || layer === undefined) {
			done(layerError);
			return;
		}
		if (route) request.route = route;
		request.params = self.mergeParams ? mergeParams(layer.params!, parentParams) : layer.params;
		const matched = layer;
		const layerPath = layer.path!;

		if (hasParamCallbacks(self, layer)) {
			if (paramCalled === undefined) paramCalled = {};
			self.process_params(layer, paramCalled, req, res, (paramError?: unknown) => {
				if (paramError) next(layerError || paramError);
				else if (route) matched.handle_request(req, res, next);
				else trimPrefix(matched, layerError, layerPath, path);
				sync = 0;
			});
			return;
		}
		if (route) matched.handle_request(req, res, next);
		else trimPrefix(matched, layerError, layerPath, path);
		sync = 0;
	}

	function trimPrefix(layer: Layer, layerError: unknown, layerPath: string, path: string): void {
		if (layerPath.length !== 0) {
			// Validate path is a prefix match
			if (layerPath !== path.slice(0, layerPath.length)) {
				next(layerError);
				return;
			}
			// Validate path breaks on a path separator
			const c = path[layerPath.length];
			if (c && c !== '/' && c !== '.') {
				next(layerError);
				return;
			}
			// Middleware sees the URL with the mount path stripped.
			removed = layerPath;
			request.url = protohost + request.url.slice(protohost.length + removed.length);
			if (!protohost && request.url[0] !== '/') {
				request.url = '/' + request.url;
				slashAdded = true;
			}
			request.baseUrl = parentUrl + (removed[removed.length - 1] === '/' ? removed.substring(0, removed.length - 1) : removed);
		}
		if (layerError) layer.handle_error(layerError, req, res, next);
		else layer.handle_request(req, res, next);
	}
};

function hasParamCallbacks(router: Router, layer: Layer): boolean {
	const keys = layer.keys;
	if (keys.length === 0) return false;
	const params = router.params;
	for (let i = 0; i < keys.length; i++) {
		if (params[keys[i].name] !== undefined) return true;
	}
	return false;
}

Router.process_params = function process_params(
	this: Router,
	layer: Layer,
	called: Record<string, ParamCalled>,
	req: IncomingMessage,
	res: ServerResponse,
	done: Next,
): void {
	const params = this.params;
	const keys = layer.keys;
	const request = req as RoutedRequest;
	if (!keys || keys.length === 0) {
		done();
		return;
	}
	let i = 0;
	let paramIndex = 0;
	let key: (typeof keys)[number];
	let paramVal: unknown;
	let paramCallbacks: ParamCallback[] | undefined;
	let current: ParamCalled | undefined;

	function param(err?: unknown): void {
		if (err) {
			done(err);
			return;
		}
		if (i >= keys.length) {
			done();
			return;
		}
		paramIndex = 0;
		key = keys[i++];
		const name = key.name;
		paramVal = request.params![name];
		paramCallbacks = params[name];
		current = called[name];
		if (paramVal === undefined || !paramCallbacks) {
			param();
			return;
		}
		// Param previously called with the same value, or an error occurred.
		if (current && (current.match === paramVal || (current.error && current.error !== 'route'))) {
			request.params![name] = current.value as string;
			param(current.error);
			return;
		}
		called[name] = current = { error: null, match: paramVal, value: paramVal };
		paramCallback();
	}

	function paramCallback(err?: unknown): void {
		const fn = paramCallbacks![paramIndex++];
		current!.value = request.params![key.name];
		if (err) {
			current!.error = err;
			param(err);
			return;
		}
		if (!fn) {
			param();
			return;
		}
		try {
			const result = fn(req, res, paramCallback, paramVal, key.name);
			if (result !== undefined && result !== null && typeof (result as PromiseLike<unknown>).then === 'function') {
				(result as PromiseLike<unknown>).then(undefined, (reason: unknown) => paramCallback(reason || new Error('Rejected promise')));
			}
		} catch (e) {
			paramCallback(e);
		}
	}

	param();
};

Router.use = function use(this: Router, ...args: unknown[]): Router {
	const { path, handlers: callbacks } = splitUseArguments(args);
	if (callbacks.length === 0) {
		throw new TypeError('Router.use() requires a middleware function');
	}
	for (const fn of callbacks) {
		if (typeof fn !== 'function') {
			throw new TypeError('Router.use() requires a middleware function but got a ' + gettype(fn));
		}
		const layer = new Layer(path as PathInput, { sensitive: this.caseSensitive, strict: false, end: false }, fn as Next);
		layer.route = undefined;
		this.stack.push(layer);
	}
	return this;
};

Router.routes = function routes(this: Router) {
	return listRoutes(this.stack);
};

Router.route = function route(this: Router, path: PathInput): Route {
	const created = new Route(path);
	const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, created.dispatch.bind(created));
	layer.route = created;
	this.stack.push(layer);
	return created;
};

for (const method of [...methods, 'all']) {
	(Router as unknown as Record<string, unknown>)[method] = function addRoute(this: Router, path: PathInput, ...handlers: unknown[]): Router {
		const route = this.route(path);
		(route[method] as (...args: unknown[]) => unknown).apply(route, handlers);
		return this;
	};
}

function appendMethods(list: string[], addition: string[]): void {
	for (const method of addition) {
		if (list.indexOf(method) === -1) list.push(method);
	}
}

/** `mergeParams`: the parent's params under the layer's, numeric captures shifted past the parent's. */
function mergeParams(params: ParamsRecord, parent: ParamsRecord | undefined): ParamsRecord {
	if (typeof parent !== 'object' || !parent) return params;
	const obj: ParamsRecord = Object.assign({}, parent);
	if (!(0 in params) || !(0 in parent)) return Object.assign(obj, params);
	let i = 0;
	let o = 0;
	while (i in params) i++;
	while (o in parent) o++;
	for (i--; i >= 0; i--) {
		params[i + o] = params[i];
		if (i < o) delete params[i];
	}
	return Object.assign(obj, params);
}

interface OptionsResponse extends ServerResponse {
	set?: (field: string, value: string) => unknown;
	send?: (body: string) => unknown;
}

function sendOptionsResponse(res: ServerResponse, options: string[], next: (err: unknown) => void): void {
	try {
		const body = options.join(',');
		const response = res as OptionsResponse;
		if (typeof response.set === 'function' && typeof response.send === 'function') {
			response.set('Allow', body);
			response.send(body);
		} else {
			res.setHeader('Allow', body);
			res.setHeader('Content-Type', 'text/html; charset=utf-8');
			res.setHeader('Content-Length', Buffer.byteLength(body));
			res.end(body);
		}
	} catch (err) {
		next(err);
	}
}
