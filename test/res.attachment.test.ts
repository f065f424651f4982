/**
 * `res.attachment`: `Content-Disposition: attachment`, with the filename
 * encoded as RFC 6266 asks and the Content-Type of its extension.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { differential, type Framework } from './helpers/res';

function attachmentApp(framework: Framework) {
	const app = framework();
	app.get('/', (req, res) => {
		const name = req.query.name;
		if (typeof name === 'string') res.attachment(name);
		else res.attachment();
		res.end();
	});
	return app;
}

function named(name: string) {
	return { path: '/?name=' + encodeURIComponent(name) };
}

describe('res.attachment', () => {
	test('without a filename: attachment, no Content-Type', async () => {
		const [response] = await differential(attachmentApp, [{ path: '/' }]);
		assert.equal(response.headers['content-disposition'], 'attachment');
		assert.equal(response.headers['content-type'], undefined);
	});

	test('with a filename: the filename parameter and the type of its extension', async () => {
		const responses = await differential(attachmentApp, [named('report.pdf'), named('/some/path/image.PNG'), named('notes'), named('data.json')]);
		assert.deepEqual(
			responses.map((r) => [r.headers['content-disposition'], r.headers['content-type']]),
			[
				['attachment; filename="report.pdf"', 'application/pdf'],
				['attachment; filename="image.PNG"', 'image/png'],
				['attachment; filename="notes"', 'application/octet-stream'],
				['attachment; filename="data.json"', 'application/json; charset=utf-8'],
			],
		);
	});

	test('non-ASCII, quotes and control characters are encoded, never injected', async () => {
		const responses = await differential(attachmentApp, [named('résumé "final".txt'), named('日本.txt'), named('a\r\nX-Injected: 1.txt'), named('100%25.txt')]);
		assert.deepEqual(
			// latin1 bytes on the wire, read back as latin1 by node's client
			responses.map((r) => r.headers['content-disposition']),
			[
				'attachment; filename="résumé \\"final\\".txt"',
				'attachment; filename="??.txt"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC.txt',
				'attachment; filename="a??X-Injected: 1.txt"; filename*=UTF-8\'\'a%0D%0AX-Injected%3A%201.txt',
				'attachment; filename="100%25.txt"; filename*=UTF-8\'\'100%2525.txt',
			],
		);
		assert.equal(responses[2].headers['x-injected'], undefined);
		assert.doesNotMatch(String(responses[2].headers['content-disposition'] ?? ''), /[\r\n]/);
	});
});
