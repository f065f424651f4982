/**
 * Express 5 path syntax (path-to-regexp 8, as router 2 uses it), compiled once per layer into
 * the shape Velox 4's matcher hands the router: a regular expression, its keys, and the segments
 * every match has (matcher.ts, `CompiledPath`). Not wired into the router: a line policy picks it.
 *
 * Strings are read by path-to-regexp 8 itself (`parse`, then `pathToRegexp` on the tokens, with
 * router 2's options: `strict` → no `trailing` slash and no loosening, `end`, `sensitive`), so
 * the syntax, the backtrack protection and the error messages (`Missing parameter name`,
 * `Unexpected ?`, …, thrown at registration as router 2 does) are the maintained package's. What
 * is Velox's here: the segments read from the tokens, the keys lined up with the capture groups,
 * arrays and regular expressions as router 2 runs them, and params decoded as router 2 decodes
 * them (`matchPath5`: a `*splat` is an array of segments).
 */
import { parse, pathToRegexp, type Token } from 'path-to-regexp';
import { nullPrototypeObject } from '../base/utils';
import { veloxError } from '../errors';
import {
	type CompiledPath,
	decodeParam,
	isLiteralPath,
	NO_SEGMENTS,
	PARAM,
	type PathInput,
	type PathKey,
	type PathOptions,
	type PathSegments,
	type SegmentKey,
	regionEqualsIgnoreCase,
} from './matcher';

/** A capture group of a compiled path: the param it fills, and whether it is a `*splat` (an array of segments). */
export interface Capture {
	readonly name: string | number;
	readonly splat: boolean;
}

/**
 * What `compilePath5` returns: Velox's `CompiledPath`, and for each capture group of `regexp`
 * (in order, as the keys it added) how its value becomes a param.
 */
export interface CompiledPath5 extends CompiledPath {
	readonly captures: readonly Capture[];
	/** Each path of an array (flattened) as its own expression, in order; the one path otherwise. */
	readonly alternatives: readonly RegExp[];
	/** A path of literal characters only: matched as a string, not by `regexp` (the same answers). */
	readonly literal: LiteralPath5 | undefined;
}

/**
 * A compiled path, every one made here with the same fields in the same order (one V8 shape: the
 * matcher reads them at one site for every layer, which then stays monomorphic).
 */
function compiledPath5(
	regexp: RegExp,
	segments: PathSegments,
	captures: readonly Capture[],
	alternatives: readonly RegExp[],
	literal: LiteralPath5 | undefined,
): CompiledPath5 {
	return { regexp, segments, captures, alternatives, literal };
}

/** `compiled` matching with `regexp` instead (a copy of an expression the app may see). */
export function withRegExp5(compiled: CompiledPath5, regexp: RegExp): CompiledPath5 {
	return compiledPath5(regexp, compiled.segments, compiled.captures, compiled.alternatives, compiled.literal);
}

/** A literal path as router 2 reads it: trailing slashes dropped unless strict, then path-to-regexp 8's optional one. */
export interface LiteralPath5 {
	readonly text: string;
	readonly end: boolean;
	readonly trailing: boolean;
	readonly sensitive: boolean;
}

const TRAILING_SLASHES = /\/+$/;

/** The literal form of a string path, or undefined when it has syntax (`!` is reserved by path-to-regexp 8). */
function literalOf(path: string, options: PathOptions): LiteralPath5 | undefined {
	if (path.length === 0 || !isLiteralPath(path) || path.indexOf('!') !== -1) return undefined;
	const trailing = options.strict !== true;
	// Router 2's `loosen`: not strict, a path's trailing slashes go (but `/`'s).
	const text = trailing ? loosen(path, false) : path;
	return { text, end: options.end !== false, trailing, sensitive: options.sensitive === true };
}

/**
 * Whether `path` may match a literal path: false when it cannot. Hot path (a table scanned in
 * order): most literals differ from the path by their length or their last character (`/api/r1`
 * against `/api/r9/42`), compared here, ASCII case folded loosely (`| 0x20` never parts two
 * characters the full comparison takes as equal), before the full comparison. Small and apart
 * from it, so that the scan runs it inline and calls `matchLiteral` only for a likely match.
 */
function literalMayMatch(literal: LiteralPath5, path: string): boolean {
	const text = literal.text;
	const length = text.length;
	if (path.length < length) return false;
	if (length === 0) return true;
	const last = text.charCodeAt(length - 1);
	const against = path.charCodeAt(length - 1);
	return last === against || (!literal.sensitive && (last | 0x20) === (against | 0x20));
}

/**
 * The matched prefix of `path` for a literal path, or undefined: what path-to-regexp 8's expression
 * gives (`^text(?:\/$)?` then `$`, or `(?=\/|$)` for `use`; the optional slash only when not strict).
 */
function matchLiteral(literal: LiteralPath5, path: string): string | undefined {
	const text = literal.text;
	const length = text.length;
	if (literal.sensitive ? !path.startsWith(text) : !regionEqualsIgnoreCase(path, 0, text)) return undefined;
	if (path.length === length) return path;
	if (literal.end) return literal.trailing && path.length === length + 1 && path.charCodeAt(length) === 0x2f ? path : undefined;
	if (path.charCodeAt(length) !== 0x2f) return undefined;
	return literal.trailing && path.length === length + 1 ? path : path.slice(0, length);
}

/** Express 5's `req.params` for one layer: a `*splat` is an array of decoded segments. */
export type Params5 = Record<string, string | string[]>;

export interface Match5 {
	/** The matched part of the path (what router 2 sets as `layer.path`: the prefix a mount removes). */
	readonly path: string;
	readonly params: Params5;
}

/** Compiles `path` as router 2 does, adding one key per capture group of the result to `keys`. */
export function compilePath5(path: PathInput, keys: PathKey[], options: PathOptions): CompiledPath5 {
	if (path instanceof RegExp) return compileRegExp(path, keys, 0);
	if (Array.isArray(path)) return compileAlternatives((path as readonly unknown[]).flat(Number.POSITIVE_INFINITY), keys, options);
	if (typeof path !== 'string') throw veloxError('VELOX_ERR_PATH_TYPE');
	// Router 2's `slash` layer (`use('/')`, `use(fn)`): every path, nothing consumed, no params.
	if (path === '/' && options.end === false) {
		const regexp = /^/;
		return compiledPath5(regexp, NO_SEGMENTS, [], [regexp], undefined);
	}
	const compiled = compileString(path, keys, options, 0);
	const literal = literalOf(path, options);
	return literal === undefined ? compiled : compiledPath5(compiled.regexp, compiled.segments, compiled.captures, compiled.alternatives, literal);
}

/**
 * Runs a compiled path on `path` (a pathname from `/`) as router 2's `layer.match` does: the
 * matched part and the params, URI-decoded (a malformed escape throws a 400 error, as
 * `decodeParam` does for Express 4), a `*splat` split on `/` first; undefined on no match.
 */
export function matchPath5(compiled: CompiledPath5, path: string): Match5 | undefined {
	const literal = compiled.literal;
	if (literal !== undefined) {
		if (!literalMayMatch(literal, path)) return undefined;
		const matched = matchLiteral(literal, path);
		// No key is added: a dictionary costs less to make than the prototype change (bench/README.md,
		// "Velox 5's tables in fast mode").
		return matched === undefined ? undefined : { path: matched, params: Object.create(null) as Params5 };
	}
	const match = compiled.regexp.exec(path);
	if (match === null) return undefined;
	// Null-prototype, as router 2's, in fast mode: a dictionary's store adding the key missed its
	// inline cache on every request (bench/README.md, "Velox 5's params object").
	const params = nullPrototypeObject<string | string[]>();
	const captures = compiled.captures;
	for (let i = 1; i < match.length; i++) {
		const value = match[i];
		if (value === undefined) continue;
		const capture = captures[i - 1];
		if (capture === undefined) continue;
		params[capture.name] = capture.splat ? value.split('/').map(decodeSegment) : decodeSegment(value);
	}
	return { path: match[0], params };
}

/**
 * Which path of an array answered a match of `path` (router 2's `match.pattern`, which it records
 * as the matched route): the first whose own expression matches, or -1. Runs them again, so it is
 * for the rare reader (tracing); a RegExp with the `g` or `y` flag moves its `lastIndex` again.
 */
export function matchedAlternative(compiled: CompiledPath5, path: string): number {
	return compiled.alternatives.findIndex((regexp) => regexp.exec(path) !== null);
}

function decodeSegment(value: string): string {
	return decodeParam(value) ?? value;
}

// Router 2's reading of a RegExp's groups: every `(` not followed by `?`, or a named group.
// Unlike Express 4's it does not skip escapes: `\(` counts, which shifts the names after it.
const REGEXP_GROUP = /\((?:\?<(.*?)>)?(?!\?)/g;

/** A RegExp the app wrote: run as it is; keys named as router 2 names them (numbers from 0, or the group's name). */
function compileRegExp(path: RegExp, keys: PathKey[], offset: number): CompiledPath5 {
	const captures: Capture[] = [];
	const groups = new RegExp(REGEXP_GROUP.source, 'g');
	let counter = 0;
	for (let m = groups.exec(path.source); m !== null; m = groups.exec(path.source)) {
		const name = m[1] || counter++;
		keys.push({ name, optional: false, offset: offset + m.index });
		captures.push({ name, splat: false });
	}
	// A copy as the layer's `regexp` (which carries Express 4's `fast_*` flags): router 2 leaves the
	// app's expression as it is (router.listRoutes() gives it back).
	return compiledPath5(new RegExp(path), NO_SEGMENTS, captures, [path], undefined);
}

/** Router 2's `loosen`: unless strict, trailing slashes are not part of the path (`/` apart). */
function loosen(path: string, strict: boolean): string {
	// Most paths do not end with a slash: no replace to run (registration cost).
	if (strict || path === '/' || path.charCodeAt(path.length - 1) !== 0x2f) return path;
	return path.replace(TRAILING_SLASHES, '');
}

function compileString(path: string, keys: PathKey[], options: PathOptions, offset: number): CompiledPath5 {
	const strict = options.strict === true;
	const end = options.end !== false;
	const sensitive = options.sensitive === true;
	const data = parse(loosen(path, strict));
	const compiled = pathToRegexp(data, { end, sensitive, trailing: !strict });
	const regexp = compiled.regexp;
	const optional = optionalNames(data.tokens);
	const offsets = captureOffsets(regexp.source);
	const captures: Capture[] = [];
	compiled.keys.forEach((key, i) => {
		keys.push({ name: key.name, optional: optional.has(key.name), offset: offset + (offsets[i] ?? 0) });
		captures.push({ name: key.name, splat: key.type === 'wildcard' });
	});
	return compiledPath5(regexp, segmentsOf(data.tokens, strict, end, sensitive), captures, [regexp], undefined);
}

const NO_NAMES: ReadonlySet<string> = new Set<string>();

/** The names of the params and splats inside `{…}` groups (some matches lack them). */
function optionalNames(tokens: readonly Token[]): ReadonlySet<string> {
	// Most paths have no group: no set to make (registration cost, at thousands of routes).
	if (!hasGroup(tokens)) return NO_NAMES;
	const names = new Set<string>();
	const visit = (list: readonly Token[], inGroup: boolean): void => {
		for (const token of list) {
			if (token.type === 'group') visit(token.tokens, true);
			else if (inGroup && token.type !== 'text') names.add(token.name);
		}
	};
	visit(tokens, false);
	return names;
}

function hasGroup(tokens: readonly Token[]): boolean {
	for (let t = 0; t < tokens.length; t++) if (tokens[t].type === 'group') return true;
	return false;
}

/** Where each capture group of a regular expression source starts (escapes and classes skipped). */
function captureOffsets(source: string): number[] {
	const offsets: number[] = [];
	let inClass = false;
	for (let i = 0; i < source.length; i++) {
		const c = source.charCodeAt(i);
		if (c === 0x5c /* \\ */) i++;
		else if (inClass) inClass = c !== 0x5d /* ] */;
		else if (c === 0x5b /* [ */) inClass = true;
		else if (c === 0x28 /* ( */ && source.charCodeAt(i + 1) !== 0x3f /* ? */) offsets.push(i);
	}
	return offsets;
}

/**
 * An array: router 2 tries each path in turn and the first that matches answers. Strings alone
 * are one regular expression (each alternative anchored: the engine tries them in order, so the
 * first that matches wins, with its captures). With a RegExp among them, each runs as it is
 * (its own flags, group numbering and `lastIndex`), in turn: `SequentialRegExp`.
 */
function compileAlternatives(paths: readonly unknown[], keys: PathKey[], options: PathOptions): CompiledPath5 {
	const parts: CompiledPath5[] = [];
	let source = '';
	for (const path of paths) {
		if (source !== '') source += '|';
		let part: CompiledPath5;
		if (path instanceof RegExp) part = compileRegExp(path, keys, source.length);
		else if (typeof path === 'string') part = compileString(path, keys, options, source.length);
		else throw veloxError('VELOX_ERR_PATH_TYPE');
		source += part.regexp.source;
		parts.push(part);
	}
	if (parts.length === 0) return compiledPath5(/(?!)/, NO_SEGMENTS, [], [], undefined);
	const captures = parts.flatMap((part) => part.captures);
	const alternatives = parts.map((part) => part.regexp);
	if (parts.length === 1) return parts[0];
	const segments = commonSegments(parts);
	const flags = options.sensitive === true ? '' : 'i';
	const regexp = paths.some((path) => path instanceof RegExp) ? new SequentialRegExp(alternatives, source, flags) : new RegExp(source, flags);
	return compiledPath5(regexp, segments, captures, alternatives, undefined);
}

/**
 * Several regular expressions tried in turn: `exec` answers with the first match, its groups
 * placed where they are in the list of all groups (the others undefined), so a match lines up
 * with the keys as a single expression's would. `source` shows the alternatives (it may not be
 * valid as one expression: flags differ, back-references renumber).
 */
export class SequentialRegExp extends RegExp {
	readonly alternatives: readonly RegExp[];
	readonly #source: string;
	readonly #groups: readonly number[];

	constructor(alternatives: readonly RegExp[], source: string, flags: string) {
		super('(?!)', flags);
		this.alternatives = alternatives;
		this.#source = source;
		this.#groups = alternatives.map(groupCount);
	}

	override get source(): string {
		return this.#source;
	}

	override exec(input: string): RegExpExecArray | null {
		const total = this.#groups.reduce((sum, count) => sum + count, 0);
		let before = 0;
		for (let a = 0; a < this.alternatives.length; a++) {
			const match = this.alternatives[a].exec(input);
			const count = this.#groups[a];
			if (match !== null) {
				const values: (string | undefined)[] = new Array<string | undefined>(total + 1).fill(undefined);
				values[0] = match[0];
				for (let g = 1; g <= count; g++) values[before + g] = match[g];
				return Object.assign(values, { index: match.index, input, groups: undefined }) as RegExpExecArray;
			}
			before += count;
		}
		return null;
	}
}

/** How many capture groups a regular expression has (an empty match on an alternative with it reports them). */
function groupCount(regexp: RegExp): number {
	const probe = new RegExp(regexp.source + '|', regexp.flags.replace(/[gy]/g, ''));
	return (probe.exec('') as RegExpExecArray).length - 1;
}

/** The keys every alternative starts with; never exact. */
function commonSegments(parts: readonly CompiledPath[]): PathSegments {
	const common = parts[0].segments.keys.slice();
	for (const { segments } of parts) {
		let shared = 0;
		while (shared < common.length && shared < segments.keys.length && common[shared] === segments.keys[shared]) shared++;
		common.length = shared;
	}
	return common.length === 0 ? NO_SEGMENTS : { keys: common, exact: false };
}

/**
 * The segments every match of a parsed string path has. Text is literal (a `/` ends a
 * segment); a param matches one or more characters other than `/`, so a segment holding one
 * is non-empty, a `PARAM`; a `*splat` may hold slashes and a `{group}` may be absent, so the
 * segments stop there. A literal segment the index cannot compare as it folds case (a
 * non-ASCII character, case-insensitive: the `i` flag folds `É` to `é`, the index ASCII only)
 * is a `PARAM` too.
 */
function segmentsOf(tokens: readonly Token[], strict: boolean, end: boolean, sensitive: boolean): PathSegments {
	const keys: SegmentKey[] = [];
	// The literal text of the segment being read; null before the path's first slash.
	let segment = null as string | null;
	// Whether the segment being read holds a param (or a literal the index cannot compare).
	let opaque = false;
	const close = (): void => {
		if (segment !== null) keys.push(opaque ? PARAM : segment);
		segment = '';
		opaque = false;
	};
	const partial = (): PathSegments => (keys.length === 0 ? NO_SEGMENTS : { keys, exact: false });
	for (let t = 0; t < tokens.length; t++) {
		const token = tokens[t];
		if (token.type === 'text') {
			// Read a slash at a time: the text between two is added to the segment at once.
			const value = token.value;
			let from = 0;
			for (;;) {
				const slash = value.indexOf('/', from);
				const to = slash === -1 ? value.length : slash;
				if (to !== from) {
					// Text before the first slash: never matched by a path from `/`; not followed.
					if (segment === null) return NO_SEGMENTS;
					const text = value.slice(from, to);
					if (NON_ASCII.test(text)) {
						segment += lowerCaseAscii(text);
						if (!sensitive) opaque = true;
					} else {
						segment += text.toLowerCase();
					}
				}
				if (slash === -1) break;
				close();
				from = slash + 1;
			}
		} else if (token.type === 'param') {
			if (segment === null) return NO_SEGMENTS;
			opaque = true;
		} else {
			if (segment === null) return NO_SEGMENTS;
			// A group: the segment being read ends before it if every match has a slash or the end there.
			if (token.type === 'group' && closesSegment(tokens, t)) close();
			// Else it is whole only if it has something already (a splat may start with a slash).
			else if (segment !== '' || opaque) keys.push(PARAM);
			return partial();
		}
	}
	if (segment === null) return { keys, exact: end };
	if (segment === '' && !opaque) {
		// The path ends with a slash ('/', or a strict path): unless strict, one more may follow
		// (and, not ending, anything after it), so no more is known; strict, the segment after
		// it is empty, as `$` or `(?=/|$)` has it.
		if (!strict) return partial();
		keys.push('');
		return { keys, exact: end };
	}
	close();
	return { keys, exact: end };
}

const NON_ASCII = /[^\0-\x7f]/;

/** `text` with its ASCII letters lower-cased, others as they are (the index folds ASCII only). */
function lowerCaseAscii(text: string): string {
	return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether every match has a slash, or the end of the path, at token `t` (groups may be absent). */
function closesSegment(tokens: readonly Token[], t: number): boolean {
	const token = tokens[t];
	if (token === undefined) return true;
	if (token.type === 'text') return token.value.startsWith('/');
	if (token.type !== 'group') return false;
	return closesSegment(token.tokens, 0) && token.tokens.length > 0 && closesSegment(tokens, t + 1);
}
