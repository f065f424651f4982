import './helpers/line5';
/**
 * Velox 5's json, text and raw parsers against express@5 (body-parser 2): bodies, charsets,
 * inflation, limits, `verify` and the errors, status, `type` and message as body-parser 2 makes them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { differential, type Framework } from './helpers/differential';

type Handler = (...args: never[]) => unknown;

/** An app with `parser` at `/`, answering the body (a Buffer as hex) or the error's fields. */
function parserApp(framework: Framework, parser: (framework: Framework) => Handler) {
	const app = framework();
	app.use(parser(framework) as never);
	app.post('/', (req, res) => {
		const body: unknown = req.body;
		res.json(Buffer.isBuffer(body) ? { hex: body.toString('hex') } : { type: typeof body, body: body === undefined ? null : body });
	});
	app.use(
		(
			err: {
				status?: number;
				statusCode?: number;
				type?: string;
				message: string;
				name: string;
				expose?: boolean;
				charset?: string;
				encoding?: string;
				limit?: number;
				length?: number;
				received?: number;
				expected?: number;
			},
			_req: unknown,
			res: { status(code: number): { json(body: unknown): unknown } },
			_next: unknown,
		) => {
			const { status, statusCode, type, message, name, expose, charset, encoding, limit, length, received, expected } = err;
			res.status(status ?? 500).json({ status, statusCode, type, message, name, expose, charset, encoding, limit, length, received, expected });
		},
	);
	return app;
}

function post(body: string | Buffer, headers: Record<string, string>) {
	return { method: 'POST', path: '/', headers, body };
}

const JSON_TYPE = 'application/json';

describe('Velox 5 json(), text(), raw()', () => {
	test('json: bodies, strict, charsets', async () => {
		await differential(
			(framework) => parserApp(framework, (f) => f.json()),
			[
				post('{"a":1}', { 'content-type': JSON_TYPE }),
				post('  [1,2]', { 'content-type': JSON_TYPE }),
				post('"str"', { 'content-type': JSON_TYPE }),
				post('{"a":', { 'content-type': JSON_TYPE }),
				post('', { 'content-type': JSON_TYPE, 'content-length': '0' }),
				post(Buffer.from('{"a":"\u00e9"}', 'utf16le'), { 'content-type': `${JSON_TYPE}; charset=utf-16le` }),
				post('{}', { 'content-type': `${JSON_TYPE}; charset=koi8-r` }),
				post('{}', { 'content-type': `${JSON_TYPE}; charset=UTF-8` }),
				post('{}', { 'content-type': 'application/vnd.api+json' }),
			],
		);
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ strict: false, type: '*/json' })),
			[post('"str"', { 'content-type': JSON_TYPE }), post('12', { 'content-type': 'text/json' })],
		);
	});

	test('json: defaultCharset for bodies without a charset', async () => {
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ defaultCharset: 'utf-16le' } as never)),
			[post(Buffer.from('{"a":"\u00e9"}', 'utf16le'), { 'content-type': JSON_TYPE }), post('{"a":1}', { 'content-type': `${JSON_TYPE}; charset=utf-8` })],
		);
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ defaultCharset: 'koi8-r' } as never)),
			[post('{"a":1}', { 'content-type': JSON_TYPE }), post('{"a":1}', { 'content-type': `${JSON_TYPE}; charset=utf-8` })],
		);
	});

	test('inflation, limits and verify', async () => {
		const gz = zlib.gzipSync('{"a":1}');
		const br = zlib.brotliCompressSync('{"a":1}');
		const df = zlib.deflateSync('{"a":1}');
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ limit: 20 })),
			[
				post(gz, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }),
				post(br, { 'content-type': JSON_TYPE, 'content-encoding': 'br' }),
				post(df, { 'content-type': JSON_TYPE, 'content-encoding': 'DEFLATE' }),
				post('{"a":1}', { 'content-type': JSON_TYPE, 'content-encoding': 'identity' }),
				post('{"a":1}', { 'content-type': JSON_TYPE, 'content-encoding': 'compress' }),
				post('{"a":1}', { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }),
				post(`{"a":"${'x'.repeat(30)}"}`, { 'content-type': JSON_TYPE }),
				post(zlib.gzipSync(`{"a":"${'x'.repeat(30)}"}`), { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }),
			],
		);
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ inflate: false })),
			[post(gz, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }), post('{"a":1}', { 'content-type': JSON_TYPE, 'content-encoding': 'nope' })],
		);
		// zstd: unpacked where node has it (22.15, 23.8 and later), else 415 on both.
		const zstd = (zlib as unknown as { zstdCompressSync?: (input: string) => Buffer }).zstdCompressSync;
		const zstdBody = zstd ? zstd('{"a":1}') : Buffer.from('28b52ffd', 'hex');
		const zstdAnswers = await differential(
			(framework) => parserApp(framework, (f) => f.json({ limit: 20 })),
			[
				post(zstdBody, { 'content-type': JSON_TYPE, 'content-encoding': 'zstd' }),
				post('not zstd', { 'content-type': JSON_TYPE, 'content-encoding': 'zstd' }),
				post(zstd ? zstd(`{"a":"${'x'.repeat(30)}"}`) : zstdBody, { 'content-type': JSON_TYPE, 'content-encoding': 'zstd' }),
			],
		);
		assert.equal(zstdAnswers[0].status, zstd ? 200 : 415);
		const verify = () => {
			throw new Error('no');
		};
		await differential(
			(framework) => parserApp(framework, (f) => f.text({ verify })),
			[post('hi', { 'content-type': 'text/plain' }), post('hi', { 'content-type': 'text/plain; charset=koi9' })],
		);
	});

	test('UTF-32 bodies: either byte order, with or without a byte order mark', async () => {
		const le = (text: string) =>
			Buffer.concat(
				[...text].map((c) => {
					const unit = Buffer.alloc(4);
					unit.writeUInt32LE(c.codePointAt(0) as number);
					return unit;
				}),
			);
		const be = (text: string) =>
			Buffer.from(
				le(text)
					.toString('hex')
					.match(/.{8}/g)
					?.map((unit) => unit.match(/../g)?.reverse().join(''))
					.join('') ?? '',
				'hex',
			);
		const body = '{"name":"\u00e9t\u00e9 \u{1f600}"}';
		const json = (charset: string) => ({ 'content-type': `${JSON_TYPE}; charset=${charset}` });
		const cases = [
			post(le(body), json('utf-32')),
			post(le(`\ufeff${body}`), json('utf-32')),
			post(be(body), json('utf-32')),
			post(be(`\ufeff${body}`), json('UTF-32')),
			post(le(body), json('utf-32le')),
			post(be(body), json('utf-32be')),
			post(Buffer.concat([le(body), Buffer.from([0x7d])]), json('utf-32le')),
			post(Buffer.concat([le('{"a":"'), Buffer.from([0, 0, 0x20, 0]), le('"}')]), json('utf-32le')),
			post(le('[]'), json('utf-32')),
			post(be('[]'), json('utf-32')),
		];
		await differential((framework) => parserApp(framework, (f) => f.json()), cases);
		await differential(
			(framework) => parserApp(framework, (f) => f.text({ verify: () => undefined })),
			[post(le('h\u00e9'), { 'content-type': 'text/plain; charset=utf-32' }), post(be('h\u00e9'), { 'content-type': 'text/plain; charset=ucs-4' })],
		);
	});

	test('a type function taking every request, whatever its Content-Type', async () => {
		await differential(
			(framework) => parserApp(framework, (f) => f.json({ type: () => true })),
			[
				post('{}', { 'content-type': `${JSON_TYPE}; charset` }),
				post('{}', { 'content-type': `${JSON_TYPE};foo=` }),
				post('{}', { 'content-type': 'garbage' }),
				post('{}', {}),
			],
		);
	});

	test('text and raw', async () => {
		await differential(
			(framework) => parserApp(framework, (f) => f.text({ defaultCharset: 'iso-8859-1' })),
			[
				post(Buffer.from('\u00e9t\u00e9', 'latin1'), { 'content-type': 'text/plain' }),
				post('\u00e9t\u00e9', { 'content-type': 'text/plain; charset=utf-8' }),
				post('x', { 'content-type': 'text/plain; charset=koi9' }),
				post('x', { 'content-type': 'text/html' }),
			],
		);
		await differential(
			(framework) => parserApp(framework, (f) => f.raw()),
			[
				post(Buffer.from([0, 1, 2, 255]), { 'content-type': 'application/octet-stream' }),
				post('x', { 'content-type': 'application/octet-stream; charset=koi9' }),
			],
		);
	});
});
