/**
 * Request abort signals (`req.signal`) and the opt-in handler timeout
 * (`velox.timeout('5s')`).
 *
 * `req.signal` is an `AbortSignal` made on first read: a request that never
 * reads it (and is not under `velox.timeout`) pays nothing, not even a
 * listener. It aborts when the client goes away before the response finished
 * (the response closes unfinished), or when `velox.timeout` fires; never
 * after a response that completed.
 *
 * `velox.timeout(time)` starts a timer per request; when it fires and no
 * response has started, it aborts `req.signal` and calls `next` with an error
 * (`status` 503, `code` 'ETIMEDOUT'), so the app's error handlers or the final
 * handler answer, once. From then on the response ignores late writes
 * (`res.send`, `res.set`, `res.end`... after the answer went out) instead of
 * throwing `ERR_HTTP_HEADERS_SENT`. The timer is cleared when the response
 * closes, and never keeps the process alive.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { veloxError, veloxErrorWith } from '../errors';
import { durationOf } from '../base/utils';
import type { Next } from '../router/types';

const kController: unique symbol = Symbol('velox.abortController');
const kTimer: unique symbol = Symbol('velox.timeoutTimer');
const kGuarded: unique symbol = Symbol('velox.lateWritesGuarded');

interface SignalRequest extends IncomingMessage {
	res?: ServerResponse;
	[kController]?: AbortController;
	[kTimer]?: NodeJS.Timeout;
}

interface ClosableResponse extends ServerResponse {
	stream?: { destroyed?: boolean };
	[kGuarded]?: boolean;
}

/** The reason `req.signal` carries when the client went away first. */
export interface ClientClosedError extends Error {
	code: 'ECONNRESET';
	/** Its code in Velox's error catalog (docs/errors.md); not enumerable. */
	readonly veloxCode: 'VELOX_ERR_CLIENT_CLOSED';
}

/** The error `velox.timeout` passes to `next` (and aborts `req.signal` with). */
export interface TimeoutError extends Error {
	status: 503;
	statusCode: 503;
	code: 'ETIMEDOUT';
	/** The timeout, in milliseconds. */
	timeout: number;
	expose: false;
	/** Its code in Velox's error catalog (docs/errors.md); not enumerable. */
	readonly veloxCode: 'VELOX_ERR_TIMEOUT';
}

function clientClosedError(): ClientClosedError {
	return veloxError('VELOX_ERR_CLIENT_CLOSED') as ClientClosedError;
}

function timeoutError(delay: number): TimeoutError {
	// `code` given in place: the fields read in the order docs/api/timeouts.md lists them.
	return veloxErrorWith('VELOX_ERR_TIMEOUT', [], { status: 503, statusCode: 503, code: 'ETIMEDOUT', timeout: delay, expose: false }) as TimeoutError;
}

/** Whether the response already closed (HTTP/1: node marks it destroyed; HTTP/2: its stream). */
function isClosed(res: ClosableResponse): boolean {
	return res.destroyed === true || res.stream?.destroyed === true;
}

/**
 * Whether the response was ended by the app and flushed. Both: an HTTP/2
 * stream reset by the client reports `writableFinished` without an `end()`.
 */
function isComplete(res: ServerResponse): boolean {
	return res.writableEnded && res.writableFinished;
}

function controllerOf(req: SignalRequest): AbortController {
	let controller = req[kController];
	if (controller !== undefined) return controller;
	const created = new AbortController();
	controller = created;
	req[kController] = controller;
	const res = req.res as ClosableResponse | undefined;
	if (res !== undefined && !isComplete(res)) {
		if (isClosed(res)) {
			created.abort(clientClosedError());
		} else {
			res.once('close', () => {
				if (!isComplete(res) && !created.signal.aborted) created.abort(clientClosedError());
			});
		}
	}
	return controller;
}

/** `req.signal`: defined on `velox.request` (see request.ts). */
export const signalDescriptor: PropertyDescriptor = {
	configurable: true,
	enumerable: true,
	get(this: SignalRequest): AbortSignal | undefined {
		// On a prototype (`velox.request`, an app's `app.request`) there is no request to watch.
		if (this.res === undefined) return undefined;
		return controllerOf(this).signal;
	},
};

/** Aborts `req.signal` (made now if it was never read) with `reason`. */
function abortRequest(req: SignalRequest, reason: unknown): void {
	const controller = controllerOf(req);
	if (!controller.signal.aborted) controller.abort(reason);
}

type Method = (...args: never[]) => unknown;

/**
 * After a timeout, the response's head and body methods become no-ops once
 * the answer went out (the slow handler's late `res.send`), instead of
 * throwing. Own properties of this one response: other responses keep the
 * prototype's methods.
 */
function guardLateWrites(res: ClosableResponse): void {
	if (res[kGuarded] === true) return;
	res[kGuarded] = true;
	const target = res as ClosableResponse & Record<string, Method>;
	const headerMethod = (name: string): void => {
		const original = target[name] as (this: ServerResponse, ...args: unknown[]) => unknown;
		target[name] = function guardedHeader(this: ServerResponse, ...args: unknown[]): unknown {
			if (this.headersSent) return this;
			return original.apply(this, args);
		};
	};
	const bodyMethod = (name: string, ignored: (res: ServerResponse) => unknown): void => {
		const original = target[name] as (this: ServerResponse, ...args: unknown[]) => unknown;
		target[name] = function guardedBody(this: ServerResponse, ...args: unknown[]): unknown {
			if (this.writableEnded) {
				const last = args[args.length - 1];
				if (typeof last === 'function') process.nextTick(last as () => void);
				return ignored(this);
			}
			return original.apply(this, args);
		};
	};
	headerMethod('setHeader');
	headerMethod('appendHeader');
	headerMethod('removeHeader');
	headerMethod('writeHead');
	bodyMethod('write', () => true);
	bodyMethod('end', (self) => self);
}

function clearTimer(this: ServerResponse): void {
	const req = this.req as SignalRequest | undefined;
	if (req === undefined) return;
	const timer = req[kTimer];
	if (timer !== undefined) {
		clearTimeout(timer);
		req[kTimer] = undefined;
	}
}

function onTimeout(req: SignalRequest, res: ClosableResponse, next: Next, delay: number): void {
	req[kTimer] = undefined;
	// A response that started (headers out) or closed is left alone.
	if (res.headersSent || res.writableEnded || isClosed(res)) return;
	const error = timeoutError(delay);
	abortRequest(req, error);
	guardLateWrites(res);
	next(error);
}

function toMilliseconds(time: unknown): number {
	const value = durationOf(time);
	if (value === undefined || value === 0) throw veloxError('VELOX_ERR_TIMEOUT_TIME', time);
	return value;
}

/**
 * Middleware that answers 503 through the error path when no response has
 * started within `time` (milliseconds, or an `ms` string such as '5s'),
 * aborting `req.signal` first. A later `velox.timeout` on the same request
 * (a route's own) replaces an earlier one (the app's).
 *
 * @example
 * app.use(velox.timeout('5s'));
 * app.get('/report', async (req, res) => res.json(await buildReport({ signal: req.signal })));
 */
export function timeout(time: number | string): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
	const delay = toMilliseconds(time);
	return function veloxTimeout(req: IncomingMessage, res: ServerResponse, next: Next): void {
		const request = req as SignalRequest;
		const previous = request[kTimer];
		if (previous !== undefined) clearTimeout(previous);
		else res.once('close', clearTimer);
		const timer = setTimeout(onTimeout, delay, request, res, next, delay);
		timer.unref();
		request[kTimer] = timer;
		next();
	};
}
