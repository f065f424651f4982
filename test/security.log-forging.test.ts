/**
 * Log forging: what the default error logger (the final handler's) prints for an
 * error carrying request data has its control characters, U+2028 and U+2029
 * escaped, so a client cannot start log lines of its own; the stack keeps one
 * readable line per frame. express@4 prints the stack as it is (compared here).
 * Requests go over raw sockets, bodies and all.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { anyLogText, errorLogText, escapeLogText, escapeStack } from '../src/core/base/log-text';
import { rawRequest } from './helpers/raw-socket';
import { listen, listenApp, type Running } from './helpers/server';

type Framework = typeof express;

// CR, LF, CRLF, U+2028, U+2029: five ways to start a line.
const FORGED = 'bad input\rINFO one\nINFO two\r\nINFO three\u2028INFO four\u2029INFO five';

const logged: unknown[][] = [];
const consoleError = console.error;
before(() => {
	console.error = (...args: unknown[]) => {
		logged.push(args);
	};
});
after(() => {
	console.error = consoleError;
});

/** The lines a terminal or a line-based log collector would see in what was logged. */
function linesOf(entry: unknown[]): string[] {
	return entry
		.map(String)
		.join(' ')
		.split(/\r\n|[\r\n\u2028\u2029\u0085]/);
}

function failingApp(framework: Framework, env: string): express.Express {
	const app = framework();
	app.set('env', env);
	app.get('/fail', (req, _res, next) => {
		next(new Error('lookup failed for ' + String(req.query.q)));
	});
	app.post('/json', framework.json(), (_req, res) => {
		res.send('parsed');
	});
	return app;
}

async function logsFor(port: number, payload: string): Promise<unknown[][]> {
	logged.length = 0;
	const result = await rawRequest(port, payload);
	assert.ok(result.status >= 400, 'an error answer');
	// The logger runs on setImmediate after the answer is written.
	await new Promise((resolve) => setTimeout(resolve, 20));
	return logged.slice();
}

describe('the default error logger', () => {
	const servers: Record<string, Running> = {};
	before(async () => {
		servers.express = await listen(failingApp(express, 'development'));
		servers.velox = await listen(failingApp(velox as unknown as Framework, 'development'));
		servers['velox-listen'] = await listenApp(failingApp(velox as unknown as Framework, 'development'));
		servers['velox-production'] = await listen(failingApp(velox as unknown as Framework, 'production'));
		servers['velox-test'] = await listen(failingApp(velox as unknown as Framework, 'test'));
	});
	after(async () => {
		for (const running of Object.values(servers)) await running.close();
	});

	const forgedQuery = 'GET /fail?q=' + encodeURIComponent(FORGED) + ' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';

	test('five forged lines in a message: express@4 prints them, Velox prints one head line', async () => {
		const express4 = await logsFor(servers.express.port, forgedQuery);
		assert.equal(express4.length, 1);
		const express4Lines = linesOf(express4[0]);
		assert.equal(express4Lines.filter((line) => line.startsWith('INFO ')).length, 5, 'express@4 lets the client write log lines');

		for (const name of ['velox', 'velox-listen', 'velox-production']) {
			const entries = await logsFor(servers[name].port, forgedQuery);
			assert.equal(entries.length, 1, name);
			const lines = linesOf(entries[0]);
			assert.equal(lines.filter((line) => line.startsWith('INFO ')).length, 0, name + ': no forged line');
			assert.equal(lines[0], 'Error: lookup failed for bad input\\rINFO one\\nINFO two\\r\\nINFO three\\u2028INFO four\\u2029INFO five', name);
			// Every other line is a frame, readable as V8 wrote it.
			assert.ok(lines.length > 1, name + ': frames kept');
			for (const line of lines.slice(1)) assert.match(line, /^ {4}at /, name);
		}
	});

	test("with nothing to escape, the head line is express@4's and the frames follow on their own lines", async () => {
		const query = 'GET /fail?q=plain HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
		const express4 = linesOf((await logsFor(servers.express.port, query))[0]);
		const ours = linesOf((await logsFor(servers.velox.port, query))[0]);
		// Nothing to escape: byte for byte what express@4 logs, but for the frames' file paths.
		assert.equal(ours[0], express4[0]);
		assert.equal(ours.length > 1 && express4.length > 1, true);
	});

	test('a JSON body quoted in a parse error cannot start a log line', async () => {
		// V8 quotes the text of a body it cannot parse in the message, newlines and all.
		const body = '[1, x\nINFO \u2028]';
		const bytes = Buffer.byteLength(body);
		const payload = 'POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ' + bytes + '\r\nConnection: close\r\n\r\n' + body;
		const express4 = await logsFor(servers.express.port, Buffer.from(payload).toString('latin1'));
		const ours = await logsFor(servers.velox.port, Buffer.from(payload).toString('latin1'));
		assert.equal(express4.length, 1);
		assert.ok(
			linesOf(express4[0]).some((line) => line.startsWith('INFO ')),
			'express@4 prints the body as a line',
		);
		assert.equal(ours.length, 1);
		for (const line of linesOf(ours[0]).slice(1)) assert.match(line, /^ {4}at /);
		assert.ok(!linesOf(ours[0]).some((line) => line.startsWith('INFO')));
	});

	test('other control characters (ESC, NEL, DEL, NUL, TAB) are escaped too', async () => {
		const query = 'GET /fail?q=' + encodeURIComponent('\x1b[2J\x85\x7f\x00\tend') + ' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
		const [entry] = await logsFor(servers.velox.port, query);
		const head = linesOf(entry)[0];
		assert.equal(head, 'Error: lookup failed for \\x1b[2J\\x85\\x7f\\x00\\tend');
	});

	test('env test logs nothing, as in express@4', async () => {
		const entries = await logsFor(servers['velox-test'].port, forgedQuery);
		assert.equal(entries.length, 0);
	});

	test('a value that is not an Error is escaped whole', async () => {
		const app = velox();
		app.set('env', 'development');
		app.get('/', (_req, _res, next) => next('plain\nINFO forged'));
		app.get('/null', (_req, _res, next) => next(Object.assign(Object.create(null), { message: 'x\ny' })));
		const running = await listen(app);
		try {
			assert.deepEqual(await logsFor(running.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), [['plain\\nINFO forged']]);
			const [nullProto] = await logsFor(running.port, 'GET /null HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
			assert.equal(linesOf(nullProto).length, 1);
		} finally {
			await running.close();
		}
	});
});

describe('escaping', () => {
	test('escapeLogText leaves safe text as it is and escapes the rest', () => {
		assert.equal(escapeLogText('C:\\app\\index.js:1:2 ü €'), 'C:\\app\\index.js:1:2 ü €');
		assert.equal(escapeLogText('a\r\nb\u2028c\u2029d\x1be\x9bf'), 'a\\r\\nb\\u2028c\\u2029d\\x1be\\x9bf');
	});

	test('escapeStack: a message imitating frames stays in the head', () => {
		const err = new Error('x\n    at forged (evil.js:1:1)');
		const text = escapeStack(err.stack as string, err.message);
		const lines = text.split('\n');
		assert.equal(lines[0], 'Error: x\\n    at forged (evil.js:1:1)');
		assert.deepEqual(lines.slice(1), (err.stack as string).split('\n').slice(2));
	});

	test('escapeStack: without the message, the trailing frames are kept as lines', () => {
		const stack = 'Custom: a\nINFO b\n    at one (a.js:1:1)\n    at two (b.js:2:2)';
		assert.equal(escapeStack(stack, undefined), 'Custom: a\\nINFO b\n    at one (a.js:1:1)\n    at two (b.js:2:2)');
		assert.equal(escapeStack('no frames\nat all', undefined), 'no frames\\nat all');
	});

	test('errorLogText is what Express logs when there is nothing to escape; anyLogText never throws', () => {
		const err = new Error('fine');
		assert.equal(errorLogText(err), err.stack);
		assert.equal(errorLogText('text'), 'text');
		assert.throws(() => errorLogText(Object.create(null)));
		assert.equal(anyLogText(Object.create(null)), '[Object: null prototype] {}');
		const revoked = Proxy.revocable({}, {});
		revoked.revoke();
		assert.equal(typeof anyLogText(revoked.proxy), 'string');
	});
});
