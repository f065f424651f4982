/**
 * Options of the file-sending engine, validated and normalised once: at
 * registration for `velox.static`, per call for `res.sendFile`. Defaults,
 * coercions and TypeError messages are those of `send` 0.19, the engine
 * behind Express 4.
 */
import { resolve } from 'path';
import depd from 'depd';
import ms from 'ms';
import { veloxError } from '../errors';
import { linePolicy } from '../lines';

const deprecate = depd('send');
// send 0.19's legacy dotfiles default and `hidden` option, which send 1 dropped.
const { legacyDotfiles } = linePolicy().files;

/** One year, send's ceiling for `maxAge`. */
const MAX_MAX_AGE = 60 * 60 * 24 * 365 * 1000;

export type Dotfiles = 'allow' | 'deny' | 'ignore';
/** `follow` (default, as Express 4) or `within-root`: refuse a file whose real path is outside the root. */
export type Symlinks = 'follow' | 'within-root';

/** Every option the engine reads (the union of send's options as `velox.static` and `res.sendFile` pass them). */
export interface EngineOptions {
	acceptRanges?: boolean;
	cacheControl?: boolean;
	dotfiles?: Dotfiles;
	end?: number;
	etag?: boolean;
	extensions?: string | string[] | false;
	/** @deprecated Use `dotfiles`. */
	hidden?: boolean;
	immutable?: boolean;
	index?: string | string[] | false;
	lastModified?: boolean;
	maxAge?: number | string;
	/** Lower-case alias of `maxAge`. */
	maxage?: number | string;
	root?: string;
	/** @deprecated Use `root`. */
	from?: string;
	start?: number;
	symlinks?: Symlinks;
}

export interface SendConfig {
	readonly acceptRanges: boolean;
	/** The whole `Cache-Control` value, built once; null when `cacheControl` is false. */
	readonly cacheControl: string | null;
	/** undefined is send's legacy default: ignore a path whose last part is a dotfile, allow the rest. */
	readonly dotfiles: Dotfiles | undefined;
	readonly etag: boolean;
	readonly extensions: readonly string[];
	readonly hidden: boolean;
	readonly index: readonly string[];
	readonly lastModified: boolean;
	readonly root: string | null;
	readonly start: number;
	readonly end: number | undefined;
	/** With `symlinks: 'within-root'`, the root every real path must stay in; else null. */
	readonly realRoot: string | null;
}

function toBoolean(value: unknown, fallback: boolean): boolean {
	return value !== undefined ? Boolean(value) : fallback;
}

/** As send's `normalizeList`: falsy gives [], a string gives [string], anything but strings throws. */
function normalizeList(value: unknown, name: string): string[] {
	const list: unknown[] = ([] as unknown[]).concat(value || []);
	for (const item of list) {
		if (typeof item !== 'string') throw veloxError('VELOX_ERR_OPTION_STRING_ARRAY', name);
	}
	return list as string[];
}

/** Milliseconds from a number or an `ms` duration string, clamped to [0, one year]; invalid gives 0. */
export function parseMaxAge(value: unknown): number {
	// ms() returns undefined for a string it cannot read (its types promise a number).
	const milliseconds: unknown = typeof value === 'string' ? ms(value as ms.StringValue) : Number(value);
	if (typeof milliseconds !== 'number' || Number.isNaN(milliseconds)) return 0;
	return Math.min(Math.max(0, milliseconds), MAX_MAX_AGE);
}

/**
 * Validates and normalises engine options.
 *
 * @example
 * const config = compileSendConfig({ root: 'public', maxAge: '1d' });
 */
export function compileSendConfig(options: EngineOptions | null | undefined): SendConfig {
	const opts: EngineOptions = options || {};
	const dotfiles: unknown = opts.dotfiles !== undefined ? opts.dotfiles : 'ignore';
	if (dotfiles !== 'ignore' && dotfiles !== 'allow' && dotfiles !== 'deny') {
		throw veloxError('VELOX_ERR_OPTION_DOTFILES');
	}
	// send 1 reads neither `hidden` nor a missing `dotfiles` the legacy way.
	const hidden = legacyDotfiles && Boolean(opts.hidden);
	if (legacyDotfiles && opts.hidden !== undefined) deprecate("hidden: use dotfiles: '" + (hidden ? 'allow' : 'ignore') + "' instead");

	const maxAge = parseMaxAge(opts.maxAge || opts.maxage);
	let cacheControl: string | null = null;
	if (toBoolean(opts.cacheControl, true)) {
		cacheControl = 'public, max-age=' + Math.floor(maxAge / 1000);
		if (toBoolean(opts.immutable, false)) cacheControl += ', immutable';
	}

	let root = opts.root ? resolve(opts.root) : null;
	if (root === null && opts.from) {
		deprecate('send.from: pass root as option');
		root = resolve(String(opts.from));
	}

	const symlinks: unknown = opts.symlinks !== undefined ? opts.symlinks : 'follow';
	if (symlinks !== 'follow' && symlinks !== 'within-root') throw veloxError('VELOX_ERR_OPTION_SYMLINKS');
	// Security: without a root there is nothing to stay within; refusing the call beats serving unchecked.
	if (symlinks === 'within-root' && root === null) throw veloxError('VELOX_ERR_OPTION_SYMLINKS_ROOT');

	return {
		acceptRanges: toBoolean(opts.acceptRanges, true),
		cacheControl,
		dotfiles: opts.dotfiles === undefined && legacyDotfiles ? undefined : (dotfiles as Dotfiles),
		etag: toBoolean(opts.etag, true),
		extensions: opts.extensions !== undefined ? normalizeList(opts.extensions, 'extensions option') : [],
		hidden,
		index: opts.index !== undefined ? normalizeList(opts.index, 'index option') : ['index.html'],
		lastModified: toBoolean(opts.lastModified, true),
		root,
		start: opts.start || 0,
		end: opts.end,
		realRoot: symlinks === 'within-root' ? root : null,
	};
}
