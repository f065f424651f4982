/**
 * Shared by the `res.*` tests: the differential helpers, deprecation capture,
 * a Velox app that stays quiet (`env` = test), and a raw request that keeps
 * the header order (node's `rawHeaders`) for byte-level comparisons.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import velox from '../src/index';
import { differential, type Framework, type FrameworkName, runBoth } from './helpers/differential';
import { captureDeprecations, type Deprecation } from './helpers/req-util';

/** The options of `res.cookie`, as Express users type them. */
export type CookieOptions = import('express').CookieOptions;

export { captureDeprecations, type Deprecation, differential, type Framework, type FrameworkName, runBoth };

/** A Velox app with `env` = test, typed as Express's so handlers read the same in every test. */
export function createApp(): ReturnType<Framework> {
	const app = velox();
	app.set('env', 'test');
	return app;
}

/** The messages of the deprecations of one namespace (`velox` or `express`). */
export function messagesOf(deprecations: Deprecation[], namespace: string): string[] {
	return deprecations.filter((d) => d.namespace === namespace).map((d) => d.message);
}

export interface OrderedResponse {
	status: number;
	/** Header names in the order they were sent, lower case, without Date. */
	names: string[];
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** Serves `listener` once and returns the response with its header order. */
export async function orderedRequest(
	listener: http.RequestListener,
	options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<OrderedResponse> {
	const server = http.createServer(listener);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as AddressInfo;
		return await new Promise<OrderedResponse>((resolve, reject) => {
			const req = http.request(
				{ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => {
						const names: string[] = [];
						for (let i = 0; i < res.rawHeaders.length; i += 2) {
							const name = res.rawHeaders[i].toLowerCase();
							if (name !== 'date') names.push(name);
						}
						resolve({ status: res.statusCode ?? 0, names, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
					});
					res.on('error', reject);
				},
			);
			req.on('error', reject);
			req.end();
		});
	} finally {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}
