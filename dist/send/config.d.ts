export type Dotfiles = 'allow' | 'deny' | 'ignore';
/** Every option the engine reads (the union of send's options as `velox.static` and `res.sendFile` pass them). */
export interface SendOptions {
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
}
/** Milliseconds from a number or an `ms` duration string, clamped to [0, one year]; invalid gives 0. */
export declare function parseMaxAge(value: unknown): number;
/**
 * Validates and normalises engine options.
 *
 * @example
 * const config = compileSendConfig({ root: 'public', maxAge: '1d' });
 */
export declare function compileSendConfig(options: SendOptions | null | undefined): SendConfig;
