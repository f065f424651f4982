/**
 * One raw HTTP/1.x connection carrying several requests, sequential
 * (each written after the previous answer) or pipelined (all written at once),
 * with every response parsed out of the byte stream: status line, header
 * lines in order, body bytes (Content-Length, chunked, or until close), and
 * how the connection ended. Used by the random differential test, where
 * keep-alive reuse and pipelining are part of what is compared.
 *
 * @example
 * const result = await runConnection(port, { requests: [{ bytes: Buffer.from('GET / HTTP/1.1\r\nHost: a\r\n\r\n'), head: false }], pipelined: false });
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

/** Parses one response at `offset`; null when `data` does not hold it whole yet (unless `ended`: then to the end). */
function parseOne(data: Buffer, offset: number, head: boolean, ended: boolean): { response: ParsedResponse; next: number } | null {
	const headEnd = data.indexOf(CRLF2, offset);
	if (headEnd === -1) return null;
	const lines = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
	const statusLine = lines[0];
	const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? -1);
	const headers: Array<[string, string]> = [];
	for (const line of lines.slice(1)) {
		const colon = line.indexOf(':');
		headers.push([line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]);
	}
	const value = (name: string) => headers.find(([n]) => n === name)?.[1];
	let bodyStart = headEnd + 4;
	if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) {
		return { response: { statusLine, status, headers, body: Buffer.alloc(0) }, next: bodyStart };
	}
	if ((value('transfer-encoding') ?? '').toLowerCase().includes('chunked')) {
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
	const length = value('content-length');
	if (length !== undefined) {
		const end = bodyStart + Number(length);
		if (data.length < end) return null;
		return { response: { statusLine, status, headers, body: data.subarray(bodyStart, end) }, next: end };
	}
	// Delimited by the close.
	if (!ended) return null;
	return { response: { statusLine, status, headers, body: data.subarray(bodyStart) }, next: data.length };
}

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
				const parsed = parseOne(data, offset, requests[responses.length].head, ended);
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
