/**
 * Shared by the `res.*` tests: the differential helpers, deprecation capture,
 * a Velox app that stays quiet (`env` = test), and a raw request that keeps
 * the header order (node's `rawHeaders`) for byte-level comparisons.
 */
import type http from 'node:http';
import velox from '../../src/express';
import { type HttpRequest, sendOnce } from './client';
import { differential, type Framework, type FrameworkName, runBoth } from './differential';
import { captureDeprecations, type Deprecation } from './req-util';

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
export async function orderedRequest(listener: http.RequestListener, request: HttpRequest): Promise<OrderedResponse> {
	const response = await sendOnce(listener, request);
	const names: string[] = [];
	for (let i = 0; i < response.rawHeaders.length; i += 2) {
		const name = response.rawHeaders[i].toLowerCase();
		if (name !== 'date') names.push(name);
	}
	return { status: response.status, names, headers: response.headers, body: response.body };
}
