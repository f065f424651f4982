/**
 * `velox.static(root, options)`: serves files below `root`, as serve-static
 * 1.16 (Express 4's `express.static`) on Velox's own file-sending engine.
 */
import type { Stats } from 'fs';
import type { ServerResponse } from 'http';
import { resolve } from 'path';
import mime from 'mime';
import { type HttpError, veloxError } from './errors';
import { compileSendConfig, type SendConfig, type EngineOptions } from './send/config';
import { redirectToDirectory } from './send/redirect';
import { FileTransfer } from './send/transfer';
import { pathnameOf } from './base/url';
import type { RequestView } from './types/model';
import type { Next } from './router/types';

export interface StaticOptions<Res extends ServerResponse = ServerResponse> extends EngineOptions {
	/** true (default): client errors and missing files call `next()`; false: `next(err)`. */
	fallthrough?: boolean;
	/** Redirect a directory to its URL with a trailing `/` (default true). */
	redirect?: boolean;
	/** Sets headers synchronously before a file is sent. */
	setHeaders?: (res: Res, path: string, stat: Stats) => void;
}

type StaticRequest = RequestView<'originalUrl'>;

/** What one `velox.static` middleware computed at registration. */
interface StaticSettings {
	readonly config: SendConfig;
	readonly fallthrough: boolean;
	readonly redirect: boolean;
	readonly setHeaders: ((res: ServerResponse, path: string, stat: Stats) => void) | null;
}

class StaticTransfer extends FileTransfer {
	readonly #settings: StaticSettings;
	readonly #next: Next;
	/** Whether an error goes to `next(err)` rather than `next()`: always once a file was found. */
	#forwardError: boolean;

	constructor(req: StaticRequest, res: ServerResponse, path: string, settings: StaticSettings, next: Next) {
		super(req, res, path, settings.config);
		this.#settings = settings;
		this.#next = next;
		this.#forwardError = !settings.fallthrough;
	}

	protected override onHeaders(path: string, stat: Stats): void {
		const setHeaders = this.#settings.setHeaders;
		if (setHeaders !== null) setHeaders(this.res, path, stat);
	}

	protected override onFile(): void {
		this.#forwardError = true;
	}

	protected override onDirectory(): void {
		if (!this.#settings.redirect || this.hasTrailingSlash()) this.error(404);
		else redirectToDirectory(this.req, this.res);
	}

	protected override onError(err: HttpError): void {
		if (this.#forwardError || !(err.statusCode < 500)) this.#next(err);
		else this.#next();
	}
}

/**
 * Creates a middleware serving the files below `root`.
 *
 * @example
 * app.use('/assets', velox.static('public', { maxAge: '1d', immutable: true }));
 */
function serveStatic<Res extends ServerResponse = ServerResponse>(
	root: string,
	options?: StaticOptions<Res>,
): (req: StaticRequest, res: Res, next: Next) => void {
	if (!root) throw veloxError('VELOX_ERR_STATIC_ROOT_REQUIRED');
	if (typeof root !== 'string') throw veloxError('VELOX_ERR_STATIC_ROOT_TYPE');
	const opts: StaticOptions<Res> = options || {};
	const setHeaders = opts.setHeaders;
	if (setHeaders && typeof setHeaders !== 'function') throw veloxError('VELOX_ERR_OPTION_SET_HEADERS');

	// Inherit the caller's options, as serve-static does, with the root resolved once.
	const sendOptions: EngineOptions = Object.create(opts);
	sendOptions.root = resolve(root);
	let settings: StaticSettings | null = null;
	let configError: unknown = null;
	try {
		settings = {
			config: compileSendConfig(sendOptions),
			fallthrough: opts.fallthrough !== false,
			redirect: opts.redirect !== false,
			setHeaders: setHeaders ? (setHeaders as StaticSettings['setHeaders']) : null,
		};
	} catch (err) {
		// Express 4 validates send's options per request, so a bad option reaches `next(err)`
		// on each GET/HEAD instead of throwing here.
		configError = err;
	}

	return function serveStatic(req: StaticRequest, res: Res, next: Next): void {
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			if (settings === null || settings.fallthrough) {
				next();
				return;
			}
			res.statusCode = 405;
			res.setHeader('Allow', 'GET, HEAD');
			res.setHeader('Content-Length', '0');
			res.end();
			return;
		}
		if (settings === null) {
			next(configError);
			return;
		}
		let path = pathnameOf(req.url) ?? '';
		// The mount point itself (`/static` for a middleware on `/static`) must redirect to `/static/`.
		if (path === '/' && !originalPathEndsWithSlash(req)) path = '';
		new StaticTransfer(req, res, path, settings, next).start();
	};
}

function originalPathEndsWithSlash(req: StaticRequest): boolean {
	const pathname = pathnameOf(typeof req.originalUrl === 'string' ? req.originalUrl : req.url) ?? '';
	return pathname.charCodeAt(pathname.length - 1) === 0x2f;
}

/** The `mime` (v1) module, as `express.static.mime`: `lookup`, `define`, `extension`, `charsets.lookup`. */
serveStatic.mime = mime;

export default serveStatic;
