/**
 * Server-Sent Events (beyond Express 4): `res.sse([options])` turns the
 * response into an event stream and returns it. Loaded with the first call.
 *
 * Each event or comment is one `res.write`, and the events of one turn of
 * the event loop are followed by one `res.flush()` when the response has
 * one: `compression` (and any middleware that buffers behind `write`) sets
 * it, and without the flush events would wait in its gzip buffer. Framing follows the WHATWG event stream format: one `data:` line
 * per line of the data, `event:`, `id:`, `retry:` fields, a blank line after
 * each event, comments as lines that start with a colon (the heartbeats).
 * The stream ends when the client goes (the response closes), on
 * `stream.close()`, and when `velox.shutdown` stops the server.
 */
import { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';
import { veloxError } from '../errors';
import { holdConnection } from '../lifecycle/held-connections';

/** Options of `res.sse()`. */
export interface EventStreamOptions {
	/** Milliseconds between heartbeat comments (they keep proxies from closing an idle stream); `false` or 0: none. Default 15 s. */
	heartbeat?: number | false;
	/** Sent first as `retry:`: how long the browser waits before it reconnects, in milliseconds. */
	retry?: number;
}

/** The fields of one event besides its data. */
export interface EventOptions {
	/** The event type (`event:`); the browser's `addEventListener(type)` receives it. Default: `message`. */
	event?: string;
	/** The event id (`id:`): the browser sends the last one back as `Last-Event-ID` when it reconnects (`req.lastEventId`). */
	id?: string | number;
	/** `retry:` with this event: the reconnection delay in milliseconds. */
	retry?: number;
}

type FlushableResponse = ServerResponse & { flush?: () => void; req?: IncomingMessage };

/** The stream `res.sse()` returns: an EventEmitter that emits `close` once, when the stream ended. */
export class EventStream extends EventEmitter {
	/** The `Last-Event-ID` header the client reconnected with (also `req.lastEventId`). */
	readonly lastEventId: string | undefined;
	/** True once the stream ended (client gone, `close()`, shutdown). */
	closed = false;
	readonly #res: FlushableResponse;
	#timer: NodeJS.Timeout | undefined = undefined;
	#flushing = false;
	#release: () => void;

	constructor(res: FlushableResponse, options: EventStreamOptions) {
		super();
		this.#res = res;
		const req = res.req;
		const lastEventId = req?.headers['last-event-id'];
		this.lastEventId = typeof lastEventId === 'string' ? lastEventId : undefined;
		this.#release = holdConnection((req?.socket as { server?: unknown } | undefined)?.server, (force) => {
			if (force) res.destroy();
			else this.close();
		});
		res.once('close', () => this.#ended());
		if (options.retry !== undefined) this.#write('retry: ' + retryText(options.retry) + '\n\n');
		const heartbeat = options.heartbeat === undefined ? 15_000 : options.heartbeat;
		if (heartbeat !== false && heartbeat > 0) {
			this.#timer = setInterval(() => this.comment(), heartbeat);
			this.#timer.unref();
		}
	}

	/**
	 * Sends one event: `data` as text (a string as is, a Buffer as UTF-8, anything else as JSON),
	 * one `data:` line per line, with the `event`, `id` and `retry` fields given. Returns what
	 * `res.write` returns: false when the client reads slower than events come (wait for `drain`).
	 *
	 * @example
	 * stream.send({ price: 42 }, { event: 'quote', id: 17 });
	 */
	send(data: unknown, options?: EventOptions): boolean {
		let frame = '';
		if (options !== undefined) {
			if (options.event !== undefined) frame += 'event: ' + fieldText('event', options.event, false) + '\n';
			if (options.id !== undefined) frame += 'id: ' + fieldText('id', options.id, true) + '\n';
			if (options.retry !== undefined) frame += 'retry: ' + retryText(options.retry) + '\n';
		}
		const text = dataText(data);
		if (text !== undefined) frame += dataLines(text);
		return this.#write(frame + '\n');
	}

	/** Sends a comment (`: text`), which the browser ignores; without text, the heartbeat's empty comment. */
	comment(text = ''): boolean {
		if (text === '') return this.#write(':\n\n');
		let frame = '';
		for (const line of text.split(lineBreaks)) frame += line === '' ? ':\n' : ': ' + line + '\n';
		return this.#write(frame + '\n');
	}

	/** Ends the stream (the response ends; the browser reconnects after `retry` unless told otherwise by your app). */
	close(): void {
		if (this.closed) return;
		const res = this.#res;
		this.#ended();
		if (!res.writableEnded) res.end();
	}

	#write(chunk: string): boolean {
		const res = this.#res;
		if (this.closed || res.writableEnded || res.destroyed) return false;
		const more = res.write(chunk);
		// Through compression's gzip buffer (or any middleware that holds writes back) before the
		// next turn of the event loop: one flush for the events sent in the same turn.
		if (!this.#flushing && typeof res.flush === 'function') {
			this.#flushing = true;
			setImmediate(() => {
				this.#flushing = false;
				if (!res.writableEnded && !res.destroyed && typeof res.flush === 'function') res.flush();
			});
		}
		return more;
	}

	#ended(): void {
		if (this.closed) return;
		this.closed = true;
		if (this.#timer !== undefined) clearInterval(this.#timer);
		this.#release();
		this.emit('close');
	}
}

const lineBreaks = /\r\n|\r|\n/;

function dataText(data: unknown): string | undefined {
	if (data === undefined) return undefined;
	if (typeof data === 'string') return data;
	if (Buffer.isBuffer(data)) return data.toString('utf8');
	return JSON.stringify(data);
}

function dataLines(text: string): string {
	// Hot path for streams: most data is one line.
	if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return 'data: ' + text + '\n';
	let lines = '';
	for (const line of text.split(lineBreaks)) lines += 'data: ' + line + '\n';
	return lines;
}

/** An `event`/`id` value: a line break would end the field early (and a NUL makes browsers drop an id). */
function fieldText(name: string, value: unknown, isId: boolean): string {
	const text = typeof value === 'number' && isId ? String(value) : value;
	if (typeof text !== 'string' || lineBreaks.test(text) || (isId && text.includes('\0'))) {
		throw veloxError('VELOX_ERR_SSE_FIELD', name, JSON.stringify(value) ?? String(value));
	}
	return text;
}

function retryText(value: unknown): string {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw veloxError('VELOX_ERR_SSE_RETRY', String(value));
	return String(value);
}

/**
 * `res.sse([options])`: sends the event stream's head (200, `Content-Type: text/event-stream`,
 * `Cache-Control: no-cache`, `X-Accel-Buffering: no` for nginx, `Connection: keep-alive` on
 * HTTP/1.1) and returns the stream.
 */
export function openEventStream(res: FlushableResponse, options: EventStreamOptions = {}): EventStream {
	if (res.headersSent) throw veloxError('VELOX_ERR_SSE_STARTED');
	if (options.retry !== undefined) retryText(options.retry);
	res.statusCode = 200;
	res.setHeader('Content-Type', 'text/event-stream');
	res.setHeader('Cache-Control', 'no-cache');
	res.setHeader('X-Accel-Buffering', 'no');
	const req = res.req;
	if (req !== undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) res.setHeader('Connection', 'keep-alive');
	res.removeHeader('Content-Length');
	res.flushHeaders();
	if (typeof res.flush === 'function') res.flush();
	return new EventStream(res, options);
}
