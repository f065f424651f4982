import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observeBoth, observing } from './helpers/req-util';

test('req.xhr is true when X-Requested-With is XMLHttpRequest, in any case', async () => {
	const values = await observeBoth(
		observing((req) => req.xhr),
		[
			{ path: '/', headers: { 'X-Requested-With': 'XMLHttpRequest' } },
			{ path: '/', headers: { 'x-requested-with': 'xmlhttprequest' } },
			{ path: '/', headers: { 'X-Requested-With': 'fetch' } },
			{ path: '/', headers: { 'X-Requested-With': '' } },
			{ path: '/', headers: { 'X-Requested-With': ' XMLHttpRequest' } },
			{ path: '/' },
		],
	);
	assert.deepEqual(
		values.map((v) => v.value),
		// node strips the optional whitespace around a header value, so ' XMLHttpRequest' counts.
		[true, true, false, false, true, false],
	);
});
