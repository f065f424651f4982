/**
 * Route paths and their parameters: `req.params` typed from the path literal,
 * the one thing Velox's types add to Express's.
 */

/** A plain record of string-keyed values. */
export type Dictionary<T = unknown> = Record<string, T>;

/** A route parameter dictionary. */
export type ParamsDictionary = Record<string, string>;

/** The parsed query string: values are strings, arrays or nested objects (qs). */
export interface ParsedQs {
	[key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
}

/** What a route or middleware path may be: a string pattern, a RegExp, or a list of them. */
export type PathParams = string | RegExp | readonly (string | RegExp)[];

// `:name(\\d+)` keeps `name`; `:name?` and `:name*` may be absent from `req.params`, `:name+` may not.
type RequiredName<S extends string> = S extends `${infer Name}(${string}` ? RequiredName<Name> : S extends `${infer Name}+` ? Name : S;
type OptionalName<S extends string> = S extends `${infer Name}(${string})${infer Modifier}`
	? OptionalName<`${Name}${Modifier}`>
	: S extends `${infer Name}?`
		? Name
		: S extends `${infer Name}*`
			? Name
			: never;

/** The text of one parameter: everything up to the next `/`, `-` or `.`. */
type ParamSegment<S extends string> = S extends `${infer Head}/${string}`
	? ParamSegment<Head>
	: S extends `${infer Head}-${string}`
		? ParamSegment<Head>
		: S extends `${infer Head}.${string}`
			? ParamSegment<Head>
			: S;

type Segments<S extends string> = S extends `${string}:${infer Rest}` ? ParamSegment<Rest> | Segments<Rest> : never;

type OptionalKeys<Path extends string> = Segments<Path> extends infer Segment extends string
	? Segment extends unknown
		? OptionalName<Segment>
		: never
	: never;

type AllKeys<Path extends string> = Segments<Path> extends infer Segment extends string
	? Segment extends unknown
		? OptionalName<Segment> extends never
			? RequiredName<Segment>
			: OptionalName<Segment>
		: never
	: never;

/**
 * The names of the parameters of a route path literal.
 *
 * @example
 * type K = ParamKeys<'/users/:id/posts/:postId'>; // 'id' | 'postId'
 */
export type ParamKeys<Path extends string> = AllKeys<Path>;

/**
 * `req.params` typed from a path literal; a path that is not a literal gives a
 * plain string dictionary. `:name?` and `:name*` parameters are optional, as
 * Express leaves them out of `req.params` when the path omits them.
 *
 * @example
 * const p: RouteParameters<'/users/:id/:tab?'> = { id: '1' };
 */
export type RouteParameters<Path> = string extends Path
	? ParamsDictionary
	: Path extends string
		? [ParamKeys<Path>] extends [never]
			? ParamsDictionary
			: Flatten<{ [K in Exclude<ParamKeys<Path>, OptionalKeys<Path>>]: string } & { [K in OptionalKeys<Path>]?: string }>
		: ParamsDictionary;

type Flatten<T> = { [K in keyof T]: T[K] };
