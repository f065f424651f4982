/**
 * Every shape of value that `next(value)` (or a throw) can bring to the default final handler:
 * primitives, objects without a prototype, frozen objects, getters and Proxy traps that throw,
 * revoked Proxies, `toString` that throws. Velox answers each one (500, or the value's own
 * valid status) and the process stays up, logging included.
 *
 * Where express@4 answers, the answer is compared with it byte for byte. Where express@4 itself
 * throws (a getter or a trap that throws), Velox answers as Express does for the same value with
 * the unreadable part absent, and that equivalent is what it is compared with. The `test` env
 * gives the development page (stack or `toString`) without logging: express@4's logger throws
 * on a null-prototype object, which would end this very process; `production` gives the
 * status-message page, where an empty object stands for "nothing readable".
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { send } from './helpers/client';
import { type DiffRequest, differential, type Framework, frameworks } from './helpers/differential';
import { listen } from './helpers/server';

type Next = (err?: unknown) => void;

/** An app whose only route passes `make()` to next (or throws it). */
function failingWith(make: () => unknown, how: 'next' | 'throw' = 'next') {
	return (framework: Framework) => {
		const app = framework();
		app.get('/', (_req, _res, next: Next) => {
			if (how === 'throw') throw make();
			next(make());
		});
		return app;
	};
}

const REQUESTS: DiffRequest[] = [{ path: '/' }];
const ENVS = ['test', 'production'];

/** What express@4 is given for `make` in `env`: the value itself, but no null-prototype object in production (its logger throws). */
function reference(make: () => unknown, env: string): () => unknown {
	return () => {
		const value = make();
		if (env !== 'production' || value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== null) return value;
		return Object.assign({}, value);
	};
}

/** The readable rest for express@4: `Object.create(null)` (nothing readable) becomes `{}` in production. */
function readableRest(make: () => unknown, env: string): () => unknown {
	return reference(make, env);
}

function throwing(): never {
	throw new Error('unreadable');
}

const logged: unknown[][] = [];
const consoleError = console.error;
before(() => {
	console.error = (...args: unknown[]) => {
		logged.push(args);
	};
});
after(() => {
	console.error = consoleError;
});

/** Velox's answer for `make()` in `env`, compared with express@4's answer for `reference()`. */
async function sameAsExpressFor(make: () => unknown, reference: () => unknown, env: string, how: 'next' | 'throw' = 'next') {
	const velox = await differentialPair(failingWith(make, how), failingWith(reference, how), env);
	return velox;
}

/** Runs `veloxBuild` with Velox and `expressBuild` with express@4 and compares the answers. */
async function differentialPair(veloxBuild: (framework: Framework) => unknown, expressBuild: (framework: Framework) => unknown, env: string) {
	const [velox] = await differential(
		(framework, name) => {
			const app = (name === 'velox' ? veloxBuild : expressBuild)(framework) as ReturnType<Framework>;
			return app;
		},
		REQUESTS,
		{ env },
	);
	return velox;
}

describe('values express@4 answers: the same bytes', () => {
	const shapes: [string, () => unknown, number][] = [
		['an object with a null prototype', () => Object.create(null), 500],
		['a null-prototype object with a status', () => Object.assign(Object.create(null), { status: 404 }), 404],
		['a symbol', () => Symbol('failure'), 500],
		['a number', () => 42, 500],
		['a string', () => 'plain string failure', 500],
		['a frozen object with a status', () => Object.freeze({ status: 403, message: 'frozen' }), 403],
		['a frozen Error', () => Object.freeze(Object.assign(new Error('frozen error'), { statusCode: 409 })), 409],
		['an object whose stack is not a string', () => ({ stack: 12345 }), 500],
		['an object whose toString returns a number', () => ({ toString: () => 7 }), 500],
		['a function with a status', () => Object.assign(() => {}, { status: 418 }), 418],
		['true', () => true, 500],
		['an array', () => [1, 2], 500],
		['an object with invalid status values', () => ({ status: '404', statusCode: 700 }), 500],
		['a Proxy over an Error with a status', () => new Proxy(Object.assign(new Error('proxied'), { status: 410 }), {}), 410],
	];
	for (const [label, make, status] of shapes) {
		for (const env of ENVS) {
			test(label + ' (' + env + ') → ' + status, async () => {
				const response = await sameAsExpressFor(make, reference(make, env), env);
				assert.equal(response.status, status);
			});
		}
		test(label + ', thrown from the handler → ' + status, async () => {
			const response = await sameAsExpressFor(make, make, 'test', 'throw');
			assert.equal(response.status, status);
		});
	}

	test('a null-prototype object: development shows the status message (no stack, no toString)', async () => {
		const response = await sameAsExpressFor(
			() => Object.create(null),
			() => Object.create(null),
			'test',
		);
		assert.match(response.body, /<pre>Internal Server Error<\/pre>/);
	});
});

describe('values express@4 crashes on: answered as Express answers the readable rest', () => {
	const shapes: [string, () => unknown, () => unknown, number][] = [
		[
			'an object whose status getter throws',
			() => ({
				get status() {
					return throwing();
				},
				message: 'x',
			}),
			() => ({ message: 'x' }),
			500,
		],
		[
			'an object whose status getter throws, statusCode valid',
			() => ({
				get status() {
					return throwing();
				},
				statusCode: 422,
			}),
			() => ({ statusCode: 422 }),
			422,
		],
		[
			'an object whose statusCode getter throws',
			() => ({
				get statusCode() {
					return throwing();
				},
			}),
			() => ({}),
			500,
		],
		[
			'an object whose headers getter throws',
			() => ({
				status: 429,
				get headers() {
					return throwing();
				},
			}),
			() => ({ status: 429 }),
			429,
		],
		['headers behind a Proxy whose ownKeys trap throws', () => ({ status: 429, headers: new Proxy({}, { ownKeys: throwing }) }), () => ({ status: 429 }), 429],
		[
			'an object whose stack getter throws',
			() => ({
				get stack() {
					return throwing();
				},
			}),
			() => ({}),
			500,
		],
		['an object whose toString throws', () => ({ toString: throwing }), () => Object.create(null), 500],
		[
			'an Error whose toString throws and stack is empty',
			() => Object.assign(new Error('m'), { stack: '', toString: throwing }),
			() => Object.create(null),
			500,
		],
		['a toString returning a null-prototype object', () => ({ toString: () => Object.create(null) }), () => Object.create(null), 500],
		['a stack that is a symbol', () => ({ stack: Symbol('s') }), () => Object.create(null), 500],
		[
			'a Proxy whose every trap throws',
			() => new Proxy({}, { get: throwing, getPrototypeOf: throwing, has: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing }),
			() => Object.create(null),
			500,
		],
		[
			'a revoked Proxy',
			() => {
				const { proxy, revoke } = Proxy.revocable({}, {});
				revoke();
				return proxy;
			},
			() => Object.create(null),
			500,
		],
	];
	for (const [label, make, reference, status] of shapes) {
		for (const env of ENVS) {
			test(label + ' (' + env + ') → ' + status, async () => {
				const response = await sameAsExpressFor(make, readableRest(reference, env), env);
				assert.equal(response.status, status);
			});
		}
	}

	// Node 20 reads `stack` through the Proxy; from node 22 on, the stack accessor needs the Error itself
	// as receiver and reads undefined, so both frameworks fall back to toString().
	test('the Proxy over an Error shows what its stack reads in development, as express@4 does', async () => {
		const make = () => new Proxy(Object.assign(new Error('proxied failure'), { status: 410 }), {});
		const response = await sameAsExpressFor(make, make, 'test');
		assert.match(response.body, /Error: proxied failure/);
	});
});

describe('the process stays up and the logger still runs', () => {
	test('every shape is logged (development) without an uncaught exception, and the server keeps answering', async () => {
		const values: unknown[] = [
			Object.create(null),
			Symbol('logged'),
			42,
			'text',
			Object.freeze({ status: 500 }),
			{
				get status() {
					return throwing();
				},
			},
			new Proxy({}, { get: throwing }),
			{ toString: throwing },
			(() => {
				const { proxy, revoke } = Proxy.revocable({}, {});
				revoke();
				return proxy;
			})(),
		];
		const app = frameworks.velox();
		app.set('env', 'development');
		let index = 0;
		app.get('/fail', (_req, _res, next: Next) => next(values[index++]));
		app.get('/ok', (_req, res) => {
			res.send('still up');
		});
		const uncaught: unknown[] = [];
		const onUncaught = (err: unknown) => uncaught.push(err);
		process.on('uncaughtException', onUncaught);
		const server = await listen(app);
		try {
			logged.length = 0;
			for (let i = 0; i < values.length; i++) {
				const response = await send(server.port, { path: '/fail' });
				assert.equal(response.status, 500, 'value ' + i);
			}
			// finalhandler logs on the next turn of the event loop.
			await new Promise((resolve) => setImmediate(resolve));
			assert.equal(logged.length, values.length, 'one log line per error');
			const ok = await send(server.port, { path: '/ok' });
			assert.equal(ok.body, 'still up');
			assert.deepEqual(uncaught, []);
		} finally {
			process.removeListener('uncaughtException', onUncaught);
			await server.close();
		}
	});
});
