/**
 * Typed Express 4 code: route parameters, handler type arguments, error handlers,
 * async handlers and the inferred types (`// $ExpectType` lines are checked by
 * test/types.compile.test.ts against the compiler's own rendering of the type).
 */
import velox = require('velox');
import { type Equal, expectType, type IsAny } from './helpers';

const app = velox();
const router = velox.Router({ mergeParams: true });

// Params: from the path literal.
app.get('/users/:id/posts/:postId', (req, res, next) => {
	// Hovers read as users write the types (no internal alias).
	req; // $ExpectType Request<{ id: string; postId: string; }, any, any, ParsedQs, Record<string, any>>
	res; // $ExpectType Response<any, Record<string, any>, number>
	next; // $ExpectType NextFunction
	expectType<Equal<typeof req.params, { id: string; postId: string }>>(true);
	// @ts-expect-error: not a parameter of this path
	req.params.nope;
	// @ts-expect-error: a literal path has no numeric keys
	req.params[0];
	res.send(req.params.id);
});
app.get('/files/:name?', (req) => {
	req.params; // $ExpectType { name?: string | undefined; }
});
velox.json; // $ExpectType (options?: JsonOptions | undefined) => NextHandleFunction
velox.Router; // $ExpectType (options?: RouterOptions | undefined) => ListedRouter
app.route('/books/:isbn'); // $ExpectType IRoute<"/books/:isbn">
// Without parameters: `{}`, as in @types/express.
app.get('/health', (req, res) => {
	expectType<Equal<typeof req.params, {}>>(true);
	// @ts-expect-error: no parameters
	req.params.id;
	res.sendStatus(200);
});
// Optional parameters and path-to-regexp 0.1 modifiers.
app.get('/files/:dir/:name?', (req) => {
	expectType<Equal<typeof req.params, { dir: string; name?: string }>>(true);
	req.params.name; // $ExpectType string | undefined
});
app.get('/tree/:path*', (req) => {
	req.params.path; // $ExpectType string | undefined
});
app.get('/tree/:path+', (req) => {
	req.params.path; // $ExpectType string
});
// Delimiters: `/`, `-` and `.`.
app.get('/:from-:to/:file.:ext', (req) => {
	expectType<Equal<typeof req.params, { from: string; to: string; file: string; ext: string }>>(true);
});
// Regex groups (with or without a `:` inside) give the open dictionary: no bogus keys.
app.get('/:id(\\d+):rest', (req) => {
	expectType<Equal<typeof req.params, velox.ParamsDictionary>>(true);
});
app.get('/a/(?:b|c)/:d', (req) => {
	expectType<Equal<typeof req.params, velox.ParamsDictionary>>(true);
});
// Not a literal: regexes, arrays and strings give the open dictionary.
app.get(/^\/re(\d+)$/, (req) => {
	req.params[0]; // $ExpectType string
});
app.get(['/a/:x', '/b/:y'], (req) => {
	expectType<Equal<typeof req.params, velox.ParamsDictionary>>(true);
});
declare const somePath: string;
app.get(somePath, (req) => {
	req.params.anything; // $ExpectType string
});
// The route's path types its handlers.
app
	.route('/books/:isbn')
	.get((req, res) => res.json({ isbn: req.params.isbn }))
	.put((req, res) => {
		// @ts-expect-error: not a parameter of this route
		req.params.id;
		res.end();
	});
type K = velox.ParamKeys<'/a/:b/:c?/:d*/:e+'>;
expectType<Equal<K, 'b' | 'c' | 'd' | 'e'>>(true);
expectType<Equal<velox.RouteParameters<'/'>, {}>>(true);
expectType<Equal<velox.RouteParameters<string>, velox.ParamsDictionary>>(true);

// Defaults: req.body, the response body and locals values are `any`.
app.post('/', (req, res) => {
	req.body; // $ExpectType any
	res.send('ok'); // $ExpectType Response<any, Record<string, any>, number>
	res.status(200); // $ExpectType Response<any, Record<string, any>, number>
	res.locals.user; // $ExpectType any
	const name: string = req.body.name;
	const keys = Object.keys(req.body);
	const user: string = res.locals.user;
	res.json({ name, keys, user });
});
app.route('/').post((req, res) => {
	req.body; // $ExpectType any
	res.send('ok'); // $ExpectType Response<any, Record<string, any>, number>
});

// Type arguments in @types/express's order: Params, ResBody, ReqBody, ReqQuery, Locals.
app.post<{}, { ok: boolean }, { user: string }>('/login', (req, res) => {
	req.body.user; // $ExpectType string
	res.json({ ok: true }); // $ExpectType Response<{ ok: boolean; }, Record<string, any>, number>
	// @ts-expect-error: not the response body type
	res.json({ ok: 'yes' });
});
app.get<{}, any, any, { q: string }>('/search', (req) => {
	req.query.q; // $ExpectType string
});
app.get<{}, any, any, {}, { requestId: string }>('/locals', (_req, res) => {
	res.locals.requestId; // $ExpectType string
	// @ts-expect-error: not a declared local
	res.locals.other;
});
app.get<'/p/:id', { id: number }>('/p/:id', (req) => {
	req.params.id; // $ExpectType number
});
router.get('/:a/:b', (req: velox.Request<{ a: string; b: number }>) => {
	req.params.b; // $ExpectType number
});
app.route('/r/:x').get<{ x: number }>((req) => {
	req.params.x; // $ExpectType number
});
type B = velox.Response<unknown, any, 123>;
type C = Parameters<B['status']>[0]; // $ExpectType 123
expectType<Equal<C, 123>>(true);

// next: nothing, an error, 'route' or 'router'.
app.get('/next', (_req, _res, next) => {
	next(); // $ExpectType void
	next(new Error('x'));
	next('route');
	next('router');
});

// Error handlers, written the common ways.
app.use((err: any, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) => {
	res.status(500).send(err.message);
});
app.use((err: Error, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) => {
	res.status(500).send(err.message);
});
const onError: velox.ErrorRequestHandler = (err, req, res, next) => {
	expectType<IsAny<typeof err>>(true);
	if (res.headersSent) return next(err);
	res.status(err.status ?? 500).json({ error: err.message, path: req.path });
};
app.use(onError);
router.use(onError);
app.use('/api', router, onError);
// With an error handler among the handlers, the others are annotated (as with @types/express).
app.get('/boom', (_req: velox.Request, _res: velox.Response, next: velox.NextFunction) => next(new Error('boom')), onError);
function namedErrorHandler(err: Error, _req: velox.Request, res: velox.Response, _next: velox.NextFunction): void {
	res.status(500).end(err.message);
}
app.use(namedErrorHandler);

// Async handlers are accepted; a handler returns void.
app.get('/async', async (_req, res) => {
	await Promise.resolve();
	res.send('done');
});
const asyncHandler: velox.RequestHandler = async (_req, res) => {
	res.end();
};
app.use(asyncHandler);
// A wrapper typed the @types/express way (`=> void`), as express-openapi-validator writes them.
function wrap(handler: velox.RequestHandler): velox.RequestHandler {
	return (req, res, next) => {
		handler(req, res, next);
		expectType<Equal<ReturnType<typeof handler>, void>>(true);
	};
}
app.use(wrap((_req, _res, next) => next()));

// Mixed arguments: arrays, routers, sub-apps, middleware.
const sub = velox();
app.use('/sub', sub);
app.use(sub);
app.use([(_req: velox.Request, _res: velox.Response, next: velox.NextFunction) => next()], router);
app.use('/static', velox.static('public', { maxAge: '1d', setHeaders: (res) => res.set('x-static', '1') }));
app.use(velox.json({ limit: '1mb' }), velox.urlencoded({ extended: false }), velox.text(), velox.raw());
app.param('id', (_req, _res, next, id) => {
	expectType<IsAny<typeof id>>(true);
	next();
});
app.param(['a', 'b'], (_req, _res, next) => next());
router.param('id', (_req, _res, next) => next());

// Settings and app members.
app.set('port', 3000);
const port: number = app.get('port');
const title = app.get<string>('title');
const fromSet: unknown = app.set('port');
app.enable('trust proxy').disable('x-powered-by');
app.locals.title = 'demo';
app.on('mount', (parent) => {
	expectType<Equal<typeof parent, import('express-serve-static-core').Application>>(true);
});
app.engine('html', (_path, _options, callback) => callback(null, 'html'));
app.render('index', { title }, (err, html) => void (err ? html : port));
const server = app.listen(0, () => fromSet);
server.close();
const mountpath: string | string[] = app.mountpath;
void mountpath;
// `app.router` as @types/express 4 (`string`) and 5 (a Router) type it: code for either compiles.
expectType<IsAny<typeof app.router>>(true);
const express4Router = (): string => app.router;
const express5Stack = (): unknown[] => app.router.stack;
void express4Router;
void express5Stack;
app.query?.('/q', (req) => req.method);

// Responses.
app.get('/res', (req, res) => {
	res.download('/tmp/file.txt', 'file.txt', { maxAge: 1000 }, (error) => {
		error; // $ExpectType Error
	});
	res.download('/tmp/file.txt', { root: '/tmp' });
	res.download('/tmp/file.txt', (error) => void error);
	res.sendFile('file.txt', { root: '/tmp', headers: { 'x-a': 1 } }, (error) => void error);
	// @ts-expect-error: not an option
	res.sendFile('file.txt', { 'max-age': 1 });
	res.cookie('a', 'b', { maxAge: 1000, sameSite: 'lax', priority: 'high', partitioned: true, signed: true });
	// @ts-expect-error: not a sameSite value
	res.cookie('a', 'b', { sameSite: 'whatever' });
	res.clearCookie('a'); // $ExpectType Response<any, Record<string, any>, number>
	res.get('content-type'); // $ExpectType string | undefined
	res.set({ 'x-a': '1' }).set('x-b', ['1', '2']).append('x-c', '3').type('json').vary('accept').location('/');
	res.format({ json: () => res.json({}), default: () => res.sendStatus(406) });
	res.links({ next: '/p/2' });
	res.attachment('a.txt').status(201).jsonp({ a: 1 });
	res.redirect('/a');
	res.redirect(301, '/a');
	res.render('view', { a: 1 }, (err, html) => void (err ? html : html));
	req.accepts(['json', 'html']); // $ExpectType string | false
	req.acceptsLanguages(); // $ExpectType string[]
	req.is('json'); // $ExpectType string | false | null
	req.ip; // $ExpectType string
	req.range(100, { combine: true }); // $ExpectType RequestRanges | RangeParserResult | undefined
	req.get('set-cookie'); // $ExpectType string[] | undefined
	// @ts-expect-error: read-only
	req.path = '/';
	// @ts-expect-error: read-only
	req.ip = '::1';
});
