import './helpers/line5';
/**
 * Velox 5's `res.sendFile` and `res.download` against express@5 (send 1): the ETag follows the
 * app's `etag` setting (the caller's `etag` option does not count), Content-Type from mime-types 3,
 * `root`, dotfiles, `headers`, the Content-Disposition of content-disposition 2, callbacks.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { differential, FIXTURES, reportErrors } from './helpers/static';

describe('Velox 5 res.sendFile and res.download', () => {
	test('the ETag follows the app setting; the Content-Type is mime-types 3', async () => {
		const responses = await differential(
			(kit) => {
				const { app } = kit;
				app.get('/default', (_req, res) => res.sendFile(path.join(FIXTURES, 'hello.txt')));
				app.get('/option-off', (_req, res) => res.sendFile(path.join(FIXTURES, 'hello.txt'), { etag: false }));
				app.get('/root', (_req, res) => res.sendFile('todo.json', { root: FIXTURES }));
				app.get('/unknown', (_req, res) => res.sendFile('data.xyzunknown', { root: FIXTURES }));
				app.get('/dotfile', (_req, res) => res.sendFile('.mine/name.txt', { root: FIXTURES }));
				app.get('/dotfile-allow', (_req, res) => res.sendFile('.mine/name.txt', { root: FIXTURES, dotfiles: 'allow' }));
				app.get('/headers', (_req, res) => res.sendFile('hello.txt', { root: FIXTURES, headers: { 'X-Extra': 'yes', 'Content-Type': 'text/x-custom' } }));
				app.get('/callback', (_req, res) =>
					res.sendFile('missing.txt', { root: FIXTURES }, (err) => {
						res.status(410).send(String((err as { status?: number } | undefined)?.status));
					}),
				);
				app.get('/directory', (_req, res) => res.sendFile('users', { root: FIXTURES }));
				app.use(reportErrors as never);
			},
			['/default', '/option-off', '/root', '/unknown', '/dotfile', '/dotfile-allow', '/headers', '/callback', '/directory'].map((p) => ({ path: p })),
		);
		assert.ok(responses[0].headers.etag);
		assert.ok(responses[1].headers.etag);
		assert.equal(responses[0].headers['content-type'], 'text/plain; charset=utf-8');
	});

	test("with the app's etag setting off there is no ETag", async () => {
		const responses = await differential(
			(kit) => {
				kit.app.set('etag', false);
				kit.app.get('/', (_req, res) => res.sendFile(path.join(FIXTURES, 'hello.txt'), { etag: true }));
			},
			[{ path: '/' }],
		);
		assert.equal(responses[0].headers.etag, undefined);
	});

	test('res.download: names, options in place of the name, root, headers', async () => {
		const responses = await differential(
			(kit) => {
				const { app } = kit;
				app.get('/plain', (_req, res) => res.download(path.join(FIXTURES, 'hello.txt')));
				app.get('/named', (_req, res) => res.download(path.join(FIXTURES, 'hello.txt'), 'résumé final.txt'));
				app.get('/token', (_req, res) => res.download(path.join(FIXTURES, 'hello.txt'), 'report.pdf'));
				app.get('/options', (_req, res) => res.download('hello.txt', { root: FIXTURES, headers: { 'Content-Disposition': 'inline', 'X-A': 'b' } }));
				app.get('/root-named', (_req, res) => res.download('todo.json', 'data/list.json', { root: FIXTURES }));
				app.get('/missing', (_req, res) => res.download('missing.txt', 'x.txt', { root: FIXTURES }));
				app.use(reportErrors as never);
			},
			['/plain', '/named', '/token', '/options', '/root-named', '/missing'].map((p) => ({ path: p })),
		);
		assert.equal(responses[0].headers['content-disposition'], 'attachment; filename=hello.txt');
		assert.equal(responses[4].headers['content-disposition'], 'attachment; filename=list.json');
	});
});
