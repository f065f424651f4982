import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { type DiffRequest, fakeRequest, observeBoth, observing } from './helpers/req-util';

const forwardedProto = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'X-Forwarded-Proto': value } });

async function protocolsUnder(trust: unknown, headers: (string | undefined)[]): Promise<unknown[]> {
	const values = await observeBoth(
		observing(
			(req) => req.protocol,
			(app) => {
				if (trust !== undefined) app.set('trust proxy', trust);
			},
		),
		headers.map(forwardedProto),
	);
	return values.map((v) => v.error ?? v.value);
}

test('req.protocol is http on a plain connection, a spoofed X-Forwarded-Proto changing nothing', async () => {
	assert.deepEqual(await protocolsUnder(undefined, [undefined, 'https']), ['http', 'http']);
	assert.deepEqual(await protocolsUnder('10.0.0.1', ['https']), ['http']);
});

test('req.protocol is the first X-Forwarded-Proto value, trimmed, from a trusted peer', async () => {
	assert.deepEqual(await protocolsUnder('loopback', ['https', 'https, http', ' https ,http', 'HTTPS', '', undefined, ',https']), [
		'https',
		'https',
		'https',
		'HTTPS',
		'http',
		'http',
		'',
	]);
});

test('req.protocol is https on a TLS connection unless a trusted proxy says otherwise', () => {
	for (const framework of [velox, express]) {
		const app = framework();
		const direct = fakeRequest(app, { encrypted: true, remoteAddress: '203.0.113.5' }, { 'x-forwarded-proto': 'http' });
		assert.equal(direct.protocol, 'https');
		app.set('trust proxy', true);
		const proxied = fakeRequest(app, { encrypted: true, remoteAddress: '203.0.113.5' }, { 'x-forwarded-proto': 'http' });
		assert.equal(proxied.protocol, 'http');
		const tlsNoHeader = fakeRequest(app, { encrypted: true, remoteAddress: '203.0.113.5' });
		assert.equal(tlsNoHeader.protocol, 'https');
	}
});

test('a garbage X-Forwarded-Proto never throws and answers as express@4', async () => {
	const values = await protocolsUnder(true, [',,,', ' ', 'javascript:alert(1)', 'x'.repeat(8000), '\u00ff']);
	assert.equal(values.length, 5);
	for (const value of values) assert.equal(typeof value, 'string');
	assert.equal(values[2], 'javascript:alert(1)');
});
