/**
 * How a view name becomes a file: extension, `views` roots in order, the
 * `index` fallback, absolute and `../` names, and the lookup error message.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import velox from '../src/express';
import type { NextFunction, Request, Response } from '../src/core/types';
import { View } from '../src/core/view';
import { altRoot, lookupRoot, outcome, render, tplEngine } from './views.support';

function veloxApp(views: string | string[] = lookupRoot) {
	const app = velox();
	app.engine('tpl', tplEngine);
	app.set('views', views);
	return app;
}

function expressApp(views: string | string[] = lookupRoot) {
	const app = express();
	app.engine('tpl', tplEngine);
	app.set('views', views);
	return app;
}

describe('view name resolution', () => {
	test('a name with an extension resolves under `views`', async () => {
		const html = await render(veloxApp(), 'user.tpl', { user: { name: 'tobi' } });
		assert.equal(html, '<p>tobi</p>\n');
	});

	test('`view engine` is appended to a name without an extension, with or without its dot', async () => {
		const app = veloxApp();
		app.set('view engine', 'tpl');
		assert.equal(await render(app, 'user', { user: { name: 'loki' } }), '<p>loki</p>\n');
		app.set('view engine', '.tpl');
		assert.equal(await render(app, 'email'), '<p>This is an email</p>\n');
	});

	test('an extension in the name wins over `view engine`', async () => {
		const app = veloxApp();
		// 'nosuchengine' would fail to load if it were consulted
		app.set('view engine', 'nosuchengine');
		assert.equal(await render(app, 'email.tpl'), '<p>This is an email</p>\n');
	});

	test('a name resolves to <name>/index.<ext> when no file <name>.<ext> exists', async () => {
		const app = veloxApp();
		app.set('view engine', 'tpl');
		assert.equal(await render(app, 'blog/post'), '<h1>blog post</h1>\n');
		assert.equal(await render(app, 'blog/post.tpl'), '<h1>blog post</h1>\n');
	});

	test('a directory named like the view is not a view', async () => {
		const result = await outcome(veloxApp(), 'folder.tpl');
		assert.equal(result.error, 'Failed to lookup view "folder.tpl" in views directory "' + lookupRoot + '"');
	});

	test('an absolute name ignores `views`', async () => {
		const html = await render(veloxApp(), path.join(altRoot, 'only-alt.tpl'));
		assert.equal(html, '<p>only in alt</p>\n');
	});

	test('the resolved file is the absolute path handed to the engine', async () => {
		const app = velox();
		app.set('views', lookupRoot);
		let seen = '';
		app.engine('tpl', (file, _options, callback) => {
			seen = file;
			callback(null, 'ok');
		});
		await render(app, 'blog/post.tpl');
		assert.equal(seen, path.join(lookupRoot, 'blog', 'post', 'index.tpl'));
	});
});

describe('several `views` roots', () => {
	test('roots are searched in array order', async () => {
		assert.equal(await render(veloxApp([lookupRoot, altRoot]), 'shared.tpl'), '<p>shared from lookup</p>\n');
		assert.equal(await render(veloxApp([altRoot, lookupRoot]), 'shared.tpl'), '<p>shared from alt</p>\n');
	});

	test('a later root is searched when earlier ones lack the view', async () => {
		assert.equal(await render(veloxApp([lookupRoot, altRoot]), 'only-alt.tpl'), '<p>only in alt</p>\n');
	});

	test('an index in an earlier root beats a file in a later root, as in express@4', async () => {
		const roots = [lookupRoot, altRoot];
		const velo = await outcome(veloxApp(roots), 'both.tpl');
		assert.deepEqual(velo, { html: '<p>index in lookup</p>\n' });
		assert.deepEqual(velo, await outcome(expressApp(roots), 'both.tpl'));
	});
});

describe('failed lookup', () => {
	test('one root: `in views directory "<root>"`', async () => {
		const result = await outcome(veloxApp(), 'nope.tpl');
		assert.equal(result.error, 'Failed to lookup view "nope.tpl" in views directory "' + lookupRoot + '"');
	});

	test('two roots: `in views directories "a" or "b"`', async () => {
		const result = await outcome(veloxApp([lookupRoot, altRoot]), 'nope.tpl');
		assert.equal(result.error, 'Failed to lookup view "nope.tpl" in views directories "' + lookupRoot + '" or "' + altRoot + '"');
	});

	test('three roots are listed with commas, the last after "or"', async () => {
		const result = await outcome(veloxApp(['/a', '/b', '/c']), 'nope.tpl');
		assert.equal(result.error, 'Failed to lookup view "nope.tpl" in views directories "/a", "/b" or "/c"');
	});

	test('a one-element array reads as one directory', async () => {
		const result = await outcome(veloxApp([altRoot]), 'nope.tpl');
		assert.equal(result.error, 'Failed to lookup view "nope.tpl" in views directory "' + altRoot + '"');
	});

	test('the name is quoted as given, without the appended extension', async () => {
		const app = veloxApp();
		app.set('view engine', 'tpl');
		const result = await outcome(app, 'missing');
		assert.equal(result.error, 'Failed to lookup view "missing" in views directory "' + lookupRoot + '"');
	});

	test('the error carries the View that failed', async () => {
		const app = veloxApp();
		const err = await render(app, 'nope.tpl').then(
			() => assert.fail('rendered'),
			(error: Error & { view?: View }) => error,
		);
		assert.ok(err.view instanceof View);
		assert.equal(err.view.name, 'nope.tpl');
		assert.equal(err.view.path, undefined);
		assert.equal(err.view.ext, '.tpl');
	});

	test('the messages match express@4 for one and several roots', async () => {
		for (const roots of [lookupRoot, [lookupRoot, altRoot], [altRoot]]) {
			const velo = await outcome(veloxApp(roots), 'nope.tpl');
			assert.ok(velo.error);
			assert.deepEqual(velo, await outcome(expressApp(roots), 'nope.tpl'));
		}
	});
});

describe('`../` names resolve as express@4 resolves them', () => {
	// A view name is a path chosen by the application, not user input: Express
	// lets it leave the views directory, and so does Velox.
	const names = [
		'../lookup-alt/only-alt.tpl',
		'nested/../user.tpl',
		'../lookup/email.tpl',
		'../../views/lookup/shared.tpl',
		'nested/../../lookup-alt/both.tpl',
		'../nope.tpl',
		'..',
	];

	test('escaping a single root reaches the sibling directory', async () => {
		assert.equal(await render(veloxApp(), '../lookup-alt/only-alt.tpl'), '<p>only in alt</p>\n');
	});

	for (const roots of [lookupRoot, [altRoot, lookupRoot]]) {
		test('same outcome as express@4 with views ' + JSON.stringify(roots).replaceAll(lookupRoot, '<lookup>').replaceAll(altRoot, '<alt>'), async () => {
			for (const name of names) {
				const locals = { user: { name: 'tobi' } };
				const velo = await outcome(veloxApp(roots), name, locals);
				const expected = await outcome(expressApp(roots), name, locals);
				assert.deepEqual(velo, expected, name);
			}
		});
	}
});

describe('names that are not file names', () => {
	test('a NUL byte fails as a lookup, through the callback', async () => {
		for (const name of ['us\0er.tpl', 'user\0', '\0', 'user.tpl\0', 'user.t\0pl']) {
			const app = veloxApp();
			app.set('view engine', 'tpl');
			const velo = await outcome(app, name);
			assert.equal(velo.error, 'Failed to lookup view "' + name + '" in views directory "' + lookupRoot + '"', JSON.stringify(name));
		}
	});

	test('a NUL byte outside the extension gives the same error as express@4', async () => {
		for (const name of ['us\0er.tpl', 'user\0', '\0']) {
			const app = veloxApp();
			app.set('view engine', 'tpl');
			const reference = expressApp();
			reference.set('view engine', 'tpl');
			const velo = await outcome(app, name);
			assert.ok(velo.error);
			assert.deepEqual(velo, await outcome(reference, name));
		}
	});

	test('a NUL byte in the extension never reaches require() (express@4 throws "Cannot find module")', async () => {
		const reference = await outcome(expressApp(), 'user.tpl\0');
		assert.match(reference.error ?? '', /^throw: Cannot find module 'tpl\0'/);
		const velo = await outcome(veloxApp(), 'user.tpl\0');
		assert.equal(velo.error, 'Failed to lookup view "user.tpl\0" in views directory "' + lookupRoot + '"');
	});

	test('a NUL byte from the query string gives a 500, not a crash, even rendered asynchronously', async () => {
		const app = veloxApp();
		app.get('/', (req, res, next) => {
			// outside the router's try/catch: a synchronous throw here would be uncaught
			setImmediate(() => {
				app.render(String(req.query.page), (err: Error | null, html?: string) => (err ? next(err) : res.end(html)));
			});
		});
		const res = await request(app).get('/?page=user.tpl%00');
		assert.equal(res.status, 500);
		const inName = await request(app).get('/?page=us%00er.tpl');
		assert.equal(inName.status, 500);
		const ok = await request(app).get('/?page=email.tpl');
		assert.equal(ok.text, '<p>This is an email</p>\n');
	});

	test('a non-string name throws a TypeError that says so', () => {
		const app = veloxApp();
		const callback = () => assert.fail('called back');
		for (const [name, kind] of [
			[42, 'number'],
			[undefined, 'undefined'],
			[null, 'null'],
			[{ toString: () => 'user.tpl' }, 'object'],
			[['user.tpl'], 'object'],
		] as const) {
			assert.throws(
				() => app.render(name as string, {}, callback),
				(err: Error) => err instanceof TypeError && err.message === 'View name must be a string, got ' + kind,
			);
		}
	});

	test('a non-string name inside a handler reaches the error handler', async () => {
		const app = veloxApp();
		app.get('/', (_req, res) => {
			app.render(42 as unknown as string, (_err: Error | null, html?: string) => res.end(html));
		});
		app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
			res.status(500).end(err.name + ': ' + err.message);
		});
		const res = await request(app).get('/');
		assert.equal(res.status, 500);
		assert.equal(res.text, 'TypeError: View name must be a string, got number');
	});
});

describe('View used directly', () => {
	test('new View resolves `path` at construction and keeps the options it was given', () => {
		const engines: Record<string, unknown> = { '.tpl': tplEngine };
		const view = new View('user', { defaultEngine: 'tpl', root: [altRoot, lookupRoot], engines });
		assert.equal(view.path, path.join(lookupRoot, 'user.tpl'));
		assert.equal(view.ext, '.tpl');
		assert.equal(view.name, 'user');
		assert.equal(view.engine, tplEngine);
		assert.deepEqual(view.root, [altRoot, lookupRoot]);
		assert.equal(view.defaultEngine, 'tpl');
	});

	test('a View for a name with a NUL byte loads no engine, has no path, and renders to an error', async () => {
		const engines: Record<string, unknown> = {};
		const view = new View('page.ejs\0', { root: lookupRoot, engines });
		assert.equal(view.path, undefined);
		assert.equal(view.engine, undefined);
		assert.deepEqual(engines, {});
		const err = await new Promise<Error | null>((resolve) => view.render({}, (error) => resolve(error)));
		assert.equal(err?.message, 'View "page.ejs\0" was not resolved to a file');
	});

	test('the default `views` is ./views of the working directory', async () => {
		const app = velox();
		app.engine('tpl', tplEngine);
		const result = await outcome(app, 'x.tpl');
		assert.equal(result.error, 'Failed to lookup view "x.tpl" in views directory "' + path.resolve('views') + '"');
	});
});
