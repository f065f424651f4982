/**
 * Express 4 path syntax, compiled once per layer.
 *
 * `compilePath` is path-to-regexp 0.1.13 (the version express@4.22 uses),
 * ported to TypeScript so the syntax is Express's to the byte, including its
 * backtrack protection against the `/:a-:b` ReDoS class. Beside the regular
 * expression it hands back the path segments every match has, read from the
 * tokens it compiled (the route index files the layer under them,
 * segment-index.ts). `isLiteralPath` recognises the shapes that need no regular
 * expression at all, so the hot path can compare strings instead (`Layer.match`).
 */
import { adoptError, catalogMessage, veloxError } from '../errors';

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

// Module-level and global, as in path-to-regexp 0.1 (one expression each, not one per path: the
// registration cost at thousands of routes). `replace` starts a global expression at 0, and
// each `exec` loop below runs to its end, which leaves `lastIndex` at 0; neither loop re-enters.
const MATCHING_GROUP_REGEXP = /\\.|\((?:\?<(.*?)>)?(?!\?)/g;
const TOKEN_REGEXP = /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g;

export type PathInput = string | RegExp | readonly (string | RegExp)[];

/** A segment key standing for any one non-empty segment (a bare `/:name` parameter). */
export const PARAM: unique symbol = Symbol('velox.paramSegment');
/** A literal segment (ASCII lower-cased: requests are folded the same way) or `PARAM`. */
export type SegmentKey = string | typeof PARAM;

/**
 * The segments every match of a path has, from the start: what the route index files its layer
 * under. It may promise less than the path holds (it stops at the first token whose match it
 * cannot bound), never more. `exact`: a match has exactly these segments (and perhaps a trailing
 * slash), so the index offers the layer only to paths that end there.
 */
export interface PathSegments {
	readonly keys: readonly SegmentKey[];
	readonly exact: boolean;
}

/** No promise: a layer with these is a candidate for every path (a RegExp the app wrote, `*`, `use(fn)`). */
export const NO_SEGMENTS: PathSegments = { keys: [], exact: false };

export interface CompiledPath {
	readonly regexp: RegExp;
	readonly segments: PathSegments;
}

/** Compiles `path` as Express 4 does, adding its parameter keys to `keys`. */
export function compilePath(path: PathInput, keys: PathKey[], options: PathOptions): CompiledPath {
	const strict = options.strict === true;
	const end = options.end !== false;
	const flags = options.sensitive ? '' : 'i';
	let extraOffset = 0;
	const keysOffset = keys.length;
	let i = 0;
	let name = 0;
	let pos = 0;
	let backtrack = '';
	let m: RegExpExecArray | null;

	if (path instanceof RegExp) {
		const groups = MATCHING_GROUP_REGEXP;
		groups.lastIndex = 0;
		while ((m = groups.exec(path.source))) {
			if (m[0][0] === '\\') continue;
			keys.push({ name: m[1] || name++, optional: false, offset: m.index });
		}
		return { regexp: path, segments: NO_SEGMENTS };
	}

	if (Array.isArray(path)) {
		const compiled = path.map((value: string | RegExp) => compilePath(value, keys, options));
		const regexp = new RegExp(compiled.map((each) => each.regexp.source).join('|'), flags);
		return { regexp, segments: compiled.length === 1 ? compiled[0].segments : commonSegments(compiled) };
	}

	if (typeof path !== 'string') {
		throw veloxError('VELOX_ERR_PATH_TYPE');
	}

	const source = path;
	const tokens: PathToken[] = [];
	let result = source.replace(
		TOKEN_REGEXP,
		(
			match: string,
			slash: string | undefined,
			format: string | undefined,
			key: string,
			capture: string | undefined,
			star: string | undefined,
			optional: string | undefined,
			offset: number,
		) => {
			tokens.push({ offset, match, slash, format, capture, star, optional });
			if (match[0] === '\\') {
				backtrack += match;
				pos += 2;
				return match;
			}
			if (match === '.') {
				backtrack += '\\.';
				extraOffset += 1;
				pos += 1;
				return '\\.';
			}
			if (slash || format) {
				backtrack = '';
			} else {
				backtrack += source.slice(pos, offset);
			}
			pos = offset + match.length;
			if (match === '*') {
				backtrack = '';
				extraOffset += 3;
				return '(.*)';
			}
			if (match === '/(') {
				backtrack += '/';
				extraOffset += 2;
				return '/(?:';
			}
			const slashPart = slash || '';
			const formatPart = format ? '\\.' : '';
			const optionalPart = optional || '';
			const capturePart = capture
				? capture.replace(/\\.|\*/, (c: string) => (c === '*' ? '(.*)' : c))
				: backtrack
					? '((?:(?!/|' + backtrack + ').)+?)'
					: '([^/' + formatPart + ']+?)';
			keys.push({ name: key, optional: !!optional, offset: offset + extraOffset });
			const out = '(?:' + formatPart + slashPart + capturePart + (star ? '((?:[/' + formatPart + '].+?)?)' : '') + ')' + optionalPart;
			backtrack = '';
			extraOffset += out.length - match.length;
			return out;
		},
	);

	// Unnamed capturing groups become numbered keys, in order.
	const groups = MATCHING_GROUP_REGEXP;
	groups.lastIndex = 0;
	while ((m = groups.exec(result))) {
		if (m[0][0] === '\\') continue;
		if (keysOffset + i === keys.length || keys[keysOffset + i].offset > m.index) {
			keys.splice(keysOffset + i, 0, { name: name++, optional: false, offset: m.index });
		}
		i++;
	}

	result += strict ? '' : result[result.length - 1] === '/' ? '?' : '/?';
	if (end) {
		result += '$';
	} else if (result[result.length - 1] !== '/') {
		result += '(?=/|$)';
	}
	return { regexp: new RegExp('^' + result, flags), segments: segmentsOf(source, tokens, strict, end) };
}

/** One match of `TOKEN_REGEXP` in a string path, as `compilePath` rewrote it. */
interface PathToken {
	readonly offset: number;
	/** The token's text: `\x`, `.`, `*`, `/(`, or a parameter. */
	readonly match: string;
	readonly slash: string | undefined;
	readonly format: string | undefined;
	readonly capture: string | undefined;
	readonly star: string | undefined;
	readonly optional: string | undefined;
}

// Parameter captures whose match is one or more characters none of which is a slash (and the
// default one, `([^/]+?)`): a parameter written with one is a whole segment, `PARAM`.
const SEGMENT_CAPTURES = ['(\\d+)', '([0-9]+)', '(\\w+)'];

/**
 * The segments of a string path, from its tokens and the text between them (which the compiled
 * expression holds as it is: `/users`, or regular-expression syntax such as `a+`). Stops, keeping
 * what it has, at the first token that may continue, shorten or end a segment in a way the index
 * cannot follow.
 */
function segmentsOf(source: string, tokens: readonly PathToken[], strict: boolean, end: boolean): PathSegments {
	const keys: SegmentKey[] = [];
	const partial = (): PathSegments => ({ keys, exact: false });
	// A `|` outside any group makes the whole path alternatives: a match may have none of the segments.
	if (hasTopLevelAlternative(source, tokens)) return NO_SEGMENTS;

	// The literal text of the segment being read; null before the path's first slash.
	let segment: string | null = null;
	// Whether the segment being read is a parameter (its `PARAM` is already in `keys`).
	let inParam = false;
	/** Ends the segment being read at a slash the match must have. */
	const close = (): void => {
		if (segment !== null && !inParam) keys.push(segment);
		inParam = false;
		segment = '';
	};
	/** Adds literal characters to the segment being read; false when the index cannot follow. */
	const append = (characters: string, after: number): boolean => {
		if (segment === null || inParam || isQuantified(source, after, tokens)) return false;
		segment += characters.toLowerCase();
		return true;
	};
	let next = 0;
	let position = 0;
	while (position < source.length) {
		const token = tokens[next];
		if (token !== undefined && token.offset === position) {
			next++;
			position += token.match.length;
			const match = token.match;
			if (match[0] === '\\') {
				// `\.`, `\-`: an escaped punctuation character is itself (an escaped slash is not followed).
				const escaped = match.charCodeAt(1);
				if (!isPunctuation(escaped) || escaped === 0x2f || !append(match[1], position)) return partial();
			} else if (match === '.') {
				if (!append('.', position)) return partial();
			} else if (match === '/(') {
				// `/(?:…)`: the slash must be there, what the group matches is not followed.
				close();
				return partial();
			} else if (match === '*' || token.format !== undefined || token.slash === undefined) {
				// `(.*)`, or a parameter that continues the segment being read (`/file.:ext`, `/:a-:b`).
				return partial();
			} else if (token.optional !== undefined) {
				// `/:name?`: the segment being read is whole only if the path ends or a slash follows
				// (`/seg/:x?tail` matches `/segtail`); which segments come next is unknown.
				if (position === source.length || isRawSlash(source, position, tokens)) close();
				return partial();
			} else {
				close();
				if (token.star !== undefined || (token.capture !== undefined && !SEGMENT_CAPTURES.includes(token.capture))) return partial();
				keys.push(PARAM);
				inParam = true;
			}
			continue;
		}
		const c = source.charCodeAt(position);
		if (c === 0x2f /* / */) {
			// A slash that may be absent or repeated (`/a/?b`) does not close a segment.
			if (isQuantified(source, position + 1, tokens)) return partial();
			close();
			position++;
		} else {
			// A run of plain characters up to the next token, appended at once (only its last may
			// be quantified: a quantifier is not a plain character).
			const stop = token !== undefined ? token.offset : source.length;
			let runEnd = position;
			while (runEnd < stop && isPlainLiteral(source.charCodeAt(runEnd))) runEnd++;
			if (runEnd === position || !append(source.slice(position, runEnd), runEnd)) return partial();
			position = runEnd;
		}
	}
	// The compiled tail: `\/?` unless strict, then `$` (end) or a segment boundary.
	if (segment === '' && !inParam) {
		// The path ends with a slash: optional unless strict, then an empty last segment only with `end`.
		if (strict && end) keys.push('');
		return { keys, exact: end };
	}
	if (segment !== null && !inParam) keys.push(segment);
	return { keys, exact: end };
}

/**
 * Whether the compiled expression may have a `|` outside every group. Groups are counted in the
 * text between tokens and at `/(` (each other token compiles to balanced groups); from a `[` in
 * that text (a class may hold a parenthesis), or a capture whose parentheses may not pair up, on,
 * any `|` counts as outside.
 */
function hasTopLevelAlternative(source: string, tokens: readonly PathToken[]): boolean {
	let depth = 0;
	let counted = true;
	let next = 0;
	for (let position = 0; position < source.length; position++) {
		const token = tokens[next];
		if (token !== undefined && token.offset === position) {
			next++;
			position += token.match.length - 1;
			if (token.match === '/(') depth++;
			else if (token.capture !== undefined && !isPlainCapture(token.capture)) counted = false;
			continue;
		}
		const c = source.charCodeAt(position);
		if (c === 0x28 /* ( */) depth++;
		else if (c === 0x29 /* ) */) depth--;
		else if (c === 0x5b /* [ */) counted = false;
		else if (c === 0x7c /* | */ && (depth <= 0 || !counted)) return true;
	}
	return false;
}

// Characters, escapes and simple classes (`\d+`, `[0-9]+`, `[a-z]{2}`), without a parenthesis.
const PLAIN_CAPTURE = /^\((?:[^()[\]\\]|\\.|\[[^\]\\]*\])*\)$/;

/** Whether a capture `(…)` is one balanced group: no other parenthesis, no class that may not close. */
function isPlainCapture(capture: string): boolean {
	return PLAIN_CAPTURE.test(capture);
}

/** Whether a quantifier (`?`, `+`, `{`) follows at `position`, making what precedes optional or repeated. */
function isQuantified(source: string, position: number, tokens: readonly PathToken[]): boolean {
	const c = source.charCodeAt(position);
	if (c !== 0x3f && c !== 0x2b && c !== 0x7b) return false;
	// A token's text compiles to a group or an escape, never to a quantifier.
	return !tokens.some((token) => token.offset === position);
}

/** Whether the path has, at `position`, a slash outside any token that is neither optional nor repeated. */
function isRawSlash(source: string, position: number, tokens: readonly PathToken[]): boolean {
	return source.charCodeAt(position) === 0x2f && !tokens.some((token) => token.offset === position) && !isQuantified(source, position + 1, tokens);
}

/** ASCII punctuation: escaped, the character itself. */
function isPunctuation(c: number): boolean {
	return c >= 0x21 && c <= 0x7e && !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a));
}

/** Printable ASCII that a regular expression without the `u` flag reads as itself (the slash apart). */
function isPlainLiteral(c: number): boolean {
	if (c < 0x20 || c > 0x7e) return false;
	switch (c) {
		case 0x24: // $
		case 0x28: // (
		case 0x29: // )
		case 0x2a: // *
		case 0x2b: // +
		case 0x2e: // .
		case 0x2f: // /
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

/** The keys every one of several alternatives (an array path) starts with; never exact. */
function commonSegments(compiled: readonly CompiledPath[]): PathSegments {
	if (compiled.length === 0) return NO_SEGMENTS;
	const common = compiled[0].segments.keys.slice();
	for (const { segments } of compiled) {
		let shared = 0;
		while (shared < common.length && shared < segments.keys.length && common[shared] === segments.keys[shared]) shared++;
		common.length = shared;
	}
	return common.length === 0 ? NO_SEGMENTS : { keys: common, exact: false };
}

/** How a layer matches: each kind but REGEXP avoids the regular expression on the hot path. */
export const enum MatchKind {
	/** `use('/')`: every path matches, nothing is consumed. */
	Slash = 0,
	/** `'*'`: every path matches, all of it in `params[0]`. */
	Star = 1,
	/** A path of literal characters only: string comparison. */
	Literal = 2,
	/** Anything else: the compiled regular expression. */
	Regexp = 3,
	/** Express 5's syntax (the Velox 5 line): matcher-express5.ts's `matchPath5`. */
	Express5 = 4,
}

/** Characters that path-to-regexp 0.1 leaves literal (everything else may be syntax). */
const LITERAL_PATH = /^[A-Za-z0-9_\-./~%!@&=;,'"<>`#]*$/;

export function isLiteralPath(path: unknown): path is string {
	return typeof path === 'string' && LITERAL_PATH.test(path);
}

/** ASCII case-insensitive equality of `a` and `b` from `offset` of `a`, as the `i` flag without `u` compares ASCII. */
export function regionEqualsIgnoreCase(a: string, offset: number, b: string): boolean {
	const length = b.length;
	if (a.length - offset < length) return false;
	for (let i = 0; i < length; i++) {
		let x = a.charCodeAt(offset + i);
		let y = b.charCodeAt(i);
		if (x === y) continue;
		if (x >= 0x41 && x <= 0x5a) x += 0x20;
		if (y >= 0x41 && y <= 0x5a) y += 0x20;
		if (x !== y) return false;
	}
	return true;
}

/** URI-decodes a parameter; a malformed escape becomes a 400 error, as in Express. */
export function decodeParam(value: string | undefined): string | undefined {
	// Hot path: most params have no escape at all.
	if (typeof value !== 'string' || value.length === 0 || value.indexOf('%') === -1) return value;
	try {
		return decodeURIComponent(value);
	} catch (err) {
		if (!(err instanceof URIError)) throw err;
		// Express's decode_param keeps the URIError (its stack) and assigns statusCode, then status.
		const message = catalogMessage('VELOX_ERR_PARAM_DECODE', value);
		throw adoptError('VELOX_ERR_PARAM_DECODE', err, { message, statusCode: 400, status: 400 });
	}
}
