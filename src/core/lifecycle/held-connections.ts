/**
 * Long-lived exchanges a server holds open — WebSockets (ws.ts), event
 * streams (sse.ts) — and how to end each one when `velox.shutdown` stops the
 * server (shutdown.ts): first politely (a WebSocket close frame 1001, the end
 * of an event stream), then, at the shutdown's deadline, by force.
 *
 * The registry is a symbol on the server, so nothing here loads shutdown.ts
 * and a server without such exchanges carries nothing.
 */

/** Ends one exchange: `force` false at the start of a shutdown, true at its deadline. */
export type Closer = (force: boolean) => void;

const kHeld: unique symbol = Symbol('velox.heldConnections');

interface Held {
	closing: boolean;
	closers: Set<Closer>;
}

type HoldingServer = object & { [kHeld]?: Held };

/**
 * Registers `closer` for `server`; returns the function that forgets it (call it when the
 * exchange ends by itself). During a shutdown the closer runs at once.
 */
export function holdConnection(server: unknown, closer: Closer): () => void {
	if (typeof server !== 'object' || server === null || !Object.isExtensible(server)) return noop;
	const holding = server as HoldingServer;
	let held = holding[kHeld];
	if (held === undefined) {
		held = { closing: false, closers: new Set() };
		holding[kHeld] = held;
	}
	if (held.closing) {
		closer(false);
		return noop;
	}
	const closers = held.closers;
	closers.add(closer);
	return () => {
		closers.delete(closer);
	};
}

/** Whether `velox.shutdown` has begun on `server`. */
export function isClosing(server: unknown): boolean {
	return typeof server === 'object' && server !== null && (server as HoldingServer)[kHeld]?.closing === true;
}

/** Called by shutdown.ts: runs every closer of `server` (and, from now on, of exchanges registered later). */
export function closeHeld(server: object, force: boolean): void {
	const holding = server as HoldingServer;
	let held = holding[kHeld];
	if (held === undefined) {
		if (!Object.isExtensible(server)) return;
		held = { closing: true, closers: new Set() };
		holding[kHeld] = held;
		return;
	}
	held.closing = true;
	for (const closer of [...held.closers]) {
		if (force) held.closers.delete(closer);
		closer(force);
	}
}

function noop(): void {}
