/** `esModuleInterop`: `import velox from 'velox'` and named imports. */
import velox, { type NextFunction, type Request, type Response, Router, json } from 'velox';

const app = velox();
const router = Router();
router.get('/:id', (req: Request<{ id: string }>, res: Response, next: NextFunction) => (req.params.id ? res.send(req.params.id) : next()));
app.use(json(), router);
export default app;
