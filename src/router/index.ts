/**
 * `require('velox/lib/router')` (Express 4's path): Velox's Router, the prototype of every
 * router (as Express 4's `proto`).
 */
import { finalHandle } from '../core/final-handler';
import { linePolicy } from '../core/lines';
import { kFinalHandler, Router, setRouterExport } from '../core/router/router';
// Loaded with the router, as Express 4's router/index.js loads them: APM agents patch
// `Layer.prototype` and `Route.prototype` when these files load.
import Layer = require('./layer');
import Route = require('./route');

// New Relic (14 and later) instruments Express 4 by rewriting this file's source as it loads: its
// code transformer looks here for function expressions named `use`, `route` and `param` (Express's
// `proto.use = function use(fn) {…}`) and wraps them to publish their arguments on diagnostics
// channels. So the three methods are defined here, each calling the router's own: a call more when
// an app is set up, none per request. test/apm.hooks.test.ts checks what the transformer finds.
const { use: routerUse, route: routerRoute, param: routerParam } = Router;

Router.use = function use(this: Router, ...args: unknown[]): Router {
	return routerUse.apply(this, args);
};

Router.route = function route(this: Router, path: Parameters<typeof routerRoute>[0]): ReturnType<typeof routerRoute> {
	return routerRoute.call(this, path);
};

Router.param = function param(this: Router, name: Parameters<typeof routerParam>[0], fn?: unknown): ReturnType<typeof routerParam> {
	return routerParam.call(this, name, fn);
};

// A bare router used as a server's listener answers, when its stack is done, as finalhandler's
// defaults would (Express 4 throws there); an app's router gets the app's own (application.ts).
Router[kFinalHandler] = (req, res, err) => finalHandle(req, res, err, process.env.NODE_ENV || 'development', undefined);

// What `express.Router` is and apps make their routers with: on Express 4 the factory; on Express 5
// the export of the module `router`, handed these objects once they are complete, so what an agent
// hooking that module patches is what Velox routes with (lines/router-module.ts).
const exported = linePolicy().router.routerModule({ Router, Layer, Route });
setRouterExport(exported);

export = exported;
