/**
 * The response prototype (`velox.response`): node's ServerResponse plus
 * Express 4's members. Each app's `app.response` inherits it.
 */
import { ServerResponse } from 'node:http';

export const response: Record<string | symbol, unknown> = Object.create(ServerResponse.prototype);

// `res.locals` is created on first use rather than for every request.
Object.defineProperty(response, 'locals', {
	configurable: true,
	enumerable: true,
	get(this: ServerResponse): unknown {
		const locals = Object.create(null);
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value: locals });
		return locals;
	},
	set(this: ServerResponse, value: unknown): void {
		Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
	},
});
