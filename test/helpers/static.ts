/**
 * The static/sendFile/download adapter of the differential engine: fixtures, the
 * kit each test app sees (its framework's `static`), an error reporter, and
 * `differential`, which compares every header but Date (ETag and Last-Modified
 * come from the same files) and the body bytes.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type express from 'express';
import type { HttpRequest, HttpResponse } from './client';
import { assertSame, comparable, type Framework, type FrameworkName, frameworks, mapResults, runBoth, withEnv } from './differential';

export const FIXTURES = path.join(__dirname, '../../../test/fixtures/static');

/** An app of either framework: Velox's factory is typed as express's. */
export type AppLike = express.Express;

/** `express.static`, with options left open: tests pass deprecated and wrongly typed options on purpose. */
export type StaticFactory = (root: string, options?: Record<string, unknown>) => express.Handler;

/** What each test app sees of its framework. */
export interface Kit {
	name: FrameworkName;
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

/** The fixture setup: an app of `framework` (Velox names itself in X-Powered-By: turned off, everything else must match). */
function kitOf(framework: Framework, name: FrameworkName): Kit {
	const app = framework();
	app.set('x-powered-by', false);
	return { name, app, serveStatic: framework.static as StaticFactory };
}

/** A kit of `name` with `env` = test, for tests that run one framework. */
export function createKit(name: FrameworkName): Kit {
	return kitOf(withEnv(frameworks[name], 'test'), name);
}

/**
 * Runs `build` for an express@4 app and a Velox app (behind both servers), sends each
 * request to each, and asserts equal status, headers (but Date) and body. Returns the
 * Velox responses for further assertions.
 */
export async function differential(build: (kit: Kit) => void, requests: HttpRequest[]): Promise<HttpResponse[]> {
	const results = await runBoth((framework, name) => {
		const kit = kitOf(framework, name);
		build(kit);
		return kit.app;
	}, requests);
	assertSame(mapResults(results, (responses) => comparable(requests, responses, { ignoreHeaders: ['date'] })));
	return results.velox;
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
