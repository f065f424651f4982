import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import velox from '../src/express';
import { type DiffRequest, observeBoth, observing } from './helpers/req-util';

const forwardedFor = (value?: string): DiffRequest => ({ path: '/', headers: value === undefined ? {} : { 'X-Forwarded-For': value } });

/** req.ip under a `trust proxy` value, for each X-Forwarded-For value. */
async function ipsUnder(trust: unknown, headers: (string | undefined)[]): Promise<unknown[]> {
	const values = await observeBoth(
		observing(
			(req) => req.ip,
			(app) => {
				if (trust !== undefined) app.set('trust proxy', trust);
			},
		),
		headers.map(forwardedFor),
	);
	return values.map((v) => v.error ?? v.value);
}

test('req.ip is the peer address, a spoofed X-Forwarded-For from an untrusted peer changing nothing', async () => {
	assert.deepEqual(await ipsUnder(undefined, [undefined, '6.6.6.6', '6.6.6.6, 7.7.7.7']), ['127.0.0.1', '127.0.0.1', '127.0.0.1']);
	assert.deepEqual(await ipsUnder(false, ['6.6.6.6']), ['127.0.0.1']);
	assert.deepEqual(await ipsUnder('10.0.0.0/8', ['6.6.6.6']), ['127.0.0.1']);
});

test('req.ip is the left-most X-Forwarded-For entry with trust proxy true', async () => {
	assert.deepEqual(await ipsUnder(true, ['1.1.1.1, 10.0.0.1, 10.0.0.2', '1.1.1.1', undefined]), ['1.1.1.1', '1.1.1.1', '127.0.0.1']);
});

test('req.ip is the untrusted address nearest to the server with an address list', async () => {
	assert.deepEqual(await ipsUnder('loopback', ['1.1.1.1, 10.0.0.1']), ['10.0.0.1']);
	assert.deepEqual(await ipsUnder('loopback, 10.0.0.0/8', ['1.1.1.1, 10.0.0.1']), ['1.1.1.1']);
	assert.deepEqual(await ipsUnder(['loopback', 'uniquelocal'], ['1.1.1.1, 192.168.0.1, 10.0.0.1']), ['1.1.1.1']);
	assert.deepEqual(await ipsUnder('127.0.0.1,10.0.0.1', ['1.1.1.1, 10.0.0.2, 10.0.0.1']), ['10.0.0.2']);
});

test('req.ip counts hops with a number', async () => {
	assert.deepEqual(await ipsUnder(1, ['1.1.1.1, 2.2.2.2, 3.3.3.3']), ['3.3.3.3']);
	assert.deepEqual(await ipsUnder(2, ['1.1.1.1, 2.2.2.2, 3.3.3.3']), ['2.2.2.2']);
	assert.deepEqual(await ipsUnder(10, ['1.1.1.1, 2.2.2.2, 3.3.3.3']), ['1.1.1.1']);
	assert.deepEqual(await ipsUnder(0, ['1.1.1.1']), ['127.0.0.1']);
});

test('req.ip asks a custom trust function about each hop', async () => {
	const trust = (address: string) => address === '127.0.0.1' || address === '2.2.2.2';
	assert.deepEqual(await ipsUnder(trust, ['1.1.1.1, 2.2.2.2', '1.1.1.1, 3.3.3.3, 2.2.2.2']), ['1.1.1.1', '3.3.3.3']);
});

test('a garbage X-Forwarded-For never throws and answers as express@4', async () => {
	const garbage = [' , ,,', 'not-an-ip', '::::, 1.1.1.1', '1.1.1.1,,,2.2.2.2', '999.999.999.999', '[::1]:80', 'a'.repeat(8000), '1.1.1.1 2.2.2.2'];
	for (const trust of [true, 'loopback', 2]) {
		const values = await ipsUnder(trust, garbage);
		for (const value of values) assert.doesNotMatch(String(value), /Error: /);
	}
});

test('req.ip sees an IPv4-mapped IPv6 peer as it is and trusts it as loopback', async () => {
	const app = velox();
	app.get('/', (req, res) => res.end(req.ip));
	const plain = await request(app).get('/').set('X-Forwarded-For', '6.6.6.6');
	app.set('trust proxy', 'loopback');
	const trusted = await request(app).get('/').set('X-Forwarded-For', '6.6.6.6');
	assert.match(plain.text, /^(::ffff:)?127\.0\.0\.1$/);
	assert.equal(trusted.text, '6.6.6.6');
});

test('req.ip in a sub-app uses the trust proxy setting inherited from the parent', async () => {
	const app = velox();
	const sub = velox();
	sub.get('/', (req, res) => res.end(req.ip));
	app.set('trust proxy', true);
	app.use('/sub', sub);
	const response = await request(app).get('/sub').set('X-Forwarded-For', '5.5.5.5');
	assert.equal(response.text, '5.5.5.5');
});
