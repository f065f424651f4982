import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import velox from '../src/express';
import { differential, parserApp } from './helpers/body';

const PLAIN = { 'Content-Type': 'text/plain' };

describe('velox.text', () => {
	test('decodes a text/plain body into a string', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => p.text()), [{ headers: PLAIN, body: 'héllo ✓ wörld' }]);
		assert.deepEqual(answer, { body: { string: 'héllo ✓ wörld' }, parsed: true });
	});

	test('an empty body gives an empty string, as Express 4 (Content-Length: 0 counts as a body)', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => p.text()), [{ headers: { ...PLAIN, 'Content-Length': '0' }, body: '' }]);
		assert.deepEqual(answer.body, { string: '' });
	});

	test('decodes any charset iconv-lite knows; defaultCharset applies when none is named', async () => {
		const answers = await differential(
			(name) => parserApp(name, (p) => p.text({ defaultCharset: 'ISO-8859-1' })),
			[
				{ headers: { 'Content-Type': 'text/plain; charset=utf-16le' }, body: Buffer.from('ünï', 'utf16le') },
				{ headers: { 'Content-Type': 'text/plain; charset=koi8-r' }, body: Buffer.from([0xf0, 0xd2, 0xc9]) },
				{ headers: PLAIN, body: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
				{ headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from([0xef, 0xbb, 0xbf, 0x61]) },
			],
		);
		assert.deepEqual(answers[0].body, { string: 'ünï' });
		assert.deepEqual(answers[1].body, { string: 'При' });
		assert.deepEqual(answers[2].body, { string: 'café' });
		assert.deepEqual(answers[3].body, { string: 'a' });
	});

	test('an unknown charset is 415 charset.unsupported, with and without verify', async () => {
		const request = { headers: { 'Content-Type': 'text/plain; charset=x-bogus' }, body: 'abc' };
		const [plain] = await differential((name) => parserApp(name, (p) => p.text()), [request]);
		const [verified] = await differential((name) => parserApp(name, (p) => p.text({ verify: () => {} })), [request]);
		for (const answer of [plain, verified]) {
			assert.equal(answer.status, 415);
			assert.equal(answer.type, 'charset.unsupported');
			assert.equal(answer.message, 'unsupported charset "X-BOGUS"');
			assert.equal(answer.charset, 'x-bogus');
		}
	});

	test('checks come in Express order: with verify the charset is checked before the limit', async () => {
		const request = { headers: { 'Content-Type': 'text/plain; charset=x-bogus' }, body: 'x'.repeat(20) };
		const [plain] = await differential((name) => parserApp(name, (p) => p.text({ limit: 10 })), [request]);
		const [verified] = await differential((name) => parserApp(name, (p) => p.text({ limit: 10, verify: () => {} })), [request]);
		assert.equal(plain.status, 413);
		assert.equal(verified.status, 415);
	});

	test('verify gets the raw buffer and the charset', async () => {
		let seen: unknown[] = [];
		const verify = (_req: unknown, _res: unknown, buf: Buffer, encoding: string) => {
			seen = [buf.toString('hex'), encoding];
		};
		await differential(
			(name) => parserApp(name, (p) => p.text({ verify })),
			[{ headers: { 'Content-Type': 'text/plain; charset=Latin1' }, body: Buffer.from([0xe9]) }],
		);
		assert.deepEqual(seen, ['e9', 'latin1']);
	});

	test('type option and limit', async () => {
		const [html, over] = await differential(
			(name) => parserApp(name, (p) => p.text({ type: 'text/*', limit: 8 })),
			[
				{ headers: { 'Content-Type': 'text/html' }, body: '<p>hi</p' },
				{ headers: { 'Content-Type': 'text/csv' }, body: 'a,b,c,d,e' },
			],
		);
		assert.deepEqual(html.body, { string: '<p>hi</p' });
		assert.equal(over.status, 413);
		assert.equal(over.type, 'entity.too.large');
	});

	test('gzip bodies are inflated, then decoded', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.text()),
			[{ headers: { 'Content-Type': 'text/plain; charset=utf-16le', 'Content-Encoding': 'gzip' }, body: zlib.gzipSync(Buffer.from('zïp', 'utf16le')) }],
		);
		assert.deepEqual(answer.body, { string: 'zïp' });
	});

	test('the middleware is named textParser', () => {
		assert.equal(velox.text().name, 'textParser');
	});
});
