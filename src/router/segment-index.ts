/**
 * The route index: a trie over the path segments every match of a layer must
 * have (segment-keys.ts). Each layer is filed once, at the node where its keys
 * end; a layer with no keys (`use(fn)`, `*`, most regular expressions) sits at
 * the root. A request path walks the trie segment by segment, following the
 * literal child and the parameter child, and its candidates are the layers of
 * the nodes it reaches, visited in stack order by merging their sorted lists.
 *
 * Hot path — change with care: the walk costs one map lookup per segment and
 * per parameter branch taken, whatever the number of routes; the merge costs
 * one comparison per reached node and candidate. The layers' own matchers still
 * decide; a layer missing from the candidates is one that cannot match.
 */
import type { Layer } from './layer';
import { PARAM, segmentKeysOf } from './segment-keys';

class TrieNode {
	children: Map<string, TrieNode> | null = null;
	param: TrieNode | null = null;
	/** Stack positions of the layers filed here, ascending. */
	readonly positions: number[] = [];
}

// A walk that reaches more nodes than this (a table with a literal and a parameter branch at
// level after level, and a request that takes both every time) gives up: the caller walks
// the stack linearly for that path, which is always correct.
const MAX_REACHED = 64;

// Reused by every walk: `collect` runs to completion synchronously, never re-entered.
let frontier: TrieNode[] = [];
let nextFrontier: TrieNode[] = [];

export class SegmentIndex {
	private readonly root = new TrieNode();
	/** The layer at each filed position, to notice a layer replaced in place. */
	readonly layers: Layer[] = [];
	/** Set when a visited position no longer holds the filed layer: rebuild before the next request. */
	stale = false;

	constructor(readonly stack: Layer[]) {
		this.extend();
	}

	/** Files the layers pushed onto the stack since the last call (positions only grow). */
	extend(): void {
		const stack = this.stack;
		for (let position = this.layers.length; position < stack.length; position++) {
			const layer = stack[position];
			this.layers.push(layer);
			let node = this.root;
			// A foreign object in the stack has no readable regexp: no keys, always a candidate.
			for (const key of segmentKeysOf(layer?.regexp)) node = key === PARAM ? (node.param ??= new TrieNode()) : childOf(node, key);
			node.positions.push(position);
		}
	}

	/**
	 * The position lists of the nodes `path` reaches that hold layers, written
	 * into `out` from index 0; returns how many, or -1 if the walk gave up.
	 */
	collect(path: string, out: number[][]): number {
		let count = 0;
		const root = this.root;
		if (root.positions.length !== 0) out[count++] = root.positions;
		if (path.charCodeAt(0) !== 0x2f || (root.children === null && root.param === null)) return count;
		// Keys are lower-cased ASCII, and a segment that matches one case-insensitively is ASCII
		// (without the `u` flag no other character folds onto an ASCII one).
		const folded = hasUpperCase(path) ? path.toLowerCase() : path;
		let width = 1;
		frontier[0] = root;
		let start = 1;
		let reached = 1;
		for (;;) {
			let end = folded.indexOf('/', start);
			if (end === -1) end = folded.length;
			const segment = folded.slice(start, end);
			let nextWidth = 0;
			for (let i = 0; i < width; i++) {
				const node = frontier[i];
				const child = node.children === null ? undefined : node.children.get(segment);
				if (child !== undefined) {
					nextFrontier[nextWidth++] = child;
					if (child.positions.length !== 0) out[count++] = child.positions;
				}
				// A parameter takes any non-empty segment.
				if (node.param !== null && end !== start) {
					nextFrontier[nextWidth++] = node.param;
					if (node.param.positions.length !== 0) out[count++] = node.param.positions;
				}
			}
			reached += nextWidth;
			if (reached > MAX_REACHED) return -1;
			if (nextWidth === 0 || end === folded.length) break;
			const swap = frontier;
			frontier = nextFrontier;
			nextFrontier = swap;
			width = nextWidth;
			start = end + 1;
		}
		return count;
	}
}

function childOf(node: TrieNode, key: string): TrieNode {
	if (node.children === null) node.children = new Map();
	let child = node.children.get(key);
	if (child === undefined) {
		child = new TrieNode();
		node.children.set(key, child);
	}
	return child;
}

function hasUpperCase(path: string): boolean {
	for (let i = 0; i < path.length; i++) {
		const c = path.charCodeAt(i);
		if (c >= 0x41 && c <= 0x5a) return true;
	}
	return false;
}
