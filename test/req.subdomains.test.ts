import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const host = (value: string, extra: Record<string, string> = {}): DiffRequest => ({ path: '/', headers: { Host: value, ...extra } });

test('req.subdomains lists the subdomains, most specific last', async () => {
	const values = await observeBoth(
		observing((req) => req.subdomains),
		[host('tobi.ferrets.example.com'), host('example.com'), host('a.b.c.example.com:3000')],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		[['ferrets', 'tobi'], [], ['c', 'b', 'a']],
	);
});

test('req.subdomains honours the subdomain offset setting', async () => {
	const values = await observeBoth(
		observing(
			(req) => req.subdomains,
			(app) => app.set('subdomain offset', 3),
		),
		[host('tobi.ferrets.example.com')],
	);
	const zero = await observeBoth(
		observing(
			(req) => req.subdomains,
			(app) => app.set('subdomain offset', 0),
		),
		[host('tobi.ferrets.example.com')],
	);
	assert.deepEqual([values[0].value, zero[0].value], [['tobi'], ['com', 'example', 'ferrets', 'tobi']]);
});

test('req.subdomains is empty for an IP host or without a host', async () => {
	const values = await observeBoth(
		observing((req) => req.subdomains),
		[host('127.0.0.1'), host('[::1]:3000'), host('192.168.0.1:80')],
	);
	const zero = await observeBoth(
		observing(
			(req) => req.subdomains,
			(app) => app.set('subdomain offset', 0),
		),
		[host('127.0.0.1')],
	);
	const none = await observeBoth(
		observing((req) => {
			delete req.headers.host;
			return req.subdomains;
		}),
		[{ path: '/' }],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		[[], [], []],
	);
	assert.deepEqual(zero[0].value, ['127.0.0.1']);
	assert.deepEqual(none[0].value, []);
});

test('req.subdomains takes X-Forwarded-Host only from a trusted peer', async () => {
	const request = host('real.example.com', { 'X-Forwarded-Host': 'evil.sub.example.com' });
	const untrusted = await observeBoth(
		observing((req) => req.subdomains),
		[request],
	);
	const trusted = await observeBoth(
		observing(
			(req) => req.subdomains,
			(app) => app.enable('trust proxy'),
		),
		[request],
	);
	assert.deepEqual([untrusted[0].value, trusted[0].value], [['real'], ['sub', 'evil']]);
});
