/**
 * The file-sending engine shared by `velox.static`, `res.sendFile` and
 * `res.download`: one `FileTransfer` per request resolves the path, stats the
 * file once (trying index files and extensions as send 0.19 does), sets the
 * headers, answers conditional and range requests, and sends the body. What
 * send reports as events (`headers`, `file`, `directory`, `stream`, `end`,
 * `error`) are hook methods that `velox.static` and `res.sendFile` override.
 */
import { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../errors';
import type { SendConfig } from './config';
/**
 * Bodies up to this size are read with one `fs.read` into one buffer and
 * written once. Hot path — change with care: for small files the cost is the
 * stream machinery, not the I/O (same syscalls: open, read, close). Measured
 * as server CPU per request (velox.static on a bare node server, 10
 * connections, node 20): 1 KB 136 µs vs 148 µs with a ReadStream + pipe,
 * 10 KB 140 vs 147, 60 KB 178 vs 190; `send` itself costs 153 µs on 1 KB.
 * 64 KB is a ReadStream's own chunk size, so memory per request is no more
 * than streaming would hold. Larger bodies stream with back-pressure.
 */
export declare const SMALL_FILE_SIZE: number;
export declare abstract class FileTransfer {
    #private;
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    /** The URL-encoded path as requested; a trailing slash asks for an index file. */
    readonly path: string;
    readonly config: SendConfig;
    constructor(req: IncomingMessage, res: ServerResponse, path: string, config: SendConfig);
    /** Headers are about to be computed for `path` (send's `headers` event). */
    protected onHeaders(_path: string, _stat: Stats): void;
    /** The file to send is known (send's `file` event). */
    protected onFile(_path: string, _stat: Stats): void;
    /** The body transfer begins (send's `stream` event). */
    protected onStream(): void;
    /** The whole body was handed to the response (send's `end` event). */
    protected onEnd(): void;
    /** The response closed, after finishing or because the client went away. */
    protected onResponseClose(): void;
    /** The path names a directory (send's `directory` event). */
    protected abstract onDirectory(path: string): void;
    /** The transfer failed before or while sending (send's `error` event). */
    protected abstract onError(err: HttpError): void;
    hasTrailingSlash(): boolean;
    /** Fails the transfer with a fresh HttpError of `status`. */
    error(status: number, props?: Record<string, unknown>): void;
    /** Starts the transfer (send's `pipe`). */
    start(): void;
    /** Calls `onResponseClose` when the response closes; once per transfer. */
    protected watchClose(): void;
}
