/**
 * The headers `res.send` sets on every response (Content-Type, Content-Length,
 * ETag), stored the way node's own `setHeader` stores them, without its
 * per-call checks.
 *
 * Measured (in-process, node 20, the machine shared): four `setHeader` calls
 * cost 3–4× the same four stores made directly — each call validates the
 * name against the token grammar, the value against the header-character
 * grammar, and lower-cases the name. For names that are constants and
 * values Velox made itself (a decimal length, a hash, a MIME type from its
 * own table) those checks cannot fail, so they are skipped.
 *
 * Nothing observable changes:
 * - the store is node's own table (`getHeader`, `getHeaders`, `hasHeader`,
 *   `removeHeader`, `writeHead` and the head node writes read it as if
 *   `setHeader` had been called), checked once at startup on a real
 *   ServerResponse: if this node stores headers differently, every call goes
 *   through `setHeader`;
 * - a response whose `setHeader` was replaced or wrapped (by a middleware,
 *   a test spy, an agent patching the prototype before or after Velox
 *   loads) gets the call, as in Express;
 * - once the head is sent, `setHeader` runs and throws ERR_HTTP_HEADERS_SENT
 *   exactly as Express's `res.set` would.
 */
import { IncomingMessage, ServerResponse } from 'http';

type HeaderTable = Record<string, [string, string | number | readonly string[]]>;
/**
 * A response with the internals of node's OutgoingMessage read here, which @types/node does not
 * declare: the head once written (null before), the header table under node's symbol, and
 * `getRawHeaderNames` (the startup check).
 */
type OutgoingFields = ServerResponse & {
	_header: string | null;
	getRawHeaderNames(): string[];
	[table: symbol]: HeaderTable | null;
};

/**
 * An empty header table in V8's fast mode: node makes its table with
 * `{ __proto__: null }`, a dictionary from the start; an instance of this
 * constructor gets named properties along one shared chain of hidden classes
 * (X-Powered-By, Content-Type, Content-Length, ETag in the same order on
 * every response), cheaper to fill and to walk when node writes the head.
 * Measured (new ServerResponse, the four headers of a `res.send`, `writeHead`;
 * medians of 9, shared machine): 9.9 µs with node's table, 4.2 µs with this
 * one; in bench/micro.js a hello request went from 1.20× raw node's CPU to
 * 1.01×. Its prototype is an empty object with no prototype of its own, so a lookup
 * of any name that was not set is `undefined`, as in node's table
 * (`hasHeader('constructor')` is false).
 */
// The one bridge here: TypeScript gives a function expression no construct signature.
const FastTable = function HeaderTable(): void {} as unknown as new () => object;
FastTable.prototype = Object.create(null);

const nodeSetHeader = ServerResponse.prototype.setHeader;
const nodeGetHeader = ServerResponse.prototype.getHeader;
const nodeRemoveHeader = ServerResponse.prototype.removeHeader;

/** Node's symbol for the header table of an outgoing message, or undefined when it cannot be used. */
const kOutHeaders: symbol | undefined = findHeaderTable();

function findHeaderTable(): symbol | undefined {
	// A `setHeader` wrapped before Velox loaded (an APM agent preloaded with
	// `-r`, say) must keep seeing every call: node's own has this check in it.
	if (!Function.prototype.toString.call(nodeSetHeader).includes('validateHeaderName')) return undefined;
	try {
		const probe = new ServerResponse(new IncomingMessage(null as never));
		const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'kOutHeaders');
		if (symbol === undefined) return undefined;
		const table = new FastTable() as HeaderTable;
		table['content-length'] = ['Content-Length', '12'];
		(probe as OutgoingFields)[symbol] = table;
		probe.setHeader('ETag', '"x"');
		const same =
			probe.getHeader('content-length') === '12' &&
			probe.hasHeader('Content-Length') &&
			!probe.hasHeader('constructor') &&
			probe.getHeaderNames().join() === 'content-length,etag' &&
			(probe as OutgoingFields).getRawHeaderNames().join() === 'Content-Length,ETag';
		// The head node builds from the table (its for…in walk).
		probe.writeHead(200);
		const head = (probe as OutgoingFields)._header ?? '';
		return same && head.includes('\r\nContent-Length: 12\r\nETag: "x"\r\n') ? symbol : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The table `setHeader` would store into, for a direct store; undefined when `setHeader` must be
 * called (no usable table symbol, the head already written, or `setHeader` replaced). `_header`
 * is what the `headersSent` getter reads; the table is made with the same literal as node's.
 * Measured with a new ServerResponse per iteration (medians of 9 runs, shared machine): four
 * `setHeader` calls 1.5–2.1 µs, four direct stores 0.3–0.5 µs.
 */
function writableTable(res: ServerResponse): HeaderTable | undefined {
	const holder = res as OutgoingFields;
	if (kOutHeaders === undefined || holder._header !== null || res.setHeader !== nodeSetHeader) return undefined;
	let table = holder[kOutHeaders];
	if (table === null) {
		table = new FastTable() as HeaderTable;
		holder[kOutHeaders] = table;
	}
	return table;
}

/** The table `getHeader` reads (null: no header set yet); undefined when `getHeader` must be called. */
function readableTable(res: ServerResponse): HeaderTable | null | undefined {
	if (kOutHeaders === undefined || res.getHeader !== nodeGetHeader) return undefined;
	return (res as OutgoingFields)[kOutHeaders] ?? null;
}

// The headers of every `res.send`, one function each, so that each store and load names its
// key in the code: V8 then compiles a named property access with its own inline cache at each
// site, where one shared `table[lower]` would be one keyed access for every header
// (megamorphic: ~190 instructions a store, ~240 a load, callgrind). Measured (bench/count.js:
// callgrind, 4,000 requests after 20,000, instructions per request, against one shared
// keyed setter and getter): hello 43,162 → 42,201, json 56,020 → 54,920, rest 83,358 → 82,244, notfound
// 55,499 → 54,929.

/** `res.setHeader('Content-Type', value)` for a valid `value`. */
export function setContentType(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table === undefined) res.setHeader('Content-Type', value);
	else table['content-type'] = ['Content-Type', value];
}

/** `res.setHeader('Content-Length', value)` for a length (a number stays a number, as with `setHeader`). */
export function setContentLength(res: ServerResponse, value: string | number): void {
	const table = writableTable(res);
	if (table === undefined) res.setHeader('Content-Length', value);
	else table['content-length'] = ['Content-Length', value];
}

/** `res.setHeader('ETag', value)` for an ETag Velox computed. */
export function setETag(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table === undefined) res.setHeader('ETag', value);
	else table.etag = ['ETag', value];
}

/** `res.setHeader('X-Powered-By', value)` for a constant `value`. */
export function setPoweredBy(res: ServerResponse, value: string): void {
	const table = writableTable(res);
	if (table === undefined) res.setHeader('X-Powered-By', value);
	else table['x-powered-by'] = ['X-Powered-By', value];
}

/** `res.getHeader('content-type')`. */
export function getContentType(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table === undefined) return res.getHeader('content-type');
	const entry = table === null ? undefined : table['content-type'];
	return entry === undefined ? undefined : entry[1];
}

/** `res.getHeader('etag')`. */
export function getETag(res: ServerResponse): unknown {
	const table = readableTable(res);
	if (table === undefined) return res.getHeader('etag');
	const entry = table === null ? undefined : table.etag;
	return entry === undefined ? undefined : entry[1];
}

/**
 * The final handler's three removals (`res.removeHeader` of Content-Encoding, Content-Language,
 * Content-Range, in that order): none of them is a name node's `removeHeader` gives a meaning
 * of its own, and removing a header that is not set changes nothing, so the common case is three
 * lookups; a header that is set, a replaced `removeHeader` or a sent head gets node's call.
 */
export function removeErrorPageHeaders(res: ServerResponse): void {
	const holder = res as OutgoingFields;
	if (kOutHeaders !== undefined && holder._header === null && res.removeHeader === nodeRemoveHeader) {
		const table = holder[kOutHeaders];
		if (table === null || (table['content-encoding'] === undefined && table['content-language'] === undefined && table['content-range'] === undefined)) return;
	}
	res.removeHeader('Content-Encoding');
	res.removeHeader('Content-Language');
	res.removeHeader('Content-Range');
}

/** The final handler's `Content-Security-Policy: default-src 'none'` and `X-Content-Type-Options: nosniff`. */
export function setErrorPageHeaders(res: ServerResponse): void {
	const table = writableTable(res);
	if (table === undefined) {
		res.setHeader('Content-Security-Policy', "default-src 'none'");
		res.setHeader('X-Content-Type-Options', 'nosniff');
		return;
	}
	table['content-security-policy'] = ['Content-Security-Policy', "default-src 'none'"];
	table['x-content-type-options'] = ['X-Content-Type-Options', 'nosniff'];
}
