/**
 * The raw-socket client of the tests, for where the bytes matter: requests are
 * written exactly as given (bad framing, split parts, pipelining, half-close) and
 * responses parsed from the byte stream by one parser (`parseResponse`:
 * Content-Length, chunked, or delimited by the close). Three forms:
 * - `rawRequest`: one payload on a fresh socket, the first answer, how the connection ended and when;
 * - `runConnection`: a script of requests on one connection, sequential or pipelined;
 * - `RawClient`: a connection driven step by step (stall, abort, reuse).
 * For well-formed requests use `send` (client.ts).
 *
 * @example
 * const result = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
 */
import net from 'node:net';

export interface ScriptedRequest {
	/** The request exactly as written (head and body). */
	bytes: Buffer;
	/** A HEAD request: its response has no body whatever its headers say. */
	head: boolean;
	/** Half-close the connection after writing this request (a client that stops mid-body). */
	endAfter?: boolean;
}

export interface ConnectionScript {
	requests: ScriptedRequest[];
	pipelined: boolean;
}

export interface ParsedResponse {
	statusLine: string;
	status: number;
	/** Header lines as received, in order: [name, value]. */
	headers: Array<[string, string]>;
	body: Buffer;
}

export type ConnectionEnd = 'closed by server' | 'open' | 'reset' | 'timeout';

export interface ConnectionResult {
	responses: ParsedResponse[];
	end: ConnectionEnd;
	/** Bytes after the last whole response (a partial response cut by the close). */
	trailing: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** A response head: the status line, its header lines as sent, and the same as lower-case [name, value] pairs. */
interface ResponseHead {
	statusLine: string;
	status: number;
	/** Header lines as received (without the status line). */
	lines: string[];
	/** [name lower-cased, value trimmed], in order. */
	headers: Array<[string, string]>;
	/** Where the body starts in the data. */
	bodyStart: number;
}

/** The head of the response at `offset`; null while `data` does not hold it whole. */
function parseHead(data: Buffer, offset = 0): ResponseHead | null {
	const headEnd = data.indexOf(CRLF2, offset);
	if (headEnd === -1) return null;
	const all = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
	const statusLine = all[0];
	const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? -1);
	const lines = all.slice(1);
	const headers: Array<[string, string]> = lines.map((line) => {
		const colon = line.indexOf(':');
		return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
	});
	return { statusLine, status, lines, headers, bodyStart: headEnd + 4 };
}

function headerValue(head: ResponseHead, name: string): string | undefined {
	return head.headers.find(([n]) => n === name)?.[1];
}

/**
 * Parses one whole response at `offset` (Content-Length, chunked, or delimited by the close);
 * null when `data` does not hold it whole yet (unless `ended`: then a close-delimited body runs to the end).
 */
function parseResponse(data: Buffer, offset: number, head: boolean, ended: boolean): { response: ParsedResponse; next: number } | null {
	const parsed = parseHead(data, offset);
	if (parsed === null) return null;
	const { statusLine, status, headers } = parsed;
	let bodyStart = parsed.bodyStart;
	if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) {
		return { response: { statusLine, status, headers, body: Buffer.alloc(0) }, next: bodyStart };
	}
	if ((headerValue(parsed, 'transfer-encoding') ?? '').toLowerCase().includes('chunked')) {
		const parts: Buffer[] = [];
		for (;;) {
			const lineEnd = data.indexOf('\r\n', bodyStart, 'latin1');
			if (lineEnd === -1) return null;
			const size = Number.parseInt(data.subarray(bodyStart, lineEnd).toString('latin1'), 16);
			if (Number.isNaN(size)) return null;
			if (size === 0) {
				const trailerEnd = data.indexOf(CRLF2, lineEnd);
				if (trailerEnd === lineEnd) return { response: { statusLine, status, headers, body: Buffer.concat(parts) }, next: lineEnd + 4 };
				if (data.length < lineEnd + 4) return null;
				// Trailers: up to the blank line.
				if (trailerEnd === -1) return null;
				return { response: { statusLine, status, headers, body: Buffer.concat(parts) }, next: trailerEnd + 4 };
			}
			if (data.length < lineEnd + 2 + size + 2) return null;
			parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
			bodyStart = lineEnd + 2 + size + 2;
		}
	}
	const length = headerValue(parsed, 'content-length');
	if (length !== undefined) {
		const end = bodyStart + Number(length);
		if (data.length < end) return null;
		return { response: { statusLine, status, headers, body: data.subarray(bodyStart, end) }, next: end };
	}
	// Delimited by the close.
	if (!ended) return null;
	return { response: { statusLine, status, headers, body: data.subarray(bodyStart) }, next: data.length };
}

// --- One payload, the first answer

export interface RawResult {
	/** Status code of the first response, 0 when none arrived. */
	status: number;
	/** Header lines of the first response (without the status line), as sent. */
	headerLines: string[];
	/** Everything received, latin1. */
	raw: string;
	/** The body of the first response, latin1 (complete when `complete`). */
	body: string;
	/** The first response was received whole. */
	complete: boolean;
	/** The server ended or closed the connection. */
	closedByServer: boolean;
	timedOut: boolean;
	elapsedMs: number;
}

export interface RawOptions {
	/** Give up after this long (default 3000 ms). */
	timeoutMs?: number;
	/** Resolve once the status line and headers are in, not waiting for the body. */
	headOnly?: boolean;
	/** Keep waiting after the first response until the server closes (or the timeout). */
	untilClose?: boolean;
	/** Half-close (FIN) after writing: a client that has said all it will. */
	halfClose?: boolean;
	/** Destroy the socket after writing, without waiting for an answer (mid-request disconnect). */
	abortAfterWrite?: boolean;
	/** Delay between the parts of `payload` in ms (default 0). */
	partDelayMs?: number;
	/** HEAD request: the response has no body whatever its headers say. */
	isHead?: boolean;
}

/** The body of the first response as far as received, latin1: `Content-Length` bytes, else all that came. */
function bodyOf(data: Buffer, head: ResponseHead): string {
	const length = headerValue(head, 'content-length');
	const rest = data.subarray(head.bodyStart).toString('latin1');
	return length !== undefined ? rest.slice(0, Number(length)) : rest;
}

/**
 * Sends `payload` (one or several parts) on a fresh socket and reads the answer.
 * Never rejects: connection errors count as a close by the server.
 *
 * @example
 * const result = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
 */
export function rawRequest(port: number, payload: string | Buffer | (string | Buffer)[], options: RawOptions = {}): Promise<RawResult> {
	const parts = Array.isArray(payload) ? payload : [payload];
	const timeoutMs = options.timeoutMs ?? 3000;
	const started = Date.now();
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let data = Buffer.alloc(0);
		let settled = false;
		let closedByServer = false;
		const finish = (timedOut: boolean): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			socket.destroy();
			const head = parseHead(data);
			resolve({
				status: head === null ? 0 : head.status,
				headerLines: head === null ? [] : head.lines,
				raw: data.toString('latin1'),
				body: head === null ? '' : bodyOf(data, head),
				complete: parseResponse(data, 0, options.isHead === true, closedByServer) !== null,
				closedByServer,
				timedOut,
				elapsedMs: Date.now() - started,
			});
		};
		const timer = setTimeout(() => finish(true), timeoutMs);
		socket.on('data', (chunk: Buffer) => {
			data = Buffer.concat([data, chunk]);
			if (options.untilClose) return;
			if (options.headOnly ? parseHead(data) !== null : parseResponse(data, 0, options.isHead === true, false) !== null) finish(false);
		});
		socket.on('end', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('close', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('error', () => {
			closedByServer = true;
			finish(false);
		});
		socket.on('connect', async () => {
			for (let i = 0; i < parts.length; i++) {
				if (settled) return;
				if (i > 0 && options.partDelayMs) await new Promise((r) => setTimeout(r, options.partDelayMs));
				const part = parts[i];
				socket.write(typeof part === 'string' ? Buffer.from(part, 'latin1') : part);
			}
			if (options.halfClose) socket.end();
			if (options.abortAfterWrite) setTimeout(() => finish(false), 5);
		});
	});
}

/** A GET request with `Connection: close`, the target sent byte for byte. */
export function get(target: string, headers: Record<string, string> = {}): string {
	let text = 'GET ' + target + ' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n';
	for (const name of Object.keys(headers)) text += name + ': ' + headers[name] + '\r\n';
	return text + '\r\n';
}

/** Header lines whose value differs from what a well-formed server would send: the signature of a split header. */
export function headerNames(result: RawResult): string[] {
	return result.headerLines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

// --- A scripted connection

/**
 * Runs the script on a fresh connection to 127.0.0.1:`port`. Never rejects.
 * After the last expected response it waits `settleMs` for the server's close
 * (a `Connection: close` answer) before calling the connection still open.
 */
export function runConnection(port: number, script: ConnectionScript, timeoutMs = 4000, settleMs = 30): Promise<ConnectionResult> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		const requests = script.requests;
		let data = Buffer.alloc(0);
		let offset = 0;
		const responses: ParsedResponse[] = [];
		let written = 0;
		let settled = false;
		let ended = false;
		let settleTimer: NodeJS.Timeout | undefined;

		const finish = (end: ConnectionEnd): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			clearTimeout(settleTimer);
			socket.destroy();
			resolve({ responses, end, trailing: data.length - offset });
		};
		const timer = setTimeout(() => finish('timeout'), timeoutMs);

		const write = (index: number): void => {
			const request = requests[index];
			written = index + 1;
			socket.write(request.bytes);
			if (request.endAfter) socket.end();
		};
		const parse = (): void => {
			while (responses.length < requests.length) {
				const parsed = parseResponse(data, offset, requests[responses.length].head, ended);
				if (parsed === null) break;
				responses.push(parsed.response);
				offset = parsed.next;
			}
		};
		const progress = (): void => {
			parse();
			if (responses.length >= requests.length) {
				// A `Connection: close` answer is followed by the server's close: wait for it (the
				// timeout catches a server that keeps the connection anyway); otherwise give a
				// close that comes without that header `settleMs` to arrive.
				const last = responses[responses.length - 1];
				// A client that half-closed is always closed by the server once it has answered.
				const closing =
					last.headers.some(([name, value]) => name === 'connection' && value.toLowerCase() === 'close') || requests.some((request) => request.endAfter);
				if (settleTimer === undefined && !closing) settleTimer = setTimeout(() => finish('open'), settleMs);
				return;
			}
			if (!script.pipelined && responses.length === written && written < requests.length && !requests[written - 1].endAfter) write(written);
		};

		socket.on('connect', () => {
			if (script.pipelined) {
				for (let i = 0; i < requests.length; i++) {
					write(i);
					if (requests[i].endAfter) break;
				}
			} else {
				write(0);
			}
		});
		socket.on('data', (chunk: Buffer) => {
			data = Buffer.concat([data, chunk]);
			progress();
		});
		socket.on('end', () => {
			ended = true;
			parse();
			finish('closed by server');
		});
		socket.on('error', () => {
			ended = true;
			parse();
			finish('reset');
		});
		socket.on('close', () => {
			ended = true;
			parse();
			finish('closed by server');
		});
	});
}

// --- A connection driven step by step

/** One HTTP response read off a raw socket. */
export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
}

/**
 * A client on a raw TCP socket: writes bytes as given and reads responses one by one,
 * so tests can stall, abort, pipeline and reuse a connection. Every wait has a timeout.
 */
export class RawClient {
	readonly socket: net.Socket;
	#buffer = Buffer.alloc(0);
	#received = '';
	#closed = false;
	#waiters: (() => void)[] = [];

	private constructor(socket: net.Socket) {
		this.socket = socket;
		socket.on('data', (chunk: Buffer) => {
			this.#buffer = Buffer.concat([this.#buffer, chunk]);
			this.#received += chunk.toString('latin1');
			this.#wake();
		});
		socket.on('close', () => {
			this.#closed = true;
			this.#wake();
		});
		socket.on('error', () => {});
	}

	static connect(port: number): Promise<RawClient> {
		return new Promise((resolve, reject) => {
			const socket = net.connect(port, '127.0.0.1', () => resolve(new RawClient(socket)));
			socket.once('error', reject);
		});
	}

	get closed(): boolean {
		return this.#closed;
	}

	/** Everything the server has sent so far, latin1 (responses read with `response` included). */
	get received(): string {
		return this.#received;
	}

	write(data: string | Buffer): void {
		this.socket.write(data);
	}

	#wake(): void {
		const waiters = this.#waiters;
		this.#waiters = [];
		for (const wake of waiters) wake();
	}

	async #until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const value = check();
			if (value !== undefined) return value;
			const left = deadline - Date.now();
			if (left <= 0) throw new Error('timed out waiting for ' + what);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left);
				this.#waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** The next complete response, within `timeoutMs`. */
	response(timeoutMs = 2000): Promise<RawResponse> {
		return this.#until(
			() => {
				const parsed = parseResponse(this.#buffer, 0, false, this.#closed);
				if (parsed === null) {
					if (this.#closed) throw new Error('connection closed before a whole response');
					return undefined;
				}
				this.#buffer = this.#buffer.subarray(parsed.next);
				const { status, headers, body } = parsed.response;
				return { status, headers: Object.fromEntries(headers), body: body.toString('utf8') };
			},
			timeoutMs,
			'a response',
		);
	}

	/** Resolves to `received` once it matches `pattern`, within `timeoutMs`. */
	until(pattern: RegExp, timeoutMs = 3000): Promise<string> {
		return this.#until(() => (pattern.test(this.#received) ? this.#received : undefined), timeoutMs, pattern + ' in ' + JSON.stringify(this.#received));
	}

	/** Resolves once the server has sent anything, within `timeoutMs`. */
	data(timeoutMs = 2000): Promise<true> {
		return this.#until(() => (this.#buffer.length > 0 ? true : undefined), timeoutMs, 'data');
	}

	/** Resolves once the server has closed the connection, within `timeoutMs`. */
	waitClosed(timeoutMs = 2000): Promise<true> {
		return this.#until(() => (this.#closed ? true : undefined), timeoutMs, 'the connection to close');
	}

	destroy(): void {
		this.socket.destroy();
	}
}
