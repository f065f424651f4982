import './helpers/line5';
/**
 * Velox 5's `app.render` and View (lines/: application.deferSyncRender) against express@5: an
 * engine that calls back synchronously is passed on at the next tick; an asynchronous one as it
 * comes; a failed lookup, an engine's error and a throwing engine reach the callback.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

type Lib = typeof velox;
type Engine = (path: string, options: { name?: unknown }, callback: (err: Error | null, html?: string) => void) => void;

const views = mkdtempSync(join(tmpdir(), 'velox-v5-render-'));
writeFileSync(join(views, 'page.sync'), 'sync');
writeFileSync(join(views, 'page.later'), 'later');
writeFileSync(join(views, 'page.fails'), 'fails');
writeFileSync(join(views, 'page.throws'), 'throws');
after(() => rmSync(views, { recursive: true, force: true }));

const engines: Record<string, Engine> = {
	sync: (_path, options, callback) => callback(null, 'sync:' + String(options.name)),
	later: (_path, options, callback) => setImmediate(() => callback(null, 'later:' + String(options.name))),
	fails: (_path, _options, callback) => callback(new Error('engine failed')),
	throws: () => {
		throw new Error('engine threw');
	},
};

function appOf(lib: Lib) {
	const app = lib();
	app.set('views', views);
	for (const [ext, engine] of Object.entries(engines)) app.engine(ext, engine);
	app.locals.name = 'tobi';
	return app;
}

/** The order of events around one `app.render`: whether the callback ran before `render` returned. */
function renderOrder(lib: Lib, name: string): Promise<string[]> {
	const app = appOf(lib);
	const events: string[] = [];
	return new Promise((resolve) => {
		app.render(name, (err: Error | null, html?: string) => {
			events.push(err ? 'error: ' + err.message.replace(views, '<views>') : 'html: ' + html);
			setImmediate(() => resolve(events));
		});
		events.push('returned');
	});
}

describe('Velox 5 app.render', () => {
	test('a name without extension and no view engine throws from app.render, as express@5', () => {
		const thrown = (lib: Lib) => assert.throws(() => appOf(lib).render('noext', () => {}), /No default engine was specified and no extension was provided\./);
		thrown(express5 as unknown as Lib);
		thrown(velox);
	});

	for (const name of ['page.sync', 'page.later', 'page.fails', 'page.throws', 'missing.sync']) {
		test(`${name}: callback order and value as express@5`, async () => {
			const expected = await renderOrder(express5 as unknown as Lib, name);
			assert.deepEqual(await renderOrder(velox, name), expected);
			if (name === 'page.sync') assert.deepEqual(expected, ['returned', 'html: sync:tobi']);
		});
	}

	test('res.render through an app: the rendered body, and errors to the final handler', async () => {
		const build = (framework: Framework) => {
			const app = appOf(framework as unknown as Lib) as unknown as ReturnType<Framework>;
			app.get('/:view', (req, res) => res.render(req.params.view, { name: 'loki' }));
			return app;
		};
		const responses = await differential(build, [{ path: '/page.sync' }, { path: '/page.later' }, { path: '/page.fails' }, { path: '/page.throws' }]);
		assert.deepEqual(
			responses.map((r) => r.status),
			[200, 200, 500, 500],
		);
		assert.equal(responses[0].body, 'sync:loki');
	});
});
