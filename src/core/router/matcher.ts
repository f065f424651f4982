/**
 * Express 4 path syntax, compiled once per layer.
 *
 * `pathToRegexp` is path-to-regexp 0.1.13 (the version express@4.22 uses),
 * ported to TypeScript so the syntax is Express's to the byte, including its
 * backtrack protection against the `/:a-:b` ReDoS class. On top of the regular
 * expression, `compileMatcher` recognises the shapes that need no regular
 * expression at all (a literal path, `/`, `*`) so the hot path can compare
 * strings instead (see `Layer.match`).
 */
import { veloxError } from '../errors';

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

const MATCHING_GROUP_REGEXP = /\\.|\((?:\?<(.*?)>)?(?!\?)/g;
const TOKEN_REGEXP = /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g;

export type PathInput = string | RegExp | readonly (string | RegExp)[];

export function pathToRegexp(path: PathInput, keys: PathKey[], options: PathOptions): RegExp {
	const strict = options.strict;
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
		const groups = new RegExp(MATCHING_GROUP_REGEXP.source, 'g');
		while ((m = groups.exec(path.source))) {
			if (m[0][0] === '\\') continue;
			keys.push({ name: m[1] || name++, optional: false, offset: m.index });
		}
		return path;
	}

	if (Array.isArray(path)) {
		const sources = path.map((value: string | RegExp) => pathToRegexp(value, keys, options).source);
		return new RegExp(sources.join('|'), flags);
	}

	if (typeof path !== 'string') {
		throw veloxError('VELOX_ERR_PATH_TYPE');
	}

	const source = path;
	let result = source.replace(
		new RegExp(TOKEN_REGEXP.source, 'g'),
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
	const groups = new RegExp(MATCHING_GROUP_REGEXP.source, 'g');
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
	return new RegExp('^' + result, flags);
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
