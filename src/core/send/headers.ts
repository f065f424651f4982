/**
 * Response headers of a file and the HTTP validators that read them, as send
 * 0.19 does: headers already set on the response (by `setHeaders`, the
 * `headers` option or earlier middleware) win over computed ones, and the
 * conditional checks read the response's own `ETag`/`Last-Modified`.
 */
import type { Stats } from 'fs';
import type { IncomingMessage, ServerResponse } from 'http';
import etag from 'etag';
import { linePolicy } from '../lines';
import type { SendConfig } from './config';

// The line's file types: send 0.19's (mime 1) or send 1's (mime-types 3).
const { contentType } = linePolicy().files;
// The line's freshness: send 0.19's fresh 0.5 or send 1's fresh 2, as `req.fresh` reads it.
const { fresh } = linePolicy().request;

/** Sets Accept-Ranges, Cache-Control, Last-Modified and ETag, each unless already present. */
export function setFileHeaders(res: ServerResponse, stat: Stats, config: SendConfig): void {
	if (config.acceptRanges && !res.getHeader('Accept-Ranges')) res.setHeader('Accept-Ranges', 'bytes');
	if (config.cacheControl !== null && !res.getHeader('Cache-Control')) res.setHeader('Cache-Control', config.cacheControl);
	if (config.lastModified && !res.getHeader('Last-Modified')) res.setHeader('Last-Modified', stat.mtime.toUTCString());
	if (config.etag && !res.getHeader('ETag')) res.setHeader('ETag', etag(stat));
}

/** Sets Content-Type from the file extension (with the charset of text types) unless already set. */
export function setContentType(res: ServerResponse, path: string): void {
	if (res.getHeader('Content-Type')) return;
	// Looked up per request, not cached: users may `velox.static.mime.define()` at any time.
	const type = contentType(path);
	if (type !== undefined) res.setHeader('Content-Type', type);
}

export function isConditionalGet(req: IncomingMessage): boolean {
	const headers = req.headers;
	return Boolean(headers['if-match'] || headers['if-unmodified-since'] || headers['if-none-match'] || headers['if-modified-since']);
}

function parseHttpDate(date: unknown): number {
	return date ? Date.parse(String(date)) : Number.NaN;
}

/** Splits a comma-separated token list, dropping spaces around entries (send's parseTokenList). */
function parseTokenList(value: string): string[] {
	let end = 0;
	let start = 0;
	const list: string[] = [];
	for (let i = 0; i < value.length; i++) {
		switch (value.charCodeAt(i)) {
			case 0x20:
				if (start === end) start = end = i + 1;
				break;
			case 0x2c:
				if (start !== end) list.push(value.substring(start, end));
				start = end = i + 1;
				break;
			default:
				end = i + 1;
				break;
		}
	}
	if (start !== end) list.push(value.substring(start, end));
	return list;
}

/** If-Match / If-Unmodified-Since failed: the response is 412. */
export function isPreconditionFailure(req: IncomingMessage, res: ServerResponse): boolean {
	const match = req.headers['if-match'];
	if (match) {
		const tag = res.getHeader('ETag');
		if (!tag) return true;
		if (match === '*') return false;
		for (const candidate of parseTokenList(match)) {
			if (candidate === tag || candidate === 'W/' + tag || 'W/' + candidate === tag) return false;
		}
		return true;
	}
	const unmodifiedSince = parseHttpDate(req.headers['if-unmodified-since']);
	if (!Number.isNaN(unmodifiedSince)) {
		const lastModified = parseHttpDate(res.getHeader('Last-Modified'));
		return Number.isNaN(lastModified) || lastModified > unmodifiedSince;
	}
	return false;
}

/** 2xx and 304 responses are cacheable (RFC 7232); others never answer 304. */
export function isCacheable(res: ServerResponse): boolean {
	const status = res.statusCode;
	return (status >= 200 && status < 300) || status === 304;
}

export function isFresh(req: IncomingMessage, res: ServerResponse): boolean {
	return fresh(req.headers, { etag: res.getHeader('ETag'), 'last-modified': res.getHeader('Last-Modified') });
}

/** If-Range matches the response's ETag (a header value with a quote) or Last-Modified date. */
export function isRangeFresh(req: IncomingMessage, res: ServerResponse): boolean {
	const ifRange = req.headers['if-range'];
	if (!ifRange) return true;
	if (ifRange.indexOf('"') !== -1) {
		const tag = res.getHeader('ETag');
		return tag ? ifRange.indexOf(String(tag)) !== -1 : false;
	}
	return parseHttpDate(res.getHeader('Last-Modified')) <= parseHttpDate(ifRange);
}

/** A `Range` header of the bytes unit: send's /^ *bytes=/ as a scan. */
export function isBytesRange(range: string | undefined): range is string {
	if (range === undefined) return false;
	let i = 0;
	while (range.charCodeAt(i) === 0x20) i++;
	return range.startsWith('bytes=', i);
}

/**
 * Removes the headers that describe a body, for a 304.
 */
export function removeContentHeaders(res: ServerResponse): void {
	res.removeHeader('Content-Encoding');
	res.removeHeader('Content-Language');
	res.removeHeader('Content-Length');
	res.removeHeader('Content-Range');
	res.removeHeader('Content-Type');
}
