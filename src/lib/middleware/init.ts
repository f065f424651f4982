/**
 * `require('express/lib/middleware/init')`: `init(app)`, Express 4's
 * `expressInit` step as a middleware. Velox does this work inside
 * `app.handle` (there is no such layer in `app._router.stack`); this module
 * exists for code and bundlers that load it, and does the same work when used.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QueryParserFunction } from '../../settings';
import { kQueryParser } from '../../symbols';
import type { RequestView } from '../../model';
import type { Next } from '../../router/layer';

interface InitApp {
	enabled(setting: string): boolean;
	get(setting: string): unknown;
	request: object;
	response: object;
}

/** What `expressInit` sets on a request (declared in model.ts). */
type InitRequest = RequestView<'res' | 'next' | typeof kQueryParser>;

export function init(app: InitApp) {
	return function expressInit(req: IncomingMessage, res: ServerResponse, next: Next): void {
		const request = req as InitRequest;
		if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Velox');
		request.res = res;
		(res as ServerResponse & { req: IncomingMessage }).req = req;
		request.next = next;
		// `req.query` parses with the parser of the first app that saw the request.
		if (request[kQueryParser] === undefined) request[kQueryParser] = app.get('query parser fn') as QueryParserFunction;
		Object.setPrototypeOf(req, app.request);
		Object.setPrototypeOf(res, app.response);
		next();
	};
}
