import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import velox from '../src/express';
import { differential, parserApp } from './helpers/body';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('velox.urlencoded', () => {
	test('extended: nested objects and arrays with qs', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.urlencoded({ extended: true })),
			[{ headers: FORM, body: 'user[name]=tobi&user[tags][]=a&user[tags][]=b&plain=x%20y+z&hasOwnProperty=1' }],
		);
		assert.deepEqual(answer.body, {
			json: { user: { name: 'tobi', tags: ['a', 'b'] }, plain: 'x y z', hasOwnProperty: '1' },
			proto: 'Object',
		});
	});

	test('extended: false uses querystring: flat keys, repeated keys as arrays, null prototype', async () => {
		const [answer] = await differential((name) => parserApp(name, (p) => p.urlencoded({ extended: false })), [{ headers: FORM, body: 'a[b]=1&c=2&c=3' }]);
		assert.deepEqual(answer.body, { json: { 'a[b]': '1', c: ['2', '3'] }, proto: 'null' });
	});

	test('an empty body gives {}; arrays past the limit become objects, as qs in Express 4', async () => {
		const [empty, sparse] = await differential(
			(name) => parserApp(name, (p) => p.urlencoded({ extended: true })),
			[
				{ headers: { ...FORM, 'Content-Length': '0' }, body: '' },
				{ headers: FORM, body: 'a[1]=x&b[150]=y' },
			],
		);
		assert.deepEqual(empty.body, { json: {}, proto: 'Object' });
		assert.deepEqual(sparse.body.json, { a: ['x'], b: { 150: 'y' } });
	});

	test('more parameters than parameterLimit is 413 parameters.too.many, in both modes', async () => {
		for (const extended of [true, false]) {
			const [over, at] = await differential(
				(name) => parserApp(name, (p) => p.urlencoded({ extended, parameterLimit: 2 })),
				[
					{ headers: FORM, body: 'a=1&b=2&c=3' },
					{ headers: FORM, body: 'a=1&b=2' },
				],
			);
			assert.equal(over.status, 413);
			assert.equal(over.type, 'parameters.too.many');
			assert.equal(over.message, 'too many parameters');
			assert.deepEqual(over.body, { string: 'a=1&b=2&c=3' });
			assert.deepEqual(at.body.json, { a: '1', b: '2' });
		}
	});

	test('keys nested deeper than depth are 400 querystring.parse.rangeError (default depth 32)', async () => {
		const deep = 'a' + '[x]'.repeat(40) + '=1';
		const [tooDeep, withinDefault, custom] = await differential(
			(name) => parserApp(name, (p) => p.urlencoded({ extended: true })),
			[
				{ headers: FORM, body: deep },
				{ headers: FORM, body: 'a' + '[x]'.repeat(32) + '=1' },
			],
		).then(async (answers) => [
			...answers,
			...(await differential((name) => parserApp(name, (p) => p.urlencoded({ extended: true, depth: 1 })), [{ headers: FORM, body: 'a[b][c]=1' }])),
		]);
		assert.equal(tooDeep.status, 400);
		assert.equal(tooDeep.type, 'querystring.parse.rangeError');
		assert.equal(tooDeep.message, 'The input exceeded the depth');
		assert.equal(withinDefault.body.proto, 'Object');
		assert.equal(custom.status, 400);
	});

	test('__proto__, constructor and prototype keys never pollute Object.prototype', async () => {
		const body = '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&prototype[polluted]=yes&a[__proto__][polluted]=yes';
		const [extended] = await differential((name) => parserApp(name, (p) => p.urlencoded({ extended: true })), [{ headers: FORM, body }]);
		const [simple] = await differential((name) => parserApp(name, (p) => p.urlencoded({ extended: false })), [{ headers: FORM, body: '__proto__=x' }]);
		assert.equal(({} as Record<string, unknown>).polluted, undefined);
		assert.equal(extended.body.proto, 'Object');
		assert.equal(extended.body.json.polluted, undefined);
		assert.deepEqual(simple.body.json, JSON.parse('{"__proto__":"x"}'));
	});

	test('only UTF-8 is accepted: another charset is 415', async () => {
		const [latin1, upper] = await differential(
			(name) => parserApp(name, (p) => p.urlencoded({ extended: false })),
			[
				{ headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=latin1' }, body: 'a=1' },
				{ headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body: 'a=%C3%A9' },
			],
		);
		assert.equal(latin1.status, 415);
		assert.equal(latin1.type, 'charset.unsupported');
		assert.equal(latin1.message, 'unsupported charset "LATIN1"');
		assert.deepEqual(upper.body.json, { a: 'é' });
	});

	test('gzip bodies are inflated', async () => {
		const [answer] = await differential(
			(name) => parserApp(name, (p) => p.urlencoded({ extended: true })),
			[{ headers: { ...FORM, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync('a[b]=c') }],
		);
		assert.deepEqual(answer.body.json, { a: { b: 'c' } });
	});

	test('omitting extended warns once with body-parser wording', () => {
		const warnings: { namespace?: string; message: string }[] = [];
		const listener = (err: { namespace?: string; message: string }) => warnings.push(err);
		process.on('deprecation', listener);
		try {
			velox.urlencoded();
		} finally {
			process.removeListener('deprecation', listener);
		}
		assert.equal(warnings.length, 1);
		assert.equal(warnings[0].namespace, 'body-parser');
		assert.equal(warnings[0].message, 'undefined extended: provide extended option');
		assert.equal(velox.urlencoded({ extended: true }).name, 'urlencodedParser');
	});

	test('invalid parameterLimit and depth throw TypeErrors with Express wording', () => {
		assert.throws(() => velox.urlencoded({ extended: true, parameterLimit: 0 }), {
			name: 'TypeError',
			message: 'option parameterLimit must be a positive number',
		});
		assert.throws(() => velox.urlencoded({ extended: false, parameterLimit: Number.NaN }), { message: 'option parameterLimit must be a positive number' });
		assert.throws(() => velox.urlencoded({ extended: true, depth: -1 }), { name: 'TypeError', message: 'option depth must be a zero or a positive number' });
	});
});
