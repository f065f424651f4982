/**
 * The one HTTP client of the tests: `send` writes one request with node's own
 * client (no agent, no keep-alive) and reads the whole response. The request
 * target goes out byte for byte (malformed escapes, absolute-form, `//` and `..`
 * segments, any method), so it also serves the differential engine. For bytes
 * node's client would not write (bad framing, pipelining, half-close) use
 * `raw-socket.ts`.
 */
import http from 'node:http';
import { type Listener, listen } from './server';

export interface HttpRequest {
	method?: string;
	path: string;
	headers?: Record<string, string>;
	/** A string goes out as UTF-8; an array is written chunk by chunk (chunked transfer coding). */
	body?: string | Buffer | (string | Buffer)[];
}

export interface HttpResponse {
	status: number;
	statusMessage: string;
	headers: http.IncomingHttpHeaders;
	/** Names and values as received, in order (node's `rawHeaders`). */
	rawHeaders: string[];
	/** The body bytes. */
	bytes: Buffer;
	/** The body decoded as UTF-8. */
	body: string;
}

export interface SendOptions {
	/** Fail when the connection idles this long (default 10 s): a hang fails, not stalls, the run; 0: no client timeout. */
	timeoutMs?: number;
	/** The agent (a keep-alive one to reuse connections); default none, a connection a request. */
	agent?: http.Agent | false;
	/** node's client limit on the response head (for very long headers). */
	maxHeaderSize?: number;
}

/** Sends `request` to 127.0.0.1:`port` and resolves with the whole response. */
export function send(port: number, request: HttpRequest, options: SendOptions = {}): Promise<HttpResponse> {
	const timeoutMs = options.timeoutMs ?? 10_000;
	const method = request.method ?? 'GET';
	return new Promise((resolve, reject) => {
		const req = http.request(
			{ host: '127.0.0.1', port, method, path: request.path, headers: request.headers, agent: options.agent ?? false, maxHeaderSize: options.maxHeaderSize },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const bytes = Buffer.concat(chunks);
					resolve({
						status: res.statusCode ?? 0,
						statusMessage: res.statusMessage ?? '',
						headers: res.headers,
						rawHeaders: res.rawHeaders,
						bytes,
						body: bytes.toString('utf8'),
					});
				});
				res.on('error', reject);
			},
		);
		if (timeoutMs !== 0) req.setTimeout(timeoutMs, () => req.destroy(new Error('no response within ' + timeoutMs + ' ms: ' + method + ' ' + request.path)));
		req.on('error', reject);
		if (Array.isArray(request.body)) {
			for (const chunk of request.body) req.write(chunk);
			req.end();
		} else {
			req.end(request.body);
		}
	});
}

/** Serves `listener` behind `http.createServer` for one request, sends it and closes the server. */
export async function sendOnce(listener: Listener, request: HttpRequest, options: SendOptions = {}): Promise<HttpResponse> {
	const running = await listen(listener);
	try {
		return await send(running.port, request, options);
	} finally {
		await running.close();
	}
}
