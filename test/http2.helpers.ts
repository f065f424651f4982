import http2 from 'node:http2';

export { hasOpenssl, NO_OPENSSL, selfSigned } from './helpers/tls';

export interface H2Response {
	status: number;
	headers: http2.IncomingHttpHeaders;
	body: Buffer;
	text: string;
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
