/**
 * The one internal model of the request: node's `IncomingMessage` plus every member Velox sets
 * or reads on it, each declared once, with the type it has at run time. The public shape is
 * `Request` (types/request.ts), which follows @types/express; index.ts exports the request
 * prototype typed by this model as that one (the two are checked to overlap; see docs/design.md,
 * "Type model").
 *
 * A module that handles requests takes the members it uses as a view, `RequestView<…>` (the
 * router's `RoutedRequest`, the response's `ResponseRequest`, the body parsers' `BodyRequest`,
 * …), so a member is declared here only and a module states what it depends on.
 * Types only: nothing here exists at run time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type parseRange from 'range-parser';
import type { App } from './application';
import type { Next, ParamsRecord } from './router/layer';
import type { Route } from './router/route';
import type { QueryParserFunction } from './settings';
import type { kQueryParser } from './symbols';
/** What a negotiation method answers: the best match, `false`, or (without arguments) every accepted value. */
export type Negotiated = string | string[] | false;
/**
 * A request as Velox sees it once an app has handled it. Like the public `Request`, it extends
 * the global `Express.Request` that middleware typings augment (`req.session`, `req.user`, …).
 */
export interface VeloxRequest extends IncomingMessage, Express.Request {
    url: string;
    method: string;
    app: App;
    res?: ServerResponse;
    [kQueryParser]?: QueryParserFunction;
    baseUrl?: string;
    originalUrl?: string;
    params?: ParamsRecord;
    next?: Next;
    route?: Route;
    body?: unknown;
    _body?: boolean;
    query?: unknown;
    secret?: string;
    cookies?: unknown;
    signedCookies?: unknown;
    readonly accepted?: unknown;
    readonly protocol: string;
    readonly secure: boolean;
    readonly ip: string | undefined;
    readonly ips: string[];
    readonly subdomains: string[];
    readonly path: string | null | undefined;
    readonly hostname: string | undefined;
    /** @deprecated As in Express 4; use `hostname`. */
    readonly host: string | undefined;
    readonly fresh: boolean;
    readonly stale: boolean;
    readonly xhr: boolean;
    /** Beyond Express 4: aborts when the client goes away or `velox.timeout` fires (timeout.ts). */
    readonly signal: AbortSignal;
    get(name: string): string | string[] | undefined;
    header(name: string): string | string[] | undefined;
    accepts(...types: unknown[]): Negotiated;
    acceptsEncodings(...encodings: unknown[]): Negotiated;
    acceptsEncoding(...encodings: unknown[]): Negotiated;
    acceptsCharsets(...charsets: unknown[]): Negotiated;
    acceptsCharset(...charsets: unknown[]): Negotiated;
    acceptsLanguages(...languages: unknown[]): Negotiated;
    acceptsLanguage(...languages: unknown[]): Negotiated;
    range(size: number, options?: parseRange.Options): parseRange.Result | parseRange.Ranges | undefined;
    param(name?: string, defaultValue?: unknown): unknown;
    is(...types: unknown[]): string | false | null;
}
/** The members of `VeloxRequest` one module reads or sets, on node's request. */
export type RequestView<K extends keyof VeloxRequest> = IncomingMessage & Pick<VeloxRequest, K>;
/**
 * The request prototype (`velox.request`, `app.request`): the getters and methods above; the
 * per-request members are absent from it (`undefined` when read there).
 */
export type RequestPrototype = RequestView<PrototypeKey> & Partial<Omit<VeloxRequest, PrototypeKey | keyof IncomingMessage>>;
type PrototypeKey = 'protocol' | 'secure' | 'ip' | 'ips' | 'subdomains' | 'path' | 'hostname' | 'host' | 'fresh' | 'stale' | 'xhr' | 'signal' | 'get' | 'header' | 'accepts' | 'acceptsEncodings' | 'acceptsEncoding' | 'acceptsCharsets' | 'acceptsCharset' | 'acceptsLanguages' | 'acceptsLanguage' | 'range' | 'param' | 'is';
export {};
