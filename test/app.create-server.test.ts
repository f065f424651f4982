/**
 * `http.createServer(app)`: after its first request the app hands the server its request and
 * response classes (as `app.listen` does), so later requests skip Express's per-request prototype
 * swap — only where no listener or class of anyone else could tell the difference. What a handler
 * sees is the same either way, and the same as in express@4.
 */
import assert from 'node:assert/strict';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { send } from './helpers/client';
import { listen, listenApp } from './helpers/server';
import { NO_OPENSSL, selfSigned } from './helpers/tls';

type Framework = typeof express;

interface Seen {
	/** Whether the request was built by node with a class whose prototype inherits `app.request`. */
	built: boolean;
	requestConstructor: boolean;
	responseConstructor: boolean;
	custom: string;
	sameApp: boolean;
}

/** An app whose handler reports how its request was made and what it sees through `app.request`. */
function reportingApp(framework: Framework) {
	const app = framework();
	(app.request as unknown as { custom: () => string }).custom = () => 'from app.request';
	app.get('/', (req, res) => {
		const seen: Seen = {
			built: Object.getPrototypeOf(req) !== app.request && Object.getPrototypeOf(Object.getPrototypeOf(req)) === app.request,
			requestConstructor: req.constructor === IncomingMessage,
			responseConstructor: res.constructor === ServerResponse,
			custom: (req as unknown as { custom: () => string }).custom(),
			sameApp: req.app === app,
		};
		res.json(seen);
	});
	return app;
}

async function withServer<T>(server: http.Server | https.Server, run: (port: number) => Promise<T>): Promise<T> {
	const running = await listen(server);
	try {
		return await run(running.port);
	} finally {
		await running.close();
	}
}

/** `count` GET / on one keep-alive connection, one after the other. */
async function sequence(port: number, count: number, client: typeof http | typeof https = http): Promise<Seen[]> {
	const agent = client === http ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : new https.Agent({ keepAlive: true, maxSockets: 1 });
	const seen: Seen[] = [];
	try {
		for (let i = 0; i < count; i++) {
			const body = agent instanceof https.Agent ? await getTls(port, agent) : (await send(port, { path: '/' }, { agent })).body;
			seen.push(JSON.parse(body) as Seen);
		}
	} finally {
		agent.destroy();
	}
	return seen;
}

/** GET / over TLS (test/helpers/client.ts speaks plain HTTP only). */
function getTls(port: number, agent: https.Agent): Promise<string> {
	return new Promise<string>((resolve, reject) => {
		const request = https.get({ host: '127.0.0.1', port, path: '/', agent, rejectUnauthorized: false }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => {
				body += chunk;
			});
			res.on('end', () => resolve(body));
		});
		request.on('error', reject);
	});
}

const SAME_VIEW = { requestConstructor: true, responseConstructor: true, custom: 'from app.request', sameApp: true };

describe('http.createServer(app)', () => {
	test('later requests, on the same and on new connections, are built with the app classes', async () => {
		const app = reportingApp(velox);
		const seen = await withServer(http.createServer(app), async (port) => [...(await sequence(port, 3)), ...(await sequence(port, 2))]);
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, true, true, true, true],
		);
		for (const s of seen) assert.deepEqual({ ...s, built: undefined }, { ...SAME_VIEW, built: undefined });
	});

	test('a handler sees the same as under express@4 (constructors, app.request members, req.app)', async () => {
		const expressSeen = await withServer(http.createServer(reportingApp(express)), (port) => sequence(port, 2));
		const veloxSeen = await withServer(http.createServer(reportingApp(velox)), (port) => sequence(port, 2));
		assert.deepEqual(
			expressSeen.map((s) => ({ ...s, built: undefined })),
			veloxSeen.map((s) => ({ ...s, built: undefined })),
		);
		assert.deepEqual(expressSeen[0], { ...SAME_VIEW, built: false });
	});

	test('app.listen: built with the app classes from the first request, constructors are node’s', async () => {
		const app = reportingApp(velox);
		const running = await listenApp(app);
		try {
			const seen = await sequence(running.port, 2);
			for (const s of seen) assert.deepEqual(s, { ...SAME_VIEW, built: true });
		} finally {
			await running.close();
		}
	});

	test('a second request listener keeps the per-request swap, and it sees node’s objects first', async () => {
		const app = reportingApp(velox);
		const server = http.createServer();
		const before: boolean[] = [];
		server.on('request', (req: IncomingMessage) => before.push(Object.getPrototypeOf(req) === IncomingMessage.prototype));
		server.on('request', app);
		const seen = await withServer(server, (port) => sequence(port, 3));
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, false, false],
		);
		assert.deepEqual(before, [true, true, true]);
	});

	test('a server given its own request class is left alone: every request is swapped, as in Express', async () => {
		class OwnRequest extends IncomingMessage {}
		const app = reportingApp(velox);
		const server = http.createServer({ IncomingMessage: OwnRequest }, app);
		const seen = await withServer(server, (port) => sequence(port, 3));
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, false, false],
		);
		for (const s of seen) assert.equal(s.custom, 'from app.request');
	});

	test('an app called with a callback (as middleware of another handler) never adopts the server', async () => {
		const app = reportingApp(velox);
		const server = http.createServer((req, res) => {
			app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1], () => {
				res.statusCode = 404;
				res.end();
			});
		});
		const seen = await withServer(server, (port) => sequence(port, 3));
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, false, false],
		);
	});

	test('a socket whose `server` is not a node server (a stand-in) is answered and never adopted', async () => {
		const app = reportingApp(velox);
		const frozen = Object.freeze({ listeners: () => [app] });
		const standIns: unknown[] = [{}, frozen, { listeners: 'not a function' }];
		let index = 0;
		const server = http.createServer((req, res) => {
			Object.defineProperty(req.socket, 'server', { value: standIns[index++ % standIns.length], configurable: true });
			app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1]);
		});
		const seen = await withServer(server, async (port) => [...(await sequence(port, 1)), ...(await sequence(port, 1)), ...(await sequence(port, 1))]);
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, false, false],
		);
		for (const s of seen) assert.equal(s.custom, 'from app.request');
	});

	test('a listener replaced by another app (hot reload) hands the server the new app classes', async () => {
		const first = reportingApp(velox);
		const second = velox();
		(second.request as unknown as { custom: () => string }).custom = () => 'second';
		second.get('/', (req, res) => {
			res.json({
				built: Object.getPrototypeOf(Object.getPrototypeOf(req)) === second.request,
				custom: (req as unknown as { custom: () => string }).custom(),
			});
		});
		const server = http.createServer(first);
		await withServer(server, async (port) => {
			await sequence(port, 2);
			server.removeListener('request', first);
			server.on('request', second);
			const seen = (await sequence(port, 3)) as unknown as { built: boolean; custom: string }[];
			assert.deepEqual(seen, [
				{ built: false, custom: 'second' },
				{ built: true, custom: 'second' },
				{ built: true, custom: 'second' },
			]);
		});
	});

	test('https.createServer(options, app) adopts too', { skip: NO_OPENSSL }, async () => {
		const app = reportingApp(velox);
		const seen = await withServer(https.createServer(selfSigned(), app), (port) => sequence(port, 3, https));
		assert.deepEqual(
			seen.map((s) => s.built),
			[false, true, true],
		);
		for (const s of seen) assert.deepEqual({ ...s, built: undefined }, { ...SAME_VIEW, built: undefined });
	});
});
