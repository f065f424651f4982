/**
 * `res.json` and `res.jsonp`, with the `json escape`, `json replacer` and
 * `json spaces` settings.
 */
import depd from 'depd';
import { linePolicy } from '../lines';
import { getContentType, setContentType } from '../platform';
import type { VeloxResponse } from '../types/model';

const deprecate = depd('velox');
// Express 5 removed the two-argument forms: a second argument is ignored.
const { legacyBodyForms } = linePolicy().response;
// The migration report's recording (lines/migration.ts), on the two-argument forms only.
const migration = linePolicy().migration;
const jsonEscapeRegExp = /[<>&]/g;
const jsonpCallbackRegExp = /[^[\]\w$.]/g;
const lineSeparatorRegExp = /\u2028/g;
const paragraphSeparatorRegExp = /\u2029/g;

/**
 * Sends `body` as JSON, with the `json replacer`, `json spaces` and
 * `json escape` settings.
 *
 * @example
 * res.status(201).json({ id: 7 });
 */
export function json(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse {
	const value = rest.length === 1 && legacyBodyForms ? twoArgumentBody(this, 'json', obj, rest[0], deprecate) : obj;
	// Hot path: settings read directly (own or inherited from a parent app).
	const settings = this.app.settings;
	const body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
	// What `set('Content-Type', 'application/json')` yields, in one call.
	if (!getContentType(this)) setContentType(this, 'application/json; charset=utf-8');
	// Through `this.send`, as Express, so a wrapped `res.send` sees JSON bodies.
	return this.send(body);
}

/**
 * Sends JSON wrapped in the callback named by the query parameter of the
 * `jsonp callback name` setting (default `callback`).
 *
 * @example
 * // GET /user?callback=show  →  /**\/ typeof show === 'function' && show({"name":"tobi"});
 * res.jsonp({ name: 'tobi' });
 */
export function jsonp(this: VeloxResponse, obj?: unknown, ...rest: unknown[]): VeloxResponse {
	const value = rest.length === 1 && legacyBodyForms ? twoArgumentBody(this, 'jsonp', obj, rest[0], deprecate) : obj;
	const settings = this.app.settings;
	let body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
	// As in Express, `req.query` is taken to be an object (the query parser's, or a middleware's).
	let callback = (this.req.query as Record<string, unknown>)[settings['jsonp callback name'] as string];

	if (!this.getHeader('Content-Type')) {
		this.setHeader('X-Content-Type-Options', 'nosniff');
		this.set('Content-Type', 'application/json');
	}

	if (Array.isArray(callback)) callback = callback[0];

	if (typeof callback === 'string' && callback.length !== 0) {
		this.setHeader('X-Content-Type-Options', 'nosniff');
		this.set('Content-Type', 'text/javascript');
		// Security: the callback name cannot carry script.
		const name = callback.replace(jsonpCallbackRegExp, '');
		if (body === undefined) {
			body = '';
		} else {
			// U+2028 and U+2029 are valid in JSON but end a JavaScript string literal.
			body = body.replace(lineSeparatorRegExp, '\\u2028').replace(paragraphSeparatorRegExp, '\\u2029');
		}
		// Security: `/**/` defeats "Rosetta Flash" JSONP abuse; the typeof check only quiets client errors.
		body = '/**/ typeof ' + name + " === 'function' && " + name + '(' + body + ');';
	}

	return this.send(body);
}

/**
 * Express 4's deprecated `(body, status)` and `(status, body)` forms of `res.send`, `res.json`
 * and `res.jsonp`: warns in Express's words, sets the status and returns the body. A number
 * second means `(body, status)`, except that `res.send` reads two numbers as `(status, body)`,
 * as Express does. `warn` is the calling module's depd: depd then reports the user's call
 * site, as Express's warnings do (one `warn` call per form keeps them reported apart).
 */
export function twoArgumentBody(
	res: VeloxResponse,
	method: 'send' | 'json' | 'jsonp',
	first: unknown,
	second: unknown,
	warn: (message: string) => void,
): unknown {
	const noun = method === 'send' ? 'body' : 'obj';
	const advice = ': Use res.status(status).' + method + '(' + noun + ') instead';
	if (typeof second === 'number' && (method !== 'send' || typeof first !== 'number')) {
		if (migration !== undefined) migration.use('response.legacyBodyForms', 'res.' + method + '(' + noun + ', status)');
		warn('res.' + method + '(' + noun + ', status)' + advice);
		res.statusCode = second;
		return first;
	}
	if (migration !== undefined) migration.use('response.legacyBodyForms', 'res.' + method + '(status, ' + noun + ')');
	warn('res.' + method + '(status, ' + noun + ')' + advice);
	res.statusCode = first as number;
	return second;
}

/**
 * `JSON.stringify` with the app's settings; `json escape` turns `<`, `>`
 * and `&` into `\u003c`, `\u003e`, `\u0026` against HTML sniffing.
 */
function stringify(value: unknown, replacer: unknown, spaces: unknown, escapeHtmlCharacters: unknown): string | undefined {
	// The one-argument call is V8's fast path (as Express notes).
	let json =
		replacer || spaces
			? JSON.stringify(value, replacer as (this: unknown, key: string, value: unknown) => unknown, spaces as string | number)
			: JSON.stringify(value);
	if (escapeHtmlCharacters && typeof json === 'string') json = json.replace(jsonEscapeRegExp, escapeJsonCharacter);
	return json;
}

function escapeJsonCharacter(character: string): string {
	switch (character.charCodeAt(0)) {
		case 0x3c:
			return '\\u003c';
		case 0x3e:
			return '\\u003e';
		default:
			return '\\u0026';
	}
}
