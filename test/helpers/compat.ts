/**
 * The third-party middleware adapter of the differential engine: the same small
 * app built with express@4 and with Velox (behind both servers), the same
 * supertest scenario run against each (one cookie-carrying agent per target),
 * and every response compared: status, headers, body.
 *
 * What is not compared, and why:
 * - `Date`: the clock, not the framework;
 * - the value of `X-Powered-By` (`Express` vs `Velox`): its presence still is;
 * - the stack frames of an error page (and then its Content-Length): they name each framework's files;
 * - whatever a test scrubs explicitly (`scrub`): random session ids, timings.
 * ETag is compared: both frameworks hash the same body with the same algorithm.
 *
 * @example
 * await compat(
 *   (framework) => framework().use(cors()).get('/', (req, res) => res.end('ok')),
 *   async (agent) => [await agent.get('/').set('Origin', 'http://a.test'), await agent.get('/')],
 * );
 */
import type http from 'node:http';
import type https from 'node:https';
import supertest from 'supertest';
import {
	acrossTargets,
	assertSame,
	type Framework,
	type FrameworkName,
	type Listener,
	normalise,
	type Observed,
	type Target,
	type TargetResults,
} from './differential';

export type { Framework, FrameworkName, Target };
export type Agent = ReturnType<typeof supertest.agent>;
export type Served = Listener | http.Server | https.Server;

export interface CompatOptions {
	/** Response headers (lower case) not to compare, besides Date. Say why at the call site. */
	ignoreHeaders?: string[];
	/** Replacements applied to header values and bodies before comparing (random ids, timings). */
	scrub?: [RegExp, string][];
	/** The `env` setting of each app (default `test`: the final handler logs nothing, error pages still show the error). */
	env?: string;
}

const REQUEST_DEADLINE_MS = 5000;

function bodyText(response: supertest.Response): string {
	if (typeof response.text === 'string') return response.text;
	if (Buffer.isBuffer(response.body)) return response.body.toString('latin1');
	return response.body === undefined ? '' : JSON.stringify(response.body);
}

/** Status, headers and (decoded) body of a supertest response, ready to compare. */
export function exchange(response: supertest.Response, options: CompatOptions = {}): Observed {
	const request = (response as unknown as { req: { method: string; path: string } }).req;
	return normalise(
		{ request: request.method + ' ' + request.path, status: response.status, headers: response.headers, body: bodyText(response) },
		{ ignoreHeaders: ['date', ...(options.ignoreHeaders ?? [])], scrub: options.scrub },
	);
}

/**
 * Runs `scenario` against the app built with express@4 and with Velox (each
 * with a fresh supertest agent, so cookies carry across the scenario's
 * requests), asserts the responses are the same and resolves to each target's.
 * The builder's `target` lets a test route side effects (log lines) per run.
 */
export async function compat(
	build: (framework: Framework, name: FrameworkName, target: Target) => Served,
	scenario: (agent: Agent, name: FrameworkName, target: Target) => Promise<supertest.Response[]>,
	options: CompatOptions = {},
): Promise<TargetResults<Observed[]>> {
	const results = await acrossTargets(
		build,
		async ({ running }, name, target) => {
			// A request the app never answers fails the test quickly instead of hanging it.
			const agent = supertest.agent(running?.server).timeout({ deadline: REQUEST_DEADLINE_MS });
			const responses = await scenario(agent, name, target);
			return responses.map((response) => exchange(response, options));
		},
		{ env: options.env },
	);
	assertSame(results);
	return results;
}
