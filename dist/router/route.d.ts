/**
 * A route: one path, handlers per method (`route.get(fn)`, `route.all(fn)`).
 * Dispatch follows Express 4's `Route.prototype.dispatch`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Layer, Next } from './layer';
import type { PathInput } from './matcher';
import { MethodName } from './methods';
/** The per-method adders (`route.get`, `route.post`, …), installed on the prototype below. */
type RouteMethods = {
    [M in MethodName]: (...handlers: unknown[]) => Route;
};
export interface Route extends RouteMethods {
}
export declare class Route {
    path: PathInput;
    stack: Layer[];
    methods: Record<string, boolean>;
    constructor(path: PathInput);
    _handles_method(method: string): boolean;
    _options(): string[];
    dispatch(req: IncomingMessage, res: ServerResponse, done: Next): void;
    all(...args: unknown[]): this;
}
export {};
