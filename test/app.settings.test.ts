/**
 * Settings: every default of the spec's table, set/get/enable/disable,
 * compiled `etag fn`/`query parser fn`/`trust proxy fn`, `env` from
 * NODE_ENV, and sub-app inheritance — compared with express@4 in-process.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import express from 'express';
import velox from '../src/express';
import { differential, type Framework, frameworks } from './helpers/differential';

const SETTINGS = [
	'case sensitive routing',
	'env',
	'etag',
	'jsonp callback name',
	'json escape',
	'json replacer',
	'json spaces',
	'query parser',
	'strict routing',
	'subdomain offset',
	'trust proxy',
	'views',
	'view cache',
	'view engine',
	'x-powered-by',
];

type App = ReturnType<Framework>;

/** Setting values, with functions reduced to their kind (express and velox have different function objects). */
function snapshot(app: App, names: string[] = SETTINGS): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const name of names) {
		const value = app.get(name);
		result[name] = typeof value === 'function' ? 'function' : value;
	}
	return result;
}

function withNodeEnv<T>(value: string | undefined, run: () => T): T {
	const saved = process.env.NODE_ENV;
	if (value === undefined) delete process.env.NODE_ENV;
	else process.env.NODE_ENV = value;
	try {
		return run();
	} finally {
		if (saved === undefined) delete process.env.NODE_ENV;
		else process.env.NODE_ENV = saved;
	}
}

/** Runs `build` with both frameworks and asserts the snapshots are equal; returns Velox's. */
function sameAsExpress(build: (framework: Framework) => Record<string, unknown>): Record<string, unknown> {
	const expected = build(frameworks.express);
	const actual = build(frameworks.velox);
	assert.deepEqual(actual, expected);
	return actual;
}

describe('defaults', () => {
	test('every setting of the table has Express default outside production', () => {
		const values = withNodeEnv(undefined, () => sameAsExpress((framework) => snapshot(framework())));
		assert.deepEqual(values, {
			'case sensitive routing': undefined,
			env: 'development',
			etag: 'weak',
			'jsonp callback name': 'callback',
			'json escape': undefined,
			'json replacer': undefined,
			'json spaces': undefined,
			'query parser': 'extended',
			'strict routing': undefined,
			'subdomain offset': 2,
			'trust proxy': false,
			views: resolve('views'),
			'view cache': undefined,
			'view engine': undefined,
			'x-powered-by': true,
		});
	});

	test('env comes from NODE_ENV, and production enables view cache', () => {
		const production = withNodeEnv('production', () => sameAsExpress((framework) => snapshot(framework(), ['env', 'view cache'])));
		assert.deepEqual(production, { env: 'production', 'view cache': true });
		const custom = withNodeEnv('staging', () => sameAsExpress((framework) => snapshot(framework(), ['env', 'view cache'])));
		assert.deepEqual(custom, { env: 'staging', 'view cache': undefined });
	});

	test('the compiled functions exist from the start', () => {
		const values = sameAsExpress((framework) => snapshot(framework(), ['etag fn', 'query parser fn', 'trust proxy fn', 'view']));
		assert.deepEqual(values, { 'etag fn': 'function', 'query parser fn': 'function', 'trust proxy fn': 'function', view: 'function' });
	});

	test('app.locals.settings is app.settings', () => {
		const app = velox();
		assert.equal(app.locals.settings, app.settings);
	});
});

describe('set, get, enable, disable', () => {
	test('any name may be stored and read back; set returns the app', () => {
		const app = velox();
		const value = { any: 'thing' };
		assert.equal(app.set('my setting', value), app);
		assert.equal(app.get('my setting'), value);
		assert.equal(app.set('my setting'), value);
		assert.equal(app.get('never set'), undefined);
		assert.equal(app.get('hasOwnProperty'), undefined, 'Object.prototype members are not settings');
		assert.equal(app.get('__proto__'), undefined);
	});

	test('enable/disable set booleans; enabled/disabled read truthiness', () => {
		const app = velox();
		assert.equal(app.enable('feature'), app);
		assert.equal(app.get('feature'), true);
		assert.equal(app.enabled('feature'), true);
		assert.equal(app.disabled('feature'), false);
		assert.equal(app.disable('feature'), app);
		assert.equal(app.get('feature'), false);
		assert.equal(app.enabled('feature'), false);
		assert.equal(app.disabled('feature'), true);
		app.set('count', 1);
		assert.equal(app.enabled('count'), true);
		app.set('empty', '');
		assert.equal(app.disabled('empty'), true);
		assert.equal(app.disabled('unset'), true);
		assert.equal(app.enabled('unset'), false);
	});

	test('app.get(name) with one argument reads a setting, with a handler it routes', () => {
		const app = velox();
		app.set('title', 'My Site');
		assert.equal(app.get('title'), 'My Site');
		assert.equal(
			app.get('/title', (_req, res) => res.end()),
			app,
		);
	});
});

describe('compiled settings', () => {
	test('etag: true and weak give weak ETags, strong gives strong ones, false none, functions are kept', () => {
		const app = velox();
		const body = 'hello world';
		const fn = () => app.get('etag fn') as ((body: string, encoding?: string) => string) | undefined;
		const reference = express();
		const referenceFn = () => reference.get('etag fn') as ((body: string, encoding?: string) => string) | undefined;
		for (const value of [true, 'weak', 'strong']) {
			app.set('etag', value);
			reference.set('etag', value);
			assert.equal(fn()!(body, 'utf8'), referenceFn()!(body, 'utf8'), String(value));
		}
		assert.match(fn()!(body), /^"/);
		app.set('etag', 'weak');
		assert.match(fn()!(body), /^W\//);
		app.set('etag', false);
		assert.equal(fn(), undefined);
		const custom = () => '"custom"';
		app.set('etag', custom);
		assert.equal(fn(), custom);
	});

	test('query parser: extended nests, simple is flat, false gives {}, functions are kept', () => {
		const app = velox();
		const reference = express();
		const query = 'a[b]=1&a[c]=2&d=3&d=4&e';
		for (const value of ['extended', 'simple', true, false]) {
			app.set('query parser', value);
			reference.set('query parser', value);
			const actual = (app.get('query parser fn') as (q: string) => unknown)(query);
			const expected = (reference.get('query parser fn') as (q: string) => unknown)(query);
			assert.deepEqual({ ...(actual as object) }, { ...(expected as object) }, String(value));
		}
		const custom = (q: string) => ({ raw: q });
		app.set('query parser', custom);
		assert.equal(app.get('query parser fn'), custom);
	});

	test('trust proxy: boolean, hop count, names, comma lists, arrays and functions compile as in Express', () => {
		const cases: unknown[] = [true, false, 0, 1, 2, 'loopback', 'loopback, 10.0.0.0/8', ['linklocal', 'uniquelocal'], '127.0.0.1'];
		const probes: [string, number][] = [
			['127.0.0.1', 0],
			['10.1.2.3', 1],
			['169.254.1.1', 0],
			['192.168.0.9', 2],
			['8.8.8.8', 0],
			['::1', 1],
			['fe80::1', 3],
		];
		for (const value of cases) {
			const app = velox().set('trust proxy', value) as ReturnType<typeof velox>;
			const reference = express().set('trust proxy', value);
			const fn = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
			const expectedFn = reference.get('trust proxy fn') as (address: string, hop: number) => boolean;
			for (const [address, hop] of probes) assert.equal(fn(address, hop), expectedFn(address, hop), JSON.stringify(value) + ' ' + address + ' ' + hop);
		}
		const custom = (address: string) => address === '1.2.3.4';
		assert.equal(velox().set('trust proxy', custom).get('trust proxy fn'), custom);
	});

	test('unknown values throw TypeErrors with Express messages', () => {
		for (const [setting, value] of [
			['etag', 'medium'],
			['query parser', 'fancy'],
		] as const) {
			let expected = '';
			try {
				express().set(setting, value);
			} catch (err) {
				expected = (err as Error).message;
			}
			assert.throws(() => velox().set(setting, value), { name: 'TypeError', message: expected });
		}
		assert.throws(() => velox().set('trust proxy', 'not an ip'), TypeError);
	});
});

describe('sub-app inheritance', () => {
	function mounted(framework: Framework, configure: (parent: App, child: App) => void): Record<string, unknown> {
		const parent = framework();
		const child = framework();
		configure(parent, child);
		parent.use('/child', child);
		const names = [...SETTINGS, 'custom', 'trust proxy fn'];
		const values = snapshot(child, names);
		values['trust proxy fn is parent'] = child.get('trust proxy fn') === parent.get('trust proxy fn');
		return values;
	}

	test('settings without a default are inherited, those with one are not; trust proxy is', () => {
		const values = withNodeEnv('development', () =>
			sameAsExpress((framework) =>
				mounted(framework, (parent) => {
					parent.enable('case sensitive routing');
					parent.enable('strict routing');
					parent.set('json spaces', 2);
					parent.set('json replacer', 'replacer');
					parent.enable('json escape');
					parent.set('view engine', 'pug');
					parent.set('custom', 'yes');
					parent.set('etag', 'strong');
					parent.set('env', 'parent-env');
					parent.set('jsonp callback name', 'cb');
					parent.set('query parser', 'simple');
					parent.set('subdomain offset', 3);
					parent.set('views', '/parent/views');
					parent.disable('x-powered-by');
					parent.set('trust proxy', 'loopback');
					parent.enable('view cache');
				}),
			),
		);
		assert.equal(values['case sensitive routing'], true);
		assert.equal(values['view engine'], 'pug');
		assert.equal(values.custom, 'yes');
		assert.equal(values.etag, 'weak');
		assert.equal(values['x-powered-by'], true);
		assert.equal(values['trust proxy'], 'loopback');
		assert.equal(values['trust proxy fn is parent'], true);
		assert.equal(values['view cache'], true, 'view cache is inherited outside production');
	});

	test('a sub-app that set trust proxy itself keeps it', () => {
		const values = sameAsExpress((framework) =>
			mounted(framework, (parent, child) => {
				parent.set('trust proxy', true);
				child.set('trust proxy', 2);
			}),
		);
		assert.equal(values['trust proxy'], 2);
		assert.equal(values['trust proxy fn is parent'], false);
	});

	test('view cache is not inherited in production', () => {
		const values = withNodeEnv('production', () =>
			sameAsExpress((framework) =>
				mounted(framework, (parent) => {
					parent.disable('view cache');
				}),
			),
		);
		assert.equal(values['view cache'], true);
	});

	test('settings changed on the parent after mounting are seen by the sub-app', () => {
		const parent = velox();
		const child = velox();
		parent.use(child);
		parent.set('late', 1);
		assert.equal(child.get('late'), 1);
		child.set('late', 2);
		assert.equal(parent.get('late'), 1);
	});
});

describe('settings read when the router is created', () => {
	function queryEcho(req: { query: unknown }, res: { end(body: string): void }): void {
		res.end(JSON.stringify(req.query));
	}

	test('query parser, case sensitive routing and strict routing set before the first route apply', async () => {
		await differential(
			(framework) => {
				const app = framework();
				app.set('query parser', 'simple');
				app.enable('case sensitive routing');
				app.enable('strict routing');
				app.get('/Q', queryEcho);
				return app;
			},
			['/Q?a[b]=1&c=2&c=3', '/q?a=1', '/Q/?a=1'].map((path) => ({ path })),
		);
	});

	test('the same settings changed after the first route have no effect on routing or parsing', async () => {
		await differential(
			(framework) => {
				const app = framework();
				app.get('/Q', queryEcho);
				app.set('query parser', false);
				app.enable('case sensitive routing');
				app.enable('strict routing');
				app.get('/late', queryEcho);
				return app;
			},
			['/Q?a[b]=1', '/q?x=1', '/late/?y=2'].map((path) => ({ path })),
		);
	});

	test("a sub-app's query parser is not used: the first app parsed the query", async () => {
		const [response] = await differential(
			(framework) => {
				const app = framework();
				const child = framework();
				child.set('query parser', (q: string) => ({ custom: q }));
				child.get('/', queryEcho);
				app.use('/c', child);
				return app;
			},
			[{ path: '/c?a[b]=1' }],
		);
		assert.equal(response.body, '{"a":{"b":"1"}}');
	});

	test('a custom query parser receives the raw query string', async () => {
		const [withQuery, without] = await differential(
			(framework) => {
				const app = framework();
				app.set('query parser', (q: unknown) => ({ raw: q === undefined ? 'undefined' : q === null ? 'null' : q }));
				app.get('/', queryEcho);
				return app;
			},
			[{ path: '/?a=%20b&a=c' }, { path: '/' }],
		);
		assert.equal(withQuery.body, '{"raw":"a=%20b&a=c"}');
		assert.equal(without.body, '{"raw":"null"}');
	});
});
