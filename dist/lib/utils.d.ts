/**
 * `require('express/lib/utils')`: Express 4's utilities, backed by the
 * functions Velox itself uses where it has them (`etag`, `wetag`,
 * `compileETag`, `compileQueryParser`, `compileTrust`, `normalizeType`).
 * Results match express@4's for the same input (pinned by a differential test).
 */
import contentDispositionHeader from 'content-disposition';
import { normalizeType } from '../response/format';
import { compileETag, compileQueryParser, compileTrust } from '../settings';
export { compileETag, compileQueryParser, compileTrust, normalizeType };
/** Strong ETag of a body. */
export declare const etag: import("../settings").ETagFunction;
/** Weak ETag of a body. */
export declare const wetag: import("../settings").ETagFunction;
/** POSIX, Windows drive (`C:\`) and UNC (`\\host`) paths; `undefined` (not `false`) otherwise, as Express. */
export declare function isAbsolute(path: string): true | undefined;
export declare const flatten: (values: readonly unknown[]) => unknown[];
export declare function normalizeTypes(types: readonly string[]): ReturnType<typeof normalizeType>[];
export declare const contentDisposition: typeof contentDispositionHeader;
/** Sets the `charset` parameter of a Content-Type. */
export declare function setCharset(type: string, charset: string): string;
