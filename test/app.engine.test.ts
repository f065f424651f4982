/**
 * `app.engine(ext, fn)`: registration with or without the dot, engines loaded
 * by extension (`require(ext).__express`), kept per app, inherited by sub-apps.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import type { EngineCallback } from '../src/core/types';
import { lookupRoot, outcome, render } from './views.support';

function named(label: string): EngineCallback {
	return (_file, _options, callback) => callback(null, label);
}

describe('app.engine', () => {
	test('registers under the extension with its leading dot, given with or without it', () => {
		const app = velox();
		const plain = named('plain');
		const dotted = named('dotted');
		app.engine('tpl', plain);
		app.engine('.html', dotted);
		assert.equal(app.engines?.['.tpl'], plain);
		assert.equal(app.engines?.['.html'], dotted);
		assert.equal(app.engines?.tpl, undefined);
	});

	test('returns the app for chaining', () => {
		const app = velox();
		assert.equal(app.engine('tpl', named('x')), app);
	});

	test('a non-function engine throws "callback function required"', () => {
		const app = velox();
		for (const value of [undefined, null, 'ejs', {}]) {
			assert.throws(() => app.engine('tpl', value as EngineCallback), { message: 'callback function required' });
		}
	});

	test('the engine registered for the extension renders the view', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		app.engine('tpl', named('from tpl'));
		app.engine('html', named('from html'));
		assert.equal(await render(app, 'user.tpl'), 'from tpl');
	});

	test('the engine receives the resolved path, the merged options and a callback', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		app.locals.site = 'velox';
		let call: { file: string; options: Record<string, unknown>; callback: unknown } | undefined;
		app.engine('tpl', (file, options, callback) => {
			call = { file, options: options as Record<string, unknown>, callback };
			callback(null, 'done');
		});
		const callback = (_err: Error | null, _html?: string) => {};
		app.render('email.tpl', { page: 1 }, callback);
		assert.ok(call);
		assert.equal(call.file, path.join(lookupRoot, 'email.tpl'));
		assert.equal(call.options.site, 'velox');
		assert.equal(call.options.page, 1);
		assert.equal(call.options.settings, app.settings);
		assert.equal(call.callback, callback);
	});

	test('a registered engine takes precedence over the module of that name', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		app.engine('ejs', named('not ejs'));
		// would throw "Cannot find module" if require were consulted for a file that does not exist
		const result = await outcome(app, 'missing.ejs');
		assert.match(result.error ?? '', /^Failed to lookup view "missing.ejs"/);
	});
});

describe('engines loaded by extension', () => {
	test('an unregistered extension is loaded with require(ext).__express and kept on that app', async () => {
		const app = velox();
		const other = velox();
		app.set('views', lookupRoot);
		assert.equal(app.engines?.['.ejs'], undefined);
		await outcome(app, 'missing.ejs');
		assert.equal(app.engines?.['.ejs'], (require('ejs') as { __express: unknown }).__express);
		assert.equal(other.engines?.['.ejs'], undefined);
	});

	test('a module that cannot be found throws the require error, as express@4 does', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		assert.throws(
			() => app.render('page.nosuchengine', () => {}),
			(err: Error & { code?: string }) => err.code === 'MODULE_NOT_FOUND' && err.message.startsWith("Cannot find module 'nosuchengine'"),
		);
		const velo = await outcome(app, 'page.nosuchengine');
		const reference = await outcome(express(), 'page.nosuchengine');
		assert.equal(velo.error?.split('\n')[0], "throw: Cannot find module 'nosuchengine'");
		assert.equal(velo.error?.split('\n')[0], reference.error?.split('\n')[0]);
	});

	test('a module without __express throws `Module "x" does not provide a view engine.`', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		const velo = await outcome(app, 'page.depd');
		assert.equal(velo.error, 'throw: Module "depd" does not provide a view engine.');
		assert.deepEqual(velo, await outcome(express(), 'page.depd'));
		assert.equal(app.engines?.['.depd'], undefined);
	});

	test('`view engine` names the module to load when the name has no extension', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		app.set('view engine', 'nosuchengine');
		const result = await outcome(app, 'user');
		assert.match(result.error ?? '', /^throw: Cannot find module 'nosuchengine'/);
	});

	test('no extension and no `view engine` throws, as express@4 does', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		const velo = await outcome(app, 'user');
		assert.equal(velo.error, 'throw: No default engine was specified and no extension was provided.');
		assert.deepEqual(velo, await outcome(express(), 'user'));
	});
});

describe('engines of mounted apps', () => {
	test('a sub-app uses the engines of its parent, and its own first', async () => {
		const parent = velox();
		const child = velox();
		const parentEngine = named('parent tpl');
		parent.engine('tpl', parentEngine);
		child.set('views', lookupRoot);
		parent.use('/child', child);
		assert.equal(await render(child, 'email.tpl'), 'parent tpl');
		child.engine('tpl', named('child tpl'));
		assert.equal(await render(child, 'email.tpl'), 'child tpl');
		assert.equal(parent.engines?.['.tpl'], parentEngine);
	});

	test('an engine a sub-app loads by extension is kept on the sub-app, not its parent', async () => {
		const parent = velox();
		const child = velox();
		child.set('views', lookupRoot);
		parent.use(child);
		await outcome(child, 'missing.pug');
		assert.equal(typeof child.engines?.['.pug'], 'function');
		assert.ok(Object.hasOwn(child.engines ?? {}, '.pug'));
		assert.equal(parent.engines?.['.pug'], undefined);
	});
});
