/**
 * WebSocket clients for the tests (the `ws` package's client, over loopback): `connect` resolves
 * with the open socket or rejects with the HTTP answer that refused the handshake;
 * `nextMessage`/`closed` wait for what the server sends.
 *
 * @example
 * const ws = await connect(port, '/chat');
 * ws.send('hi');
 * assert.equal(await nextMessage(ws), 'hi');
 */
import type http from 'node:http';
import WebSocket from 'ws';

/** The HTTP answer a refused handshake got. */
export interface Refusal {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export function isRefusal(value: unknown): value is Refusal {
	return typeof value === 'object' && value !== null && typeof (value as Refusal).status === 'number';
}

const inboxes = new WeakMap<WebSocket, { messages: string[]; waiting: Array<(message: string) => void> }>();

/** Keeps every message `ws` receives from now on, for `nextMessage` (a message may arrive with the handshake). */
export function collect(ws: WebSocket): WebSocket {
	const inbox = { messages: [] as string[], waiting: [] as Array<(message: string) => void> };
	inboxes.set(ws, inbox);
	ws.on('message', (data: WebSocket.RawData) => {
		const waiter = inbox.waiting.shift();
		if (waiter !== undefined) waiter(String(data));
		else inbox.messages.push(String(data));
	});
	return ws;
}

/** Opens `ws://127.0.0.1:port{path}`; rejects with a `Refusal` when the server answers with HTTP. */
export function connect(port: number, path: string, options: WebSocket.ClientOptions = {}, scheme = 'ws'): Promise<WebSocket> {
	return new Promise((resolve, reject) => {
		const ws = collect(new WebSocket(`${scheme}://127.0.0.1:${port}${path}`, options));
		ws.once('open', () => resolve(ws));
		ws.once('unexpected-response', (_req, res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => {
				body += chunk;
			});
			res.on('end', () => reject({ status: res.statusCode ?? 0, headers: res.headers, body } satisfies Refusal));
		});
		ws.once('error', (err) => reject(err));
	});
}

/** Expects the handshake to be refused; resolves with the HTTP answer. */
export async function refused(port: number, path: string, options: WebSocket.ClientOptions = {}): Promise<Refusal> {
	try {
		const ws = await connect(port, path, options);
		ws.terminate();
	} catch (err) {
		if (isRefusal(err)) return err;
		throw err;
	}
	throw new Error(`the handshake to ${path} was accepted`);
}

/** The next text message (binary as UTF-8) of a socket `connect` opened (or `collect` watches). */
export function nextMessage(ws: WebSocket): Promise<string> {
	const inbox = inboxes.get(ws);
	if (inbox === undefined) throw new Error('nextMessage: the socket is not collected');
	const first = inbox.messages.shift();
	if (first !== undefined) return Promise.resolve(first);
	return new Promise((resolve) => inbox.waiting.push(resolve));
}

/** Resolves with the close code and reason once the socket closed. */
export function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
	return new Promise((resolve) => {
		if (ws.readyState === WebSocket.CLOSED) {
			resolve({ code: 1006, reason: '' });
			return;
		}
		ws.once('close', (code: number, reason: Buffer) => resolve({ code, reason: String(reason) }));
	});
}

export { WebSocket };
