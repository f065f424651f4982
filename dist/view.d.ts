import type { EngineCallback, RenderCallback } from './types';
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
export declare class View {
    defaultEngine: unknown;
    /** The extension with its dot, from the name or else from `defaultEngine`. */
    ext: string;
    name: string;
    root: string | string[];
    /** Undefined only for a name that cannot be a file (a NUL byte), whose engine is never loaded. */
    engine: EngineCallback | undefined;
    /** The resolved file, or undefined when no root holds it. */
    path: string | undefined;
    constructor(name: unknown, options: ViewOptions);
    /** Finds `name` under each root in order; the first root holding it wins. */
    lookup(name: string): string | undefined;
    /**
     * Hands the file to the engine. Express 4.22 calls the engine directly, so an
     * engine that calls back synchronously does so before `render` returns (the
     * deferral is an Express 5 change); a synchronous throw is caught by `app.render`.
     */
    render(options: object, callback: RenderCallback): void;
    /** `<dir>/<file>` when it is a file, else `<dir>/<file without ext>/index<ext>`. */
    resolve(dir: string, file: string): string | undefined;
}
