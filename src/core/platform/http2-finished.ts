/**
 * The platform seam's answer to on-finished's `isFinished(req)` for node's HTTP/2 compatibility
 * request, read without the proxy socket node makes for `req.socket` (Velox 5's body parsers ask
 * it of every request). Imports nothing of Velox; node's http2 module is loaded by then, as only an
 * HTTP/2 request asks.
 */
import { EventEmitter } from 'events';
import type * as Http2Module from 'http2';

/** What `http2RequestFinished` reads of node's HTTP/2 request. */
interface Http2RequestView {
	readonly readable: boolean;
	readonly upgrade?: unknown;
	readonly stream?: { readonly destroyed: boolean };
}

let proxyReadableFound: boolean | undefined;

/**
 * Whether node's proxy socket of an HTTP/2 request (`req.socket`) answers `readable` as the
 * stream not destroyed and the request readable, checked once on node's own class over a stand-in
 * stream, in every combination of the two.
 */
function proxyReadableIsRequests(http2: Pick<typeof Http2Module, 'Http2ServerRequest'>): boolean {
	const stream = Object.assign(new EventEmitter(), { destroyed: false, pause() {}, resume() {} });
	const Request = http2.Http2ServerRequest as unknown as new (
		stream: EventEmitter,
		headers: object,
		options: undefined,
		raw: string[],
	) => Http2RequestView & {
		readonly socket: { readonly readable: unknown };
	};
	const req = new Request(stream, { ':method': 'GET', ':path': '/' }, undefined, [':method', 'GET', ':path', '/']);
	for (const readable of [true, false]) {
		Object.defineProperty(req, 'readable', { configurable: true, value: readable });
		for (const destroyed of [false, true]) {
			stream.destroyed = destroyed;
			if (req.socket.readable !== (!destroyed && readable)) return false;
		}
	}
	return true;
}

/**
 * on-finished's `isFinished(req)` for an HTTP/2 request, which body-parser 2 asks of every request
 * (Velox 5's `skipsRequest`): `isFinished` reads `req.socket`, which node makes on first read as a
 * proxy over the stream: ~4,000 instructions a request with what node's listener code then costs
 * (bench/README.md, "HTTP/2's Date, and the proxy socket"). Its `readable` is the request's own
 * unless the stream is destroyed, so the answer is `req.upgrade || req.stream.destroyed ||
 * !req.readable`, read without it. Undefined, for on-finished to answer, where the probe did not
 * confirm the proxy's `readable` or `req` has no stream.
 */
export function http2RequestFinished(req: object): boolean | undefined {
	if (proxyReadableFound === undefined) {
		try {
			proxyReadableFound = proxyReadableIsRequests(require('http2') as typeof Http2Module);
		} catch {
			proxyReadableFound = false;
		}
	}
	const view = req as Http2RequestView;
	const stream = view.stream;
	if (!proxyReadableFound || typeof stream !== 'object' || stream === null) return undefined;
	return Boolean(view.upgrade || stream.destroyed || !view.readable);
}
