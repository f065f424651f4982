/**
 * The migration report (docs/migration-report.md): with VELOX_MIGRATION_REPORT set, Velox 4 runs
 * on a recording policy built from express4's. Its rows behave exactly as express4's and record a
 * finding when the call is one Express 5 would treat differently: the category (the row), the
 * app's site (file:line), a count, what Express 5 does instead and the fix. With the variable
 * unset, `linePolicy()` is express4's own object and nothing here runs.
 *
 * What is recorded: categories, the app's file:line:column, counts, and shapes the app's code
 * chose (a status code's type, the methods of an automatic OPTIONS answer). Never a request's
 * values: for a query string, only the bracket shape of its keys with every name replaced by `x`
 * (`filter[status]=open` is `x[x]`).
 */
import { writeFileSync, writeSync } from 'fs';
import { relative, resolve, sep } from 'path';
import depd from 'depd';
import { callSites } from '../base/call-sites';
import { express4 } from './express4';
import { express5 } from './express5';
import type { LinePolicy, MigrationTargets, Row, StatusTarget } from './policy';

export type { Row };

interface Category {
	/** The title, in the words of Express 5's migration guide. */
	readonly title: string;
	/** What Express 5 does instead. */
	readonly express5: string;
	/** The fix in the app. */
	readonly fix: string;
	/** When the report cannot see a use, why (the row still has its entry). */
	readonly unrecorded?: string;
}

/** Why a row records nothing: it changes only what Velox itself does, or what the report cannot observe without changing the app. */
const INTERNAL = 'an internal detail of the line: nothing the app calls differs';

/**
 * Each row's category: the one place a row gets its report entry. A new row of the line policy does
 * not compile without one. Rows the report cannot observe say why in `unrecorded`.
 */
export const categories: Readonly<Record<Row, Category>> = {
	'factory.unbundledMiddlewareErrors': {
		title: 'express.bodyParser, express.logger, …: no "no longer bundled" error',
		express5: 'has no such members: reading one gives undefined',
		fix: 'require the middleware package (body-parser, morgan, …)',
		unrecorded: 'reading one throws under Express 4 already',
	},
	'factory.staticMime': {
		title: 'express.static.mime removed',
		express5: 'has no express.static.mime',
		fix: 'use the mime-types (or mime) package directly',
	},
	'application.defaultQueryParser': {
		title: "req.query: the default query parser is 'simple'",
		express5: "parses the query string with node's querystring: keys with brackets are not nested (a[b]=1 is { 'a[b]': '1' })",
		fix: "app.set('query parser', 'extended') where the app is created, if the app reads nested query keys",
	},
	'application.routerGetter': {
		title: 'app.router is the router; app._router and app.lazyrouter are gone',
		express5: 'has app.router (a Router) and no app._router, no query and expressInit layers',
		fix: 'read app.router instead of app._router; do not count on the two built-in layers in the stack',
		unrecorded: 'app.lazyrouter is recorded as a removed member; a read of app._router is not (Velox and middleware read it too)',
	},
	'application.queryParsingOff': {
		title: "'query parser' false: req.query is an empty object without a prototype",
		express5: 'gives req.query as an empty null-prototype object',
		fix: 'nothing, unless the app calls Object.prototype methods on req.query',
		unrecorded: INTERNAL,
	},
	'application.listenArguments': {
		title: "app.listen's callback gets the server's errors",
		express5: 'calls the callback once, with the error, when the server fails to listen (EADDRINUSE, …)',
		fix: "take an error argument in the app.listen callback (or listen to 'error' on the server)",
		unrecorded: 'only an error when listening shows it; the report does not watch the server',
	},
	'application.deferSyncRender': {
		title: 'app.render calls back asynchronously',
		express5: 'calls the callback on the next tick even when the engine answered synchronously',
		fix: 'nothing, unless code after app.render counts on the callback having run',
		unrecorded: INTERNAL,
	},
	'application.newTable': {
		title: 'app.settings, app.cache and app.engines have no prototype',
		express5: 'makes them null-prototype objects',
		fix: "use Object.hasOwn or the 'in' operator, not app.settings.hasOwnProperty",
		unrecorded: INTERNAL,
	},
	'application.extendedQueryOptions': {
		title: "The 'extended' query parser keeps qs's arrayLimit (20)",
		express5: 'parses a[21]=x as an object key, not an array index, past 20 entries',
		fix: "set a 'query parser' function calling qs.parse with the arrayLimit the app needs",
		unrecorded: 'only arrays longer than 20 entries show it',
	},
	'request.queryPerRead': {
		title: 'req.query is a getter',
		express5: 'parses req.query on each read and ignores assignments to it',
		fix: 'keep parsed values in a variable or res.locals instead of assigning req.query',
		unrecorded: 'an assignment to req.query is a plain write under Express 4',
	},
	'request.fresh': {
		title: 'req.fresh decides by If-None-Match alone when it is sent',
		express5: 'ignores If-Modified-Since when If-None-Match is present (fresh 2)',
		fix: 'nothing for browsers; a client sending both must send a current ETag',
		unrecorded: INTERNAL,
	},
	'request.hostWithPort': {
		title: 'req.host keeps the port',
		express5: "gives req.host as the Host header's host:port (req.hostname stays the name alone)",
		fix: 'read req.hostname for the name without the port',
	},
	'request.accepts': {
		title: 'Content negotiation by accepts 2',
		express5: 'negotiates with accepts 2 and negotiator 1 (short names by mime-types 3: js is text/javascript)',
		fix: 'pass full media types to req.accepts and res.format where the short name is ambiguous',
		unrecorded: INTERNAL,
	},
	'request.typeIs': {
		title: 'req.is and the body parsers match types with type-is 2',
		express5: 'matches with type-is 2 (content-type 2 reads parameters leniently)',
		fix: 'nothing, unless the app relies on a malformed Content-Type being refused',
		unrecorded: INTERNAL,
	},
	'response.status': {
		title: 'res.status: only integers from 100 to 999',
		express5: 'throws a TypeError for a string or fractional code and a RangeError outside 100-999',
		fix: 'pass an integer status code: res.status(Number(code)), or a constant',
	},
	'response.setSendStatus': {
		title: 'res.sendStatus: only integers from 100 to 999',
		express5: 'checks the code through res.status and throws for a string, fractional or out-of-range code',
		fix: 'pass an integer status code from 100 to 999',
	},
	'response.legacyBodyForms': {
		title: 'res.send(status), res.send(body, status), res.json(obj, status), res.jsonp(obj, status) removed',
		express5: 'sends a number as JSON and ignores a second argument',
		fix: 'res.sendStatus(status), or res.status(status).send(body) / .json(obj) / .jsonp(obj)',
	},
	'response.isBinaryBody': {
		title: 'res.send sends any typed array as bytes',
		express5: 'sends a Uint8Array or other ArrayBuffer view as bytes, not as JSON',
		fix: 'nothing, unless the app sends typed arrays expecting JSON (send Array.from(view))',
		unrecorded: INTERNAL,
	},
	'response.nullBodyGetsCharset': {
		title: 'res.send(null) leaves the Content-Type as it is',
		express5: 'adds no charset to a Content-Type already set',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'response.lengthYieldsToTransferEncoding': {
		title: 'res.send leaves out Content-Length beside a Transfer-Encoding',
		express5: 'sets no Content-Length when the app set a Transfer-Encoding',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'response.linkEntry': {
		title: 'res.links takes arrays of URLs',
		express5: 'writes one Link entry per URL of an array',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'response.varyWithoutFieldWarns': {
		title: 'res.vary() without a field throws',
		express5: 'throws a TypeError (vary: argument field is required)',
		fix: 'pass the header name: res.vary(field)',
	},
	'response.clearCookieKeepsExpiry': {
		title: 'res.clearCookie ignores maxAge and expires',
		express5: 'always expires the cookie at once, whatever maxAge or expires the options carry',
		fix: 'leave maxAge and expires out of res.clearCookie options',
	},
	'response.cookieOptionsInherited': {
		title: "res.cookie reads only the options' own keys",
		express5: 'copies the options with a spread: inherited keys are ignored',
		fix: 'pass a plain object of options',
		unrecorded: INTERNAL,
	},
	'response.locationBack': {
		title: "res.redirect('back') and res.location('back') removed",
		express5: "treats 'back' as a relative URL",
		fix: "res.redirect(req.get('Referrer') || '/')",
	},
	'response.redirectUrlFirst': {
		title: 'res.redirect(url, status) removed',
		express5: 'takes only res.redirect(status, url) or res.redirect(url)',
		fix: 'res.redirect(status, url)',
	},
	'response.redirectArgumentWarnings': {
		title: 'res.redirect warns about a missing or non-string URL',
		express5: "warns 'Provide a url argument' / 'Url must be a string'",
		fix: 'pass a string URL',
		unrecorded: INTERNAL,
	},
	'response.setRedirectStatus': {
		title: "res.redirect's status goes through res.status",
		express5: 'throws for a redirect status that is not an integer from 100 to 999',
		fix: 'pass an integer status code',
		unrecorded: 'recorded as res.status',
	},
	'response.redirectHtml': {
		title: 'The redirect page is a whole HTML document',
		express5: 'answers <!DOCTYPE html>… with a title around the same paragraph',
		fix: 'nothing, unless a client parses the redirect body',
		unrecorded: INTERNAL,
	},
	'response.typeOfExtension': {
		title: 'Content types from mime-types 3',
		express5: 'types .js as text/javascript and unknown extensions as application/octet-stream',
		fix: 'nothing, unless a client checks the exact Content-Type',
		unrecorded: INTERNAL,
	},
	'response.typeParameters': {
		title: "utils.normalizeType reads parameters as express@5's",
		express5: 'skips a media type parameter without = and trims values',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'response.setCharset': {
		title: "res.send's charset by content-type 2",
		express5: 'keeps the parameters in their order and drops a parameter without = instead of failing',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'response.contentTypeValue': {
		title: "res.set('Content-Type') adds the charset mime-types 3 gives",
		express5: 'writes charset=utf-8 in lower case, for the types mime-db names',
		fix: 'nothing, unless a client compares the header byte for byte',
		unrecorded: INTERNAL,
	},
	'response.attachmentDisposition': {
		title: 'Content-Disposition by content-disposition 2',
		express5: 'writes a token file name unquoted (filename=report.pdf)',
		fix: 'nothing, unless a client compares the header byte for byte',
		unrecorded: INTERNAL,
	},
	'files.contentType': {
		title: 'Files served with mime-types 3',
		express5: 'sends charset=utf-8 in lower case, .js as text/javascript, unknown files as application/octet-stream',
		fix: 'nothing, unless a client compares the header byte for byte',
		unrecorded: INTERNAL,
	},
	'files.legacyDotfiles': {
		title: "express.static's dotfiles: ignored in every segment",
		express5: "ignores dotfiles and dot-directories anywhere in the path by default, and no longer reads 'hidden'",
		fix: "dotfiles: 'allow' where the app serves them (.well-known/…)",
		unrecorded: 'a dot-directory served today is not seen by the report',
	},
	'files.fileWithTrailingSlashIsNotFound': {
		title: 'A file path ending in / is not found',
		express5: 'answers 404 for /file.txt/',
		fix: 'link to files without a trailing slash',
		unrecorded: INTERNAL,
	},
	'files.sendFileEtagFromApp': {
		title: "res.sendFile follows the app's etag setting",
		express5: "sends an ETag only when the app's etag setting is on",
		fix: 'nothing, or the etag option of res.sendFile',
		unrecorded: INTERNAL,
	},
	'router.routeSyntax': {
		title: 'Route paths in path-to-regexp 8 syntax',
		express5: 'refuses or reads differently *, ?, +, (regex) and the characters ()[]{}!+?* in route strings',
		fix: 'the path rewritten in the detail; regular expressions move into the handler or a RegExp route',
	},
	'router.sendOptions': {
		title: 'The automatic OPTIONS answer',
		express5: "answers text/plain with X-Content-Type-Options: nosniff, the methods sorted and joined by ', '",
		fix: 'nothing, unless a client reads the body or the Allow order; answer OPTIONS with a route of the app otherwise',
	},
	'router.useWithoutHandler': {
		title: "app.use without a handler: router 2's error",
		express5: 'throws "argument handler is required"',
		fix: 'nothing: it throws under Express 4 too',
		unrecorded: 'throws under Express 4 already',
	},
	'router.useHandlerNotFunction': {
		title: "app.use with a non-function: router 2's error",
		express5: 'throws "argument handler must be a function"',
		fix: 'nothing: it throws under Express 4 too',
		unrecorded: 'throws under Express 4 already',
	},
	'router.routeWithoutHandler': {
		title: 'app.get(path) with no handler throws',
		express5: 'throws "argument handler is required" for a route method without a handler',
		fix: 'give every route method a handler',
		unrecorded: 'the report records route paths, not empty route methods',
	},
	'router.routeHandlerNotFunction': {
		title: "A route handler that is not a function: router 2's error",
		express5: 'throws "argument handler must be a function"',
		fix: 'nothing: it throws under Express 4 too',
		unrecorded: 'throws under Express 4 already',
	},
	'router.paramShorthands': {
		title: "app.param(fn) and app.param(':name', fn) removed",
		express5: "has no param factories and takes ':name' as a name with a colon",
		fix: "app.param('name', fn); validate params in the handler or a middleware",
	},
	'router.checkParam': {
		title: "app.param's argument errors in router 2's words",
		express5: 'throws "argument name must be a string" / "argument fn must be a function"',
		fix: 'nothing: it throws under Express 4 too',
		unrecorded: 'throws under Express 4 already',
	},
	'router.routerIsClass': {
		title: 'express.Router is a class',
		express5: 'makes routers with Router.prototype; instanceof holds',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'router.newMethodTable': {
		title: 'route.methods has no prototype',
		express5: 'makes route.methods a null-prototype object',
		fix: "use the 'in' operator, not route.methods.hasOwnProperty",
		unrecorded: INTERNAL,
	},
	'router.layerEntries': {
		title: "layers are entered by router 2's method names",
		express5: 'Layer.prototype.handleRequest/handleError (router/lib/layer.js); no handle_request/handle_error, no layer.params or layer.path after a match',
		fix: 'patch handleRequest/handleError of the router package, or use a tracing channel',
		unrecorded: INTERNAL,
	},
	'router.routeTracing': {
		title: "router 2.3's tracing channel express.router.request",
		express5: 'publishes start, end, asyncStart, asyncEnd and error for each handler, error handler and param callback; remembers the errors passed on, on req',
		fix: 'nothing (new in Express 5); subscribe with diagnostics_channel.tracingChannel',
		unrecorded: INTERNAL,
	},
	'router.routeLayerHandle': {
		title: "a route's layer is named handle",
		express5: "names a route's layer function handle, not bound dispatch",
		fix: "recognise a route's layer by layer.route, not by its name",
		unrecorded: INTERNAL,
	},
	'router.routerModule': {
		title: 'the router is the router package',
		express5: 'express.Router is the export of the router package (router 2)',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'router.listRoutes': {
		title: 'router.listRoutes()',
		express5: "adds router.listRoutes(): each route's path and methods, and the routers mounted",
		fix: 'nothing (new in Express 5)',
		unrecorded: INTERNAL,
	},
	'router.addedSlashRewritten': {
		title: 'req.url rewritten by middleware at its whole mount path keeps its slash',
		express5: 'gives back /api/x, not /apix, when middleware mounted at /api and requested at /api sets req.url to /x and calls next (router 2.3)',
		fix: 'nothing, unless the app relied on the joined /apix',
		unrecorded: 'a flag read in the traversal: recording it would cost every request under Express 4',
	},
	'router.promiseFulfilled': {
		title: "a returned promise's then is given a callback for its value",
		express5: 'passes a function doing nothing as then’s first argument (router 2.3), so a thenable that calls it unchecked is not an error',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'router.promiseLike': {
		title: 'a handler returning a Promise-like value that is not a Promise is deprecated',
		express5: 'warns "router deprecated handlers (or parameters) that are Promise-like are deprecated, use a native Promise instead" (router 2)',
		fix: 'return native promises (an async function, or Promise.resolve(value))',
		unrecorded: 'Velox 4 has no check to make there: recording it would cost every returned promise under Express 4',
	},
	'router.paramLateRejection': {
		title: "a param callback's promise that rejects after it called next is an error",
		express5: 'passes the rejection to the error handlers even when the callback already called next (router 2)',
		fix: 'call next only once: either return the promise or call next, not both',
		unrecorded: 'the report would have to watch every param callback’s promise under Express 4',
	},
	'body.skipsRequest': {
		title: 'req.body is undefined when no parser set it',
		express5: 'leaves req.body undefined when no parser read the request (Express 4: {})',
		fix: 'check req.body before reading it (req.body?.field), or answer 415 for a type the app does not parse',
	},
	'body.markRead': {
		title: 'Body parsers skip a request whose body was read',
		express5: 'decides by the stream having ended, not a _body flag',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'body.urlencodedExtended': {
		title: "express.urlencoded: 'extended' defaults to false",
		express5: 'parses forms without nesting (a[b]=1 is { "a[b]": "1" }) unless extended: true is given',
		fix: 'express.urlencoded({ extended: true }) if the app reads nested form fields, else extended: false',
	},
	'body.warnUndefinedExtended': {
		title: "express.urlencoded without 'extended' warns no more",
		express5: 'takes false silently',
		fix: "give 'extended' explicitly",
		unrecorded: 'recorded as the extended default',
	},
	'body.formDefaultCharset': {
		title: 'express.urlencoded reads ISO-8859-1 forms and the charset sentinel',
		express5: 'decodes ISO-8859-1 forms and honours defaultCharset and charsetSentinel',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'body.charsetCodec': {
		title: 'Bodies decoded by iconv-lite 0.7',
		express5: 'decodes UTF-32 and the charsets iconv-lite 0.7 knows',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'body.extraInflater': {
		title: 'zstd request bodies',
		express5: 'unpacks Content-Encoding: zstd where node has zstd (Express 4 answers 415)',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'body.charsetParameter': {
		title: "The body's charset read by content-type 2",
		express5: 'reads the charset from a Content-Type content-type 1 could not parse',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'body.jsonDefaultCharset': {
		title: "express.json reads 'defaultCharset'",
		express5: 'decodes a JSON body without a charset with defaultCharset',
		fix: 'nothing',
		unrecorded: INTERNAL,
	},
	'removed.factory': {
		title: 'express.query removed',
		express5: 'has no express.query',
		fix: "parse the query string with the 'query parser' setting, or qs in a middleware",
	},
	'removed.application': {
		title: 'app.del and app.lazyrouter removed',
		express5: 'has no app.del or app.lazyrouter',
		fix: 'app.delete(path, ...); app.router for the router',
	},
	'removed.request': {
		title: 'req.param and the singular req.accepts* removed',
		express5: 'has no req.param, req.acceptsCharset, req.acceptsEncoding or req.acceptsLanguage',
		fix: 'req.params, req.body or req.query for req.param(name); req.acceptsCharsets, req.acceptsEncodings, req.acceptsLanguages',
	},
	'removed.response': {
		title: 'res.sendfile removed',
		express5: 'has no res.sendfile',
		fix: 'res.sendFile (absolute path or the root option)',
	},
	'removed.utils': {
		title: 'express/lib/utils: isAbsolute, flatten and contentDisposition removed',
		express5: 'has none of the three (and adds methods)',
		fix: 'path.isAbsolute, Array.prototype.flat, the content-disposition package',
		unrecorded: 'lib/utils is an internal module the report does not wrap',
	},
};

/** One finding: a category at a site. */
export interface Finding {
	readonly category: Row;
	readonly title: string;
	/** `file:line:column` of the app's call (relative to the working directory), or what answered for the app. */
	readonly site: string;
	/** The shape of the use: the member, the code's type, the query keys' shape, the OPTIONS methods. */
	readonly detail: string;
	count: number;
	readonly express5: string;
	readonly fix: string;
}

export interface MigrationReport {
	/** Whether VELOX_MIGRATION_REPORT is set (nothing is recorded otherwise). */
	readonly enabled: boolean;
	readonly findings: readonly Finding[];
}

const findings = new Map<string, Finding>();
let enabled = false;

// Velox's own compiled files: frames in them are not the app's.
const veloxRoot = resolve(__dirname, '..', '..') + sep;

/** The first frame of the stack outside Velox and node's internals: `file:line:column`. */
function appSite(): string {
	const frames = callSites(30, appSite);
	for (const frame of frames) {
		const file = frame.getFileName();
		if (file === undefined || file === null || file.startsWith(veloxRoot) || file.startsWith('node:')) continue;
		const path = file.startsWith('file://') ? new URL(file).pathname : file;
		const shown = path.startsWith(process.cwd() + sep) ? relative(process.cwd(), path) : path;
		return `${shown}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
	}
	return NO_APP_FRAME;
}

const NO_APP_FRAME = '(no frame of the app)';

/**
 * Counts a finding: keyed by category, site and detail. The stack is read (structured, not
 * formatted) only for a use Express 5 treats differently; the site's entry is made once.
 */
function record(category: Row, detail: string, site: string = appSite()): void {
	const key = `${category}\u0000${site}\u0000${detail}`;
	const found = findings.get(key);
	if (found !== undefined) {
		found.count++;
		return;
	}
	const { title, express5: instead, fix } = categories[category];
	findings.set(key, { category, title, site, detail, count: 1, express5: instead, fix });
}

function typeOf(code: unknown): string {
	if (typeof code === 'string') return 'a string code';
	if (typeof code !== 'number' || Number.isNaN(code)) return `a ${typeof code} code`;
	if (!Number.isInteger(code)) return 'a fractional code';
	return 'a code outside 100-999';
}

function unlikeExpress5(code: unknown): boolean {
	return !Number.isInteger(code) || (code as number) < 100 || (code as number) > 999;
}

const deprecate = depd('velox');

/** The shape of a query string's bracketed keys, names replaced by `x`; undefined when 'simple' would parse it alike. */
function bracketShape(query: string): string | undefined {
	if (query.indexOf('[') === -1 && query.indexOf('%5B') === -1 && query.indexOf('%5b') === -1) return undefined;
	const shapes = new Set<string>();
	for (const pair of query.split('&')) {
		const eq = pair.indexOf('=');
		let key = eq === -1 ? pair : pair.slice(0, eq);
		try {
			key = decodeURIComponent(key.replace(/\+/g, ' '));
		} catch {}
		const open = key.indexOf('[');
		if (open <= 0 || key.indexOf(']', open) === -1) continue;
		const shape = `x${key.slice(open).replace(/\[[^\]]+\]/g, '[x]')}`.replace(/[^[\]x]/g, '');
		shapes.add(shape);
	}
	return shapes.size === 0 ? undefined : [...shapes].sort().join(' ');
}

/** Whether the frame that called `getter` is in Velox's own files. */
function readByVelox(getter: (...args: never[]) => unknown): boolean {
	const frames = callSites(1, getter);
	const file = frames[0]?.getFileName();
	return typeof file === 'string' && file.startsWith(veloxRoot);
}

/**
 * Makes each member an accessor that records the reading site and gives the member itself: no
 * frame is added to its calls (depd's warnings still name the app's site). An assignment makes
 * the property a plain one again, as before.
 */
function watchMembers(target: object, names: readonly string[], category: Row, prefix: string): void {
	for (const name of names) {
		const descriptor = Object.getOwnPropertyDescriptor(target, name);
		if (descriptor === undefined || !('value' in descriptor)) continue;
		const member: unknown = descriptor.value;
		const get = function watched(): unknown {
			// Velox's own reads (`app.lazyrouter` from `app.use`, …) are not the app's use.
			if (!readByVelox(watched)) record(category, `${prefix}${name}`);
			return member;
		};
		Object.defineProperty(target, name, {
			configurable: true,
			enumerable: descriptor.enumerable,
			get,
			set(this: object, value: unknown) {
				Object.defineProperty(this, name, { configurable: true, enumerable: descriptor.enumerable, writable: true, value });
			},
		});
	}
}

/**
 * An Express 4 route string in path-to-regexp 8's syntax, or undefined when Express 5 reads it
 * alike. `:name?` becomes `{/:name}`, `:name*` `{/*name}`, `:name+` `/*name`, a bare `*` `*splat`
 * (`/*` is `/{*splat}`, which also matches the path itself, as Express 4's does), `:name(regex)`
 * loses its expression (noted), and the characters path-to-regexp 8 reserves are escaped.
 */
export function rewriteRoute(path: string): { path: string; note?: string } | undefined {
	let out = '';
	let note: string | undefined;
	let splats = 0;
	for (let i = 0; i < path.length; ) {
		const char = path[i];
		const slash = out.endsWith('/');
		if (char === ':' && /\w/.test(path[i + 1] ?? '')) {
			let end = i + 1;
			while (end < path.length && /\w/.test(path[end])) end++;
			const name = path.slice(i + 1, end);
			if (path[end] === '(') {
				let depth = 0;
				let close = end;
				for (; close < path.length; close++) {
					if (path[close] === '(') depth++;
					else if (path[close] === ')' && --depth === 0) break;
				}
				note = 'path-to-regexp 8 has no regular expressions in paths: check the value in the handler, or use a RegExp route';
				end = close + 1;
			}
			const modifier = path[end];
			if (modifier === '?' || modifier === '*' || modifier === '+') end++;
			const body = modifier === '*' || modifier === '+' ? `*${name}` : `:${name}`;
			if ((modifier === '?' || modifier === '*') && slash) out = `${out.slice(0, -1)}{/${body}}`;
			else if (modifier === '?' || modifier === '*') out += `{${body}}`;
			else out += body;
			i = end;
			continue;
		}
		if (char === '*') {
			const name = splats++ === 0 ? 'splat' : `splat${splats}`;
			if (slash && i === path.length - 1) out = `${out.slice(0, -1)}{/*${name}}`;
			else out += `*${name}`;
			i++;
			continue;
		}
		if ('(){}[]+?!\\'.includes(char)) {
			out += `\\${char}`;
			i++;
			continue;
		}
		out += char;
		i++;
	}
	return out === path ? undefined : note === undefined ? { path: out } : { path: out, note };
}

const IGNORED_BODY_KEYS = new Set(['toJSON', 'then', 'constructor', 'inspect', 'valueOf', 'toString']);

/** Express 4's `{}` default of `req.body`, recording where the app reads it (the site of the read). */
function watchedEmptyBody(): object {
	return new Proxy(
		{},
		{
			get(target, key, receiver) {
				if (typeof key === 'string' && !IGNORED_BODY_KEYS.has(key)) {
					const site = appSite();
					if (site !== NO_APP_FRAME) record('body.skipsRequest', 'req.body read where no parser set it', site);
				}
				return Reflect.get(target, key, receiver);
			},
		},
	);
}

/** Express 4's policy with recording rows: the same behaviour, and a finding per use Express 5 treats differently. */
export function recordingPolicy(): LinePolicy {
	enabled = true;
	return {
		...express4,
		response: {
			...express4.response,
			// Express 4's row, with depd called from here so that its warning names the app's site as before.
			status: function status<R extends StatusTarget>(this: R, code: number): R {
				const value: unknown = code;
				if (unlikeExpress5(value)) record('response.status', `res.status with ${typeOf(value)}`);
				if ((typeof value === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
					deprecate('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
				}
				this.statusCode = code;
				return this;
			},
			setSendStatus(res, code) {
				if (unlikeExpress5(code)) record('response.setSendStatus', `res.sendStatus with ${typeOf(code)}`);
				express4.response.setSendStatus(res, code);
			},
		},
		body: {
			...express4.body,
			skipsRequest(req) {
				if (req._body) return true;
				if (!req.body) req.body = watchedEmptyBody();
				return false;
			},
			urlencodedExtended(extended) {
				if (extended === undefined) record('body.urlencodedExtended', 'express.urlencoded() without extended');
				return express4.body.urlencodedExtended(extended);
			},
		},
		router: {
			...express4.router,
			sendOptions(res, methods) {
				record('router.sendOptions', `Allow: ${methods.join(',')}`, '(the router, for a path of the app)');
				express4.router.sendOptions(res, methods);
			},
		},
		migration: {
			wrapMembers(targets: MigrationTargets) {
				watchMembers(targets.factory, express5.removed.factory, 'removed.factory', 'express.');
				watchMembers(targets.application, express5.removed.application, 'removed.application', 'app.');
				watchMembers(targets.request, express5.removed.request, 'removed.request', 'req.');
				watchMembers(targets.response, express5.removed.response, 'removed.response', 'res.');
				const mime = Object.getOwnPropertyDescriptor(targets.serveStatic, 'mime');
				if (mime?.get !== undefined) {
					const get = mime.get;
					Object.defineProperty(targets.serveStatic, 'mime', {
						...mime,
						get() {
							record('factory.staticMime', 'express.static.mime');
							return get.call(this);
						},
					});
				}
			},
			use(row, detail) {
				record(row, detail);
			},
			routePath(path) {
				for (const each of Array.isArray(path) ? path.flat(Number.POSITIVE_INFINITY) : [path]) {
					if (typeof each !== 'string') continue;
					const rewritten = rewriteRoute(each);
					if (rewritten !== undefined) {
						record(
							'router.routeSyntax',
							`route ${JSON.stringify(each)} is ${JSON.stringify(rewritten.path)} in Express 5${rewritten.note ? `; ${rewritten.note}` : ''}`,
						);
					}
				}
			},
			watchDefaultQueryParser(parser) {
				// The app's site: where it was created, read once per app.
				const site = appSite();
				return function parse(query) {
					const shape = typeof query === 'string' ? bracketShape(query) : undefined;
					if (shape !== undefined) record('application.defaultQueryParser', `query keys shaped ${shape}`, site);
					return parser(query);
				};
			},
		},
	};
}

/** The report so far: the findings as objects, or formatted as JSON or a table. */
export function migrationReport(): MigrationReport;
export function migrationReport(options: { format: 'json' | 'table' }): string;
export function migrationReport(options?: { format?: 'json' | 'table' }): MigrationReport | string {
	const report: MigrationReport = {
		enabled,
		findings: [...findings.values()]
			.map((finding) => ({ ...finding }))
			.sort((a, b) => compareText(a.category, b.category) || compareText(a.site, b.site) || compareText(a.detail, b.detail)),
	};
	if (options?.format === 'json') return JSON.stringify(report, null, 2);
	if (options?.format === 'table') return table(report);
	return report;
}

function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function table(report: MigrationReport): string {
	if (!report.enabled) return 'Velox migration report: off (set VELOX_MIGRATION_REPORT=1)\n';
	if (report.findings.length === 0) return 'Velox migration report: nothing this process ran would change under Express 5\n';
	const lines = [`Velox migration report: ${report.findings.length} finding(s) Express 5 would treat differently`, ''];
	for (const f of report.findings) {
		lines.push(`${f.category}  ${f.title}`);
		lines.push(`  at     ${f.site}  (${f.count}x)  ${f.detail}`);
		lines.push(`  Express 5: ${f.express5}`);
		lines.push(`  fix:   ${f.fix}`);
		lines.push('');
	}
	return lines.join('\n');
}

/** Writes the report when the process exits: a table to stderr (`1`, `table`), JSON to stderr (`json`), or JSON to a file (any other value). */
export function reportAtExit(setting: string): void {
	process.on('exit', () => {
		if (setting === 'json') writeSync(2, `${migrationReport({ format: 'json' })}\n`);
		else if (setting === '1' || setting === 'table' || setting === 'true') writeSync(2, migrationReport({ format: 'table' }));
		else writeFileSync(setting, `${migrationReport({ format: 'json' })}\n`);
	});
}
