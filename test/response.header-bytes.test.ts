/**
 * The bytes of the response head, compared with express@4 over a raw socket.
 * Node writes the head latin1-encoded when the body is a Buffer (what Express's
 * `res.send` makes whenever it computes an ETag or the body is 1000+
 * characters) and glues it to a string body in the body's encoding otherwise,
 * so a header value with U+0080–U+00FF (`res.set('X-Name', 'José')`, the
 * fallback filename of `res.attachment`) goes out as E9 from one and C3 A9
 * from the other. Velox sends the same bytes as Express in each case.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { rawRequest } from './helpers/raw-socket';
import { listenApp } from './helpers/server';
import type { Framework } from './helpers/res';

type Setup = (app: ReturnType<Framework>) => void;

/** The raw bytes of one `GET path` answer, without the Date and X-Powered-By lines (they differ by design or by clock). */
async function rawResponse(framework: Framework, setup: Setup, path: string): Promise<Buffer> {
	const app = framework();
	app.set('env', 'test');
	setup(app);
	const running = await listenApp(app);
	try {
		const result = await rawRequest(running.port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, {
			halfClose: true,
			untilClose: true,
		});
		// Header lines are ASCII up to the value; latin1 maps each byte to one character and back.
		const text = result.raw.replace(/^(Date|X-Powered-By): [^\r]*\r\n/gim, '');
		return Buffer.from(text, 'latin1');
	} finally {
		await running.close();
	}
}

async function sameBytes(setup: Setup, path = '/'): Promise<Buffer> {
	const expected = await rawResponse(express, setup, path);
	const actual = await rawResponse(velox, setup, path);
	assert.equal(actual.toString('hex'), expected.toString('hex'), `velox:\n${actual.toString('latin1')}\nexpress:\n${expected.toString('latin1')}`);
	return actual;
}

const JOSE_LATIN1 = Buffer.from('X-Name: Jos\u00e9\r\n', 'latin1');
const JOSE_UTF8 = Buffer.from('X-Name: Jos\u00e9\r\n', 'utf8');

describe('response head bytes (raw socket, against express@4)', () => {
	test('a latin1 header value before res.send of an ASCII string goes out latin1 (E9)', async () => {
		const bytes = await sameBytes((app) => {
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('hi');
			});
		});
		assert.ok(bytes.includes(JOSE_LATIN1));
		assert.ok(!bytes.includes(JOSE_UTF8));
	});

	test('a latin1 header value before res.send of a non-ASCII string: head latin1, body UTF-8', async () => {
		const bytes = await sameBytes((app) => {
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('h\u00e9 \u2603');
			});
		});
		assert.ok(bytes.includes(JOSE_LATIN1));
		assert.ok(bytes.includes(Buffer.from('h\u00e9 \u2603', 'utf8')));
	});

	test('before res.json', async () => {
		const bytes = await sameBytes((app) => {
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').json({ name: 'Jos\u00e9', n: 1 });
			});
		});
		assert.ok(bytes.includes(JOSE_LATIN1));
		assert.ok(bytes.includes(Buffer.from('{"name":"Jos\u00e9","n":1}', 'utf8')));
	});

	test('Content-Disposition of res.attachment with a non-ASCII file name', async () => {
		const bytes = await sameBytes((app) => {
			app.get('/', (_req, res) => {
				res.attachment('r\u00e9sum\u00e9.pdf').send('%PDF');
			});
		});
		// Node itself rewrites a Content-Disposition value with a Content-Length
		// (through a latin1 Buffer and back), leaving U+FFFD for each é: one
		// byte (FD) in a latin1 head, three (EF BF BD) in a UTF-8 one.
		assert.ok(bytes.includes(Buffer.from('filename="r\u00fdsum\u00fd.pdf"', 'latin1')));
		assert.ok(!bytes.includes(Buffer.from('\ufffd', 'utf8')));
	});

	test('with a strong ETag, a custom etag fn, and a body of 1000+ characters', async () => {
		await sameBytes((app) => {
			app.set('etag', 'strong');
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('strong');
			});
		});
		await sameBytes((app) => {
			app.set('etag', (body: Buffer) => `"${body.length}"`);
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('custom');
			});
		});
		await sameBytes((app) => {
			app.set('etag', false);
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('x'.repeat(1500));
			});
		});
	});

	test('without an ETag and with a short string body Express glues the head to the body as UTF-8: so does Velox', async () => {
		const bytes = await sameBytes((app) => {
			app.set('etag', false);
			app.get('/', (_req, res) => {
				res.set('X-Name', 'Jos\u00e9').send('hi');
			});
		});
		assert.ok(bytes.includes(JOSE_UTF8));
	});

	test('res.sendStatus, res.redirect and res.end after a latin1 header', async () => {
		for (const answer of ['sendStatus', 'redirect', 'end'] as const) {
			await sameBytes((app) => {
				app.get('/', (_req, res) => {
					res.set('X-Name', 'Jos\u00e9');
					if (answer === 'sendStatus') res.sendStatus(202);
					else if (answer === 'redirect') res.redirect('/elsewhere');
					else res.end('plain');
				});
			});
		}
	});

	test('204 and 304 answers', async () => {
		await sameBytes((app) => {
			app.get('/', (_req, res) => {
				res.status(204).set('X-Name', 'Jos\u00e9').send('gone');
			});
		});
		await sameBytes((app) => {
			app.get('/', (req, res) => {
				req.headers['if-none-match'] = 'W/"2-witfkXg0JglCjW9RssWvTAveakI"';
				res.set('X-Name', 'Jos\u00e9').send('hi');
			});
		});
	});
});
