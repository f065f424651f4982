/**
 * Velox installed under the name `express` (`"express": "npm:velox@…"`), with the @types of
 * the common middleware: their augmentations (`declare module 'express'` in cookie-parser's,
 * the global `Express` namespace in express-session's, passport's and multer's) and an app's own
 * merge into Velox's types under skipLibCheck false, and Velox's additions stay.
 */
import cookieParser = require('cookie-parser');
import cors = require('cors');
import express = require('express');
import session = require('express-session');
import morgan = require('morgan');
import multer = require('multer');
import passport = require('passport');
import { type Equal, expectType } from './helpers';

declare module 'express' {
	interface Request {
		tenantId?: string;
	}
	interface Response {
		problem?(status: number, title: string): void;
	}
}
declare global {
	namespace Express {
		interface User {
			id: string;
		}
		interface Request {
			requestId: string;
		}
	}
}

const app = express();
app.use(cookieParser('secret'), session({ secret: 's', resave: false, saveUninitialized: false }), cors(), morgan('tiny'));
app.use(passport.initialize(), passport.session());
app.post('/users/:id/avatar', multer().single('avatar'), (req, res) => {
	expectType<Equal<typeof req.params.id, string>>(true);
	expectType<Equal<typeof req.file, Express.Multer.File | undefined>>(true);
	expectType<Equal<typeof req.requestId, string>>(true);
	const sessionId: string = req.sessionID;
	const user: Express.User | undefined = req.user;
	const authenticated: boolean = req.isAuthenticated();
	req.signal; // $ExpectType AbortSignal | undefined
	res.json({ sessionId, user, authenticated, cookies: req.cookies });
});

// The module's own types carry cookie-parser's and the app's module augmentations.
function problems(req: express.Request, res: express.Response, next: express.NextFunction): void {
	expectType<Equal<typeof req.secret, string | undefined>>(true);
	expectType<Equal<typeof req.signedCookies, Record<string, any>>>(true);
	expectType<Equal<typeof req.tenantId, string | undefined>>(true);
	if (req.tenantId) next();
	else res.problem?.(400, 'no tenant');
}
app.use(problems);
const router: express.Router = express.Router();
router.get('/x', problems, (req, res) => res.send(req.params));
app.use(router);
app.routes(); // $ExpectType RouteList
app.inject('/x'); // $ExpectType Promise<InjectResponse>
