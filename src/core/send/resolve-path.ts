/**
 * From a URL-encoded request path to a file system path, with send 0.19's
 * checks in send's order: malformed encoding and NUL bytes give 400, a `..`
 * segment gives 403, dotfiles follow the `dotfiles` option. With a root, the
 * result never leaves it: the path is normalised as a relative path first,
 * so no `..` survives to climb out, whatever its encoding.
 */
import { join, normalize, resolve, sep } from 'path';
import type { SendConfig } from './config';

/** A resolved file path, or the HTTP status that rejects the request. */
export type ResolvedPath = string | 400 | 403 | 404;

/** decodeURIComponent, or null for malformed percent-encoding. */
function decodePath(path: string): string | null {
	// Hot path: most request paths have nothing to decode, and decodeURIComponent
	// only ever changes a string at a `%`.
	if (path.indexOf('%') === -1) return path;
	try {
		return decodeURIComponent(path);
	} catch {
		return null;
	}
}

function isSeparator(code: number): boolean {
	return code === 0x2f || code === 0x5c;
}

/**
 * Whether a path has a `..` segment, split on `/` and `\` (send's
 * UP_PATH_REGEXP). Security: a `\` is refused too, so a path that is safe on
 * POSIX stays refused the way it must be on Windows.
 */
function hasUpSegment(path: string): boolean {
	let index = path.indexOf('..');
	while (index !== -1) {
		const before = index === 0 || isSeparator(path.charCodeAt(index - 1));
		const after = index + 2 === path.length || isSeparator(path.charCodeAt(index + 2));
		if (before && after) return true;
		index = path.indexOf('..', index + 1);
	}
	return false;
}

/** 0: no dotfile part; 1: a dotfile part, but not the last; 2: the last part is a dotfile. */
function dotfilePosition(parts: string): 0 | 1 | 2 {
	// send's containsDotFile over path.split(sep), as a scan: a part counts when
	// it starts with '.' and is longer than '.' itself.
	let found: 0 | 1 | 2 = 0;
	let start = 0;
	while (start <= parts.length) {
		let end = parts.indexOf(sep, start);
		if (end === -1) end = parts.length;
		if (end - start > 1 && parts.charCodeAt(start) === 0x2e) found = end === parts.length ? 2 : 1;
		start = end + 1;
	}
	return found;
}

/**
 * Resolves and validates a URL-encoded path against the engine options.
 *
 * @example
 * resolvePath('/css/site.css', config); // '/srv/public/css/site.css'
 * resolvePath('/%2e%2e/etc/passwd', config); // 403
 */
export function resolvePath(encodedPath: string, config: SendConfig): ResolvedPath {
	let path = decodePath(encodedPath);
	if (path === null) return 400;
	if (path.indexOf('\0') !== -1) return 400;

	let parts: string;
	if (config.root !== null) {
		if (path !== '') path = normalize('.' + sep + path);
		if (hasUpSegment(path)) return 403;
		parts = path;
		path = join(config.root, path);
	} else {
		// Without a root, any `..` is malicious.
		if (hasUpSegment(path)) return 403;
		parts = normalize(path);
		path = resolve(path);
	}

	const dotfile = dotfilePosition(parts);
	if (dotfile !== 0) {
		let access = config.dotfiles;
		if (access === undefined) {
			// send's legacy default: only a dotfile in the last part is hidden.
			access = dotfile === 2 ? (config.hidden ? 'allow' : 'ignore') : 'allow';
		}
		if (access === 'deny') return 403;
		if (access === 'ignore') return 404;
	}
	return path;
}
