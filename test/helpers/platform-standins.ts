/** Stand-ins for another node's objects, for `detect` (src/core/platform/index.ts) in the platform tests. */
import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { type IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import type { Http2Surface } from '../../src/core/http2/platform';
import { nodeDetection } from '../../src/core/platform';

/** A response class whose instances lack node's header table under any symbol. */
export class NoTableResponse extends ServerResponse {
	constructor(req: IncomingMessage) {
		super(req);
		for (const key of Object.getOwnPropertySymbols(this)) if (key === nodeDetection.headerTable) delete (this as unknown as Record<symbol, unknown>)[key];
	}
}

/** A server keeping the classes it was given where no symbol holds them. */
export class ElsewhereServer {
	readonly options: http.ServerOptions;
	constructor(options: http.ServerOptions) {
		this.options = options;
	}
}

/** node's HTTP/2 response with `setHeader`, `getHeader` and `removeHeader` wrapped, as an agent preloaded with `-r` would. */
class WrappedHttp2Response extends http2.Http2ServerResponse {}
for (const method of ['setHeader', 'getHeader', 'removeHeader'] as const) {
	const original = http2.Http2ServerResponse.prototype[method] as (this: http2.Http2ServerResponse, ...args: unknown[]) => unknown;
	Object.defineProperty(WrappedHttp2Response.prototype, method, {
		configurable: true,
		writable: true,
		value: function wrapped(this: http2.Http2ServerResponse, ...args: unknown[]): unknown {
			return original.apply(this, args);
		},
	});
}

/** An http2 module whose responses' header methods are wrapped (the header map's probe must see through them). */
export const wrappedHttp2Methods: Http2Surface = {
	createServer: () => http2.createServer(),
	Http2ServerRequest: http2.Http2ServerRequest,
	Http2ServerResponse: WrappedHttp2Response,
};

/** An http2 module whose servers keep neither options nor node's compatibility listener where the seam looks, and whose responses' header methods are wrapped: every HTTP/2 feature off. */
export const noCompatHttp2: Http2Surface = {
	createServer: () => new EventEmitter(),
	Http2ServerRequest: http2.Http2ServerRequest,
	Http2ServerResponse: WrappedHttp2Response,
};
