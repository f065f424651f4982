/**
 * `res.render`: renders through `app.render` with `app.locals`, `res.locals`
 * and the given locals, sends the HTML (200, text/html) unless a callback is
 * given, and passes a rendering error to `next` — against express@4 with a
 * tiny engine registered through `app.engine`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import request from 'supertest';
import { createApp, differential, type Framework } from './helpers/res';

let views = '';

before(() => {
	views = mkdtempSync(join(tmpdir(), 'velox-res-render-'));
	writeFileSync(join(views, 'hello.tpl'), 'Hello {{name}} from {{site}}, {{user}}!');
	writeFileSync(join(views, 'broken.tpl'), '{{fail}}');
});

after(() => {
	rmSync(views, { recursive: true, force: true });
});

type Callback = (err: Error | null, html?: string) => void;

/** `{{key}}` replaced from the locals; a template `{{fail}}` makes the engine fail. */
function tplEngine(file: string, options: object, callback: Callback): void {
	const template = readFileSync(file, 'utf8');
	if (template === '{{fail}}') {
		callback(new Error('engine failed'));
		return;
	}
	const locals = options as Record<string, unknown>;
	callback(
		null,
		template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(locals[key])),
	);
}

function renderApp(configure: (app: ReturnType<Framework>) => void) {
	return (framework: Framework) => {
		const app = framework();
		app.engine('tpl', tplEngine);
		app.set('views', views);
		app.set('view engine', 'tpl');
		app.locals.site = 'app';
		configure(app);
		return app;
	};
}

describe('res.render', () => {
	test('sends the HTML with app.locals, res.locals and the given locals (given ones win)', async () => {
		const [response] = await differential(
			renderApp((app) => {
				app.get('/', (_req, res) => {
					res.locals.user = 'local user';
					res.locals.name = 'overridden';
					res.render('hello', { name: 'tobi' });
				});
			}),
			[{ path: '/' }],
		);
		assert.equal(response.status, 200);
		assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(response.body, 'Hello tobi from app, local user!');
	});

	test('a callback (second or third argument) gets the HTML and nothing is sent', async () => {
		const [response] = await differential(
			renderApp((app) => {
				app.get('/', (_req, res) => {
					res.render('hello', (err: Error | null, first?: string) => {
						res.render('hello.tpl', { name: 'again' }, (err2: Error | null, second?: string) => {
							res.json({ err: String(err), first, err2: String(err2), second, headersSent: res.headersSent });
						});
					});
				});
			}),
			[{ path: '/' }],
		);
		assert.deepEqual(JSON.parse(response.body), {
			err: 'null',
			first: 'Hello undefined from app, undefined!',
			err2: 'null',
			second: 'Hello again from app, undefined!',
			headersSent: false,
		});
	});

	test('a rendering error goes to next(err) without a callback, to the callback with one', async () => {
		const [withoutCallback, withCallback] = await differential(
			renderApp((app) => {
				app.get('/next', (_req, res) => {
					res.render('broken');
				});
				app.get('/callback', (_req, res) => {
					res.render('broken', (err: Error | null) => {
						res.status(503).send('caught: ' + err?.message);
					});
				});
				app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
					res.status(500).send('handled: ' + err.message);
				});
			}),
			[{ path: '/next' }, { path: '/callback' }],
		);
		assert.equal(withoutCallback.status, 500);
		assert.equal(withoutCallback.body, 'handled: engine failed');
		assert.equal(withCallback.status, 503);
		assert.equal(withCallback.body, 'caught: engine failed');
	});

	test('a missing view is a lookup error through next(err)', async () => {
		const [response] = await differential(
			renderApp((app) => {
				app.get('/', (_req, res) => {
					res.render('missing');
				});
				app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
					res.status(500).send(err.message.replace(views, '<views>'));
				});
			}),
			[{ path: '/' }],
		);
		assert.equal(response.body, 'Failed to lookup view "missing" in views directory "<views>"');
	});

	test('res.locals are passed as _locals and the options object gets them', async () => {
		const app = createApp();
		let received: Record<string, unknown> = {};
		let locals: unknown;
		const options: Record<string, unknown> = { name: 'x' };
		app.engine('tpl', (_file: string, opts: object, callback: Callback) => {
			received = opts as Record<string, unknown>;
			callback(null, 'ok');
		});
		app.set('views', views);
		app.get('/', (_req, res) => {
			res.locals.fromRes = 1;
			locals = res.locals;
			res.render('hello.tpl', options);
		});
		await request(app).get('/').expect(200, 'ok');
		assert.equal(received.fromRes, 1);
		assert.equal(received.name, 'x');
		assert.equal(options._locals, locals);
	});
});
