import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const forwardedFor = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'X-Forwarded-For': value } });

async function ipsUnder(trust: unknown, headers: (string | undefined)[]): Promise<unknown[]> {
	const values = await observeBoth(
		observing(
			(req) => req.ips,
			(app) => {
				if (trust !== undefined) app.set('trust proxy', trust);
			},
		),
		headers.map(forwardedFor),
	);
	return values.map((v) => v.error ?? v.value);
}

test('req.ips is empty when trust proxy is off, whatever X-Forwarded-For says', async () => {
	assert.deepEqual(await ipsUnder(undefined, [undefined, '6.6.6.6, 7.7.7.7']), [[], []]);
	assert.deepEqual(await ipsUnder('10.0.0.0/8', ['6.6.6.6']), [[]]);
});

test('req.ips lists X-Forwarded-For addresses, the furthest downstream proxy last', async () => {
	assert.deepEqual(await ipsUnder(true, ['1.1.1.1, 10.0.0.1, 10.0.0.2', undefined]), [['1.1.1.1', '10.0.0.1', '10.0.0.2'], []]);
});

test('req.ips stops at the first untrusted address', async () => {
	assert.deepEqual(await ipsUnder('loopback', ['1.1.1.1, 10.0.0.1, 10.0.0.2']), [['10.0.0.2']]);
	assert.deepEqual(await ipsUnder('loopback, 10.0.0.2', ['1.1.1.1, 10.0.0.1, 10.0.0.2']), [['10.0.0.1', '10.0.0.2']]);
	assert.deepEqual(await ipsUnder(2, ['1.1.1.1, 2.2.2.2, 3.3.3.3']), [['2.2.2.2', '3.3.3.3']]);
});

test('req.ips returns a new array on each read', async () => {
	const values = await observeBoth(
		observing(
			(req) => {
				const first = req.ips;
				first.push('mutated');
				return [first === req.ips, req.ips];
			},
			(app) => app.set('trust proxy', true),
		),
		[forwardedFor('1.1.1.1')],
	);
	assert.deepEqual(values, [{ value: [false, ['1.1.1.1']] }]);
});

test('a garbage X-Forwarded-For never throws in req.ips and answers as express@4', async () => {
	const garbage = [' , ,,', 'not-an-ip', '::::, 1.1.1.1', '1.1.1.1,,,2.2.2.2', 'x,'.repeat(4000)];
	for (const trust of [true, 'loopback', 3]) {
		for (const value of await ipsUnder(trust, garbage)) assert.ok(Array.isArray(value));
	}
});
