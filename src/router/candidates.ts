/**
 * Which stack positions a router traversal tries for the path it is at, in
 * stack order: the route index behind one small interface, with Express's
 * linear walk as the other implementation. The dispatch (dispatch.ts) knows
 * only `CandidateCursor`; a layer's own `match` always has the final word.
 */
import type { Layer } from './layer';
import { SegmentIndex } from './segment-index';

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
 * The positions of the index's candidates for the path, merged in stack
 * order, then (past the positions indexed when the traversal began) every
 * layer pushed during the request, linearly.
 */
export class IndexedCursor implements CandidateCursor {
	private readonly lists: number[][] = [];
	private readonly heads: number[] = [];
	private count = 0;
	/** The first position not yet returned or skipped since the last `seek`. */
	private floor = 0;
	/** From here on the walk is linear (-1: merging the index's lists). */
	private linear = -1;

	constructor(
		private readonly index: SegmentIndex,
		private readonly stack: Layer[],
		/** Positions from here were not indexed when the traversal began. */
		private readonly limit: number,
	) {}

	seek(path: string, from: number): void {
		this.floor = from;
		const count = this.index.stale ? -1 : this.index.collect(path, this.lists);
		if (count < 0) {
			this.count = 0;
			this.linear = from;
			return;
		}
		this.count = count;
		this.linear = -1;
		for (let i = 0; i < count; i++) this.heads[i] = lowerBound(this.lists[i], from);
	}

	next(): number {
		if (this.linear === -1) {
			const lists = this.lists;
			const heads = this.heads;
			let best = this.limit;
			let bestList = -1;
			for (let i = 0; i < this.count; i++) {
				const list = lists[i];
				const head = heads[i];
				if (head < list.length && list[head] < best) {
					best = list[head];
					bestList = i;
				}
			}
			if (bestList !== -1) {
				heads[bestList]++;
				if (this.stack[best] === this.index.layers[best]) {
					this.floor = best + 1;
					return best;
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
}

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

/** Where a router keeps its index. */
export const kRouteIndex: unique symbol = Symbol('velox.routeIndex');

export interface IndexedRouter {
	stack: Layer[];
	[kRouteIndex]?: SegmentIndex;
}

// Below this many layers a linear walk costs no more than a lookup (bench/routing-micro.js).
const MIN_INDEXED_LAYERS = 16;

/**
 * Test-only switch, read once: `VELOX_ROUTE_INDEX=linear` walks every stack
 * linearly, `VELOX_ROUTE_INDEX=indexed` indexes every stack however small,
 * so one test suite runs against each implementation.
 */
const mode = process.env.VELOX_ROUTE_INDEX;
const minIndexedLayers = mode === 'linear' ? Number.POSITIVE_INFINITY : mode === 'indexed' ? 0 : MIN_INDEXED_LAYERS;

/** A cursor over `router.stack` for one traversal. */
export function cursorFor(router: IndexedRouter): CandidateCursor {
	const stack = router.stack;
	const length = stack.length;
	if (length < minIndexedLayers) return new LinearCursor(stack);
	return new IndexedCursor(indexOf(router, stack, length), stack, length);
}

function indexOf(router: IndexedRouter, stack: Layer[], length: number): SegmentIndex {
	const index = router[kRouteIndex];
	if (index !== undefined && index.stack === stack && !index.stale) {
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
