/**
 * ESM under `--module nodenext`: the default export, named values, and the types,
 * with `Router` both a value and a type.
 */
import velox, {
	type Application,
	type ErrorRequestHandler,
	type Request,
	type RequestHandler,
	type Response,
	Router,
	json,
	static as serveStatic,
	query,
} from 'velox';
import type { IRoute, IRouter, IRouterMatcher, ParamsDictionary, Query, RequestRanges, Send } from 'velox';

function mount(router: Router): Router {
	return router;
}
const app: Application = velox();
const router: Router = mount(Router());
const handler: RequestHandler = (req: Request, res: Response) => {
	res.send(req.body);
};
const onError: ErrorRequestHandler = (err, _req, res, _next) => {
	res.status(500).send(err.message);
};
router.get('/:id', (req, res) => res.send(req.params.id));
app.use(json(), query({}), serveStatic('public'), router, handler, onError);

export type Names = [IRoute, IRouter, IRouterMatcher<Router>, ParamsDictionary, Query, RequestRanges, Send];
export default app;
