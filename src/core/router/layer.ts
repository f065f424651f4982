/**
 * A layer: one path matcher and one handler. Route handlers, middleware and
 * mounted routers are all layers. Field names (`handle`, `name`, `params`,
 * `path`, `keys`, `regexp`, `method`, `route`) are Express 4's, because
 * `req.route.stack` and `app._router.stack` are read by real code.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { toError } from '../errors';
import {
	type CompiledPath,
	compilePath,
	decodeParam,
	isLiteralPath,
	MatchKind,
	NO_SEGMENTS,
	type PathInput,
	type PathKey,
	type PathOptions,
	type PathSegments,
	regionEqualsIgnoreCase,
} from './matcher';
import { hasOwn, isThenable } from '../base/utils';
import { kPattern } from '../base/symbols';
import type { AnyHandler, ErrorHandlerFn, LayerRoute, Next, ParamsRecord, RequestHandlerFn } from './types';
import type * as Express5Syntax from './matcher-express5';
import { linePolicy } from '../lines';
import type { LayerCall } from '../lines/policy';

/**
 * Express 5's route syntax when the line's policy says so (lines/), loaded with the router then;
 * null on Velox 4, which never loads it (nor path-to-regexp 8).
 */
const express5Syntax: typeof Express5Syntax | null =
	linePolicy().router.routeSyntax === 'express5' ? (require('./matcher-express5') as typeof Express5Syntax) : null;
// The migration report's recording (lines/migration.ts): each registered path, once, at registration.
const migration = linePolicy().migration;
/** Router 2.3's tracing channel (Express 5; undefined on Express 4): the entries offer it each handler first while it has a subscriber. */
const routeTracing = linePolicy().router.routeTracing;
const routerTracingActive = routeTracing?.active;
/** The first argument of a returned promise's `then`, and what a thenable that is not a Promise gets, as the line gives them (lines/). */
export const { promiseFulfilled, promiseLike } = linePolicy().router;

/** On a layer of Express 5's syntax: what `compilePath5` made of its path. */
const kCompiled5: unique symbol = Symbol('velox.compiled5');

type TraceLayer = (layer: Layer, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => boolean;

/**
 * Layer tracing, installed by tracing.ts: `active` counts the requests being traced (layers skip
 * all of it while 0); `trace` runs a handler with its start and end published, false when the
 * request is not traced.
 */
export const layerTracing: { active: number; trace: TraceLayer } = { active: 0, trace: () => false };

/** Layers registered by `use(fn)` with no path written (the path defaults to `/`): tracing tells them apart. */
const unwritten = new WeakSet<object>();

export function markPathUnwritten(layer: object): void {
	unwritten.add(layer);
}

/** The path as written at registration, or undefined for `use(fn)` without one. */
export function writtenPathOf(layer: Layer): PathInput | undefined {
	return unwritten.has(layer) ? undefined : layer[kPattern];
}

type LayerRegExp = RegExp & { fast_star?: boolean; fast_slash?: boolean };

const kRegexp: unique symbol = Symbol('velox.regexp');
const kRunner: unique symbol = Symbol('velox.runner');
const kSegments: unique symbol = Symbol('velox.segments');
const kTemplate: unique symbol = Symbol('velox.regexpTemplate');

/** Regexps assigned to a layer after its construction, in this process (route indexes compare it). */
let regexpAssignments = 0;

export function regexpAssignmentCount(): number {
	return regexpAssignments;
}

/**
 * `layer.regexp`: an own, enumerable accessor in Express's key order, shared by every layer (one
 * getter and setter, so all layers keep one V8 shape in fast mode). Code that reaches into the
 * stack may assign a new regexp (route rewriting, case folding); from then on the layer matches
 * with it as Express's `match` would — its `fast_slash`/`fast_star` flags, else `exec` — its
 * compiled segments no longer apply, and route indexes see that a layer changed.
 *
 * For a string path the expression is made on the first read, a copy of the one the layer
 * matches with (registration cost and memory: most layers' `regexp` is never read, and the
 * compiled one, without Express's flags, is the one `match` runs).
 */
const regexpProperty: PropertyDescriptor = {
	configurable: true,
	enumerable: true,
	get(this: Layer): LayerRegExp {
		const template = this[kTemplate];
		if (template === null) return this[kRegexp] as LayerRegExp;
		const regexp: LayerRegExp = new RegExp(template.source, template.flags);
		regexp.fast_star = this[kPattern] === '*';
		regexp.fast_slash = this[kPattern] === '/' && !this.end;
		this[kRegexp] = regexp;
		this[kTemplate] = null;
		return regexp;
	},
	set(this: Layer, value: LayerRegExp) {
		this[kRegexp] = value;
		this[kTemplate] = null;
		this[kRunner] = undefined;
		this[kSegments] = NO_SEGMENTS;
		this.kind = value?.fast_slash ? MatchKind.Slash : value?.fast_star ? MatchKind.Star : MatchKind.Regexp;
		regexpAssignments++;
	},
};

/**
 * What a layer of `path` `'/'` compiles to, by its options (end, strict, sensitive), made once:
 * every route handler is such a layer (`new Layer('/', {}, fn)`, as in Express). Shared: the
 * compiled path is never changed, and its regexp is never handed out (`layer.regexp` is a copy).
 */
const rootPaths: (CompiledPath | undefined)[] = [];

function compileLayerPath(path: PathInput, keys: PathKey[], options: PathOptions): CompiledPath {
	if (path === '/') {
		const slot = rootPathSlot(options);
		if (slot !== -1) return (rootPaths[slot] ??= compileAnyLine(path, [], options));
	}
	return compileAnyLine(path, keys, options);
}

function compileAnyLine(path: PathInput, keys: PathKey[], options: PathOptions): CompiledPath {
	return express5Syntax === null ? compilePath(path, keys, options) : express5Syntax.compilePath5(path, keys, options);
}

/** The memo slot of options of booleans (or left out); -1 for other values, compiled each time. */
function rootPathSlot(options: PathOptions): number {
	const { end, strict, sensitive } = options;
	if (!isOptionalBoolean(end) || !isOptionalBoolean(strict) || !isOptionalBoolean(sensitive)) return -1;
	return (end === false ? 4 : 0) + (strict === true ? 2 : 0) + (sensitive === true ? 1 : 0);
}

function isOptionalBoolean(value: unknown): boolean {
	return value === undefined || typeof value === 'boolean';
}

export class Layer {
	handle: AnyHandler;
	name: string;
	params: ParamsRecord | undefined = undefined;
	path: string | undefined = undefined;
	keys: PathKey[] = [];
	// The members from here on are defined by the constructor, in Express's order after `keys`.
	declare regexp: LayerRegExp;
	declare method: string | undefined;
	declare route: LayerRoute | undefined;
	/** How `match` works for this layer, decided here (hot path), and again when a regexp is assigned. */
	declare kind: MatchKind;
	/** For `Literal`: the path without its optional trailing slash. */
	declare readonly literal: string;
	declare readonly end: boolean;
	declare readonly strict: boolean;
	declare readonly sensitive: boolean;
	declare readonly [kPattern]: PathInput;
	declare [kRegexp]: LayerRegExp | undefined;
	/** The expression `layer.regexp` will copy on its first read; null once read or assigned. */
	declare [kTemplate]: RegExp | null;
	/**
	 * For `Regexp` layers whose regexp Velox built: the same pattern without Express's
	 * `fast_star`/`fast_slash` properties, which `match` runs until a regexp is assigned. Hot path:
	 * own properties on a RegExp send every `exec` down V8's slow path. A regexp the
	 * app passed in is run as it is (it may be global or sticky, whose `lastIndex` Express's
	 * matching moves), and so is one assigned to `layer.regexp`.
	 */
	declare [kRunner]: RegExp | undefined;
	/** The segments every match has, as the matcher compiled them (the route index files the layer under them). */
	declare [kSegments]: PathSegments;
	/** Express 5's compiled path (the Velox 5 line only). */
	declare [kCompiled5]: Express5Syntax.CompiledPath5 | undefined;

	constructor(path: PathInput, options: PathOptions, fn: AnyHandler) {
		this.handle = fn;
		this.name = fn.name || '<anonymous>';
		const compiled = compileLayerPath(path, this.keys, options);
		if (migration !== undefined) migration.routePath(path);
		const fastStar = path === '*';
		const fastSlash = path === '/' && options.end === false;
		// A string path's compiled expression is the one `match` runs (no own properties: V8
		// runs a RegExp with own properties on its slow path); `layer.regexp` is made on first read.
		const isString = typeof path === 'string';
		let regexp: LayerRegExp | undefined;
		if (isString) {
			this[kTemplate] = compiled.regexp;
		} else {
			regexp = compiled.regexp;
			regexp.fast_star = fastStar;
			regexp.fast_slash = fastSlash;
			this[kTemplate] = null;
		}
		this[kRegexp] = regexp;
		Object.defineProperty(this, 'regexp', regexpProperty);
		this.method = undefined;
		this.route = undefined;
		this[kPattern] = path;
		this.end = options.end !== false;
		this.strict = options.strict === true;
		this.sensitive = options.sensitive === true;
		if (fastSlash) {
			this.kind = MatchKind.Slash;
			this.literal = '';
			// Every Velox 5 layer has the field, at one place (one V8 shape for a stack's layers).
			if (express5Syntax !== null) this[kCompiled5] = undefined;
		} else if (express5Syntax !== null) {
			this.kind = MatchKind.Express5;
			this.literal = '';
			// Matched on a copy of an expression the app may see: the one `regexp` names carries
			// Express's `fast_star`/`fast_slash` flags, and V8 runs a RegExp with own properties on its slow path.
			const compiled5 = compiled as Express5Syntax.CompiledPath5;
			this[kCompiled5] =
				isString || compiled5.regexp.constructor !== RegExp
					? compiled5
					: express5Syntax.withRegExp5(compiled5, new RegExp(compiled5.regexp.source, compiled5.regexp.flags));
		} else if (fastStar) {
			this.kind = MatchKind.Star;
			this.literal = '';
		} else if (isLiteralPath(path) && (this.end || !this.strict)) {
			this.kind = MatchKind.Literal;
			// Strict routes keep the trailing slash; otherwise it is optional in both directions.
			this.literal = !this.strict && path.length > 0 && path.charCodeAt(path.length - 1) === 0x2f ? path.slice(0, -1) : path;
		} else {
			this.kind = MatchKind.Regexp;
			this.literal = '';
		}
		if (this.kind !== MatchKind.Regexp || path instanceof RegExp) this[kRunner] = undefined;
		else this[kRunner] = isString ? compiled.regexp : new RegExp(compiled.regexp.source, compiled.regexp.flags);
		this[kSegments] = compiled.segments;
	}

	/** Express's `layer.match(path)`: sets `params` and `path`; throws a 400 error on a malformed escape. */
	match(path: string | null | undefined): boolean {
		if (path == null) {
			this.params = undefined;
			this.path = undefined;
			return false;
		}
		switch (this.kind) {
			case MatchKind.Slash:
				this.params = {};
				this.path = '';
				return true;
			case MatchKind.Star:
				this.params = { 0: decodeParam(path) };
				this.path = path;
				return true;
			case MatchKind.Express5: {
				const found = express5Syntax!.matchPath5(this[kCompiled5]!, path);
				if (found === undefined) {
					this.params = undefined;
					this.path = undefined;
					return false;
				}
				// A `*splat` is an array of segments, as router 2 gives it.
				this.params = found.params as unknown as ParamsRecord;
				this.path = found.path;
				return true;
			}
			case MatchKind.Literal: {
				const matched = this.matchLiteral(path);
				if (matched === undefined) {
					this.params = undefined;
					this.path = undefined;
					return false;
				}
				this.params = {};
				this.path = matched;
				return true;
			}
		}
		const match = (this[kRunner] ?? this[kRegexp]!).exec(path);
		if (match === null) {
			this.params = undefined;
			this.path = undefined;
			return false;
		}
		const params: ParamsRecord = {};
		this.params = params;
		this.path = match[0];
		const keys = this.keys;
		for (let i = 1; i < match.length; i++) {
			const prop = keys[i - 1].name;
			const value = decodeParam(match[i]);
			if (value !== undefined || !hasOwn(params, prop)) params[prop] = value;
		}
		return true;
	}

	/** The matched prefix of `path` for a literal layer, or undefined (same result as its regexp). */
	private matchLiteral(path: string): string | undefined {
		const literal = this.literal;
		const length = literal.length;
		if (this.sensitive ? !path.startsWith(literal) : !regionEqualsIgnoreCase(path, 0, literal)) return undefined;
		if (this.end) {
			if (path.length === length) return path;
			if (!this.strict && path.length === length + 1 && path.charCodeAt(length) === 0x2f) return path;
			return undefined;
		}
		// Non-ending (`use`): `^literal\/?(?=\/|$)`.
		if (path.length === length) return path;
		if (path.charCodeAt(length) !== 0x2f) return undefined;
		if (path.length === length + 1 || path.charCodeAt(length + 1) === 0x2f) return path.slice(0, length + 1);
		return path.slice(0, length);
	}

	// Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts): wrapped
	// by APM agents and OpenTelemetry-style instrumentation, as `handle_request` below.
	handle_error(error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): void {
		const fn = this.handle as ErrorHandlerFn;
		if (fn.length !== 4) {
			next(error);
			return;
		}
		if (routerTracingActive !== undefined && routerTracingActive()) {
			routeTracing!.handler(this, true, error, req, res, next, callLayer as LayerCall);
			return;
		}
		if (layerTracing.active !== 0 && layerTracing.trace(this, error, req, res, next)) return;
		try {
			const result = fn(error, req, res, next);
			if (isThenable(result)) forwardRejection(result, next);
		} catch (err) {
			next(err);
		}
	}

	// Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts):
	// express-async-errors replaces `Layer.prototype.handle_request`; every layer, route
	// layers included, is entered through it so such a patch sees all of them.
	handle_request(req: IncomingMessage, res: ServerResponse, next: Next): void {
		const fn = this.handle as RequestHandlerFn;
		if (fn.length > 3) {
			next();
			return;
		}
		if (routerTracingActive !== undefined && this.route === undefined && routerTracingActive()) {
			routeTracing!.handler(this, false, undefined, req, res, next, callLayer as LayerCall);
			return;
		}
		if (layerTracing.active !== 0 && layerTracing.trace(this, undefined, req, res, next)) return;
		try {
			const result = fn(req, res, next);
			if (isThenable(result)) forwardRejection(result, next);
		} catch (err) {
			next(err);
		}
	}
}

/**
 * A layer's handler called as `handle_request`/`handle_error` call it, Velox's own tracing first,
 * for an entry that handles the outcome itself (router 2.3's traced entry, lines/router-tracing.ts).
 */
function callLayer(layer: Layer, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): unknown {
	if (layerTracing.active !== 0 && layerTracing.trace(layer, error, req, res, next)) return undefined;
	return error === undefined ? (layer.handle as RequestHandlerFn)(req, res, next) : (layer.handle as ErrorHandlerFn)(error, req, res, next);
}

// The names layers are entered by, as the line has them (Express 5: router 2's, lines/router-module.ts).
linePolicy().router.layerEntries(Layer.prototype);

/**
 * Router 2.3's tracing channel (Express 5): keeps on `req` the pattern `layer` matched `path` with,
 * for the callbacks it runs: the path as written; of an array, the path that matched, looked up
 * only while the channel has a subscriber (nothing reads it otherwise). Undefined on Express 4.
 */
export const keepMatchedPattern: ((req: IncomingMessage, layer: Layer, path: string) => void) | undefined =
	routeTracing === undefined
		? undefined
		: (req, layer, path) => {
				const pattern = layer[kPattern];
				if (!Array.isArray(pattern) || !routeTracing.active()) {
					routeTracing.keep(req, pattern);
					return;
				}
				const compiled = layer[kCompiled5];
				const index = compiled === undefined ? -1 : express5Syntax!.matchedAlternative(compiled, path);
				routeTracing.keep(req, index === -1 ? pattern : (pattern as unknown[]).flat(Number.POSITIVE_INFINITY)[index]);
			};

/**
 * What `console.log(layer)` and `util.inspect(router.stack)` show: the layer's own enumerable
 * properties as values, in their order, without the internal state behind `regexp`.
 * `regexp` is an accessor, which node would print as `[Getter/Setter]`; route listings and
 * debugging sessions read the pattern there, as in Express.
 */
const LayerView = { Layer: class {} }.Layer;
Object.defineProperty(Layer.prototype, Symbol.for('nodejs.util.inspect.custom'), {
	configurable: true,
	writable: true,
	value: function inspectLayer(this: Layer): object {
		const view = new LayerView() as Record<PropertyKey, unknown>;
		const self = this as unknown as Record<PropertyKey, unknown>;
		for (const key of Reflect.ownKeys(this)) {
			if (key !== kRegexp && key !== kTemplate && key !== kRunner && key !== kSegments && Object.prototype.propertyIsEnumerable.call(this, key))
				view[key] = self[key];
		}
		return view;
	},
});

/** The segments the route index files `layer` under; none for an object that is not a Layer. */
export function segmentsOf(layer: unknown): PathSegments {
	return (layer as Layer | undefined)?.[kSegments] ?? NO_SEGMENTS;
}

/** Beyond Express 4: a handler's rejected promise goes to `next(err)` (the test is base/utils.ts's, shared with router 2.3's traced entries). */
export { isThenable };

function forwardRejectionOnly(promise: PromiseLike<unknown>, next: Next): void {
	promise.then(promiseFulfilled, (reason: unknown) => {
		next(toError(reason));
	});
}

/** Express 5: router 2's deprecation for a thenable that is not a Promise first. */
function forwardRejectionChecked(promise: PromiseLike<unknown>, next: Next): void {
	if (!(promise instanceof Promise)) promiseLike!('handlers');
	forwardRejectionOnly(promise, next);
}

/** A returned promise's rejection to `next`, chosen once by the line: Express 4 has no check to make. */
export const forwardRejection: (promise: PromiseLike<unknown>, next: Next) => void = promiseLike === undefined ? forwardRejectionOnly : forwardRejectionChecked;
