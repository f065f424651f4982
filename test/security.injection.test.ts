/**
 * Header and cookie injection, and XSS in generated HTML. CR, LF and NUL in
 * anything that becomes a header (res.set, res.append, res.location,
 * res.attachment, res.cookie and its options) either throw a TypeError, which
 * the router turns into a 500, or are encoded: the raw bytes on the wire never
 * hold an injected header line. Every HTML body Velox generates (404 page,
 * development error page, redirect bodies, static redirect) escapes what the
 * client sent, and a JSONP callback cannot carry script.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { frameworks } from './helpers/differential';
import { ORACLE_NAME } from './helpers/line-syntax';
import { LARGE_HEADERS, tempTree } from './helpers/security';
import { get, headerNames, rawRequest, type RawResult } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

type Framework = typeof express;
type Handler = (req: express.Request, res: express.Response) => void;

const INJECTIONS = ['a\r\nX-Injected: 1', 'a\nX-Injected: 1', 'a\rX-Injected: 1', 'a\0X-Injected: 1'];

/** Per injection a handler that feeds it to a header-producing API. */
const SINKS: Record<string, (value: string) => Handler> = {
	'res.set': (value) => (_req, res) => res.set('X-Value', value).send('sent'),
	'res.set(object)': (value) => (_req, res) => res.set({ 'X-Value': value }).send('sent'),
	'res.set(Content-Type)': (value) => (_req, res) => res.set('Content-Type', 'text/plain' + value).send('sent'),
	'res.set(name)': (value) => (_req, res) => res.set('X-Na' + value, 'v').send('sent'),
	'res.append': (value) => (_req, res) => res.append('X-Value', ['ok', value]).send('sent'),
	'res.location': (value) => (_req, res) => res.location('/next' + value).send('sent'),
	'res.redirect': (value) => (_req, res) => res.redirect('/next' + value),
	'res.attachment': (value) => (_req, res) => res.attachment('report' + value + '.txt').send('sent'),
	'res.links': (value) => (_req, res) => res.links({ next: '/p2' + value }).send('sent'),
	'res.type': (value) => (_req, res) => res.type('text/plain' + value).send('sent'),
	'res.vary': (value) => (_req, res) => res.vary('Origin' + value).send('sent'),
	'res.cookie name': (value) => (_req, res) => res.cookie('sid' + value, 'v').send('sent'),
	'res.cookie value': (value) => (_req, res) => res.cookie('sid', 'v' + value).send('sent'),
	'res.cookie value (encode: String)': (value) => (_req, res) => res.cookie('sid', 'v' + value, { encode: String }).send('sent'),
	'res.cookie path': (value) => (_req, res) => res.cookie('sid', 'v', { path: '/' + value }).send('sent'),
	'res.cookie domain': (value) => (_req, res) => res.cookie('sid', 'v', { domain: 'app.test' + value }).send('sent'),
	'res.cookie sameSite': (value) => (_req, res) => res.cookie('sid', 'v', { sameSite: ('lax' + value) as 'lax' }).send('sent'),
	'res.cookie priority': (value) => (_req, res) => res.cookie('sid', 'v', { priority: ('high' + value) as 'high' }).send('sent'),
	'res.clearCookie path': (value) => (_req, res) => res.clearCookie('sid', { path: '/' + value }).send('sent'),
};

function buildSinkApp(framework: Framework): express.Express {
	const app = framework();
	app.set('env', 'test');
	const names = Object.keys(SINKS);
	app.get('/sink/:sink/:injection', (req, res) => {
		const sink = SINKS[names[Number(req.params.sink)]];
		sink(INJECTIONS[Number(req.params.injection)])(req, res);
	});
	// The same sinks, reporting what they threw instead of letting the router answer 500.
	app.get('/typed/:sink/:injection', (req, res) => {
		const sink = SINKS[names[Number(req.params.sink)]];
		try {
			sink(INJECTIONS[Number(req.params.injection)])(req, res);
		} catch (err) {
			res.removeHeader('Set-Cookie');
			res.status(500).send('threw ' + (err as Error).name);
		}
	});
	return app;
}

/** No `X-Injected` line however the head is split (CRLF, bare LF, bare CR), no NUL, no bare CR or LF at all. */
function assertNoSplitHeader(result: RawResult, label: string): void {
	const head = result.raw.slice(0, result.raw.indexOf('\r\n\r\n'));
	assert.ok(result.status > 0, label + ': an answer');
	const lines = head.split(/\r\n|\n|\r/);
	assert.ok(!lines.some((line) => /^x-injected\s*:/i.test(line)), label + ': injected header line in ' + JSON.stringify(head));
	assert.equal(lines.length, head.split('\r\n').length, label + ': bare CR or LF in ' + JSON.stringify(head));
	assert.ok(!head.includes('\0'), label + ': NUL in ' + JSON.stringify(head));
	assert.ok(!headerNames(result).includes('x-injected'), label);
}

let servers: Record<'express' | 'velox', Running>;

before(async () => {
	servers = {
		express: await listen(buildSinkApp(frameworks.express), LARGE_HEADERS),
		velox: await listen(buildSinkApp(velox), LARGE_HEADERS),
	};
});

after(async () => {
	await servers.express.close();
	await servers.velox.close();
});

describe('CR, LF and NUL never split a header', () => {
	const names = Object.keys(SINKS);
	for (let s = 0; s < names.length; s++) {
		test(names[s] + ': TypeError (500) or encoded, never a split header; same status as ' + ORACLE_NAME, async () => {
			for (let i = 0; i < INJECTIONS.length; i++) {
				const label = names[s] + ' ' + JSON.stringify(INJECTIONS[i]);
				const result = await rawRequest(servers.velox.port, get('/sink/' + s + '/' + i));
				assertNoSplitHeader(result, label);
				assert.ok(result.status === 500 || (result.status >= 200 && result.status < 400), label + ': status ' + result.status);
				if (result.status === 500) assert.equal(result.body.includes('sent'), false, label);
				const reference = await rawRequest(servers.express.port, get('/sink/' + s + '/' + i));
				assert.equal(result.status, reference.status, label + ' differs from ' + ORACLE_NAME);
			}
		});
	}

	test('what is rejected is rejected with a TypeError, synchronously', async () => {
		const thrown: string[] = [];
		for (let s = 0; s < names.length; s++) {
			for (let i = 0; i < INJECTIONS.length; i++) {
				const result = await rawRequest(servers.velox.port, get('/typed/' + s + '/' + i));
				if (result.status !== 500) continue;
				assert.equal(result.body, 'threw TypeError', names[s] + ' ' + JSON.stringify(INJECTIONS[i]));
				thrown.push(names[s]);
			}
		}
		// Not vacuous: header setters and cookie options do throw.
		for (const name of ['res.set', 'res.append', 'res.cookie name', 'res.cookie path', 'res.cookie sameSite'])
			assert.ok(thrown.includes(name), name + ' threw');
	});

	test('the check is not vacuous: a well-formed value reaches the wire', async () => {
		const app = velox();
		app.get('/', (_req, res) => {
			res.set('X-Value', 'plain').cookie('sid', 'v', { path: '/a' }).send('sent');
		});
		const running = await listen(app, LARGE_HEADERS);
		try {
			const result = await rawRequest(running.port, get('/'));
			assert.equal(result.status, 200);
			assert.ok(result.headerLines.includes('X-Value: plain'));
			assert.ok(result.headerLines.includes('Set-Cookie: sid=v; Path=/a'));
		} finally {
			await running.close();
		}
	});
});

describe('generated HTML escapes what the client sent', () => {
	let fixtures: { dir: string; cleanup(): void };
	let running: Running;
	let development: Running;

	before(async () => {
		fixtures = tempTree({ 'public/hello.txt': 'hi' });
		mkdirSync(path.join(fixtures.dir, 'public', '"><svg onload=alert(1)>'));
		const app = velox();
		app.set('env', 'test');
		app.get('/r', (req, res) => res.redirect(String(req.query.to)));
		app.get('/jsonp', (req, res) => res.jsonp({ user: req.query.name }));
		app.use(velox.static(path.join(fixtures.dir, 'public')));
		running = await listen(app, LARGE_HEADERS);

		const dev = velox();
		dev.set('env', 'development');
		dev.get('/boom', (req) => {
			throw new Error('failed for ' + String(req.query.q));
		});
		dev.get('/p/:id', (_req, res) => res.send('never'));
		development = await listen(dev, LARGE_HEADERS);
	});

	after(async () => {
		await running.close();
		await development.close();
		fixtures.cleanup();
	});

	test('404 page: the raw path (quotes, angle brackets) is escaped', async () => {
		const result = await rawRequest(running.port, get('/<script>alert("x")</script>\'q'));
		assert.equal(result.status, 404);
		assert.match(result.body, /Cannot GET /);
		assert.doesNotMatch(result.body, /<script|"x"|'q/);
	});

	test('development error page: the error message and stack are escaped', async () => {
		const originalError = console.error;
		console.error = () => {};
		try {
			const result = await rawRequest(development.port, get('/boom?q=' + encodeURIComponent('<img src=x onerror=alert(1)>')));
			assert.equal(result.status, 500);
			assert.match(result.body, /failed for &lt;img src=x onerror=alert\(1\)&gt;/);
			assert.doesNotMatch(result.body, /<img/);
			const decode = await rawRequest(development.port, get('/p/%3Cscript%3E%'));
			assert.equal(decode.status, 400);
			assert.doesNotMatch(decode.body, /<script/);
			assert.match(decode.body, /Failed to decode param/);
		} finally {
			await new Promise((resolve) => setTimeout(resolve, 20));
			console.error = originalError;
		}
	});

	test('redirect bodies (html and text) carry no markup from the URL', async () => {
		const to = encodeURIComponent('/x"><script>alert(1)</script>');
		const html = await rawRequest(running.port, get('/r?to=' + to, { Accept: 'text/html' }));
		assert.equal(html.status, 302);
		// Express 5 wraps the paragraph in a page of its own markup: the URL's part is what is checked.
		const shown = /<p>Found\. Redirecting to (.*)<\/p>/s.exec(html.body);
		assert.ok(shown, html.body);
		assert.doesNotMatch(shown[1], /<script|">/);
		const text = await rawRequest(running.port, get('/r?to=' + to, { Accept: 'text/plain' }));
		assert.doesNotMatch(text.body, /<script/);
	});

	test('static redirect body escapes the directory name', async () => {
		const result = await rawRequest(running.port, get('/' + encodeURIComponent('"><svg onload=alert(1)>')));
		assert.equal(result.status, 301);
		const pre = /<pre>([\s\S]*)<\/pre>/.exec(result.body);
		assert.ok(pre !== null, result.body);
		assert.match(pre[1], /^Redirecting to \//);
		assert.doesNotMatch(pre[1], /[<>"]/);
	});

	test('JSONP: script characters are stripped from the callback; U+2028/2029 escaped', async () => {
		const callbacks = ['<script>alert(1)</script>', 'alert(document.cookie)//', 'a;b=c', 'x\u2028y', '"\'`'];
		for (const callback of callbacks) {
			const result = await rawRequest(running.port, get('/jsonp?callback=' + encodeURIComponent(callback) + '&name=' + encodeURIComponent('\u2028</script>')));
			assert.equal(result.status, 200, callback);
			const name = /typeof (\S*) ===/.exec(result.body);
			assert.ok(name !== null, 'callback body for ' + JSON.stringify(callback) + ': ' + result.body);
			assert.match(name[1], /^[\w$.[\]]*$/, callback);
			assert.ok(result.headerLines.includes('X-Content-Type-Options: nosniff'));
			assert.doesNotMatch(Buffer.from(result.body, 'latin1').toString('utf8'), /\u2028/);
		}
	});
});
