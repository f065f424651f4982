/**
 * `require('velox/lib/middleware/init')` (Express 4's path): `init(app)`, the `expressInit`
 * layer every app's router starts with (after `query`), as in Express 4. `app.handle` has
 * already done this work for its own requests before the router runs (it decides the request's
 * prototypes once, see core/application.ts), so in the app's own stack the layer only passes on;
 * anywhere else (a stack built by hand) it does the whole of Express's step.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { markPassThrough } from '../core/builtin-layers';
import type { QueryParserFunction } from '../core/settings';
import { kQueryParser } from '../core/base/symbols';
import type { RequestView } from '../core/types/model';
import type { Next } from '../core/router/types';

interface InitApp {
	enabled(setting: string): boolean;
	get(setting: string): unknown;
	request: object;
	response: object;
}

/** What `expressInit` sets on a request (declared in model.ts). */
type InitRequest = RequestView<'app' | 'res' | 'next' | typeof kQueryParser>;

export function init(app: InitApp) {
	return markPassThrough(function expressInit(req: IncomingMessage, res: ServerResponse, next: Next): void {
		const request = req as InitRequest;
		if (request.res === res && request.app === app) {
			next();
			return;
		}
		if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Velox');
		request.res = res;
		(res as ServerResponse & { req: IncomingMessage }).req = req;
		request.next = next;
		// `req.query` parses with the parser of the first app that saw the request.
		if (request[kQueryParser] === undefined) request[kQueryParser] = app.get('query parser fn') as QueryParserFunction;
		Object.setPrototypeOf(req, app.request);
		Object.setPrototypeOf(res, app.response);
		next();
	});
}
