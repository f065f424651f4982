/**
 * The route index: a trie over the path segments every match of a layer must
 * have, as the matcher compiled them (`PathSegments`, matcher.ts). Each layer is
 * filed once, at the node where its keys end; a layer with no keys (`use(fn)`,
 * `*`, a RegExp) sits at the root. A request path walks the trie segment by
 * segment, taking the literal child and the parameter child, and its candidates
 * are the layers of every node it reaches, in stack order; an *exact* layer (a
 * route whose keys are its whole path) only at the node where the path ends, so
 * a lookup on the GitHub table visits the answering route alone (bench/README.md,
 * "The route index on the GitHub table").
 *
 * Hot path — change with care: the walk costs one hash and one small-integer
 * map lookup per segment, whatever the number of routes. A node keeps, once
 * reached, its *chain*: the sorted positions of its own layers and all its
 * ancestors' (up to `MAX_CHAIN`), so the common walk (one branch all the way
 * down) hands the cursor one sorted list and nothing is merged per request.
 * The layers' own matchers still decide; a layer missing from the candidates
 * is one that cannot match.
 */
import { type Layer, regexpAssignmentCount, segmentsOf } from './layer';
import { PARAM } from './matcher';

class TrieNode {
	/** Literal children while there are few of them, compared key by key. */
	few: TrieNode[] | null = null;
	/**
	 * Literal children once there are many: an open-addressing table by `segmentHash` of
	 * their key (linear probing, a power of two long, at most half full).
	 */
	children: (TrieNode | null)[] | null = null;
	/** How many children `children` holds. */
	childCount = 0;
	param: TrieNode | null = null;
	/** Stack positions of the layers filed here, ascending: candidates for every path through this node. */
	readonly positions: number[] = [];
	/** Positions of the exact layers filed here (`PathSegments.exact`): candidates only for a path that ends here. */
	readonly exact: number[] = [];
	/** This node's and its ancestors' positions, ascending; null when longer than `MAX_CHAIN`. */
	chain: number[] | null = null;
	/** The index version `chain` was computed for (-1: never). */
	chainVersion = -1;
	/** `chain` and this node's exact positions, ascending (the candidates of a path ending here); null when too long. */
	endChain: number[] | null = null;
	endChainVersion = -1;

	/** `segmentHash(key)`. */
	readonly hash: number;

	constructor(
		readonly parent: TrieNode | null,
		/** The literal segment leading here (lower-cased ASCII); '' for the root and parameter nodes. */
		readonly key: string,
	) {
		this.hash = segmentHash(key);
	}
}

// Chains longer than this are not kept (memory: a node's chain repeats its ancestors'
// positions); such a node hands out its ancestors' lists and its own instead.
const MAX_CHAIN = 1024;
// A walk that reaches more nodes, or ends with more lists, than these (a table with a literal
// and a parameter branch at level after level, and a request that takes both every time)
// gives up: the cursor walks the stack linearly for that path, which is always correct.
const MAX_REACHED = 64;
const MAX_LISTS = 32;
// Up to this many literal children are compared key by key (mostly a length check each),
// cheaper than hashing the segment; more go into a hash table.
const MAX_FEW_CHILDREN = 8;
// Hashes stay small integers (Smis): stored on the node and compared without boxing.
const HASH_MASK = 0x3fffffff;

// Reused by every branching walk: `collect` runs to completion synchronously, never re-entered.
let frontier: TrieNode[] = [];
let nextFrontier: TrieNode[] = [];

export class SegmentIndex {
	private readonly root = new TrieNode(null, '');
	/** The layer at each filed position, to notice a layer replaced in place. */
	readonly layers: Layer[] = [];
	/** Set when a visited position no longer holds the filed layer: rebuild before the next request. */
	stale = false;
	/** `regexpAssignmentCount()` when the layers were filed: a regexp assigned since makes the index out of date. */
	readonly assignments = regexpAssignmentCount();
	/** Bumped when layers are filed: chains computed before are recomputed on next use. */
	private version = 0;

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
			// A foreign object in the stack has no segments: always a candidate.
			const read = segmentsOf(layer);
			for (const key of read.keys) node = key === PARAM ? (node.param ??= new TrieNode(node, '')) : childOf(node, key);
			(read.exact ? node.exact : node.positions).push(position);
		}
		this.version++;
	}

	/**
	 * Sorted position lists whose union holds every layer that may match
	 * `path` (a position may be in several), written into `out` from index 0;
	 * returns how many, or -1 if the walk gave up.
	 */
	collect(path: string, out: number[][]): number {
		let node = this.root;
		// Not a path from the root (`*`, ''): every layer the walk could reach from the root is offered.
		if (path.charCodeAt(0) !== 0x2f) return this.endChains(node, out, 0);
		const length = path.length;
		let start = 1;
		for (;;) {
			if (node.few === null && node.children === null && node.param === null) break;
			const end = segmentEnd(path, start);
			const child = childFor(node, path, start, end);
			// A parameter takes any non-empty segment.
			const param = end !== start ? node.param : null;
			if (child !== undefined) {
				if (param !== null && end === length && isPassThrough(param)) {
					// The last segment, and the parameter child has no layers of its own (the `:archive_format`
					// of `/repos/:owner/:repo/:archive_format/:ref` for `/repos/o/r/issues`): it would add only
					// its ancestors' layers, which the literal child's list holds too. No second branch.
					node = child;
				} else if (param !== null && end === length && isPassThrough(child)) {
					node = param;
				} else if (param !== null || start === length) {
					// Both branches, or an empty last segment (a trailing slash) that a child takes while
					// this node's exact layers match it too: the general walk.
					return this.collectBranches(path, out, node, start);
				} else {
					node = child;
				}
			} else if (param !== null) {
				node = param;
			} else {
				break;
			}
			if (end === length) return this.endChains(node, out, 0);
			start = end + 1;
		}
		// The walk stopped before the segment at `start`: exact layers here match only if that is
		// the empty last segment (a trailing slash).
		return start === length ? this.endChains(node, out, 0) : this.chains(node, out, 0);
	}

	/** `collect` from `node` at `start` on, where the walk takes more than one branch. */
	private collectBranches(path: string, out: number[][], node: TrieNode, start: number): number {
		const length = path.length;
		let count = 0;
		let width = 1;
		let reached = 1;
		frontier[0] = node;
		for (;;) {
			const end = segmentEnd(path, start);
			let nextWidth = 0;
			for (let i = 0; i < width; i++) {
				const current = frontier[i];
				const before = nextWidth;
				const child = childFor(current, path, start, end);
				if (child !== undefined) nextFrontier[nextWidth++] = child;
				if (current.param !== null && end !== start) nextFrontier[nextWidth++] = current.param;
				// A node the walk goes no further from, or one at the empty last segment (its exact
				// layers take the trailing slash): its candidates are part of the answer.
				if (nextWidth === before || start === length) count = start === length ? this.endChains(current, out, count) : this.chains(current, out, count);
			}
			reached += nextWidth;
			if (reached > MAX_REACHED || count > MAX_LISTS) return -1;
			if (end === length) {
				for (let i = 0; i < nextWidth; i++) count = this.endChains(nextFrontier[i], out, count);
				break;
			}
			if (nextWidth === 0) break;
			const swap = frontier;
			frontier = nextFrontier;
			nextFrontier = swap;
			width = nextWidth;
			start = end + 1;
		}
		return count > MAX_LISTS ? -1 : count;
	}

	/**
	 * Appends to `out` (at `count`) lists holding the positions of `node` and
	 * its ancestors, the candidates of a path that goes on below `node`; an
	 * empty list is left out (so that one non-empty list keeps the cursor on
	 * its single-list path).
	 */
	private chains(node: TrieNode, out: number[][], count: number): number {
		const chain = this.chainOf(node);
		if (chain !== null) {
			if (chain.length !== 0) out[count++] = chain;
			return count;
		}
		count = this.chains(node.parent!, out, count);
		if (node.positions.length !== 0) out[count++] = node.positions;
		return count;
	}

	/** `chains`, and the exact layers of `node`: the candidates of a path that ends at `node`. */
	private endChains(node: TrieNode, out: number[][], count: number): number {
		if (node.exact.length === 0) return this.chains(node, out, count);
		if (node.endChainVersion !== this.version) {
			const chain = this.chainOf(node);
			node.endChain = chain === null || chain.length + node.exact.length > MAX_CHAIN ? null : mergeSorted(chain, node.exact);
			node.endChainVersion = this.version;
		}
		if (node.endChain !== null) {
			out[count++] = node.endChain;
			return count;
		}
		count = this.chains(node, out, count);
		out[count++] = node.exact;
		return count;
	}

	private chainOf(node: TrieNode): number[] | null {
		if (node.chainVersion === this.version) return node.chain;
		let chain: number[] | null;
		if (node.parent === null) {
			chain = node.positions;
		} else {
			const inherited = this.chainOf(node.parent);
			if (node.positions.length === 0) chain = inherited;
			else if (inherited === null || inherited.length + node.positions.length > MAX_CHAIN) chain = null;
			else chain = mergeSorted(inherited, node.positions);
		}
		node.chain = chain;
		node.chainVersion = this.version;
		return chain;
	}
}

/** A node with no layers of its own: a path ending there has its parent's candidates. */
function isPassThrough(node: TrieNode): boolean {
	return node.positions.length === 0 && node.exact.length === 0;
}

/**
 * Where the segment starting at `start` ends (the next `/` or the end).
 * Separate from the hash so that a walk at a node without literal children
 * (a parameter level) does not hash.
 */
function segmentEnd(path: string, start: number): number {
	const end = path.indexOf('/', start);
	return end === -1 ? path.length : end;
}

/** The literal child of `node` whose key is the segment `start`..`end` of `path`, ASCII case folded. */
function childFor(node: TrieNode, path: string, start: number, end: number): TrieNode | undefined {
	const few = node.few;
	if (few !== null) {
		for (let i = 0; i < few.length; i++) {
			if (isSegment(few[i].key, path, start, end)) return few[i];
		}
		return undefined;
	}
	const children = node.children;
	if (children === null) return undefined;
	// Hot path: a hash computed over the path in place, folding ASCII case as the keys are
	// folded: no substring, no lower-cased copy. A segment that matches a key case-insensitively
	// is ASCII (without the `u` flag no other character folds onto an ASCII one), so folding
	// ASCII alone is exact. Then the node's own open-addressing table: an array load and a
	// hash compare per probe, where a `Map<number, TrieNode>` of thousands of children cost
	// a Map lookup (bench/README.md, "GitHub table at N routes").
	let hash = 0;
	for (let i = start; i < end; i++) {
		let c = path.charCodeAt(i);
		if (c >= 0x41 && c <= 0x5a) c += 0x20;
		hash = (Math.imul(hash, 31) + c) | 0;
	}
	hash = mix(hash);
	const mask = children.length - 1;
	for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
		const child = children[slot];
		if (child === null) return undefined;
		if (child.hash === hash && isSegment(child.key, path, start, end)) return child;
	}
}

/** The hash `childFor` computes for a request segment equal to `key`. */
function segmentHash(key: string): number {
	let hash = 0;
	for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
	return mix(hash);
}

/**
 * Spreads a polynomial string hash over its bits before it picks a slot: keys that differ in
 * their last characters (`r4998`, `r4999`, `r49990`) have nearby hashes, which linear probing
 * would pile into long runs (bench/README.md, "The route index on the GitHub table").
 */
function mix(hash: number): number {
	hash ^= hash >>> 16;
	hash = Math.imul(hash, 0x45d9f3b);
	hash ^= hash >>> 16;
	return hash & HASH_MASK;
}

/** Whether `path` from `start` to `end`, ASCII letters folded to lower case, is `key`. */
function isSegment(key: string, path: string, start: number, end: number): boolean {
	if (key.length !== end - start) return false;
	for (let i = 0; i < key.length; i++) {
		let c = path.charCodeAt(start + i);
		if (c >= 0x41 && c <= 0x5a) c += 0x20;
		if (c !== key.charCodeAt(i)) return false;
	}
	return true;
}

function childOf(node: TrieNode, key: string): TrieNode {
	if (node.children === null) {
		const few = (node.few ??= []);
		for (const child of few) {
			if (child.key === key) return child;
		}
		const child = new TrieNode(node, key);
		if (few.length < MAX_FEW_CHILDREN) {
			few.push(child);
			return child;
		}
		node.children = new Array<TrieNode | null>(4 * MAX_FEW_CHILDREN).fill(null);
		node.few = null;
		for (const sibling of few) addHashed(node, sibling);
		addHashed(node, child);
		return child;
	}
	const children = node.children;
	const mask = children.length - 1;
	for (let slot = segmentHash(key) & mask; ; slot = (slot + 1) & mask) {
		const child = children[slot];
		if (child === null) break;
		if (child.key === key) return child;
	}
	const child = new TrieNode(node, key);
	addHashed(node, child);
	return child;
}

/** Puts `child` into `node.children`, doubling the table first if it would be more than half full. */
function addHashed(node: TrieNode, child: TrieNode): void {
	let children = node.children!;
	if (2 * (node.childCount + 1) > children.length) {
		const old = children;
		children = node.children = new Array<TrieNode | null>(2 * old.length).fill(null);
		for (const sibling of old) if (sibling !== null) insert(children, sibling);
	}
	insert(children, child);
	node.childCount++;
}

function insert(children: (TrieNode | null)[], child: TrieNode): void {
	const mask = children.length - 1;
	let slot = child.hash & mask;
	while (children[slot] !== null) slot = (slot + 1) & mask;
	children[slot] = child;
}

function mergeSorted(a: number[], b: number[]): number[] {
	const merged: number[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) merged.push(a[i] <= b[j] ? a[i++] : b[j++]);
	while (i < a.length) merged.push(a[i++]);
	while (j < b.length) merged.push(b[j++]);
	return merged;
}
