import assert from 'node:assert/strict';
import { test } from 'node:test';
import createETag from 'etag';
import { compileETag, strongETag, weakETag } from '../src/settings';

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
