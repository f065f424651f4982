// biome-ignore-all lint/suspicious/noExplicitAny: the type parameters must repeat the Request declaration, which mirrors @types/express
/**
 * Types of the members beyond Express 4 (docs/api/http2.md, shutdown.md,
 * timeouts.md), kept apart from the Express-shaped types: `req.signal` on
 * `Request`, and the option and error shapes of `velox.shutdown` and
 * `velox.timeout`.
 */
export type { ShutdownOnSignalOptions, ShutdownOptions } from '../lifecycle/shutdown';
export type { ClientClosedError, TimeoutError } from '../lifecycle/timeout';

declare module 'express-serve-static-core' {
	interface Request<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> {
		/**
		 * Aborts when the client goes away before the response finished, or when
		 * `velox.timeout` fires (its reason is then the 503 `TimeoutError`).
		 * Made on first read. Pass it to `fetch`, database drivers, timers.
		 *
		 * @example
		 * const data = await fetch(upstream, { signal: req.signal });
		 *
		 * Typed optional although every Velox request has it: a required member that
		 * @types/express's Request lacks would make handlers typed with Velox's types
		 * unassignable where @types/express handlers are expected (wrappers typed against
		 * @types/express, see docs/design.md, Public types).
		 */
		readonly signal?: AbortSignal;
	}
}
