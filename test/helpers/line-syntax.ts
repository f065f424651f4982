/**
 * Route paths written once for both lines, for the tests that run on each (`npm run test:line5`):
 * the line in force decides the syntax, as an app written for that Express would.
 */
import { linePolicy } from '../../src/core/lines';

/** The line in force: 4, or 5 under `npm run test:line5` and in `v5.*.test.ts` files. */
export const line = linePolicy().line;

/** The express of the line in force, as tests name it in messages (`express@4`, `express@5`). */
export const ORACLE_NAME = `express@${line}`;

/** The name of a route's layer function: Express 4's `bound dispatch`, router 2's `handle`. */
export const ROUTE_LAYER_NAME = line === 5 ? 'handle' : 'bound dispatch';

/** A route that takes the rest of the path after `prefix`: `/x/*` (Express 4) or `/x/*rest` (Express 5). */
export function restOfPath(prefix: string): string {
	return line === 5 ? `${prefix}/*rest` : `${prefix}/*`;
}

/** What a `restOfPath` route matched, as one string (Express 5 gives the segments as an array). */
export function restParam(params: object): string {
	const values = params as Record<string, string | string[] | undefined>;
	const value = line === 5 ? values.rest : values[0];
	return Array.isArray(value) ? value.join('/') : String(value);
}
