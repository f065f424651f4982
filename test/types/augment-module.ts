/**
 * Augmentations of Velox's own module under the name it is installed as (`velox` here,
 * `express` in augment-express.ts): its `Request`, `Response`, … are interfaces, so they merge
 * (a type alias would be TS2300, Duplicate identifier). As with @types/express, they reach code
 * that names those types; handlers' parameters are express-serve-static-core's.
 */
import velox = require('velox');
import { type Equal, expectType } from './helpers';

declare module 'velox' {
	interface Request {
		secret?: string | undefined;
		signedCookies: Record<string, unknown>;
	}
	interface Response {
		sentAt?: number;
	}
	interface Application {
		label?: string;
	}
	interface Locals {
		csrf: string;
	}
	interface NextFunction {
		// biome-ignore lint/style/useShorthandFunctionType: an augmentation merges into the interface
		(reason: 'skip'): void;
	}
}

function readSecret(req: velox.Request, res: velox.Response, next: velox.NextFunction): void {
	expectType<Equal<typeof req.secret, string | undefined>>(true);
	expectType<Equal<typeof res.sentAt, number | undefined>>(true);
	next('skip');
}
const app = velox();
app.use(readSecret);
app.get('/:slug', readSecret, (req, res) => res.send(req.params.slug));
const typedApp: velox.Application = app;
expectType<Equal<typeof typedApp.label, string | undefined>>(true);
expectType<Equal<velox.Locals['csrf'], string>>(true);
