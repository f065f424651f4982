import './helpers/line5';
/**
 * Velox 5's `res.render` against express@5: the rendered view sent, a callback given in place of
 * the options or after them, `res.locals` merged, a rendering error to the error handler.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

describe('Velox 5 res.render', () => {
	const views = mkdtempSync(path.join(tmpdir(), 'velox-v5-views-'));
	writeFileSync(path.join(views, 'hello.tpl'), 'Hello {name} from {place}');
	after(() => rmSync(views, { recursive: true, force: true }));

	test('sends, calls back, merges res.locals, passes errors on', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.set('views', views);
			app.set('view engine', 'tpl');
			app.engine('tpl', (file: string, options: object, done: (err: Error | null, html?: string) => void) => {
				const values = options as Record<string, string>;
				if (values.name === 'fail') {
					done(new Error('render failed'));
					return;
				}
				const text = readFileSync(file, 'utf8');
				done(
					null,
					text.replace(/\{(\w+)\}/g, (_m: string, key: string) => String(values[key])),
				);
			});
			app.use((_req, res, next) => {
				res.locals.place = 'locals';
				next();
			});
			app.get('/send', (_req, res) => res.render('hello', { name: 'Ann' }));
			app.get('/callback-only', (_req, res) => res.render('hello', (err: Error | null, html?: string) => res.send(`[${err ? err.message : html}]`)));
			app.get('/callback', (_req, res) =>
				res.render('hello', { name: 'Bo', place: 'options' }, (err: Error | null, html?: string) => res.type('txt').send(`[${err ? err.message : html}]`)),
			);
			app.get('/fail', (_req, res) => res.render('hello', { name: 'fail' }));
			app.get('/fail-callback', (_req, res) => res.render('hello', { name: 'fail' }, (err: Error | null) => res.send(`caught ${err?.message}`)));
			app.get('/missing', (_req, res) => res.render('nope'));
			app.use((err: Error, _req: unknown, res: { status(code: number): { send(body: string): void } }, _next: unknown) => {
				res.status(500).send(`error: ${err.message.split(' in views ')[0]}`);
			});
			return app;
		};
		await differential(
			build,
			['/send', '/callback-only', '/callback', '/fail', '/fail-callback', '/missing'].map((p) => ({ path: p })),
		);
	});
});
