/**
 * The ETag `res.send` computes: hashed directly from the string body, with a
 * one-entry "same body as last time" check (src/settings.ts). Pinned: every
 * ETag equals the `etag` package's on the body's bytes whatever the order of
 * bodies (repeated, alternating, long, non-ASCII), and a custom `etag fn`
 * still gets a Buffer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import createETag from 'etag';
import request from 'supertest';
import { builtInETagOfString, strongETag, weakETag } from '../src/core/settings';
import { createApp, differential } from './helpers/res';

function expected(body: string, weak: boolean): string {
	return createETag(Buffer.from(body, 'utf8'), { weak });
}

describe('ETag of string bodies', () => {
	test('repeated, alternating, long and non-ASCII bodies each get the ETag of their own bytes', () => {
		const long = 'x'.repeat(5000);
		const bodies = ['a', 'a', 'b', 'a', '', '', 'h\u00e9 \u2603', long, long, 'a', `${long}y`, 'b'];
		for (const weak of [true, false]) {
			const fn = weak ? weakETag : strongETag;
			for (const body of bodies) {
				assert.equal(builtInETagOfString(fn, body, Buffer.byteLength(body)), expected(body, weak), JSON.stringify(body.slice(0, 20)));
				assert.equal(fn(body), expected(body, weak));
			}
		}
	});

	test('the weak and strong generators do not share their last body', () => {
		assert.equal(builtInETagOfString(weakETag, 'same', 4), expected('same', true));
		assert.equal(builtInETagOfString(strongETag, 'same', 4), expected('same', false));
		assert.equal(builtInETagOfString(weakETag, 'same', 4), expected('same', true));
	});

	test('a custom etag fn is not a built-in one: it gets a Buffer from res.send, as in Express', async () => {
		assert.equal(
			builtInETagOfString(() => 'x', 'body', 4),
			undefined,
		);
		const app = createApp();
		const seen: unknown[] = [];
		app.set('etag', (body: unknown, encoding: unknown) => {
			seen.push(Buffer.isBuffer(body), encoding);
			return '"custom"';
		});
		app.get('/', (_req, res) => {
			res.send('hello');
		});
		const res = await request(app).get('/');
		assert.equal(res.headers.etag, '"custom"');
		assert.deepEqual(seen, [true, undefined]);
	});

	test('a JSON body that changes every request: the same ETags as express@4', async () => {
		const paths = Array.from({ length: 12 }, (_, i) => ({ path: `/items/${i % 5}` }));
		const responses = await differential((framework) => {
			const app = framework();
			app.get('/items/:id', (req, res) => {
				res.json({ id: req.params.id, name: `item ${req.params.id}`, tags: ['\u00e9', req.params.id] });
			});
			return app;
		}, paths);
		assert.equal(new Set(responses.map((r) => r.headers.etag)).size, 5);
	});
});
