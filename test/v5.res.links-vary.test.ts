import './helpers/line5';
/**
 * Velox 5's `res.links` (an array of URLs gives one entry each) and `res.vary` (no field: vary's
 * TypeError reaches the error handler) against express@5.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

type Loose = (...args: unknown[]) => unknown;

describe('Velox 5 res.links and res.vary', () => {
	test('res.links with strings and arrays, appended to a Link already set', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (_req, res) => {
				(res.links as Loose).call(res, { next: ['/page/2', '/page/2b'], last: '/page/9' });
				(res.links as Loose).call(res, { prev: ['/page/0'] });
				res.end();
			});
			return app;
		};
		const [response] = await differential(build, [{ path: '/' }]);
		assert.equal(response.headers.link, '</page/2>; rel="next", </page/2b>; rel="next", </page/9>; rel="last", </page/0>; rel="prev"');
	});

	test('res.vary without a field throws; an empty array changes nothing', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/none', (_req, res) => {
				(res.vary as Loose).call(res);
				res.end('unreached');
			});
			app.get('/empty', (_req, res) => {
				(res.vary as Loose).call(res, []);
				res.end(String(res.get('Vary')));
			});
			app.get('/field', (_req, res) => {
				res.vary('Accept').vary('Origin');
				res.end(String(res.get('Vary')));
			});
			app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
				res.status(500).send(`${err.name}: ${err.message}`);
			});
			return app;
		};
		const responses = await differential(build, [{ path: '/none' }, { path: '/empty' }, { path: '/field' }]);
		assert.equal(responses[0].body, 'TypeError: field argument is required');
		assert.equal(responses[1].body, 'undefined');
		assert.equal(responses[2].body, 'Accept, Origin');
	});
});
