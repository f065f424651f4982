/**
 * The error catalog (src/errors.ts): every code with the kind, status and type it carries,
 * the shape of the errors it builds, and docs/errors.md kept in step with it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import request from 'supertest';
import { type ErrorCode, errorCatalog, requestError, veloxError } from '../src/core/errors';
import velox from '../src/express';

type Kind = 'HttpError' | 'TypeError' | 'Error';

/** Every code, with its kind, status and body-parser type: a code added, removed or changed fails here. */
const expected: Record<ErrorCode, [Kind, number | undefined, string | undefined]> = {
	VELOX_ERR_APP_ROUTER_REMOVED: ['Error', undefined, undefined],
	VELOX_ERR_MIDDLEWARE_UNBUNDLED: ['Error', undefined, undefined],
	VELOX_ERR_APP_USE_MIDDLEWARE: ['TypeError', undefined, undefined],
	VELOX_ERR_ROUTER_USE_MIDDLEWARE: ['TypeError', undefined, undefined],
	VELOX_ERR_ROUTER_USE_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_ROUTE_ALL_CALLBACK: ['TypeError', undefined, undefined],
	VELOX_ERR_ROUTE_METHOD_CALLBACK: ['Error', undefined, undefined],
	VELOX_ERR_PARAM_CALLBACK: ['Error', undefined, undefined],
	VELOX_ERR_PATH_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_ENGINE_CALLBACK: ['Error', undefined, undefined],
	VELOX_ERR_ETAG_SETTING: ['TypeError', undefined, undefined],
	VELOX_ERR_QUERY_PARSER_SETTING: ['TypeError', undefined, undefined],
	VELOX_ERR_REJECTED_PROMISE: ['Error', undefined, undefined],
	VELOX_ERR_REQ_GET_NAME_REQUIRED: ['TypeError', undefined, undefined],
	VELOX_ERR_REQ_GET_NAME_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_CONTENT_TYPE_ARRAY: ['TypeError', undefined, undefined],
	VELOX_ERR_SIGNED_COOKIE_SECRET: ['Error', undefined, undefined],
	VELOX_ERR_NOT_ACCEPTABLE: ['HttpError', 406, undefined],
	VELOX_ERR_PARAM_DECODE: ['HttpError', 400, undefined],
	VELOX_ERR_VIEW_NAME_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_VIEW_NO_ENGINE: ['Error', undefined, undefined],
	VELOX_ERR_VIEW_ENGINE_MODULE: ['Error', undefined, undefined],
	VELOX_ERR_VIEW_LOOKUP: ['Error', undefined, undefined],
	VELOX_ERR_VIEW_NOT_RESOLVED: ['Error', undefined, undefined],
	VELOX_ERR_OPTION_LIMIT: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_VERIFY: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_PARAMETER_LIMIT: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_DEPTH: ['TypeError', undefined, undefined],
	VELOX_ERR_ENTITY_TOO_LARGE: ['HttpError', 413, 'entity.too.large'],
	VELOX_ERR_PARAMETERS_TOO_MANY: ['HttpError', 413, 'parameters.too.many'],
	VELOX_ERR_DEPTH_EXCEEDED: ['HttpError', 400, 'querystring.parse.rangeError'],
	VELOX_ERR_CHARSET_UNSUPPORTED: ['HttpError', 415, 'charset.unsupported'],
	VELOX_ERR_ENCODING_UNSUPPORTED: ['HttpError', 415, 'encoding.unsupported'],
	VELOX_ERR_ENCODING_NOT_ALLOWED: ['HttpError', 415, 'encoding.unsupported'],
	VELOX_ERR_STREAM_ENCODING_SET: ['HttpError', 500, 'stream.encoding.set'],
	VELOX_ERR_STREAM_NOT_READABLE: ['HttpError', 500, 'stream.not.readable'],
	VELOX_ERR_REQUEST_SIZE_INVALID: ['HttpError', 400, 'request.size.invalid'],
	VELOX_ERR_REQUEST_ABORTED: ['HttpError', 400, 'request.aborted'],
	VELOX_ERR_ENTITY_PARSE_FAILED: ['HttpError', 400, 'entity.parse.failed'],
	VELOX_ERR_ENTITY_VERIFY_FAILED: ['HttpError', 403, 'entity.verify.failed'],
	VELOX_ERR_INFLATE_FAILED: ['HttpError', 400, undefined],
	VELOX_ERR_JSON_STRICT: ['HttpError', 400, 'entity.parse.failed'],
	VELOX_ERR_STATIC_ROOT_REQUIRED: ['TypeError', undefined, undefined],
	VELOX_ERR_STATIC_ROOT_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_SET_HEADERS: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_STRING_ARRAY: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_DOTFILES: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_SYMLINKS: ['TypeError', undefined, undefined],
	VELOX_ERR_OPTION_SYMLINKS_ROOT: ['TypeError', undefined, undefined],
	VELOX_ERR_SENDFILE_PATH_REQUIRED: ['TypeError', undefined, undefined],
	VELOX_ERR_SENDFILE_PATH_TYPE: ['TypeError', undefined, undefined],
	VELOX_ERR_SENDFILE_PATH_RELATIVE: ['TypeError', undefined, undefined],
	VELOX_ERR_SENDFILE_IS_DIRECTORY: ['Error', undefined, undefined],
	VELOX_ERR_SENDFILE_ABORTED: ['Error', undefined, undefined],
	VELOX_ERR_FILE_STATUS: ['HttpError', undefined, undefined],
	VELOX_ERR_FILE_OUTSIDE_ROOT: ['Error', 404, undefined],
	VELOX_ERR_HEADERS_SENT: ['Error', 500, undefined],
	VELOX_ERR_FILE_CHANGED: ['Error', 500, undefined],
	VELOX_ERR_TIMEOUT: ['HttpError', 503, undefined],
	VELOX_ERR_CLIENT_CLOSED: ['Error', undefined, undefined],
	VELOX_ERR_TIMEOUT_TIME: ['TypeError', undefined, undefined],
	VELOX_ERR_SHUTDOWN_TIMEOUT: ['TypeError', undefined, undefined],
	VELOX_ERR_INJECT_ABORTED: ['Error', undefined, undefined],
	VELOX_ERR_INJECT_MALFORMED: ['Error', undefined, undefined],
	VELOX_ERR_WS_MISSING: ['Error', undefined, undefined],
	VELOX_ERR_WS_HANDLER: ['TypeError', undefined, undefined],
	VELOX_ERR_WS_OPTION: ['TypeError', undefined, undefined],
	VELOX_ERR_WS_ORIGIN: ['HttpError', 403, undefined],
	VELOX_ERR_WS_HANDSHAKE: ['HttpError', 400, undefined],
	VELOX_ERR_WS_SHUTTING_DOWN: ['HttpError', 503, undefined],
	VELOX_ERR_SSE_STARTED: ['Error', undefined, undefined],
	VELOX_ERR_SSE_FIELD: ['TypeError', undefined, undefined],
	VELOX_ERR_SSE_RETRY: ['TypeError', undefined, undefined],
};

const repoRoot = join(__dirname, '..', '..');

test('the catalog lists exactly the expected codes, each with its kind, status and type', () => {
	const actual: Record<string, [Kind, number | undefined, string | undefined]> = {};
	for (const [code, entry] of Object.entries(errorCatalog)) {
		const spec = entry as { kind: Kind; status?: number; type?: string };
		actual[code] = [spec.kind, spec.status, spec.type];
	}
	assert.deepEqual(actual, expected);
});

test('every code is VELOX_ERR_ prefixed and every request error has a status or says it varies', () => {
	for (const [code, entry] of Object.entries(errorCatalog)) {
		assert.match(code, /^VELOX_ERR_[A-Z0-9_]+$/);
		const spec = entry as { kind: Kind; status?: number; when: string };
		assert.ok(spec.when.length > 0, code + ' says when it happens');
		if (spec.kind === 'HttpError' && spec.status === undefined) assert.match(spec.when, /status/, code);
	}
});

test('docs/errors.md is generated from the catalog (run node scripts/errors-doc.js after a change)', () => {
	const { renderErrorsDoc } = require(join(repoRoot, 'scripts', 'errors-doc.js')) as { renderErrorsDoc: (c: object) => string };
	assert.equal(readFileSync(join(repoRoot, 'docs', 'errors.md'), 'utf8'), renderErrorsDoc(errorCatalog));
});

test('a set-up error carries a non-enumerable code; one that can reach an error handler carries none', () => {
	assert.equal((veloxError('VELOX_ERR_OPTION_DOTFILES') as { code?: string }).code, undefined);
	assert.equal((veloxError('VELOX_ERR_REJECTED_PROMISE') as { code?: string }).code, undefined);
});

test('veloxError throws the kind Express throws, with its message and a non-enumerable code', () => {
	const err = veloxError('VELOX_ERR_ROUTE_METHOD_CALLBACK', 'get', '[object Undefined]');
	assert.equal(err.constructor, Error);
	assert.equal(err.message, 'Route.get() requires a callback function but got a [object Undefined]');
	assert.equal((err as { code?: string }).code, 'VELOX_ERR_ROUTE_METHOD_CALLBACK');
	assert.deepEqual(Object.keys(err), []);
	assert.equal(JSON.stringify(err), '{}');
	const typeError = veloxError('VELOX_ERR_APP_USE_MIDDLEWARE');
	assert.ok(typeError instanceof TypeError);
	assert.match(typeError.stack ?? '', /^TypeError: app\.use\(\) requires a middleware function\n/);
});

test('an argument holding %s is inserted as it is, not read as a placeholder', () => {
	assert.equal(veloxError('VELOX_ERR_VIEW_ENGINE_MODULE', '%s').message, 'Module "%s" does not provide a view engine.');
});

test('requestError builds an http-errors shaped error: name, status, statusCode, expose, type, props', () => {
	const err = requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit: 10, length: 20 });
	assert.equal(err.name, 'PayloadTooLargeError');
	assert.equal(err.message, 'request entity too large');
	assert.equal(err.status, 413);
	assert.equal(err.statusCode, 413);
	assert.equal(err.expose, true);
	assert.equal(err.type, 'entity.too.large');
	assert.equal(err.code, undefined, 'request errors stay the objects Express 4 gives: no code of ours');
	assert.deepEqual(JSON.parse(JSON.stringify(err)), { limit: 10, length: 20, status: 413, statusCode: 413, expose: true, type: 'entity.too.large' });
	const fileError = requestError('VELOX_ERR_FILE_STATUS', [], undefined, 404);
	assert.equal(fileError.message, 'Not Found');
	assert.equal(fileError.status, 404);
	const hidden = requestError('VELOX_ERR_STREAM_NOT_READABLE');
	assert.equal(hidden.expose, false);
	assert.equal(hidden.name, 'InternalServerError');
});

test('programmer errors thrown by the API carry their code', () => {
	const app = velox();
	assert.throws(() => app.use(), { name: 'TypeError', code: 'VELOX_ERR_APP_USE_MIDDLEWARE', message: 'app.use() requires a middleware function' });
	assert.throws(() => app.engine('x', 'nope' as never), { code: 'VELOX_ERR_ENGINE_CALLBACK' });
	assert.throws(() => app.set('etag', 'nope'), { code: 'VELOX_ERR_ETAG_SETTING', message: 'unknown value for etag function: nope' });
	assert.throws(() => velox.static(''), { code: 'VELOX_ERR_STATIC_ROOT_REQUIRED' });
	assert.throws(() => Reflect.get(velox, 'bodyParser'), { code: 'VELOX_ERR_MIDDLEWARE_UNBUNDLED' });
});

test('request errors reaching an error handler are Express 4 objects: status and type, no code of ours', async () => {
	const app = velox();
	app.get('/format', (_req, res) => res.format({ 'text/html': () => res.send('<p>hi</p>') }));
	app.use((err: { code?: string; status?: number; name?: string }, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) => {
		res.status(err.status ?? 500).send(err.name + ' ' + String(err.code));
	});
	await request(app).get('/format').set('Accept', 'application/json').expect(406, 'NotAcceptableError undefined');
});

test('every error src/ creates comes from the catalog, but for wrappers of a value someone else threw', () => {
	const srcRoot = join(repoRoot, 'src');
	const found: string[] = [];
	const walk = (dir: string): void => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const file = join(dir, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (entry.name.endsWith('.ts') && file !== join(srcRoot, 'core', 'errors.ts')) {
				readFileSync(file, 'utf8')
					.split('\n')
					.forEach((line, i) => {
						if (/new (Type|Syntax|Range)?Error\(|createHttpError\(/.test(line)) found.push(relative(srcRoot, file) + ':' + (i + 1) + ' ' + line.trim());
					});
			}
		}
	};
	walk(srcRoot);
	// The message of each is the catalog's or the thrower's own: a SyntaxError keeps Express's class
	// for the strict-JSON refusal, and non-Error throws are wrapped as http-errors and send wrap them.
	assert.deepEqual(
		found.map((entry) => entry.replace(/:\d+ /, ' ')),
		[
			"core/body/errors.ts return createHttpError(status, typeof thrown === 'string' ? thrown : undefined, props);",
			'core/body/json.ts return new SyntaxError(errorCatalog.VELOX_ERR_JSON_STRICT.message);',
			'core/body/json.ts if (!(thrown instanceof Error)) return new SyntaxError(String(thrown));',
			'core/send/transfer.ts this.onError(wrapError(500, err instanceof Error ? err : new Error(String(err))));',
		],
	);
});
