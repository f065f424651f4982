/**
 * Router 2.3's tracing channel on Velox 5: the `TracingChannel` named `express.router.request`,
 * which express@5's router publishes for every request handler, error handler and `router.param`
 * callback it runs (not for a route's own layer, whose handlers are traced one by one), with a
 * context `{ req, res, layer, handler, route }` (`route`: the pattern the layer matched), plus
 * `incomingError` and `errorHandler: true` for an error handler and `param` for a param callback.
 *
 * The events, as router 2.3 orders them: `start` (and the stores bound to it) around the call;
 * `error` when the callback passes a new error to `next`, throws or rejects (each error object
 * once per request: errors seen are kept on `req` under a registered symbol, so that an enclosing
 * router does not claim them again, and an error handler that recovers forgets its own); `end`
 * when the call returns; for a returned promise, `asyncStart` and `asyncEnd` when it settles.
 * `result` is what the callback returned, or what its promise fulfilled with.
 *
 * Nothing here runs while the channel has no subscriber but the error bookkeeping, which router
 * 2.3 does on every `next(err)`. Velox 4 never loads the channel (lines/express5.ts's rows only).
 */
import dc from 'diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'http';
import { isThenable } from '../base/utils';

type Next = (err?: unknown) => void;

/** What a traced callback's context holds (router 2.3's names). */
export interface RouterTraceContext {
	req: IncomingMessage;
	res: ServerResponse;
	incomingError?: unknown;
	layer: object;
	handler: unknown;
	route: unknown;
	errorHandler?: true;
	param?: string | number;
	result?: unknown;
	error?: unknown;
}

/** The tracing channel's five channels, as `diagnostics_channel.tracingChannel` makes them. */
interface RequestChannel {
	readonly start: dc.Channel;
	readonly end: dc.Channel;
	readonly asyncStart: dc.Channel;
	readonly asyncEnd: dc.Channel;
	readonly error: dc.Channel;
}

/** `Channel#runStores`, which node's typings of some lines lack. */
type StoresChannel = dc.Channel & {
	runStores<T, A extends unknown[]>(data: unknown, fn: (...args: A) => T, thisArg?: unknown, ...args: A): T;
};

/** The errors already reported for a request: router 2.3's registered key, shared with any other copy of it. */
const kSeenErrors = Symbol.for('router.tracing.publishedErrors');
/** The pattern of the layer last matched in the request's current router. */
const kMatchedRoute: unique symbol = Symbol('velox.router.matchedRoute');

type TracedRequest = IncomingMessage & { [kSeenErrors]?: Set<unknown>; [kMatchedRoute]?: unknown };

let channel: RequestChannel | null = null;

/**
 * Makes the channel (node without `tracingChannel`: none), once: Velox 5's layers do as their
 * module loads (lines/router-module.ts), before any request.
 */
export function openRouterChannel(): void {
	if (channel !== null) return;
	const make = (dc as { tracingChannel?: (name: string) => RequestChannel }).tracingChannel;
	if (typeof make === 'function') channel = make('express.router.request');
}

/**
 * Whether any of the channel's five has a subscriber (a layer entry asks each time, as router
 * 2.3 does). Reads the five: `TracingChannel#hasSubscribers` is missing before node 20.13.
 */
export function routerTracing(): boolean {
	const ch = channel;
	return (
		ch !== null && (ch.start.hasSubscribers || ch.end.hasSubscribers || ch.asyncStart.hasSubscribers || ch.asyncEnd.hasSubscribers || ch.error.hasSubscribers)
	);
}

function isRoutingSignal(err: unknown): boolean {
	return err === 'route' || err === 'router';
}

/**
 * Remembers `err` as reported for `req`; false when it is no error (nothing, `'route'`,
 * `'router'`) or was reported already. Router 2.3 calls it on every `next(err)` of a traversal
 * and for an error a layer's matching threw, traced or not.
 */
export function recordRouteError(req: IncomingMessage, err: unknown): boolean {
	if (!err || isRoutingSignal(err)) return false;
	const traced = req as TracedRequest;
	const seen = traced[kSeenErrors];
	if (seen === undefined) {
		traced[kSeenErrors] = new Set([err]);
		return true;
	}
	if (seen.has(err)) return false;
	seen.add(err);
	return true;
}

/** Keeps the pattern a layer matched (the path of an array that matched) for the callbacks it runs. */
export function keepMatchedRoute(req: IncomingMessage, pattern: unknown): void {
	(req as TracedRequest)[kMatchedRoute] = pattern;
}

/** Creates the key `keepMatchedRoute` sets, before the request's prototype is swapped (a property added after is slow). */
export function initMatchedRoute(req: IncomingMessage): void {
	(req as TracedRequest)[kMatchedRoute] = undefined;
}

/** The pattern the layer being entered matched. */
export function matchedRoute(req: IncomingMessage): unknown {
	return (req as TracedRequest)[kMatchedRoute];
}

/**
 * The `next` a traced callback gets: a new error (not a routing signal, not one reported before)
 * is published on `error` with the context before it travels on; an error handler that passes on
 * something else than what it was given has dealt with that error, which may then be reported
 * again later in the request.
 */
function tracedNext(ch: RequestChannel, ctx: RouterTraceContext, next: Next): Next {
	if (ctx.errorHandler) recordRouteError(ctx.req, ctx.incomingError);
	return function next_(err?: unknown): void {
		if (ctx.errorHandler && err !== ctx.incomingError) (ctx.req as TracedRequest)[kSeenErrors]?.delete(ctx.incomingError);
		if (err && recordRouteError(ctx.req, err)) {
			ctx.error = err;
			ch.error.publish(ctx);
		}
		next(err);
	};
}

/** A throw or rejection of the callback, for `end`/`asyncEnd`: a routing signal is none (thrown synchronously, it ends like `next('route')`). */
function recordThrown(ctx: RouterTraceContext, err: unknown, sync: boolean): void {
	if (isRoutingSignal(err)) {
		if (sync) ctx.result = undefined;
		return;
	}
	if (!('error' in ctx)) ctx.error = err;
}

/** `end`; an error reported before a returned promise settles is out of the context while `end` is published. */
function publishEnd(ch: RequestChannel, ctx: RouterTraceContext, async: boolean): void {
	if (!async || !('error' in ctx)) {
		ch.end.publish(ctx);
		return;
	}
	const error = ctx.error;
	delete ctx.error;
	ch.end.publish(ctx);
	ctx.error = error;
}

/** `asyncStart` with its stores bound, and `asyncEnd` inside them. */
function publishAsyncEnd(ch: RequestChannel, ctx: RouterTraceContext): void {
	(ch.asyncStart as StoresChannel).runStores(ctx, () => ch.asyncEnd.publish(ctx));
}

/** How a handler's returned thenable is checked and its rejection normalised, as the line has them. */
export interface HandlerOutcome {
	/** Router 2's deprecation of a thenable that is not a Promise. */
	readonly promiseLike: (what: 'handlers' | 'parameters') => void;
	/** A falsy rejection as the error `next` gets. */
	readonly toError: (reason: unknown) => unknown;
}

/**
 * A layer's entry (request or error handler, not a route's own layer) while the channel has a
 * subscriber: runs the handler through it. `call` invokes the handler with the `next` to give it,
 * as Velox's entry does.
 */
export function traceLayerEntry(
	layer: { readonly handle: unknown },
	errorHandler: boolean,
	error: unknown,
	req: IncomingMessage,
	res: ServerResponse,
	next: Next,
	call: (layer: never, error: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => unknown,
	outcome: HandlerOutcome,
): void {
	const ctx: RouterTraceContext = errorHandler
		? { req, res, incomingError: error, layer, handler: layer.handle, route: matchedRoute(req), errorHandler: true }
		: { req, res, layer, handler: layer.handle, route: matchedRoute(req) };
	traceHandler(ctx, (traced) => call(layer as never, errorHandler ? error : undefined, req, res, traced), next, outcome);
}

/**
 * Runs a request or error handler traced: `call` invokes it with the `next` to give it and
 * returns what it returned. Routing gets every outcome as the untraced entry gives it (a throw
 * and a rejection go to `next`); the events go to the channel.
 */
export function traceHandler(ctx: RouterTraceContext, call: (next: Next) => unknown, next: Next, outcome: HandlerOutcome): void {
	const ch = channel as RequestChannel;
	const wrapped = tracedNext(ch, ctx, next);
	let settled = false;
	const rejected = (err: unknown): void => {
		wrapped(err);
		if (settled) return;
		settled = true;
		recordThrown(ctx, err, false);
		publishAsyncEnd(ch, ctx);
	};
	(ch.start as StoresChannel).runStores(ctx, () => {
		let promise: PromiseLike<unknown> | undefined;
		try {
			const result = call(wrapped);
			if (isThenable(result)) {
				if (!(result instanceof Promise)) outcome.promiseLike('handlers');
				promise = result;
			} else {
				ctx.result = result;
			}
		} catch (err) {
			// Forwarded as it is: a falsy throw routes as the untraced entry routes it.
			wrapped(err);
			recordThrown(ctx, err, true);
			publishEnd(ch, ctx, false);
			return;
		}
		publishEnd(ch, ctx, promise !== undefined);
		if (promise === undefined) return;
		try {
			promise.then(
				(value) => {
					if (settled) return;
					settled = true;
					ctx.result = value;
					publishAsyncEnd(ch, ctx);
				},
				(reason: unknown) => rejected(outcome.toError(reason)),
			);
		} catch (err) {
			// A `then` that throws rejects, forwarded as it is.
			rejected(err);
		}
	});
}

/**
 * Runs a `router.param` callback traced, as the untraced walk runs it (its throw to `next`, its
 * promise's rejection to `next` however late), with the events of `traceHandler`; a promise
 * settling before the call has returned is reported after `end`.
 */
export function traceParam(
	ctx: RouterTraceContext,
	fn: (req: IncomingMessage, res: ServerResponse, next: Next, value: unknown, name: string | number) => unknown,
	next: Next,
	value: unknown,
	name: string | number,
	outcome: HandlerOutcome,
): void {
	const ch = channel as RequestChannel;
	const wrapped = tracedNext(ch, ctx, next);
	let async = false;
	let ended = false;
	let settled = false;
	let early: (() => void) | undefined;
	const finish = (result: unknown, rejected: boolean): void => {
		if (rejected) recordThrown(ctx, result, false);
		else ctx.result = result;
		publishAsyncEnd(ch, ctx);
	};
	const settle = (result: unknown, rejected: boolean): void => {
		if (settled) return;
		settled = true;
		// A thenable that settles during the call still settles after `end`.
		if (ended) finish(result, rejected);
		else early = () => finish(result, rejected);
	};
	const rejected = (err: unknown): void => {
		wrapped(err);
		settle(err, true);
	};
	(ch.start as StoresChannel).runStores(ctx, () => {
		try {
			let result: unknown;
			try {
				result = fn(ctx.req, ctx.res, wrapped, value, name);
			} catch (err) {
				recordThrown(ctx, err, true);
				throw err;
			}
			async = isThenable(result);
			if (!async) {
				ctx.result = result;
			} else {
				const promise = result as PromiseLike<unknown>;
				if (!(promise instanceof Promise)) outcome.promiseLike('parameters');
				try {
					promise.then(
						(fulfilled) => settle(fulfilled, false),
						(reason: unknown) => rejected(outcome.toError(reason)),
					);
				} catch (err) {
					rejected(err);
				}
			}
		} catch (err) {
			wrapped(err);
		} finally {
			publishEnd(ch, ctx, async);
			ended = true;
			if (early !== undefined) early();
		}
	});
}
