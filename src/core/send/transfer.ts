/**
 * The file-sending engine shared by `velox.static`, `res.sendFile` and
 * `res.download`: one `FileTransfer` per request resolves the path, stats the
 * file once (trying index files and extensions as send 0.19 does), sets the
 * headers, answers conditional and range requests, and sends the body. What
 * send reports as events (`headers`, `file`, `directory`, `stream`, `end`,
 * `error`) are hook methods that `velox.static` and `res.sendFile` override.
 */
import { close, createReadStream, open, type ReadStream, read, type Stats, stat } from 'fs';
import type { IncomingMessage, ServerResponse } from 'http';
import { extname, join, sep } from 'path';
import parseRange from 'range-parser';
import type { HttpError } from '../errors';
import type { SendConfig } from './config';
import { engineError, fileSystemError, hiddenError, httpError } from './file-errors';
import {
	isBytesRange,
	isCacheable,
	isConditionalGet,
	isFresh,
	isPreconditionFailure,
	isRangeFresh,
	removeContentHeaders,
	setContentType,
	setFileHeaders,
} from './headers';
import { resolvePath } from './resolve-path';
import { linePolicy } from '../lines';
import { realPathWithinRoot } from './within-root';

type StatCallback = (err: NodeJS.ErrnoException | null, stats: Stats) => void;

/**
 * Bodies up to this size are read with one `fs.read` into one buffer and written once: for small
 * files the stream machinery costs more than the I/O (docs/design.md, Static files). A
 * ReadStream's own chunk size, so no more memory than streaming. Larger bodies stream.
 */
// Bound: that buffer belongs to one response; nothing is kept between requests or per file.
export const SMALL_FILE_SIZE = 64 * 1024;

const SEPARATOR_CODE = sep.charCodeAt(0);
// send 1 answers 404 for a file named with a trailing separator.
const { fileWithTrailingSlashIsNotFound } = linePolicy().files;

function ignoreCloseError(): void {
	// A failed close of a read-only descriptor loses nothing.
}

export abstract class FileTransfer {
	readonly req: IncomingMessage;
	readonly res: ServerResponse;
	/** The URL-encoded path as requested; a trailing slash asks for an index file. */
	readonly path: string;
	readonly config: SendConfig;
	#stream: ReadStream | null = null;
	#isWatchingClose = false;
	/** With `symlinks: 'within-root'`, the checked real path of the last file stat'ed: the body is read from it. */
	#realPath: string | null = null;

	constructor(req: IncomingMessage, res: ServerResponse, path: string, config: SendConfig) {
		this.req = req;
		this.res = res;
		this.path = path;
		this.config = config;
	}

	/** Headers are about to be computed for `path` (send's `headers` event). */
	protected onHeaders(_path: string, _stat: Stats): void {}
	/** The file to send is known (send's `file` event). */
	protected onFile(_path: string, _stat: Stats): void {}
	/** The body transfer begins (send's `stream` event). */
	protected onStream(): void {}
	/** The whole body was handed to the response (send's `end` event). */
	protected onEnd(): void {}
	/** The response closed, after finishing or because the client went away. */
	protected onResponseClose(): void {}
	/** The path names a directory (send's `directory` event). */
	protected abstract onDirectory(path: string): void;
	/** The transfer failed before or while sending (send's `error` event). */
	protected abstract onError(err: HttpError): void;

	hasTrailingSlash(): boolean {
		return this.path.charCodeAt(this.path.length - 1) === 0x2f;
	}

	/** Fails the transfer with a fresh HttpError of `status`. */
	error(status: number, props?: Record<string, unknown>): void {
		this.onError(httpError(status, props));
	}

	/** Starts the transfer (send's `pipe`). */
	start(): void {
		const path = resolvePath(this.path, this.config);
		if (typeof path === 'number') {
			this.error(path);
			return;
		}
		if (this.config.index.length !== 0 && this.hasTrailingSlash()) {
			this.#sendFirst(path, true, 0, null);
			return;
		}
		this.#sendFile(path);
	}

	/** Calls `onResponseClose` when the response closes; once per transfer. */
	protected watchClose(): void {
		if (this.#isWatchingClose) return;
		this.#isWatchingClose = true;
		const onClose = (): void => {
			// The fd is closed on every path: a client abort destroys the read stream.
			if (this.#stream !== null) {
				this.#stream.destroy();
				this.#stream = null;
			}
			this.onResponseClose();
		};
		// A response that is already closed will not emit 'close' again (on-finished defers the same way).
		if (this.res.destroyed) setImmediate(onClose);
		else this.res.once('close', onClose);
	}

	/** `fs.stat`; with `symlinks: 'within-root'`, of the real path once it is known to be inside the root. */
	#stat(path: string, callback: StatCallback): void {
		const realRoot = this.config.realRoot;
		if (realRoot === null) {
			stat(path, callback);
			return;
		}
		realPathWithinRoot(path, realRoot, (err, realPath) => {
			if (err !== null) {
				callback(err, undefined as unknown as Stats);
				return;
			}
			this.#realPath = realPath;
			stat(realPath, callback);
		});
	}

	#sendFile(path: string): void {
		this.#stat(path, (err, stats) => {
			if (err !== null) {
				if (err.code === 'ENOENT' && extname(path) === '' && path.charCodeAt(path.length - 1) !== SEPARATOR_CODE) {
					this.#sendFirst(path, false, 0, err);
				} else {
					this.onError(fileSystemError(err));
				}
				return;
			}
			if (stats.isDirectory()) this.onDirectory(path);
			else if (fileWithTrailingSlashIsNotFound && path.charCodeAt(path.length - 1) === SEPARATOR_CODE) this.error(404);
			else this.#sendStat(path, stats);
		});
	}

	/**
	 * Sends the first candidate that is a file, trying in order `path.ext` for each configured
	 * extension (`asIndex` false) or `path/name` for each index file (`asIndex` true);
	 * directories are skipped. None: the last stat error, or 404.
	 */
	#sendFirst(path: string, asIndex: boolean, index: number, lastError: NodeJS.ErrnoException | null): void {
		const names = asIndex ? this.config.index : this.config.extensions;
		if (index >= names.length) {
			if (lastError !== null) this.onError(fileSystemError(lastError));
			else this.error(404);
			return;
		}
		const candidate = asIndex ? join(path, names[index]) : path + '.' + names[index];
		this.#stat(candidate, (err, stats) => {
			if (err !== null) this.#sendFirst(path, asIndex, index + 1, err);
			else if (stats.isDirectory()) this.#sendFirst(path, asIndex, index + 1, null);
			else this.#sendStat(candidate, stats);
		});
	}

	#sendStat(path: string, stats: Stats): void {
		this.onFile(path, stats);
		const res = this.res;
		if (res.headersSent) {
			this.onError(engineError('VELOX_ERR_HEADERS_SENT'));
			return;
		}
		try {
			this.onHeaders(path, stats);
		} catch (err) {
			// Express would crash the process here (the hook runs in an fs callback).
			this.onError(hiddenError('VELOX_ERR_HEADERS_HOOK', err, 500));
			return;
		}
		this.#sendHeadersAndBody(path, stats);
	}

	#sendHeadersAndBody(path: string, stats: Stats): void {
		const req = this.req;
		const res = this.res;
		const config = this.config;
		setFileHeaders(res, stats, config);
		setContentType(res, path);

		if (isConditionalGet(req)) {
			if (isPreconditionFailure(req, res)) {
				this.error(412);
				return;
			}
			if (isCacheable(res) && isFresh(req, res)) {
				removeContentHeaders(res);
				res.statusCode = 304;
				res.end();
				return;
			}
		}

		let offset = config.start;
		let length = Math.max(0, stats.size - offset);
		if (config.end !== undefined) length = Math.max(0, Math.min(length, config.end - offset + 1));

		const range = req.headers.range;
		if (config.acceptRanges && isBytesRange(range)) {
			// combine: overlapping and adjacent ranges merge, so a header of hundreds of ranges
			// costs one parse and never yields more body than the file.
			let ranges = parseRange(length, range, { combine: true });
			if (!isRangeFresh(req, res)) ranges = -2;
			if (ranges === -1) {
				const contentRange = 'bytes */' + length;
				res.setHeader('Content-Range', contentRange);
				this.error(416, { headers: { 'Content-Range': contentRange } });
				return;
			}
			// As send 0.19 (Express 4): invalid and multiple ranges get the whole file with 200.
			if (ranges !== -2 && ranges.length === 1) {
				const { start, end } = ranges[0];
				res.statusCode = 206;
				res.setHeader('Content-Range', 'bytes ' + start + '-' + end + '/' + length);
				offset += start;
				length = end - start + 1;
			}
		}

		res.setHeader('Content-Length', length);
		if (req.method === 'HEAD') {
			res.end();
			return;
		}
		this.#sendBody(path, offset, length);
	}

	#sendBody(path: string, offset: number, length: number): void {
		// The client is gone: nothing to open the file for.
		if (this.res.destroyed) return;
		this.onStream();
		if (length === 0) {
			this.res.end();
			this.onEnd();
		} else if (length <= SMALL_FILE_SIZE) {
			open(this.#realPath ?? path, 'r', (err, fd) => {
				if (err !== null) this.#bodyError(err);
				else this.#readWhole(path, fd, Buffer.allocUnsafe(length), 0, offset);
			});
		} else {
			this.#streamBody(path, offset, length);
		}
	}

	/** Fills `buffer` from `fd` at `position`, closes `fd`, then ends the response with it. */
	#readWhole(path: string, fd: number, buffer: Buffer, filled: number, position: number): void {
		read(fd, buffer, filled, buffer.length - filled, position, (err, bytesRead) => {
			if (err === null && bytesRead !== 0 && filled + bytesRead < buffer.length) {
				this.#readWhole(path, fd, buffer, filled + bytesRead, position + bytesRead);
				return;
			}
			close(fd, ignoreCloseError);
			// Once the client is gone the abort is what the transfer reports.
			if (this.res.destroyed) return;
			if (err !== null) this.onError(fileSystemError(err));
			else if (bytesRead === 0) this.onError(engineError('VELOX_ERR_FILE_CHANGED', path));
			else {
				// write + end, not end(buffer): given the body in end(), node 20 re-encodes a
				// Content-Disposition value and mangles non-ASCII filenames (nodejs/node#46528);
				// the headers and the body still leave in one writev.
				this.res.write(buffer);
				this.res.end();
				this.onEnd();
			}
		});
	}

	#streamBody(path: string, offset: number, length: number): void {
		const stream = createReadStream(this.#realPath ?? path, { start: offset, end: offset + length - 1 });
		this.#stream = stream;
		this.watchClose();
		stream.on('error', (err: NodeJS.ErrnoException) => {
			stream.destroy();
			this.#stream = null;
			this.#bodyError(err);
		});
		stream.on('end', () => {
			this.#stream = null;
			if (stream.bytesRead < length) {
				// The file shrank after the stat: the promised Content-Length cannot be
				// met, and a short body on a kept-alive connection would corrupt the next response.
				this.res.destroy();
				this.onError(engineError('VELOX_ERR_FILE_CHANGED', path));
				return;
			}
			this.res.end();
			this.onEnd();
		});
		// end: false, so that a short read can still be told from a complete body.
		stream.pipe(this.res, { end: false });
	}

	#bodyError(err: NodeJS.ErrnoException): void {
		// Once the client is gone the abort is what the transfer reports, not the read error.
		if (this.res.destroyed) return;
		this.onError(fileSystemError(err));
	}
}
