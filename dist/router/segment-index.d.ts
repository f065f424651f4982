/**
 * The route index: a trie over the path segments every match of a layer must
 * have (segment-keys.ts). Each layer is filed once, at the node where its keys
 * end; a layer with no keys (`use(fn)`, `*`, most regular expressions) sits at
 * the root. A request path walks the trie segment by segment, taking the
 * literal child and the parameter child, and its candidates are the layers of
 * every node it reaches, in stack order; an *exact* layer (a route whose keys
 * are its whole path, segment-keys.ts) only at the node where the path ends.
 *
 * Exact filing (measured on the GitHub table grown to 5,000 routes, see
 * bench/README.md): `GET /repos/:owner/:repo` used to be a candidate for every
 * `/repos/o/r/…` request, three layers (GET, PATCH, DELETE) matched in vain
 * before the route; and `app.get('/')` for every request to any path. Now a
 * lookup visits the answering route alone, and a walk whose second branch
 * (`/repos/:owner/:repo/:archive_format/:ref`) holds nothing for the path
 * adds no list, so the cursor stays on its one-list path.
 *
 * Hot path — change with care: the walk costs one hash and one small-integer
 * map lookup per segment, whatever the number of routes. A node keeps, once
 * reached, its *chain*: the sorted positions of its own layers and all its
 * ancestors' (up to `MAX_CHAIN`), so the common walk (one branch all the way
 * down) hands the cursor one sorted list and nothing is merged per request.
 * The layers' own matchers still decide; a layer missing from the candidates
 * is one that cannot match.
 */
import { Layer } from './layer';
export declare class SegmentIndex {
    readonly stack: Layer[];
    private readonly root;
    /** The layer at each filed position, to notice a layer replaced in place. */
    readonly layers: Layer[];
    /** Set when a visited position no longer holds the filed layer: rebuild before the next request. */
    stale: boolean;
    /** `regexpAssignmentCount()` when the layers were filed: a regexp assigned since makes the index out of date. */
    readonly assignments: number;
    /** Bumped when layers are filed: chains computed before are recomputed on next use. */
    private version;
    constructor(stack: Layer[]);
    /** Files the layers pushed onto the stack since the last call (positions only grow). */
    extend(): void;
    /**
     * Sorted position lists whose union holds every layer that may match
     * `path` (a position may be in several), written into `out` from index 0;
     * returns how many, or -1 if the walk gave up.
     */
    collect(path: string, out: number[][]): number;
    /** `collect` from `node` at `start` on, where the walk takes more than one branch. */
    private collectBranches;
    /**
     * Appends to `out` (at `count`) lists holding the positions of `node` and
     * its ancestors, the candidates of a path that goes on below `node`; an
     * empty list is left out (so that one non-empty list keeps the cursor on
     * its single-list path).
     */
    private chains;
    /** `chains`, and the exact layers of `node`: the candidates of a path that ends at `node`. */
    private endChains;
    private chainOf;
}
