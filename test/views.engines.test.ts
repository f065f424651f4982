/**
 * Real template engines through Velox, each rendering a page with locals and
 * its own partial/layout mechanism, served with res.render and compared with
 * express@4's app.render.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import ejs from 'ejs';
import express from 'express';
import { engine as handlebarsEngine } from 'express-handlebars';
import pug from 'pug';
import request from 'supertest';
import velox from '../src/express';
import type { Application, EngineCallback, RenderCallback } from '../src/core/types';
import { outcome, render, viewsRoot } from './views.support';

/** What the tests need of an app, Velox's or express@4's. */
interface Renderer {
	set(setting: string, value: unknown): unknown;
	engine(ext: string, fn: EngineCallback): unknown;
	render(name: string, options: object, callback: RenderCallback): void;
}

interface HbsInstance {
	__express: EngineCallback;
	create(): HbsInstance;
	registerPartial(name: string, template: string): void;
}
// hbs ships no type declarations
const hbs = require('hbs') as HbsInstance;

/** The `__express` hook a module exports for Express-style `require` loading. */
function expressHook(mod: object): unknown {
	return (mod as { __express?: unknown }).__express;
}

/** Serves `GET /` with res.render, the locals split between res.locals (set by a middleware) and the options. */
function serve(app: Application, name: string, locals: object): Application {
	const entries = Object.entries(locals);
	const fromMiddleware = Object.fromEntries(entries.slice(0, 1));
	const fromOptions = Object.fromEntries(entries.slice(1));
	app.use((_req, res, next) => {
		Object.assign(res.locals, fromMiddleware);
		next();
	});
	app.get('/', (_req, res) => res.render(name, fromOptions));
	return app;
}

describe('ejs', () => {
	const locals = { title: 'Users', users: ['tobi', 'loki', '<jane>'] };
	const expected = '<h1>Users</h1>\n\n<ul><li>tobi</li><li>loki</li><li>&lt;jane&gt;</li></ul>\n';

	test('required by extension: renders locals and an include', async () => {
		const app = velox();
		app.set('views', path.join(viewsRoot, 'ejs'));
		app.set('view engine', 'ejs');
		const res = await request(serve(app, 'page', locals)).get('/');
		assert.equal(res.status, 200);
		assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(res.text, expected);
		// loaded once by require and kept in the app's engine table
		assert.equal(app.engines?.['.ejs'], expressHook(ejs));
	});

	test('same HTML as express@4', async () => {
		const app = velox();
		const reference = express();
		for (const one of [app, reference] as Renderer[]) one.set('views', path.join(viewsRoot, 'ejs'));
		const velo = await outcome(app, 'page.ejs', locals);
		assert.equal(velo.html, expected);
		assert.deepEqual(velo, await outcome(reference, 'page.ejs', locals));
	});
});

describe('pug', () => {
	const locals = { title: 'Profile', user: { name: 'tobi' } };
	const expected = '<html><head><title>Profile</title></head><body><p>Hello tobi</p><footer>site footer</footer></body></html>';

	test('required by extension: renders locals through `extends` and `include`', async () => {
		const app = velox();
		app.set('views', path.join(viewsRoot, 'pug'));
		app.set('view engine', 'pug');
		const res = await request(serve(app, 'page', locals)).get('/');
		assert.equal(res.status, 200);
		assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(res.text, expected);
		assert.equal(app.engines?.['.pug'], expressHook(pug));
	});

	test('a pug syntax error reaches the error handler', async () => {
		const app = velox();
		app.set('views', path.join(viewsRoot, 'pug'));
		app.engine('pug', (_file, options, callback) => pug.render('p= (', options, callback));
		const result = await outcome(app, 'page.pug', locals);
		assert.match(result.error ?? '', /Syntax Error|Unexpected/i);
	});

	test('same HTML as express@4', async () => {
		const velo = await outcome(withViews(velox(), 'pug'), 'page.pug', locals);
		assert.equal(velo.html, expected);
		assert.deepEqual(velo, await outcome(withViews(express(), 'pug'), 'page.pug', locals));
	});
});

describe('hbs', () => {
	const locals = { message: 'Hi & bye', name: 'tobi' };
	const expected = '<main class="hbs-layout"><b>Hello tobi</b><p>Hi &amp; bye</p>\n</main>\n';

	function instance() {
		const engine = hbs.create();
		engine.registerPartial('greeting', '<b>Hello {{name}}</b>');
		return engine;
	}

	test('an hbs instance renders locals and a partial inside `layout.hbs`', async () => {
		const app = velox();
		app.set('views', path.join(viewsRoot, 'hbs'));
		app.set('view engine', 'hbs');
		app.engine('hbs', instance().__express);
		const res = await request(serve(app, 'page', locals)).get('/');
		assert.equal(res.status, 200);
		assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(res.text, expected);
	});

	test('`layout: false` renders without the layout', async () => {
		const app = withViews(velox(), 'hbs');
		app.engine('hbs', instance().__express);
		assert.equal(await render(app, 'page.hbs', { ...locals, layout: false }), '<b>Hello tobi</b><p>Hi &amp; bye</p>\n');
	});

	test('required by extension, hbs finds `layout.hbs` through the `views` setting', async () => {
		// the module's own (global) instance: no partial registered, so render the layout only
		const app = withViews(velox(), 'hbs');
		const html = await render(app, 'layout.hbs', { body: '<i>x</i>', layout: false });
		assert.equal(html, '<main class="hbs-layout"><i>x</i></main>\n');
		assert.equal(app.engines?.['.hbs'], hbs.__express);
	});

	test('same HTML as express@4', async () => {
		const app = withViews(velox(), 'hbs');
		const reference = withViews(express(), 'hbs');
		const engine = instance().__express;
		app.engine('hbs', engine);
		reference.engine('hbs', engine);
		const velo = await outcome(app, 'page.hbs', locals);
		assert.equal(velo.html, expected);
		assert.deepEqual(velo, await outcome(reference, 'page.hbs', locals));
	});
});

describe('express-handlebars', () => {
	const root = path.join(viewsRoot, 'handlebars');
	const locals = { message: 'Welcome <home>', author: 'tobi' };
	const expected = '<div class="eh-layout"><p>Welcome &lt;home&gt;</p><em>-- tobi</em></div>';

	function engine() {
		return handlebarsEngine({
			defaultLayout: 'main',
			layoutsDir: path.join(root, 'layouts'),
			partialsDir: path.join(root, 'partials'),
		});
	}

	test('renders locals and a partial inside the default layout', async () => {
		const app = velox();
		app.set('views', root);
		app.engine('handlebars', engine());
		app.set('view engine', 'handlebars');
		const res = await request(serve(app, 'home', locals)).get('/');
		assert.equal(res.status, 200);
		assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(res.text, expected);
	});

	test('a missing layout is an error handed to the callback', async () => {
		const app = velox();
		app.set('views', root);
		app.engine('handlebars', engine());
		const result = await outcome(app, 'home.handlebars', { ...locals, layout: 'missing-layout' });
		assert.match(result.error ?? '', /missing-layout/);
	});

	test('same HTML as express@4', async () => {
		const shared = engine();
		const app = withViews(velox(), 'handlebars');
		const reference = withViews(express(), 'handlebars');
		app.engine('handlebars', shared);
		reference.engine('handlebars', shared);
		const velo = await outcome(app, 'home.handlebars', locals);
		assert.equal(velo.html, expected);
		assert.deepEqual(velo, await outcome(reference, 'home.handlebars', locals));
	});
});

function withViews<T extends Renderer>(app: T, directory: string): T {
	app.set('views', path.join(viewsRoot, directory));
	return app;
}
