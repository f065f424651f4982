import './helpers/line5';
/**
 * Velox 5's argument checks of the router, a route and `app.param` (lines/: router rows) against
 * express@5 and router 2: the class and words of each error, which calls throw and which do not,
 * and what was added before a bad handler.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express5 from 'express5';
import velox from '../src/express';
import { differential, type Framework } from './helpers/differential';

type Lib = typeof velox;
type Loose = (...args: unknown[]) => unknown;

/** What a call throws: `name: message`, or `ok`. */
function outcome(call: () => unknown): string {
	try {
		call();
		return 'ok';
	} catch (err) {
		return `${(err as Error).name}: ${(err as Error).message}`;
	}
}

const noop = () => {};

/** Each call, against a fresh app and router of `lib`. */
const calls: Record<string, (lib: Lib) => unknown> = {
	'app.use()': (lib) => (lib().use as Loose)(),
	'app.use(path)': (lib) => (lib().use as Loose)('/x'),
	'app.use([])': (lib) => (lib().use as Loose)([]),
	'app.use(string handler)': (lib) => (lib().use as Loose)('/x', 'nope'),
	'app.use(object handler)': (lib) => (lib().use as Loose)('/x', {}),
	'app.use(null handler)': (lib) => (lib().use as Loose)('/x', null),
	'router.use()': (lib) => (lib.Router().use as Loose)(),
	'router.use(path)': (lib) => (lib.Router().use as Loose)('/x'),
	'router.use(number)': (lib) => (lib.Router().use as Loose)('/x', 42),
	'router.use([fn, string])': (lib) => (lib.Router().use as Loose)([noop, 'nope']),
	'route.get()': (lib) => (lib.Router().route('/').get as Loose)(),
	'route.all()': (lib) => (lib.Router().route('/').all as Loose)(),
	'route.get(string)': (lib) => (lib.Router().route('/').get as Loose)('nope'),
	'route.post(object)': (lib) => (lib.Router().route('/').post as Loose)({}),
	'route.all(number)': (lib) => (lib.Router().route('/').all as Loose)(1),
	'route.get([])': (lib) => (lib.Router().route('/').get as Loose)([]),
	'app.post(path)': (lib) => (lib().post as Loose)('/x'),
	'app.put(path, string)': (lib) => (lib().put as Loose)('/x', 'nope'),
	'app.all(path)': (lib) => (lib().all as Loose)('/x'),
	'app.all(path, null)': (lib) => (lib().all as Loose)('/x', null),
	'router.get(path)': (lib) => (lib.Router().get as Loose)('/x'),
	'router.get(path, number)': (lib) => (lib.Router().get as Loose)('/x', 1),
	'app.param(name, fn)': (lib) => (lib().param as Loose)('id', noop),
	'app.param(fn)': (lib) => (lib().param as Loose)(noop),
	'app.param(name)': (lib) => (lib().param as Loose)('id'),
	'app.param(name, string)': (lib) => (lib().param as Loose)('id', 'nope'),
	'app.param("", fn)': (lib) => (lib().param as Loose)('', noop),
	'app.param(number, fn)': (lib) => (lib().param as Loose)(7, noop),
	'app.param([names], fn)': (lib) => (lib().param as Loose)(['a', 'b'], noop),
	'app.param([names], string)': (lib) => (lib().param as Loose)(['a', 'b'], 'nope'),
	'router.param()': (lib) => (lib.Router().param as Loose)(),
	'router.param(name, null)': (lib) => (lib.Router().param as Loose)('id', null),
	'router.param(fn, fn)': (lib) => (lib.Router().param as Loose)(noop, noop),
};

describe('Velox 5 router argument checks', () => {
	test('each call throws what express@5 throws, or nothing', () => {
		const of = (lib: Lib) => Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, outcome(() => call(lib))]));
		const expected = of(express5 as unknown as Lib);
		assert.deepEqual(expected, {
			'app.use()': 'TypeError: app.use() requires a middleware function',
			'app.use(path)': 'TypeError: app.use() requires a middleware function',
			'app.use([])': 'TypeError: app.use() requires a middleware function',
			'app.use(string handler)': 'TypeError: argument handler must be a function',
			'app.use(object handler)': 'TypeError: argument handler must be a function',
			'app.use(null handler)': 'TypeError: argument handler must be a function',
			'router.use()': 'TypeError: argument handler is required',
			'router.use(path)': 'TypeError: argument handler is required',
			'router.use(number)': 'TypeError: argument handler must be a function',
			'router.use([fn, string])': 'TypeError: argument handler must be a function',
			'route.get()': 'TypeError: argument handler is required',
			'route.all()': 'TypeError: argument handler is required',
			'route.get(string)': 'TypeError: argument handler must be a function',
			'route.post(object)': 'TypeError: argument handler must be a function',
			'route.all(number)': 'TypeError: argument handler must be a function',
			'route.get([])': 'TypeError: argument handler is required',
			'app.post(path)': 'TypeError: argument handler is required',
			'app.put(path, string)': 'TypeError: argument handler must be a function',
			'app.all(path)': 'TypeError: argument handler is required',
			'app.all(path, null)': 'TypeError: argument handler must be a function',
			'router.get(path)': 'TypeError: argument handler is required',
			'router.get(path, number)': 'TypeError: argument handler must be a function',
			'app.param(name, fn)': 'ok',
			'app.param(fn)': 'TypeError: argument name must be a string',
			'app.param(name)': 'TypeError: argument fn is required',
			'app.param(name, string)': 'TypeError: argument fn must be a function',
			'app.param("", fn)': 'TypeError: argument name is required',
			'app.param(number, fn)': 'TypeError: argument name must be a string',
			'app.param([names], fn)': 'ok',
			'app.param([names], string)': 'TypeError: argument fn must be a function',
			'router.param()': 'TypeError: argument name is required',
			'router.param(name, null)': 'TypeError: argument fn is required',
			'router.param(fn, fn)': 'TypeError: argument name must be a string',
		});
		assert.deepEqual(of(velox), expected);
	});

	test('the errors carry no status and no enumerable key', () => {
		const keys = (lib: Lib) => {
			try {
				(lib.Router().use as Loose)('/x', 1);
			} catch (err) {
				return { keys: Object.keys(err as object), status: (err as { status?: unknown }).status };
			}
			return undefined;
		};
		assert.deepEqual(keys(velox), keys(express5 as unknown as Lib));
	});

	test('the handlers before a bad one are added', () => {
		const added = (lib: Lib) => {
			const router = lib.Router();
			outcome(() => (router.use as Loose)('/x', noop, noop, 'nope', noop));
			const route = router.route('/r');
			outcome(() => (route.get as Loose)(noop, 'nope'));
			return { use: router.stack.length - 1, route: route.stack.length };
		};
		assert.deepEqual(added(velox), added(express5 as unknown as Lib));
		assert.deepEqual(added(velox), { use: 2, route: 1 });
	});

	test('a param name is used as written: ":id" is not "id"', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.param(':id', (req, _res, next) => {
				(req as unknown as { seen: string }).seen = 'colon';
				next();
			});
			app.param('id', (req, _res, next, value) => {
				(req as unknown as { seen: string }).seen = ((req as unknown as { seen?: string }).seen ?? '') + 'plain:' + String(value);
				next();
			});
			app.get('/users/:id', (req, res) => res.send((req as unknown as { seen: string }).seen));
			return app;
		};
		const [response] = await differential(build, [{ path: '/users/42' }]);
		assert.equal(response.body, 'plain:42');
	});
});
