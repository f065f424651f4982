/**
 * Velox 5's line policy (src/core/lines/express5.ts) through an app, against express@5: the status
 * rules, the default query parser, the OPTIONS `Allow` separator, and the members Express 5 removed.
 */
import './helpers/line5';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express5 from 'express5';
import { linePolicy } from '../src/core/lines';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

describe('Velox 5 line policy', () => {
	test('the line in force is 5', () => {
		assert.equal(linePolicy().line, 5);
	});

	test('res.status accepts integers from 100 to 999 and throws otherwise, with express@5 words', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('env', 'test');
			app.get('/:value', (req, res) => {
				const raw = req.params.value;
				const code: unknown = raw === 'string' ? '200' : Number(raw);
				try {
					(res.status as (code: unknown) => unknown)(code);
					res.end(String(res.statusCode));
				} catch (err) {
					res.statusCode = 200;
					res.end(`${(err as Error).name}: ${(err as Error).message}`);
				}
			});
			return app;
		};
		const responses = await differential(
			build,
			['200', '999', '299', '99', '1000', '200.5', 'string', 'NaN'].map((value) => ({ path: `/${value}` })),
		);
		assert.deepEqual(
			responses.map((r) => r.body),
			[
				'200',
				'999',
				'299',
				'RangeError: Invalid status code: 99. Status code must be greater than 99 and less than 1000.',
				'RangeError: Invalid status code: 1000. Status code must be greater than 99 and less than 1000.',
				'TypeError: Invalid status code: 200.5. Status code must be an integer.',
				'TypeError: Invalid status code: "200". Status code must be an integer.',
				'TypeError: Invalid status code: null. Status code must be an integer.',
			],
		);
	});

	test('res.sendStatus checks its code as res.status does; an error reaches the final handler', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('env', 'test');
			app.get('/:code', (req, res) => {
				res.sendStatus(Number(req.params.code));
			});
			return app;
		};
		const responses = await differential(build, [{ path: '/404' }, { path: '/700' }, { path: '/42' }]);
		assert.deepEqual(
			responses.map((r) => r.status),
			[404, 700, 500],
		);
	});

	test('the default query parser is "simple": brackets are not nested', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => res.json({ query: req.query, setting: app.get('query parser') }));
			return app;
		};
		const [response] = await differential(build, [{ path: '/?filter[status]=open&a=1&a=2&b.c=3' }]);
		assert.deepEqual(JSON.parse(response.body), { query: { 'filter[status]': 'open', a: ['1', '2'], 'b.c': '3' }, setting: 'simple' });
	});

	test('the automatic OPTIONS answer sorts its methods and joins them with ", "', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/item', (_req, res) => res.end());
			app.put('/item', (_req, res) => res.end());
			app.delete('/item', (_req, res) => res.end());
			return app;
		};
		const [response] = await differential(build, [{ method: 'OPTIONS', path: '/item' }]);
		assert.equal(response.headers.allow, 'DELETE, GET, HEAD, PUT');
		assert.equal(response.body, 'DELETE, GET, HEAD, PUT');
	});

	test('the members Express 5 removed are absent, as on express@5', () => {
		const shape = (framework: typeof velox) => {
			const app = framework();
			const statics = framework as unknown as Record<string, unknown>;
			return {
				query: 'query' in framework,
				bodyParser: Object.getOwnPropertyDescriptor(framework, 'bodyParser') !== undefined,
				staticMime: 'mime' in (framework.static as object),
				del: 'del' in app,
				param: 'param' in framework.request,
				acceptsCharset: 'acceptsCharset' in framework.request,
				acceptsEncoding: 'acceptsEncoding' in framework.request,
				acceptsLanguage: 'acceptsLanguage' in framework.request,
				acceptsCharsets: typeof (framework.request as unknown as Record<string, unknown>).acceptsCharsets,
				sendfile: 'sendfile' in framework.response,
				sendFile: typeof framework.response.sendFile,
				json: typeof statics.json,
			};
		};
		const expected = shape(express5 as unknown as typeof velox);
		assert.deepEqual(expected, {
			query: false,
			bodyParser: false,
			staticMime: false,
			del: false,
			param: false,
			acceptsCharset: false,
			acceptsEncoding: false,
			acceptsLanguage: false,
			acceptsCharsets: 'function',
			sendfile: false,
			sendFile: 'function',
			json: 'function',
		});
		assert.deepEqual(shape(velox), expected);
	});
});
