import './helpers/line5';
/**
 * Velox 5 reads and writes Content-Type with content-type 2, as express@5 and body-parser 2 do:
 * `res.send`'s charset (and `utils.setCharset`) keeps the parameters' order and drops a parameter
 * without `=` instead of failing, and the body parsers take the charset from a header content-type 1
 * could not parse (the first of repeated parameters wins).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

const veloxUtils = require('../src/utils') as { setCharset(type: string, charset: string): string };
const expressUtils = require('express5/lib/utils') as typeof veloxUtils;

const TYPES = [
	'text/plain; foo=bar',
	'text/plain; foo',
	'text/plain; charset=latin1; foo=bar',
	'text/plain;foo=bar;charset=utf-16',
	'text/plain; a="quoted value"; b=c',
	'TEXT/PLAIN; Foo=Bar',
	'text/plain; charset=x; charset=y',
	'text/plain; foo=',
	'application/vnd.api+json; ext=1',
];

describe('Velox 5 Content-Type parsing and formatting (content-type 2)', () => {
	test('utils.setCharset answers as express@5’s', () => {
		for (const type of TYPES) assert.equal(veloxUtils.setCharset(type, 'utf-8'), expressUtils.setCharset(type, 'utf-8'), type);
		assert.equal(veloxUtils.setCharset('text/plain; foo=bar', 'utf-8'), 'text/plain; foo=bar; charset=utf-8');
		assert.equal(veloxUtils.setCharset('text/plain; foo', 'utf-8'), 'text/plain; charset=utf-8');
		assert.equal(veloxUtils.setCharset('', 'utf-8'), '');
	});

	test('res.send of a string adds the charset to the type set, as express@5', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/set/:index', (req, res) => res.set('Content-Type', TYPES[Number(req.params.index)]).send('hey'));
			app.get('/header/:index', (req, res) => {
				res.setHeader('Content-Type', TYPES[Number(req.params.index)]);
				res.send('hey');
			});
			return app;
		};
		const responses = await differential(build, [...TYPES.map((_, i) => ({ path: `/set/${i}` })), ...TYPES.map((_, i) => ({ path: `/header/${i}` }))]);
		assert.equal(responses[0].headers['content-type'], 'text/plain; foo=bar; charset=utf-8');
		assert.equal(responses[TYPES.length + 1].headers['content-type'], 'text/plain; charset=utf-8');
	});

	test('the body parsers read the charset as body-parser 2', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.post('/text', framework.text(), (req, res) => res.json({ body: req.body }));
			app.post('/json', framework.json(), (req, res) => res.json({ body: req.body }));
			app.use(
				(err: Error & { status?: number; type?: string }, _req: unknown, res: { status(code: number): { json(body: unknown): void } }, _next: unknown) => {
					res.status(err.status ?? 500).json({ type: err.type, message: err.message });
				},
			);
			return app;
		};
		const latin1 = Buffer.from('caf\xe9', 'latin1');
		const headers = [
			'text/plain; foo; charset=latin1',
			'text/plain; charset=latin1; charset=utf-8',
			'text/plain; charset="latin1"',
			'text/plain;charset=LATIN1 ',
			'text/plain; charset',
		];
		const requests = [
			...headers.map((type) => ({ method: 'POST', path: '/text', headers: { 'content-type': type }, body: latin1 })),
			{ method: 'POST', path: '/json', headers: { 'content-type': 'application/json; foo; charset=utf-8' }, body: '{"a":1}' },
			{ method: 'POST', path: '/json', headers: { 'content-type': 'application/json; foo; charset=latin1' }, body: '{"a":1}' },
		];
		const responses = await differential(build, requests);
		assert.equal(responses[0].body, JSON.stringify({ body: 'café' }));
		assert.equal(responses[headers.length + 1].status, 415);
	});
});
