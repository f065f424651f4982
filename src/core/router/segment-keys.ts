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
export const PARAM: unique symbol = Symbol('velox.paramSegment');
export type SegmentKey = string | typeof PARAM;

export interface SegmentKeys {
	readonly keys: readonly SegmentKey[];
	/** Whether a match has exactly these segments, and possibly a trailing slash (see above). */
	readonly exact: boolean;
}

const NO_KEYS: readonly SegmentKey[] = [];
const UNREADABLE: SegmentKeys = { keys: NO_KEYS, exact: false };
const cache = new WeakMap<RegExp, SegmentKeys>();

/** The keys of `regexp`, computed once per regular expression (source and flags are immutable). */
export function segmentKeysOf(regexp: unknown): readonly SegmentKey[] {
	return readCached(regexp).keys;
}

/** The keys of `regexp` and whether it is exact, computed once per regular expression. */
export function readCached(regexp: unknown): SegmentKeys {
	if (!(regexp instanceof RegExp)) return UNREADABLE;
	let read = cache.get(regexp);
	if (read === undefined) {
		read = readKeys(regexp.source, regexp.flags);
		cache.set(regexp, read);
	}
	return read;
}

// Flags that leave `^`, `$` and literal characters meaning what they mean here. `m` moves
// `^`/`$` to line breaks, `u`/`v` change case folding (`ſ` matches `s`) and escapes, and
// `g`/`y` make `exec` stateful: a layer the index skipped would not advance `lastIndex`
// as Express's linear walk does.
const READABLE_FLAGS = /^[isd]*$/;

// What path-to-regexp 0.1 writes for a bare `/:name` (`[^/]` as V8 prints the source of
// `new RegExp`; `[^\/]` as a literal may be written), and for `/:id(\\d+)` and kin: a slash,
// then one or more characters none of which is a slash.
const PARAM_GROUPS = ['(?:\\/([^/]+?))', '(?:\\/([^\\/]+?))', '(?:\\/(\\d+))', '(?:\\/([0-9]+))', '(?:\\/(\\w+))'];

// What can follow a matched path: its end, an optional trailing slash, or a segment
// boundary (the lookahead of `end: false` layers, which leave the rest of the path alone).
const END_TAILS = ['$', '\\/?$', '(?=\\/|$)', '\\/?(?=\\/|$)'];
// The tails after which nothing of the path is left: the end, or an optional trailing slash then the end.
const EXACT_TAILS = ['$', '\\/?$'];

export function readSegmentKeys(source: string, flags: string): readonly SegmentKey[] {
	return readKeys(source, flags).keys;
}

function readKeys(source: string, flags: string): SegmentKeys {
	if (!READABLE_FLAGS.test(flags)) return UNREADABLE;
	const alternatives = splitAlternatives(source);
	if (alternatives === null) return UNREADABLE;
	// `['/a/:x', '/a/b']` compiles to `^…|^…`: a match has the keys every alternative has.
	let common: SegmentKey[] | null = null;
	let exact = false;
	for (const alternative of alternatives) {
		if (alternative.charCodeAt(0) !== 0x5e /* ^ */) return UNREADABLE;
		const read = { exact: false };
		const keys = keysOfAlternative(alternative, 1, read);
		if (common === null) {
			common = keys;
			exact = read.exact;
			continue;
		}
		exact = false;
		let shared = 0;
		while (shared < common.length && shared < keys.length && common[shared] === keys[shared]) shared++;
		common.length = shared;
	}
	if (common === null) return UNREADABLE;
	return { keys: common.length === 0 ? NO_KEYS : common, exact };
}

/**
 * Keys of one `^`-anchored alternative, reading from `position` (just past
 * the `^`); sets `read.exact` when they are all a match has.
 */
function keysOfAlternative(source: string, position: number, read: { exact: boolean }): SegmentKey[] {
	const keys: SegmentKey[] = [];
	for (;;) {
		const run = literalRun(source, position);
		const text = run.text;
		// Segments start at a slash: at the start of the path, and after a parameter.
		if (text.length !== 0 && text.charCodeAt(0) !== 0x2f) return keys;
		const segments = text.length === 0 ? [] : text.slice(1).split('/');
		const rest = source.slice(run.end);
		if (END_TAILS.includes(rest)) {
			// The path ends, or a slash follows, right after the literal text: its last segment is whole.
			keys.push(...segments);
			read.exact = EXACT_TAILS.includes(rest);
			return keys;
		}
		const group = PARAM_GROUPS.find((candidate) => rest.startsWith(candidate));
		if (group === undefined) {
			// Whatever follows may continue the last segment (`/file.:ext`, `/a(b)?`): only the
			// segments a slash closes are whole, literal or at the start of a group that must match.
			keys.push(...(startsWithRequiredSlash(source, run.end) ? segments : segments.slice(0, -1)));
			return keys;
		}
		const after = run.end + group.length;
		if (isQuantifier(source.charCodeAt(after))) {
			// An optional parameter (`/:name?`): the slash it starts with may be absent, so the
			// last literal segment is whole only if the path ends right after the group.
			keys.push(...(END_TAILS.includes(source.slice(after + 1)) ? segments : segments.slice(0, -1)));
			return keys;
		}
		// A bare parameter: a slash (closing the last literal segment), then at least one
		// character that is not a slash: one non-empty segment.
		keys.push(...segments, PARAM);
		position = after;
		// Go on only when a slash, another parameter or the end follows: in `/:name.json` or
		// `/:a-:b` the segment goes on, and PARAM already says all that is certain about it.
		const tail = source.slice(after);
		if (END_TAILS.includes(tail)) {
			read.exact = EXACT_TAILS.includes(tail);
			return keys;
		}
		if (!tail.startsWith('\\/') && !tail.startsWith('/') && !PARAM_GROUPS.some((candidate) => tail.startsWith(candidate))) return keys;
	}
}

/**
 * Whether the source at `position` is a group that must match and begins with
 * a slash in every alternative it has: `(?:\/…)` or `(\/…)` with no `|` at its
 * top level and no quantifier after it (`/a/:rest*` compiles to one).
 */
function startsWithRequiredSlash(source: string, position: number): boolean {
	if (source.charCodeAt(position) !== 0x28) return false;
	const close = groupEnd(source, position);
	if (close === -1 || isQuantifier(source.charCodeAt(close + 1))) return false;
	let inner = source.slice(position + 1, close);
	if (inner.startsWith('?:')) inner = inner.slice(2);
	if (!inner.startsWith('\\/')) return false;
	const alternatives = splitAlternatives(inner);
	return alternatives !== null && alternatives.length === 1;
}

/** The position of the `)` closing the group opened at `open`, or -1. */
function groupEnd(source: string, open: number): number {
	let depth = 0;
	let inClass = false;
	for (let i = open; i < source.length; i++) {
		const c = source.charCodeAt(i);
		if (c === 0x5c) i++;
		else if (inClass) inClass = c !== 0x5d;
		else if (c === 0x5b) inClass = true;
		else if (c === 0x28) depth++;
		else if (c === 0x29 && --depth === 0) return i;
	}
	return -1;
}

/** `?`, `*`, `+` or `{`: the atom before may be absent or repeated. */
function isQuantifier(c: number): boolean {
	return c === 0x3f || c === 0x2a || c === 0x2b || c === 0x7b;
}

interface LiteralRun {
	/** The literal characters, ASCII letters lower-cased. */
	text: string;
	/** Where in the source the run stops. */
	end: number;
}

/**
 * The longest run of characters at `position` that match only themselves.
 * An atom followed by a quantifier (`?`, `*`, `+`, `{`) is left out: it may
 * be absent or repeated.
 */
function literalRun(source: string, position: number): LiteralRun {
	let text = '';
	while (position < source.length) {
		const c = source.charCodeAt(position);
		let width = 1;
		let atom: number;
		if (c === 0x5c /* \ */) {
			// `\/`, `\.`, `\-`: an escaped punctuation character is itself; `\d`, `\b`, `\u0041`
			// and friends are classes or other syntax.
			const escaped = source.charCodeAt(position + 1);
			if (Number.isNaN(escaped) || isAsciiAlphanumeric(escaped) || escaped > 0x7e) break;
			atom = escaped;
			width = 2;
		} else if (isPlainLiteral(c)) {
			atom = c;
		} else {
			break;
		}
		if (isQuantifier(source.charCodeAt(position + width))) break;
		text += String.fromCharCode(atom >= 0x41 && atom <= 0x5a ? atom + 0x20 : atom);
		position += width;
	}
	return { text, end: position };
}

function isAsciiAlphanumeric(c: number): boolean {
	return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** Printable ASCII that a regular expression without the `u` flag reads as itself. */
function isPlainLiteral(c: number): boolean {
	if (c < 0x20 || c > 0x7e) return false;
	switch (c) {
		case 0x24: // $
		case 0x28: // (
		case 0x29: // )
		case 0x2a: // *
		case 0x2b: // +
		case 0x2e: // .
		case 0x3f: // ?
		case 0x5b: // [
		case 0x5c: // \
		case 0x5d: // ]
		case 0x5e: // ^
		case 0x7b: // {
		case 0x7c: // |
		case 0x7d: // }
			return false;
		default:
			return true;
	}
}

/** The top-level alternatives of a regular expression source, or null if it cannot be read. */
function splitAlternatives(source: string): string[] | null {
	const alternatives: string[] = [];
	let depth = 0;
	let inClass = false;
	let start = 0;
	for (let i = 0; i < source.length; i++) {
		const c = source.charCodeAt(i);
		if (c === 0x5c) {
			i++;
		} else if (inClass) {
			if (c === 0x5d) inClass = false;
		} else if (c === 0x5b) {
			inClass = true;
		} else if (c === 0x28) {
			depth++;
		} else if (c === 0x29) {
			if (--depth < 0) return null;
		} else if (c === 0x7c && depth === 0) {
			alternatives.push(source.slice(start, i));
			start = i + 1;
		}
	}
	if (depth !== 0 || inClass) return null;
	alternatives.push(source.slice(start));
	return alternatives;
}
