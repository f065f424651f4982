import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import velox from '../src/express';
import { resolvePath } from '../src/core/send/resolve-path';
import { compileSendConfig } from '../src/core/send/config';
import { type HttpRequest, send } from './helpers/client';
import { differential, FIXTURES, reportErrors } from './helpers/static';
import { listen } from './helpers/server';

const USERS = path.join(FIXTURES, 'users');

/** Each a way to ask, from the root `users/`, for `../hello.txt`, which lies outside it. */
const TRAVERSALS = [
	'/../hello.txt',
	'/..%2fhello.txt',
	'/..%2Fhello.txt',
	'/%2e%2e/hello.txt',
	'/%2E%2E%2Fhello.txt',
	'/%2e%2e%2fhello.txt',
	'/.%2e/hello.txt',
	'/tobi.txt/../../hello.txt',
	'/x/..%2f..%2fhello.txt',
	'/..\\hello.txt',
	'/%5c..%5chello.txt',
	'/..%5chello.txt',
	'/%252e%252e%252fhello.txt',
	'/%252E%252E/hello.txt',
	'/%c0%ae%c0%ae/hello.txt',
	'/....//hello.txt',
	'/..;/hello.txt',
	'/%2e%2e%5c%2e%2e%5chello.txt',
	'//../hello.txt',
	'/.../hello.txt',
	'/' + encodeURIComponent(path.join(FIXTURES, 'hello.txt')),
	path.join(FIXTURES, 'hello.txt'),
	'/' + path.join(FIXTURES, 'hello.txt'),
];

function rootedApp(root: string, options?: Record<string, unknown>): RequestListener {
	const app = velox();
	app.use(velox.static(root, options));
	app.use(reportErrors as never);
	return app;
}

describe('velox.static security', () => {
	it('never serves a file outside the root, whatever the disguise; the same refusal as express@4', async () => {
		// Status, headers and the error's identity (its status, code, message) as express@4 gives them.
		const responses = await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(USERS, { fallthrough: false, dotfiles: 'allow' }));
				kit.app.use(reportErrors as never);
			},
			TRAVERSALS.map((traversal) => ({ path: traversal })),
		);
		// The error each gets: 403 for a `..` segment once decoded, 400 for an undecodable path, and
		// 404 where the disguise leaves no `..` segment (a name inside the root that does not exist).
		const forbidden = 403;
		const missing = 404;
		const errorStatuses = [
			...Array<number>(12).fill(forbidden),
			missing, // %252e%252e%252f: decoded once, a name
			missing,
			400, // %c0%ae: not UTF-8
			missing, // ....
			missing, // ..;
			forbidden,
			forbidden,
			missing, // ...
			missing, // the absolute path, encoded or not, lands inside the root
			missing,
			missing,
		];
		assert.equal(errorStatuses.length, TRAVERSALS.length);
		for (let i = 0; i < TRAVERSALS.length; i++) {
			const res = responses[i];
			assert.notEqual(res.body, 'hello, world', TRAVERSALS[i] + ' escaped the root');
			assert.equal(res.status, 599, TRAVERSALS[i]);
			assert.equal(JSON.parse(res.body).status, errorStatuses[i], TRAVERSALS[i]);
		}
	});

	it('refuses a `..` segment with 403 (as Express), with the error for next(err)', async () => {
		const running = await listen(rootedApp(USERS, { fallthrough: false }));
		try {
			for (const traversal of ['/../hello.txt', '/%2e%2e/hello.txt', '/..%5chello.txt', '/x/..%2f..%2fhello.txt']) {
				const res = await send(running.port, { path: traversal });
				assert.equal(res.status, 599, traversal);
				assert.equal(JSON.parse(res.body).status, 403, traversal);
			}
		} finally {
			await running.close();
		}
	});

	it('matches express.static on every traversal disguise', async () => {
		const requests: HttpRequest[] = TRAVERSALS.map((traversal) => ({ path: traversal }));
		await differential((kit) => {
			kit.app.use(kit.serveStatic(USERS, { fallthrough: false }));
			kit.app.use(reportErrors);
		}, requests);
		await differential((kit) => {
			kit.app.use(kit.serveStatic(USERS));
			kit.app.use(reportErrors);
		}, requests);
	});

	it('keeps resolved paths inside the root', () => {
		const config = compileSendConfig({ root: USERS, dotfiles: 'allow' });
		for (const traversal of TRAVERSALS) {
			const resolved = resolvePath(traversal, config);
			if (typeof resolved === 'string') assert.ok(resolved === USERS || resolved.startsWith(USERS + path.sep), traversal + ' → ' + resolved);
		}
	});

	it('answers a NUL byte with 400', async () => {
		const running = await listen(rootedApp(FIXTURES, { fallthrough: false }));
		try {
			for (const nul of ['/%00', '/hello.txt%00', '/hello.txt%00.html', '/users%00/']) {
				const res = await send(running.port, { path: nul });
				assert.equal(JSON.parse(res.body).status, 400, nul);
			}
		} finally {
			await running.close();
		}
	});

	it('answers malformed percent-encoding with 400', async () => {
		const running = await listen(rootedApp(FIXTURES, { fallthrough: false }));
		try {
			for (const malformed of ['/%', '/%zz', '/%E0%A4%A', '/hello%2', '/%C3%28', '/%ED%A0%80']) {
				const res = await send(running.port, { path: malformed });
				const body = JSON.parse(res.body);
				assert.equal(body.status, 400, malformed);
				assert.equal(body.message, 'Bad Request', malformed);
			}
		} finally {
			await running.close();
		}
	});

	it('answers an overlong path (ENAMETOOLONG) with 404 and keeps serving', async () => {
		const running = await listen(rootedApp(FIXTURES, { fallthrough: false }));
		try {
			const longName = await send(running.port, { path: '/' + 'a'.repeat(5000) });
			assert.equal(JSON.parse(longName.body).status, 404);
			assert.equal(JSON.parse(longName.body).code, 'ENAMETOOLONG');
			const longPath = await send(running.port, { path: ('/' + 'b'.repeat(200)).repeat(40) });
			assert.equal(JSON.parse(longPath.body).status, 404);
			assert.equal((await send(running.port, { path: '/hello.txt' })).body, 'hello, world');
		} finally {
			await running.close();
		}
	});

	it('never redirects a directory to another host (no open redirect)', async () => {
		const running = await listen(rootedApp(FIXTURES));
		try {
			for (const disguise of ['//evil.example', '///evil.example', '//evil.example?x=1', '/%2F/evil.example', '/.//evil.example', '//%2Fevil.example']) {
				const res = await send(running.port, { path: disguise });
				assert.equal(res.status, 301, disguise);
				const location = String(res.headers.location);
				assert.ok(!location.startsWith('//') && !location.startsWith('/\\'), disguise + ' → ' + location);
				assert.equal(new URL(location, 'http://app.example').host, 'app.example', disguise + ' → ' + location);
			}
			const res = await send(running.port, { path: '//evil.example' });
			assert.equal(res.headers.location, '/evil.example/');
		} finally {
			await running.close();
		}
	});

	it('escapes HTML and encodes the URL in the redirect body', async () => {
		const running = await listen(rootedApp(FIXTURES));
		try {
			const amp = await send(running.port, { path: '/a&b' });
			assert.equal(amp.headers.location, '/a&b/');
			assert.match(amp.body, /<pre>Redirecting to \/a&amp;b\/<\/pre>/);
			const script = await send(running.port, { path: '/users?q="><script>alert(1)</script>' });
			assert.equal(script.status, 301);
			assert.ok(!script.body.includes('<script>'), script.body);
			assert.ok(!String(script.headers.location).includes('<'), String(script.headers.location));
			const snow = await send(running.port, { path: '/snow%20%E2%98%83' });
			assert.equal(snow.headers.location, '/snow%20%E2%98%83/');
		} finally {
			await running.close();
		}
	});

	it('matches express.static on bad input', async () => {
		await differential(
			(kit) => {
				kit.app.use(kit.serveStatic(FIXTURES, { fallthrough: false }));
				kit.app.use(reportErrors);
			},
			[
				{ path: '/%00' },
				{ path: '/hello.txt%00' },
				{ path: '/%zz' },
				{ path: '/%' },
				{ path: '/%C3%28' },
				{ path: '/' + 'a'.repeat(5000) },
				{ path: '//evil.example' },
				{ path: '//evil.example/' },
				{ path: '///evil.example?x=1' },
				{ path: '/%2F/evil.example' },
				{ path: '/a&b' },
				{ path: '/users?q="><script>alert(1)</script>' },
				{ path: '/users#frag' },
				{ path: '/users?a=1#frag' },
				{ path: '/users\\' },
				{ path: '/.hidden' },
				{ path: '/hello.txt/..' },
				{ path: '/users/..' },
				{ path: '/users/.' },
			],
		);
	});
});
