import './helpers/line5';
/**
 * Velox 5's request helpers against express@5: `req.accepts*` (accepts 2), `req.range`,
 * `req.subdomains`, `req.ip`/`req.ips`, `req.is`, `req.get`, `req.protocol`, `req.secure`, `req.xhr`, `req.path`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DiffRequest, differential, type Framework } from './helpers/differential';

describe('Velox 5 request helpers', () => {
	test('req.accepts, acceptsCharsets, acceptsEncodings, acceptsLanguages', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				res.json({
					types: req.accepts(),
					json: req.accepts('json', 'html') ?? null,
					list: req.accepts(['text/html', 'application/json']) ?? null,
					charsets: req.acceptsCharsets(),
					utf8: req.acceptsCharsets('utf-8', 'iso-8859-1') ?? null,
					encodings: req.acceptsEncodings(),
					gzip: req.acceptsEncodings('gzip', 'br') ?? null,
					identity: req.acceptsEncodings('identity') ?? null,
					languages: req.acceptsLanguages(),
					en: req.acceptsLanguages('en', 'fr') ?? null,
				});
			});
			return app;
		};
		const requests: DiffRequest[] = [
			{ path: '/' },
			{
				path: '/',
				headers: {
					accept: 'application/json;q=0.9, text/html',
					'accept-charset': 'iso-8859-1, utf-8;q=0.5',
					'accept-encoding': 'br;q=0.8, gzip',
					'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8',
				},
			},
			{ path: '/', headers: { accept: 'image/*', 'accept-encoding': 'identity;q=0', 'accept-language': '*' } },
			{ path: '/', headers: { 'accept-encoding': '*;q=0' } },
		];
		const responses = await differential(build, requests);
		const second = JSON.parse(responses[1].body);
		assert.deepEqual([second.json, second.utf8, second.gzip, second.en], ['html', 'iso-8859-1', 'gzip', 'fr']);
	});

	test('req.range, req.subdomains, req.ip, req.ips, req.is, req.get, req.protocol, req.secure, req.xhr, req.path', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('trust proxy', 'loopback');
			app.set('subdomain offset', 1);
			app.post('/p/:x', (req, res) => {
				res.json({
					range: req.range(1000) ?? null,
					combined: req.range(1000, { combine: true }) ?? null,
					subdomains: req.subdomains,
					ip: req.ip ?? null,
					ips: req.ips,
					is: req.is('json') ?? null,
					isMany: req.is(['text/*', 'json']) ?? null,
					referrer: req.get('Referrer') ?? null,
					protocol: req.protocol,
					secure: req.secure,
					xhr: req.xhr,
					path: req.path,
				});
			});
			return app;
		};
		const requests: DiffRequest[] = [
			{
				method: 'POST',
				path: '/p/1?q=1',
				headers: { range: 'bytes=0-9,5-20,500-', host: 'a.b.example.com', 'content-type': 'application/json', 'content-length': '2' },
				body: '{}',
			},
			{
				method: 'POST',
				path: '/p/2',
				headers: {
					range: 'bytes=2000-3000',
					'x-forwarded-for': '10.0.0.1, 10.0.0.2',
					'x-forwarded-proto': 'https',
					'x-requested-with': 'XMLHttpRequest',
					referer: 'http://ref.example/',
					host: '10.0.0.5:80',
				},
			},
			{ method: 'POST', path: '/p/3', headers: { range: 'items=0-1', 'content-type': 'text/plain', 'content-length': '1' }, body: 'x' },
			{ method: 'POST', path: '/p/4', headers: { range: 'bytes=abc' } },
		];
		const responses = await differential(build, requests);
		const first = JSON.parse(responses[0].body);
		assert.deepEqual(first.subdomains, ['example', 'b', 'a']);
		assert.equal(first.is, 'json');
		assert.deepEqual(JSON.parse(responses[1].body).ips, ['10.0.0.2']);
	});

	test('req.get and req.header check their argument as express@5 does', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				const outcome = (call: () => unknown) => {
					try {
						return String(call());
					} catch (err) {
						return `${(err as Error).name}: ${(err as Error).message}`;
					}
				};
				res.json([
					outcome(() => (req.get as (n?: unknown) => unknown)()),
					outcome(() => (req.header as (n?: unknown) => unknown)(42)),
					outcome(() => req.get('referrer')),
				]);
			});
			return app;
		};
		await differential(build, [{ path: '/', headers: { referer: 'r' } }]);
	});
});

describe('Velox 5 negotiation by accepts 2 and type-is 2', () => {
	test('short names by mime-types 3 (`js` is text/javascript), parameters content-type 2 reads leniently', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.post('/', (req, res) => {
				res.json({
					accepts: req.accepts('js', 'json', 'mjs') || null,
					acceptsAll: req.accepts(),
					is: req.is('js', 'json', 'text/*') ?? null,
					isMjs: req.is('mjs') ?? null,
					isSuffix: req.is('+json') ?? null,
				});
			});
			app.get('/format', (_req, res) => res.format({ js: () => res.send('js'), json: () => res.send('json') }));
			return app;
		};
		const requests: DiffRequest[] = [];
		for (const accept of [
			'text/javascript',
			'application/javascript',
			'application/json;q=0.5, text/javascript',
			'*/*',
			'text/*;q=0.9, */*;q=0.1',
			'application/*',
		]) {
			for (const type of [
				'text/javascript',
				'application/javascript; foo',
				'application/json; foo; charset=utf-8',
				'application/vnd.api+json',
				'text/plain;;;',
			]) {
				requests.push({ method: 'POST', path: '/', headers: { accept, 'content-type': type, 'content-length': '2' }, body: '{}' });
			}
			requests.push({ path: '/format', headers: { accept } });
		}
		const responses = await differential(build, requests);
		assert.equal(JSON.parse(String(responses[0].body)).accepts, 'js');
		assert.equal(JSON.parse(String(responses[0].body)).is, 'js');
	});
});
