import type { ServerResponse } from 'node:http';
import type { DownloadOptions, ErrorCallback, SendFileOptions } from '../types';
import type { RequestView } from '../model';
import type { VeloxResponse } from '../response/types';
import { SendOptions } from './config';
type FileOptions = SendFileOptions & SendOptions;
/** What `sendFile`/`download` need of `this`: a response whose `req` may carry the router's `next`. */
export type ResponseLike = ServerResponse<RequestView<'next'>> & Partial<Pick<VeloxResponse, 'sendFile'>>;
/**
 * Transfers the file at `path`, with `Content-Type` from its extension.
 * `path` must be absolute unless `options.root` is given. `callback(err)` runs
 * when the transfer ends or fails; without it, errors go to `next(err)`.
 *
 * @example
 * app.get('/report', (req, res) => res.sendFile('report.pdf', { root: __dirname + '/files' }));
 */
export declare function sendFile(this: ResponseLike, path: string, options?: FileOptions | ErrorCallback, callback?: ErrorCallback): void;
export declare function legacySendfile(this: ResponseLike, path: string, options?: FileOptions | ErrorCallback, callback?: ErrorCallback): void;
/**
 * Express 4's deprecated `res.sendfile`: like `sendFile`, but the path is
 * taken as a URL path (percent-decoded) and may be relative to the working directory.
 *
 * @deprecated Use `res.sendFile`.
 * @example
 * res.sendfile('public/index.html');
 */
export declare const sendfile: typeof legacySendfile;
/**
 * Transfers the file at `path` as an attachment: `Content-Disposition` names
 * `filename` (or the file's own name), and the `headers` option cannot
 * override it.
 *
 * @example
 * app.get('/invoice', (req, res) => res.download('/srv/invoices/42.pdf', 'invoice.pdf'));
 */
export declare function download(this: ResponseLike, path: string, filename?: string | DownloadOptions | ErrorCallback | null, options?: DownloadOptions | ErrorCallback | null, callback?: ErrorCallback): void;
export {};
