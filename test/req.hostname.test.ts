import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DiffRequest, observeBoth, observing, reply } from './helpers/req-util';

const withHeaders = (headers: Record<string, string>): DiffRequest => ({ path: '/', headers });

test('req.hostname is the Host header without its port', async () => {
	const values = await observeBoth(
		observing((req) => req.hostname),
		[withHeaders({ Host: 'example.com' }), withHeaders({ Host: 'example.com:3000' }), withHeaders({ Host: 'EXAMPLE.com:80' })],
	);
	assert.deepEqual(values, [{ value: 'example.com' }, { value: 'example.com' }, { value: 'EXAMPLE.com' }]);
});

test('req.hostname keeps an IPv6 literal whole, with or without a port', async () => {
	const values = await observeBoth(
		observing((req) => req.hostname),
		[withHeaders({ Host: '[::1]:3000' }), withHeaders({ Host: '[::1]' }), withHeaders({ Host: '[2001:db8::1]:8080' })],
	);
	assert.deepEqual(values, [{ value: '[::1]' }, { value: '[::1]' }, { value: '[2001:db8::1]' }]);
});

test('req.hostname ignores a spoofed X-Forwarded-Host from an untrusted peer', async () => {
	const spoofed = withHeaders({ Host: 'real.test', 'X-Forwarded-Host': 'evil.test' });
	const untrusted = await observeBoth(
		observing((req) => req.hostname),
		[spoofed],
	);
	const otherProxy = await observeBoth(
		observing(
			(req) => req.hostname,
			(app) => app.set('trust proxy', '10.0.0.1'),
		),
		[spoofed],
	);
	const hopZero = await observeBoth(
		observing(
			(req) => req.hostname,
			(app) => app.set('trust proxy', 0),
		),
		[spoofed],
	);
	assert.deepEqual([untrusted, otherProxy, hopZero], [[{ value: 'real.test' }], [{ value: 'real.test' }], [{ value: 'real.test' }]]);
});

test('req.hostname uses the first X-Forwarded-Host value when the peer is trusted', async () => {
	const values = await observeBoth(
		observing(
			(req) => req.hostname,
			(app) => app.set('trust proxy', 'loopback'),
		),
		[
			withHeaders({ Host: 'real.test', 'X-Forwarded-Host': 'proxied.test' }),
			withHeaders({ Host: 'real.test', 'X-Forwarded-Host': 'one.test:8080, two.test' }),
			withHeaders({ Host: 'real.test', 'X-Forwarded-Host': 'one.test , two.test' }),
			withHeaders({ Host: 'real.test', 'X-Forwarded-Host': '' }),
			withHeaders({ Host: 'real.test', 'X-Forwarded-Host': '[::1]:1, x' }),
		],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		['proxied.test', 'one.test', 'one.test', 'real.test', '[::1]'],
	);
});

test('req.hostname trusts by function and by boolean', async () => {
	const request = withHeaders({ Host: 'real.test', 'X-Forwarded-Host': 'proxied.test' });
	const byFunction = await observeBoth(
		observing(
			(req) => req.hostname,
			(app) => app.set('trust proxy', (address: string, hop: number) => address === '127.0.0.1' && hop === 0),
		),
		[request],
	);
	const byBoolean = await observeBoth(
		observing(
			(req) => req.hostname,
			(app) => app.set('trust proxy', true),
		),
		[request],
	);
	assert.deepEqual([byFunction, byBoolean], [[{ value: 'proxied.test' }], [{ value: 'proxied.test' }]]);
});

test('req.hostname is undefined without a Host header', async () => {
	const values = await observeBoth(
		observing((req) => {
			delete req.headers.host;
			return req.hostname;
		}),
		[{ path: '/' }],
	);
	assert.deepEqual(values, [{ value: undefined }]);
});

test('req.hostname in a sub-app follows the trust proxy setting it inherits or sets', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.set('trust proxy', true);
			const inherits = framework();
			const overrides = framework();
			overrides.set('trust proxy', false);
			inherits.use((req, res) => reply(res, { value: req.hostname }));
			overrides.use((req, res) => reply(res, { value: req.hostname }));
			app.use('/inherits', inherits);
			app.use('/overrides', overrides);
			return app;
		},
		[
			{ path: '/inherits', headers: { Host: 'real.test', 'X-Forwarded-Host': 'proxied.test' } },
			{ path: '/overrides', headers: { Host: 'real.test', 'X-Forwarded-Host': 'proxied.test' } },
		],
	);
	assert.deepEqual(values, [{ value: 'proxied.test' }, { value: 'real.test' }]);
});
