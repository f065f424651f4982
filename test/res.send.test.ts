/**
 * `res.send`: the body-type table, charset, Content-Length, ETag per the
 * `etag` setting, 304 on a fresh request, HEAD/204/304/205 handling, and the
 * deprecated two-argument and status-only forms — each against express@4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { captureDeprecations, createApp, differential, type Framework, messagesOf, orderedRequest, runBoth } from './helpers/res';

type Handler = RequestHandler;

/** An app answering `/` with `handler`, after `configure`. */
function appWith(handler: Handler, configure?: (app: ReturnType<Framework>) => void) {
	return (framework: Framework) => {
		const app = framework();
		if (configure) configure(app);
		app.all('/', handler);
		return app;
	};
}

describe('res.send body types', () => {
	test('a string is sent as text/html in utf-8 with its byte length', async () => {
		const [response] = await differential(
			appWith((_req, res) => {
				res.send('<p>héllo</p>');
			}),
			[{ path: '/' }],
		);
		assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
		assert.equal(response.headers['content-length'], '13');
		assert.equal(response.body, '<p>héllo</p>');
	});

	test('a Buffer is sent as application/octet-stream, a preset type kept without charset', async () => {
		const [plain, typed] = await differential(
			(framework) => {
				const app = framework();
				app.get('/plain', (_req, res) => {
					res.send(Buffer.from([0, 1, 2, 255]));
				});
				app.get('/typed', (_req, res) => {
					res.set('Content-Type', 'image/png').send(Buffer.from('png'));
				});
				return app;
			},
			[{ path: '/plain' }, { path: '/typed' }],
		);
		assert.equal(plain.headers['content-type'], 'application/octet-stream');
		assert.deepEqual([...plain.bytes], [0, 1, 2, 255]);
		assert.equal(plain.headers['content-length'], '4');
		assert.equal(typed.headers['content-type'], 'image/png');
	});

	test('objects, arrays, booleans are sent as JSON', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.get('/object', (_req, res) => {
					res.send({ a: 1, b: [true, null] });
				});
				app.get('/array', (_req, res) => {
					res.send([1, 'two']);
				});
				app.get('/boolean', (_req, res) => {
					res.send(false);
				});
				return app;
			},
			[{ path: '/object' }, { path: '/array' }, { path: '/boolean' }],
		);
		assert.deepEqual(
			responses.map((r) => [r.headers['content-type'], r.body]),
			[
				['application/json; charset=utf-8', '{"a":1,"b":[true,null]}'],
				['application/json; charset=utf-8', '[1,"two"]'],
				['application/json; charset=utf-8', 'false'],
			],
		);
	});

	test('null sends an empty body with no Content-Type; undefined sends no body and no ETag', async () => {
		const [nullResponse, undefinedResponse, typedNull] = await differential(
			(framework) => {
				const app = framework();
				app.get('/null', (_req, res) => {
					res.send(null);
				});
				app.get('/undefined', (_req, res) => {
					res.send();
				});
				app.get('/typed-null', (_req, res) => {
					res.type('text').send(null);
				});
				return app;
			},
			[{ path: '/null' }, { path: '/undefined' }, { path: '/typed-null' }],
		);
		assert.equal(nullResponse.headers['content-type'], undefined);
		assert.equal(nullResponse.headers['content-length'], '0');
		assert.equal(nullResponse.headers.etag, 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
		// node itself adds Content-Length: 0 to an empty end(); res.send computed none
		assert.equal(undefinedResponse.headers.etag, undefined);
		assert.equal(undefinedResponse.body, '');
		assert.equal(typedNull.headers['content-type'], 'text/plain; charset=utf-8');
	});

	test('a preset Content-Type gets charset=utf-8 for a string, replacing another charset', async () => {
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.get('/plain', (_req, res) => {
					res.set('Content-Type', 'text/plain').send('x');
				});
				app.get('/latin1', (_req, res) => {
					res.set('Content-Type', 'text/plain; charset=iso-8859-1').send('x');
				});
				app.get('/custom', (_req, res) => {
					res.setHeader('Content-Type', 'application/x-thing;  Foo="bar"');
					res.send('x');
				});
				app.get('/lower-case-name', (_req, res) => {
					res.setHeader('content-type', 'application/json; charset=utf-8');
					res.send('{}');
				});
				return app;
			},
			[{ path: '/plain' }, { path: '/latin1' }, { path: '/custom' }, { path: '/lower-case-name' }],
		);
		assert.deepEqual(
			responses.map((r) => r.headers['content-type']),
			['text/plain; charset=utf-8', 'text/plain; charset=utf-8', 'application/x-thing; charset=utf-8; foo=bar', 'application/json; charset=utf-8'],
		);
	});

	test('an invalid preset Content-Type makes res.send throw (500), as Express', async () => {
		const [response] = await differential(
			appWith((_req, res) => {
				res.setHeader('Content-Type', 'not a type');
				res.send('x');
			}),
			[{ path: '/' }],
		);
		assert.equal(response.status, 500);
		assert.match(response.body, /TypeError: invalid media type/);
	});

	test('Content-Length counts bytes of long multi-byte strings (the 1000+ character path)', async () => {
		const body = 'é'.repeat(1500);
		const responses = await differential(
			(framework) => {
				const app = framework();
				app.set('etag', false);
				app.get('/', (_req, res) => {
					res.send(body);
				});
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(responses[0].headers['content-length'], '3000');
		assert.equal(responses[0].body, body);
	});

	test('headers are sent in the same order as Express', async () => {
		const handler: Handler = (_req, res) => {
			res.set('X-First', '1');
			res.send({ ok: true });
		};
		const express = await orderedRequest((await import('express')).default().get('/', handler), { path: '/' });
		const velox = await orderedRequest(createApp().get('/', handler), { path: '/' });
		assert.deepEqual(velox.names, express.names);
		assert.deepEqual(velox.names, ['x-powered-by', 'x-first', 'content-type', 'content-length', 'etag', 'connection']);
	});
});

describe('res.send ETag', () => {
	test('a weak ETag by default, identical to Express for strings, Buffers and JSON', async () => {
		const requests = [{ path: '/string' }, { path: '/buffer' }, { path: '/json' }, { path: '/long' }];
		const results = await runBoth((framework) => {
			const app = framework();
			app.get('/string', (_req, res) => {
				res.send('hello');
			});
			app.get('/buffer', (_req, res) => {
				res.send(Buffer.from('hello'));
			});
			app.get('/json', (_req, res) => {
				res.send({ hello: 'world' });
			});
			app.get('/long', (_req, res) => {
				res.send('x'.repeat(5000));
			});
			return app;
		}, requests);
		const velox = results.velox.map((r) => r.headers.etag);
		assert.deepEqual(
			velox,
			results.express.map((r) => r.headers.etag),
		);
		assert.match(String(velox[0]), /^W\/"5-[\w+/]{27}"$/);
	});

	test('strong, disabled and custom ETags follow the setting', async () => {
		const requests = [{ path: '/strong/' }, { path: '/off/' }, { path: '/custom/' }, { path: '/custom-empty/' }];
		const build = (framework: Framework) => {
			const app = framework();
			const mount = (path: string, etag: unknown) => {
				const sub = framework();
				sub.set('etag', etag);
				sub.get('/', (_req, res) => {
					res.send('body');
				});
				app.use(path, sub);
			};
			mount('/strong', 'strong');
			mount('/off', false);
			mount('/custom', (body: Buffer, encoding?: string) => '"' + Buffer.isBuffer(body) + '-' + body.length + '-' + encoding + '"');
			mount('/custom-empty', () => '');
			return app;
		};
		const results = await runBoth(build, requests);
		const velox = results.velox.map((r) => r.headers.etag);
		assert.deepEqual(
			velox,
			results.express.map((r) => r.headers.etag),
		);
		assert.match(String(velox[0]), /^"4-[\w+/]{27}"$/);
		assert.equal(velox[1], undefined);
		assert.equal(velox[2], '"true-4-undefined"');
		assert.equal(velox[3], undefined);
	});

	test('a preset ETag is kept and no ETag is computed for an empty send', async () => {
		const [preset, empty] = await differential(
			(framework) => {
				const app = framework();
				app.get('/preset', (_req, res) => {
					res.set('ETag', '"mine"').send('body');
				});
				app.get('/empty', (_req, res) => {
					res.send();
				});
				return app;
			},
			[{ path: '/preset' }, { path: '/empty' }],
		);
		assert.equal(preset.headers.etag, '"mine"');
		assert.equal(empty.headers.etag, undefined);
	});

	test('the etag function is not called when the setting is disabled', async () => {
		const app = createApp();
		let calls = 0;
		app.set('etag', () => {
			calls++;
			return '"x"';
		});
		app.get('/', (_req, res) => {
			res.send('a');
		});
		await request(app).get('/').expect('ETag', '"x"');
		app.set('etag', false);
		const response = await request(app).get('/');
		assert.equal(response.headers.etag, undefined);
		assert.equal(calls, 1);
	});
});

describe('res.send freshness and bodiless responses', () => {
	test('304 with no body or entity headers when If-None-Match matches', async () => {
		const first = await request(createApp().get('/', (_req, res) => res.send('cached')))
			.get('/')
			.expect(200);
		const etag = first.headers.etag;
		const [fresh, stale, post] = await differential(
			(framework) => {
				const app = framework();
				app.all('/', (_req, res) => {
					res.send('cached');
				});
				return app;
			},
			[
				{ path: '/', headers: { 'If-None-Match': etag } },
				{ path: '/', headers: { 'If-None-Match': '"other"' } },
				{ method: 'POST', path: '/', headers: { 'If-None-Match': etag } },
			],
		);
		assert.equal(fresh.status, 304);
		assert.equal(fresh.body, '');
		assert.equal(fresh.headers['content-type'], undefined);
		assert.equal(fresh.headers['content-length'], undefined);
		assert.equal(stale.status, 200);
		assert.equal(post.status, 200);
	});

	test('304 from Last-Modified / If-Modified-Since, and not for a non-2xx status', async () => {
		const modified = 'Tue, 01 Jan 2030 00:00:00 GMT';
		const [fresh, error] = await differential(
			(framework) => {
				const app = framework();
				app.set('etag', false);
				app.get('/ok', (_req, res) => {
					res.set('Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT').send('x');
				});
				app.get('/error', (_req, res) => {
					res.status(500).set('Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT').send('x');
				});
				return app;
			},
			[
				{ path: '/ok', headers: { 'If-Modified-Since': modified } },
				{ path: '/error', headers: { 'If-Modified-Since': modified } },
			],
		);
		assert.equal(fresh.status, 304);
		assert.equal(error.status, 500);
		assert.equal(error.body, 'x');
	});

	test('HEAD gets the headers of GET and no body', async () => {
		const [head, get] = await differential(
			appWith((_req, res) => {
				res.send('some body');
			}),
			[{ method: 'HEAD', path: '/' }, { path: '/' }],
		);
		assert.equal(head.headers['content-length'], '9');
		assert.equal(head.body, '');
		assert.equal(get.body, 'some body');
	});

	test('204 strips Content-Type, Content-Length and Transfer-Encoding; 205 sends Content-Length 0', async () => {
		const [noContent, reset] = await differential(
			(framework) => {
				const app = framework();
				app.get('/204', (_req, res) => {
					res.status(204).set('Transfer-Encoding', 'chunked').send('dropped');
				});
				app.get('/205', (_req, res) => {
					res.status(205).send('dropped');
				});
				return app;
			},
			[{ path: '/204' }, { path: '/205' }],
		);
		assert.equal(noContent.status, 204);
		assert.equal(noContent.body, '');
		assert.equal(noContent.headers['content-type'], undefined);
		assert.equal(noContent.headers['transfer-encoding'], undefined);
		assert.equal(reset.status, 205);
		assert.equal(reset.headers['content-length'], '0');
		assert.equal(reset.body, '');
	});
});

describe('res.send deprecated forms', () => {
	test('res.send(status) sends the status message as text and warns', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) => {
					const app = framework();
					app.get('/known', (_req, res) => {
						res.send(404);
					});
					app.get('/unknown', (_req, res) => {
						res.send(299);
					});
					return app;
				},
				[{ path: '/known' }, { path: '/unknown' }],
			);
		});
		assert.equal(responses[0].status, 404);
		assert.equal(responses[0].body, 'Not Found');
		assert.equal(responses[0].headers['content-type'], 'text/plain; charset=utf-8');
		assert.equal(responses[1].status, 299);
		assert.equal(responses[1].body, '');
		assert.deepEqual(messagesOf(deprecations, 'velox'), messagesOf(deprecations, 'express'));
		assert.deepEqual(messagesOf(deprecations, 'velox'), [
			'res.send(status): Use res.sendStatus(status) instead',
			'res.send(status): Use res.sendStatus(status) instead',
		]);
	});

	test('res.send(body, status) and res.send(status, body) set the status and warn', async () => {
		let responses: Awaited<ReturnType<typeof differential>> = [];
		const deprecations = await captureDeprecations(async () => {
			responses = await differential(
				(framework) => {
					const app = framework();
					app.get('/body-status', (_req, res) => {
						(res.send as (...args: unknown[]) => unknown)('made', 201);
					});
					app.get('/status-body', (_req, res) => {
						(res.send as (...args: unknown[]) => unknown)(202, { queued: true });
					});
					app.get('/status-number', (_req, res) => {
						(res.send as (...args: unknown[]) => unknown)(200, 5);
					});
					return app;
				},
				[{ path: '/body-status' }, { path: '/status-body' }, { path: '/status-number' }],
			);
		});
		assert.deepEqual(
			responses.map((r) => [r.status, r.body]),
			[
				[201, 'made'],
				[202, '{"queued":true}'],
				[200, '5'],
			],
		);
		assert.deepEqual(messagesOf(deprecations, 'velox'), messagesOf(deprecations, 'express'));
		assert.deepEqual(messagesOf(deprecations, 'velox'), [
			'res.send(body, status): Use res.status(status).send(body) instead',
			'res.send(status, body): Use res.status(status).send(body) instead',
			'res.send(status, body): Use res.status(status).send(body) instead',
		]);
	});
});

describe('res.send bad input', () => {
	test('a body that cannot be sent (a Symbol) is a 500 through next(err), not a crash', async () => {
		const [response] = await differential(
			appWith((_req, res) => {
				res.send(Symbol('x'));
			}),
			[{ path: '/' }],
		);
		assert.equal(response.status, 500);
	});

	test('a second res.send fails with ERR_HTTP_HEADERS_SENT into next(err): the first answer stands, no crash', async () => {
		const codes: Record<string, unknown[]> = { express: [], velox: [] };
		const [response] = await differential(
			(framework, name) => {
				const app = framework();
				app.get('/', (_req, res) => {
					res.send('first');
					res.json({ second: true });
				});
				app.use((err: { code?: string }, _req: unknown, _res: unknown, _next: unknown) => {
					codes[name].push(err.code);
				});
				return app;
			},
			[{ path: '/' }],
		);
		assert.equal(response.body, 'first');
		assert.deepEqual(codes.express, ['ERR_HTTP_HEADERS_SENT']);
		// Velox ran behind http.createServer(app) and behind app.listen.
		assert.deepEqual(codes.velox, ['ERR_HTTP_HEADERS_SENT', 'ERR_HTTP_HEADERS_SENT']);
	});

	test('res.send returns the response for chaining', async () => {
		const app = createApp();
		let same = false;
		app.get('/', (_req, res) => {
			same = res.send('x') === res;
		});
		const response = await request(app).get('/');
		assert.equal(response.text, 'x');
		assert.equal(same, true);
	});
});

describe('res.send default type', () => {
	test('follows a remapped html extension (velox.static.mime.define), as Express', async () => {
		const mime = (await import('../src/express')).default.static.mime as { define(map: Record<string, string[]>): void };
		mime.define({ 'text/x-remapped': ['html'] });
		try {
			const [response] = await differential(
				appWith((_req, res) => {
					res.send('x');
				}),
				[{ path: '/' }],
			);
			assert.equal(response.headers['content-type'], 'text/x-remapped; charset=utf-8');
		} finally {
			mime.define({ 'text/html': ['html'] });
		}
	});
});
