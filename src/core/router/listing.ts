/**
 * Route listing (beyond Express 4): `app.routes()` and `router.routes()`.
 *
 * Walks the router stacks at call time (routes added later appear) and
 * returns every middleware, route, mounted router and mounted app in
 * registration order, depth first, with the path as written, the full path
 * through every mount point, the methods and the handler names. Reads only
 * what the layers already hold, so it costs nothing until called.
 *
 * @example
 * console.log(app.routes().toString());
 */
import type { Layer } from './layer';
import type { LayerRoute } from './types';
import type { PathInput } from './matcher';
import { kAppRouter, kMountedApp, kPattern } from '../base/symbols';

/** The layers every app's router starts with (`query`, `expressInit`): not listed. */
const builtIn = new WeakSet<Layer>();

export function markBuiltIn(...layers: Layer[]): void {
	for (const layer of layers) builtIn.add(layer);
}

export type RouteKind = 'middleware' | 'route' | 'router' | 'app';

/** One entry of `app.routes()`: a middleware, a route, or a mounted router or app. */
export interface RouteEntry {
	kind: RouteKind;
	/**
	 * Upper-case methods a route answers, in the order they were added (`ALL` for
	 * `route.all()`); empty for middleware, routers and apps (they see every method).
	 */
	methods: string[];
	/** The path exactly as written: a string, a RegExp, or an array of them. */
	pattern: PathInput;
	/** Each path written, as text: a string as is, a RegExp as `/source/flags`. */
	paths: string[];
	/** The first of `fullPaths`. */
	fullPath: string;
	/** Every full path: each mount point's path joined with each path of this entry. */
	fullPaths: string[];
	/** Handler names (`<anonymous>` for an unnamed function); a router is `router`, an app `mounted_app`. */
	handlers: string[];
	/** How many routers or apps this entry is mounted under (0: the app's own stack). */
	depth: number;
}

/** The list `routes()` returns: an array with a table form for printing at startup. */
export class RouteList extends Array<RouteEntry> {
	/** `map`, `filter` and `slice` give plain arrays. */
	static override get [Symbol.species](): ArrayConstructor {
		return Array;
	}

	/** One line per entry: methods, full path, kind and handlers, aligned in columns. */
	override toString(): string {
		return formatRoutes(this);
	}
}

interface StackOwner {
	stack?: unknown;
	_router?: { stack?: unknown } | undefined;
	/** Velox 5: the router behind `app.router` (application.ts). */
	[kAppRouter]?: { stack?: unknown } | undefined;
}

type Handle = ((...args: never[]) => unknown) & { stack?: unknown; [kMountedApp]?: StackOwner };

/** The entries of a router stack (`app._router.stack` or `router.stack`). */
export function listRoutes(stack: readonly Layer[] | undefined): RouteList {
	const list = new RouteList();
	if (stack !== undefined) walk(stack, [''], 0, list, new Set([stack]));
	return list;
}

function walk(stack: readonly Layer[], prefixes: string[], depth: number, list: RouteList, seen: Set<unknown>): void {
	for (const layer of stack) {
		if (builtIn.has(layer)) continue;
		const route = layer.route;
		const pattern = patternOf(layer);
		const paths = Array.isArray(pattern) ? pattern.map(pathText) : [pathText(pattern as string | RegExp)];
		const fullPaths: string[] = [];
		for (const prefix of prefixes) for (const path of paths) fullPaths.push(joinPath(prefix, path));
		const handle = layer.handle as Handle;
		const sub = handle[kMountedApp];
		let kind: RouteKind;
		let handlers: string[];
		let methods: string[] = [];
		let children: readonly Layer[] | undefined;
		if (route !== undefined) {
			kind = 'route';
			methods = routeMethods(route);
			handlers = route.stack.map((inner) => inner.name);
		} else if (sub !== undefined) {
			kind = 'app';
			handlers = [layer.name];
			children = stackOf((sub._router ?? sub[kAppRouter])?.stack);
		} else if (Array.isArray(handle.stack)) {
			kind = 'router';
			handlers = [layer.name];
			children = handle.stack as Layer[];
		} else {
			kind = 'middleware';
			handlers = [layer.name];
		}
		list.push({ kind, methods, pattern, paths, fullPath: fullPaths[0], fullPaths, handlers, depth });
		// A router mounted inside itself would recurse forever: list it once.
		if (children !== undefined && !seen.has(children)) {
			seen.add(children);
			walk(children, fullPaths, depth + 1, list, seen);
			seen.delete(children);
		}
	}
}

function stackOf(value: unknown): readonly Layer[] | undefined {
	return Array.isArray(value) ? (value as Layer[]) : undefined;
}

/** The path as written; a layer built by another router (express.Router) falls back to its route path or regexp. */
function patternOf(layer: Layer): PathInput {
	const written = layer[kPattern];
	if (written !== undefined) return written;
	if (layer.route !== undefined) return layer.route.path;
	return layer.regexp;
}

function pathText(path: string | RegExp): string {
	return typeof path === 'string' ? path : String(path);
}

function routeMethods(route: LayerRoute): string[] {
	const methods: string[] = [];
	for (const name of Object.keys(route.methods)) {
		if (route.methods[name]) methods.push(name === '_all' ? 'ALL' : name.toUpperCase());
	}
	return methods;
}

/** `/api` + `/users` = `/api/users`; `/api` + `/` = `/api`; `` + `/x` = `/x`. */
export function joinPath(prefix: string, path: string): string {
	if (prefix === '' || prefix === '/') return path === '' ? '/' : path;
	if (path === '/' || path === '') return prefix;
	const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
	return path.startsWith('/') ? base + path : base + '/' + path;
}

/** The table form: `METHODS  PATH  KIND  HANDLERS`, nested entries indented by depth. */
export function formatRoutes(entries: readonly RouteEntry[]): string {
	const rows: string[][] = [['METHOD', 'PATH', 'KIND', 'HANDLERS']];
	for (const entry of entries) {
		const methods = entry.methods.length > 6 ? entry.methods.slice(0, 5).join(',') + ',…' : entry.methods.join(',');
		rows.push([methods || '*', '  '.repeat(entry.depth) + entry.fullPaths.join(' | '), entry.kind, entry.handlers.join(', ')]);
	}
	const widths = [0, 0, 0];
	for (const row of rows) for (let i = 0; i < 3; i++) widths[i] = Math.max(widths[i], row[i].length);
	return rows
		.map((row) =>
			row
				.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell))
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}
