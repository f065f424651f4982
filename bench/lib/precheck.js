// The correctness pre-check: each server's answer to the measured request is fetched once and
// compared with the reference framework's (status + body), so the bench never compares different
// work. Header differences from express@4 are reported as notes, not failures.

const http = require('node:http');

// Headers whose presence/value Express semantics fix and a reimplementation should reproduce.
const COMPARED_HEADERS = [
	'content-type',
	'content-length',
	'etag',
	'x-powered-by',
	'cache-control',
	'accept-ranges',
	'content-security-policy',
	'x-content-type-options',
];

function fetchOnce(port, request) {
	if (request.protocol === 'h2') return fetchOnceH2(port, request);
	return new Promise((resolve, reject) => {
		const headers = { ...(request.headers || {}) };
		if (request.body) headers['content-length'] = Buffer.byteLength(request.body);
		const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent: false }, (res) => {
			const chunks = [];
			res.on('data', (chunk) => chunks.push(chunk));
			res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
			res.on('error', reject);
		});
		req.setTimeout(5000, () => req.destroy(new Error('no response within 5 s')));
		req.on('error', reject);
		req.end(request.body);
	});
}

/** The same over HTTP/2 cleartext (prior knowledge), as h2load asks. */
function fetchOnceH2(port, request) {
	const http2 = require('node:http2');
	return new Promise((resolve, reject) => {
		const session = http2.connect(`http://127.0.0.1:${port}`);
		session.on('error', reject);
		const stream = session.request({ ':method': request.method, ':path': request.path, ...(request.headers || {}) });
		const timer = setTimeout(() => stream.destroy(new Error('no response within 5 s')), 5000);
		let status = 0;
		let headers = {};
		const chunks = [];
		stream.on('response', (received) => {
			status = received[':status'];
			headers = Object.fromEntries(Object.entries(received).filter(([name]) => !name.startsWith(':')));
		});
		stream.on('data', (chunk) => chunks.push(chunk));
		stream.on('end', () => {
			clearTimeout(timer);
			session.close();
			resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
		});
		stream.on('error', (error) => {
			clearTimeout(timer);
			session.destroy();
			reject(error);
		});
		stream.end(request.body);
	});
}

function describeMismatch(reference, response) {
	if (response.status !== reference.status) {
		// An error page's first line usually says what is missing ("TypeError: res.json is not a function").
		const pre = /<pre>([^<]*)/.exec(response.body);
		const detail = pre ? pre[1] : response.body.split('\n')[0].slice(0, 120);
		return `status ${response.status}, expected ${reference.status}${detail ? ` (${detail.trim()})` : ''}`;
	}
	const shown = response.body.length > 80 ? `${response.body.slice(0, 80)}…` : response.body;
	return `body ${JSON.stringify(shown)} (${response.body.length} bytes) differs from the reference's (${reference.body.length} bytes)`;
}

function headerDifferences(reference, response) {
	const differences = [];
	for (const name of COMPARED_HEADERS) {
		const expected = reference.headers[name];
		const actual = response.headers[name];
		if (expected !== actual)
			differences.push(
				`${name}: ${actual === undefined ? '(missing)' : JSON.stringify(actual)} vs express4 ${expected === undefined ? '(missing)' : JSON.stringify(expected)}`,
			);
	}
	return differences;
}

module.exports = { fetchOnce, describeMismatch, headerDifferences };
