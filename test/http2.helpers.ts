/**
 * HTTP/2 test helpers: node's own http2 client, and a self-signed
 * certificate made by openssl for one run (tests skip without openssl).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
export const NO_OPENSSL = hasOpenssl ? false : 'openssl is not installed: no self-signed certificate can be generated';

/** A key and self-signed certificate for localhost / 127.0.0.1, made now and removed from disk at once. */
export function selfSigned(): { key: Buffer; cert: Buffer } {
	const directory = mkdtempSync(join(tmpdir(), 'velox-h2-'));
	try {
		const result = spawnSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-subj',
				'/CN=localhost',
				'-addext',
				'subjectAltName=DNS:localhost,IP:127.0.0.1',
				'-days',
				'1',
				'-keyout',
				join(directory, 'key.pem'),
				'-out',
				join(directory, 'cert.pem'),
			],
			{ encoding: 'utf8' },
		);
		assert.equal(result.status, 0, result.stderr);
		return { key: readFileSync(join(directory, 'key.pem')), cert: readFileSync(join(directory, 'cert.pem')) };
	} finally {
		rmSync(directory, { recursive: true, force: true });
	}
}

export interface H2Response {
	status: number;
	headers: http2.IncomingHttpHeaders;
	body: Buffer;
	text: string;
}

export function listen(server: Server): Promise<number> {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export function close(server: Server): Promise<void> {
	return new Promise((resolve) => server.close(() => resolve()));
}

/** One request on an HTTP/2 session; `body` is sent as is. */
export function h2request(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string | Buffer): Promise<H2Response> {
	return new Promise((resolve, reject) => {
		const stream = session.request(headers, { endStream: body === undefined });
		let responseHeaders: http2.IncomingHttpHeaders = {};
		const chunks: Buffer[] = [];
		stream.on('response', (h) => {
			responseHeaders = h;
		});
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.on('end', () => {
			const buffer = Buffer.concat(chunks);
			resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: buffer, text: buffer.toString('utf8') });
		});
		stream.on('error', reject);
		if (body !== undefined) stream.end(body);
	});
}

export function connectH2(url: string, options: http2.SecureClientSessionOptions = {}): Promise<http2.ClientHttp2Session> {
	return new Promise((resolve, reject) => {
		const session = http2.connect(url, options);
		session.once('connect', () => resolve(session));
		session.once('error', reject);
	});
}

export function closeSession(session: http2.ClientHttp2Session): Promise<void> {
	return new Promise((resolve) => session.close(() => resolve()));
}
