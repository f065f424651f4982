/**
 * `velox.static(root, options)`: serves files below `root`, as serve-static
 * 1.16 (Express 4's `express.static`) on Velox's own file-sending engine.
 */
import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { SendOptions } from './send/config';
import type { RequestView } from './model';
import type { Next } from './router/layer';
export interface ServeStaticOptions<Res extends ServerResponse = ServerResponse> extends SendOptions {
    /** true (default): client errors and missing files call `next()`; false: `next(err)`. */
    fallthrough?: boolean;
    /** Redirect a directory to its URL with a trailing `/` (default true). */
    redirect?: boolean;
    /** Sets headers synchronously before a file is sent. */
    setHeaders?: (res: Res, path: string, stat: Stats) => void;
}
type StaticRequest = RequestView<'originalUrl'>;
/**
 * Creates a middleware serving the files below `root`.
 *
 * @example
 * app.use('/assets', velox.static('public', { maxAge: '1d', immutable: true }));
 */
declare function serveStatic<Res extends ServerResponse = ServerResponse>(root: string, options?: ServeStaticOptions<Res>): (req: StaticRequest, res: Res, next: Next) => void;
declare namespace serveStatic {
    var mime: typeof import("mime");
}
export default serveStatic;
