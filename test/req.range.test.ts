import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const withRange = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { Range: value } });

/** The result with its `type` (JSON drops array properties). */
function describe(result: unknown): unknown {
	if (!Array.isArray(result)) return result;
	return { type: (result as unknown as { type: string }).type, ranges: [...result] };
}

test('req.range parses the Range header into ranges with a type', async () => {
	const app = velox();
	app.use((req, res) => res.end(JSON.stringify(describe(req.range(1000)))));
	const response = await request(app).get('/').set('Range', 'bytes=0-99,200-');
	assert.deepEqual(JSON.parse(response.text), {
		type: 'bytes',
		ranges: [
			{ start: 0, end: 99 },
			{ start: 200, end: 999 },
		],
	});
});

test('req.range returns undefined without a Range header', async () => {
	const values = await observeBoth(
		observing((req) => describe(req.range(100))),
		[withRange(), withRange('')],
	);
	assert.deepEqual(values, [{ value: undefined }, { value: undefined }]);
});

test('req.range returns -1 when unsatisfiable and -2 when malformed', async () => {
	const values = await observeBoth(
		observing((req) => describe(req.range(1000))),
		[withRange('bytes=2000-3000'), withRange('bytes0-99'), withRange('foo')],
	);
	assert.deepEqual(values, [{ value: -1 }, { value: -2 }, { value: -2 }]);
});

test('req.range combines overlapping and adjacent ranges with { combine: true }', async () => {
	const values = await observeBoth(
		observing((req) => [describe(req.range(100, { combine: true })), describe(req.range(100))]),
		[withRange('bytes=0-9,10-19,5-30,50-60')],
	);
	assert.deepEqual(values[0].value, [
		{
			type: 'bytes',
			ranges: [
				{ start: 0, end: 30 },
				{ start: 50, end: 60 },
			],
		},
		{
			type: 'bytes',
			ranges: [
				{ start: 0, end: 9 },
				{ start: 10, end: 19 },
				{ start: 5, end: 30 },
				{ start: 50, end: 60 },
			],
		},
	]);
});

test('a garbage Range header never throws and answers as express@4', async () => {
	const garbage = [
		'bytes=',
		'bytes=-',
		'bytes=--1',
		'bytes=5-1',
		'bytes=1-2-3',
		'=0-1',
		'items=0-5',
		'bytes=0-1,,,',
		'bytes=99999999999999999999-',
		'bytes=' + '0-1,'.repeat(2000),
		'\u00ff=1-2',
	];
	const values = await observeBoth(
		observing((req) => [describe(req.range(100)), describe(req.range(0)), describe(req.range(Number.NaN))]),
		garbage.map(withRange),
	);
	for (const value of values) assert.equal(value.error, undefined);
	assert.deepEqual((values[3].value as unknown[])[0], -1);
});
