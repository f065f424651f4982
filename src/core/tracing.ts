/**
 * Tracing through `node:diagnostics_channel` (beyond Express 4): APM agents
 * and OpenTelemetry subscribe to stable channel names instead of patching
 * the framework's internals. See docs/api/tracing.md for the messages.
 *
 * Cost when nobody listens: the app's request entry reads `hasSubscribers`
 * of each channel (a prototype getter returning false); layers read one
 * number (`tracing.active`, the count of requests being traced) and skip.
 * Everything below runs only for requests that began while a channel had a
 * subscriber.
 */
import dc from 'diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'http';
import { forwardRejection, isThenable, type Layer, layerTracing, writtenPathOf } from './router/layer';
import type { ErrorHandlerFn, Next, RequestHandlerFn, RoutedRequest } from './router/types';
import { kMountedApp, kPattern } from './base/symbols';

/** Channel names; stable, documented in docs/api/tracing.md. */
export const channelNames = {
	requestStart: 'velox:request:start',
	requestEnd: 'velox:request:end',
	requestError: 'velox:request:error',
	layerStart: 'velox:layer:start',
	layerEnd: 'velox:layer:end',
	layerError: 'velox:layer:error',
} as const;

const requestStart = dc.channel(channelNames.requestStart);
const requestEnd = dc.channel(channelNames.requestEnd);
const requestError = dc.channel(channelNames.requestError);
const layerStart = dc.channel(channelNames.layerStart);
const layerEnd = dc.channel(channelNames.layerEnd);
const layerError = dc.channel(channelNames.layerError);

/** `active`: how many requests are being traced now (layers skip all work while it is 0). */
export const tracing = layerTracing;

/**
 * What a layer is: `middleware` (`use(fn)`, also error middleware), `route` (a route's
 * layer in a router stack), `handler` (one handler inside a route), `router` (a mounted
 * router) or `app` (a mounted sub-app).
 */
export type LayerType = 'middleware' | 'route' | 'handler' | 'router' | 'app';

/** The message of `velox:request:start`, `velox:request:end` and `velox:request:error` (one object per request). */
export interface RequestMessage {
	req: IncomingMessage;
	res: ServerResponse;
	/** The app whose `handle` saw the request first. */
	app: unknown;
	/** The full pattern of the last route matched (mount paths + route path), or undefined. */
	route: string | undefined;
	/** Set at `velox:request:end`: the status code sent. */
	statusCode: number | undefined;
	/** The error that reached the app's final handler, if any (also at `velox:request:error`). */
	error: unknown;
	/** Free for subscribers (an APM agent keeps its span here). */
	[key: string]: unknown;
}

/** The message of `velox:layer:start`, `velox:layer:end` and `velox:layer:error` (one object per layer call). */
export interface LayerMessage {
	req: IncomingMessage;
	res: ServerResponse;
	/** The request's message (`velox:request:*`). */
	request: RequestMessage;
	layer: Layer;
	/** The handler's name (`<anonymous>`), `router`, `mounted_app` or `bound dispatch`. */
	name: string;
	type: LayerType;
	/** The layer's path as written (a RegExp as `/source/flags`, an array joined with `,`); `/` when none was. */
	path: string;
	/** The same, but undefined for `router.use(fn)` with no path written (the app's `query` and `expressInit` too). */
	written: string | undefined;
	/** `req.baseUrl` when the layer was called: the part of the URL its mount points matched. */
	mountPath: string;
	/** The pattern matched so far: mount paths as written, plus the route's path for a route. */
	route: string;
	/** At start: the error an error-handling layer was called with; at error/end: the error the layer raised. */
	error: unknown;
	/** At end: true when the layer passed the request on (called `next`, or threw), false when the response ended first. */
	passed: boolean;
	/** Free for subscribers. */
	[key: string]: unknown;
}

const kTrace: unique symbol = Symbol('velox.trace');

interface RequestTrace {
	message: RequestMessage;
	/** Mount paths as written, one per middleware/router/app layer currently holding the request. */
	mounts: string[];
	/** Layers holding the request (neither `next` called nor response finished): ended with the response. */
	open: Set<() => void>;
	ended: boolean;
}

type Traced = RoutedRequest & { [kTrace]?: RequestTrace };

/** Whether any `velox:` channel has a subscriber: checked once per request, at the app's entry. */
export function isTracing(): boolean {
	return (
		requestStart.hasSubscribers ||
		requestEnd.hasSubscribers ||
		layerStart.hasSubscribers ||
		layerEnd.hasSubscribers ||
		layerError.hasSubscribers ||
		requestError.hasSubscribers
	);
}

/** The app's request entry: begins tracing this request (once; a sub-app's entry finds it begun). */
export function traceRequest(app: unknown, req: IncomingMessage, res: ServerResponse): void {
	const traced = req as Traced;
	if (traced[kTrace] !== undefined) return;
	const message: RequestMessage = { req, res, app, route: undefined, statusCode: undefined, error: undefined };
	const trace: RequestTrace = { message, mounts: [], open: new Set(), ended: false };
	traced[kTrace] = trace;
	tracing.active++;
	const onDone = (): void => {
		if (trace.ended) return;
		trace.ended = true;
		tracing.active--;
		res.removeListener('finish', onDone);
		res.removeListener('close', onDone);
		for (const endLayer of trace.open) endLayer();
		message.statusCode = res.statusCode;
		if (requestEnd.hasSubscribers) requestEnd.publish(message);
	};
	res.on('finish', onDone);
	res.on('close', onDone);
	if (requestStart.hasSubscribers) requestStart.publish(message);
}

/** The app's final handler got an error: no layer handled it. */
export function traceUnhandled(req: IncomingMessage, error: unknown): void {
	const trace = (req as Traced)[kTrace];
	if (trace === undefined) return;
	trace.message.error = error;
	if (requestError.hasSubscribers) requestError.publish(trace.message);
}

/**
 * Calls `layer`'s handler as `handle_request`/`handle_error` would, publishing its
 * start, end and errors. Returns false (and does nothing) for an untraced request.
 */
export function traceLayer(layer: Layer, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): boolean {
	const trace = (req as Traced)[kTrace];
	if (trace === undefined || trace.ended) return false;
	const type = layerTypeOf(layer);
	const path = patternText(layer);
	const mounts = trace.mounts;
	const depth = mounts.length;
	const mounting = type === 'middleware' || type === 'router' || type === 'app';
	if (mounting) mounts.push(path);
	let route: string;
	if (type === 'route') {
		route = joinRoute(mounts, path);
		trace.message.route = route;
	} else if (type === 'handler' && trace.message.route !== undefined) {
		route = trace.message.route;
	} else {
		route = joinRoute(mounts, '');
	}
	const message: LayerMessage = {
		req,
		res,
		request: trace.message,
		layer,
		name: layer.name,
		type,
		path,
		written: writtenPathOf(layer) === undefined ? undefined : path,
		mountPath: (req as Traced).baseUrl || '',
		route,
		error,
		passed: false,
	};
	let ended = false;
	const end = (raised: unknown, passed: boolean): void => {
		if (ended) return;
		ended = true;
		message.passed = passed;
		trace.open.delete(onFinish);
		if (raised !== undefined) {
			message.error = raised;
			if (layerError.hasSubscribers) layerError.publish(message);
		} else {
			message.error = undefined;
		}
		if (layerEnd.hasSubscribers) layerEnd.publish(message);
	};
	const onFinish = (): void => end(undefined, false);
	const tracedNext = (err?: unknown): void => {
		// A new error is this layer's; passing on the error it was given is not.
		end(err !== undefined && err !== null && err !== 'route' && err !== 'router' && err !== error ? err : undefined, true);
		if (mounting && mounts.length > depth) mounts.length = depth;
		next(err);
	};
	if (layerStart.hasSubscribers) layerStart.publish(message);
	try {
		const result =
			error === undefined ? (layer.handle as RequestHandlerFn)(req, res, tracedNext) : (layer.handle as ErrorHandlerFn)(error, req, res, tracedNext);
		if (isThenable(result)) forwardRejection(result, tracedNext);
	} catch (err) {
		tracedNext(err);
	}
	if (!ended) trace.open.add(onFinish);
	return true;
}

function layerTypeOf(layer: Layer): LayerType {
	if (layer.route !== undefined) return 'route';
	// Only `use` layers do not end: route handlers are built with `end: true`.
	if (layer.end) return 'handler';
	const handle = layer.handle as { stack?: unknown; [kMountedApp]?: unknown };
	if (handle[kMountedApp] !== undefined) return 'app';
	if (Array.isArray(handle.stack)) return 'router';
	return 'middleware';
}

function patternText(layer: Layer): string {
	const pattern = layer[kPattern];
	if (Array.isArray(pattern)) return pattern.map(String).join(',');
	return String(pattern);
}

/** Mount paths + `last`, `/` ignored, duplicate slashes collapsed; `/` when empty. */
function joinRoute(mounts: readonly string[], last: string): string {
	let route = '';
	for (const mount of mounts) if (mount !== '/') route += mount;
	if (last !== '/' || route === '') route += last;
	route = route.replace(/\/{2,}/g, '/');
	return route === '' ? '/' : route;
}

// Layers call it while any request is traced (router/layer.ts).
layerTracing.trace = traceLayer;
