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

	/**
	 * `req.params` when the path is not a literal. Velox 4: every key is a string. Velox 5 (as
	 * @types/express-serve-static-core@5): a named parameter is a string, a splat (`*name`) the list
	 * of its segments, a numbered capture a string.
	 */
	export interface ParamsDictionary extends ByLine<{ [key: string]: string }, { [key: string]: string | string[]; [key: number]: string }> {}

	/** Velox 5: `req.params` of a RegExp path, its captures by number or name, every value a string (also declared on Velox 4). */
	export interface ParamsFlatDictionary {
		[key: string]: string;
		[key: number]: string;
	}

	/** The name express-serve-static-core also gives `ParamsDictionary` (Velox 5: or `ParamsFlatDictionary`). */
	export type Params = ByLine<ParamsDictionary, ParamsDictionary | ParamsFlatDictionary>;

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

	/** The paths whose literal `RouteParameters` reads, and a route's path type: strings (Velox 5: and regular expressions). */
	type RoutePath = ByLine<string, string | RegExp>;

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
	export type RouteParameters<Route extends RoutePath> = ByLine<RouteParameters4<Route>, RouteParameters5<Route>>;

	/** Velox 4's `RouteParameters`: path-to-regexp 0.1's syntax. */
	type RouteParameters4<Route> = Route extends string
		? string extends Route
			? ParamsDictionary
			: Route extends `${string}(${string}`
				? ParamsDictionary
				: Route extends `${string}:${string}`
					? RouteParameterObject<{ [K in RequiredName<ParamTexts<Route>>]: string } & { [K in OptionalName<ParamTexts<Route>>]?: string }>
					: {}
		: ParamsDictionary;

	/** A path-to-regexp 8 name after its `:` or `*`: up to the next delimiter or group. */
	type Name5<S extends string> = CutAt<CutAt<CutAt<CutAt<CutAt<CutAt<CutAt<S, '/'>, '-'>, '.'>, '{'>, '}'>, ':'>, '*'>;

	/** The names after each `Mark` (`:` parameters, `*` splats) in a path-to-regexp 8 path without groups. */
	type Names5<S extends string, Mark extends string> = S extends `${string}${Mark}${infer Rest}` ? Name5<Rest> | Names5<Rest, Mark> : never;

	/** The parameters of a path-to-regexp 8 path without groups: a `:name` is a string, a `*name` its segments. */
	type Segments5<S extends string> = S extends `${string}${':' | '*'}${string}` ? { [K in Names5<S, ':'>]: string } & { [K in Names5<S, '*'>]: string[] } : {};

	/** The parameters of a path-to-regexp 8 path: those inside `{…}` may be absent. */
	type Groups5<S extends string> = S extends `${infer Required}{${infer Optional}}${infer Next}`
		? Segments5<Required> & Partial<Segments5<Optional>> & Groups5<Next>
		: Segments5<S>;

	/**
	 * Velox 5's `RouteParameters` (as @types/express-serve-static-core@5): path-to-regexp 8's syntax,
	 * `/users/:id{/:tab}` giving `{ id: string; tab?: string }` and `/files/*path` `{ path: string[] }`;
	 * a regular expression gives `ParamsFlatDictionary`.
	 */
	type RouteParameters5<Route> = Route extends string
		? string extends Route
			? ParamsDictionary
			: RouteParameterObject<Groups5<Route>>
		: Route extends RegExp
			? ParamsFlatDictionary
			: ParamsDictionary;
}
