import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import velox from '../src/express';
import { differential, parserApp } from './helpers/body';

const OCTETS = { 'Content-Type': 'application/octet-stream' };
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe('velox.raw', () => {
	test('reads the body into a Buffer, every byte kept', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => p.raw()), [{ headers: OCTETS, body: ALL_BYTES }]);
		assert.deepEqual(answer, { body: { buffer: ALL_BYTES.toString('hex') }, parsed: true });
	});

	test('an empty body gives an empty Buffer; no body or another type leaves {}', async () => {
		const [empty, none, other] = await differential(
			(name) => parserApp(name, (p) => p.raw()),
			[{ headers: { ...OCTETS, 'Content-Length': '0' }, body: '' }, { method: 'GET' }, { headers: { 'Content-Type': 'text/plain' }, body: 'abc' }],
		);
		assert.deepEqual(empty.body, { buffer: '' });
		assert.deepEqual(none.body, { json: {}, proto: 'Object' });
		assert.deepEqual(other.body, { json: {}, proto: 'Object' });
	});

	test('a chunked body of several chunks is joined in order', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.raw()),
			[{ headers: { ...OCTETS, 'Transfer-Encoding': 'chunked' }, body: [Buffer.from('one,'), Buffer.from('two,'), Buffer.from('three')] }],
		);
		assert.deepEqual(answer.body, { buffer: Buffer.from('one,two,three').toString('hex') });
	});

	test('type option: a wildcard, and a function', async () => {
		const [image, skipped] = await differential(
			(name) => parserApp(name, (p) => p.raw({ type: 'image/*' })),
			[
				{ headers: { 'Content-Type': 'image/png' }, body: Buffer.from([0x89, 0x50]) },
				{ headers: OCTETS, body: Buffer.from([1]) },
			],
		);
		assert.deepEqual(image.body, { buffer: '8950' });
		assert.deepEqual(skipped.body, { json: {}, proto: 'Object' });
		const [any] = await differential((name) => parserApp(name, (p) => p.raw({ type: () => true })), [{ headers: { 'Content-Type': 'text/plain' }, body: 'x' }]);
		assert.deepEqual(any.body, { buffer: '78' });
	});

	test('the charset parameter is ignored: bytes are not decoded', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.raw()),
			[{ headers: { 'Content-Type': 'application/octet-stream; charset=bogus' }, body: Buffer.from([0xff, 0xfe]) }],
		);
		assert.deepEqual(answer.body, { buffer: 'fffe' });
	});

	test('a body over the limit is 413 entity.too.large', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => p.raw({ limit: '1kb' })), [{ headers: OCTETS, body: Buffer.alloc(1025) }]);
		assert.equal(answer.status, 413);
		assert.equal(answer.type, 'entity.too.large');
		assert.equal(answer.limit, 1024);
	});

	test('verify gets the buffer and a null encoding', async () => {
		const verify = (_req: unknown, _res: unknown, buf: Buffer, encoding: unknown) => {
			if (encoding !== null) throw new Error('encoding ' + String(encoding));
			if (buf[0] === 0) throw new Error('leading zero');
		};
		const [good, bad] = await differential(
			(name) => parserApp(name, (p) => p.raw({ verify })),
			[
				{ headers: OCTETS, body: Buffer.from([1, 2]) },
				{ headers: OCTETS, body: Buffer.from([0, 2]) },
			],
		);
		assert.deepEqual(good.body, { buffer: '0102' });
		assert.equal(bad.status, 403);
		assert.equal(bad.message, 'leading zero');
		assert.deepEqual(bad.body, { buffer: '0002' });
	});

	test('deflate and gzip are inflated; inflate: false is 415', async () => {
		const [deflated, gzipped] = await differential(
			(name) => parserApp(name, (p) => p.raw()),
			[
				{ headers: { ...OCTETS, 'Content-Encoding': 'deflate' }, body: zlib.deflateSync(ALL_BYTES) },
				{ headers: { ...OCTETS, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync(ALL_BYTES) },
			],
		);
		assert.deepEqual(deflated.body, { buffer: ALL_BYTES.toString('hex') });
		assert.deepEqual(gzipped.body, { buffer: ALL_BYTES.toString('hex') });
		const [refused] = await differential(
			(name) => parserApp(name, (p) => p.raw({ inflate: false })),
			[{ headers: { ...OCTETS, 'Content-Encoding': 'deflate' }, body: zlib.deflateSync(ALL_BYTES) }],
		);
		assert.equal(refused.status, 415);
		assert.equal(refused.type, 'encoding.unsupported');
	});

	test('the middleware is named rawParser and rejects bad options', () => {
		assert.equal(velox.raw().name, 'rawParser');
		assert.throws(() => velox.raw({ limit: 'much' }), { name: 'TypeError', message: 'option limit "much" is invalid' });
	});
});
