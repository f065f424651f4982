import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import compression from 'compression';
import { compat, type Framework } from './helpers/compat';
import { assertSame, mapResults, runBoth } from './helpers/differential';

const LARGE = '<p>' + 'velox and express, byte for byte. '.repeat(200) + '</p>';
const SMALL = '<p>tiny</p>';

let publicDir = '';

// Files served by the static middleware and res.sendFile go through compression's res.write/res.end wrappers.
before(() => {
	publicDir = mkdtempSync(join(tmpdir(), 'velox-compat-compression-'));
	writeFileSync(join(publicDir, 'app.js'), '// bundle\n' + 'console.log("velox");\n'.repeat(300));
	writeFileSync(join(publicDir, 'small.css'), 'body{margin:0}\n');
});

after(() => {
	if (publicDir) rmSync(publicDir, { recursive: true, force: true });
});

function sendApp(options?: compression.CompressionOptions) {
	return (framework: Framework) => {
		const app = framework();
		app.use(compression(options));
		app.get('/large', (_req, res) => {
			res.send(LARGE);
		});
		app.get('/small', (_req, res) => {
			res.send(SMALL);
		});
		app.get('/json', (_req, res) => {
			res.json({ rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: 'row ' + i })) });
		});
		app.get('/no-transform', (_req, res) => {
			res.set('Cache-Control', 'no-transform');
			res.send(LARGE);
		});
		app.get('/stream', (_req, res) => {
			res.setHeader('Content-Type', 'text/plain');
			res.write('chunk one, ');
			res.end('chunk two');
		});
		return app;
	};
}

describe('compression on Velox, compared with express@4', () => {
	test('a large res.send body is gzipped when Accept-Encoding asks, and varies on it', async () => {
		const { velox } = await compat(sendApp(), async (agent) => [
			await agent.get('/large').set('Accept-Encoding', 'gzip'),
			await agent.get('/large').set('Accept-Encoding', 'identity'),
			await agent.get('/large').set('Accept-Encoding', 'deflate, gzip;q=0.5'),
			await agent.head('/large').set('Accept-Encoding', 'gzip'),
		]);
		assert.equal(velox[0].headers['content-encoding'], 'gzip');
		assert.equal(velox[0].headers['content-length'], undefined);
		assert.equal(velox[0].headers.vary, 'Accept-Encoding');
		assert.equal(velox[0].body, LARGE);
		assert.equal(velox[1].headers['content-encoding'], undefined);
		assert.equal(velox[1].headers['content-length'], String(LARGE.length));
		assert.equal(velox[2].headers['content-encoding'], 'deflate');
	});

	test('the gzip bytes on the wire are the same and decode to the body', async () => {
		const results = await runBoth(sendApp(), [{ path: '/large', headers: { 'Accept-Encoding': 'gzip' } }]);
		const wire = mapResults(results, ([response]) => ({
			status: response.status,
			encoding: response.headers['content-encoding'],
			etag: response.headers.etag,
			bytes: response.bytes.toString('base64'),
		}));
		assertSame(wire);
		const bytes = wire.velox;
		assert.equal(zlib.gunzipSync(Buffer.from(bytes.bytes, 'base64')).toString(), LARGE);
		assert.match(String(bytes.etag), /^W\/"/);
	});

	test('threshold: a body under 1kb is sent as is; threshold 0 compresses it; a streamed body is compressed', async () => {
		const { velox } = await compat(sendApp(), async (agent) => [
			await agent.get('/small').set('Accept-Encoding', 'gzip'),
			await agent.get('/stream').set('Accept-Encoding', 'gzip'),
			await agent.get('/json').set('Accept-Encoding', 'gzip'),
		]);
		assert.equal(velox[0].headers['content-encoding'], undefined);
		assert.equal(velox[0].headers['content-length'], String(SMALL.length));
		assert.equal(velox[1].headers['content-encoding'], 'gzip');
		assert.equal(velox[1].body, 'chunk one, chunk two');
		assert.equal(velox[2].headers['content-encoding'], 'gzip');

		const zero = await compat(sendApp({ threshold: 0 }), async (agent) => [await agent.get('/small').set('Accept-Encoding', 'gzip')]);
		assert.equal(zero.velox[0].headers['content-encoding'], 'gzip');
		const high = await compat(sendApp({ threshold: '100kb' }), async (agent) => [await agent.get('/large').set('Accept-Encoding', 'gzip')]);
		assert.equal(high.velox[0].headers['content-encoding'], undefined);
	});

	test('Cache-Control: no-transform and a filter that refuses leave the body alone', async () => {
		const filter: compression.CompressionFilter = (req, res) => (req.headers['x-no-compression'] ? false : compression.filter(req, res));
		const { velox } = await compat(sendApp({ filter }), async (agent) => [
			await agent.get('/no-transform').set('Accept-Encoding', 'gzip'),
			await agent.get('/large').set('Accept-Encoding', 'gzip').set('X-No-Compression', '1'),
			await agent.get('/large').set('Accept-Encoding', 'gzip'),
		]);
		assert.equal(velox[0].headers['content-encoding'], undefined);
		assert.equal(velox[1].headers['content-encoding'], undefined);
		assert.equal(velox[2].headers['content-encoding'], 'gzip');
	});

	test('a conditional GET of a compressed res.send body is 304 through req.fresh', async () => {
		const { velox } = await compat(sendApp(), async (agent) => {
			const first = await agent.get('/large').set('Accept-Encoding', 'gzip');
			const second = await agent.get('/large').set('Accept-Encoding', 'gzip').set('If-None-Match', String(first.headers.etag));
			return [first, second];
		});
		assert.equal(velox[1].status, 304);
		assert.equal(velox[1].body, '');
	});

	test('static files and res.sendFile are compressed; a small file is not', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.use(compression());
			app.use('/public', framework.static(publicDir));
			app.get('/bundle', (_req, res, next) => {
				res.sendFile(join(publicDir, 'app.js'), (err) => {
					if (err) next(err);
				});
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [
			await agent.get('/public/app.js').set('Accept-Encoding', 'gzip'),
			await agent.get('/public/small.css').set('Accept-Encoding', 'gzip'),
			await agent.head('/public/app.js').set('Accept-Encoding', 'gzip'),
			await agent.get('/bundle').set('Accept-Encoding', 'gzip'),
			await agent.get('/public/app.js').set('Accept-Encoding', 'gzip').set('Range', 'bytes=0-9'),
		]);
		assert.equal(velox[0].headers['content-encoding'], 'gzip');
		assert.match(velox[0].body, /^\/\/ bundle\n/);
		assert.equal(velox[1].headers['content-encoding'], undefined);
		assert.equal(velox[3].headers['content-encoding'], 'gzip');
		assert.equal(velox[3].body, velox[0].body);
	});
});
