export interface PathKey {
    name: string | number;
    optional: boolean;
    offset: number;
}
export interface PathOptions {
    sensitive?: boolean;
    strict?: boolean;
    end?: boolean;
}
export type PathInput = string | RegExp | readonly (string | RegExp)[];
export declare function pathToRegexp(path: PathInput, keys: PathKey[], options: PathOptions): RegExp;
/** How a layer matches: each kind but REGEXP avoids the regular expression on the hot path. */
export declare const enum MatchKind {
    /** `use('/')`: every path matches, nothing is consumed. */
    Slash = 0,
    /** `'*'`: every path matches, all of it in `params[0]`. */
    Star = 1,
    /** A path of literal characters only: string comparison. */
    Literal = 2,
    /** Anything else: the compiled regular expression. */
    Regexp = 3
}
export declare function isLiteralPath(path: unknown): path is string;
/** ASCII case-insensitive equality of `a` and `b` from `offset` of `a`, as the `i` flag without `u` compares ASCII. */
export declare function regionEqualsIgnoreCase(a: string, offset: number, b: string): boolean;
