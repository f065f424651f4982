import type { IncomingMessage, ServerResponse } from 'node:http';
/** Express's (finalhandler's) small error page; `message` is escaped here. */
export declare function createErrorDocument(message: string): string;
/**
 * Ends the response for `err` (or 404 when `err` is falsy).
 * `env` is the app's `env` setting; `onerror` logs (deferred, as finalhandler does).
 */
export declare function finalHandle(req: IncomingMessage, res: ServerResponse, err: unknown, env: unknown, onerror: ((err: unknown) => void) | undefined): void;
