/**
 * Prototype pollution: `__proto__`, `constructor[prototype]` and
 * `constructor.prototype` keys in query strings (extended and simple
 * parsers), JSON and urlencoded bodies (extended and simple), route params
 * named `__proto__`, `mergeParams`, and the `app.locals`/`res.locals`/render
 * locals merge. After every request `Object.prototype` is unchanged and a
 * fresh `{}` has no `polluted` property; what the handler saw is compared
 * with the line's express (express@4; express@5 under `npm run test:line5`).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type express from 'express';
import velox from '../src/express';
import { frameworks } from './helpers/differential';
import { line, ORACLE_NAME } from './helpers/line-syntax';
import { LARGE_HEADERS, prototypeSnapshot } from './helpers/security';
import { rawRequest } from './helpers/raw-socket';
import { listen, type Running } from './helpers/server';

type Framework = typeof express;
const pristine = prototypeSnapshot();

function assertClean(label: string): void {
	assert.equal(({} as Record<string, unknown>).polluted, undefined, label + ': ({}).polluted');
	assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined, label);
	assert.equal(prototypeSnapshot(), pristine, label + ': Object.prototype changed');
	assert.equal(typeof Object.prototype.toString, 'function', label);
	assert.equal(typeof Object.prototype.hasOwnProperty, 'function', label);
}

afterEach(() => {
	// Never let a polluted prototype leak into the next test.
	delete (Object.prototype as Record<string, unknown>).polluted;
});

/** What a handler saw of a parsed object: own keys, prototype kind, and whether `polluted` is reachable. */
function inspect(value: unknown): unknown {
	if (value === null || typeof value !== 'object') return value;
	const proto = Object.getPrototypeOf(value);
	return {
		keys: Object.keys(value).sort(),
		proto: proto === null ? 'null' : proto === Object.prototype ? 'Object.prototype' : proto === Array.prototype ? 'Array.prototype' : 'other',
		polluted: (value as Record<string, unknown>).polluted ?? null,
	};
}

function post(path: string, type: string, body: string): string {
	return (
		'POST ' + path + ' HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ' + type + '\r\nContent-Length: ' + Buffer.byteLength(body) + '\r\n\r\n' + body
	);
}

function getRequest(path: string): string {
	return 'GET ' + path + ' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
}

async function withBoth(build: (framework: Framework) => express.Express, run: (port: number, name: 'express' | 'velox') => Promise<string[]>): Promise<void> {
	const seen: Record<string, string[]> = {};
	for (const name of ['velox', 'express'] as const) {
		const running: Running = await listen(build(frameworks[name]), LARGE_HEADERS);
		try {
			seen[name] = await run(running.port, name);
		} finally {
			await running.close();
		}
		assertClean(name);
	}
	assert.deepEqual(seen.velox, seen.express, 'what the handler saw differs from ' + ORACLE_NAME);
}

const QUERIES = [
	'__proto__[polluted]=1',
	'__proto__.polluted=1',
	'constructor[prototype][polluted]=1',
	'constructor.prototype.polluted=1',
	'a[__proto__][polluted]=1',
	'a[constructor][prototype][polluted]=1',
	'__proto__=polluted',
	'__proto__[]=1',
	'a[]=1&a[__proto__][polluted]=1',
	'a[0]=1&a[__proto__][polluted]=1',
	'__proto__[toString]=1&__proto__[hasOwnProperty]=1',
	'toString=1&hasOwnProperty=1&valueOf=1',
];

describe('query strings', () => {
	for (const parser of ['extended', 'simple'] as const) {
		test(parser + ' parser: Object.prototype untouched, req.query as ' + ORACLE_NAME, async () => {
			await withBoth(
				(framework) => {
					const app = framework();
					app.set('env', 'test');
					app.set('query parser', parser);
					app.get('/q', (req, res) => {
						res.json(inspect(req.query));
					});
					return app;
				},
				async (port, name) => {
					const bodies: string[] = [];
					for (const query of QUERIES) {
						const result = await rawRequest(port, getRequest('/q?' + query));
						assert.equal(result.status, 200, name + ' ' + query);
						assertClean(name + ' ?' + query);
						bodies.push(query + ' → ' + result.body);
					}
					return bodies;
				},
			);
		});
	}

	test('req.query never inherits a polluted value (extended parser, velox)', async () => {
		const app = velox();
		app.set('query parser', 'extended');
		app.get('/q', (req, res) => {
			res.json({ polluted: (req.query as Record<string, unknown>).polluted ?? null, proto: Object.getPrototypeOf(req.query) === Object.prototype });
		});
		const running = await listen(app, LARGE_HEADERS);
		try {
			for (const query of QUERIES.slice(0, 6)) {
				const result = await rawRequest(running.port, getRequest('/q?' + query));
				assert.equal(result.body, '{"polluted":null,"proto":true}', query);
			}
		} finally {
			await running.close();
		}
	});
});

const JSON_BODIES = [
	'{"__proto__":{"polluted":1}}',
	'{"constructor":{"prototype":{"polluted":1}}}',
	'{"a":{"__proto__":{"polluted":1}}}',
	'[{"__proto__":{"polluted":1}}]',
	'{"__proto__":[1,2]}',
];

describe('bodies', () => {
	test('JSON bodies: Object.prototype untouched; req.body as ' + ORACLE_NAME, async () => {
		await withBoth(
			(framework) => {
				const app = framework();
				app.set('env', 'test');
				app.post('/j', framework.json(), (req, res) => {
					res.json({ body: inspect(req.body), own: Object.prototype.hasOwnProperty.call(req.body, '__proto__') });
				});
				return app;
			},
			async (port, name) => {
				const bodies: string[] = [];
				for (const body of JSON_BODIES) {
					const result = await rawRequest(port, post('/j', 'application/json', body));
					assert.equal(result.status, 200, name + ' ' + body);
					assertClean(name + ' ' + body);
					bodies.push(body + ' → ' + result.body);
				}
				return bodies;
			},
		);
	});

	for (const extended of [true, false]) {
		test('urlencoded bodies (extended: ' + extended + '): Object.prototype untouched; req.body as ' + ORACLE_NAME, async () => {
			await withBoth(
				(framework) => {
					const app = framework();
					app.set('env', 'test');
					app.post('/u', framework.urlencoded({ extended }), (req, res) => {
						res.json(inspect(req.body));
					});
					return app;
				},
				async (port, name) => {
					const bodies: string[] = [];
					for (const body of QUERIES) {
						const result = await rawRequest(port, post('/u', 'application/x-www-form-urlencoded', body));
						assert.equal(result.status, 200, name + ' ' + body);
						assertClean(name + ' ' + body);
						bodies.push(body + ' → ' + result.body);
					}
					return bodies;
				},
			);
		});
	}
});

describe('route params and mergeParams', () => {
	test('params named __proto__ / constructor, with mergeParams: Object.prototype untouched; as ' + ORACLE_NAME, async () => {
		await withBoth(
			(framework) => {
				const app = framework();
				app.set('env', 'test');
				const router = framework.Router({ mergeParams: true });
				router.get('/:constructor/:prototype', (req, res) => {
					res.json({ params: inspect(req.params), own: Object.keys(req.params).sort() });
				});
				app.use('/m/:__proto__', router);
				app.get('/p/:__proto__', (req, res) => {
					res.json({ params: inspect(req.params), proto: Object.getPrototypeOf(req.params) === Object.prototype });
				});
				app.get('/c/:constructor', (req, res) => {
					res.json({ params: inspect(req.params) });
				});
				return app;
			},
			async (port, name) => {
				const bodies: string[] = [];
				for (const target of ['/p/polluted', '/p/%7B%22polluted%22%3A1%7D', '/c/polluted', '/m/polluted/x/y', '/m/a/constructor/prototype']) {
					const result = await rawRequest(port, getRequest(target));
					assert.equal(result.status, 200, name + ' ' + target);
					assertClean(name + ' ' + target);
					bodies.push(target + ' → ' + result.body);
				}
				return bodies;
			},
		);
	});
});

describe('locals merged for render', () => {
	test('res.locals / app.locals / render options with __proto__ keys: Object.prototype untouched; engine sees what express@4 passes', async () => {
		await withBoth(
			(framework) => {
				const app = framework();
				app.set('env', 'test');
				app.engine('js', (_path: string, options: object, callback: (err: Error | null, html?: string) => void) => {
					const record = options as Record<string, unknown>;
					callback(
						null,
						JSON.stringify({ polluted: record.polluted ?? null, title: record.title ?? null, own: Object.prototype.hasOwnProperty.call(record, 'polluted') }),
					);
				});
				app.locals.title = 'app';
				app.get('/render', (req, res) => {
					// A careless app: copies query keys into res.locals and passes them as render options.
					for (const key of Object.keys(req.query)) (res.locals as Record<string, unknown>)[key] = req.query[key];
					res.render(__filename, req.query as object);
				});
				return app;
			},
			async (port, name) => {
				const bodies: string[] = [];
				for (const query of ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'title=q&polluted=own']) {
					const result = await rawRequest(port, getRequest('/render?' + query));
					assertClean(name + ' render ?' + query);
					bodies.push(query + ' → ' + result.status + ' ' + result.body);
				}
				return bodies;
			},
		);
	});

	test('JSON body passed to res.render as locals: Object.prototype untouched; velox is stricter than express@4', async () => {
		const seen: Record<string, string[]> = {};
		for (const name of ['velox', 'express'] as const) {
			const framework = frameworks[name];
			const app = framework();
			app.set('env', 'test');
			app.engine('js', (_path: string, options: object, callback: (err: Error | null, html?: string) => void) => {
				const record = options as Record<string, unknown>;
				callback(null, JSON.stringify({ polluted: record.polluted ?? null, own: Object.prototype.hasOwnProperty.call(record, 'polluted') }));
			});
			app.post('/render', framework.json(), (req, res) => {
				res.render(__filename, req.body as object);
			});
			const running = await listen(app, LARGE_HEADERS);
			try {
				seen[name] = [];
				for (const body of JSON_BODIES.slice(0, 3)) {
					const result = await rawRequest(running.port, post('/render', 'application/json', body));
					assertClean(name + ' render ' + body);
					seen[name].push(result.status + ' ' + result.body);
				}
			} finally {
				await running.close();
			}
		}
		// Velox: a "__proto__" key never becomes the prototype of the render options.
		assert.deepEqual(seen.velox, Array(3).fill('200 {"polluted":null,"own":false}'));
		// express@4 (utils-merge): the engine sees the value through the re-prototyped options;
		// express@5 spreads the locals into the options, as safe as Velox.
		if (line === 4) assert.equal(seen.express[0], '200 {"polluted":1,"own":false}');
		else assert.deepEqual(seen.express, seen.velox);
	});
});

test('regression: a JSON "__proto__" key in render locals does not become the prototype of the render options', async () => {
	const app = velox();
	app.engine('js', (_path: string, options: object, callback: (err: Error | null, html?: string) => void) => {
		callback(null, String((options as Record<string, unknown>).polluted ?? 'clean'));
	});
	app.post('/render', velox.json(), (req, res) => {
		res.render(__filename, req.body as object);
	});
	const running = await listen(app, LARGE_HEADERS);
	try {
		const result = await rawRequest(running.port, post('/render', 'application/json', '{"__proto__":{"polluted":"inherited"},"title":"t"}'));
		assert.equal(result.status, 200);
		assert.equal(result.body, 'clean');
	} finally {
		await running.close();
	}
	assertClean('render');
});
