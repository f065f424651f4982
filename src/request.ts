/**
 * The request prototype (`velox.request`): node's IncomingMessage plus
 * Express 4's members. Each app's `app.request` inherits it.
 */
import { IncomingMessage } from 'node:http';
import type { QueryParserFunction } from './settings';
import { kQuery, kQueryParser } from './symbols';
import { queryStringOf } from './url';

interface VeloxRequestState extends IncomingMessage {
	originalUrl?: string;
	[kQuery]?: unknown;
	[kQueryParser]?: QueryParserFunction;
}

export const request: Record<string | symbol, unknown> = Object.create(IncomingMessage.prototype);

// `req.query` is parsed on first read, not per request: most requests never
// read it. The parser is the one of the app that received the request first
// (Express parses there) and the URL is the original one, so the value is
// what Express would have computed eagerly; assigning it works as in Express.
Object.defineProperty(request, 'query', {
	configurable: true,
	enumerable: true,
	get(this: VeloxRequestState): unknown {
		const cached = this[kQuery];
		if (cached !== undefined) return cached;
		const parse = this[kQueryParser];
		if (parse === undefined) return undefined;
		const value = parse(queryStringOf(this.originalUrl ?? this.url) as string);
		this[kQuery] = value;
		return value;
	},
	set(this: VeloxRequestState, value: unknown): void {
		this[kQuery] = value;
	},
});
