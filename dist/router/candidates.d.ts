/**
 * Which stack positions a router traversal tries for the path it is at, in
 * stack order: the route index behind one small interface, with Express's
 * linear walk as the other implementation. The dispatch (dispatch.ts) knows
 * only `CandidateCursor`; a layer's own `match` always has the final word.
 */
import { Layer } from './layer';
import { SegmentIndex } from './segment-index';
export interface CandidateCursor {
    /** Start over for `path` (the request's path has changed) at stack position `from`. */
    seek(path: string, from: number): void;
    /** The next position whose layer may match, ascending; -1 past the end of the stack. */
    next(): number;
}
/** Every position in turn, as Express 4 walks its stack (layers pushed meanwhile included). */
export declare class LinearCursor implements CandidateCursor {
    private readonly stack;
    private position;
    constructor(stack: Layer[]);
    seek(_path: string, from: number): void;
    next(): number;
}
/**
 * The positions of the index's candidates for the path in stack order, then
 * (past the positions indexed when the traversal began) every layer pushed
 * during the request, linearly.
 */
export declare class IndexedCursor implements CandidateCursor {
    private readonly index;
    private readonly stack;
    /** Positions from here were not indexed when the traversal began. */
    private readonly limit;
    /** The one candidate list (the common case), or null. */
    private single;
    private singleHead;
    /** Several lists, merged as they are read (a walk that took more than one branch). */
    private lists;
    private heads;
    /** The first position not yet returned or skipped since the last `seek`. */
    private floor;
    /** From here on the walk is linear (-1: reading the index's lists). */
    private linear;
    constructor(index: SegmentIndex, stack: Layer[], 
    /** Positions from here were not indexed when the traversal began. */
    limit: number);
    seek(path: string, from: number): void;
    next(): number;
    private nextOfSingle;
    /** The smallest head among the lists, advancing every list at it (lists may share positions). */
    private nextOfMany;
}
/** Where a router keeps its index. */
export declare const kRouteIndex: unique symbol;
export interface IndexedRouter {
    stack: Layer[];
    [kRouteIndex]?: SegmentIndex;
}
/** A cursor over `router.stack` for one traversal. */
export declare function cursorFor(router: IndexedRouter): CandidateCursor;
