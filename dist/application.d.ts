/**
 * The application prototype (`velox.application`): settings, routing
 * registration, mounting, rendering and `listen`. Every app is a function
 * (a request listener) that gets these members mixed in, as in Express 4.
 */
import type { EventEmitter } from 'node:events';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Next } from './router/layer';
import { MethodName } from './router/methods';
import type { RequestPrototype } from './model';
import type { Route } from './router/route';
import type { ResponsePrototype } from './response/types';
import { Router } from './router/router';
import { QueryParserFunction } from './settings';
import { RouteList } from './routes';
import { kQueryParser, kRequestClass, kResponseClass } from './symbols';
type Settings = Record<string, unknown>;
type RenderCallback = (err: Error | null, html?: string) => void;
interface ViewLike {
    path: string | undefined;
    root: string | string[];
    render(options: object, callback: RenderCallback): void;
}
/** The routing methods other than `get` (`app.post`, `app.delete`, …), assigned by name from `methods` below. */
type AppMethods = {
    [M in Exclude<MethodName, 'get'>]: (path: unknown, ...handlers: unknown[]) => App;
};
/** The members of the application prototype: what `velox()` mixes into each app. */
interface AppMembers extends AppMethods {
    init(): void;
    defaultConfiguration(): void;
    lazyrouter(): void;
    handle(req: IncomingMessage, res: ServerResponse, callback?: Next): void;
    set(setting: string, ...value: unknown[]): unknown;
    /** `app.get(setting)`, or `app.get(path, …handlers)`. */
    get(setting: string, ...handlers: unknown[]): unknown;
    enabled(setting: string): boolean;
    disabled(setting: string): boolean;
    enable(setting: string): App;
    disable(setting: string): App;
    path(): string;
    use(...args: unknown[]): App;
    route(path: unknown): Route;
    param(name: unknown, fn?: unknown): App;
    engine(ext: string, fn: unknown): App;
    all(path: unknown, ...handlers: unknown[]): App;
    del(...args: unknown[]): unknown;
    render(name: string, options?: unknown, callback?: RenderCallback): void;
    listen(...args: unknown[]): Server;
    routes(): RouteList;
    inject(options: unknown): unknown;
}
/** The internal shape of an app: a request listener with the prototype's members and its own state. */
export interface App extends EventEmitter, AppMembers, Express.Application {
    (req: IncomingMessage, res: ServerResponse, next?: Next): void;
    settings: Settings;
    cache: Record<string, ViewLike>;
    engines: Record<string, unknown>;
    locals: Record<string, unknown>;
    mountpath: unknown;
    parent?: App;
    request: RequestPrototype;
    response: ResponsePrototype;
    _router: Router | undefined;
    [kQueryParser]?: QueryParserFunction;
    [kRequestClass]?: unknown;
    [kResponseClass]?: unknown;
    /** Express 3's router: on an app, a getter that throws (see `defaultConfiguration`). */
    readonly router?: unknown;
    /** Declared by @types/express's `Application`, absent from an Express 4 app (and never read by Velox). */
    resource?: unknown;
    map?: unknown;
    stack?: unknown;
}
/**
 * The application prototype (`velox.application`): the members above; an app's own state is
 * absent from it. The public shape is `Application` in types/application.ts.
 */
export type ApplicationPrototype = AppMembers & Partial<Omit<App, keyof AppMembers>>;
export declare const application: ApplicationPrototype;
export {};
