import assert from 'node:assert/strict';
import { test } from 'node:test';
import createETag from 'etag';
import { compileETag, strongETag, weakETag } from '../src/core/settings';

const bodies: (string | Buffer)[] = ['', 'Hello World!', '{"a":1}', 'é€😀', 'x'.repeat(5000), Buffer.from([0, 1, 2, 255]), Buffer.alloc(0)];

test('the built-in ETag generators give exactly the etag package’s values (weak and strong)', () => {
	for (const body of bodies) {
		const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
		assert.equal(weakETag(body, 'utf8'), createETag(buffer, { weak: true }));
		assert.equal(strongETag(body, 'utf8'), createETag(buffer, { weak: false }));
	}
});

test('compileETag maps the etag setting as Express does', () => {
	assert.equal(compileETag(true), weakETag);
	assert.equal(compileETag('weak'), weakETag);
	assert.equal(compileETag('strong'), strongETag);
	assert.equal(compileETag(false), undefined);
	const custom = () => 'x';
	assert.equal(compileETag(custom), custom);
	assert.throws(() => compileETag('bogus'), { name: 'TypeError', message: 'unknown value for etag function: bogus' });
});

test('a repeated body gets the same ETag from the memo, and different bodies never share one', () => {
	for (let round = 0; round < 3; round++) {
		for (const body of ['Hello World!', '{"hello":"world"}', 'a', 'b', 'x'.repeat(2048), 'x'.repeat(2049)]) {
			assert.equal(weakETag(body, 'utf8'), createETag(Buffer.from(body, 'utf8'), { weak: true }));
			assert.equal(strongETag(body), createETag(Buffer.from(body, 'utf8'), { weak: false }));
		}
	}
	// More distinct bodies than the memo holds: values stay exact after it is cleared.
	for (let i = 0; i < 1200; i++) {
		const body = 'body-' + i;
		assert.equal(weakETag(body, 'utf8'), createETag(Buffer.from(body), { weak: true }));
	}
	assert.equal(weakETag('hé', 'latin1'), createETag(Buffer.from('hé', 'latin1'), { weak: true }));
});
