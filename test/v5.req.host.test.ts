import './helpers/line5';
/**
 * Velox 5's `req.host` (lines/: request.hostWithPort) against express@5: the `Host` header with its
 * port, the first trusted `X-Forwarded-Host` value, IPv6 literals; `req.hostname` and
 * `req.subdomains` from it. Not deprecated (no warning).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DiffRequest, differential, type Framework } from './helpers/differential';

describe('Velox 5 req.host', () => {
	test('keeps the port; follows a trusted X-Forwarded-Host; hostname and subdomains agree', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('trust proxy', (address: string) => address === '127.0.0.1');
			app.get('/', (req, res) => res.json({ host: req.host ?? null, hostname: req.hostname ?? null, subdomains: req.subdomains }));
			return app;
		};
		const requests: DiffRequest[] = [
			{ path: '/', headers: { host: 'example.com:3000' } },
			{ path: '/', headers: { host: 'tobi.ferrets.example.com' } },
			{ path: '/', headers: { host: '[::1]:8080' } },
			{ path: '/', headers: { host: '[::1]' } },
			{ path: '/', headers: { host: '127.0.0.1:81' } },
			{ path: '/', headers: { host: 'local', 'x-forwarded-host': 'proxy.example:8443, other' } },
			{ path: '/', headers: { host: 'local', 'x-forwarded-host': 'proxy.example' } },
		];
		const responses = await differential(build, requests);
		assert.deepEqual(
			responses.map((r) => JSON.parse(r.body).host),
			['example.com:3000', 'tobi.ferrets.example.com', '[::1]:8080', '[::1]', '127.0.0.1:81', 'proxy.example:8443', 'proxy.example'],
		);
		assert.deepEqual(JSON.parse(responses[1].body).subdomains, ['ferrets', 'tobi']);
		assert.equal(JSON.parse(responses[0].body).hostname, 'example.com');
	});

	test('an untrusted X-Forwarded-Host is ignored', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => res.send(String(req.host)));
			return app;
		};
		const [response] = await differential(build, [{ path: '/', headers: { host: 'direct:1', 'x-forwarded-host': 'spoofed' } }]);
		assert.equal(response.body, 'direct:1');
	});
});
