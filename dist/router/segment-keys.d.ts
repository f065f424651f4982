/**
 * Which request path segments every match of a layer must have: the keys the
 * route index files a layer under (segment-index.ts).
 *
 * Read from the layer's compiled regular expression, not from the path
 * pattern, so string paths, arrays and user regular expressions are treated
 * alike and the answer is about what the matcher actually accepts. The index
 * only ever *excludes* a layer from a request's candidates, so this must be
 * exact about what it promises and may promise less: a layer it cannot read
 * gets no keys and stays a candidate for every request.
 *
 * A key is a literal segment (ASCII, lower-cased: the request side folds the
 * same way, which can only add candidates for a case-sensitive layer) or
 * `PARAM`: one non-empty segment, whatever it holds (a bare `/:name`).
 *
 * A layer is *exact* when its keys are all its matches have: one alternative,
 * every segment a key, then the end of the path (`$`, or `\/?$`: an optional
 * trailing slash). Every route layer of a plain path (`/users/:id/posts`) is.
 * An exact layer matches only paths of exactly its segments (and possibly one
 * trailing slash), so the index offers it only to paths that end at its node,
 * not to every longer path below it (segment-index.ts).
 */
/** A segment key standing for any one non-empty segment (a bare `/:name` parameter). */
export declare const PARAM: unique symbol;
export type SegmentKey = string | typeof PARAM;
export interface SegmentKeys {
    readonly keys: readonly SegmentKey[];
    /** Whether a match has exactly these segments, and possibly a trailing slash (see above). */
    readonly exact: boolean;
}
/** The keys of `regexp`, computed once per regular expression (source and flags are immutable). */
export declare function segmentKeysOf(regexp: unknown): readonly SegmentKey[];
/** The keys of `regexp` and whether it is exact, computed once per regular expression. */
export declare function readCached(regexp: unknown): SegmentKeys;
export declare function readSegmentKeys(source: string, flags: string): readonly SegmentKey[];
