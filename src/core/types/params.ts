// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * Route paths, route parameters and the parsed query string.
 *
 * `RouteParameters` follows @types/express-serve-static-core@4: the keys of a
 * path literal become the keys of `req.params`, a path without parameters
 * gives `{}`, and a path with a regular-expression group (`(`) or a path that
 * is not a literal gives the open `ParamsDictionary`. On top of that, Velox
 * reads path-to-regexp 0.1's modifiers: `:name?` and `:name*` may be absent,
 * `:name+` is always present (named `name`, not `name+`).
 *
 * Written without `infer X extends …` and other recent syntax so that older
 * compilers read it (see docs/design.md, "Public types").
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	/** A string-keyed record, as @types/express declares it. */
	export interface Dictionary<T> {
		[key: string]: T;
	}

	/** `req.params` when the path is not a literal: every key is a string. */
	export interface ParamsDictionary {
		[key: string]: string;
	}

	/** The name express-serve-static-core also gives `ParamsDictionary`. */
	export type Params = ParamsDictionary;

	/**
	 * `req.params` as a list of unnamed captures (`app.get<ParamsArray>('/*', …)`), as
	 * express-serve-static-core declared it before 4.17.21: code written then keeps compiling.
	 *
	 * @deprecated Use `ParamsDictionary` (Express 4 always gives an object).
	 */
	export interface ParamsArray extends Array<string> {}

	/** The parsed query string (qs): strings, arrays and nested objects. */
	export interface ParsedQs {
		[key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
	}

	/** The name express-serve-static-core gives the parsed query string. */
	export type Query = ParsedQs;

	/** What a route or middleware path may be: a string pattern, a RegExp, or a list of them. */
	export type PathParams = string | RegExp | Array<string | RegExp>;

	type CutAt<S extends string, Separator extends string> = S extends `${infer Head}${Separator}${string}` ? Head : S;

	/** The text of one parameter after its `:`: up to the next `/`, `-` or `.`. */
	type ParamText<S extends string> = CutAt<CutAt<CutAt<S, '/'>, '-'>, '.'>;

	/** Every parameter text of a path, modifiers included (`id`, `tab?`, `rest*`). */
	type ParamTexts<S extends string> = S extends `${string}:${infer Rest}` ? ParamText<Rest> | ParamTexts<Rest> : never;

	type OptionalName<T> = T extends `${infer Name}?` ? Name : T extends `${infer Name}*` ? Name : never;
	type RequiredName<T> = T extends `${string}?` ? never : T extends `${string}*` ? never : T extends `${infer Name}+` ? Name : T;

	/** One object of the required and optional keys (a conditional, so hovers show the object, not this name). */
	type RouteParameterObject<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

	/**
	 * The names of the parameters of a route path literal.
	 *
	 * @example
	 * type K = ParamKeys<'/users/:id/posts/:postId?'>; // 'id' | 'postId'
	 */
	export type ParamKeys<Route extends string> = RequiredName<ParamTexts<Route>> | OptionalName<ParamTexts<Route>>;

	/**
	 * `req.params` typed from a path literal.
	 *
	 * @example
	 * type P = RouteParameters<'/users/:id/:tab?'>; // { id: string; tab?: string }
	 * type Q = RouteParameters<'/health'>; // {}
	 * type R = RouteParameters<'/files/:name(\\w+)'>; // ParamsDictionary (regex groups are not read)
	 */
	export type RouteParameters<Route extends string> = string extends Route
		? ParamsDictionary
		: Route extends `${string}(${string}`
			? ParamsDictionary
			: Route extends `${string}:${string}`
				? RouteParameterObject<{ [K in RequiredName<ParamTexts<Route>>]: string } & { [K in OptionalName<ParamTexts<Route>>]?: string }>
				: {};
}
