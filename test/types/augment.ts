/**
 * The global `Express.*` interfaces that middleware typings augment reach Velox's
 * request, response, locals and application.
 */
import velox = require('velox');
import { type Equal, expectType } from './helpers';

declare global {
	namespace Express {
		interface Request {
			user?: { id: string };
		}
		interface Response {
			success(body: unknown): void;
		}
		interface Locals {
			requestId: string;
		}
		interface Application {
			started: Date;
		}
	}
}

const app = velox();
app.get('/', (req, res) => {
	expectType<Equal<typeof req.user, { id: string } | undefined>>(true);
	expectType<Equal<typeof res.locals.requestId, string>>(true);
	res.success({ id: req.user?.id });
});
expectType<Equal<typeof app.started, Date>>(true);
expectType<Equal<velox.Locals['requestId'], string>>(true);
velox.response.success = function success(this: velox.Response, body: unknown) {
	this.json(body);
};
