/**
 * `res.send` stores Content-Type, Content-Length, ETag (and the app its
 * X-Powered-By) in node's header table without `setHeader`'s checks
 * (src/core/platform/index.ts). Pinned here: everything that reads or
 * changes headers sees them as if `setHeader` had been called, and a
 * wrapped `setHeader` still sees every call.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import velox from '../src/express';
import { getContentType, getETag, setContentLength, setContentType } from '../src/core/platform';
import { createApp, type Framework } from './helpers/res';

/** Runs `setup` on an express@4 app and on a Velox app, GETs `/` from each, and returns what each handler recorded. */
async function recordedByBoth(setup: (app: ReturnType<Framework>, record: (value: unknown) => void) => void): Promise<[unknown, unknown]> {
	const recorded: unknown[] = [];
	for (const framework of [express, velox]) {
		const app = framework();
		app.set('env', 'test');
		let value: unknown;
		setup(app, (v) => {
			value = v;
		});
		const res = await request(app).get('/');
		assert.equal(res.status, 200);
		recorded.push(value);
	}
	return [recorded[0], recorded[1]];
}

describe('headers stored by res.send', () => {
	test('read back with getHeader, getHeaders, getHeaderNames, hasHeader after res.send and res.json, as in Express', async () => {
		for (const send of ['send', 'json'] as const) {
			const [express4, veloxSeen] = await recordedByBoth((app, record) => {
				app.get('/', (_req, res) => {
					if (send === 'send') res.send('hello');
					else res.json({ hello: 'world' });
					// After the answer, as morgan reads res.getHeader('content-length').
					record({
						length: res.getHeader('Content-Length'),
						etag: res.getHeader('etag'),
						type: res.getHeader('content-type'),
						names: res.getHeaderNames().filter((name) => name !== 'x-powered-by'),
						has: res.hasHeader('ETag'),
						all: Object.keys(res.getHeaders()).filter((name) => name !== 'x-powered-by'),
					});
				});
			});
			assert.deepEqual(veloxSeen, express4);
			assert.deepEqual((veloxSeen as { names: string[] }).names, ['content-type', 'content-length', 'etag']);
		}
	});

	test('a setHeader wrapped by a middleware sees Content-Type, Content-Length and ETag set, as in Express', async () => {
		const [express4, veloxSeen] = await recordedByBoth((app, record) => {
			app.use((_req, res, next) => {
				const calls: string[] = [];
				const original = res.setHeader;
				res.setHeader = function wrapped(this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
					if (!calls.includes(name.toLowerCase())) calls.push(name.toLowerCase());
					return original.call(this, name, value);
				} as typeof res.setHeader;
				record(calls);
				next();
			});
			app.get('/', (_req, res) => {
				res.json({ ok: true });
			});
		});
		assert.deepEqual(veloxSeen, express4);
		assert.deepEqual(veloxSeen, ['content-type', 'content-length', 'etag']);
	});

	test('removeHeader of X-Powered-By (helmet) and a header set by a middleware both hold', async () => {
		const app = createApp();
		app.use((_req, res, next) => {
			res.removeHeader('X-Powered-By');
			res.setHeader('X-Frame-Options', 'DENY');
			next();
		});
		app.get('/', (_req, res) => {
			res.send('ok');
		});
		const res = await request(app).get('/');
		assert.equal(res.headers['x-powered-by'], undefined);
		assert.equal(res.headers['x-frame-options'], 'DENY');
		assert.equal(res.headers['content-length'], '2');
	});

	test('res.send after the head was sent throws ERR_HTTP_HEADERS_SENT, as res.set does in Express', async () => {
		const app = createApp();
		let error: unknown;
		app.get('/', (_req, res) => {
			res.send('first');
			try {
				res.send('second');
			} catch (caught) {
				error = caught;
			}
		});
		await request(app).get('/');
		assert.equal((error as { code?: string }).code, 'ERR_HTTP_HEADERS_SENT');
	});

	test('the table answers no inherited name, and getHeaders() has no prototype, as with node alone', () => {
		const res = new http.ServerResponse(new http.IncomingMessage(null as never));
		setContentLength(res, '12');
		for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
			assert.equal(res.hasHeader(name), false, name);
			assert.equal(res.getHeader(name), undefined, name);
		}
		assert.equal(Object.getPrototypeOf(res.getHeaders()), null);
		res.setHeader('__proto__', 'x');
		assert.equal(res.getHeader('__proto__'), 'x');
		assert.deepEqual(res.getHeaderNames(), ['content-length', '__proto__']);
		res.removeHeader('content-length');
		assert.deepEqual(res.getHeaderNames(), ['__proto__']);
	});

	test('the named setters and getters agree with node on a bare ServerResponse', () => {
		const res = new http.ServerResponse(new http.IncomingMessage(null as never));
		assert.equal(getContentType(res), undefined);
		assert.equal(getETag(res), undefined);
		setContentLength(res, '12');
		assert.equal(res.getHeader('content-length'), '12');
		assert.deepEqual(res.getHeaderNames(), ['content-length']);
		res.setHeader('ETag', 'W/"x"');
		assert.equal(getETag(res), 'W/"x"');
		setContentType(res, 'text/plain');
		assert.equal(res.getHeader('content-type'), 'text/plain');
		res.removeHeader('Content-Type');
		assert.equal(getContentType(res), undefined);
		// A replaced getHeader is called.
		res.getHeader = () => 'spied';
		assert.equal(getETag(res), 'spied');
	});
});
