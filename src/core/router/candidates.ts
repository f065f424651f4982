/**
 * Which stack positions a router traversal tries for the path it is at, in
 * stack order: the route index behind one small interface, with Express's
 * linear walk as the other implementation. The dispatch (dispatch.ts) knows
 * only `CandidateCursor`; a layer's own `match` always has the final word.
 */
import { type Layer, regexpAssignmentCount } from './layer';
import { SegmentIndex } from './segment-index';
import { kRouteIndex } from '../base/symbols';

export interface CandidateCursor {
	/** Start over for `path` (the request's path has changed) at stack position `from`. */
	seek(path: string, from: number): void;
	/** The next position whose layer may match, ascending; -1 past the end of the stack. */
	next(): number;
}

/** Every position in turn, as Express 4 walks its stack (layers pushed meanwhile included). */
export class LinearCursor implements CandidateCursor {
	private position = 0;

	constructor(private readonly stack: Layer[]) {}

	seek(_path: string, from: number): void {
		this.position = from;
	}

	next(): number {
		const position = this.position;
		if (position >= this.stack.length) return -1;
		this.position = position + 1;
		return position;
	}
}

/**
 * The positions of the index's candidates for the path in stack order, then
 * (past the positions indexed when the traversal began) every layer pushed
 * during the request, linearly.
 */
export class IndexedCursor implements CandidateCursor {
	/** The one candidate list (the common case), or null. */
	private single: number[] | null = null;
	private singleHead = 0;
	/** Several lists, merged as they are read (a walk that took more than one branch). */
	private lists: number[][] | null = null;
	private heads: number[] | null = null;
	/** The first position not yet returned or skipped since the last `seek`. */
	private floor = 0;
	/** From here on the walk is linear (-1: reading the index's lists). */
	private linear = -1;

	constructor(
		private readonly index: SegmentIndex,
		private readonly stack: Layer[],
		/** Positions from here were not indexed when the traversal began. */
		private readonly limit: number,
	) {}

	seek(path: string, from: number): void {
		this.floor = from;
		this.linear = -1;
		this.single = null;
		this.lists = null;
		const count = this.index.stale ? -1 : this.index.collect(path, scratch);
		if (count === 1) {
			this.single = scratch[0];
			this.singleHead = from === 0 ? 0 : lowerBound(scratch[0], from);
		} else if (count > 1) {
			const lists = scratch.slice(0, count);
			const heads: number[] = [];
			for (let i = 0; i < count; i++) heads.push(lowerBound(lists[i], from));
			this.lists = lists;
			this.heads = heads;
		} else if (count === -1) {
			this.linear = from;
		}
		// Count 0: no candidates (the linear tail past `limit` still follows).
	}

	next(): number {
		if (this.linear === -1 && this.index.assignments !== regexpAssignmentCount()) {
			// A regexp was assigned to a layer (`layer.regexp = …`) since the index filed the layers,
			// perhaps by the handler that just ran: walk linearly from here, rebuild for the next request.
			this.index.stale = true;
			this.linear = this.floor;
		}
		if (this.linear === -1) {
			const position = this.single !== null ? this.nextOfSingle() : this.lists !== null ? this.nextOfMany() : -1;
			if (position !== -1) {
				if (this.stack[position] === this.index.layers[position]) {
					this.floor = position + 1;
					return position;
				}
				// A layer was replaced or moved in place (`router.stack[i] = layer`), which no
				// cheap check at the start of the traversal sees: the index is out of date. Walk
				// linearly from where the index took over, and rebuild it for the next request.
				this.index.stale = true;
				this.linear = this.floor;
			} else {
				// The index's candidates are exhausted; layers pushed during the request lie past `limit`.
				this.linear = Math.max(this.floor, this.limit);
			}
		}
		const position = this.linear;
		if (position >= this.stack.length) return -1;
		this.linear = position + 1;
		return position;
	}

	private nextOfSingle(): number {
		const list = this.single!;
		const head = this.singleHead;
		if (head >= list.length || list[head] >= this.limit) return -1;
		this.singleHead = head + 1;
		return list[head];
	}

	/** The smallest head among the lists, advancing every list at it (lists may share positions). */
	private nextOfMany(): number {
		const lists = this.lists!;
		const heads = this.heads!;
		let best = this.limit;
		for (let i = 0; i < lists.length; i++) {
			const list = lists[i];
			const head = heads[i];
			if (head < list.length && list[head] < best) best = list[head];
		}
		if (best === this.limit) return -1;
		for (let i = 0; i < lists.length; i++) {
			const head = heads[i];
			if (head < lists[i].length && lists[i][head] === best) heads[i] = head + 1;
		}
		return best;
	}
}

// `collect` writes here; `seek` copies out what it keeps (collect never re-enters).
const scratch: number[][] = [];

/** First position in `list` holding a value ≥ `value`. */
function lowerBound(list: number[], value: number): number {
	let low = 0;
	let high = list.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		if (list[mid] < value) low = mid + 1;
		else high = mid;
	}
	return low;
}

export interface IndexedRouter {
	stack: Layer[];
	[kRouteIndex]?: SegmentIndex;
}

// Below this many layers a linear walk costs no more than a lookup (bench/routing-micro.js).
let minIndexedLayers = 16;

/**
 * How many layers a stack needs before its traversals use the index. Internal (the package does
 * not export lib/core): the test harness sets 0 (test/helpers/indexed-routing.ts) so that the
 * router tests run against the index at every stack size.
 */
export function setIndexThreshold(layers: number): void {
	minIndexedLayers = layers;
}

/** A cursor over `router.stack` for one traversal. */
export function cursorFor(router: IndexedRouter): CandidateCursor {
	const stack = router.stack;
	const length = stack.length;
	if (length < minIndexedLayers) return new LinearCursor(stack);
	return new IndexedCursor(indexOf(router, stack, length), stack, length);
}

function indexOf(router: IndexedRouter, stack: Layer[], length: number): SegmentIndex {
	const index = router[kRouteIndex];
	if (index !== undefined && index.stack === stack && !index.stale && index.assignments === regexpAssignmentCount()) {
		const layers = index.layers;
		const filed = layers.length;
		// Two loads per traversal: code that edits `router.stack` directly (splice a layer
		// out, move one to the front, push some) changes its length or its ends. A layer
		// replaced in the middle is caught when a traversal visits its position (IndexedCursor).
		if (filed === length && stack[0] === layers[0] && stack[length - 1] === layers[length - 1]) return index;
		if (filed !== 0 && filed < length && stack[0] === layers[0] && stack[filed - 1] === layers[filed - 1]) {
			// Layers were pushed since (routes registered after the first request): file only those.
			index.extend();
			return index;
		}
	}
	const built = new SegmentIndex(stack);
	router[kRouteIndex] = built;
	return built;
}
