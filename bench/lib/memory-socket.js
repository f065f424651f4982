// Requests pushed into node's own HTTP server through an in-memory socket (bench/micro.js,
// bench/count.js): node parses them, the app answers, node writes the head and body to the socket,
// which counts the responses and drops them. No kernel, no load generator: what is left is the CPU
// cost of node's HTTP layer plus the framework's.

const { Duplex } = require('node:stream');

/** A socket that node's HTTP server reads requests from and writes responses to, all in memory. */
class MemorySocket extends Duplex {
	constructor() {
		// Strings stay strings, as a net.Socket hands them to libuv without a Buffer.
		super({ decodeStrings: false });
		this.responses = 0;
		this.waiting = null;
		this.expected = 0;
		this.remoteAddress = '127.0.0.1';
		this.remotePort = 40000;
		this.encrypted = false;
	}

	_read() {}

	_write(chunk, _encoding, callback) {
		this.count(chunk);
		callback();
	}

	_writev(chunks, callback) {
		for (const { chunk } of chunks) this.count(chunk);
		callback();
	}

	count(chunk) {
		// Every response starts its own write with the status line.
		const head = typeof chunk === 'string' ? chunk.startsWith('HTTP/1.1 ') : chunk.length > 9 && chunk.latin1Slice(0, 9) === 'HTTP/1.1 ';
		if (head && ++this.responses === this.expected && this.waiting) {
			const resolve = this.waiting;
			this.waiting = null;
			setImmediate(resolve);
		}
	}

	setTimeout() {
		return this;
	}

	setNoDelay() {
		return this;
	}

	setKeepAlive() {
		return this;
	}

	address() {
		return { address: '127.0.0.1', family: 'IPv4', port: 80 };
	}
}

/** The raw bytes of request number `i` of a measurement, for a scenario's request. */
function requestMaker(request) {
	const headers = { host: '127.0.0.1', ...(request.headers || {}) };
	if (request.body) headers['content-length'] = Buffer.byteLength(request.body);
	const head = Object.entries(headers)
		.map(([name, value]) => `${name}: ${value}\r\n`)
		.join('');
	const tail = ` HTTP/1.1\r\n${head}\r\n${request.body || ''}`;
	if (!request.paths) {
		const bytes = Buffer.from(`${request.method} ${request.path}${tail}`);
		return () => bytes;
	}
	const paths = request.paths;
	return (i) => `${request.method} ${paths[(i + 1) % paths.length].replace(/\{n\}/g, String(i + 1))}${tail}`;
}

/** Pushes requests `from` … `from + n - 1` into `socket` and resolves once all `n` are answered. */
function pushBatch(socket, makeRequest, from, n) {
	socket.expected = socket.responses + n;
	const done = new Promise((resolve) => {
		socket.waiting = resolve;
	});
	for (let i = 0; i < n; i++) socket.push(makeRequest(from + i));
	return done;
}

module.exports = { MemorySocket, requestMaker, pushBatch };
