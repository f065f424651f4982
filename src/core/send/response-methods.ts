/**
 * `res.sendFile`, `res.download` (and the deprecated `res.sendfile`), as
 * `this`-based methods for the response prototype, with Express 4.22's
 * argument handling, errors and callback rules.
 */
import type { Stats } from 'fs';
import type { ServerResponse } from 'http';
import type { Socket } from 'net';
import { resolve } from 'path';
import { type HttpError, veloxError } from '../errors';
import type { DownloadOptions, ErrorCallback, SendFileOptions } from 'express-serve-static-core';
import type { HeaderValue, RequestView, VeloxResponse } from '../types/model';
import { compileSendConfig, type EngineOptions } from './config';
import { FileTransfer } from './transfer';
import { linePolicy } from '../lines';

const { sendFileEtagFromApp } = linePolicy().files;
const { attachmentDisposition } = linePolicy().response;

type FileOptions = SendFileOptions & EngineOptions;

/** What `sendFile`/`download` need of `this`: a response whose `req` may carry the router's `next`. */
export type ResponseLike = ServerResponse<RequestView<'next'>> & Partial<Pick<VeloxResponse, 'sendFile'>>;

/** A transfer error as Express reports it: send's HttpError, or EISDIR / ECONNABORTED. */
type TransferError = (Error & { code?: string; syscall?: string }) | HttpError;

/** Express's `isAbsolute`: POSIX, Windows drive (`C:\`) and UNC (`\\host`) paths. */
function isAbsolute(path: string): boolean {
	if (path.charCodeAt(0) === 0x2f) return true;
	if (path[1] === ':' && (path[2] === '\\' || path[2] === '/')) return true;
	return path.startsWith('\\\\');
}

/**
 * One `res.sendFile` transfer: its callback runs exactly once, on the end of
 * the body, an error, or the client going away (as Express's `sendfile`).
 */
class ResponseFileTransfer extends FileTransfer {
	readonly #headers: Record<string, HeaderValue> | null;
	readonly #done: (err?: TransferError) => void;
	/** Kept: node detaches `res.socket` when the response closes, and its error is read then. */
	readonly #socket: Socket | null;
	#isDone = false;
	/** undefined until the file is known; then false, and true once the body streams. */
	#isStreaming: boolean | undefined = undefined;

	constructor(res: ResponseLike, path: string, options: FileOptions, done: (err?: TransferError) => void) {
		super(res.req, res, path, compileSendConfig(options));
		this.#headers = options.headers ? (options.headers as Record<string, HeaderValue>) : null;
		this.#done = done;
		this.#socket = res.socket ?? res.req.socket ?? null;
		this.watchClose();
	}

	#finish(err?: TransferError): void {
		if (this.#isDone) return;
		this.#isDone = true;
		this.#done(err);
	}

	protected override onHeaders(_path: string, _stat: Stats): void {
		const headers = this.#headers;
		if (headers === null) return;
		for (const name of Object.keys(headers)) this.res.setHeader(name, headers[name]);
	}

	protected override onFile(): void {
		this.#isStreaming = false;
	}

	protected override onStream(): void {
		this.#isStreaming = true;
	}

	protected override onEnd(): void {
		this.#finish();
	}

	protected override onDirectory(): void {
		this.#finish(veloxError('VELOX_ERR_SENDFILE_IS_DIRECTORY'));
	}

	protected override onError(err: HttpError): void {
		this.#finish(err);
	}

	protected override onResponseClose(): void {
		// A response that finished without a body (304, HEAD, 412 handled elsewhere)
		// completes the transfer; any other close is the client going away, reported as
		// Express does (on-finished): the socket's own error, or ECONNABORTED for a reset or
		// a close without an error.
		if (this.res.writableFinished && this.#isStreaming === false) {
			this.#finish();
			return;
		}
		const socketError = socketErrorOf(this.#socket);
		if (socketError instanceof Error && (socketError as TransferError & { code?: string }).code !== 'ECONNRESET') this.#finish(socketError);
		else this.#finish(veloxError('VELOX_ERR_SENDFILE_ABORTED'));
	}
}

/** The error a socket was destroyed with, if any (HTTP/2's socket stand-in may refuse the read). */
function socketErrorOf(socket: Socket | null): Error | null {
	if (socket === null) return null;
	try {
		return socket.errored;
	} catch {
		return null;
	}
}

/**
 * Transfers the file at `path`, with `Content-Type` from its extension.
 * `path` must be absolute unless `options.root` is given. `callback(err)` runs
 * when the transfer ends or fails; without it, errors go to `next(err)`.
 *
 * @example
 * app.get('/report', (req, res) => res.sendFile('report.pdf', { root: __dirname + '/files' }));
 */
export function sendFile(this: ResponseLike, path: string, options?: FileOptions | ErrorCallback, callback?: ErrorCallback): void {
	let done = callback;
	const next = this.req.next;
	let opts: FileOptions = (options as FileOptions) || {};

	if (!path) throw veloxError('VELOX_ERR_SENDFILE_PATH_REQUIRED');
	if (typeof path !== 'string') throw veloxError('VELOX_ERR_SENDFILE_PATH_TYPE');
	if (typeof options === 'function') {
		done = options;
		opts = {};
	}
	if (!opts.root && !isAbsolute(path)) throw veloxError('VELOX_ERR_SENDFILE_PATH_RELATIVE');
	// Express 5 wires the app's `etag` setting into the options (the caller's object, as express@5 does).
	if (sendFileEtagFromApp) opts.etag = (this as unknown as VeloxResponse).app.enabled('etag');

	// As Express: the path goes through encodeURI (a lone surrogate throws URIError here)
	// and the engine decodes it like a URL path.
	transferFile(this, encodeURI(path), opts, done, next);
}

/** Runs one transfer; its end goes to `done`, or else errors to `next` as Express 4 routes them. */
function transferFile(
	res: ResponseLike,
	urlPath: string,
	options: FileOptions,
	done: ErrorCallback | undefined,
	next: ((err?: unknown) => void) | undefined,
): void {
	const transfer = new ResponseFileTransfer(res, urlPath, options, (err) => {
		if (done) {
			done(err);
			return;
		}
		if (err && err.code === 'EISDIR') {
			if (next) next();
			return;
		}
		// next() all but write errors
		if (err && err.code !== 'ECONNABORTED' && (err as { syscall?: string }).syscall !== 'write' && next) next(err);
	});
	transfer.start();
}

/**
 * Express 4's deprecated `res.sendfile` (its warning is the response prototype's wrapper):
 * like `sendFile`, but the path is taken as a URL path (percent-decoded) and may be relative
 * to the working directory.
 *
 * @example
 * res.sendfile('public/index.html');
 */
export function legacySendfile(this: ResponseLike, path: string, options?: FileOptions | ErrorCallback, callback?: ErrorCallback): void {
	let done = callback;
	let opts: FileOptions = (options as FileOptions) || {};
	if (typeof options === 'function') {
		done = options;
		opts = {};
	}
	// Express 4 hands this path to send as is: it is URL-decoded and need not be absolute.
	transferFile(this, path, opts, done, this.req.next);
}

/**
 * Transfers the file at `path` as an attachment: `Content-Disposition` names
 * `filename` (or the file's own name), and the `headers` option cannot
 * override it.
 *
 * @example
 * app.get('/invoice', (req, res) => res.download('/srv/invoices/42.pdf', 'invoice.pdf'));
 */
export function download(
	this: ResponseLike,
	path: string,
	filename?: string | DownloadOptions | ErrorCallback | null,
	options?: DownloadOptions | ErrorCallback | null,
	callback?: ErrorCallback,
): void {
	let done = callback;
	let name: unknown = filename;
	let opts: DownloadOptions | null = (options as DownloadOptions) || null;

	if (typeof filename === 'function') {
		done = filename;
		name = null;
		opts = null;
	} else if (typeof options === 'function') {
		done = options;
		opts = null;
	}
	// The filename may be left out, with the options in its place.
	if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
		name = null;
		opts = filename;
	}

	const headers: Record<string, HeaderValue> = { 'Content-Disposition': attachmentDisposition((name || path) as string) };
	if (opts && opts.headers) {
		for (const key of Object.keys(opts.headers)) {
			if (key.toLowerCase() !== 'content-disposition') headers[key] = opts.headers[key] as HeaderValue;
		}
	}
	// Inherit the caller's options without changing them.
	const fileOptions: FileOptions = Object.create(opts);
	fileOptions.headers = headers as SendFileOptions['headers'];

	const fullPath = !fileOptions.root ? resolve(path) : path;
	const send = typeof this.sendFile === 'function' ? this.sendFile : sendFile;
	send.call(this, fullPath, fileOptions, done);
}
