/**
 * Augmentations of the module `express-serve-static-core`, the way apps, frameworks and
 * middleware typings add members to @types/express's objects: each reaches Velox's handlers,
 * applications and routers, and Velox's own additions (typed params, `req.signal`, `inject`,
 * `routes`) stay. Compiled beside @types/express, without it, and with Velox installed as
 * `express` (types.augment.test.ts).
 */
import type * as core from 'express-serve-static-core';
import velox = require('velox');
import { type Equal, expectType } from './helpers';

/** What a validating framework passes between the path and the handlers. */
interface Schema {
	schema: true;
}

declare module 'express-serve-static-core' {
	interface Request {
		user?: { id: string };
		tenant: string;
	}
	interface Response {
		ok(body: unknown): this;
	}
	interface Application {
		started: Date;
	}
	interface Locals {
		traceId: string;
	}
	interface IRouterMatcher<T> {
		// biome-ignore lint/style/useShorthandFunctionType: an augmentation merges into the interface
		(path: string, schema: Schema, ...handlers: RequestHandler[]): T;
	}
	interface IRouter {
		versioned(version: number): this;
	}
	interface Express {
		ready: boolean;
	}
}

const app = velox();
const schema: Schema = { schema: true };
app.get('/users/:id', (req, res) => {
	expectType<Equal<typeof req.user, { id: string } | undefined>>(true);
	expectType<Equal<typeof req.tenant, string>>(true);
	expectType<Equal<typeof req.params, { id: string }>>(true);
	expectType<Equal<typeof res.locals.traceId, string>>(true);
	req.signal; // $ExpectType AbortSignal | undefined
	res.ok({ id: req.params.id }).end();
});
app.post('/validated', schema, (req, res) => res.send(req.tenant));
app.versioned(1).get('/v1', (_req, res) => res.ok(null));
const router = velox.Router();
router.put('/items/:itemId', schema, (_req, res) => res.end());
router
	.versioned(2)
	.route('/r/:rid')
	.get((req, res) => res.send(req.params.rid + req.tenant));
app.use(router);
expectType<Equal<typeof app.started, Date>>(true);
expectType<Equal<typeof app.ready, boolean>>(true);
expectType<Equal<typeof app.locals.traceId, string>>(true);
app.routes(); // $ExpectType RouteList
app.inject('/'); // $ExpectType Promise<InjectResponse>
velox.Router().routes(); // $ExpectType RouteList

// Code that names the module's types reaches the same objects.
const handler: core.RequestHandler = (req, res) => res.ok(req.user?.id);
const userOf = (req: core.Request): string | undefined => req.user?.id;
app.get('/me', handler, (req, res) => res.send(userOf(req)));
const asCore: core.Express = app;
const asVelox: velox.Express = asCore;
export { asVelox };
// A member the augmentations did not add is still an error.
// @ts-expect-error
app.get('/', (req) => req.nope);
