/**
 * The augmentations of augment-core.ts and augment-module.ts from an ES module: `velox` resolves
 * to the ESM declarations (express.d.mts), whose re-exported interfaces still merge.
 */
import velox, { type Request } from 'velox';
import { type Equal, expectType } from './helpers.js';

declare module 'velox' {
	interface Request {
		esmSecret?: string;
	}
}
declare module 'express-serve-static-core' {
	interface Request {
		esmUser?: { id: string };
	}
}

const app = velox();
app.get('/:id', (req, res) => {
	expectType<Equal<typeof req.esmUser, { id: string } | undefined>>(true);
	expectType<Equal<typeof req.params.id, string>>(true);
	res.send(req.esmUser?.id);
});
const secretOf = (req: Request): string | undefined => req.esmSecret;
export { secretOf };
