import './helpers/line5';
/**
 * Velox 5's `urlencoded()` against express@5 (body-parser 2): `extended` off by default, no
 * warning; UTF-8 and ISO-8859-1 forms, `defaultCharset`, `charsetSentinel`,
 * `interpretNumericEntities`; flat keys through qs at depth 0; the errors in body-parser 2's words.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

const FORM = 'application/x-www-form-urlencoded';

/** An app answering `req.body` as JSON, or the error's status, type and message, through `urlencoded(options)` at `/`. */
function formApp(framework: Framework, options: Record<string, unknown>) {
	const app = framework();
	app.use(framework.urlencoded(options as never));
	app.post('/', (req, res) => {
		res.json(req.body === undefined ? null : req.body);
	});
	app.use(
		(
			err: { status?: number; type?: string; message: string; charset?: string },
			_req: unknown,
			res: { status(code: number): { json(body: unknown): unknown } },
			_next: unknown,
		) => {
			res.status(err.status ?? 500).json({ type: err.type, message: err.message, charset: err.charset });
		},
	);
	return app;
}

function post(body: string | Buffer, type = FORM) {
	return { method: 'POST', path: '/', headers: { 'content-type': type }, body };
}

describe('Velox 5 urlencoded()', () => {
	test('extended defaults to false: flat keys through qs, arrays up to the parameter count', async () => {
		const responses = await differential(
			(framework) => formApp(framework, {}),
			[
				post('a=1&b=2'),
				post('user[name]=tobi&user[age]=3'),
				post('a[]=1&a[]=2&a=3'),
				post('a[0]=x&a[1]=y'),
				post('a=1&a=2&a=3'),
				post(''),
				post('%E2%82%AC=%20+x&hasOwnProperty=1&__proto__=2'),
				post('a'),
				post('=b&c='),
			],
		);
		assert.equal(responses[1].body, '{"user[name]":"tobi","user[age]":"3"}');
	});

	test('extended: true nests keys, to depth 32 by default', async () => {
		await differential(
			(framework) => formApp(framework, { extended: true }),
			[post('user[name]=tobi&user[age]=3'), post('a[b][c]=1'), post(`a${'[b]'.repeat(33)}=1`), post('a[]=1&a[]=2')],
		);
	});

	test('charsets: utf-8 and iso-8859-1 decoded, others refused with 415', async () => {
		await differential(
			(framework) => formApp(framework, {}),
			[
				post('name=%E9t%E9', `${FORM}; charset=iso-8859-1`),
				post(Buffer.from('name=\u00e9t\u00e9', 'latin1'), `${FORM}; charset=ISO-8859-1`),
				post('name=%C3%A9t%C3%A9', `${FORM}; charset=utf-8`),
				post('name=x', `${FORM}; charset=koi8-r`),
				post('name=x', `${FORM}; charset=latin1`),
				post('name=x', `${FORM}; charset=utf-16`),
			],
		);
	});

	test('defaultCharset for forms without a charset', async () => {
		await differential(
			(framework) => formApp(framework, { defaultCharset: 'iso-8859-1' }),
			[post('name=%E9t%E9'), post('name=%C3%A9t%C3%A9', `${FORM}; charset=utf-8`)],
		);
	});

	test('charsetSentinel and interpretNumericEntities', async () => {
		await differential(
			(framework) => formApp(framework, { charsetSentinel: true, interpretNumericEntities: true }),
			[
				post('utf8=%E2%9C%93&name=%C3%A9t%C3%A9', `${FORM}; charset=iso-8859-1`),
				post('utf8=%26%2310003%3B&name=%E9t%E9'),
				post('name=%26%239786%3B', `${FORM}; charset=iso-8859-1`),
				post('name=%26%239786%3B'),
			],
		);
		await differential((framework) => formApp(framework, {}), [post('utf8=%E2%9C%93&name=%E9', `${FORM}; charset=iso-8859-1`)]);
	});

	test('parameterLimit and depth errors, as body-parser 2 words them', async () => {
		await differential((framework) => formApp(framework, { parameterLimit: 2 }), [post('a=1&b=2'), post('a=1&b=2&c=3')]);
		await differential((framework) => formApp(framework, { extended: true, depth: 1 }), [post('a[b]=1'), post('a[b][c]=1')]);
		await differential((framework) => formApp(framework, { extended: false, depth: 1 }), [post('a[b][c]=1')]);
	});

	test('no deprecation warning when extended is not given', () => {
		const warnings: Error[] = [];
		const listener = (err: Error) => warnings.push(err);
		process.on('deprecation', listener);
		try {
			velox.urlencoded();
			velox.urlencoded({});
		} finally {
			process.off('deprecation', listener);
		}
		assert.deepEqual(warnings, []);
	});

	test('option errors at creation, as express@5 throws them', () => {
		for (const options of [{ defaultCharset: 'koi8-r' }, { defaultCharset: 'latin1' }, { parameterLimit: 0 }, { extended: true, depth: -1 }]) {
			const thrown = (lib: typeof express5 | typeof velox) => {
				try {
					lib.urlencoded(options as never);
				} catch (err) {
					return `${(err as Error).name}: ${(err as Error).message}`;
				}
				return 'none';
			};
			assert.equal(thrown(velox), thrown(express5), JSON.stringify(options));
		}
	});
});
