/**
 * The platform seam's header stores: the headers `res.send` and the final handler always set go
 * straight into node's header table of the response (HTTP/1.1) or its header map (HTTP/2), as
 * `setHeader` stores them, without its checks; else `setHeader`. Each store is found by probing
 * (`findHeaderTable` here, the HTTP/2 map in http2/platform.ts) and put in force by the seam's entry.
 */
import type { ServerResponse } from 'http';
import { callSites } from '../base/call-sites';
import type { HeaderMethods, HeaderTable, Http2Headers, NodeSurface, Outgoing, ResponseHeaderMethods } from './surface';

/**
 * An empty header table V8 keeps in fast mode (node's `{ __proto__: null }` starts as a
 * dictionary), with a prototype that has no prototype: unset names read `undefined`, as in node's.
 */
// The one bridge here: TypeScript gives a function expression no construct signature.
const FastTable = function HeaderTable(): void {} as unknown as new () => HeaderTable;
FastTable.prototype = Object.create(null);

// The HTTP/1.1 table in force (`useHeaderTable`); read on every response.
let headerTableKey: symbol | undefined;
let nodeSetHeader: HeaderMethods['setHeader'];
let nodeGetHeader: HeaderMethods['getHeader'];
let nodeRemoveHeader: HeaderMethods['removeHeader'];

/** Puts node's header table key and its surface's header methods in force (platform/index.ts). */
export function useHeaderTable(key: symbol | undefined, methods: Readonly<HeaderMethods>): void {
	headerTableKey = key;
	nodeSetHeader = methods.setHeader;
	nodeGetHeader = methods.getHeader;
	nodeRemoveHeader = methods.removeHeader;
}

// The HTTP/2 map in force (`useHttp2HeaderMap`, from the first HTTP/2 request on).
let http2HeadersKey: symbol | undefined;
let nodeHttp2SetHeader: ResponseHeaderMethods['setHeader'] | undefined;
let nodeHttp2GetHeader: ResponseHeaderMethods['getHeader'] | undefined;
let nodeHttp2RemoveHeader: ResponseHeaderMethods['removeHeader'] | undefined;
/** Velox's HTTP/2 `setHeader` (http2/index.ts: connection headers dropped, then node's). */
let veloxHttp2SetHeader: unknown;
/** node's `Http2ServerResponse.prototype`, whose `setHeader` a late wrapper replaces. */
let nodeHttp2Response: ResponseHeaderMethods | undefined;

/** Puts an HTTP/2 header map key, its surface's methods and node's response prototype in force (http2/platform.ts). */
export function useHttp2HeaderMap(key: symbol | undefined, methods: Readonly<ResponseHeaderMethods>, nodeResponse: ResponseHeaderMethods): void {
	http2HeadersKey = key;
	nodeHttp2SetHeader = methods.setHeader;
	nodeHttp2GetHeader = methods.getHeader;
	nodeHttp2RemoveHeader = methods.removeHeader;
	nodeHttp2Response = nodeResponse;
}

/** Velox's HTTP/2 `setHeader`, which a response must still have for a direct store (http2/platform.ts). */
export function useVeloxHttp2SetHeader(setHeader: unknown): void {
	veloxHttp2SetHeader = setHeader;
}

/** The header every probe sets (lower case, as the stores hold it). */
export const PROBE = 'x-velox-probe';

/**
 * node's key of the header table, found by what `setHeader` stores (not by its name), then checked
 * to behave as node's table for a direct store: every reader of headers and the head node writes.
 */
export function findHeaderTable(surface: NodeSurface): symbol | string {
	try {
		const found = new surface.ServerResponse(new surface.IncomingMessage(null as never)) as Outgoing;
		found.setHeader('X-Velox-Probe', '1');
		const key = Object.getOwnPropertySymbols(found).find((symbol) => (found[symbol] as HeaderTable | null)?.[PROBE]?.[0] === 'X-Velox-Probe');
		if (key === undefined) return 'setHeader stores no symbol-keyed table';
		if (!headerMethodsAreNodes(surface, key)) return 'setHeader, getHeader or removeHeader is wrapped (loaded before Velox)';
		const probe = new surface.ServerResponse(new surface.IncomingMessage(null as never)) as Outgoing;
		if (probe[key] !== null || probe._header !== null) return 'a new response has a table or a head already';
		const table = new FastTable();
		table['content-length'] = ['Content-Length', '12'];
		probe[key] = table;
		probe.setHeader('ETag', '"x"');
		probe.setHeader(PROBE, '1');
		probe.removeHeader(PROBE);
		const same =
			probe.getHeader('content-length') === '12' &&
			probe.hasHeader('Content-Length') &&
			!probe.hasHeader('constructor') &&
			probe.getHeaderNames().join() === 'content-length,etag' &&
			probe.getRawHeaderNames().join() === 'Content-Length,ETag';
		// No Date: node's date cache (a timer) would start at load, not with the first response.
		probe.sendDate = false;
		probe.writeHead(200);
		// The head node builds from the table (its for…in walk).
		const head = probe._header ?? '';
		if (!same) return 'a direct store is not read back as setHeader stores';
		return head.includes('\r\nContent-Length: 12\r\nETag: "x"\r\n') ? key : 'a direct store is not written in the head';
	} catch (err) {
		return `the probe threw: ${err instanceof Error ? err.message : String(err)}`;
	}
}

/**
 * Whether `setHeader`, `getHeader` and `removeHeader` reach the table with only node's own code in
 * between: a wrapper installed before Velox loaded (an agent preloaded with `-r`) must keep seeing
 * every call, and its identity cannot tell it from node's. Seen from a proxy standing in for the
 * table, through the call sites of V8's stack API (node's modules are `node:` files).
 */
function headerMethodsAreNodes(surface: NodeSurface, key: symbol): boolean {
	return reachedThroughNodeOnly(new surface.ServerResponse(new surface.IncomingMessage(null as never)), key);
}

/**
 * Puts a proxy in `holder[key]`, then sets, gets and removes the probe header through `holder`'s
 * methods: whether all three reached the proxy with only node's code between.
 */
export function reachedThroughNodeOnly(holder: ResponseHeaderMethods, key: symbol): boolean {
	const reached = new Set<string>();
	let direct = true;
	const note = (kind: string, name: string | symbol): void => {
		if (name !== PROBE) return;
		reached.add(kind);
		if (!calledThroughNodeOnly()) direct = false;
	};
	(holder as Record<symbol, unknown>)[key] = new Proxy(Object.create(null) as Record<string | symbol, unknown>, {
		set(target, name, value) {
			note('set', name);
			return Reflect.set(target, name, value);
		},
		get(target, name) {
			note('get', name);
			return Reflect.get(target, name);
		},
		deleteProperty(target, name) {
			note('delete', name);
			return Reflect.deleteProperty(target, name);
		},
	});
	holder.setHeader('X-Velox-Probe', '1');
	holder.getHeader('X-Velox-Probe');
	holder.removeHeader('X-Velox-Probe');
	return direct && reached.size === 3;
}

/**
 * Called from a proxy trap above: whether every frame between the trap and the probe that called
 * a header method belongs to node's own modules.
 */
function calledThroughNodeOnly(): boolean {
	const sites = callSites(16, calledThroughNodeOnly);
	// The trap's frames (this file), then node's method, then the probe (this file again).
	const own = sites[0]?.getFileName();
	let i = 0;
	while (i < sites.length && sites[i].getFileName() === own) i++;
	const first = i;
	for (; i < sites.length; i++) {
		const file = sites[i].getFileName();
		if (file === own) return i > first;
		if (typeof file !== 'string' || !file.startsWith('node:')) return false;
	}
	return false;
}

/**
 * The table `setHeader` would store into, for a direct store; undefined when `setHeader` must be
 * called: no table found, the head already written, or `setHeader` replaced (on the instance, on
 * a prototype, after Velox loaded).
 */
function writableTable(res: ServerResponse): HeaderTable | undefined {
	const holder = res as Outgoing;
	if (headerTableKey === undefined || holder._header !== null || res.setHeader !== nodeSetHeader) return undefined;
	let table = holder[headerTableKey] as HeaderTable | null;
	if (table === null) {
		table = new FastTable();
		holder[headerTableKey] = table;
	}
	return table;
}

/** The table `getHeader` reads (null: no header set yet); undefined when `getHeader` must be called. */
function readableTable(res: ServerResponse): HeaderTable | null | undefined {
	if (headerTableKey === undefined || res.getHeader !== nodeGetHeader) return undefined;
	return ((res as Outgoing)[headerTableKey] as HeaderTable | null | undefined) ?? null;
}

/**
 * The HTTP/2 response's header map for a direct store; undefined when `setHeader` must be called:
 * not an HTTP/2 response, no map found, the head already sent (node's `setHeader` throws), or
 * `setHeader` not Velox's over node's own (replaced on the instance, on a prototype, or node's
 * wrapped after the detection).
 */
function writableHttp2Headers(res: ServerResponse): Http2Headers | undefined {
	const key = http2HeadersKey;
	if (key === undefined) return undefined;
	const map = (res as Outgoing)[key] as Http2Headers | undefined;
	if (map === undefined || res.setHeader !== veloxHttp2SetHeader || nodeHttp2Response!.setHeader !== nodeHttp2SetHeader || res.headersSent) return undefined;
	return map;
}

/** The map `getHeader` reads on an HTTP/2 response; undefined when `getHeader` must be called. */
function readableHttp2Headers(res: ServerResponse): Http2Headers | undefined {
	const key = http2HeadersKey;
	if (key === undefined || res.getHeader !== nodeHttp2GetHeader) return undefined;
	return (res as Outgoing)[key] as Http2Headers | undefined;
}

// One function per header, each naming its key: V8 then gives every store and load its own inline
// cache, where a shared `table[lower]` would be one megamorphic keyed access (docs/design.md).

// Over HTTP/2 the same stores go into node's header map of the response (`writableHttp2Headers`),
// which holds values under lower-cased names, as its `setHeader` stores them.

/** `res.setHeader('Content-Type', value)` for a valid `value`. */
export function setContentType(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table['content-type'] = ['Content-Type', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('Content-Type', value);
		else map['content-type'] = value;
	}
}

/** `res.setHeader('Content-Length', value)` for a length (a number stays a number, as with `setHeader`). */
export function setContentLength(res: ServerResponse, value: string | number): void {
	const table = writableTable(res);
	if (table !== undefined) table['content-length'] = ['Content-Length', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('Content-Length', value);
		else map['content-length'] = value;
	}
}

/** `res.setHeader('ETag', value)` for an ETag Velox computed. */
export function setETag(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table.etag = ['ETag', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('ETag', value);
		else map.etag = value;
	}
}

/** `res.setHeader('X-Powered-By', value)` for a constant `value`. */
export function setPoweredBy(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table !== undefined) table['x-powered-by'] = ['X-Powered-By', value];
	else {
		const map = writableHttp2Headers(res);
		if (map === undefined) res.setHeader('X-Powered-By', value);
		else map['x-powered-by'] = value;
	}
}

/**
 * Puts `date` into an HTTP/2 response's header map, as the head is about to be sent, when nothing
 * set it: the value node would add itself (http2/index.ts says why Velox adds it). Returns the map
 * when it did, for the caller to take it out again once node has sent the head; else undefined.
 */
export function addHttp2Date(res: ServerResponse, date: string): Http2Headers | undefined {
	const map = writableHttp2Headers(res);
	if (map === undefined || map.date !== undefined) return undefined;
	map.date = date;
	return map;
}

/** `res.getHeader('content-type')`. */
export function getContentType(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table !== undefined) {
		const entry = table === null ? undefined : table['content-type'];
		return entry === undefined ? undefined : entry[1];
	}
	const map = readableHttp2Headers(res);
	return map === undefined ? res.getHeader('content-type') : map['content-type'];
}

/** `res.getHeader('etag')`. */
export function getETag(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table !== undefined) {
		const entry = table === null ? undefined : table.etag;
		return entry === undefined ? undefined : entry[1];
	}
	const map = readableHttp2Headers(res);
	return map === undefined ? res.getHeader('etag') : map.etag;
}

/** `res.getHeader('transfer-encoding')` (Velox 5's `res.send` leaves Content-Length out when one is set). */
export function getTransferEncoding(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table !== undefined) {
		const entry = table === null ? undefined : table['transfer-encoding'];
		return entry === undefined ? undefined : entry[1];
	}
	const map = readableHttp2Headers(res);
	return map === undefined ? res.getHeader('transfer-encoding') : map['transfer-encoding'];
}

/**
 * The final handler's removal of Content-Encoding, Content-Language and Content-Range: none has a
 * meaning of its own to node's `removeHeader`, so when none is set there is nothing to call.
 */
export function removeErrorPageHeaders(res: ServerResponse): void {
	const holder = res as Outgoing;
	if (headerTableKey !== undefined && holder._header === null && res.removeHeader === nodeRemoveHeader) {
		const table = holder[headerTableKey] as HeaderTable | null;
		if (table === null || (table['content-encoding'] === undefined && table['content-language'] === undefined && table['content-range'] === undefined)) return;
	} else if (res.removeHeader === nodeHttp2RemoveHeader && !res.headersSent) {
		const map = readableHttp2Headers(res);
		if (map !== undefined && map['content-encoding'] === undefined && map['content-language'] === undefined && map['content-range'] === undefined) return;
	}
	res.removeHeader('Content-Encoding');
	res.removeHeader('Content-Language');
	res.removeHeader('Content-Range');
}

/** The final handler's `Content-Security-Policy: default-src 'none'` and `X-Content-Type-Options: nosniff`. */
export function setErrorPageHeaders(res: ServerResponse): void {
	const table = writableTable(res);
	if (table !== undefined) {
		table['content-security-policy'] = ['Content-Security-Policy', "default-src 'none'"];
		table['x-content-type-options'] = ['X-Content-Type-Options', 'nosniff'];
		return;
	}
	const map = writableHttp2Headers(res);
	if (map !== undefined) {
		map['content-security-policy'] = "default-src 'none'";
		map['x-content-type-options'] = 'nosniff';
		return;
	}
	res.setHeader('Content-Security-Policy', "default-src 'none'");
	res.setHeader('X-Content-Type-Options', 'nosniff');
}
