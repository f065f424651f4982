import './helpers/line5';
/**
 * Velox 5's body parsers against express@5 (body-parser 2): `req.body` is `undefined` until a
 * parser sets it, and a parser leaves a request whose body was read already (the stream has
 * finished), whoever read it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

/** What the handler saw of `req.body`. */
function report(req: { body?: unknown; _body?: unknown }, res: { json(body: unknown): unknown }): void {
	// `_body`: Express 4's flag, which body-parser 2 no longer sets.
	res.json({ type: typeof req.body, own: Object.hasOwn(req, 'body'), body: req.body === undefined ? null : req.body, flagged: '_body' in req });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('Velox 5 body parsers: req.body', () => {
	test('is undefined without a parser, with no body, and for another type', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.post('/none', report);
			app.use('/parsed', framework.json(), framework.urlencoded(), framework.text(), framework.raw());
			app.all('/parsed', report);
			return app;
		};
		const responses = await differential(build, [
			{ method: 'POST', path: '/none', headers: JSON_TYPE, body: '{"a":1}' },
			{ method: 'GET', path: '/parsed' },
			{ method: 'POST', path: '/parsed' },
			{ method: 'POST', path: '/parsed', headers: { 'content-type': 'image/png' }, body: 'xx' },
			{ method: 'POST', path: '/parsed', headers: { 'content-length': '0' } },
			{ method: 'POST', path: '/parsed', headers: { 'content-type': 'application/json', 'content-length': '0' } },
			{ method: 'POST', path: '/parsed', headers: JSON_TYPE, body: '{"a":1}' },
			{ method: 'POST', path: '/parsed', headers: { 'content-type': 'text/plain' }, body: 'hi' },
		]);
		assert.deepEqual(
			responses.map((r) => JSON.parse(r.body).type),
			['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'object', 'object', 'string'],
		);
	});

	test('keeps a body an earlier middleware set', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				if (req.query.preset !== undefined) req.body = 'preset';
				next();
			});
			app.use(framework.json());
			app.post('/', report);
			return app;
		};
		await differential(build, [
			{ method: 'POST', path: '/?preset', headers: { 'content-type': 'text/plain' }, body: 'x' },
			{ method: 'POST', path: '/?preset', headers: JSON_TYPE, body: '{"a":1}' },
		]);
	});

	test('a parser skips a request whose body was read, by a parser or by the app', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use('/twice', framework.json(), framework.text({ type: '*/*' }), framework.json());
			app.post('/twice', report);
			app.use('/drained', (req, _res, next) => {
				const chunks: Buffer[] = [];
				req.on('data', (chunk: Buffer) => chunks.push(chunk));
				req.on('end', () => {
					next();
				});
			});
			app.use('/drained', framework.json(), framework.text());
			app.post('/drained', report);
			return app;
		};
		await differential(build, [
			{ method: 'POST', path: '/twice', headers: JSON_TYPE, body: '{"a":1}' },
			{ method: 'POST', path: '/twice', headers: { 'content-type': 'text/plain' }, body: 'hi' },
			{ method: 'POST', path: '/drained', headers: JSON_TYPE, body: '{"a":1}' },
			{ method: 'POST', path: '/drained', headers: { 'content-type': 'text/plain' }, body: 'hi' },
		]);
	});
});
