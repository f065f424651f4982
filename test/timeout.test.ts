/**
 * `velox.timeout(time)`: 503 through the error path when no response started
 * in time, once; `req.signal` aborted with the error; the slow handler's late
 * writes ignored without throwing; nothing left behind. connect-timeout (the
 * real package) keeps working unchanged, as with express@4.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { RequestHandler } from 'express';
import velox from '../src/express';
import { differential } from './helpers/differential';
import { closeSession, connectH2, h2request } from './http2.helpers';
import { type HttpResponse, send } from './helpers/client';
import { close, listen } from './helpers/server';
import { FIXTURES } from './helpers/static';

type Req = velox.Request;
type Res = velox.Response;
type Next = velox.NextFunction;

const connectTimeout = require('connect-timeout') as (time: string | number, options?: { respond?: boolean }) => RequestHandler;

/** A GET through node's client, without a client-side timeout (it would add a timer). */
function get(port: number, path: string, agent?: http.Agent): Promise<HttpResponse> {
	return send(port, { path }, { agent, timeoutMs: 0 });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function activeTimeouts(): number {
	return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

describe('velox.timeout', () => {
	test('rejects a time that is not a positive duration; accepts milliseconds and ms strings', () => {
		for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 'soon', '', null, undefined, {}]) {
			assert.throws(() => velox.timeout(bad as number), TypeError, String(bad));
		}
		assert.equal(typeof velox.timeout(50), 'function');
		assert.equal(typeof velox.timeout('5s'), 'function');
	});

	test('no response in time: the error handlers get a 503 error with code ETIMEDOUT, req.signal aborts with it, the client gets one answer', async () => {
		const app = velox();
		app.set('env', 'test');
		const seen: Array<{ status: unknown; statusCode: unknown; code: unknown; timeout: unknown; name: unknown; aborted: boolean; sameReason: boolean }> = [];
		let lateResult: unknown;
		let lateError: unknown;
		// The slow handler answers once the client has the 503 (a fixed delay raced the final
		// handler's deferred write on a loaded machine, where both timers expire in one turn).
		let answerLate: () => void = () => {};
		app.get('/slow', velox.timeout(40), (_req: Req, res: Res) => {
			answerLate = () => {
				try {
					lateResult = res.status(200).set('X-Late', 'yes').cookie('late', '1').json({ late: true });
				} catch (err) {
					lateError = err;
				}
			};
		});
		app.use((err: Error & Record<string, unknown>, req: Req, _res: Res, next: Next) => {
			seen.push({
				status: err.status,
				statusCode: err.statusCode,
				code: err.code,
				timeout: err.timeout,
				name: err.name,
				aborted: req.signal!.aborted,
				sameReason: req.signal!.reason === err,
			});
			next(err);
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const res = await get(port, '/slow');
			assert.equal(res.status, 503);
			assert.match(res.body, /TimeoutError: Response timeout/);
			assert.equal(res.headers['x-late'], undefined);
			assert.deepEqual(seen, [{ status: 503, statusCode: 503, code: 'ETIMEDOUT', timeout: 40, name: 'TimeoutError', aborted: true, sameReason: true }]);
			answerLate();
			await sleep(30);
			assert.equal(lateError, undefined, 'the late res.json did not throw');
			assert.ok(lateResult, 'the late res.json returned the response');
			assert.equal(seen.length, 1, 'answered once');
		} finally {
			await close(server);
		}
	});

	test('late writes of every kind are ignored without throwing and without an error event (send, redirect, write/end, writeHead; sendFile reports to its callback)', async () => {
		const app = velox();
		app.set('env', 'test');
		const errors: unknown[] = [];
		let sendFileError: unknown;
		const settled = new Promise<void>((resolve) => {
			app.get('/slow', velox.timeout(30), (_req: Req, res: Res) => {
				res.on('error', (err) => errors.push(err));
				setTimeout(() => {
					try {
						res.send('late');
						res.sendFile(join(FIXTURES, 'hello.txt'), (err) => {
							// send reports the sent head through the callback, as in Express.
							sendFileError = err;
							setTimeout(resolve, 20);
						});
						res.redirect('/elsewhere');
						res.writeHead(200, { 'X-Late': '1' });
						res.removeHeader('X-Powered-By');
						res.write('more');
						res.end('end', () => {});
					} catch (err) {
						errors.push(err);
						resolve();
					}
				}, 80);
			});
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const res = await get(port, '/slow');
			assert.equal(res.status, 503);
			await settled;
			assert.deepEqual(errors, []);
			// "Request aborted" or "Can't set headers after they are sent", by timing: an error to the callback, not a throw.
			assert.ok(sendFileError instanceof Error);
			// The server still answers.
			assert.equal((await get(port, '/nothing')).status, 404);
		} finally {
			await close(server);
		}
	});

	test('a response completed in time: no 503, no abort, the timer is cleared (no Timeout handle left after many requests)', async () => {
		const app = velox();
		app.set('env', 'test');
		const signals: AbortSignal[] = [];
		app.use(velox.timeout('2s'));
		app.get('/fast', (req: Req, res: Res) => {
			signals.push(req.signal!);
			setImmediate(() => res.send('fast'));
		});
		app.get('/plain', (_req: Req, res: Res) => {
			res.send('plain');
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
		try {
			const before = activeTimeouts();
			for (let i = 0; i < 50; i++) {
				const batch = await Promise.all([get(port, '/fast', agent), get(port, '/plain', agent), get(port, '/fast', agent), get(port, '/plain', agent)]);
				for (const res of batch) assert.equal(res.status, 200);
			}
			await sleep(20);
			assert.equal(signals.length, 100);
			assert.equal(signals.filter((s) => s.aborted).length, 0);
			// http.Agent keep-alive sockets and the server's own timers are the same before and after.
			assert.ok(activeTimeouts() <= before + 1, 'Timeout handles: before ' + before + ', after ' + activeTimeouts());
		} finally {
			agent.destroy();
			await close(server);
		}
	});

	test("a pending timeout does not keep the process alive (its timer is unref'd)", async () => {
		const app = velox();
		app.set('env', 'test');
		let arrived!: () => void;
		const inHandler = new Promise<void>((resolve) => {
			arrived = resolve;
		});
		let pending: Res | undefined;
		app.get('/wait', velox.timeout('1h'), (_req: Req, res: Res) => {
			pending = res;
			arrived();
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const before = activeTimeouts();
			const response = get(port, '/wait');
			await inHandler;
			assert.equal(activeTimeouts(), before, 'no referenced Timeout was added');
			pending!.send('done');
			assert.equal((await response).body, 'done');
		} finally {
			await close(server);
		}
	});

	test('a response that started in time (streaming) is not cut and its signal not aborted', async () => {
		const app = velox();
		app.set('env', 'test');
		let signal: AbortSignal | undefined;
		app.get('/stream', velox.timeout(30), (req: Req, res: Res) => {
			signal = req.signal;
			res.type('txt');
			res.write('start ');
			setTimeout(() => res.end('end'), 100);
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const res = await get(port, '/stream');
			assert.equal(res.status, 200);
			assert.equal(res.body, 'start end');
			assert.equal(signal?.aborted, false);
		} finally {
			await close(server);
		}
	});

	test('a route timeout replaces the app one (the later velox.timeout on a request wins)', async () => {
		const app = velox();
		app.set('env', 'test');
		app.use(velox.timeout('5s'));
		app.get('/short', velox.timeout(30), () => {});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const started = Date.now();
			const res = await get(port, '/short');
			assert.equal(res.status, 503);
			assert.ok(Date.now() - started < 2000);
		} finally {
			await close(server);
		}
	});

	test('an async handler that honours req.signal stops its work', async () => {
		const app = velox();
		app.set('env', 'test');
		let stoppedEarly = false;
		app.get('/work', velox.timeout(30), async (req: Req, res: Res) => {
			try {
				await new Promise((resolve, reject) => {
					const timer = setTimeout(resolve, 500);
					req.signal!.addEventListener('abort', () => {
						clearTimeout(timer);
						reject(req.signal!.reason);
					});
				});
				res.send('done');
			} catch (err) {
				stoppedEarly = (err as { code?: string }).code === 'ETIMEDOUT';
				throw err;
			}
		});
		const server = http.createServer(app);
		const { port } = await listen(server);
		try {
			const res = await get(port, '/work');
			assert.equal(res.status, 503);
			await sleep(20);
			assert.equal(stoppedEarly, true);
		} finally {
			await close(server);
		}
	});
});

describe('velox.timeout over HTTP/2', () => {
	test('a timed-out stream gets the 503 and the late res.send is ignored; the session goes on', async () => {
		const app = velox();
		app.set('env', 'test');
		let lateError: unknown;
		const late = new Promise<void>((resolve) => {
			app.get('/slow', velox.timeout(30), (_req: Req, res: Res) => {
				setTimeout(() => {
					try {
						res.set('Connection', 'close').send('late');
					} catch (err) {
						lateError = err;
					}
					resolve();
				}, 80);
			});
		});
		app.get('/fast', velox.timeout(1000), (_req: Req, res: Res) => {
			res.send('fast');
		});
		const server = http2.createServer(app);
		const { port } = await listen(server);
		const session = await connectH2('http://127.0.0.1:' + port);
		try {
			const res = await h2request(session, { ':path': '/slow' });
			assert.equal(res.status, 503);
			assert.match(res.text, /Response timeout/);
			await late;
			assert.equal(lateError, undefined);
			assert.equal((await h2request(session, { ':path': '/fast' })).text, 'fast');
		} finally {
			await closeSession(session);
			await close(server);
		}
	});
});

describe('connect-timeout keeps working unchanged', () => {
	test('same answers as express@4: a timed-out request (503) and one in time', async () => {
		await differential(
			(framework) => {
				const app = framework();
				app.use(connectTimeout('40ms'));
				app.get('/slow', (req, res) => {
					setTimeout(() => {
						if (!(req as { timedout?: boolean }).timedout) res.send('late');
					}, 120);
				});
				app.get('/fast', (req, res) => {
					res.json({ timedout: (req as { timedout?: boolean }).timedout });
				});
				return app;
			},
			[{ path: '/slow' }, { path: '/fast' }],
			{ env: 'production' },
		);
	});
});
