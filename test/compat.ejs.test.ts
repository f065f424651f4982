import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import ejs from 'ejs';
import { type Agent, compat, type Framework } from './helpers/compat';

let views = '';

// Templates are written per run: the views directory is the app's, not a shared fixture.
before(() => {
	views = mkdtempSync(join(tmpdir(), 'velox-compat-ejs-'));
	mkdirSync(join(views, 'partials'));
	mkdirSync(join(views, 'users'));
	writeFileSync(join(views, 'partials', 'header.ejs'), '<header><%= site %></header>\n');
	writeFileSync(
		join(views, 'index.ejs'),
		'<%- include("partials/header") %><h1><%= title %></h1>\n<ul><% items.forEach(function (item) { %><li><%= item %></li><% }) %></ul>\n<p><%= user %> / <%= settings["view engine"] %></p>\n',
	);
	writeFileSync(join(views, 'users', 'index.ejs'), '<p>users index for <%= user %></p>\n');
	writeFileSync(join(views, 'page.html'), '<title><%= title %></title>\n');
	writeFileSync(join(views, 'broken.ejs'), '<p><%= notDefined.property %></p>\n');
});

after(() => {
	if (views) rmSync(views, { recursive: true, force: true });
});

function viewApp(framework: Framework) {
	const app = framework();
	app.set('views', views);
	app.set('view engine', 'ejs');
	app.engine('html', ejs.renderFile);
	app.locals.site = 'Compat site';
	app.use((_req, res, next) => {
		res.locals.user = 'tobi';
		next();
	});
	app.get('/', (_req, res) => {
		res.render('index', { title: 'Hello <world>', items: ['a', 'b'] });
	});
	app.get('/users', (_req, res) => {
		res.render('users');
	});
	app.get('/page', (_req, res) => {
		res.render('page.html', { title: 'Via app.engine' });
	});
	app.get('/callback', (_req, res, next) => {
		res.render('index', { title: 'Called back', items: [] }, (err, html) => {
			if (err) return next(err);
			res.setHeader('Content-Type', 'text/plain');
			res.end('length ' + String(html?.length));
		});
	});
	app.get('/missing', (_req, res) => {
		res.render('nope');
	});
	app.get('/broken', (_req, res) => {
		res.render('broken');
	});
	app.get('/app-render', (req, res, next) => {
		req.app.render('users/index', { user: 'loki' }, (err, html) => {
			if (err) return next(err);
			res.end(html);
		});
	});
	return app;
}

// EJS error messages embed the template's absolute path, which is the same for both apps.
describe('ejs through res.render on Velox, compared with express@4', () => {
	test('res.render with app.locals, res.locals, locals, includes and the settings', async () => {
		const { velox } = await compat(viewApp, async (agent) => [
			await agent.get('/'),
			await agent.get('/users'),
			await agent.get('/page'),
			await agent.get('/app-render'),
		]);
		assert.equal(velox[0].headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(velox[0].body, '<header>Compat site</header>\n<h1>Hello &lt;world&gt;</h1>\n<ul><li>a</li><li>b</li></ul>\n<p>tobi / ejs</p>\n');
		assert.equal(velox[1].body, '<p>users index for tobi</p>\n');
		assert.equal(velox[2].body, '<title>Via app.engine</title>\n');
		assert.equal(velox[3].body, '<p>users index for loki</p>\n');
	});

	test('a render callback receives the HTML and nothing is sent for it', async () => {
		const { velox } = await compat(viewApp, async (agent) => [await agent.get('/callback')]);
		assert.match(velox[0].body, /^length \d+$/);
	});

	test('a missing view and a template error reach the error handler', async () => {
		const { velox } = await compat(viewApp, async (agent) => [await agent.get('/missing'), await agent.get('/broken')]);
		assert.equal(velox[0].status, 500);
		assert.match(velox[0].body, /Failed to lookup view &quot;nope&quot; in views directory/);
		assert.equal(velox[1].status, 500);
		assert.match(velox[1].body, /notDefined is not defined/);
	});

	test("the 'view cache' setting reaches ejs through the locals' settings: a cached template is not read again", async () => {
		// ejs keeps compiled templates in one process-wide cache keyed by file name: one file per framework and case.
		const build = (cached: boolean) => (framework: Framework, name: string) => {
			writeFileSync(join(views, `cached-${name}-${cached}.ejs`), '<p>first <%= title %></p>');
			const app = framework();
			app.set('views', views);
			app.set('view engine', 'ejs');
			if (cached) app.enable('view cache');
			app.get('/', (_req, res) => {
				res.render(`cached-${name}-${cached}`, { title: 'version' });
			});
			return app;
		};
		const scenario = (cached: boolean) => async (agent: Agent, name: string) => {
			const first = await agent.get('/');
			writeFileSync(join(views, `cached-${name}-${cached}.ejs`), '<p>second <%= title %></p>');
			return [first, await agent.get('/')];
		};
		const withCache = await compat(build(true), scenario(true));
		assert.deepEqual(
			withCache.velox.map((response) => response.body),
			['<p>first version</p>', '<p>first version</p>'],
		);
		const withoutCache = await compat(build(false), scenario(false));
		assert.deepEqual(
			withoutCache.velox.map((response) => response.body),
			['<p>first version</p>', '<p>second version</p>'],
		);
	});
});
