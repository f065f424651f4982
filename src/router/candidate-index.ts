/**
 * The router's candidate index: which layers a request path can match, by
 * its first segment. Hot path — change with care: it only ever excludes
 * layers whose own matcher would reject the path (see `firstSegmentKey`),
 * and lists stay in stack order, so first-match semantics are Express's.
 */
import { Layer } from './layer';
import { requestSegmentKey } from './matcher';

/** Where a router keeps its index (see `candidateIndexOf`). */
export const kIndexCache: unique symbol = Symbol('velox.candidateIndex');

export interface IndexedRouter {
	stack: Layer[];
	[kIndexCache]?: IndexCache;
}

/**
 * Candidate lists per first path segment, each sorted by stack position and
 * holding every layer that could match a path with that segment (the layers
 * keyed on it plus every unkeyed layer). Built lazily, rebuilt when the stack
 * changes length or is replaced.
 */
export class CandidateIndex {
	constructor(
		private readonly byKey: Map<string, Int32Array>,
		private readonly unkeyed: Int32Array,
		private readonly sensitive: boolean,
	) {}

	lookup(path: string): Int32Array {
		if (path.charCodeAt(0) !== 0x2f) return this.unkeyed;
		return this.byKey.get(requestSegmentKey(path, this.sensitive)) ?? this.unkeyed;
	}
}

export interface IndexCache {
	stack: Layer[];
	length: number;
	first: Layer | undefined;
	last: Layer | undefined;
	index: CandidateIndex | null;
}

// Below this many layers a linear walk is as fast as a lookup.
const MIN_INDEXED_LAYERS = 16;
// Guard against keys × unkeyed layers blowing up memory.
const MAX_INDEX_ENTRIES = 1 << 20;

function buildIndex(stack: Layer[]): CandidateIndex | null {
	if (stack.length < MIN_INDEXED_LAYERS) return null;
	let sensitive: boolean | undefined;
	const lists = new Map<string, number[]>();
	const unkeyed: number[] = [];
	let entries = 0;
	for (let i = 0; i < stack.length; i++) {
		const layer = stack[i];
		if (!(layer instanceof Layer)) return null;
		if (sensitive === undefined) sensitive = layer.sensitive;
		else if (sensitive !== layer.sensitive) return null;
		const key = layer.segmentKey;
		if (key === undefined) {
			unkeyed.push(i);
			for (const list of lists.values()) list.push(i);
			entries += lists.size + 1;
		} else {
			let list = lists.get(key);
			if (list === undefined) {
				list = unkeyed.slice();
				lists.set(key, list);
				entries += list.length;
			}
			list.push(i);
			entries++;
		}
		if (entries > MAX_INDEX_ENTRIES) return null;
	}
	const byKey = new Map<string, Int32Array>();
	for (const [key, list] of lists) byKey.set(key, Int32Array.from(list));
	return new CandidateIndex(byKey, Int32Array.from(unkeyed), sensitive === true);
}

export function candidateIndexOf(router: IndexedRouter): CandidateIndex | null {
	const stack = router.stack;
	const length = stack.length;
	const first = stack[0];
	const last = stack[length - 1];
	const cache = router[kIndexCache];
	// Code that edits `router.stack` directly (splice a layer out, push one in, move one
	// to the front) changes its length or its ends; two loads per request catch that.
	// Replacing a middle layer in place (`stack[i] = layer`) is not detected: that would need a walk of the stack per request.
	if (cache !== undefined && cache.stack === stack && cache.length === length && cache.first === first && cache.last === last) return cache.index;
	const index = buildIndex(stack);
	router[kIndexCache] = { stack, length, first, last, index };
	return index;
}

/** First position in `list` holding a value ≥ `value`. */
export function lowerBound(list: Int32Array, value: number): number {
	let low = 0;
	let high = list.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		if (list[mid] < value) low = mid + 1;
		else high = mid;
	}
	return low;
}
