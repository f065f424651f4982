import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { pathnameOf, queryStringOf } from '../src/core/base/url';

// parseurl is what Express 4 reads `req.path` and the query string with: the reference here.
const parseurl = createRequire(__filename)('parseurl') as (req: { url: string }) => { pathname: string | null; query: string | null } | undefined;

// The characters after which parseurl leaves its fast path for node's legacy `url.parse`.
const LEGACY = ['\t', '\n', '\f', '\r', ' ', '#', '\u00a0', '\ufeff'];

function urls(): string[] {
	const list = [
		'/',
		'/a',
		'/a/b/c',
		'/api/v1/users/42',
		'/a?',
		'/?',
		'/a?b=1',
		'/a?b=1?c',
		'/a??',
		'/a/%20b?x#y',
		'*',
		'',
		'a/b',
		'http://example.com/abs/path?q=1',
		'//double',
		'/a/../b',
	];
	for (const c of LEGACY) {
		list.push(`${c}/a`, `/${c}`, `/a${c}b`, `/a/b${c}`, `/a?b${c}c`, `/a${c}?b`, `/a?${c}`);
	}
	// Characters around the ones the scan tests for, which keep the fast path.
	for (const c of ['\u000b', '\u001f', '!', '"', '$', '>', '@', '\u007f', '\u009f', '\u00a1', '\ufefe', '\uff00', 'é']) list.push(`/a${c}b?c${c}d`);
	return list;
}

test('pathnameOf and queryStringOf read a URL as parseurl does, on its fast path and off it', () => {
	for (const url of urls()) {
		const expected = parseurl({ url });
		assert.equal(pathnameOf(url), expected?.pathname ?? undefined, `pathname of ${JSON.stringify(url)}`);
		assert.equal(queryStringOf(url), expected?.query ?? null, `query of ${JSON.stringify(url)}`);
	}
});

test('pathnameOf gives undefined, and queryStringOf null, for a missing URL', () => {
	assert.equal(pathnameOf(undefined), undefined);
	assert.equal(queryStringOf(undefined), null);
});
