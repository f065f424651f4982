/**
 * `require('express/lib/middleware/init')`: `init(app)`, Express 4's
 * `expressInit` step as a middleware. Velox does this work inside
 * `app.handle` (there is no such layer in `app._router.stack`); this module
 * exists for code and bundlers that load it, and does the same work when used.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Next } from '../../router/layer';
interface InitApp {
    enabled(setting: string): boolean;
    get(setting: string): unknown;
    request: object;
    response: object;
}
export declare function init(app: InitApp): (req: IncomingMessage, res: ServerResponse, next: Next) => void;
export {};
