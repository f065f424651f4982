import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import request from 'supertest';
import express from 'express';
import velox from '../src/express';
import { differential, parserApp, sendTo } from './helpers/body';

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('velox.json', () => {
	test('parses an object and an array, as express.json', async () => {
		const bodies = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: JSON_TYPE, body: '{"user":"tobi","n":[1,2,{"x":null}]}' },
				{ headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '[1,"two",true]' },
				{ headers: { 'Content-Type': 'Application/JSON; Charset=UTF-8' }, body: ' \t\n{"spaced":1}' },
			],
		);
		assert.deepEqual(bodies[0], { body: { json: { user: 'tobi', n: [1, 2, { x: null }] }, proto: 'Object' }, parsed: true });
		assert.deepEqual(bodies[1].body.json, [1, 'two', true]);
		assert.deepEqual(bodies[2].body.json, { spaced: 1 });
	});

	test('an empty body (Content-Length: 0) gives {}, as Express 4', async () => {
		const [empty] = await differential((name) => parserApp(name, (p) => p.json()), [{ headers: { ...JSON_TYPE, 'Content-Length': '0' }, body: '' }]);
		assert.deepEqual(empty, { body: { json: {}, proto: 'Object' }, parsed: true });
	});

	test('skips requests without a body or of another type, leaving req.body {}', async () => {
		const bodies = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[{ method: 'GET' }, { headers: { 'Content-Type': 'text/plain' }, body: '{"a":1}' }, { body: '{"a":1}' }],
		);
		for (const body of bodies) assert.deepEqual(body, { body: { json: {}, proto: 'Object' }, parsed: false });
	});

	test('malformed JSON is 400 entity.parse.failed with the raw text in err.body', async () => {
		const [truncated, garbage] = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: JSON_TYPE, body: '{"a":' },
				{ headers: JSON_TYPE, body: '{"a": nope}' },
			],
		);
		assert.equal(truncated.status, 400);
		assert.equal(truncated.type, 'entity.parse.failed');
		assert.equal(truncated.name, 'SyntaxError');
		assert.equal(truncated.expose, true);
		assert.deepEqual(truncated.body, { string: '{"a":' });
		assert.deepEqual(truncated.reqBody, { json: {}, proto: 'Object' });
		assert.match(garbage.message, /JSON/);
	});

	test('strict mode rejects primitives in the engine words; strict: false accepts them', async () => {
		const strict = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: JSON_TYPE, body: '"a string"' },
				{ headers: JSON_TYPE, body: '  true' },
				{ headers: JSON_TYPE, body: '42' },
				{ headers: JSON_TYPE, body: '   ' },
				{ headers: JSON_TYPE, body: 'null' },
			],
		);
		for (const answer of strict) {
			assert.equal(answer.status, 400);
			assert.equal(answer.type, 'entity.parse.failed');
		}
		assert.match(strict[0].message, /"a string"/);
		const loose = await differential(
			(name) => parserApp(name, (p) => p.json({ strict: false })),
			[
				{ headers: JSON_TYPE, body: '"a string"' },
				{ headers: JSON_TYPE, body: '42' },
				{ headers: JSON_TYPE, body: 'null' },
			],
		);
		assert.deepEqual(
			loose.map((answer) => answer.body),
			[{ string: 'a string' }, { json: 42 }, { json: null }],
		);
	});

	test('reviver is passed to JSON.parse', async () => {
		const reviver = (key: string, value: unknown) => (key === 'n' ? Number(value) * 2 : value);
		const [answer] = await differential((name) => parserApp(name, (p) => p.json({ reviver })), [{ headers: JSON_TYPE, body: '{"n":21,"s":"x"}' }]);
		assert.deepEqual(answer.body.json, { n: 42, s: 'x' });
	});

	test('accepts any UTF charset, strips a byte order mark, and answers 415 for others', async () => {
		const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"ü":"✓"}', 'utf16le')]);
		const answers = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: { 'Content-Type': 'application/json; charset=utf-16' }, body: utf16 },
				{ headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"bom":true}')]) },
				{ headers: JSON_TYPE, body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]) },
				{ headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' },
				{ headers: { 'Content-Type': 'application/json; charset=utf-9' }, body: '{}' },
			],
		);
		assert.deepEqual(answers[0].body.json, { ü: '✓' });
		assert.deepEqual(answers[1].body.json, { bom: true });
		assert.deepEqual(answers[2].body.json, { a: '\ufffd(\ufffd' });
		assert.equal(answers[3].status, 415);
		assert.equal(answers[3].type, 'charset.unsupported');
		assert.equal(answers[3].message, 'unsupported charset "LATIN1"');
		assert.equal(answers[3].charset, 'latin1');
		assert.equal(answers[4].message, 'unsupported charset "UTF-9"');
	});

	test('type option: extension, wildcard, suffix, array and function', async () => {
		const vendor = { 'Content-Type': 'application/vnd.api+json' };
		const answers = await differential(
			(name) =>
				parserApp(name, (p) => [
					p.json({ type: 'json' }),
					p.json({ type: '*/*' }),
					p.json({ type: 'application/*+json' }),
					p.json({ type: ['text/x-json', 'application/x-json'] }),
					p.json({ type: (req: { headers: Record<string, string> }) => req.headers['x-json'] === 'yes' }),
				]),
			[
				{ headers: vendor, body: '{"vendor":1}' },
				{ headers: { 'Content-Type': 'text/anything' }, body: '{"any":1}' },
				{ headers: JSON_TYPE, body: '{"plain":1}' },
			],
		);
		assert.deepEqual(answers[0].body.json, { vendor: 1 });
		assert.deepEqual(answers[1].body.json, { any: 1 });
		assert.deepEqual(answers[2].body.json, { plain: 1 });
		const [fromFunction, skipped] = await differential(
			(name) => parserApp(name, (p) => p.json({ type: (req: any) => req.headers['x-json'] === 'yes' })),
			[
				{ headers: { 'Content-Type': 'text/plain', 'X-Json': 'yes' }, body: '{"fn":1}' },
				{ headers: JSON_TYPE, body: '{"fn":1}' },
			],
		);
		assert.deepEqual(fromFunction.body.json, { fn: 1 });
		assert.deepEqual(skipped.body.json, {});
	});

	test('a body over the limit is 413 entity.too.large', async () => {
		const [over, within] = await differential(
			(name) => parserApp(name, (p) => p.json({ limit: 10 })),
			[
				{ headers: JSON_TYPE, body: '{"a":"0123456789"}' },
				{ headers: JSON_TYPE, body: '{"a":"01"}' },
			],
		);
		assert.equal(over.status, 413);
		assert.equal(over.type, 'entity.too.large');
		assert.equal(over.message, 'request entity too large');
		assert.equal(over.limit, 10);
		assert.equal(over.length, 18);
		assert.deepEqual(within.body.json, { a: '01' });
		const [stringLimit] = await differential(
			(name) => parserApp(name, (p) => p.json({ limit: '1kb' })),
			[{ headers: JSON_TYPE, body: JSON.stringify({ a: 'x'.repeat(1100) }) }],
		);
		assert.equal(stringLimit.limit, 1024);
	});

	test('gzip, deflate and (beyond Express 4) br bodies are inflated', async () => {
		const payload = '{"zipped":"' + 'z'.repeat(200) + '"}';
		const [gzip, deflate] = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync(payload) },
				{ headers: { ...JSON_TYPE, 'Content-Encoding': 'DEFLATE' }, body: zlib.deflateSync(payload) },
			],
		);
		assert.equal(gzip.body.json.zipped.length, 200);
		assert.equal(deflate.body.json.zipped.length, 200);
		const br = await sendTo('velox', (name) => parserApp(name, (p) => p.json()), {
			headers: { ...JSON_TYPE, 'Content-Encoding': 'br' },
			body: zlib.brotliCompressSync(payload),
		});
		assert.equal(br.status, 200);
		assert.equal(JSON.parse(br.body).body.json.zipped.length, 200);
	});

	test('inflate: false rejects a compressed body with 415 encoding.unsupported', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.json({ inflate: false })),
			[{ headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync('{}') }],
		);
		assert.equal(answer.status, 415);
		assert.equal(answer.type, 'encoding.unsupported');
		assert.equal(answer.message, 'content encoding unsupported');
		assert.equal(answer.encoding, 'gzip');
	});

	test('verify sees the raw buffer; throwing aborts with 403 entity.verify.failed or the error own status and type', async () => {
		const verify = (_req: unknown, _res: unknown, buf: Buffer, encoding: string) => {
			if (buf.toString() === '{"bad":1}') throw new Error('bad signature');
			if (buf.toString() === '{"teapot":1}') throw Object.assign(new Error('short and stout'), { status: 418, type: 'tea.pot' });
			if (encoding !== 'utf-8') throw new Error('encoding ' + encoding);
		};
		const [good, bad, teapot] = await differential(
			(name) => parserApp(name, (p) => p.json({ verify })),
			[
				{ headers: JSON_TYPE, body: '{"good":1}' },
				{ headers: JSON_TYPE, body: '{"bad":1}' },
				{ headers: JSON_TYPE, body: '{"teapot":1}' },
			],
		);
		assert.deepEqual(good.body.json, { good: 1 });
		assert.equal(bad.status, 403);
		assert.equal(bad.type, 'entity.verify.failed');
		assert.equal(bad.message, 'bad signature');
		assert.deepEqual(bad.body, { buffer: Buffer.from('{"bad":1}').toString('hex') });
		assert.equal(teapot.status, 418);
		assert.equal(teapot.type, 'tea.pot');
	});

	test('odd throws keep Express semantics: a string, a statusCode, a reviver error with its own status', async () => {
		const verify = (_req: unknown, _res: unknown, buf: Buffer) => {
			if (buf.toString() === '{"s":1}') throw 'nope';
			if (buf.toString() === '{"q":1}') throw Object.assign(new Error('five'), { statusCode: 503 });
		};
		const reviver = (key: string, value: unknown) => {
			if (key === 'boom') throw Object.assign(new TypeError('reviver boom'), { status: 422, type: 'custom' });
			return value;
		};
		const [thrownString, withStatusCode, fromReviver] = await differential(
			(name) => parserApp(name, (p) => p.json({ verify, reviver })),
			[
				{ headers: JSON_TYPE, body: '{"s":1}' },
				{ headers: JSON_TYPE, body: '{"q":1}' },
				{ headers: JSON_TYPE, body: '{"boom":1}' },
			],
		);
		assert.deepEqual([thrownString.status, thrownString.name, thrownString.message], [403, 'ForbiddenError', 'nope']);
		assert.deepEqual([withStatusCode.status, withStatusCode.expose, withStatusCode.type], [503, false, 'entity.verify.failed']);
		// body-parser strips a JSON.parse error down to message and stack, so the reviver's status is lost.
		assert.deepEqual([fromReviver.status, fromReviver.name, fromReviver.type], [400, 'TypeError', 'entity.parse.failed']);
	});

	test('__proto__, constructor and prototype keys never pollute Object.prototype', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.json()),
			[{ headers: JSON_TYPE, body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}' }],
		);
		assert.equal(({} as Record<string, unknown>).polluted, undefined);
		assert.equal(answer.body.proto, 'Object');
		assert.deepEqual(Object.getOwnPropertyDescriptor(answer.body.json, '__proto__')?.value, { polluted: 'yes' });
	});

	test('a body already parsed by an earlier parser is left alone', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => [p.text({ type: '*/*' }), p.json()]), [{ headers: JSON_TYPE, body: '{"a":1}' }]);
		assert.deepEqual(answer.body, { string: '{"a":1}' });
	});

	test('invalid options throw TypeErrors with Express wording', () => {
		assert.throws(() => velox.json({ limit: 'lots' }), { name: 'TypeError', message: 'option limit "lots" is invalid' });
		assert.throws(() => velox.json({ verify: 'yes' as never }), { name: 'TypeError', message: 'option verify must be function' });
	});

	test('mounts on a typed app, with a verify typed against velox.Request', async () => {
		const app = velox();
		app.set('env', 'test');
		const verify = (req: velox.Request, _res: velox.Response, buf: Buffer) => {
			req.headers['x-raw-length'] = String(buf.length);
		};
		app.post('/', velox.json({ verify }), (req, res) => {
			res.end(JSON.stringify({ body: req.body, raw: req.headers['x-raw-length'] }));
		});
		const response = await request(app).post('/').set('Content-Type', 'application/json').send('{"a":1}');
		assert.equal(response.status, 200);
		assert.deepEqual(JSON.parse(response.text), { body: { a: 1 }, raw: '7' });
	});

	test('the middleware is named jsonParser, as in Express 4', () => {
		assert.equal(velox.json().name, 'jsonParser');
	});

	test('each parser is a plain function with a prototype and three parameters, as body-parser makes them', () => {
		for (const name of ['json', 'raw', 'text', 'urlencoded'] as const) {
			const ours = velox[name]() as unknown as { prototype?: unknown; length: number };
			const theirs = express[name]() as unknown as { prototype?: unknown; length: number };
			assert.equal(typeof ours.prototype, typeof theirs.prototype, name);
			assert.equal(ours.length, theirs.length, name);
		}
	});
});
