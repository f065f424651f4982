/**
 * Nothing a client sends can take the process down: a bounded, seeded fuzz of
 * malformed and hostile HTTP over raw sockets against a realistic Velox app
 * running in a child process. The child must survive (no uncaught exception or
 * unhandled rejection, still answers /health), every complete request must be
 * answered with a real status (no hang), and every connection must be released.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type CrashChild, CRASH_MARKERS, prng, startCrashChild, tempTree } from './helpers/security';
import { type RawResult, rawRequest } from './helpers/raw-socket';

// SECURITY_SEED replays another run; the default keeps CI deterministic.
const SEED = Number(process.env.SECURITY_SEED ?? 0x5eed_2026);
const REQUESTS = 360;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 4000;

/** What a case may legitimately get back. */
type Expectation =
	/** A complete, well-formed request: an HTTP response with a status of 200–599. */
	| 'response'
	/** A request node's parser rejects: a response or a close, never a hang. */
	| 'response-or-close'
	/** The client goes away mid-request: nothing to wait for. */
	| 'none';

interface FuzzCase {
	kind: string;
	payload: (string | Buffer)[];
	expect: Expectation;
	isHead?: boolean;
}

const GET_TARGETS = [
	'/api/users/42',
	'/api/files/report.pdf',
	'/api/pair/a-b',
	'/api/neg',
	'/api/range',
	'/api/who',
	'/api/go?to=/home',
	'/api/cookie?v=dark',
	'/api/orgs/acme/items/7',
	'/static/hello.txt',
	'/static/big.bin',
	'/static/sub',
	'/static/',
	'/download',
	'/nowhere',
];

const BAD_ENCODED_TARGETS = [
	'/api/users/%',
	'/api/users/%E0%A4%A',
	'/api/users/%zz',
	'/api/users/%ED%A0%80',
	'/api/files/%ff.%fe',
	'/api/pair/%-%',
	'/api/orgs/%/items/%',
	'/static/%',
	'/static/%c0%ae%c0%ae/',
	'/static/%00',
	'/static/..%2f..%2fetc%2fpasswd',
	'/api/users/1?%=%&a[%]=1&b=%ZZ',
	'/api/users/1?a[b][c][d][e][f][g][h][i][j][k][l][m]=1&__proto__[x]=1',
	'/api/go?to=%',
	'/api/go?to[a]=b',
	'/api/go?to=%0d%0aSet-Cookie:%20x=1',
	'/api/cookie?v=%ED%A0%80',
	'/api/cookie?v=a%0d%0ab',
	'/%',
	'/%%%%',
	'/?%',
	// Absolute-form and odd request targets.
	'*',
	'http://a/static/sub',
	'http://[::1]/api/users/1',
	'http://%zz/api/users/%',
	'http:///api/users/1',
	'h://a/static//evil.example/%2e%2e',
	'/static/sub#frag',
	'mailto:x',
];

const GARBAGE_HEADERS = [
	'Accept',
	'Accept-Language',
	'Accept-Encoding',
	'Accept-Charset',
	'Content-Type',
	'Range',
	'If-None-Match',
	'If-Modified-Since',
	'If-Match',
	'If-Unmodified-Since',
	'If-Range',
	'Cookie',
	'X-Forwarded-For',
	'X-Forwarded-Host',
	'X-Forwarded-Proto',
	'Host',
	'X-Requested-With',
	'Expect',
	'Upgrade',
	'Transfer-Encoding',
];

const GARBAGE_VALUES = [
	';;;;',
	'*/*;q=',
	'text/*;q=NaN, */*;q=-1',
	'a/b;c="d',
	'bytes=--1',
	'bytes=0-0,'.repeat(200),
	'bytes=9999999999999999999-',
	'bytes=-0',
	'items=0-5',
	'"' + 'W/'.repeat(50),
	'[::1',
	'[',
	':::',
	'1.2.3.4, , ,, 999.1.1.1, ::ffff:1.2.3.4%eth0',
	'Thu, 99 Foo 99999 99:99:99 GMT',
	'=; =; ==; a=%ZZ; b=%',
	'\xff\xfe\xfd',
	'application/json; charset=utf-99',
	'multipart/form-data; boundary=',
	'https, http,, ',
	'gzip;q=0, *;q=0',
	'en-US;q=0.8, *;q=1.1, ;q=',
];

function randomText(random: ReturnType<typeof prng>, length: number, alphabet: string): string {
	let text = '';
	for (let i = 0; i < length; i++) text += alphabet[random.int(alphabet.length)];
	return text;
}

const HEADER_ALPHABET = 'abcXYZ019 ;,=*/"\\q.-_:[]()<>@%\t\x80\xa0\xff';

function request(method: string, target: string, headers: string[], body = ''): string {
	return method + ' ' + target + ' HTTP/1.1\r\nHost: 127.0.0.1\r\n' + headers.map((line) => line + '\r\n').join('') + '\r\n' + body;
}

/** One hostile case, chosen by the PRNG. */
function makeCase(random: ReturnType<typeof prng>): FuzzCase {
	const keepAlive = random.next() < 0.3;
	const connection = keepAlive ? [] : ['Connection: close'];
	switch (random.int(12)) {
		case 0: {
			const lines = [
				'GET\r\n\r\n',
				'GET / HTTP/9.9\r\n\r\n',
				'G\x00T / HTTP/1.1\r\n\r\n',
				'GET  / HTTP/1.1\r\nHost: x\r\n\r\n',
				'GET /\r\n\r\n',
				'\r\n\r\nGET / HTTP/1.1\r\n\r\n',
				'GET / HTTP/1.1\r\nHost x\r\n\r\n',
				'GET / HTTP/1.1\r\n: empty\r\n\r\n',
				'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
				'POST /api/echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
				'GET http://[::1/ HTTP/1.1\r\nHost: a\r\n\r\n',
				'GET / HTTP/1.1\r\nHost: a\r\nX:\x00y\r\n\r\n',
				'GET / HTTP/1.1\nHost: a\n\n',
				randomText(random, 10 + random.int(200), '\x00\x01ABC /\r\n\xff%') + '\r\n\r\n',
			];
			return { kind: 'malformed request line', payload: [random.pick(lines)], expect: 'response-or-close' };
		}
		case 1:
			return { kind: 'invalid percent-encoding', payload: [request('GET', random.pick(BAD_ENCODED_TARGETS), connection)], expect: 'response' };
		case 2: {
			// node's default header limit is 16 KiB: paths within it reach the app, past it get 431.
			const length = random.next() < 0.5 ? 2000 + random.int(12_000) : 17_000 + random.int(8000);
			const target = random.pick(['/api/users/', '/api/pair/', '/static/', '/api/files/']) + randomText(random, length, 'ab-.%2F/');
			return { kind: 'overlong path', payload: [request('GET', target, connection)], expect: length > 16_000 ? 'response-or-close' : 'response' };
		}
		case 3: {
			const length = random.next() < 0.5 ? 1000 + random.int(10_000) : 17_000 + random.int(8000);
			const name = random.pick(GARBAGE_HEADERS);
			const header = name + ': ' + randomText(random, length, HEADER_ALPHABET.replace('\t', ''));
			return {
				kind: 'overlong header',
				payload: [request('GET', random.pick(GET_TARGETS), [...connection, header])],
				expect: length > 16_000 ? 'response-or-close' : 'response',
			};
		}
		case 4:
		case 5: {
			const headers = [...connection];
			const count = 1 + random.int(4);
			for (let i = 0; i < count; i++) {
				const value = random.next() < 0.6 ? random.pick(GARBAGE_VALUES) : randomText(random, 1 + random.int(60), HEADER_ALPHABET);
				headers.push(random.pick(GARBAGE_HEADERS) + ': ' + value);
			}
			const method = random.pick(['GET', 'GET', 'HEAD', 'OPTIONS', 'DELETE', 'PROPFIND']);
			return { kind: 'garbage headers', payload: [request(method, random.pick(GET_TARGETS), headers)], expect: 'response', isHead: method === 'HEAD' };
		}
		case 6: {
			// Content-Length larger than the body sent, then the client goes away.
			const body = '{"a":"' + randomText(random, random.int(300), 'abc') + '"}';
			const declared = body.length + 1 + random.int(100_000);
			const type = random.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream']);
			return {
				kind: 'content-length too large, disconnect',
				payload: [request('POST', '/api/echo', ['Content-Type: ' + type, 'Content-Length: ' + declared], body)],
				expect: 'none',
			};
		}
		case 7: {
			// Content-Length smaller than the body: the rest is parsed as a (bad) next request.
			const body = '{"a":1}' + randomText(random, 1 + random.int(200), 'xyz \r\n');
			return {
				kind: 'content-length too small',
				payload: [request('POST', '/api/echo', ['Content-Type: application/json', 'Content-Length: 3'], body)],
				expect: 'response-or-close',
			};
		}
		case 8: {
			const value = random.pick(['abc', '-1', '1e3', '5, 6', '0x10', '99999999999999999999999']);
			return {
				kind: 'invalid content-length',
				payload: [request('POST', '/api/echo', ['Content-Type: application/json', 'Content-Length: ' + value], '{}')],
				expect: 'response-or-close',
			};
		}
		case 9: {
			const truncated = random.next() < 0.5;
			const chunks = truncated
				? '5\r\n{"a":'
				: random.pick(['zz\r\nabc\r\n0\r\n\r\n', '3\r\nab\r\n0\r\n\r\n', '2;ext="\r\n{}\r\n0\r\n\r\n', 'fffffffffffffffff\r\n']);
			return {
				kind: truncated ? 'truncated chunked, disconnect' : 'bad chunked',
				payload: [request('POST', '/api/echo', ['Content-Type: application/json', 'Transfer-Encoding: chunked'], chunks)],
				expect: truncated ? 'none' : 'response-or-close',
			};
		}
		case 10: {
			const encoding = random.pick(['gzip', 'deflate', 'br', 'x-zip', 'gzip, gzip', 'identity;q=0']);
			const body = randomText(random, 1 + random.int(500), '\x1f\x8b\x08\x00abc{}');
			const type = random.pick([
				'application/json',
				'text/plain',
				'application/x-www-form-urlencoded',
				'application/json; charset=latin1',
				'text/plain; charset=klingon',
			]);
			return {
				kind: 'hostile body',
				payload: [
					request(
						'POST',
						random.pick(['/api/echo', '/api/users/1', '/nowhere']),
						[...connection, 'Content-Type: ' + type, 'Content-Encoding: ' + encoding, 'Content-Length: ' + Buffer.byteLength(body, 'latin1')],
						body,
					),
				],
				expect: 'response',
			};
		}
		default: {
			// A request that the client abandons right after sending (static file, download, redirect).
			return { kind: 'client disconnect before response', payload: [request('GET', random.pick(GET_TARGETS), connection)], expect: 'none' };
		}
	}
}

let child: CrashChild;
let fixtures: { dir: string; cleanup(): void };

before(async () => {
	fixtures = tempTree({ 'hello.txt': 'hello world\n', 'sub/index.html': '<p>sub</p>', 'big.bin': 'x'.repeat(200_000) });
	child = await startCrashChild(fixtures.dir);
});

after(async () => {
	await child.stop();
	fixtures.cleanup();
});

function describeFailure(item: FuzzCase, result: RawResult): string {
	return (
		item.kind +
		': ' +
		JSON.stringify(item.payload.join('').slice(0, 160)) +
		' -> status ' +
		result.status +
		(result.timedOut ? ' (timed out)' : '') +
		' ' +
		JSON.stringify(result.raw.slice(0, 120))
	);
}

test('a seeded fuzz of hostile requests never crashes, hangs or leaks a connection', async () => {
	const random = prng(SEED);
	const cases: FuzzCase[] = [];
	for (let i = 0; i < REQUESTS; i++) cases.push(makeCase(random));
	const failures: string[] = [];
	const serverErrors: string[] = [];
	let answered = 0;
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < cases.length) {
			const item = cases[next++];
			const result = await rawRequest(child.port, item.payload, {
				timeoutMs: REQUEST_TIMEOUT_MS,
				isHead: item.isHead,
				abortAfterWrite: item.expect === 'none',
			});
			if (item.expect === 'none') continue;
			const hasStatus = result.status >= 200 && result.status <= 599;
			if (hasStatus) answered++;
			if (result.status >= 500 && result.status !== 505) serverErrors.push(describeFailure(item, result));
			if (item.expect === 'response' && (!hasStatus || !result.complete)) failures.push(describeFailure(item, result));
			if (item.expect === 'response-or-close' && !hasStatus && (result.timedOut || result.status !== 0)) failures.push(describeFailure(item, result));
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));

	assert.deepEqual(failures, [], 'requests without a proper answer');
	assert.ok(answered > REQUESTS / 2, 'most cases were answered (' + answered + ')');
	// The app has no bug of its own: a 5xx here is the framework failing on client input.
	assert.deepEqual(serverErrors, [], 'client input answered with a server error');

	const health = await rawRequest(child.port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
	assert.equal(health.status, 200);
	assert.equal(health.body, 'ok');

	// Every socket is released once the clients are gone (aborted bodies included).
	const deadline = Date.now() + 5000;
	let open = await child.connections();
	while (open !== 0 && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		open = await child.connections();
	}
	assert.equal(open, 0, 'connections still open on the server');

	for (const marker of CRASH_MARKERS) assert.ok(!child.stderr().includes(marker), 'child reported ' + marker + ':\n' + child.stderr());
	assert.equal(child.child.exitCode, null, 'child is still running');
});

test('the crash markers of the child are live (a throw and a rejection outside any request are reported)', async () => {
	// Guards the guard: without the handlers the fuzz test could not see a crash.
	const probe = await startCrashChild(fixtures.dir);
	try {
		assert.equal(probe.stderr(), '');
		probe.child.send({ cmd: 'throw' });
		probe.child.send({ cmd: 'reject' });
		const deadline = Date.now() + 3000;
		while (!(probe.stderr().includes('uncaughtException') && probe.stderr().includes('unhandledRejection')) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		for (const marker of CRASH_MARKERS) assert.ok(probe.stderr().includes(marker), marker + ' reported');
	} finally {
		await probe.stop();
	}
});
