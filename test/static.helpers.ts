/**
 * Shared by the static/sendFile/download tests: fixtures, a raw HTTP client
 * (paths are sent byte for byte, unnormalised) and the differential harness
 * that runs the same app under express@4 and Velox and compares responses.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import velox from '../src/index';

export const FIXTURES = path.join(__dirname, '../../test/fixtures/static');

export interface RawResponse {
	status: number;
	headers: IncomingHttpHeaders;
	body: Buffer;
	text: string;
}

export interface RawRequest {
	method?: string;
	path: string;
	headers?: Record<string, string>;
}

/** A listening server; `close` ends it and its idle connections. */
export interface Running {
	server: Server;
	port: number;
	close(): Promise<void>;
}

export async function listen(handler: RequestListener): Promise<Running> {
	const server = http.createServer(handler);
	server.listen(0, '127.0.0.1');
	return running(server);
}

/** Waits for `server` to listen; the port and a `close` that ends it and its idle connections. */
async function running(server: Server): Promise<Running> {
	await once(server, 'listening');
	const port = (server.address() as AddressInfo).port;
	return {
		server,
		port,
		async close() {
			server.closeAllConnections();
			server.close();
			await once(server, 'close');
		},
	};
}

/** Sends one request with the exact path given; resolves with status, headers and body. */
export function send(port: number, request: RawRequest): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const req = http.request(
			{ host: '127.0.0.1', port, method: request.method ?? 'GET', path: request.path, headers: request.headers, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const body = Buffer.concat(chunks);
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
				});
				res.on('error', reject);
			},
		);
		req.setTimeout(5000, () => req.destroy(new Error('request timed out: ' + request.path)));
		req.on('error', reject);
		req.end();
	});
}

/** An app of either framework: Velox's factory is typed as express's. */
export type AppLike = express.Express;

export type Framework = 'express' | 'velox';
/** `express.static`, with options left open: tests pass deprecated and wrongly typed options on purpose. */
export type StaticFactory = (root: string, options?: Record<string, unknown>) => express.Handler;

/** What each test app sees of its framework. */
export interface Kit {
	name: Framework;
	app: AppLike;
	serveStatic: StaticFactory;
}

/** An error handler that reports the error's identity as JSON, so error objects can be compared. */
export function reportErrors(err: Record<string, unknown>, _req: unknown, res: http.ServerResponse & { headersSent: boolean }, _next: unknown): void {
	if (res.headersSent) {
		res.destroy();
		return;
	}
	const report = {
		name: err.name,
		message: err.message,
		status: err.status,
		statusCode: err.statusCode,
		expose: err.expose,
		code: err.code,
		syscall: err.syscall,
		headers: err.headers,
		isError: err instanceof Error,
	};
	const body = JSON.stringify(report);
	res.statusCode = 599;
	res.setHeader('Content-Type', 'application/json');
	// The engine may have set the file's length before failing (as send does).
	res.setHeader('Content-Length', Buffer.byteLength(body));
	res.end(body);
}

export function createKit(name: Framework): Kit {
	if (name === 'express') {
		const app = express();
		app.set('env', 'test');
		app.set('x-powered-by', false);
		return { name, app, serveStatic: express.static as StaticFactory };
	}
	const app = velox();
	app.set('env', 'test');
	// Velox names itself here; everything else must match.
	app.set('x-powered-by', false);
	return { name, app, serveStatic: velox.static as StaticFactory };
}

/** Headers that differ between two runs for reasons unrelated to the frameworks. */
const VOLATILE_HEADERS = new Set(['date']);

function comparable(response: RawResponse): { status: number; headers: Record<string, unknown>; body: string } {
	const headers: Record<string, unknown> = {};
	for (const name of Object.keys(response.headers).sort()) {
		if (!VOLATILE_HEADERS.has(name)) headers[name] = response.headers[name];
	}
	return { status: response.status, headers, body: response.body.toString('latin1') };
}

/**
 * Runs `build` for an express@4 app and a Velox app, sends each request to
 * both, and asserts equal status, headers (but Date) and body. Returns the
 * Velox responses for further assertions.
 */
export async function differential(build: (kit: Kit) => void, requests: RawRequest[]): Promise<RawResponse[]> {
	const expressKit = createKit('express');
	const veloxKit = createKit('velox');
	const listenedKit = createKit('velox');
	build(expressKit);
	build(veloxKit);
	build(listenedKit);
	const expressServer = await listen(expressKit.app);
	const veloxServer = await listen(veloxKit.app);
	// Velox also behind its own `app.listen` (request/response classes: the production path).
	const listenedServer = await listenWithApp(listenedKit.app);
	const results: RawResponse[] = [];
	try {
		for (const request of requests) {
			const expected = await send(expressServer.port, request);
			const actual = await send(veloxServer.port, request);
			const listened = await send(listenedServer.port, request);
			const label = (request.method ?? 'GET') + ' ' + request.path + ' ' + JSON.stringify(request.headers ?? {});
			assert.deepEqual(comparable(actual), comparable(expected), label);
			assert.deepEqual(comparable(listened), comparable(expected), label + ' (behind app.listen)');
			results.push(actual);
		}
	} finally {
		await expressServer.close();
		await veloxServer.close();
		await listenedServer.close();
	}
	return results;
}

/** Starts an app through its own `app.listen` on an ephemeral port of 127.0.0.1. */
function listenWithApp(app: { listen(port: number, host: string): Server }): Promise<Running> {
	return running(app.listen(0, '127.0.0.1'));
}

/** A temporary directory, removed by the returned function. */
export function temporaryDirectory(): { dir: string; remove(): void } {
	const dir = mkdtempSync(path.join(tmpdir(), 'velox-static-'));
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The number of open file descriptors of this process (Linux), or -1 where unknown. */
export function openDescriptorCount(): number {
	try {
		return readdirSync('/proc/self/fd').length;
	} catch {
		return -1;
	}
}
