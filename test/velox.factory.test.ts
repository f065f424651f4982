/**
 * The factory: `require('velox')` is the function itself with Express 4's
 * static members; removed and deprecated members behave as in Express.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, test } from 'node:test';
import express from 'express';
import type { Request, Response } from 'express';
import request from 'supertest';
import velox from '../src/express';

interface DeprecationWarning extends Error {
	namespace: string;
}

/** Collects depd deprecations (depd emits on `process` instead of printing while a listener exists). */
async function captureDeprecations(run: () => void | Promise<void>): Promise<DeprecationWarning[]> {
	const seen: DeprecationWarning[] = [];
	const listener = (err: DeprecationWarning): void => {
		seen.push(err);
	};
	process.on('deprecation', listener);
	try {
		await run();
	} finally {
		process.off('deprecation', listener);
	}
	return seen;
}

// 'timeout' is no longer among them: velox.timeout is the handler timeout (docs/api/timeouts.md).
const removedMiddlewares = [
	'bodyParser',
	'compress',
	'cookieSession',
	'session',
	'logger',
	'cookieParser',
	'favicon',
	'responseTime',
	'errorHandler',
	'methodOverride',
	'vhost',
	'csrf',
	'directory',
	'limit',
	'multipart',
	'staticCache',
];

function thrownMessage(read: () => unknown): string {
	try {
		read();
	} catch (err) {
		return (err as Error).message;
	}
	return 'did not throw';
}

describe('require("velox")', () => {
	test('the module is the factory function, and each call returns a new app that is a request listener', () => {
		const required = require('../src/express');
		assert.equal(typeof required, 'function');
		assert.equal(required, velox);
		const app = velox();
		const other = velox();
		assert.notEqual(app, other);
		assert.equal(typeof app, 'function');
		assert.equal(app.length, 3);
		assert.ok(app instanceof Function);
		for (const member of ['on', 'emit', 'once']) assert.equal(typeof (app as unknown as Record<string, unknown>)[member], 'function', member);
		assert.equal((app as unknown as Record<string, unknown>).on, EventEmitter.prototype.on);
	});

	test('it exposes the same enumerable static members as express@4', () => {
		assert.deepEqual(Object.keys(velox).sort(), Object.keys(express).sort());
		for (const name of ['Router', 'json', 'raw', 'text', 'urlencoded', 'static', 'query']) {
			assert.equal(typeof (velox as unknown as Record<string, unknown>)[name], 'function', name);
		}
		assert.equal(typeof velox.Route, 'function');
		assert.equal(typeof velox.application, 'object');
		assert.equal(typeof velox.request, 'object');
		assert.equal(typeof velox.response, 'object');
	});

	test('removed bundled middleware throw Express explanatory error', () => {
		for (const name of removedMiddlewares) {
			const expected = thrownMessage(() => (express as unknown as Record<string, unknown>)[name]);
			assert.match(expected, /no longer bundled/);
			assert.equal(
				thrownMessage(() => (velox as unknown as Record<string, unknown>)[name]),
				expected,
				name,
			);
		}
	});

	test('app.router throws Express 4 migration error', () => {
		const expected = thrownMessage(() => (express() as { router: unknown }).router);
		assert.equal(
			thrownMessage(() => (velox() as { router: unknown }).router),
			expected,
		);
		assert.match(expected, /^'app.router' is deprecated!/);
	});

	test('app.del routes DELETE and warns with Express wording', async () => {
		const app = velox();
		const warnings = await captureDeprecations(() => {
			(app as unknown as { del: (path: string, fn: (req: Request, res: Response) => void) => void }).del('/item', (_req, res) => res.end('deleted'));
		});
		assert.equal(warnings.length, 1);
		assert.equal(warnings[0].message, 'app.del: Use app.delete instead');
		assert.equal(warnings[0].namespace, 'velox');
		const response = await request(app).delete('/item');
		assert.equal(response.text, 'deleted');
	});
});

describe('prototypes', () => {
	test('each app has its own request and response prototypes inheriting the shared ones', () => {
		const app = velox();
		assert.equal(Object.getPrototypeOf(app.request), velox.request);
		assert.equal(Object.getPrototypeOf(app.response), velox.response);
		assert.equal(app.request.app, app);
		assert.equal(app.response.app, app);
		assert.notEqual(velox().request, app.request);
	});

	test('helpers added to velox.request, velox.response and app.response reach handlers', async () => {
		const shared = velox.response as unknown as Record<string, unknown>;
		const sharedRequest = velox.request as unknown as Record<string, unknown>;
		shared.shout = function shout(this: Response, text: string) {
			this.end(text.toUpperCase());
		};
		sharedRequest.twice = function twice(this: Request) {
			return this.url + this.url;
		};
		try {
			const app = velox();
			(app.response as unknown as Record<string, unknown>).whisper = function whisper(this: Response, text: string) {
				this.end(text.toLowerCase());
			};
			app.get('/shout', (req, res) => (res as unknown as { shout(t: string): void }).shout((req as unknown as { twice(): string }).twice()));
			app.get('/whisper', (_req, res) => (res as unknown as { whisper(t: string): void }).whisper('QUIET'));
			assert.equal((await request(app).get('/shout')).text, '/SHOUT/SHOUT');
			assert.equal((await request(app).get('/whisper')).text, 'quiet');
		} finally {
			delete shared.shout;
			delete sharedRequest.twice;
		}
	});

	test('req.res, res.req, req.app and res.app are set for handlers', async () => {
		const app = velox();
		app.get('/', (req, res) => {
			res.end(String(req.res === res && (res as { req: unknown }).req === req && req.app === app && res.app === app));
		});
		assert.equal((await request(app).get('/')).text, 'true');
	});
});
