import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { send } from './helpers/client';
import { decode, observeBoth, observing, reply } from './helpers/req-util';
import { listen } from './helpers/server';

const readQuery = (parser?: unknown) =>
	observing(
		(req) => req.query,
		(app) => {
			if (parser !== undefined) app.set('query parser', parser);
		},
	);

test('req.query parses nested objects and arrays with the extended parser (default)', async () => {
	const values = await observeBoth(readQuery(), [{ path: '/?a[b]=1&c[]=2&c[]=3&d=4&d=5&e' }, { path: '/' }, { path: '/?' }]);
	assert.deepEqual(values, [{ value: { a: { b: '1' }, c: ['2', '3'], d: ['4', '5'], e: '' } }, { value: {} }, { value: {} }]);
});

test('req.query uses node querystring with the simple parser', async () => {
	const values = await observeBoth(readQuery('simple'), [{ path: '/?a[b]=1&c=2&c=3&d=%20x' }]);
	assert.deepEqual(values, [{ value: { 'a[b]': '1', c: ['2', '3'], d: ' x' } }]);
});

test('req.query is {} when the query parser is disabled', async () => {
	const values = await observeBoth(readQuery(false), [{ path: '/?a=1' }]);
	assert.deepEqual(values, [{ value: {} }]);
});

test('req.query comes from a custom parser given the raw query string', async () => {
	const custom = (str: unknown) => ({ raw: str === null ? 'null' : typeof str === 'string' ? str : typeof str });
	const values = await observeBoth(readQuery(custom), [{ path: '/?a=1&b=%20' }, { path: '/' }, { path: '/?' }]);
	assert.deepEqual(values, [{ value: { raw: 'a=1&b=%20' } }, { value: { raw: 'null' } }, { value: { raw: '' } }]);
});

test('req.query can be assigned in middleware and is stable across reads', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				const first = req.query;
				(first as any).added = 'yes';
				next();
			});
			app.get('/replace', (req, _res, next) => {
				req.query = { replaced: 'true' };
				next();
			});
			app.use((req, res) => {
				const first = req.query;
				const second = req.query;
				const descriptor = Object.getOwnPropertyDescriptor(req, 'query');
				reply(res, { value: [first, first === second, descriptor?.writable, descriptor?.enumerable, descriptor?.configurable] });
			});
			return app;
		},
		[{ path: '/?a=1' }, { path: '/replace?a=1' }],
	);
	assert.deepEqual(values, [{ value: [{ a: '1', added: 'yes' }, true, true, true, true] }, { value: [{ replaced: 'true' }, true, true, true, true] }]);
});

test('req.query is the query of the original URL even when req.url was rewritten before the first read', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			app.use((req, _res, next) => {
				req.url = '/other?changed=1';
				next();
			});
			app.use((req, res) => reply(res, { value: req.query }));
			return app;
		},
		[{ path: '/start?original=1' }],
	);
	assert.deepEqual(values, [{ value: { original: '1' } }]);
});

test('req.query is parsed by the first app, a sub-app parser and later settings not applying', async () => {
	const values = await observeBoth(
		(framework) => {
			const app = framework();
			const sub = framework();
			sub.set('query parser', false);
			sub.use((req, res) => reply(res, { value: req.query }));
			app.use('/sub', sub);
			app.set('query parser', 'simple');
			app.use((req, res) => reply(res, { value: req.query }));
			return app;
		},
		[{ path: '/sub?a[b]=1' }, { path: '/top?a[b]=1' }],
	);
	assert.deepEqual(values, [{ value: { a: { b: '1' } } }, { value: { a: { b: '1' } } }]);
});

test('__proto__ and constructor keys in the query string do not pollute prototypes', async () => {
	const attacks = [
		'/?__proto__[polluted]=1',
		'/?a[__proto__][polluted]=1',
		'/?constructor[prototype][polluted]=1',
		'/?__proto__.polluted=1',
		'/?a[constructor][prototype][polluted]=1',
		'/?hasOwnProperty=1&toString=2',
		'/?__proto__=x&a[]=1',
	];
	for (const parser of ['extended', 'simple']) {
		const values = await observeBoth(
			observing(
				(req) => [req.query, Object.getPrototypeOf(req.query) === Object.prototype, ({} as any).polluted, (Object.prototype as any).polluted],
				(app) => app.set('query parser', parser),
			),
			attacks.map((path) => ({ path })),
		);
		for (const value of values) {
			const [, , polluted, onPrototype] = value.value as unknown[];
			assert.equal(polluted, undefined);
			assert.equal(onPrototype, undefined);
		}
	}
	assert.equal(({} as any).polluted, undefined);
	assert.equal(Object.getOwnPropertyNames(Object.prototype).includes('polluted'), false);
});

test('req.query bounds nesting depth at 5 and array indexes at 1000, as express@4 configures qs', async () => {
	const values = await observeBoth(readQuery(), [
		{ path: '/?a[b][c][d][e][f][g][h]=1' },
		{ path: '/?a[999]=x' },
		{ path: '/?a[1001]=x' },
		{ path: '/?' + 'a[]=1&'.repeat(1200) },
	]);
	const [deep, inside, outside, many] = values.map((v) => v.value as any);
	assert.deepEqual(deep, { a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } });
	assert.deepEqual(inside.a, ['x']);
	assert.equal(Array.isArray(outside.a), false);
	assert.deepEqual(Object.keys(outside.a), ['1001']);
	// parameterLimit (1000) caps the number of elements first.
	assert.equal(many.a.length, 1000);
});

test('req.query keeps at most 1000 parameters', async () => {
	const query = Array.from({ length: 1500 }, (_, i) => 'k' + i + '=' + i).join('&');
	const values = await observeBoth(
		observing((req) => Object.keys(req.query).length),
		[{ path: '/?' + query }],
	);
	assert.deepEqual(values, [{ value: 1000 }]);
});

test('a malformed percent-encoding in the query string does not throw', async () => {
	const values = await observeBoth(readQuery(), [{ path: '/?a=%E0%A4%A&b=%&c=%zz&%=1' }]);
	assert.deepEqual(values, [{ value: { a: '%E0%A4%A', b: '%', c: '%zz', '%': '1' } }]);
});

test('an enormous query string is parsed in bounded time', async () => {
	const app = velox();
	app.use((req, res) => {
		const started = process.hrtime.bigint();
		const keys = Object.keys(req.query).length;
		const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
		res.end(JSON.stringify({ keys, elapsed }));
	});
	const server = await listen(app, { maxHeaderSize: 8 * 1024 * 1024 });
	try {
		const shapes = [
			'a[]=x&'.repeat(400_000),
			'k=' + 'v'.repeat(3_000_000),
			'a' + '[b]'.repeat(500_000) + '=1',
			'&'.repeat(3_000_000),
			'a[' + '['.repeat(1_000_000) + '=1',
		];
		for (const shape of shapes) {
			const response = await send(server.port, { path: '/?' + shape }, { maxHeaderSize: 1024 * 1024 });
			assert.equal(response.status, 200);
			const { keys, elapsed } = JSON.parse(response.body);
			assert.ok(keys <= 1000, 'keys bounded: ' + keys);
			assert.ok(elapsed < 1500, 'parsed in ' + elapsed + ' ms');
		}
	} finally {
		await server.close();
	}
});

test('req.query is not parsed for a request that never reads it', async () => {
	let calls = 0;
	const app = velox();
	app.set('query parser', (str: string) => {
		calls++;
		return { str };
	});
	app.get('/read', (req, res) => res.end(JSON.stringify(req.query)));
	app.get('/skip', (_req, res) => res.end('skipped'));
	assert.equal((await request(app).get('/skip?a=1')).text, 'skipped');
	assert.equal(calls, 0);
	assert.deepEqual(decode((await request(app).get('/read?a=1')).text), { str: 'a=1' });
	assert.equal(calls, 1);
});
