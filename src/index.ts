/**
 * Velox: the Express 4 interface, faster and safer.
 * `require('velox')` is the factory itself, with its static members on it.
 *
 * @example
 * const velox = require('velox');
 * const app = velox();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type App, application } from './application';
import type * as body from './body';
import { loadBodyParsers } from './lazy';
import { query } from './query';
import { request } from './request';
import { response } from './response';
import { Route as RouteClass } from './router/route';
import { Router as RouterFactory } from './router/router';
import { shutdown, shutdownOnSignal } from './shutdown';
import serveStatic from './static';
import { timeout } from './timeout';
import type * as T from './types';
import type * as B from './types/beyond';

type Next = (err?: unknown) => void;

/** Copies own property descriptors, skipping names `target` already has (merge-descriptors, redefine = false). */
function mixin(target: object, source: object): void {
	for (const name of Object.getOwnPropertyNames(source)) {
		if (Object.prototype.hasOwnProperty.call(target, name)) continue;
		Object.defineProperty(target, name, Object.getOwnPropertyDescriptor(source, name)!);
	}
}

function createApplication(): T.Application {
	const app = function app(req: IncomingMessage, res: ServerResponse, next?: Next): void {
		(app as App).handle(req, res, next);
	} as App;
	mixin(app, EventEmitter.prototype);
	mixin(app, application);
	app.request = Object.create(request, { app: { configurable: true, enumerable: true, writable: true, value: app } });
	app.response = Object.create(response, { app: { configurable: true, enumerable: true, writable: true, value: app } });
	app.init();
	return app as unknown as T.Application;
}

interface Velox {
	/** Creates an application. */
	(): T.Application;
	application: Record<string, unknown>;
	request: Record<string | symbol, unknown>;
	response: Record<string | symbol, unknown>;
	Route: typeof RouteClass;
	Router: (options?: T.RouterOptions) => T.Router;
	json: typeof body.json;
	raw: typeof body.raw;
	text: typeof body.text;
	urlencoded: typeof body.urlencoded;
	static: typeof serveStatic;
	query: typeof query;
	/** Beyond Express 4: answers 503 through the error path when no response started in time (docs/api/timeouts.md). */
	timeout: typeof timeout;
	/** Beyond Express 4: graceful shutdown of a server (docs/api/shutdown.md). */
	shutdown: typeof shutdown;
	/** Beyond Express 4: SIGTERM/SIGINT -> `velox.shutdown`, then exit (docs/api/shutdown.md). */
	shutdownOnSignal: typeof shutdownOnSignal;
}

const velox = createApplication as Velox;
velox.application = application;
velox.request = request;
velox.response = response;
velox.Route = RouteClass;
velox.Router = RouterFactory as unknown as Velox['Router'];
// The parsers load with their first use (startup; see lazy.ts).
velox.json = function json(options) {
	return loadBodyParsers().json(options);
};
velox.raw = function raw(options) {
	return loadBodyParsers().raw(options);
};
velox.text = function text(options) {
	return loadBodyParsers().text(options);
};
velox.urlencoded = function urlencoded(options) {
	return loadBodyParsers().urlencoded(options);
};
velox.static = serveStatic;
velox.query = query;

// Express 4 removed its bundled middleware and explains so when they are reached for.
const removedMiddlewares = [
	'bodyParser',
	'compress',
	'cookieSession',
	'session',
	'logger',
	'cookieParser',
	'favicon',
	'responseTime',
	'errorHandler',
	'methodOverride',
	'vhost',
	'csrf',
	'directory',
	'limit',
	'multipart',
	'staticCache',
];
for (const name of removedMiddlewares) {
	Object.defineProperty(velox, name, {
		configurable: true,
		get() {
			throw new Error(
				'Most middleware (like ' + name + ') is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.',
			);
		},
	});
}

// Beyond Express 4 (docs/api/): not enumerable, so the static members
// listed are Express 4's. `timeout` replaces Express 4's "no longer
// bundled" error for that name.
for (const [name, value] of [
	['timeout', timeout],
	['shutdown', shutdown],
	['shutdownOnSignal', shutdownOnSignal],
] as const) {
	Object.defineProperty(velox, name, { configurable: true, writable: true, value });
}

declare namespace velox {
	export type Application = T.Application;
	/** What `velox()` returns; the name @types/express gives it. */
	export type Express = T.Application;
	export type Request<
		P = T.ParamsDictionary,
		ResBody = unknown,
		ReqBody = unknown,
		ReqQuery = T.ParsedQs,
		Locals extends Record<string, unknown> = Record<string, unknown>,
	> = T.Request<P, ResBody, ReqBody, ReqQuery, Locals>;
	export type Response<ResBody = unknown, Locals extends Record<string, unknown> = Record<string, unknown>> = T.Response<ResBody, Locals>;
	export type NextFunction = T.NextFunction;
	export type RequestHandler<
		P = T.ParamsDictionary,
		ResBody = unknown,
		ReqBody = unknown,
		ReqQuery = T.ParsedQs,
		Locals extends Record<string, unknown> = Record<string, unknown>,
	> = T.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>;
	export type ErrorRequestHandler<
		P = T.ParamsDictionary,
		ResBody = unknown,
		ReqBody = unknown,
		ReqQuery = T.ParsedQs,
		Locals extends Record<string, unknown> = Record<string, unknown>,
	> = T.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>;
	export type Router = T.Router;
	export type IRoute<Path extends string = string> = T.Route<Path>;
	export type RouterOptions = T.RouterOptions;
	export type CookieOptions = T.CookieOptions;
	export type SendFileOptions = T.SendFileOptions;
	export type ParamsDictionary = T.ParamsDictionary;
	export type ParsedQs = T.ParsedQs;
	export type PathParams = T.PathParams;
	export type RouteParameters<Path> = T.RouteParameters<Path>;
	export type ParamKeys<Path extends string> = T.ParamKeys<Path>;
	export type ShutdownOptions = B.ShutdownOptions;
	export type ShutdownOnSignalOptions = B.ShutdownOnSignalOptions;
	export type TimeoutError = B.TimeoutError;
	export type ClientClosedError = B.ClientClosedError;
}

export = velox;
