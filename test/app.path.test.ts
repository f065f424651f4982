/** `app.path()`: the canonical path of an app, its mount paths joined up the chain. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import type { Framework } from './helpers/differential';

function paths(framework: Framework): string[] {
	const root = framework();
	const blog = framework();
	const admin = framework();
	const many = framework();
	root.use('/blog', blog);
	blog.use('/admin', admin);
	root.use(['/x', '/y'], many);
	return [root.path(), blog.path(), admin.path(), many.path()];
}

test('the root app path is the empty string; mounted apps join their mount paths', () => {
	const actual = paths(velox);
	assert.deepEqual(actual, paths(express));
	assert.deepEqual(actual, ['', '/blog', '/blog/admin', '/x,/y']);
});

test('an unmounted app has the empty path even after other apps were mounted on it', () => {
	const app = velox();
	app.use('/sub', velox());
	assert.equal(app.path(), '');
});
