/**
 * `app.render(view, [locals], callback)`: locals merging, view caching
 * (`view cache`, the `cache` local, production), engine errors, never sending.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import velox from '../src/express';
import type { Application, NextFunction, RenderCallback, Request, Response } from '../src/core/types';
import { View, type ViewOptions } from '../src/core/view';
import { lookupRoot, outcome, render, tplEngine } from './views.support';

function veloxApp(): Application {
	const app = velox();
	app.engine('tpl', tplEngine);
	app.set('views', lookupRoot);
	return app;
}

describe('app.render arguments and locals', () => {
	test('the callback may be the second argument', async () => {
		const app = veloxApp();
		app.locals.user = { name: 'tobi' };
		const html = await new Promise<string | undefined>((resolve, reject) => {
			app.render('user.tpl', (err: Error | null, str?: string) => (err ? reject(err) : resolve(str)));
		});
		assert.equal(html, '<p>tobi</p>\n');
	});

	test('locals merge as app.locals < _locals (res.locals) < options', async () => {
		const app = veloxApp();
		Object.assign(app.locals, { first: 'app', second: 'app', third: 'app' });
		const options = { _locals: { second: 'res', third: 'res' }, third: 'option' };
		assert.equal(await render(app, 'locals.tpl', options), 'app|res|option\n');
	});

	test('locals merging matches express@4', async () => {
		const app = veloxApp();
		const reference = express();
		reference.engine('tpl', tplEngine);
		reference.set('views', lookupRoot);
		for (const one of [app, reference]) Object.assign(one.locals, { first: 'app', second: 'app', third: 'app' });
		for (const options of [{}, { _locals: { first: 'res' } }, { second: 'option', _locals: { second: 'res', third: 'res' } }]) {
			assert.deepEqual(await outcome(app, 'locals.tpl', options), await outcome(reference, 'locals.tpl', options));
		}
		assert.deepEqual(await outcome(app, 'locals.tpl', { _locals: { first: 'res' } }), { html: 'res|app|app\n' });
	});

	test('the engine sees app.settings as `settings` and `cache` set from `view cache`', async () => {
		const app = veloxApp();
		let seen: Record<string, unknown> = {};
		app.engine('tpl', (_file, options, callback) => {
			seen = options as Record<string, unknown>;
			callback(null, '');
		});
		await render(app, 'email.tpl');
		assert.equal(seen.settings, app.settings);
		assert.equal(seen.cache, false);
		app.enable('view cache');
		await render(app, 'email.tpl');
		assert.equal(seen.cache, true);
	});

	test('the options object passed in is not modified', async () => {
		const app = veloxApp();
		app.locals.first = 'app';
		const options = { second: 'option' };
		await render(app, 'locals.tpl', options);
		assert.deepEqual(options, { second: 'option' });
		assert.equal(Object.hasOwn(app.locals, 'second'), false);
	});

	test('app.render never sends: the response is untouched until the callback answers', async () => {
		const app = veloxApp();
		app.get('/', (_req, res) => {
			app.render('email.tpl', (_err: Error | null, html?: string) => {
				res.setHeader('X-Headers-Sent-Before', String(res.headersSent));
				res.end('wrapped:' + html);
			});
		});
		const res = await request(app).get('/');
		assert.equal(res.headers['x-headers-sent-before'], 'false');
		assert.equal(res.text, 'wrapped:<p>This is an email</p>\n');
	});
});

describe('view caching', () => {
	const scratch = mkdtempSync(path.join(tmpdir(), 'velox-views-'));
	after(() => rmSync(scratch, { recursive: true, force: true }));
	let counter = 0;

	/**
	 * Two roots, the view only in the second; after the first render the same
	 * name is added to the first root. A cached View keeps the file it resolved.
	 */
	async function renderTwice(configure: (app: Application) => void, options: object = {}): Promise<[string, string]> {
		const dir = path.join(scratch, String(counter++));
		const first = path.join(dir, 'first');
		const second = path.join(dir, 'second');
		mkdirSync(first, { recursive: true });
		mkdirSync(second, { recursive: true });
		writeFileSync(path.join(second, 'page.tpl'), 'second');
		const app = velox();
		app.engine('tpl', tplEngine);
		app.set('views', [first, second]);
		configure(app);
		const before = await render(app, 'page.tpl', options);
		writeFileSync(path.join(first, 'page.tpl'), 'first');
		const afterwards = await render(app, 'page.tpl', options);
		return [before, afterwards];
	}

	test('without `view cache` every render looks the view up again', async () => {
		assert.deepEqual(await renderTwice(() => {}), ['second', 'first']);
	});

	test('with `view cache` the resolved view is kept', async () => {
		assert.deepEqual(await renderTwice((app) => app.enable('view cache')), ['second', 'second']);
	});

	test('the `cache: true` local caches without the setting', async () => {
		assert.deepEqual(await renderTwice(() => {}, { cache: true }), ['second', 'second']);
	});

	test('the `cache: false` local bypasses `view cache`', async () => {
		assert.deepEqual(await renderTwice((app) => app.enable('view cache'), { cache: false }), ['second', 'first']);
	});

	test('cached views are kept in app.cache under the name as given', async () => {
		const app = veloxApp();
		app.enable('view cache');
		await render(app, 'email.tpl');
		const cached = app.cache?.['email.tpl'];
		assert.ok(cached instanceof View);
		assert.equal(cached.path, path.join(lookupRoot, 'email.tpl'));
	});

	test('a failed lookup is not cached', async () => {
		const app = veloxApp();
		app.enable('view cache');
		await outcome(app, 'nope.tpl');
		assert.equal(app.cache?.['nope.tpl'], undefined);
	});

	test('`view cache` is on in production', async () => {
		const previous = process.env.NODE_ENV;
		process.env.NODE_ENV = 'production';
		let app: Application;
		try {
			app = velox();
		} finally {
			process.env.NODE_ENV = previous;
		}
		assert.equal(app.enabled('view cache'), true);
		app.engine('tpl', tplEngine);
		app.set('views', lookupRoot);
		await render(app, 'email.tpl');
		assert.ok(app.cache?.['email.tpl'] instanceof View);
	});

	test('`view cache` is off outside production', () => {
		assert.equal(veloxApp().enabled('view cache'), false);
	});
});

describe('engine errors', () => {
	test('a synchronous throw inside an engine reaches the callback', async () => {
		const app = veloxApp();
		const boom = new Error('engine exploded');
		app.engine('tpl', () => {
			throw boom;
		});
		const err = await render(app, 'email.tpl').then(
			() => assert.fail('rendered'),
			(error: unknown) => error,
		);
		assert.equal(err, boom);
	});

	test('an error the engine calls back with reaches the callback', async () => {
		const app = veloxApp();
		app.engine('tpl', (_file, _options, callback) => setImmediate(() => callback(new Error('async failure'))));
		assert.deepEqual(await outcome(app, 'email.tpl'), { error: 'async failure' });
	});

	test('an engine error in a handler becomes a 500 through next(err)', async () => {
		const app = veloxApp();
		app.engine('tpl', () => {
			throw new Error('engine exploded');
		});
		app.get('/', (_req, res, next) => {
			app.render('email.tpl', (err: Error | null, html?: string) => (err ? next(err) : res.end(html)));
		});
		app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
			res.statusCode = 500;
			res.end('handled: ' + err.message);
		});
		const res = await request(app).get('/');
		assert.equal(res.status, 500);
		assert.equal(res.text, 'handled: engine exploded');
	});

	test('an engine that calls back synchronously does so before app.render returns, as in express@4.22', () => {
		for (const app of [veloxApp(), express()]) {
			app.engine('tpl', (_file: string, _options: object, callback: RenderCallback) => callback(null, 'sync'));
			app.set('views', lookupRoot);
			let html: string | undefined;
			app.render('email.tpl', (_err: Error | null, str?: string) => {
				html = str;
			});
			assert.equal(html, 'sync');
		}
	});
});

describe('the `view` setting', () => {
	test('app.render constructs the class set as `view`', async () => {
		const constructed: string[] = [];
		class TracingView extends View {
			constructor(name: unknown, options: ViewOptions) {
				super(name, options);
				constructed.push(String(name));
			}
		}
		const app = veloxApp();
		app.set('view', TracingView);
		await render(app, 'email.tpl');
		await render(app, 'email.tpl');
		assert.deepEqual(constructed, ['email.tpl', 'email.tpl']);
		app.enable('view cache');
		await render(app, 'user.tpl', { user: { name: 'x' } });
		await render(app, 'user.tpl', { user: { name: 'x' } });
		assert.deepEqual(constructed, ['email.tpl', 'email.tpl', 'user.tpl']);
	});

	test('a custom view without a path fails with the lookup message', async () => {
		class NowhereView {
			root = '/nowhere';
			path = undefined;
			render(_options: object, callback: RenderCallback) {
				callback(null, 'unreachable');
			}
		}
		const app = veloxApp();
		app.set('view', NowhereView);
		assert.deepEqual(await outcome(app, 'anything'), { error: 'Failed to lookup view "anything" in views directory "/nowhere"' });
	});
});
