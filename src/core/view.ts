/**
 * View lookup and engine dispatch: Express 4's `View` (lib/view.js), the
 * class `app.render` instantiates through the `view` setting. A view resolves
 * its file at construction; `app.render` reports a view whose `path` stayed
 * undefined as `Failed to lookup view …`.
 */
import { statSync } from 'fs';
import { basename, dirname, extname, join, resolve } from 'path';
import { veloxError } from './errors';
import { linePolicy } from './lines';
import type { EngineCallback, RenderCallback } from 'express-serve-static-core';

/** What `app.render` passes: the `view engine` and `views` settings as set, and the app's engine table. */
export interface ViewOptions {
	defaultEngine?: unknown;
	root?: unknown;
	engines: Record<string, unknown>;
}

/**
 * A template file and the engine that renders it.
 *
 * Lookup uses synchronous `fs.statSync`, as Express does: it runs when a view
 * is first rendered, not per byte served, and with `view cache` enabled (the
 * default in production) `app.render` keeps the View, so each name is looked
 * up once.
 *
 * @example
 * const view = new View('user', { defaultEngine: 'ejs', root: 'views', engines: app.engines });
 * if (view.path) view.render({ name: 'tobi' }, (err, html) => {});
 */
export class View {
	defaultEngine: unknown;
	/** The extension with its dot, from the name or else from `defaultEngine`. */
	ext: string;
	name: string;
	root: string | string[];
	/** Undefined only for a name that cannot be a file (a NUL byte), whose engine is never loaded. */
	engine: EngineCallback | undefined;
	/** The resolved file, or undefined when no root holds it. */
	path: string | undefined;

	constructor(name: unknown, options: ViewOptions) {
		// A view name is a file path chosen by the application. Express 4 lets a
		// non-string reach `path.extname`, whose TypeError names an argument the
		// caller never saw; say what is wrong instead.
		if (typeof name !== 'string') {
			throw veloxError('VELOX_ERR_VIEW_NAME_TYPE', name === null ? 'null' : typeof name);
		}
		this.defaultEngine = options.defaultEngine;
		this.ext = extname(name);
		this.name = name;
		// The `views` setting as the user set it: a string or an array of strings.
		this.root = options.root as string | string[];

		if (!this.ext && !this.defaultEngine) {
			throw veloxError('VELOX_ERR_VIEW_NO_ENGINE');
		}

		let fileName = name;
		if (!this.ext) {
			const engineName = String(this.defaultEngine);
			this.ext = engineName[0] !== '.' ? '.' + engineName : engineName;
			fileName += this.ext;
		}

		const engines = options.engines;
		if (name.includes('\0')) {
			// No file name holds a NUL byte, so this is a failed lookup, reported
			// through the render callback. Express 4 gets there by statSync throwing,
			// except for a NUL in the extension, which it hands to require() and
			// throws "Cannot find module"; Velox never requires such a name.
			this.engine = engines[this.ext] as EngineCallback | undefined;
			this.path = undefined;
			return;
		}
		if (!engines[this.ext]) {
			engines[this.ext] = loadEngine(this.ext.slice(1));
		}
		this.engine = engines[this.ext] as EngineCallback;
		this.path = this.lookup(fileName);
	}

	/** Finds `name` under each root in order; the first root holding it wins. */
	lookup(name: string): string | undefined {
		const roots = ([] as string[]).concat(this.root);
		for (const root of roots) {
			const location = resolve(root, name);
			const found = this.resolve(dirname(location), basename(location));
			if (found !== undefined) return found;
		}
		return undefined;
	}

	/**
	 * Hands the file to the engine. Express 4.22 calls the engine directly, so an
	 * engine that calls back synchronously does so before `render` returns (the
	 * deferral is an Express 5 change); a synchronous throw is caught by `app.render`.
	 */
	render(options: object, callback: RenderCallback): void {
		if (this.engine === undefined) {
			callback(veloxError('VELOX_ERR_VIEW_NOT_RESOLVED', this.name));
			return;
		}
		this.engine(this.path as string, options, callback);
	}

	/** `<dir>/<file>` when it is a file, else `<dir>/<file without ext>/index<ext>`. */
	resolve(dir: string, file: string): string | undefined {
		let path = join(dir, file);
		if (isFile(path)) return path;
		path = join(dir, basename(file, this.ext), 'index' + this.ext);
		if (isFile(path)) return path;
		return undefined;
	}
}

/**
 * Express 5's `View#render` (lines/: application.deferSyncRender): an engine that calls back
 * before it returns has its result passed on at the next tick; a later call is passed on as it comes.
 */
function renderDeferringSyncCallback(this: View, options: object, callback: RenderCallback): void {
	if (this.engine === undefined) {
		callback(veloxError('VELOX_ERR_VIEW_NOT_RESOLVED', this.name));
		return;
	}
	let sync = true;
	this.engine(this.path as string, options, function onRender(this: unknown, ...args: unknown[]): void {
		const pass = (): void => {
			(callback as (...values: unknown[]) => void).apply(this, args);
		};
		if (sync) process.nextTick(pass);
		else pass();
	});
	sync = false;
}
if (linePolicy().application.deferSyncRender) View.prototype.render = renderDeferringSyncCallback;

/**
 * `require(mod).__express`. Express resolves `mod` from its own install location, which
 * sees the application's packages (both live in the app's node_modules) and Express's own
 * dependencies. Velox resolves from its own location first, then from the application's
 * working directory: a Velox that is linked, installed globally or kept in a strict
 * (pnpm-style) layout still finds the engines, and the modules Express would find among its
 * own dependencies (the app's, when Express is installed beside Velox) are found alike.
 */
function loadEngine(mod: string): EngineCallback {
	const loaded = requireEngineModule(mod) as { __express?: unknown } | null | undefined;
	const engine = loaded == null ? undefined : loaded.__express;
	if (typeof engine !== 'function') {
		throw veloxError('VELOX_ERR_VIEW_ENGINE_MODULE', mod);
	}
	return engine as EngineCallback;
}

function requireEngineModule(mod: string): unknown {
	try {
		return require(mod);
	} catch (err) {
		if ((err as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw err;
		let fromApp: string;
		try {
			fromApp = require.resolve(mod, { paths: [process.cwd()] });
		} catch {
			// Not there either: require's own error (code MODULE_NOT_FOUND), as in Express 4.
			throw err;
		}
		return require(fromApp);
	}
}

function isFile(path: string): boolean {
	try {
		// throwIfNoEntry: a missing candidate is the common case in a multi-root
		// lookup; returning undefined spares building an exception for it.
		const stat = statSync(path, { throwIfNoEntry: false });
		return stat !== undefined && stat.isFile();
	} catch {
		// ENOTDIR, EACCES, ELOOP…: not a usable file, as in Express's tryStat.
		return false;
	}
}
