/**
 * ReDoS and algorithmic-complexity attacks: route patterns of the
 * `/:a-:b` / `/:a.:b` / `/:a-:b-:c` class and regexp-heavy routes against 50k
 * character hostile paths; qs with huge bracket nesting and index abuse;
 * Accept-* headers with thousands of entries; Range with thousands of ranges;
 * long If-None-Match and X-Forwarded-For lists. Every request completes in
 * bounded time (well under a second each), with the status and body of the
 * line's express (express@4; express@5, with its route syntax and its
 * negotiation and media-type libraries, under `npm run test:line5`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { type Framework, frameworks } from './helpers/differential';
import { line, ORACLE_NAME } from './helpers/line-syntax';
import { LARGE_HEADERS, tempTree } from './helpers/security';
import { get, rawRequest, type RawResult } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

const HOSTILE_LENGTH = 50_000;
const TIME_LIMIT_MS = 1000;

// The same app runs on the line's express, the reference for every status and body (express is not timed).
let running: Running;
let reference: Running;
let fixtures: { dir: string; cleanup(): void };

function build(framework: Framework): express.Application {
	const app = framework();
	app.set('env', 'test');
	app.set('trust proxy', true);
	const reply = (req: express.Request, res: express.Response): void => {
		res.json(req.params);
	};
	app.get('/:a-:b', reply);
	app.get('/:a.:b', reply);
	app.get('/:a-:b-:c', reply);
	app.get('/d/:a-:b.:c', reply);
	app.get('/e/:a.:b-:c.:d', reply);
	app.get('/f/:a@:b-:c', reply);
	// Express 5's syntax has no regular expressions, `?` or `*` modifiers in strings: the nearest forms.
	if (line === 5) {
		app.get('/g/:id-:slug', reply);
		app.get('/h/:a-:b', reply);
		app.get('/i/*dir/:name.:ext', reply);
		app.get('/j/{:a}{-:b}{-:c}', reply);
		app.get('/k/*path', reply);
	} else {
		app.get('/g/:id(\\d+)-:slug', reply);
		app.get('/h/:a(\\w+)-:b(\\w+)', reply);
		app.get('/i/*/:name.:ext', reply);
		app.get('/j/:a?-:b?-:c?', reply);
		app.get('/k/:path*', reply);
	}
	app.get(/^\/re\/([a-z0-9-]+)\/(\d+)$/, reply);
	app.get('/query', (req, res) => {
		res.json({ keys: Object.keys(req.query).length });
	});
	app.get('/accepts', (req, res) => {
		res.json({
			type: req.accepts(['json', 'html', 'text/plain', 'image/*']),
			language: req.acceptsLanguages('en', 'fr', 'de'),
			encoding: req.acceptsEncodings('gzip', 'br'),
			charset: req.acceptsCharsets('utf-8'),
		});
	});
	app.get('/format', (_req, res) => {
		res.format({ json: () => res.json({ ok: true }), html: () => res.send('<p>ok</p>'), text: () => res.send('ok') });
	});
	app.get('/range', (req, res) => {
		const range = req.range(10_000, { combine: true });
		res.json({ count: Array.isArray(range) ? range.length : range });
	});
	app.get('/who', (req, res) => {
		res.json({ ip: req.ip, ips: req.ips.length, hostname: req.hostname, fresh: req.fresh });
	});
	app.post('/body', framework.json(), framework.urlencoded({ extended: true }), framework.text(), (req, res) => {
		res.json({ is: req.is(['json', 'text/*', 'urlencoded']) });
	});
	app.use('/static', framework.static(fixtures.dir));
	return app;
}

before(async () => {
	fixtures = tempTree({ 'file.txt': 'x'.repeat(10_000) });
	running = await listen(build(velox), LARGE_HEADERS);
	reference = await listen(build(frameworks.express), LARGE_HEADERS);
});

after(async () => {
	await running.close();
	await reference.close();
	fixtures.cleanup();
});

async function timed(target: string, headers: Record<string, string> = {}): Promise<{ status: number; elapsedMs: number; body: string }> {
	const result = await rawRequest(running.port, get(target, headers), { timeoutMs: 10_000 });
	return { status: result.status, elapsedMs: result.elapsedMs, body: result.body };
}

// An error page's stack frames name each framework's own files.
const comparable = (body: string): string => body.replace(/<br> &nbsp; &nbsp;at [^<]*/g, '');

/** Velox answers within the time bound with exactly `status`, and with the line's express's status and body. */
async function assertFast(payload: string, label: string, status: number): Promise<RawResult> {
	const result = await rawRequest(running.port, payload, { timeoutMs: 10_000 });
	assert.ok(result.elapsedMs < TIME_LIMIT_MS, label + ': took ' + result.elapsedMs + ' ms');
	const expected = await rawRequest(reference.port, payload, { timeoutMs: 60_000 });
	assert.equal(expected.status, status, label + ': ' + ORACLE_NAME + ' answers ' + expected.status);
	assert.equal(result.status, status, label + ': status');
	assert.equal(comparable(result.body), comparable(expected.body), label + ': body');
	return result;
}

describe('route patterns against 50k-character hostile paths', () => {
	const n = HOSTILE_LENGTH;
	// [path, status on express@4, status on express@5 where its syntax matches otherwise]
	const paths: Record<string, [string, number, number?]> = {
		'dashes then slash': ['/' + '-'.repeat(n) + '/x', 404],
		'dashes with trailing junk': ['/a' + '-'.repeat(n) + '!/', 200],
		'a- repeated': ['/' + 'a-'.repeat(n / 2) + '/', 404],
		dots: ['/' + '.'.repeat(n) + '/', 404, 200],
		'a. repeated': ['/' + 'a.'.repeat(n / 2) + '/z', 404],
		'd: dashes and dots': ['/d/' + '-.'.repeat(n / 2) + '/', 404],
		'e: mixed separators': ['/e/' + '.-'.repeat(n / 2) + '/', 404],
		'f: @ and dashes': ['/f/' + '@-'.repeat(n / 2) + '/', 404],
		'g: digits and dashes': ['/g/' + '1-'.repeat(n / 2) + '/', 404],
		'h: word and dashes': ['/h/' + 'a-'.repeat(n / 2) + '!', 404, 200],
		'i: star and dots': ['/i/' + 'a/'.repeat(n / 4) + '.'.repeat(n / 2) + '/', 404, 200],
		'j: optional params': ['/j/' + '-'.repeat(n) + '/', 200],
		'k: star param': ['/k/' + 'a/'.repeat(n / 2) + '%', 400],
		'regexp route': ['/re/' + 'a-'.repeat(n / 2) + '/x', 404],
		'percent escapes': ['/' + '%41-'.repeat(n / 4) + '%', 400],
	};
	for (const label of Object.keys(paths)) {
		test(label + ' completes well under a second', async () => {
			const [target, status4, status5] = paths[label];
			await assertFast(get(target), label, line === 5 ? (status5 ?? status4) : status4);
		});
	}

	test('the patterns still match what they should (the timing is not of a 404 shortcut)', async () => {
		assert.equal((await timed('/one-two')).body, '{"a":"one","b":"two"}');
		assert.equal((await timed('/e/a.b-c.d')).body, '{"a":"a","b":"b","c":"c","d":"d"}');
		assert.equal((await timed('/g/12-slug')).body, '{"id":"12","slug":"slug"}');
		assert.equal((await timed('/re/a-b/7')).body, '{"0":"a-b","1":"7"}');
	});
});

describe('query strings', () => {
	const n = HOSTILE_LENGTH;
	const queries: Record<string, string> = {
		'huge bracket nesting': 'a' + '['.repeat(n) + '=1',
		'deep keys': 'a' + '[b]'.repeat(n / 3) + '=1',
		'closing brackets': 'a' + ']'.repeat(n) + '=1',
		'huge indexes': Array.from({ length: 2000 }, (_, i) => 'a[' + (999_999_999 - i) + ']=1').join('&'),
		'many array pushes': 'a[]=1&'.repeat(5000),
		'many keys': Array.from({ length: 5000 }, (_, i) => 'k' + i + '=' + i).join('&'),
		'dots and brackets': 'a' + '.b[c]'.repeat(n / 6) + '=1',
		'percent soup': '%'.repeat(n) + '=' + '%'.repeat(n),
	};
	for (const label of Object.keys(queries)) {
		test(label + ': bounded time', async () => {
			await assertFast(get('/query?' + queries[label]), label, 200);
		});
	}
});

describe('negotiation and range headers with thousands of entries', () => {
	const many = (count: number, item: (i: number) => string): string => Array.from({ length: count }, (_, i) => item(i)).join(', ');
	const headers: Record<string, [Record<string, string>, number]> = {
		// [headers, the status res.format answers: 406 when no offered type is acceptable]
		'Accept: 5000 types': [{ Accept: many(5000, (i) => 'type' + i + '/sub' + i + ';q=0.' + (i % 10)) }, 406],
		'Accept: 5000 wildcards with params': [{ Accept: many(5000, (i) => '*/*;level=' + i + ';q=0.5') }, 406],
		'Accept-Language: 5000 tags': [{ 'Accept-Language': many(5000, (i) => 'x' + i + '-Y' + i + ';q=0.' + (i % 10)) }, 200],
		'Accept-Encoding: 5000 codings': [{ 'Accept-Encoding': many(5000, (i) => 'c' + i + ';q=0.' + (i % 10)) }, 200],
		'Accept-Charset: 5000 charsets': [{ 'Accept-Charset': many(5000, (i) => 'cs' + i) }, 200],
		'Accept: one type, 5000 parameters': [{ Accept: 'text/html' + ';p=1'.repeat(5000) }, 406],
		'Accept: 20k semicolons': [{ Accept: 'text/html' + ';'.repeat(20_000) }, 200],
	};
	for (const label of Object.keys(headers)) {
		test(label + ': req.accepts* and res.format in bounded time', async () => {
			await assertFast(get('/accepts', headers[label][0]), label + ' accepts', 200);
			await assertFast(get('/format', headers[label][0]), label + ' format', headers[label][1]);
		});
	}

	test('Range: 5000 ranges → req.range and static in bounded time', async () => {
		const ranges = 'bytes=' + Array.from({ length: 5000 }, (_, i) => i * 2 + '-' + (i * 2 + 1)).join(',');
		const parsed = await assertFast(get('/range', { Range: ranges }), 'req.range', 200);
		assert.equal(parsed.body, '{"count":1}');
		await assertFast(get('/static/file.txt', { Range: ranges }), 'static', 206);
		const overlapping = 'bytes=' + '0-,'.repeat(10_000) + '0-1';
		await assertFast(get('/static/file.txt', { Range: overlapping }), 'static overlapping', 206);
	});

	test('If-None-Match with 5000 tags and X-Forwarded-For with 5000 hops: bounded time', async () => {
		const tags = Array.from({ length: 5000 }, (_, i) => '"t' + i + '"').join(', ');
		await assertFast(get('/static/file.txt', { 'If-None-Match': tags }), 'static If-None-Match', 200);
		await assertFast(get('/who', { 'If-None-Match': tags }), 'req.fresh', 200);
		const hops = Array.from({ length: 5000 }, (_, i) => '10.' + ((i >> 8) & 255) + '.' + (i & 255) + '.1').join(', ');
		const who = await assertFast(get('/who', { 'X-Forwarded-For': hops, 'X-Forwarded-Host': 'a.'.repeat(5000) + 'example' }), 'req.ip/ips', 200);
		assert.match(who.body, /"ips":5000/);
	});
});

describe('hostile Content-Type headers', () => {
	const n = HOSTILE_LENGTH;
	const types = [
		'application/json;' + ' '.repeat(n) + 'x',
		'application/json; a="' + '\\"'.repeat(n / 2),
		'application/json; a=' + ' '.repeat(n) + '=b',
		'text/plain' + '; a=b'.repeat(n / 5),
		'application/json; charset=' + '"'.repeat(n),
		'a/' + 'b'.repeat(n),
		'text/plain;' + ';'.repeat(n) + 'charset=utf-8',
		'text/plain; a=' + '"\\\t'.repeat(n / 3),
	];
	test('the body parsers and req.is stay linear on 50k-character Content-Types', async () => {
		for (const type of types) {
			const payload = 'POST /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ' + type + '\r\nContent-Length: 2\r\n\r\n{}';
			await assertFast(payload, JSON.stringify(type.slice(0, 30)), 200);
		}
		const plain = await rawRequest(
			running.port,
			'POST /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
		);
		assert.equal(plain.body, '{"is":"json"}');
	});
});
