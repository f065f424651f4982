import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { fakeRequest, observeBoth, observing } from './helpers/req-util';

test('req.secure is false on a plain connection, even with a spoofed X-Forwarded-Proto', async () => {
	const values = await observeBoth(
		observing((req) => req.secure),
		[{ path: '/' }, { path: '/', headers: { 'X-Forwarded-Proto': 'https' } }],
	);
	assert.deepEqual(values, [{ value: false }, { value: false }]);
});

test('req.secure follows X-Forwarded-Proto from a trusted proxy', async () => {
	const values = await observeBoth(
		observing(
			(req) => req.secure,
			(app) => app.set('trust proxy', 'loopback'),
		),
		[{ path: '/', headers: { 'X-Forwarded-Proto': 'https' } }, { path: '/', headers: { 'X-Forwarded-Proto': 'HTTPS' } }, { path: '/' }],
	);
	// Equivalent to req.protocol === 'https': case-sensitive, as in Express.
	assert.deepEqual(values, [{ value: true }, { value: false }, { value: false }]);
});

test('req.secure is true on a TLS connection', () => {
	for (const framework of [velox, express]) {
		const app = framework();
		assert.equal(fakeRequest(app, { encrypted: true, remoteAddress: '203.0.113.5' }).secure, true);
		assert.equal(fakeRequest(app, { remoteAddress: '203.0.113.5' }).secure, false);
	}
});
