/**
 * Helpers for the `req.*` tests: an app that answers with what a handler read
 * from the request (as JSON, `undefined` and thrown errors kept distinct), run
 * against express@4 and Velox through the differential helper, and a capture of
 * depd deprecation events.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import { differential, type DiffRequest, type Framework, type FrameworkName, frameworks } from './differential';

export { frameworks };
export type { DiffRequest, Framework, FrameworkName };

const UNDEFINED = '<undefined>';

/** JSON of what a handler observed; `undefined` stays distinct from `null` and from a missing key. */
export function encode(value: unknown): string {
	return JSON.stringify(value, (_key, item: unknown) => (item === undefined ? UNDEFINED : item));
}

/** Parses a body written by `encode`. */
export function decode(body: string): unknown {
	return restore(JSON.parse(body));
}

// A JSON.parse reviver returning undefined would delete the key: restore in place instead.
function restore(value: unknown): unknown {
	if (value === UNDEFINED) return undefined;
	if (value !== null && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) record[key] = restore(record[key]);
	}
	return value;
}

/** Answers with `value` encoded; a plain node response (res.send is not needed). */
export function reply(res: ServerResponse, value: unknown): void {
	const body = encode(value);
	res.setHeader('Content-Type', 'application/json; charset=utf-8');
	res.setHeader('Content-Length', Buffer.byteLength(body));
	res.end(body);
}

/** `{ value }` of `read()`, or `{ error: 'Name: message' }` when it throws. */
export function attempt(read: () => unknown): { value?: unknown; error?: string } {
	try {
		return { value: read() };
	} catch (err) {
		const error = err as Error;
		return { error: error.name + ': ' + error.message };
	}
}

type AnyApp = ReturnType<Framework>;

/**
 * A builder for `differential`: an app (configured by `configure`) whose last
 * middleware answers with `attempt(() => read(req, res))`.
 */
export function observing(read: (req: any, res: any) => unknown, configure?: (app: AnyApp, framework: Framework, name: FrameworkName) => void) {
	return (framework: Framework, name: FrameworkName) => {
		const app = framework();
		if (configure !== undefined) configure(app, framework, name);
		app.use((req: any, res: any) =>
			reply(
				res,
				attempt(() => read(req, res)),
			),
		);
		return app;
	};
}

/**
 * Runs the requests against both frameworks, asserts identical responses and
 * returns what Velox's handler observed per request (decoded), for pinning values.
 */
export async function observeBoth(
	build: (framework: Framework, name: FrameworkName) => (req: IncomingMessage, res: ServerResponse) => void,
	requests: DiffRequest[],
): Promise<{ value?: unknown; error?: string }[]> {
	const responses = await differential(build, requests, { inProcess: true });
	return responses.map((response) => decode(response.body) as { value?: unknown; error?: string });
}

export interface Deprecation {
	namespace: string;
	message: string;
}

/** Collects depd deprecations emitted while `run` runs (a listener also keeps them off stderr). */
export async function captureDeprecations(run: () => unknown): Promise<Deprecation[]> {
	const seen: Deprecation[] = [];
	const listener = (err: Deprecation) => seen.push({ namespace: err.namespace, message: err.message });
	process.on('deprecation' as 'warning', listener as unknown as (warning: Error) => void);
	try {
		await run();
	} finally {
		process.off('deprecation' as 'warning', listener as unknown as (warning: Error) => void);
	}
	return seen;
}

/** A request object built on `app.request` over a fake socket (TLS or a chosen peer without a network). */
export function fakeRequest(app: AnyApp, socket: { encrypted?: boolean; remoteAddress?: string }, headers: Record<string, string> = {}): any {
	const req = new IncomingMessage(socket as never);
	req.headers = headers;
	req.url = '/';
	req.method = 'GET';
	Object.setPrototypeOf(req, app.request);
	return req;
}
