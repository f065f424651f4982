import './helpers/line5';
/**
 * Velox 5's `app.listen` (lines/: application.listenArguments) against express@5: the callback is
 * called once when the server listens, or with the server's error (a port in use).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';

type Lib = typeof velox;

/** What `app.listen(port, host, callback)` calls back with, and how often (after a short wait). */
async function listenOutcome(lib: Lib, port: number): Promise<{ calls: number; args: string[]; listening: boolean }> {
	const app = lib();
	const calls: unknown[][] = [];
	let server: http.Server | undefined;
	await new Promise<void>((resolve) => {
		server = app.listen(port, '127.0.0.1', (...args: unknown[]) => {
			calls.push(args);
			resolve();
		});
	});
	await new Promise((resolve) => setTimeout(resolve, 20));
	const listening = server!.listening;
	if (listening) await new Promise((resolve) => server!.close(resolve));
	return {
		calls: calls.length,
		args: calls[0].map((arg) => (arg instanceof Error ? `${arg.name} ${(arg as NodeJS.ErrnoException).code}` : String(arg))),
		listening,
	};
}

describe('Velox 5 app.listen', () => {
	test('the callback runs once when the server listens, without arguments', async () => {
		const expected = await listenOutcome(express5 as unknown as Lib, 0);
		assert.deepEqual(expected, { calls: 1, args: [], listening: true });
		assert.deepEqual(await listenOutcome(velox, 0), expected);
	});

	test('the callback gets the error of a port in use, once', async () => {
		const taken = http.createServer();
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
		const port = (taken.address() as AddressInfo).port;
		try {
			const expected = await listenOutcome(express5 as unknown as Lib, port);
			assert.deepEqual(expected, { calls: 1, args: ['Error EADDRINUSE'], listening: false });
			assert.deepEqual(await listenOutcome(velox, port), expected);
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
	});

	test('without a callback, an error is the server’s own (an "error" listener receives it)', async () => {
		const taken = http.createServer();
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
		const port = (taken.address() as AddressInfo).port;
		try {
			const server = velox().listen(port, '127.0.0.1');
			const err = await new Promise<NodeJS.ErrnoException>((resolve) => server.once('error', resolve));
			assert.equal(err.code, 'EADDRINUSE');
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
	});
});
