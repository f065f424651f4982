import './helpers/line5';
/**
 * Velox 5's mime table against express@5 (mime-types 3): `res.type`/`res.contentType`, the
 * Content-Type of `res.set`, `res.format`'s keys and its 406 list, `res.attachment` (content-disposition 2).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/differential';

describe('Velox 5 res.type, res.set Content-Type, res.format, res.attachment', () => {
	test('res.type and res.contentType', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/type/:value', (req, res) => res.type(req.params.value).end());
			app.get('/content-type/:value', (req, res) => res.contentType(req.params.value).end());
			return app;
		};
		const values = ['js', '.js', 'json', 'html', 'txt', 'png', 'mjs', 'css', 'xml', 'md', 'unknownext', 'bin', 'svg', 'application%2Fjson', 'text%2Fplain'];
		const responses = await differential(build, [
			...values.map((value) => ({ path: `/type/${value}` })),
			...values.map((value) => ({ path: `/content-type/${value}` })),
		]);
		assert.equal(responses[0].headers['content-type'], 'text/javascript; charset=utf-8');
		assert.equal(responses[10].headers['content-type'], 'application/octet-stream');
	});

	test('res.set of Content-Type adds the charset mime-types gives, looks up an extension, keeps a named charset', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				res.set('Content-Type', String(req.query.value));
				res.end(String(res.get('Content-Type')));
			});
			return app;
		};
		const values = [
			'text/plain',
			'text/html; charset=iso-8859-1',
			'application/json',
			'application/javascript',
			'text/javascript',
			'image/png',
			'application/x-custom',
			'html',
			'text/x-anything',
			'nonsense',
		];
		const responses = await differential(
			build,
			values.map((value) => ({ path: `/?value=${encodeURIComponent(value)}` })),
		);
		assert.equal(responses[0].body, 'text/plain; charset=utf-8');
		assert.equal(responses[7].body, 'text/html; charset=utf-8');
		assert.equal(responses[9].body, 'false');
	});

	test('res.format by extension keys, and its 406', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (_req, res) => {
				res.format({
					json: () => res.send('json'),
					text: () => res.send('text'),
					svg: () => res.send('svg'),
				});
			});
			app.use((err: { status?: number; types?: string[] }, _req: unknown, res: { status(code: number): { json(body: unknown): void } }, _next: unknown) => {
				res.status(err.status ?? 500).json({ types: err.types });
			});
			return app;
		};
		const responses = await differential(build, [
			{ path: '/', headers: { accept: 'image/svg+xml' } },
			{ path: '/', headers: { accept: 'application/json' } },
			{ path: '/', headers: { accept: 'text/plain' } },
			{ path: '/', headers: { accept: 'image/png' } },
		]);
		assert.equal(responses[0].headers['content-type'], 'image/svg+xml; charset=utf-8');
		assert.equal(responses[3].status, 406);
		assert.equal(responses[3].body, '{"types":["application/json","text/plain","image/svg+xml"]}');
	});

	test('res.attachment', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.get('/', (req, res) => {
				const name = req.query.name;
				res.attachment(name === undefined ? undefined : String(name)).end();
			});
			return app;
		};
		const names = [
			'report.js',
			'dir/photo.png',
			'résumé.txt',
			'noext',
			'archive.tar.gz',
			'dir/',
			'my file.txt',
			'a"b.txt',
			'100%25.txt',
			'☃.txt',
			"it's (1).txt",
		];
		const responses = await differential(build, [{ path: '/' }, ...names.map((name) => ({ path: `/?name=${encodeURIComponent(name)}` }))]);
		assert.equal(responses[1].headers['content-disposition'], 'attachment; filename=report.js');
		assert.equal(responses[3].headers['content-disposition'], `attachment; filename="r?sum?.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`);
	});
});
