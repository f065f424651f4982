/**
 * Open redirects. `res.location`/`res.redirect` encode but do not validate the
 * URL, exactly as Express 4.21+ and 5 (pinned equal to the line's express below, hostile
 * values included); their HTML body escapes the URL. `velox.static`'s own
 * directory redirect is built from the request path and must never point to
 * another host: no Location a browser reads as scheme-relative (`//host`,
 * `/\host`, `\\host`).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { frameworks as lineFrameworks } from './helpers/differential';
import { ORACLE_NAME } from './helpers/line-syntax';
import { LARGE_HEADERS, tempTree } from './helpers/security';
import { get, rawRequest, type RawResult } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

type Framework = typeof express;
const frameworks: Record<'express' | 'velox', Framework> = { express: lineFrameworks.express, velox };

function locationOf(result: RawResult): string | undefined {
	const line = result.headerLines.find((candidate) => candidate.toLowerCase().startsWith('location:'));
	return line === undefined ? undefined : line.slice('location:'.length).trim();
}

/** Whether a browser resolving `location` against http://app.test/ would leave app.test. */
function leavesOrigin(location: string): boolean {
	try {
		return new URL(location, 'http://app.test/some/page').host !== 'app.test';
	} catch {
		return false;
	}
}

let fixtures: { dir: string; cleanup(): void };
const servers: Record<string, Running> = {};

before(async () => {
	fixtures = tempTree({ 'public/docs/index.html': '<p>docs</p>', 'public/evil.example/dir/index.html': 'x' });
	// A directory whose name makes `/\evil.example` an existing path is not needed: `..` normalises back to the root.
	mkdirSync(path.join(fixtures.dir, 'public', '<img src=x onerror=alert(1)>'));
	for (const name of ['express', 'velox'] as const) {
		const framework = frameworks[name];
		const app = framework();
		app.set('env', 'test');
		app.get('/r', (req, res) => res.redirect(String(req.query.to)));
		app.get('/loc', (req, res) => {
			res.location(String(req.query.to)).end();
		});
		app.get('/back', (_req, res) => res.redirect('back'));
		app.use('/assets', framework.static(path.join(fixtures.dir, 'public')));
		app.use(framework.static(path.join(fixtures.dir, 'public')));
		servers[name] = await listen(app, LARGE_HEADERS);
	}
});

after(async () => {
	for (const running of Object.values(servers)) await running.close();
	fixtures.cleanup();
});

async function both(target: string, headers: Record<string, string> = {}): Promise<Record<'express' | 'velox', RawResult>> {
	return {
		express: await rawRequest(servers.express.port, get(target, headers)),
		velox: await rawRequest(servers.velox.port, get(target, headers)),
	};
}

const HOSTILE_TARGETS = [
	'//evil.example',
	'/\\evil.example',
	'\\\\evil',
	'https:evil.example',
	'%2F%2Fevil.example',
	'/%2F%2Fevil.example',
	'%E0%A4%A',
	'%',
	'javascript:alert(document.domain)',
	'java\tscript:alert(1)',
	'"><script>alert(1)</script>',
	"'onmouseover='alert(1)",
	'http://evil.example@app.test',
	'/\u2028evil',
];

describe('res.redirect and res.location encode as ' + ORACLE_NAME + ' does, without validating', () => {
	for (const to of HOSTILE_TARGETS) {
		test('res.redirect(' + JSON.stringify(to) + '): same status, Location and body as ' + ORACLE_NAME, async () => {
			const query = '?to=' + encodeURIComponent(to);
			const results = await both('/r' + query, { Accept: 'text/html' });
			assert.equal(results.velox.status, 302);
			assert.equal(results.velox.status, results.express.status);
			assert.equal(locationOf(results.velox), locationOf(results.express));
			assert.equal(results.velox.body, results.express.body);
			// The HTML body never carries markup or a quote from the URL (Express 5 wraps the paragraph in a page).
			const shown = /Redirecting to (.*)<\/p>/s.exec(results.velox.body);
			assert.ok(shown, results.velox.body);
			assert.doesNotMatch(shown[1], /[<>"']/);
			const location = await both('/loc' + query);
			assert.equal(locationOf(location.velox), locationOf(location.express));
		});
	}

	test('javascript: URLs are escaped in the HTML body and never become markup', async () => {
		const results = await both('/r?to=' + encodeURIComponent('javascript:alert("x")//<b>'), { Accept: 'text/html' });
		assert.ok(results.velox.body.includes('<p>Found. Redirecting to javascript:alert(%22x%22)//%3Cb%3E</p>'), results.velox.body);
		assert.equal(results.velox.body, results.express.body);
	});

	test("res.redirect('back') with a hostile Referer: Location as " + ORACLE_NAME + ' (the Referer, encoded)', async () => {
		for (const referer of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '"><svg onload=alert(1)>']) {
			const results = await both('/back', { Referer: referer, Accept: 'text/html' });
			assert.equal(results.velox.status, 302);
			assert.equal(locationOf(results.velox), locationOf(results.express), referer);
			assert.equal(results.velox.body, results.express.body, referer);
			assert.doesNotMatch(results.velox.body, /<svg|"/);
		}
	});
});

describe('velox.static directory redirects never leave the origin', () => {
	const targets = [
		'//evil.example/dir',
		'//evil.example/%2e%2e',
		'///evil.example/%2e%2e',
		'//evil.example/%2e%2e?x=1',
		'/assets//evil.example/%2e%2e',
		'/%2F%2Fevil.example/%2e%2e',
		'/%5Cevil.example/%2e%2e',
		'/%5C%5Cevil.example/%2e%2e',
		'/docs',
	];
	for (const target of targets) {
		test('GET ' + target + ' redirects (if at all) within the origin', async () => {
			const results = await both(target);
			const location = locationOf(results.velox);
			if (location !== undefined) {
				assert.equal(results.velox.status, 301);
				assert.ok(!location.startsWith('//') && !location.startsWith('/\\') && !location.startsWith('\\'), 'Location ' + location);
				assert.equal(leavesOrigin(location), false, 'Location ' + location + ' leaves the origin');
			}
			assert.equal(results.velox.status, results.express.status);
		});
	}

	test('a real directory redirect still works: /docs → /docs/ (the assertion above is not vacuous)', async () => {
		const results = await both('/docs');
		assert.equal(results.velox.status, 301);
		assert.equal(locationOf(results.velox), '/docs/');
		const nested = await both('//evil.example/dir');
		assert.equal(locationOf(nested.velox), '/evil.example/dir/');
	});

	for (const target of ['/\\evil.example/%2e%2e', '/\\evil.example/%2e%2e/docs', '/\\\\evil.example/%2e%2e', '/\\evil.example/..?q=1']) {
		test('GET ' + target + ' (raw backslash) does not redirect to /\\evil.example (browsers read /\\ as //)', async () => {
			const results = await both(target);
			const location = locationOf(results.velox);
			assert.ok(location !== undefined, 'a redirect to the root directory is expected');
			assert.equal(leavesOrigin(location), false, 'Location ' + location + ' leaves the origin');
			assert.ok(!/^[/\\]{2}/.test(location), 'Location ' + location);
		});
	}

	test('the static redirect body escapes the path (a directory named <img …>)', async () => {
		const results = await both('/' + encodeURIComponent('<img src=x onerror=alert(1)>'));
		assert.equal(results.velox.status, 301);
		assert.doesNotMatch(results.velox.body, /<img/);
		assert.equal(results.velox.body, results.express.body);
	});
});
