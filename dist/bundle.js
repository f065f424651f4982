// Velox, bundled by scripts/bundle.js from the modules tsc wrote beside this file: each module
// runs on its first require, in its own mode (no directive here). Packages inlined (license
// notices at the end):
// content-type, depd, encodeurl, escape-html, fresh, ms, range-parser, statuses, vary.
const definitions = Object.create(null);
definitions["application.js"] = [{"depd":"~depd/index.js","./final-handler":"final-handler.js","./router/methods":"router/methods.js","./response/fast-headers":"response/fast-headers.js","./router/router":"router/router.js","./settings":"settings.js","./lazy":"lazy.js","./routes":"routes.js","./tracing":"tracing.js","./symbols":"symbols.js","./utils":"utils.js","./view":"view.js","./errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.application = void 0;
const node_http_1 = __importStar(require("node:http"));
const node_path_1 = require("node:path");
const depd_1 = __importDefault(require("depd"));
const final_handler_1 = require("./final-handler");
const methods_1 = require("./router/methods");
const fast_headers_1 = require("./response/fast-headers");
const router_1 = require("./router/router");
const settings_1 = require("./settings");
// src/inject.ts and src/http2.ts load with the first app.inject / HTTP/2 request (startup; see lazy.ts).
const lazy_1 = require("./lazy");
const routes_1 = require("./routes");
const tracing_1 = require("./tracing");
const symbols_1 = require("./symbols");
const utils_1 = require("./utils");
const view_1 = require("./view");
const errors_1 = require("./errors");
const deprecate = (0, depd_1.default)('velox');
const trustProxyDefaultSymbol = '@@symbol:trust_proxy_default';
function logError(err) {
    if (this.get('env') !== 'test') {
        const error = err;
        console.error(error.stack || error.toString());
    }
}
// Filled member by member below.
exports.application = {};
const app = exports.application;
app.init = function init() {
    // Bound: one View per distinct name rendered with `view cache` on, found on disk; names come from
    // the app's code (an app rendering request-chosen names grows it, as Express's does).
    this.cache = {};
    this.engines = {};
    this.settings = {};
    this.defaultConfiguration();
};
app.defaultConfiguration = function defaultConfiguration() {
    const env = process.env.NODE_ENV || 'development';
    this.enable('x-powered-by');
    this.set('etag', 'weak');
    this.set('env', env);
    this.set('query parser', 'extended');
    this.set('subdomain offset', 2);
    this.set('trust proxy', false);
    // trust proxy is inherited by a sub-app that did not set it (Express 4 back-compat)
    Object.defineProperty(this.settings, trustProxyDefaultSymbol, { configurable: true, value: true });
    this.on('mount', function onmount(parent) {
        if (this.settings[trustProxyDefaultSymbol] === true && typeof parent.settings['trust proxy fn'] === 'function') {
            delete this.settings['trust proxy'];
            delete this.settings['trust proxy fn'];
        }
        Object.setPrototypeOf(this.request, parent.request);
        Object.setPrototypeOf(this.response, parent.response);
        Object.setPrototypeOf(this.engines, parent.engines);
        Object.setPrototypeOf(this.settings, parent.settings);
    });
    this.locals = Object.create(null);
    this.mountpath = '/';
    this.locals.settings = this.settings;
    this.set('view', view_1.View);
    this.set('views', (0, node_path_1.resolve)('views'));
    this.set('jsonp callback name', 'callback');
    if (env === 'production')
        this.enable('view cache');
    // One getter for every app: V8 keeps an app's properties in fast mode only while each app
    // defines the same accessor (a new closure per app made the second app's map a dictionary).
    Object.defineProperty(this, 'router', { configurable: true, get: removedRouter });
};
function removedRouter() {
    throw (0, errors_1.veloxError)('VELOX_ERR_APP_ROUTER_REMOVED');
}
app.lazyrouter = function lazyrouter() {
    if (this._router)
        return;
    const router = (0, router_1.Router)({ caseSensitive: this.enabled('case sensitive routing'), strict: this.enabled('strict routing') });
    const onerror = (err) => logError.call(this, err);
    router[router_1.kFinalHandler] = (req, res, err) => {
        if (err && tracing_1.tracing.active !== 0)
            (0, tracing_1.traceUnhandled)(req, err);
        (0, final_handler_1.finalHandle)(req, res, err, this.get('env'), onerror);
    };
    // Express reads the query parser when the router is created; so do we.
    (0, utils_1.defineOwn)(this, symbols_1.kQueryParser, this.get('query parser fn') ?? settings_1.parseQueryStringWithoutSetting);
    this._router = router;
};
/**
 * Handles one request: Express's `expressInit` and `query` steps, then the router.
 * Hot path — change with care: no closure is created here; the prototype swap
 * is skipped when node already built the request with this app's classes
 * (`app.listen`), and `req.query` is parsed lazily (see request.ts).
 */
app.handle = function handle(req, res, callback) {
    const router = this._router;
    if (router === undefined) {
        if (callback !== undefined)
            callback();
        else
            (0, final_handler_1.finalHandle)(req, res, undefined, this.get('env'), undefined);
        return;
    }
    const request = req;
    if ((0, tracing_1.isTracing)())
        (0, tracing_1.traceRequest)(this, req, res);
    // Stored as setHeader would, without its name and value checks (see response/fast-headers.ts).
    if (this.settings['x-powered-by'])
        (0, fast_headers_1.setPoweredBy)(res, 'Velox');
    request.res = res;
    res.req = req;
    if (!hasAppPrototype(req, this.request, this[symbols_1.kRequestClass])) {
        // HTTP/2 (node's compatibility API) gets its own prototypes: see http2.ts.
        if (request.httpVersionMajor === 2) {
            (0, lazy_1.handleHttp2)(this, req, res, callback);
            return;
        }
        (0, router_1.initRoutingState)(request, this[symbols_1.kQueryParser]);
        Object.setPrototypeOf(req, this.request);
        if (callback === undefined)
            adoptServer(this, req);
    }
    if (!hasAppPrototype(res, this.response, this[symbols_1.kResponseClass]))
        Object.setPrototypeOf(res, this.response);
    if (request[symbols_1.kQueryParser] === undefined)
        request[symbols_1.kQueryParser] = this[symbols_1.kQueryParser];
    router.handle(req, res, callback);
};
app.use = function use(...args) {
    const { path, handlers: fns } = (0, utils_1.splitUseArguments)(args);
    if (fns.length === 0)
        throw (0, errors_1.veloxError)('VELOX_ERR_APP_USE_MIDDLEWARE');
    this.lazyrouter();
    const router = this._router;
    for (const fn of fns) {
        const sub = fn;
        if (!sub || !sub.handle || !sub.set) {
            router.use(path, fn);
            continue;
        }
        sub.mountpath = path;
        sub.parent = this;
        // Load-bearing name: Express 4 names a mounted sub-app's layer `mounted_app`; tracing
        // dashboards built on the Express instrumentation show it as `middleware - mounted_app`.
        const mounted = function mounted_app(req, res, next) {
            const orig = req.app;
            sub.handle(req, res, (err) => {
                if (req.httpVersionMajor === 2) {
                    (0, lazy_1.restoreHttp2Prototypes)(orig, req, res);
                }
                else {
                    Object.setPrototypeOf(req, orig.request);
                    Object.setPrototypeOf(res, orig.response);
                }
                next(err);
            });
        };
        mounted[routes_1.kMountedApp] = sub;
        router.use(path, mounted);
        sub.emit('mount', this);
    }
    return this;
};
/** Beyond Express 4: every middleware, route and mount, in registration order (routes.ts). */
app.routes = function routes() {
    return (0, routes_1.listRoutes)(this._router?.stack);
};
/** Beyond Express 4: dispatches a request in process, without a socket (inject.ts). */
app.inject = function inject(options) {
    return (0, lazy_1.injectRequest)(this, options);
};
app.route = function route(path) {
    this.lazyrouter();
    return this._router.route(path);
};
app.engine = function engine(ext, fn) {
    if (typeof fn !== 'function')
        throw (0, errors_1.veloxError)('VELOX_ERR_ENGINE_CALLBACK');
    const extension = ext[0] !== '.' ? '.' + ext : ext;
    this.engines[extension] = fn;
    return this;
};
app.param = function param(name, fn) {
    this.lazyrouter();
    if (Array.isArray(name)) {
        for (const one of name)
            this.param(one, fn);
        return this;
    }
    this._router.param(name, fn);
    return this;
};
app.set = function set(setting, ...value) {
    if (value.length === 0) {
        // app.get(setting): own properties only, up the sub-app chain
        let settings = this.settings;
        while (settings && settings !== Object.prototype) {
            if ((0, utils_1.hasOwn)(settings, setting))
                return settings[setting];
            settings = Object.getPrototypeOf(settings);
        }
        return undefined;
    }
    const val = value[0];
    this.settings[setting] = val;
    switch (setting) {
        case 'etag':
            this.set('etag fn', (0, settings_1.compileETag)(val));
            break;
        case 'query parser':
            this.set('query parser fn', (0, settings_1.compileQueryParser)(val));
            break;
        case 'trust proxy':
            this.set('trust proxy fn', (0, settings_1.compileTrust)(val));
            Object.defineProperty(this.settings, trustProxyDefaultSymbol, { configurable: true, value: false });
            break;
    }
    return this;
};
app.path = function path() {
    return this.parent ? this.parent.path() + String(this.mountpath) : '';
};
app.enabled = function enabled(setting) {
    return Boolean(this.set(setting));
};
app.disabled = function disabled(setting) {
    return !this.set(setting);
};
app.enable = function enable(setting) {
    return this.set(setting, true);
};
app.disable = function disable(setting) {
    return this.set(setting, false);
};
for (const method of methods_1.methods) {
    exports.application[method] = function routeMethod(path, ...handlers) {
        if (method === 'get' && handlers.length === 0)
            return this.set(path);
        this.lazyrouter();
        const route = this._router.route(path);
        route[method].apply(route, handlers);
        return this;
    };
}
app.all = function all(path, ...handlers) {
    this.lazyrouter();
    const route = this._router.route(path);
    for (const method of methods_1.methods)
        route[method].apply(route, handlers);
    return this;
};
app.del = deprecate.function(exports.application.delete, 'app.del: Use app.delete instead');
app.render = function render(name, options, callback) {
    const cache = this.cache;
    let done = callback;
    let opts = options;
    if (typeof options === 'function') {
        done = options;
        opts = {};
    }
    opts = opts || {};
    const renderOptions = {};
    mergeLocals(renderOptions, this.locals);
    if (opts._locals)
        mergeLocals(renderOptions, opts._locals);
    mergeLocals(renderOptions, opts);
    if (renderOptions.cache == null)
        renderOptions.cache = this.enabled('view cache');
    let view;
    if (renderOptions.cache)
        view = cache[name];
    if (!view) {
        const ViewClass = this.get('view');
        view = new ViewClass(name, { defaultEngine: this.get('view engine'), root: this.get('views'), engines: this.engines });
        if (!view.path) {
            const root = view.root;
            const dirs = Array.isArray(root) && root.length > 1
                ? 'directories "' + root.slice(0, -1).join('", "') + '" or "' + root[root.length - 1] + '"'
                : 'directory "' + String(root) + '"';
            const err = (0, errors_1.veloxError)('VELOX_ERR_VIEW_LOOKUP', name, dirs);
            err.view = view;
            done(err);
            return;
        }
        if (renderOptions.cache)
            cache[name] = view;
    }
    try {
        view.render(renderOptions, done);
    }
    catch (err) {
        done(err);
    }
};
/**
 * Copies own enumerable keys like `Object.assign`, except that a `__proto__`
 * key (JSON.parse makes those) becomes a plain property instead of replacing
 * the target's prototype. Security: locals can come from parsed input.
 */
function mergeLocals(target, source) {
    for (const key of Object.keys(source)) {
        const value = source[key];
        if (key === '__proto__')
            Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
        else
            target[key] = value;
    }
}
/**
 * Classes node uses to build each request and response when the app serves
 * through `app.listen`. Their prototypes sit between the instance and the
 * app's `request`/`response`, so `handle` need not swap prototypes per request.
 *
 * Hot path — measured: `Object.setPrototypeOf` on every request and response
 * (what Express does, and what `http.createServer(app)` still needs) costs
 * ~4 µs per object, and an old-style `ServerResponse.apply(this)` constructor
 * ~2 µs (V8 cannot size the instance); `class extends` costs nothing over node.
 */
function requestClassFor(target) {
    if (target[symbols_1.kRequestClass] === undefined) {
        class VeloxRequest extends node_http_1.IncomingMessage {
        }
        Object.setPrototypeOf(VeloxRequest.prototype, target.request);
        // `req.constructor` is node's class, as it is after Express's prototype swap.
        Object.defineProperty(VeloxRequest.prototype, 'constructor', { value: node_http_1.IncomingMessage, writable: true, configurable: true });
        (0, utils_1.defineOwn)(target, symbols_1.kRequestClass, VeloxRequest);
        veloxClasses.add(VeloxRequest);
    }
    return target[symbols_1.kRequestClass];
}
function responseClassFor(target) {
    if (target[symbols_1.kResponseClass] === undefined) {
        class VeloxResponse extends node_http_1.ServerResponse {
        }
        Object.setPrototypeOf(VeloxResponse.prototype, target.response);
        Object.defineProperty(VeloxResponse.prototype, 'constructor', { value: node_http_1.ServerResponse, writable: true, configurable: true });
        (0, utils_1.defineOwn)(target, symbols_1.kResponseClass, VeloxResponse);
        veloxClasses.add(VeloxResponse);
    }
    return target[symbols_1.kResponseClass];
}
/** Node's own keys for the classes a server builds requests and responses with (`_http_server.js`). */
let serverClassKeys;
function classKeysOf(server) {
    if (serverClassKeys === undefined) {
        const symbols = Object.getOwnPropertySymbols(server);
        const request = symbols.find((key) => key.description === 'IncomingMessage');
        const response = symbols.find((key) => key.description === 'ServerResponse');
        // Kept once found on a real server; an object without them is simply not adopted.
        if (request === undefined || response === undefined)
            return null;
        serverClassKeys = [request, response];
    }
    return serverClassKeys;
}
/**
 * `http.createServer(app)` / `https.createServer(options, app)`: on the first request, hands the
 * server this app's request and response classes (what `app.listen` passes as options), so the
 * following requests — node reads the classes per request — are built with them and skip the
 * prototype swap.
 * Hot path — measured (bench/micro.js, velox-cs against velox, callgrind): the swap of both
 * prototypes made a hello request cost several times the `app.listen` figure.
 * Only when nothing else can tell: the app is the server's one 'request' listener, and the server
 * still has node's classes (or another Velox app's, after a listener was replaced). Checked once
 * per server and app; with any other set-up every request keeps Express's per-request swap.
 */
function adoptServer(app, req) {
    const server = req.socket?.server;
    // A stand-in socket's `server` may be anything: only node's servers (event emitters) are adopted.
    if (typeof server !== 'object' || server === null || typeof server.listeners !== 'function' || server[symbols_1.kServedBy] === app)
        return;
    if (!Object.isExtensible(server))
        return;
    server[symbols_1.kServedBy] = app;
    const keys = classKeysOf(server);
    if (keys === null)
        return;
    const current = server[keys[0]];
    const nodeClasses = current === node_http_1.IncomingMessage && server[keys[1]] === node_http_1.ServerResponse;
    if (!nodeClasses && !(isVeloxClass(current) && isVeloxClass(server[keys[1]])))
        return;
    const listeners = server.listeners('request');
    if (listeners.length !== 1 || listeners[0] !== app)
        return;
    server[keys[0]] = requestClassFor(app);
    server[keys[1]] = responseClassFor(app);
}
/** Every app's request and response class; weak, so a dropped app's classes go with it. */
const veloxClasses = new WeakSet();
function isVeloxClass(value) {
    return typeof value === 'function' && veloxClasses.has(value);
}
/** Whether `object` already inherits `proto` directly or through the app's listen class. */
function hasAppPrototype(object, proto, appClass) {
    const current = Object.getPrototypeOf(object);
    return current === proto || (appClass !== undefined && current === appClass.prototype);
}
app.listen = function listen(...args) {
    const options = { IncomingMessage: requestClassFor(this), ServerResponse: responseClassFor(this) };
    const server = node_http_1.default.createServer(options, this);
    return server.listen.apply(server, args);
};
}];
definitions["body/discard.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.discardBounds = void 0;
exports.isAnsweredEarly = isAnsweredEarly;
exports.discardBody = discardBody;
/** The bounds; a plain object so tests can shorten the times (never changed at run time). */
exports.discardBounds = {
    /** Bytes drained before answering, at least (a parser's `limit` raises it). */
    drainBytes: 1024 * 1024,
    drainMs: 10_000,
    /** Bytes discarded after the decision to answer early. */
    lingerBytes: 1024 * 1024,
    lingerMs: 5_000,
    /** The longest pause in the client's input that draining or lingering waits out. */
    idleMs: 1_000,
};
const DRAINING = 0;
const ANSWERING = 1;
const LINGERING = 2;
const DONE = 3;
/** Requests answered early (before their body ended) by `discardBody`. */
const answeredEarly = new WeakSet();
/** Whether `discardBody` gave up draining `req` and is having it answered at once. */
function isAnsweredEarly(req) {
    return answeredEarly.has(req);
}
const kDiscard = Symbol('velox.discard');
class Discard {
    req;
    res;
    socket;
    budget;
    onDone;
    state = DRAINING;
    bytes = 0;
    /** Total time of the current phase. */
    timer = null;
    /** Time without input. */
    idle = null;
    constructor(req, res, socket, budget, onDone) {
        this.req = req;
        this.res = res;
        this.socket = socket;
        this.budget = budget;
        this.onDone = onDone;
    }
}
/**
 * Reads and discards the rest of `req`'s body, then calls `onDone` (which answers).
 * `limit` raises the drain bound (a parser's limit); `consumed` is how many bytes of a
 * declared Content-Length were already read, so the unread rest can be judged up front.
 * A request without a socket (a stand-in, or HTTP/2) is drained as Express does.
 */
function discardBody(req, res, limit, consumed, onDone) {
    if (req.complete || req.readableEnded || req.destroyed) {
        onDone();
        return;
    }
    const socket = req.socket;
    if (socket === null || socket === undefined || req.httpVersionMajor >= 2 || typeof socket.destroySoon !== 'function') {
        drainUnbounded(req, onDone);
        return;
    }
    const budget = Math.max(limit, exports.discardBounds.drainBytes);
    const host = req;
    const discard = new Discard(host, res, socket, budget, onDone);
    host[kDiscard] = discard;
    host.on('data', onData);
    host.on('end', onEndOrClose);
    host.on('close', onEndOrClose);
    const declared = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && declared !== undefined && Number(declared) - consumed > budget) {
        // The rest cannot fit the bound: no point reading it before answering.
        answerEarly(discard);
        req.resume();
        return;
    }
    // Unref'd, like every timer here: bounds on a connection, never a reason to keep the process up.
    discard.timer = setTimeout(answerEarly, exports.discardBounds.drainMs, discard).unref();
    discard.idle = setTimeout(answerEarly, exports.discardBounds.idleMs, discard).unref();
    req.resume();
}
/** Express 4's `dump`: read everything, then go on. */
function drainUnbounded(req, onDone) {
    let called = false;
    const done = () => {
        if (called)
            return;
        called = true;
        req.removeListener('end', done);
        req.removeListener('close', done);
        onDone();
    };
    req.on('end', done);
    req.on('close', done);
    req.resume();
}
function clearTimers(discard) {
    if (discard.timer !== null)
        clearTimeout(discard.timer);
    if (discard.idle !== null)
        clearTimeout(discard.idle);
    discard.timer = null;
    discard.idle = null;
}
function onData(chunk) {
    const discard = this[kDiscard];
    if (discard === undefined || discard === null)
        return;
    discard.bytes += chunk.length;
    if (discard.idle !== null)
        discard.idle.refresh();
    if (discard.state === DRAINING) {
        if (discard.bytes > discard.budget)
            answerEarly(discard);
        return;
    }
    if (discard.bytes > exports.discardBounds.lingerBytes) {
        if (discard.state === ANSWERING) {
            // Enough read while the answer is being written: let TCP hold the client back.
            this.pause();
        }
        else {
            closeAfterAnswer(discard);
        }
    }
}
/**
 * The body ended (drained in time: answer now, keep-alive; or ended while lingering), or the
 * request closed before its end (the client went away, or node answered a broken request):
 * both settle the discard alike, so one listener serves `end` and `close`.
 */
function onEndOrClose() {
    const discard = this[kDiscard];
    if (discard === undefined || discard === null)
        return;
    if (discard.state === DRAINING) {
        finish(discard);
        discard.onDone();
    }
    else if (discard.state === LINGERING) {
        closeAfterAnswer(discard);
    }
}
/** Gives up draining: the answer goes out now, with `Connection: close`, and the connection lingers. */
function answerEarly(discard) {
    if (discard.state !== DRAINING)
        return;
    clearTimers(discard);
    discard.state = ANSWERING;
    discard.bytes = 0;
    const { req, res, socket } = discard;
    answeredEarly.add(req);
    if (!res.headersSent) {
        // node then writes `Connection: close` where it writes `keep-alive`, and once the answer
        // is written calls `socket.destroySoon()`, which becomes the lingering close below.
        res.shouldKeepAlive = false;
        socket.destroySoon = function lingeringDestroySoon() {
            linger(discard);
        };
    }
    else if (res.writableFinished) {
        // Someone answered already: the unread rest must not be parsed as the next request.
        closeAfterAnswer(discard);
    }
    else {
        res.once('finish', () => closeAfterAnswer(discard));
    }
    discard.onDone();
}
/** The answer is written: half-close, keep discarding input within the bounds, then close. */
function linger(discard) {
    if (discard.state !== ANSWERING)
        return;
    discard.state = LINGERING;
    const { req, socket } = discard;
    // FIN after the answer: the client reads it to the end and knows no more will come.
    socket.end();
    if (req.complete || req.readableEnded || req.destroyed || discard.bytes > exports.discardBounds.lingerBytes) {
        closeAfterAnswer(discard);
        return;
    }
    discard.timer = setTimeout(destroy, exports.discardBounds.lingerMs, discard).unref();
    discard.idle = setTimeout(closeAfterAnswer, exports.discardBounds.idleMs, discard).unref();
    // The client half-closed: it sends nothing more, so lingering is over.
    socket.once('end', () => closeAfterAnswer(discard));
    req.resume();
}
/** Closes once the answer has left (bounded by the linger timer, which destroys regardless). */
function closeAfterAnswer(discard) {
    if (discard.state === DONE)
        return;
    const socket = discard.socket;
    if (discard.idle !== null)
        clearTimeout(discard.idle);
    discard.idle = null;
    discard.state = DONE;
    discard.req.pause();
    if (socket.writableFinished || socket.destroyed) {
        destroy(discard);
        return;
    }
    socket.end();
    socket.once('finish', () => destroy(discard));
    if (discard.timer === null)
        discard.timer = setTimeout(destroy, exports.discardBounds.lingerMs, discard).unref();
}
function destroy(discard) {
    finish(discard);
    discard.socket.destroy();
}
/** Stops listening; the request keeps whatever node does with it from here. */
function finish(discard) {
    clearTimers(discard);
    if (discard.state !== DONE)
        discard.state = DONE;
    const req = discard.req;
    if (req[kDiscard] !== discard)
        return;
    req[kDiscard] = null;
    req.removeListener('data', onData);
    req.removeListener('end', onEndOrClose);
    req.removeListener('close', onEndOrClose);
}
}];
definitions["body/errors.js"] = [{"statuses":"~statuses/index.js","../errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.toHttpError = toHttpError;
exports.typeOf = typeOf;
/**
 * Error helpers of the body parsers: wrapping an error thrown by user code,
 * `JSON.parse`, qs or zlib the way Express 4's body-parser does.
 */
const statuses_1 = __importDefault(require("statuses"));
const errors_1 = require("../errors");
/**
 * Gives a thrown value the HTTP status of catalog entry `entry` the way http-errors'
 * `createError(status, err, props)` does, since body-parser passes on the very error that `verify`, `JSON.parse` or zlib threw
 * (Express 4 compatibility: users read `err.name`, `err.code` and the original stack):
 * an Error keeps its identity and its own `status`/`statusCode` wins over `status`; a string
 * becomes the message of a new error (the message is the thrower's, not the catalog's);
 * `props` are copied onto the result.
 */
function toHttpError(entry, thrown, props) {
    const spec = errors_1.errorCatalog[entry];
    const status = spec.status ?? 500;
    if (!(thrown instanceof Error)) {
        return (0, errors_1.createHttpError)(status, typeof thrown === 'string' ? thrown : undefined, props);
    }
    const err = thrown;
    let code = err.status || err.statusCode || status;
    if (typeof code !== 'number' || (statuses_1.default.message[code] === undefined && (code < 400 || code >= 600)))
        code = 500;
    const finalStatus = code;
    // http-errors leaves `expose` alone only on its own error objects of the same status;
    // an error that already carries a matching status and a boolean `expose` is treated alike.
    if (!(err.status === finalStatus && err.statusCode === finalStatus && typeof err.expose === 'boolean')) {
        err.expose = finalStatus < 500;
        err.status = finalStatus;
        err.statusCode = finalStatus;
    }
    if (props !== undefined) {
        for (const key of Object.keys(props)) {
            if (key !== 'status' && key !== 'statusCode')
                err[key] = props[key];
        }
    }
    return err;
}
/** `err.type` when the thrown error has one, else the catalog type of `code` (body-parser keeps a thrown error's own type). */
function typeOf(thrown, code) {
    if (thrown instanceof Error) {
        const type = thrown.type;
        if (type)
            return type;
    }
    const spec = errors_1.errorCatalog[code];
    return spec.type;
}
}];
definitions["body/index.js"] = [{"./json":"body/json.js","./raw":"body/raw.js","./text":"body/text.js","./urlencoded":"body/urlencoded.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.urlencoded = exports.text = exports.raw = exports.json = void 0;
/**
 * The body parsers: `velox.json`, `velox.raw`, `velox.text` and `velox.urlencoded`.
 */
var json_1 = require("./json");
Object.defineProperty(exports, "json", { enumerable: true, get: function () { return json_1.json; } });
var raw_1 = require("./raw");
Object.defineProperty(exports, "raw", { enumerable: true, get: function () { return raw_1.raw; } });
var text_1 = require("./text");
Object.defineProperty(exports, "text", { enumerable: true, get: function () { return text_1.text; } });
var urlencoded_1 = require("./urlencoded");
Object.defineProperty(exports, "urlencoded", { enumerable: true, get: function () { return urlencoded_1.urlencoded; } });
}];
definitions["body/json.js"] = [{"../errors":"errors.js","./parser":"body/parser.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.json = json;
/**
 * `velox.json()`: parses JSON bodies into `req.body`, as Express 4's `express.json()`.
 */
const errors_1 = require("../errors");
const parser_1 = require("./parser");
/**
 * Creates a middleware that parses `application/json` bodies (any UTF charset, gzip, deflate
 * and br) into `req.body`. An empty body gives `{}`; with `strict` (default) only objects and
 * arrays are accepted.
 *
 * @example
 * app.use(velox.json({ limit: '1mb' }));
 * app.post('/users', (req, res) => res.json(req.body));
 */
function json(options) {
    const opts = options || {};
    const reviver = opts.reviver;
    const strict = opts.strict !== false;
    function parse(text) {
        // Express 4 compatibility: an empty body gives `{}` (a common client-side mistake).
        if (text.length === 0)
            return {};
        if (strict) {
            const first = firstCharacter(text);
            if (first !== '{' && first !== '[')
                throw strictSyntaxError(text, first);
        }
        try {
            return JSON.parse(text, reviver);
        }
        catch (thrown) {
            throw normalizeSyntaxError(thrown, undefined);
        }
    }
    return (0, parser_1.createParser)(opts, {
        name: 'jsonParser',
        defaultType: 'application/json',
        parse,
        charset: (named) => named || 'utf-8',
        // RFC 7159 section 8.1: JSON is Unicode.
        decodes: (charset) => charset.slice(0, 4) === 'utf-',
    });
}
/** The first character that is not JSON whitespace (RFC 7159), or `undefined`. */
function firstCharacter(text) {
    for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)
            return text[index];
    }
    return undefined;
}
/**
 * The SyntaxError `JSON.parse` would give at the offending character, so that strict mode
 * reports primitives in the engine's own words (Express 4 compatibility): the text from that
 * character on is replaced by `#`, parsed, and the `#`s in the message put back.
 */
function strictSyntaxError(text, character) {
    const index = character === undefined ? -1 : text.indexOf(character);
    const partial = index === -1 ? '' : text.substring(0, index) + '#'.repeat(text.length - index);
    try {
        JSON.parse(partial);
        return new SyntaxError(errors_1.errorCatalog.VELOX_ERR_JSON_STRICT.message);
    }
    catch (thrown) {
        const message = thrown instanceof Error ? thrown.message.replace(/#+/g, (placeholder) => text.substring(index, index + placeholder.length)) : undefined;
        return normalizeSyntaxError(thrown, message);
    }
}
/** Keeps only `message` and `stack` on a JSON SyntaxError, optionally rewording it (as body-parser). */
function normalizeSyntaxError(thrown, message) {
    if (!(thrown instanceof Error))
        return new SyntaxError(String(thrown));
    const error = thrown;
    for (const key of Object.getOwnPropertyNames(error)) {
        if (key !== 'stack' && key !== 'message')
            delete error[key];
    }
    if (message !== undefined) {
        error.stack = String(error.stack).replace(error.message, message);
        error.message = message;
    }
    return error;
}
}];
definitions["body/options.js"] = [{"content-type":"~content-type/index.js","../errors":"errors.js","../lazy":"lazy.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.compileLimit = compileLimit;
exports.compileVerify = compileVerify;
exports.compileTypeChecker = compileTypeChecker;
exports.exactTypeOf = exactTypeOf;
exports.charsetOf = charsetOf;
exports.hasBody = hasBody;
exports.compileTypeMatcher = compileTypeMatcher;
exports.claimsRequest = claimsRequest;
exports.requestCharset = requestCharset;
exports.compileReadConfig = compileReadConfig;
const bytes_1 = __importDefault(require("bytes"));
const content_type_1 = __importDefault(require("content-type"));
const errors_1 = require("../errors");
const lazy_1 = require("../lazy");
/** The body limit used when `limit` is absent: 100kb, as Express 4. */
const DEFAULT_LIMIT = 102400;
/** `limit` as bytes; throws Express's TypeError for a value bytes cannot parse. */
function compileLimit(limit) {
    if (limit === undefined || limit === null)
        return DEFAULT_LIMIT;
    const parsed = bytes_1.default.parse(limit);
    if (parsed === null || Number.isNaN(parsed))
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_LIMIT', limit);
    return parsed;
}
/** `verify` or `null`; throws Express's TypeError when it is given but not a function. */
function compileVerify(verify) {
    if (!verify)
        return null;
    if (typeof verify !== 'function')
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_VERIFY');
    return verify;
}
/**
 * The Content-Type matcher for a `type` option: a function is used as given, strings go to
 * type-is exactly as body-parser passes them (so `[]` matches any type, as in Express 4).
 */
function compileTypeChecker(type, fallback) {
    const chosen = type || fallback;
    if (typeof chosen === 'function')
        return chosen;
    const types = Array.isArray(chosen) ? chosen : [chosen];
    return function checkType(req) {
        const header = req.headers['content-type'];
        return header !== undefined && Boolean((0, lazy_1.loadTypeIs)().is(header, types));
    };
}
/**
 * The header value that is known to match without asking type-is, or `null`.
 * Hot path: nearly every JSON request carries exactly `application/json`, so comparing the
 * raw header to the configured type skips media-type parsing; any other spelling (case,
 * parameters, wildcards) still goes through type-is, so the answer never differs.
 */
function exactTypeOf(type, fallback) {
    const chosen = type || fallback;
    if (typeof chosen !== 'string')
        return null;
    // Only a plain lowercase `type/subtype` is guaranteed to be matched by itself.
    return /^[a-z0-9][a-z0-9!#$&^_.-]*\/[a-z0-9][a-z0-9!#$&^_.-]*$/.test(chosen) ? chosen : null;
}
/**
 * The lowercase `charset` parameter of a Content-Type, `''` when it names none and
 * `undefined` when the header cannot be parsed (body-parser's `getCharset`).
 */
function charsetOf(header) {
    if (header === undefined)
        return undefined;
    // Hot path: no parameters means no charset; content-type's parser would only confirm it.
    if (header.indexOf(';') === -1)
        return '';
    try {
        const charset = content_type_1.default.parse(header).parameters.charset;
        return charset === undefined ? '' : charset.toLowerCase();
    }
    catch {
        return undefined;
    }
}
/**
 * Whether the request has a body: a Transfer-Encoding, or a Content-Length that is a number
 * (type-is 1.6's `hasBody`, so `Content-Length: 0` counts as a body, as in Express 4).
 */
function hasBody(req) {
    return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}
function compileTypeMatcher(type, fallback) {
    const exactType = exactTypeOf(type, fallback);
    return { exactType, exactTypeUtf8: exactType === null ? null : exactType + '; charset=utf-8', shouldParse: compileTypeChecker(type, fallback) };
}
/**
 * The prologue all four parsers share, as body-parser has it: leave a body an
 * earlier parser read, default `req.body` to `{}` (Express 4 compatibility),
 * skip requests without a body or of another type. True when this parser reads it.
 */
function claimsRequest(request, matcher) {
    if (request._body)
        return false;
    request.body = request.body || {};
    if (!hasBody(request))
        return false;
    const header = request.headers['content-type'];
    // Hot path: the exact configured type needs no media-type parsing (see exactTypeOf).
    if (header !== undefined && (header === matcher.exactType || header === matcher.exactTypeUtf8))
        return true;
    return Boolean(matcher.shouldParse(request));
}
/** The request's charset for a claimed request: the exact types need no parsing. */
function requestCharset(request, matcher) {
    const header = request.headers['content-type'];
    if (header === matcher.exactTypeUtf8)
        return 'utf-8';
    if (header === matcher.exactType)
        return '';
    return charsetOf(header);
}
/** The reader settings every parser compiles from its options the same way. */
function compileReadConfig(opts, parse) {
    return { limit: compileLimit(opts.limit), inflate: opts.inflate !== false, verify: compileVerify(opts.verify), parse };
}
}];
definitions["body/parser.js"] = [{"./options":"body/options.js","./read":"body/read.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createParser = createParser;
const options_1 = require("./options");
const read_1 = require("./read");
/**
 * The middleware of a body parser. Options are checked here, at creation (the `limit` and
 * `verify` errors are thrown by the factory call, as in Express 4).
 */
function createParser(opts, spec) {
    const matcher = (0, options_1.compileTypeMatcher)(opts.type, spec.defaultType);
    const config = (0, options_1.compileReadConfig)(opts, spec.parse);
    const chooseCharset = spec.charset;
    const decodes = spec.decodes;
    // Named by a computed key (body-parser's `jsonParser`, `urlencodedParser`, …) rather than by
    // redefining `name`: a redefined `name` puts the function's properties in V8's dictionary mode,
    // and the router reads `length` of every handler on every request (measured: a runtime call,
    // ~700 instructions per request for the one global `velox.json()` of the REST scenario).
    const parser = {
        [spec.name]: function (req, res, next) {
            const request = req;
            if (!(0, options_1.claimsRequest)(request, matcher)) {
                next();
                return;
            }
            const charset = chooseCharset === null ? null : chooseCharset((0, options_1.requestCharset)(request, matcher));
            if (charset !== null && decodes !== undefined && !decodes(charset)) {
                // As body-parser's json and urlencoded parsers: refused before reading, answered at once
                // (the unread body is node's to discard, see refusalBeforeReading in read.ts).
                next((0, read_1.unsupportedCharset)(charset));
                return;
            }
            (0, read_1.readBody)(request, res, next, config, charset);
        },
    }[spec.name];
    return parser;
}
}];
definitions["body/raw.js"] = [{"./parser":"body/parser.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.raw = raw;
/**
 * `velox.raw()`: reads bodies into a Buffer on `req.body`, as Express 4's `express.raw()`.
 */
const parser_1 = require("./parser");
/**
 * Creates a middleware that reads `application/octet-stream` bodies (inflating gzip, deflate
 * and br) into a Buffer on `req.body`.
 *
 * @example
 * app.use(velox.raw({ type: 'image/*', limit: '5mb' }));
 * app.put('/avatar', (req, res) => res.send(`${req.body.length} bytes`));
 */
function raw(options) {
    return (0, parser_1.createParser)(options || {}, { name: 'rawParser', defaultType: 'application/octet-stream', parse: null, charset: null });
}
}];
definitions["body/read.js"] = [{"../errors":"errors.js","./discard":"body/discard.js","./errors":"body/errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.unsupportedCharset = unsupportedCharset;
exports.readBody = readBody;
exports.failRequest = failRequest;
/**
 * The shared body reader: length and limit checks, inflation, charset
 * decoding, `verify`, parsing, and what happens to the request stream when
 * something goes wrong. Behaviour follows Express 4's body-parser and raw-body,
 * with the "beyond Express 4" changes written beside the code.
 */
const node_async_hooks_1 = require("node:async_hooks");
const node_zlib_1 = __importDefault(require("node:zlib"));
const iconv_lite_1 = __importDefault(require("iconv-lite"));
const on_finished_1 = __importDefault(require("on-finished"));
const errors_1 = require("../errors");
const discard_1 = require("./discard");
const errors_2 = require("./errors");
/** Where a reader keeps its state on the streams it listens to (see `BodyReader`). */
const kReader = Symbol('velox.bodyReader');
/**
 * Per-request read state. Hot path: the stream listeners are module-level functions that find
 * this object through `this[kReader]`, so reading a body allocates no closures (raw-body
 * allocates one per listener, per request). Measured on a 300-byte JSON body: about half
 * the CPU time of express.json() per request.
 */
class BodyReader {
    req;
    res;
    next;
    config;
    encoding;
    /** The declared Content-Length of an identity body, else `null` (raw-body's `length`). */
    length;
    /** The decompression stream fed from `req`, or `null` for an identity body (read from `req`). */
    inflater;
    /**
     * Express 4 compatibility: raw-body runs its callback in the async context of the call, so
     * an AsyncLocalStorage store entered with `run()` before the parser is still seen after it.
     */
    resource;
    received = 0;
    /** The first chunk; most bodies are one chunk and need no `Buffer.concat`. */
    first = null;
    /** All chunks once there is more than one. */
    chunks = null;
    done = false;
    constructor(req, res, next, config, encoding, length, inflater) {
        this.req = req;
        this.res = res;
        this.next = next;
        this.config = config;
        this.encoding = encoding;
        this.length = length;
        this.inflater = inflater;
        this.resource = new node_async_hooks_1.AsyncResource('VeloxBodyRead');
    }
}
/** True for the spellings of UTF-8 that `Buffer#toString` decodes itself. */
function isUtf8(encoding) {
    return encoding === 'utf-8' || encoding === 'utf8';
}
/** 415 `charset.unsupported`, as body-parser words it. */
function unsupportedCharset(encoding) {
    return (0, errors_1.requestError)('VELOX_ERR_CHARSET_UNSUPPORTED', [encoding.toUpperCase()], { charset: encoding.toLowerCase() });
}
/** True when `encoding` names a charset that can decode the body (`null`: a Buffer, nothing to decode). */
function canDecode(encoding) {
    return encoding === null || isUtf8(encoding) || iconv_lite_1.default.encodingExists(encoding);
}
/** The declared Content-Length, or `null` when absent or not a number (raw-body's `length`). */
function declaredLength(req) {
    const declared = req.headers['content-length'];
    return declared === undefined || Number.isNaN(Number(declared)) ? null : Number.parseInt(declared, 10);
}
/**
 * The refusals body-parser makes before it reads anything (an unusable Content-Encoding, or a
 * charset it cannot decode when there is a `verify`): it calls `next(err)` at once and leaves
 * the body unread, so the answer may go out before the body ends and node discards the rest
 * afterwards (as for any request whose body the app did not read). Velox does the same: a
 * client that stops sending mid-body still reads this answer.
 */
function refusalBeforeReading(config, encoding, contentEncoding) {
    // body-parser checks the charset first when there is a verify (its decoding happens late).
    if (config.verify !== null && !canDecode(encoding))
        return unsupportedCharset(encoding);
    if (contentEncoding !== 'identity') {
        if (!config.inflate)
            return (0, errors_1.requestError)('VELOX_ERR_ENCODING_NOT_ALLOWED', [], { encoding: contentEncoding });
        if (contentEncoding !== 'gzip' && contentEncoding !== 'deflate' && contentEncoding !== 'br') {
            return (0, errors_1.requestError)('VELOX_ERR_ENCODING_UNSUPPORTED', [contentEncoding], { encoding: contentEncoding });
        }
    }
    return null;
}
/**
 * Why the body cannot be read, for the refusals body-parser makes once it has started reading
 * (it discards the body first, then calls `next(err)`), or `null` when it can.
 * `length` is the declared length of an identity body.
 */
function refusal(req, config, encoding, length) {
    // failRequest discards the body before answering, within bounds: a client announcing
    // 50 MB is answered at once and its connection closed (see discard.ts).
    if (length !== null && length > config.limit)
        return (0, errors_1.requestError)('VELOX_ERR_ENTITY_TOO_LARGE', [], { expected: length, length, limit: config.limit });
    // Checked on `req` even when inflating (body-parser checks the zlib stream, where they never fire).
    // Truthiness, not `!== null`: a request stand-in that is not a node stream has no encoding either.
    if (req.readableEncoding)
        return (0, errors_1.requestError)('VELOX_ERR_STREAM_ENCODING_SET');
    if (req.readable === false)
        return (0, errors_1.requestError)('VELOX_ERR_STREAM_NOT_READABLE');
    if (config.verify === null && !canDecode(encoding))
        return unsupportedCharset(encoding);
    return null;
}
/**
 * Reads the body of `req` and sets `req.body` to `config.parse` of it, then calls `next`;
 * on failure calls `next(err)` with body-parser's status, message and `type`.
 * `encoding` is the charset to decode with, or `null` for a Buffer.
 */
function readBody(req, res, next, config, encoding) {
    // Flag as parsed so later parsers leave the request alone, as body-parser does.
    req._body = true;
    const header = req.headers['content-encoding'];
    const contentEncoding = header === undefined ? 'identity' : header.toLowerCase();
    const length = contentEncoding === 'identity' ? declaredLength(req) : null;
    const early = refusalBeforeReading(config, encoding, contentEncoding);
    if (early !== null) {
        next(early);
        return;
    }
    const err = refusal(req, config, encoding, length);
    if (err !== null) {
        failRequest(req, res, next, err, config.limit);
        return;
    }
    const host = req;
    if (contentEncoding === 'identity') {
        // Hot path: read `req` directly, no pipeline.
        const reader = new BodyReader(host, res, next, config, encoding, length, null);
        host[kReader] = reader;
        host.on('data', onData);
        host.on('end', onEnd);
        host.on('close', onRequestClose);
        return;
    }
    const inflater = contentEncoding === 'gzip' ? node_zlib_1.default.createGunzip() : contentEncoding === 'deflate' ? node_zlib_1.default.createInflate() : node_zlib_1.default.createBrotliDecompress();
    const reader = new BodyReader(host, res, next, config, encoding, null, inflater);
    host[kReader] = reader;
    inflater[kReader] = reader;
    inflater.on('data', onData);
    inflater.on('end', onEnd);
    inflater.on('error', onStreamError);
    host.on('close', onRequestClose);
    host.pipe(inflater);
}
function onData(chunk) {
    const reader = this[kReader];
    if (reader === undefined || reader === null || reader.done)
        return;
    // Counts inflated bytes when inflating, so a small gzip bomb stops at the limit.
    reader.received += chunk.length;
    if (reader.received > reader.config.limit) {
        stopReading(reader, (0, errors_1.requestError)('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit: reader.config.limit, received: reader.received }));
        return;
    }
    if (reader.first === null)
        reader.first = chunk;
    else if (reader.chunks === null)
        reader.chunks = [reader.first, chunk];
    else
        reader.chunks.push(chunk);
}
function onEnd() {
    const reader = this[kReader];
    if (reader === undefined || reader === null || reader.done)
        return;
    if (reader.length !== null && reader.received !== reader.length) {
        stopReading(reader, (0, errors_1.requestError)('VELOX_ERR_REQUEST_SIZE_INVALID', [], { expected: reader.length, length: reader.length, received: reader.received }));
        return;
    }
    const body = reader.chunks !== null ? Buffer.concat(reader.chunks, reader.received) : reader.first === null ? Buffer.alloc(0) : reader.first;
    detach(reader);
    if (reader.inflater !== null) {
        // Consume whatever follows the compressed data so the request can finish (as body-parser).
        reader.req.resume();
    }
    reader.resource.runInAsyncScope(parseBody, null, reader, body);
}
/** `close` on the request before its end was read: the client went away. */
function onRequestClose() {
    const reader = this[kReader];
    if (reader === undefined || reader === null || reader.done)
        return;
    // When inflating, `req` may end and close before the inflater has flushed its output.
    if (this.readableEnded)
        return;
    stopReading(reader, (0, errors_1.requestError)('VELOX_ERR_REQUEST_ABORTED', [], { code: 'ECONNABORTED', expected: reader.length, length: reader.length, received: reader.received }));
}
/** A decompression error: corrupt data answers 400 with zlib's message, as in Express 4. */
function onStreamError(err) {
    const reader = this[kReader];
    if (reader === undefined || reader === null || reader.done)
        return;
    stopReading(reader, (0, errors_2.toHttpError)('VELOX_ERR_INFLATE_FAILED', err));
}
function ignoreError() { }
/** Removes every listener the reader added and lets go of the buffered chunks. */
function detach(reader) {
    reader.done = true;
    reader.first = null;
    reader.chunks = null;
    const req = reader.req;
    const inflater = reader.inflater;
    req.removeListener('close', onRequestClose);
    req[kReader] = null;
    if (inflater === null) {
        req.removeListener('data', onData);
        req.removeListener('end', onEnd);
    }
    else {
        inflater.removeListener('data', onData);
        inflater.removeListener('end', onEnd);
        inflater.removeListener('error', onStreamError);
        inflater[kReader] = null;
        req.unpipe(inflater);
        // A late zlib error on a destroyed inflater must not become an uncaught exception.
        inflater.on('error', ignoreError);
        inflater.destroy();
    }
}
function stopReading(reader, err) {
    // Raw bytes read so far: known when reading `req` directly, not through an inflater.
    const consumed = reader.inflater === null ? reader.received : 0;
    detach(reader);
    reader.req.pause();
    reader.resource.runInAsyncScope(failRequest, null, reader.req, reader.res, reader.next, err, reader.config.limit, consumed);
}
/**
 * Passes a read error on once the unread rest of the body is out of the way, as body-parser
 * does: the rest is read and discarded first, so the answer comes after the request and the
 * keep-alive connection carries the next one. Beyond Express 4, which reads any remainder:
 * the discarding is bounded (see discard.ts); past the bounds the error goes on at once, the
 * answer is marked `Connection: close`, and the connection is closed after a lingering close.
 * `consumed` is how many bytes of a declared Content-Length were already read.
 */
function failRequest(req, res, next, err, limit, consumed = 0) {
    if (on_finished_1.default.isFinished(req)) {
        next(err);
        return;
    }
    // Express 4 compatibility: the error reaches `next` in the async context of the parser call.
    (0, discard_1.discardBody)(req, res, limit, consumed, node_async_hooks_1.AsyncResource.bind(function afterDiscard() {
        next(err);
    }));
}
/** Verifies, decodes and parses a complete body, then moves on (body-parser's read callback). */
function parseBody(reader, body) {
    const { req, next, config, encoding } = reader;
    if (config.verify !== null) {
        try {
            config.verify(req, reader.res, body, encoding);
        }
        catch (thrown) {
            next((0, errors_2.toHttpError)('VELOX_ERR_ENTITY_VERIFY_FAILED', thrown, { body, type: (0, errors_2.typeOf)(thrown, 'VELOX_ERR_ENTITY_VERIFY_FAILED') }));
            return;
        }
    }
    let text = body;
    try {
        if (encoding !== null)
            text = decode(body, encoding);
        req.body = config.parse === null ? text : config.parse(text);
    }
    catch (thrown) {
        next((0, errors_2.toHttpError)('VELOX_ERR_ENTITY_PARSE_FAILED', thrown, { body: text, type: (0, errors_2.typeOf)(thrown, 'VELOX_ERR_ENTITY_PARSE_FAILED') }));
        return;
    }
    next();
}
/**
 * Decodes a body to text as iconv-lite does (a leading byte order mark is dropped).
 * Hot path: UTF-8 goes straight to `Buffer#toString`, which decodes like iconv-lite's UTF-8
 * (node's own decoder) without its stream wrapper.
 */
function decode(body, encoding) {
    if (isUtf8(encoding)) {
        const text = body.toString('utf8');
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }
    return iconv_lite_1.default.decode(body, encoding);
}
}];
definitions["body/text.js"] = [{"./parser":"body/parser.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.text = text;
/**
 * `velox.text()`: decodes bodies into a string on `req.body`, as Express 4's `express.text()`.
 */
const parser_1 = require("./parser");
/**
 * Creates a middleware that decodes `text/plain` bodies (any charset iconv-lite knows,
 * `defaultCharset` when the Content-Type names none; gzip, deflate and br inflated) into a
 * string on `req.body`.
 *
 * @example
 * app.use(velox.text({ defaultCharset: 'latin1' }));
 * app.post('/notes', (req, res) => res.send(req.body.toUpperCase()));
 */
function text(options) {
    const opts = options || {};
    const defaultCharset = opts.defaultCharset || 'utf-8';
    return (0, parser_1.createParser)(opts, { name: 'textParser', defaultType: 'text/plain', parse: null, charset: (named) => named || defaultCharset });
}
}];
definitions["body/types.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["body/urlencoded.js"] = [{"depd":"~depd/index.js","../lazy":"lazy.js","../errors":"errors.js","./parser":"body/parser.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.urlencoded = urlencoded;
/**
 * `velox.urlencoded()`: parses form bodies into `req.body`, as Express 4's `express.urlencoded()`.
 */
const node_querystring_1 = __importDefault(require("node:querystring"));
const depd_1 = __importDefault(require("depd"));
const lazy_1 = require("../lazy");
const errors_1 = require("../errors");
const parser_1 = require("./parser");
// Express 4 compatibility: the warning names body-parser, in its words, and NO_DEPRECATION=body-parser silences it.
const deprecate = (0, depd_1.default)('body-parser');
/**
 * Creates a middleware that parses `application/x-www-form-urlencoded` bodies (UTF-8 only;
 * gzip, deflate and br inflated) into an object on `req.body`: with qs when `extended` (nested
 * keys such as `a[b]=1`, depth-bounded), with node's querystring otherwise.
 *
 * @example
 * app.use(velox.urlencoded({ extended: false }));
 * app.post('/login', (req, res) => res.send(req.body.user));
 */
function urlencoded(options) {
    const opts = options || {};
    if (opts.extended === undefined)
        deprecate('undefined extended: provide extended option');
    const queryParse = opts.extended !== false ? extendedParser(opts) : simpleParser(opts);
    return (0, parser_1.createParser)(opts, {
        name: 'urlencodedParser',
        defaultType: 'application/x-www-form-urlencoded',
        parse: (text) => (text.length !== 0 ? queryParse(text) : {}),
        charset: (named) => named || 'utf-8',
        decodes: (charset) => charset === 'utf-8',
    });
}
function parameterLimitOf(opts) {
    let parameterLimit = opts.parameterLimit !== undefined ? opts.parameterLimit : 1000;
    if (Number.isNaN(Number(parameterLimit)) || parameterLimit < 1)
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_PARAMETER_LIMIT');
    if (Number.isFinite(Number(parameterLimit)))
        parameterLimit = parameterLimit | 0;
    return parameterLimit;
}
/**
 * The number of `&`-separated parameters, or `undefined` past `limit` (counting stops there,
 * so a huge body costs no more than `limit` scans).
 */
function parameterCount(body, limit) {
    let count = 0;
    let index = -1;
    do {
        count++;
        if (count > limit)
            return undefined;
        index = body.indexOf('&', index + 1);
    } while (index !== -1);
    return count;
}
function tooManyParameters() {
    return (0, errors_1.requestError)('VELOX_ERR_PARAMETERS_TOO_MANY');
}
/** qs configured as Express 4 configures it (body-parser 1.20). */
function extendedParser(opts) {
    const parameterLimit = parameterLimitOf(opts);
    const depth = opts.depth !== undefined ? opts.depth : 32;
    if (Number.isNaN(Number(depth)) || depth < 0)
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_DEPTH');
    return function queryParse(body) {
        const count = parameterCount(body, parameterLimit);
        if (count === undefined)
            throw tooManyParameters();
        // As body-parser: arrays may be as long as there are parameters, and at least 100.
        const arrayLimit = Math.max(100, count);
        try {
            // allowPrototypes lets keys such as `hasOwnProperty` through as own properties, as in
            // Express 4; qs itself never assigns `__proto__`, so Object.prototype stays clean.
            return (0, lazy_1.loadQs)().parse(body, { allowPrototypes: true, arrayLimit, depth, strictDepth: true, parameterLimit });
        }
        catch (thrown) {
            if (thrown instanceof RangeError)
                throw (0, errors_1.requestError)('VELOX_ERR_DEPTH_EXCEEDED');
            throw thrown;
        }
    };
}
/** node's querystring, as Express 4's `extended: false`. */
function simpleParser(opts) {
    const parameterLimit = parameterLimitOf(opts);
    return function queryParse(body) {
        if (parameterCount(body, parameterLimit) === undefined)
            throw tooManyParameters();
        return node_querystring_1.default.parse(body, undefined, undefined, { maxKeys: parameterLimit });
    };
}
}];
definitions["errors.js"] = [{"statuses":"~statuses/index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.errorCatalog = void 0;
exports.formatMessage = formatMessage;
exports.setCode = setCode;
exports.veloxError = veloxError;
exports.requestError = requestError;
exports.createHttpError = createHttpError;
exports.toError = toError;
/**
 * The error catalog: every error Velox creates is listed here once, with a
 * stable `code`, the kind of object it is, and Express 4's exact message.
 *
 * - Errors a request causes are `HttpError`s, shaped like the `http-errors`
 *   objects Express 4 users match on: `status`, `statusCode`, `expose` (true
 *   for 4xx), and for body parsing the very `type` strings body-parser uses
 *   (`entity.too.large`, `entity.parse.failed`, …).
 * - Errors a programmer causes (a bad argument or option) are thrown at once
 *   as the `TypeError`/`Error` Express 4 throws.
 *
 * Errors thrown by set-up calls (`app.use`, options, settings) carry their
 * catalog `code` (non-enumerable, so `JSON.stringify(err)` reads as in
 * Express 4). Errors that can arise while a request is handled do not: they
 * reach users' error handlers, where Express 4 code reads `err.code` to tell
 * file system errors (`ENOENT`) apart, so they stay exactly Express's objects;
 * users tell them apart by `status` and, for body parsing, by `type`.
 * `docs/errors.md` is generated from this table (`node scripts/errors-doc.js`);
 * a test checks that it is current.
 */
const statuses_1 = __importDefault(require("statuses"));
function entry(e) {
    return e;
}
exports.errorCatalog = {
    // Application and router set-up
    VELOX_ERR_APP_ROUTER_REMOVED: entry({
        setup: true,
        kind: 'Error',
        message: "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
        when: 'reading `app.router` (removed in Express 4)',
    }),
    VELOX_ERR_MIDDLEWARE_UNBUNDLED: entry({
        setup: true,
        kind: 'Error',
        message: 'Most middleware (like %s) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.',
        when: 'reading a removed Connect middleware getter such as `velox.bodyParser`',
    }),
    VELOX_ERR_APP_USE_MIDDLEWARE: entry({
        setup: true,
        kind: 'TypeError',
        message: 'app.use() requires a middleware function',
        when: '`app.use()` with no function',
    }),
    VELOX_ERR_ROUTER_USE_MIDDLEWARE: entry({
        setup: true,
        kind: 'TypeError',
        message: 'Router.use() requires a middleware function',
        when: '`router.use()` with no function',
    }),
    VELOX_ERR_ROUTER_USE_TYPE: entry({
        setup: true,
        kind: 'TypeError',
        message: 'Router.use() requires a middleware function but got a %s',
        when: '`router.use()` with a value that is not a function',
    }),
    VELOX_ERR_ROUTE_ALL_CALLBACK: entry({
        setup: true,
        kind: 'TypeError',
        message: 'Route.all() requires a callback function but got a %s',
        when: '`route.all()` with a value that is not a function',
    }),
    VELOX_ERR_ROUTE_METHOD_CALLBACK: entry({
        setup: true,
        kind: 'Error',
        message: 'Route.%s() requires a callback function but got a %s',
        when: '`route.get()` (any method) with a value that is not a function',
    }),
    VELOX_ERR_PARAM_CALLBACK: entry({
        setup: true,
        kind: 'Error',
        message: 'invalid param() call for %s, got %s',
        when: '`app.param(name, fn)` / `router.param` with a value that is not a function',
    }),
    VELOX_ERR_PATH_TYPE: entry({
        setup: true,
        kind: 'TypeError',
        message: 'path must be a string, array of strings, or regular expression',
        when: 'a route or mount path of another type',
    }),
    VELOX_ERR_ENGINE_CALLBACK: entry({
        setup: true,
        kind: 'Error',
        message: 'callback function required',
        when: '`app.engine(ext, fn)` with a value that is not a function',
    }),
    VELOX_ERR_ETAG_SETTING: entry({
        setup: true,
        kind: 'TypeError',
        message: 'unknown value for etag function: %s',
        when: '`app.set("etag", value)` with a value Express does not accept',
    }),
    VELOX_ERR_QUERY_PARSER_SETTING: entry({
        setup: true,
        kind: 'TypeError',
        message: 'unknown value for query parser function: %s',
        when: '`app.set("query parser", value)` with a value Express does not accept',
    }),
    VELOX_ERR_REJECTED_PROMISE: entry({
        kind: 'Error',
        message: 'Rejected promise',
        when: 'a handler or param callback returns a promise rejected with a falsy value',
    }),
    // Request and response members
    VELOX_ERR_REQ_GET_NAME_REQUIRED: entry({
        kind: 'TypeError',
        message: 'name argument is required to req.get',
        when: '`req.get()` with no name',
    }),
    VELOX_ERR_REQ_GET_NAME_TYPE: entry({
        kind: 'TypeError',
        message: 'name must be a string to req.get',
        when: '`req.get(name)` with a name that is not a string',
    }),
    VELOX_ERR_CONTENT_TYPE_ARRAY: entry({
        kind: 'TypeError',
        message: 'Content-Type cannot be set to an Array',
        when: '`res.set("Content-Type", [...])`',
    }),
    VELOX_ERR_SIGNED_COOKIE_SECRET: entry({
        kind: 'Error',
        message: 'cookieParser("secret") required for signed cookies',
        when: '`res.cookie(name, value, { signed: true })` without `req.secret`',
    }),
    VELOX_ERR_NOT_ACCEPTABLE: entry({
        kind: 'HttpError',
        status: 406,
        when: '`res.format()` finds no type the client accepts and has no `default`',
    }),
    VELOX_ERR_PARAM_DECODE: entry({
        kind: 'HttpError',
        status: 400,
        message: "Failed to decode param '%s'",
        when: 'a route parameter holds a malformed percent-encoding (the `URIError` itself, given this message and status 400, as Express does)',
    }),
    // Views
    VELOX_ERR_VIEW_NAME_TYPE: entry({
        kind: 'TypeError',
        message: 'View name must be a string, got %s',
        when: '`res.render(name)` with a name that is not a string',
    }),
    VELOX_ERR_VIEW_NO_ENGINE: entry({
        kind: 'Error',
        message: 'No default engine was specified and no extension was provided.',
        when: 'rendering a name without extension and no `view engine` setting',
    }),
    VELOX_ERR_VIEW_ENGINE_MODULE: entry({
        kind: 'Error',
        message: 'Module "%s" does not provide a view engine.',
        when: 'the module named by the extension exports no `__express`',
    }),
    VELOX_ERR_VIEW_LOOKUP: entry({
        kind: 'Error',
        message: 'Failed to lookup view "%s" in views %s',
        when: 'no view file found in the `views` directories',
    }),
    VELOX_ERR_VIEW_NOT_RESOLVED: entry({
        kind: 'Error',
        message: 'View "%s" was not resolved to a file',
        when: 'a `View` object rendered without a resolved path',
    }),
    // Body parsers: options (thrown by the factory)
    VELOX_ERR_OPTION_LIMIT: entry({
        setup: true,
        kind: 'TypeError',
        message: 'option limit "%s" is invalid',
        when: 'a body parser `limit` that `bytes` cannot read',
    }),
    VELOX_ERR_OPTION_VERIFY: entry({
        setup: true,
        kind: 'TypeError',
        message: 'option verify must be function',
        when: 'a body parser `verify` that is not a function',
    }),
    VELOX_ERR_OPTION_PARAMETER_LIMIT: entry({
        setup: true,
        kind: 'TypeError',
        message: 'option parameterLimit must be a positive number',
        when: '`urlencoded({ parameterLimit })` below 1 or not a number',
    }),
    VELOX_ERR_OPTION_DEPTH: entry({
        setup: true,
        kind: 'TypeError',
        message: 'option depth must be a zero or a positive number',
        when: '`urlencoded({ depth })` below 0 or not a number',
    }),
    // Body parsers: request errors (the `type` strings are body-parser's)
    VELOX_ERR_ENTITY_TOO_LARGE: entry({
        kind: 'HttpError',
        status: 413,
        type: 'entity.too.large',
        message: 'request entity too large',
        when: 'a body (declared or received, after inflating) over `limit`',
    }),
    VELOX_ERR_PARAMETERS_TOO_MANY: entry({
        kind: 'HttpError',
        status: 413,
        type: 'parameters.too.many',
        message: 'too many parameters',
        when: 'a urlencoded body with more than `parameterLimit` parameters',
    }),
    VELOX_ERR_DEPTH_EXCEEDED: entry({
        kind: 'HttpError',
        status: 400,
        type: 'querystring.parse.rangeError',
        message: 'The input exceeded the depth',
        when: 'an extended urlencoded body nested deeper than `depth`',
    }),
    VELOX_ERR_CHARSET_UNSUPPORTED: entry({
        kind: 'HttpError',
        status: 415,
        type: 'charset.unsupported',
        message: 'unsupported charset "%s"',
        when: 'a body charset the parser does not decode',
    }),
    VELOX_ERR_ENCODING_UNSUPPORTED: entry({
        kind: 'HttpError',
        status: 415,
        type: 'encoding.unsupported',
        message: 'unsupported content encoding "%s"',
        when: 'a `Content-Encoding` other than identity, gzip, deflate (and br where supported)',
    }),
    VELOX_ERR_ENCODING_NOT_ALLOWED: entry({
        kind: 'HttpError',
        status: 415,
        type: 'encoding.unsupported',
        message: 'content encoding unsupported',
        when: 'a compressed body with `inflate: false`',
    }),
    VELOX_ERR_STREAM_ENCODING_SET: entry({
        kind: 'HttpError',
        status: 500,
        type: 'stream.encoding.set',
        message: 'stream encoding should not be set',
        when: 'the request stream had `setEncoding` called before the parser',
    }),
    VELOX_ERR_STREAM_NOT_READABLE: entry({
        kind: 'HttpError',
        status: 500,
        type: 'stream.not.readable',
        message: 'stream is not readable',
        when: 'the request stream was already read by other middleware',
    }),
    VELOX_ERR_REQUEST_SIZE_INVALID: entry({
        kind: 'HttpError',
        status: 400,
        type: 'request.size.invalid',
        message: 'request size did not match content length',
        when: 'the body ended before or after its `Content-Length`',
    }),
    VELOX_ERR_REQUEST_ABORTED: entry({
        kind: 'HttpError',
        status: 400,
        type: 'request.aborted',
        message: 'request aborted',
        when: 'the client went away before the body ended',
    }),
    VELOX_ERR_ENTITY_PARSE_FAILED: entry({
        kind: 'HttpError',
        status: 400,
        type: 'entity.parse.failed',
        when: "the body could not be parsed (the parser's own error, e.g. a `SyntaxError`, keeps its message)",
    }),
    VELOX_ERR_ENTITY_VERIFY_FAILED: entry({
        kind: 'HttpError',
        status: 403,
        type: 'entity.verify.failed',
        when: 'the `verify` option threw (its error keeps its message)',
    }),
    VELOX_ERR_INFLATE_FAILED: entry({
        kind: 'HttpError',
        status: 400,
        when: "zlib cannot inflate a compressed body (zlib's own error keeps its message and `code`, with no `type`, as in Express 4)",
    }),
    VELOX_ERR_JSON_STRICT: entry({
        kind: 'HttpError',
        status: 400,
        type: 'entity.parse.failed',
        message: 'strict violation',
        when: '`json({ strict: true })` and a body that is not an object or array (Express 4 words the SyntaxError from the first character)',
    }),
    // Static files, sendFile, download
    VELOX_ERR_STATIC_ROOT_REQUIRED: entry({
        setup: true,
        kind: 'TypeError',
        message: 'root path required',
        when: '`velox.static()` without a root',
    }),
    VELOX_ERR_STATIC_ROOT_TYPE: entry({
        setup: true,
        kind: 'TypeError',
        message: 'root path must be a string',
        when: '`velox.static(root)` with a root that is not a string',
    }),
    VELOX_ERR_OPTION_SET_HEADERS: entry({
        setup: true,
        kind: 'TypeError',
        message: 'option setHeaders must be function',
        when: '`velox.static(root, { setHeaders })` not a function',
    }),
    VELOX_ERR_OPTION_STRING_ARRAY: entry({
        kind: 'TypeError',
        message: '%s must be array of strings or false',
        when: 'the `extensions` or `index` file option of another type',
    }),
    VELOX_ERR_OPTION_DOTFILES: entry({
        kind: 'TypeError',
        message: 'dotfiles option must be "allow", "deny", or "ignore"',
        when: 'an unknown `dotfiles` option',
    }),
    VELOX_ERR_SENDFILE_PATH_REQUIRED: entry({ kind: 'TypeError', message: 'path argument is required to res.sendFile', when: '`res.sendFile()` with no path' }),
    VELOX_ERR_SENDFILE_PATH_TYPE: entry({
        kind: 'TypeError',
        message: 'path must be a string to res.sendFile',
        when: '`res.sendFile(path)` with a path that is not a string',
    }),
    VELOX_ERR_SENDFILE_PATH_RELATIVE: entry({
        kind: 'TypeError',
        message: 'path must be absolute or specify root to res.sendFile',
        when: '`res.sendFile(path)` with a relative path and no `root`',
    }),
    VELOX_ERR_SENDFILE_IS_DIRECTORY: entry({
        kind: 'Error',
        message: 'EISDIR, read',
        when: '`res.sendFile(path, cb)` on a directory (`code` is `EISDIR`, as Express sets it; without a callback it goes to `next()`)',
    }),
    VELOX_ERR_SENDFILE_ABORTED: entry({
        kind: 'Error',
        message: 'Request aborted',
        when: 'the client went away during `res.sendFile(path, cb)` (`code` is `ECONNABORTED`, as Express sets it; without a callback it is ignored)',
    }),
    VELOX_ERR_FILE_STATUS: entry({
        kind: 'HttpError',
        when: 'a file request answered with an error status (400 malformed path, 403 traversal or dotfile, 404 missing, 412 precondition, 416 range); the message is the status text',
    }),
    VELOX_ERR_HEADERS_SENT: entry({
        kind: 'Error',
        status: 500,
        message: "Can't set headers after they are sent.",
        when: 'a file transfer starts after the response head was sent (reaches the error handlers as a 500 with `expose: false`)',
    }),
    VELOX_ERR_FILE_CHANGED: entry({
        kind: 'Error',
        status: 500,
        message: 'File changed during transfer: %s',
        when: 'a file shrank while it was being sent (a 500 with `expose: false`)',
    }),
    // Beyond Express 4: timeouts, shutdown, in-process requests
    VELOX_ERR_TIMEOUT: entry({
        kind: 'HttpError',
        status: 503,
        message: 'Response timeout',
        when: '`velox.timeout(time)` fired before a response started (name `TimeoutError`, `code: "ETIMEDOUT"` as connect-timeout sets it, `expose: false`)',
    }),
    VELOX_ERR_CLIENT_CLOSED: entry({
        kind: 'Error',
        message: 'The client closed the connection before the response finished',
        when: 'the reason of `req.signal` when the client went away (name `AbortError`, `code: "ECONNRESET"`)',
    }),
    VELOX_ERR_TIMEOUT_TIME: entry({
        setup: true,
        kind: 'TypeError',
        message: 'velox.timeout(time): time must be a positive number of milliseconds or a string such as "5s", got %s',
        when: '`velox.timeout(time)` with a time it cannot read',
    }),
    VELOX_ERR_SHUTDOWN_TIMEOUT: entry({
        setup: true,
        kind: 'TypeError',
        message: 'velox.shutdown: timeout must be a number of milliseconds or a string such as "10s", got %s',
        when: '`velox.shutdown(server, { timeout })` with a timeout it cannot read',
    }),
    VELOX_ERR_INJECT_ABORTED: entry({
        kind: 'Error',
        message: 'The response was destroyed before it finished',
        when: '`app.inject()` rejects: the app destroyed the response (`code: "ERR_INJECT_ABORTED"`)',
    }),
    VELOX_ERR_INJECT_MALFORMED: entry({
        kind: 'Error',
        message: 'The app wrote %s',
        when: '`app.inject()` rejects: the bytes the app wrote are not an HTTP/1.1 response (an incomplete head or chunked body, a malformed status line or chunk size)',
    }),
};
/** Fills each `%s` of the catalog message with the next argument. */
function formatMessage(template, args) {
    if (args.length === 0)
        return template;
    let index = 0;
    return template.replace(/%s/g, () => String(args[index++]));
}
/** Sets the catalog code on an error without making it enumerable (JSON and inspect stay as in Express 4). */
function setCode(err, code) {
    Object.defineProperty(err, 'code', { value: code, configurable: true, writable: true, enumerable: false });
    return err;
}
/**
 * The programmer error of a catalog entry (a `TypeError` or `Error`), to throw.
 *
 * @example
 * if (typeof fn !== 'function') throw veloxError('VELOX_ERR_ENGINE_CALLBACK');
 */
function veloxError(code, ...args) {
    const spec = exports.errorCatalog[code];
    const message = formatMessage(spec.message ?? code, args);
    const err = spec.kind === 'TypeError' ? new TypeError(message) : new Error(message);
    Error.captureStackTrace(err, veloxError);
    return spec.setup === true ? setCode(err, code) : err;
}
/**
 * The request error of a catalog entry, with its status, `type` and `props`.
 *
 * @example
 * next(requestError('VELOX_ERR_ENTITY_TOO_LARGE', [], { limit, length }));
 */
function requestError(code, args = [], props, status) {
    const spec = exports.errorCatalog[code];
    const finalStatus = status ?? spec.status ?? 500;
    const message = spec.message === undefined ? undefined : formatMessage(spec.message, args);
    const err = createHttpError(finalStatus, message, props);
    if (spec.type !== undefined && err.type === undefined)
        err.type = spec.type;
    Error.captureStackTrace(err, requestError);
    return err;
}
/** `BadRequestError`, `PayloadTooLargeError`, … as http-errors names them. */
function errorName(status) {
    const message = statuses_1.default.message[status];
    if (message === undefined)
        return status >= 500 ? 'InternalServerError' : 'BadRequestError';
    const identifier = message
        .split(' ')
        .map((word) => word.slice(0, 1).toUpperCase() + word.slice(1))
        .join('')
        .replace(/[^ _0-9a-z]/gi, '');
    return identifier.endsWith('Error') ? identifier : identifier + 'Error';
}
/**
 * Creates an HTTP error shaped as http-errors' (the catalog's `requestError` builds on it).
 *
 * @example
 * throw createHttpError(400, 'request aborted', { type: 'request.aborted' });
 */
function createHttpError(status, message, props) {
    const err = new Error(message ?? statuses_1.default.message[status] ?? String(status));
    Object.defineProperty(err, 'name', { value: errorName(status), configurable: true, writable: true, enumerable: false });
    // Recompute the stack so it starts with the right name, as http-errors' classes do.
    Error.captureStackTrace(err, createHttpError);
    err.status = status;
    err.statusCode = status;
    err.expose = status < 500;
    if (props !== undefined) {
        for (const key of Object.keys(props)) {
            if (key !== 'status' && key !== 'statusCode')
                err[key] = props[key];
        }
    }
    return err;
}
/** Turns anything thrown or rejected into an Error (a rejection with no value included). */
function toError(value) {
    // As Express 5: a falsy rejection would read as "no error" to `next`.
    return value || veloxError('VELOX_ERR_REJECTED_PROMISE');
}
}];
definitions["final-handler.js"] = [{"encodeurl":"~encodeurl/index.js","escape-html":"~escape-html/index.js","statuses":"~statuses/index.js","./html":"html.js","./lazy":"lazy.js","./response/fast-headers":"response/fast-headers.js","./url":"url.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.createErrorDocument = createErrorDocument;
exports.finalHandle = finalHandle;
/**
 * The default final handler: what answers when nothing else did (404) or an
 * error reached the end of the stack. Byte-compatible with the `finalhandler`
 * package Express 4 uses (status choice, HTML page, headers, logging).
 */
// Hot path: node's global `Buffer` is a getter (~150 instructions a read, callgrind).
const node_buffer_1 = require("node:buffer");
const encodeurl_1 = __importDefault(require("encodeurl"));
const escape_html_1 = __importDefault(require("escape-html"));
const statuses_1 = __importDefault(require("statuses"));
const html_1 = require("./html");
const lazy_1 = require("./lazy");
const fast_headers_1 = require("./response/fast-headers");
const url_1 = require("./url");
const DOUBLE_SPACE_REGEXP = /\x20{2}/g;
const NEWLINE_REGEXP = /\n/g;
function hasNoBody(req) {
    const headers = req.headers;
    if (headers['transfer-encoding'] !== undefined)
        return false;
    const length = headers['content-length'];
    return length === undefined || length === '0';
}
// The last page built: a repeated 404 (same method and path) reuses it.
// Bound: one page, whatever the traffic (its message is under node's 16 KB header limit for a 404).
let lastMessage = '';
let lastDocument = '';
/** Express's (finalhandler's) small error page; `message` is escaped here. */
function createErrorDocument(message) {
    if (message === lastMessage && lastDocument !== '')
        return lastDocument;
    const document = buildHtmlDocument(message);
    lastMessage = message;
    lastDocument = document;
    return document;
}
function buildHtmlDocument(message) {
    return (0, html_1.createHtmlDocument)('Error', (0, escape_html_1.default)(message).replace(NEWLINE_REGEXP, '<br>').replace(DOUBLE_SPACE_REGEXP, ' &nbsp;'));
}
/**
 * A property of an error value, or undefined when reading it throws. Anything can reach the
 * final handler through `next(value)`: a getter or a Proxy trap that throws, a revoked Proxy,
 * an object without a prototype. Express 4 crashes the process on some of these; Velox
 * answers as finalhandler would with the property absent.
 */
function readProperty(value, key) {
    try {
        return value[key];
    }
    catch {
        return undefined;
    }
}
function errorStatusCode(err) {
    const status = readProperty(err, 'status');
    if (typeof status === 'number' && status >= 400 && status < 600)
        return status;
    const statusCode = readProperty(err, 'statusCode');
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600)
        return statusCode;
    return undefined;
}
function errorHeaders(err) {
    const source = readProperty(err, 'headers');
    if (!source || typeof source !== 'object')
        return undefined;
    const headers = Object.create(null);
    try {
        for (const key of Object.keys(source))
            headers[key] = readProperty(source, key);
    }
    catch {
        return undefined;
    }
    return headers;
}
/**
 * finalhandler's message: outside production the stack, else `toString()`, as text
 * (`'' + value`, as escape-html makes it); the status message when none of it is usable.
 */
function errorMessage(err, status, env) {
    if (env !== 'production') {
        let message = readProperty(err, 'stack');
        if (!message) {
            const convert = readProperty(err, 'toString');
            if (typeof convert === 'function') {
                try {
                    message = convert.call(err);
                }
                catch {
                    message = undefined;
                }
            }
        }
        if (message) {
            try {
                return '' + message;
            }
            catch {
                // A value without a text form (a Symbol, a null-prototype object): the status message.
            }
        }
    }
    return statusText(status);
}
/** Runs the app's error logger for any error value; a logger that throws on it never ends the process. */
function logSafely(onerror, err) {
    try {
        onerror(err);
    }
    catch {
        try {
            console.error(err);
        }
        catch {
            console.error('Error: an error value that cannot be printed reached the final handler');
        }
    }
}
/** finalhandler renders a status without a message as the text "undefined": an Express 4 quirk kept to the byte. */
function statusText(status) {
    return statuses_1.default.message[status] ?? 'undefined';
}
function responseStatusCode(res) {
    const status = res.statusCode;
    // Written so that NaN (e.g. `res.status(Number('x'))`) also falls back to 500.
    return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}
function resourceName(req) {
    const pathname = (0, url_1.pathnameOf)(req.originalUrl ?? req.url);
    return pathname ?? 'resource';
}
/**
 * Ends the response for `err` (or 404 when `err` is falsy).
 * `env` is the app's `env` setting; `onerror` logs (deferred, as finalhandler does).
 */
function finalHandle(req, res, err, env, onerror) {
    // ignore 404 on in-flight response
    if (!err && res.headersSent)
        return;
    let page;
    if (err) {
        page = errorPage(res, err, env);
        if (onerror !== undefined)
            setImmediate(logSafely, onerror, err);
    }
    else {
        page = notFoundPage(req);
    }
    if (res.headersSent) {
        // Cannot answer any more: end the connection so the client sees a failure.
        req.socket?.destroy();
        return;
    }
    // Hot path (404s): when the parser has already seen the whole request there
    // is nothing to wait for; node discards unread body data when we respond.
    // A request without a body (no Transfer-Encoding, no or zero Content-Length)
    // has nothing left to wait for either: this is the common synchronous 404.
    // A body parser that gave up draining an endless body wants the answer now.
    // body/discard.ts and on-finished load with the first 404 or error that gets here (startup; see lazy.ts).
    const discard = (0, lazy_1.loadDiscard)();
    if ((0, lazy_1.loadOnFinished)().isFinished(req) || req.complete || hasNoBody(req) || discard.isAnsweredEarly(req)) {
        writeSafely(req, res, page);
        return;
    }
    // As finalhandler: the unread body is read off first, then the page is written, so the
    // connection can carry the next request. Beyond finalhandler: within bounds (discard.ts).
    req.unpipe();
    discard.discardBody(req, res, 0, 0, () => writeSafely(req, res, page));
}
/** The page for an error value: its own status (and headers) when it carries a 4xx/5xx one, else the response's. */
function errorPage(res, err, env) {
    const fromError = errorStatusCode(err);
    const status = fromError === undefined ? responseStatusCode(res) : fromError;
    const headers = fromError === undefined ? undefined : errorHeaders(err);
    return { status, headers, message: errorMessage(err, status, env) };
}
/** finalhandler's 404: `Cannot GET /path`. */
function notFoundPage(req) {
    // Not memoised per method and path (measured: ~3,800 instructions fewer on a repeated 404,
    // callgrind): that wins only when the same path misses again and again, as in a benchmark,
    // and cannot help the varying paths real 404s have. createErrorDocument's one-entry
    // memo below serves the repeated case already.
    return { status: 404, headers: undefined, message: 'Cannot ' + req.method + ' ' + (0, encodeurl_1.default)(resourceName(req)) };
}
function writeSafely(req, res, page) {
    try {
        writeErrorPage(req, res, page);
    }
    catch {
        // Last line of defence (e.g. an invalid header in `err.headers`): the
        // response cannot be written, so end the connection rather than the process.
        req.socket?.destroy();
    }
}
function writeErrorPage(req, res, page) {
    const { status, headers, message } = page;
    const body = createErrorDocument(message);
    res.statusCode = status;
    // An unknown status leaves the message undefined, so node falls back to its own table or 'unknown' (as finalhandler).
    if (req.httpVersionMajor < 2)
        res.statusMessage = statuses_1.default.message[status];
    // Hot path (every 404): the names and values here are constants of finalhandler's (and a
    // length), so node's checks of them cannot fail; they are stored as `setHeader` would store
    // them, unless `setHeader`/`removeHeader` were replaced (then called as finalhandler does;
    // see response/fast-headers.ts). An error's own `headers` still go through `setHeader`.
    // Measured (bench/count.js: callgrind, 4,000 requests after 20,000, instructions per request;
    // runs of one build vary by ~±1,500 here): notfound 63,700–66,900 → 53,300–55,500; node's
    // name and value regular expressions and lower-casing were most of the difference.
    (0, fast_headers_1.removeErrorPageHeaders)(res);
    if (headers !== undefined) {
        for (const key of Object.keys(headers))
            res.setHeader(key, headers[key]);
    }
    (0, fast_headers_1.setErrorPageHeaders)(res);
    (0, fast_headers_1.setContentType)(res, 'text/html; charset=utf-8');
    // A number, as finalhandler passes it (`res.getHeader('Content-Length')` sees a number).
    (0, fast_headers_1.setContentLength)(res, node_buffer_1.Buffer.byteLength(body, 'utf8'));
    if (req.method === 'HEAD') {
        res.end();
        return;
    }
    res.end(body, 'utf8');
}
}];
definitions["html.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** The small HTML document Express's stack generates (error pages, redirects, file errors). */
Object.defineProperty(exports, "__esModule", { value: true });
exports.createHtmlDocument = createHtmlDocument;
/**
 * A minimal HTML document; `body` must already be escaped.
 *
 * @example
 * createHtmlDocument('Error', escapeHtml('Cannot GET /x'));
 */
function createHtmlDocument(title, body) {
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>' +
        title +
        '</title>\n</head>\n<body>\n<pre>' +
        body +
        '</pre>\n</body>\n</html>\n');
}
}];
definitions["http2.js"] = [{"./final-handler":"final-handler.js","./request":"request.js","./shutdown":"shutdown.js","./response":"response/index.js","./symbols":"symbols.js","./router/router":"router/router.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.http2RequestPrototype = http2RequestPrototype;
exports.http2ResponsePrototype = http2ResponsePrototype;
exports.handleHttp2 = handleHttp2;
exports.restoreHttp2Prototypes = restoreHttp2Prototypes;
const final_handler_1 = require("./final-handler");
const request_1 = require("./request");
const shutdown_1 = require("./shutdown");
const response_1 = require("./response");
const symbols_1 = require("./symbols");
const router_1 = require("./router/router");
/** On an app: its prototypes for HTTP/2 requests and responses. */
const kHttp2Request = Symbol('velox.http2Request');
const kHttp2Response = Symbol('velox.http2Response');
/**
 * Response headers that HTTP/2 forbids (RFC 9113 8.2.2): node drops
 * `Connection` with a warning and refuses the others when the head is
 * written, which would fail the response. They are dropped here, silently:
 * what they say is what HTTP/2 framing does anyway.
 */
const connectionHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);
function isConnectionHeader(name) {
    return typeof name === 'string' && connectionHeaders.has(name.trim().toLowerCase());
}
let http2;
function loadHttp2() {
    if (http2 === undefined)
        http2 = require('node:http2');
    return http2;
}
/** Own descriptors of `object`, string and symbol keys. */
function ownDescriptors(object) {
    return Object.getOwnPropertyDescriptors(object);
}
/** The objects from `proto` up to and including `base`, nearest first. */
function chainTo(proto, base) {
    const chain = [];
    let current = proto;
    while (current !== null && current !== base) {
        chain.push(current);
        current = Object.getPrototypeOf(current);
    }
    chain.push(base);
    return chain;
}
/**
 * An object over `nodeProto` with the own members of `appProto`'s chain down
 * to `base` (farthest first so the nearest wins), then `overrides` for names
 * no app object (only `base`) defined.
 */
function layered(nodeProto, appProto, base, overrides) {
    const target = Object.create(nodeProto);
    const chain = chainTo(appProto, base);
    Object.defineProperties(target, ownDescriptors(base));
    Object.defineProperties(target, overrides);
    for (let i = chain.length - 2; i >= 0; i--)
        Object.defineProperties(target, ownDescriptors(chain[i]));
    return target;
}
const veloxGet = request_1.request.get;
/** `req.get('host')` falls back to `:authority` (HTTP/2 clients send no Host header). */
function header(name) {
    const value = veloxGet.call(this, name);
    if (value === undefined && name.toLowerCase() === 'host')
        return this.headers[':authority'];
    return value;
}
const requestOverrides = {
    get: { configurable: true, enumerable: true, writable: true, value: header },
    header: { configurable: true, enumerable: true, writable: true, value: header },
};
function responseOverrides(node) {
    function setHeader(name, value) {
        if (!isConnectionHeader(name))
            node.setHeader.call(this, name, value);
        return this;
    }
    function appendHeader(name, value) {
        if (!isConnectionHeader(name))
            node.appendHeader.call(this, name, value);
        return this;
    }
    function writeHead(status, ...rest) {
        const last = rest.length - 1;
        const headers = rest[last];
        if (last >= 0 && headers !== null && typeof headers === 'object')
            rest[last] = withoutConnectionHeaders(headers);
        return node.writeHead.call(this, status, ...rest);
    }
    return {
        setHeader: { configurable: true, enumerable: true, writable: true, value: setHeader },
        appendHeader: { configurable: true, enumerable: true, writable: true, value: appendHeader },
        writeHead: { configurable: true, enumerable: true, writable: true, value: writeHead },
    };
}
/** `writeHead`'s headers (an object or a flat `[name, value, ...]` array) without connection-specific ones. */
function withoutConnectionHeaders(headers) {
    if (Array.isArray(headers)) {
        const kept = [];
        for (let i = 0; i + 1 < headers.length; i += 2) {
            if (!isConnectionHeader(headers[i]))
                kept.push(headers[i], headers[i + 1]);
        }
        return kept;
    }
    const kept = {};
    for (const key of Object.keys(headers)) {
        if (!isConnectionHeader(key))
            kept[key] = headers[key];
    }
    return kept;
}
/** The app's prototype for HTTP/2 requests, built on first use. */
function http2RequestPrototype(app) {
    const target = app;
    let proto = target[kHttp2Request];
    if (proto === undefined) {
        proto = layered(loadHttp2().Http2ServerRequest.prototype, app.request, request_1.request, requestOverrides);
        target[kHttp2Request] = proto;
    }
    return proto;
}
/** The app's prototype for HTTP/2 responses, built on first use. */
function http2ResponsePrototype(app) {
    const target = app;
    let proto = target[kHttp2Response];
    if (proto === undefined) {
        const node = loadHttp2().Http2ServerResponse.prototype;
        proto = layered(node, app.response, response_1.response, responseOverrides(node));
        target[kHttp2Response] = proto;
    }
    return proto;
}
/**
 * HTTP/2 signals a body by framing, not by headers: a request whose HEADERS
 * frame did not end the stream has a body even without Content-Length. The
 * Express ecosystem (type-is's `hasBody`, so the body parsers, multer...)
 * looks for `Content-Length` or `Transfer-Encoding`; such a request gets
 * `transfer-encoding: chunked` in `req.headers`, as HTTP/2-to-HTTP/1
 * gateways do.
 */
function markBody(req) {
    const headers = req.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
        return;
    const stream = req.stream;
    if (stream !== undefined && stream.endAfterHeaders === false)
        headers['transfer-encoding'] = 'chunked';
}
/**
 * `app.handle` for an HTTP/2 request whose prototypes are not yet this
 * app's: the same steps as the HTTP/1 swap branch, with the HTTP/2 prototypes.
 */
function handleHttp2(app, req, res, callback) {
    const state = req;
    if ((0, router_1.initRoutingState)(req, app[symbols_1.kQueryParser])) {
        markBody(req);
        (0, shutdown_1.trackHttp2Session)(req.stream?.session);
    }
    Object.setPrototypeOf(req, http2RequestPrototype(app));
    Object.setPrototypeOf(res, http2ResponsePrototype(app));
    if (state[symbols_1.kQueryParser] === undefined)
        state[symbols_1.kQueryParser] = app[symbols_1.kQueryParser];
    const router = app._router;
    if (router !== undefined)
        router.handle(req, res, callback);
    else if (callback !== undefined)
        callback();
    else
        (0, final_handler_1.finalHandle)(req, res, undefined, app.get('env'), undefined);
}
/** Puts back the parent app's prototypes after a mounted app handled an HTTP/2 request. */
function restoreHttp2Prototypes(app, req, res) {
    Object.setPrototypeOf(req, http2RequestPrototype(app));
    Object.setPrototypeOf(res, http2ResponsePrototype(app));
}
}];
definitions["index.js"] = [{"./application":"application.js","./lazy":"lazy.js","./query":"query.js","./request":"request.js","./response":"response/index.js","./router/route":"router/route.js","./router/router":"router/router.js","./errors":"errors.js","./timeout":"timeout.js","./utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
// biome-ignore-all lint/suspicious/noExplicitAny: the exported types mirror @types/express, whose open slots are `any`
/**
 * Velox: the Express 4 interface, faster and safer.
 * `require('velox')` is the factory itself, with its static members on it.
 *
 * @example
 * const velox = require('velox');
 * const app = velox();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
const node_events_1 = require("node:events");
const application_1 = require("./application");
const lazy_1 = require("./lazy");
const query_1 = require("./query");
const request_1 = require("./request");
const response_1 = require("./response");
const route_1 = require("./router/route");
const router_1 = require("./router/router");
const errors_1 = require("./errors");
const timeout_1 = require("./timeout");
const utils_1 = require("./utils");
/** Copies own property descriptors, skipping names `target` already has (merge-descriptors, redefine = false). */
function mixin(target, source) {
    for (const name of Object.getOwnPropertyNames(source)) {
        if ((0, utils_1.hasOwn)(target, name))
            continue;
        Object.defineProperty(target, name, Object.getOwnPropertyDescriptor(source, name));
    }
}
function createApplication() {
    const app = function app(req, res, next) {
        app.handle(req, res, next);
    };
    mixin(app, node_events_1.EventEmitter.prototype);
    mixin(app, application_1.application);
    app.request = Object.create(request_1.request, { app: { configurable: true, enumerable: true, writable: true, value: app } });
    app.response = Object.create(response_1.response, { app: { configurable: true, enumerable: true, writable: true, value: app } });
    app.init();
    // Checked: the internal `App` and the public `Express` overlap member by member.
    return app;
}
const velox = createApplication;
// The implementation's objects are typed by the internal model (model.ts, application.ts,
// response/types.ts, router/); each `as` below is checked by the compiler: the two types must
// overlap member by member (docs/design.md, "Type model").
// The one bridge: @types/express types `express.application` as the callable `Application`,
// while the prototype is a plain object (what `velox()` mixes into each app function).
velox.application = application_1.application;
velox.request = request_1.request;
velox.response = response_1.response;
velox.Route = route_1.Route;
velox.Router = router_1.Router;
// The parsers load with their first use (startup; see lazy.ts).
velox.json = function json(options) {
    return (0, lazy_1.loadBodyParsers)().json(options);
};
velox.raw = function raw(options) {
    return (0, lazy_1.loadBodyParsers)().raw(options);
};
velox.text = function text(options) {
    return (0, lazy_1.loadBodyParsers)().text(options);
};
velox.urlencoded = function urlencoded(options) {
    return (0, lazy_1.loadBodyParsers)().urlencoded(options);
};
// The file engine loads with the first velox.static() call (startup; see lazy.ts).
velox.static = lazy_1.serveStatic;
velox.query = query_1.query;
// Express 4 removed its bundled middleware and explains so when they are reached for.
const removedMiddlewares = [
    'bodyParser',
    'compress',
    'cookieSession',
    'session',
    'logger',
    'cookieParser',
    'favicon',
    'responseTime',
    'errorHandler',
    'methodOverride',
    'vhost',
    'csrf',
    'directory',
    'limit',
    'multipart',
    'staticCache',
];
for (const name of removedMiddlewares) {
    Object.defineProperty(velox, name, {
        configurable: true,
        get() {
            throw (0, errors_1.veloxError)('VELOX_ERR_MIDDLEWARE_UNBUNDLED', name);
        },
    });
}
// Beyond Express 4 (docs/api/): not enumerable, so the static members
// listed are Express 4's. `timeout` replaces Express 4's "no longer
// bundled" error for that name.
for (const [name, value] of [
    ['timeout', timeout_1.timeout],
    ['shutdown', lazy_1.shutdown],
    ['shutdownOnSignal', lazy_1.shutdownOnSignal],
]) {
    Object.defineProperty(velox, name, { configurable: true, writable: true, value });
}
module.exports = velox;
}];
definitions["inject.js"] = [{"./errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.injectRequest = injectRequest;
/**
 * In-process requests (beyond Express 4): `app.inject(request)` dispatches a
 * request through the app without opening a socket, and resolves with what a
 * client would have received.
 *
 * The request and response are node's own `http.IncomingMessage` and
 * `http.ServerResponse`, on a stand-in socket (a `Duplex` with the address
 * fields of `net.Socket`), so middleware that reads `req.socket` works and the
 * response goes through node's own HTTP/1.1 writer: status line, `Date`,
 * chunked encoding and all. The socket keeps those bytes; the result is parsed
 * from them, so it is exactly what the wire would have carried.
 *
 * @example
 * const res = await app.inject({ method: 'POST', url: '/users', body: { name: 'Ada' } });
 * assert.equal(res.statusCode, 201);
 * assert.equal(res.json().name, 'Ada');
 */
const node_http_1 = require("node:http");
const node_stream_1 = require("node:stream");
const errors_1 = require("./errors");
const OWS = /^[ \t]+|[ \t]+$/g;
/** A stand-in for `net.Socket`: keeps what is written, reads nothing. */
class InjectSocket extends node_stream_1.Duplex {
    written = [];
    remoteAddress;
    remotePort;
    remoteFamily;
    localAddress;
    localPort;
    encrypted;
    bytesRead = 0;
    bytesWritten = 0;
    connecting = false;
    timeout = 0;
    constructor(options, encrypted) {
        super();
        this.remoteAddress = options.remoteAddress ?? '127.0.0.1';
        this.remotePort = options.remotePort ?? 54321;
        this.remoteFamily = this.remoteAddress.includes(':') ? 'IPv6' : 'IPv4';
        this.localAddress = this.remoteFamily === 'IPv6' ? '::1' : '127.0.0.1';
        this.localPort = encrypted ? 443 : 80;
        if (encrypted)
            this.encrypted = true;
    }
    _read() { }
    _write(chunk, _encoding, callback) {
        this.written.push(chunk);
        this.bytesWritten += chunk.length;
        callback();
    }
    address() {
        return { address: this.localAddress, family: this.remoteFamily, port: this.localPort };
    }
    setTimeout(ms, callback) {
        this.timeout = ms;
        if (callback !== undefined)
            this.once('timeout', callback);
        return this;
    }
    setNoDelay() {
        return this;
    }
    setKeepAlive() {
        return this;
    }
    ref() {
        return this;
    }
    unref() {
        return this;
    }
    destroySoon() {
        this.end();
    }
}
/** `app.inject(options)`: see InjectOptions and InjectResponse. */
function injectRequest(app, input = {}) {
    const options = typeof input === 'string' ? { url: input } : input;
    return new Promise((resolve, reject) => {
        const target = appendQuery(options.url ?? '/', options.query);
        const encrypted = options.encrypted === true;
        // Absolute-form: node hands the target to the app as it was sent; the client sends its Host.
        const host = /^https?:\/\//i.test(target) ? new URL(target).host : undefined;
        const method = (options.method ?? 'GET').toUpperCase();
        const { chunk, stream, contentType } = bodyOf(options.body);
        const rawHeaders = [];
        const given = new Set();
        for (const name of Object.keys(options.headers ?? {})) {
            const value = options.headers[name];
            if (value === undefined)
                continue;
            given.add(name.toLowerCase());
            for (const one of Array.isArray(value) ? value : [value]) {
                // As node's client (it throws on invalid names and values) and parser (it strips the
                // whitespace around a value).
                (0, node_http_1.validateHeaderName)(name);
                (0, node_http_1.validateHeaderValue)(name, String(one));
                rawHeaders.push(name, String(one).replace(OWS, ''));
            }
        }
        if (!given.has('host'))
            rawHeaders.unshift('Host', host ?? 'localhost');
        if (options.cookies !== undefined) {
            const pairs = Object.keys(options.cookies).map((name) => name + '=' + encodeURIComponent(options.cookies[name]));
            if (pairs.length !== 0)
                rawHeaders.push('Cookie', pairs.join('; '));
        }
        if (contentType !== undefined && !given.has('content-type'))
            rawHeaders.push('Content-Type', contentType);
        if (chunk !== undefined && !given.has('content-length') && !given.has('transfer-encoding')) {
            // A body-less GET sends no Content-Length, as clients do.
            if (chunk.length !== 0 || !(method === 'GET' || method === 'HEAD'))
                rawHeaders.push('Content-Length', String(chunk.length));
        }
        if (stream !== undefined && !given.has('content-length') && !given.has('transfer-encoding'))
            rawHeaders.push('Transfer-Encoding', 'chunked');
        const socket = new InjectSocket(options, encrypted);
        // The one bridge here: node's request and response take any duplex stream with a socket's
        // address fields (what InjectSocket is), while @types/node asks for a net.Socket.
        const stand = socket;
        const req = new node_http_1.IncomingMessage(stand);
        req.method = method;
        req.url = target;
        req.httpVersionMajor = 1;
        req.httpVersionMinor = 1;
        req.httpVersion = '1.1';
        req.rawHeaders = rawHeaders;
        req.headers = headersOf(rawHeaders);
        const res = new node_http_1.ServerResponse(req);
        if (/(?:^|,)\s*close\s*(?:,|$)/i.test(String(req.headers.connection ?? '')))
            res.shouldKeepAlive = false;
        res.assignSocket(stand);
        let settled = false;
        res.once('finish', () => {
            settled = true;
            try {
                resolve(parseResponse(Buffer.concat(socket.written), method === 'HEAD'));
            }
            catch (err) {
                reject(err);
            }
            // The connection closes: the response emits `close`, as over a socket with `Connection: close`.
            socket.destroy();
        });
        res.once('close', () => {
            if (settled)
                return;
            settled = true;
            const error = (0, errors_1.veloxError)('VELOX_ERR_INJECT_ABORTED');
            error.code = 'ERR_INJECT_ABORTED';
            reject(error);
        });
        try {
            app(req, res);
        }
        catch (err) {
            settled = true;
            reject(err);
            return;
        }
        // The body follows the head, as from a socket: the app has seen the request first.
        if (stream !== undefined) {
            pipeBody(stream, req);
        }
        else {
            if (chunk !== undefined && chunk.length !== 0)
                req.push(chunk);
            req.complete = true;
            req.push(null);
        }
    });
}
function appendQuery(target, query) {
    if (query === undefined)
        return target;
    let text;
    if (typeof query === 'string') {
        text = query.startsWith('?') ? query.slice(1) : query;
    }
    else if (query instanceof URLSearchParams) {
        text = query.toString();
    }
    else {
        const params = new URLSearchParams();
        for (const name of Object.keys(query)) {
            const value = query[name];
            if (value === undefined)
                continue;
            if (Array.isArray(value))
                for (const one of value)
                    params.append(name, String(one));
            else
                params.append(name, String(value));
        }
        text = params.toString();
    }
    if (text === '')
        return target;
    return target + (target.includes('?') ? '&' : '?') + text;
}
function bodyOf(body) {
    if (body === undefined)
        return {};
    if (typeof body === 'string')
        return { chunk: Buffer.from(body) };
    if (Buffer.isBuffer(body))
        return { chunk: body };
    if (body instanceof Uint8Array)
        return { chunk: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
    if (body !== null && typeof body === 'object' && (body instanceof node_stream_1.Readable || typeof body[Symbol.asyncIterator] === 'function')) {
        return { stream: body };
    }
    return { chunk: Buffer.from(JSON.stringify(body)), contentType: 'application/json' };
}
async function pipeBody(stream, req) {
    try {
        for await (const piece of stream) {
            const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
            if (bytes.length !== 0)
                req.push(bytes);
        }
        req.complete = true;
        req.push(null);
    }
    catch (err) {
        // A client whose upload fails: the request stream errors, as when a socket resets.
        req.destroy(err);
    }
}
// Node's client keeps the first of these and discards duplicates (http.IncomingMessage#headers).
const singleValued = new Set([
    'age',
    'authorization',
    'content-length',
    'content-type',
    'etag',
    'expires',
    'from',
    'host',
    'if-modified-since',
    'if-unmodified-since',
    'last-modified',
    'location',
    'max-forwards',
    'proxy-authorization',
    'referer',
    'retry-after',
    'server',
    'user-agent',
]);
/** Header lines to node's `headers` object: names lower-cased, duplicates combined as node does. */
function headersOf(raw) {
    const headers = Object.create(null);
    for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i].toLowerCase();
        const value = raw[i + 1];
        const existing = headers[name];
        if (name === 'set-cookie') {
            if (existing === undefined)
                headers[name] = [value];
            else
                existing.push(value);
        }
        else if (existing === undefined) {
            headers[name] = value;
        }
        else if (!singleValued.has(name)) {
            headers[name] = existing + (name === 'cookie' ? '; ' : ', ') + value;
        }
    }
    return Object.assign({}, headers);
}
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** Parses an HTTP/1.1 response as the bytes went out: informational heads skipped, chunked bodies decoded. */
function parseResponse(raw, headRequest) {
    let offset = 0;
    let statusCode = 0;
    let statusMessage = '';
    let rawHeaders = [];
    for (;;) {
        const end = raw.indexOf(HEAD_END, offset);
        if (end === -1)
            throw (0, errors_1.veloxError)('VELOX_ERR_INJECT_MALFORMED', 'an incomplete response head');
        const lines = raw.toString('latin1', offset, end).split('\r\n');
        const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0]);
        if (status === null)
            throw (0, errors_1.veloxError)('VELOX_ERR_INJECT_MALFORMED', 'a malformed status line: ' + lines[0]);
        statusCode = Number(status[1]);
        statusMessage = status[2] ?? '';
        rawHeaders = headerLines(lines, 1);
        offset = end + HEAD_END.length;
        if (statusCode >= 200 || statusCode === 101)
            break;
    }
    const headers = headersOf(rawHeaders);
    let body;
    let trailers = {};
    if (headRequest || statusCode === 204 || statusCode === 304 || statusCode < 200) {
        body = Buffer.alloc(0);
    }
    else if (/(?:^|,)\s*chunked\s*$/i.test(String(headers['transfer-encoding'] ?? ''))) {
        ({ body, trailers } = dechunk(raw, offset));
    }
    else if (headers['content-length'] !== undefined) {
        body = raw.subarray(offset, offset + Number(headers['content-length']));
    }
    else {
        body = raw.subarray(offset);
    }
    let text;
    return {
        statusCode,
        status: statusCode,
        statusMessage,
        headers,
        rawHeaders,
        trailers,
        body,
        get text() {
            if (text === undefined)
                text = body.toString('utf8');
            return text;
        },
        json() {
            if (text === undefined)
                text = body.toString('utf8');
            return JSON.parse(text);
        },
        raw,
    };
}
function headerLines(lines, from) {
    const raw = [];
    for (let i = from; i < lines.length; i++) {
        const colon = lines[i].indexOf(':');
        if (colon <= 0)
            continue;
        raw.push(lines[i].slice(0, colon), lines[i].slice(colon + 1).trim());
    }
    return raw;
}
function dechunk(raw, start) {
    const parts = [];
    let offset = start;
    for (;;) {
        const lineEnd = raw.indexOf(CRLF, offset);
        if (lineEnd === -1)
            throw (0, errors_1.veloxError)('VELOX_ERR_INJECT_MALFORMED', 'an incomplete chunked body');
        const size = Number.parseInt(raw.toString('latin1', offset, lineEnd).split(';')[0], 16);
        if (!Number.isFinite(size))
            throw (0, errors_1.veloxError)('VELOX_ERR_INJECT_MALFORMED', 'a malformed chunk size');
        offset = lineEnd + CRLF.length;
        if (size === 0)
            break;
        parts.push(raw.subarray(offset, offset + size));
        offset += size + CRLF.length;
    }
    const trailers = {};
    const end = raw.indexOf(CRLF, offset) === offset ? offset : raw.indexOf(HEAD_END, offset);
    if (end > offset) {
        const lines = raw.toString('latin1', offset, end).split('\r\n');
        const pairs = headerLines(lines, 0);
        for (let i = 0; i < pairs.length; i += 2)
            trailers[pairs[i].toLowerCase()] = pairs[i + 1];
    }
    return { body: Buffer.concat(parts), trailers };
}
}];
definitions["lazy.js"] = [{"depd":"~depd/index.js","./body":"body/index.js","./body/discard":"body/discard.js","./send/response-methods":"send/response-methods.js","./static":"static.js","./inject":"inject.js","./http2":"http2.js","./shutdown":"shutdown.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.serveStatic = exports.sendfile = exports.loadCookieSignature = exports.loadCookie = exports.loadContentDisposition = exports.loadProxyAddr = exports.loadEtag = exports.loadCrypto = exports.loadMime = exports.loadDiscard = exports.loadOnFinished = exports.loadBodyParsers = exports.loadTypeIs = exports.loadAccepts = exports.loadQs = void 0;
exports.sendFile = sendFile;
exports.download = download;
exports.injectRequest = injectRequest;
exports.handleHttp2 = handleHttp2;
exports.restoreHttp2Prototypes = restoreHttp2Prototypes;
exports.shutdown = shutdown;
exports.shutdownOnSignal = shutdownOnSignal;
const depd_1 = __importDefault(require("depd"));
/** Memoises a `require` behind a function; the module loads on the first call. */
function onFirstUse(load) {
    let value;
    return () => {
        if (value === undefined)
            value = load();
        return value;
    };
}
/** The qs module, required on first call. */
exports.loadQs = onFirstUse(() => require('qs'));
/** The accepts module, required on first call. */
exports.loadAccepts = onFirstUse(() => require('accepts'));
/** The type-is module, required on first call. */
exports.loadTypeIs = onFirstUse(() => require('type-is'));
/** The body parser module (src/body), required on first call. */
exports.loadBodyParsers = onFirstUse(() => require('./body'));
/** on-finished, required on first call. */
exports.loadOnFinished = onFirstUse(() => require('on-finished'));
/** src/body/discard.ts (reading off an unread body), required on first call. */
exports.loadDiscard = onFirstUse(() => require('./body/discard'));
/** mime@1 (the module `velox.static.mime` is), required on first call. */
exports.loadMime = onFirstUse(() => require('mime'));
/** node:crypto, required on first call. */
exports.loadCrypto = onFirstUse(() => require('node:crypto'));
/** The etag module, required on first call. */
exports.loadEtag = onFirstUse(() => require('etag'));
/** The proxy-addr module, required on first call. */
exports.loadProxyAddr = onFirstUse(() => require('proxy-addr'));
/** The content-disposition module, required on first call. */
exports.loadContentDisposition = onFirstUse(() => require('content-disposition'));
/** The cookie module, required on first call. */
exports.loadCookie = onFirstUse(() => require('cookie'));
/** The cookie-signature module, required on first call. */
exports.loadCookieSignature = onFirstUse(() => require('cookie-signature'));
const loadSendMethods = onFirstUse(() => require('./send/response-methods'));
const loadStatic = onFirstUse(() => require('./static'));
const loadInject = onFirstUse(() => require('./inject'));
const loadHttp2Compat = onFirstUse(() => require('./http2'));
const loadShutdown = onFirstUse(() => require('./shutdown'));
/** `res.sendFile`; the file engine loads with the first call. */
function sendFile(path, options, callback) {
    loadSendMethods().sendFile.call(this, path, options, callback);
}
/** `res.download`; the file engine loads with the first call. */
function download(path, filename, options, callback) {
    loadSendMethods().download.call(this, path, filename, options, callback);
}
const deprecate = (0, depd_1.default)('velox');
/** Express 4's deprecated `res.sendfile` (see send/response-methods.ts); the engine loads with the first call. */
exports.sendfile = deprecate.function(function sendfile(path, options, callback) {
    loadSendMethods().legacySendfile.call(this, path, options, callback);
}, 'res.sendfile: Use res.sendFile instead');
/** `app.inject`'s engine, loaded with the first call. */
function injectRequest(...args) {
    return loadInject().injectRequest(...args);
}
/**
 * `velox.static`: the file engine loads with the first call. `velox.static.mime`
 * is the mime module itself (loaded when read), as `express.static.mime`; an
 * assignment replaces it, as on a plain property.
 */
exports.serveStatic = function serveStatic(root, options) {
    return loadStatic().default(root, options);
};
Object.defineProperty(exports.serveStatic, 'mime', {
    configurable: true,
    enumerable: true,
    get: exports.loadMime,
    set(value) {
        Object.defineProperty(exports.serveStatic, 'mime', { configurable: true, enumerable: true, writable: true, value });
    },
});
/** `app.handle`'s HTTP/2 branch (src/http2.ts), loaded with the first HTTP/2 request. */
function handleHttp2(...args) {
    loadHttp2Compat().handleHttp2(...args);
}
/** Puts back a parent app's HTTP/2 prototypes (src/http2.ts). */
function restoreHttp2Prototypes(...args) {
    loadHttp2Compat().restoreHttp2Prototypes(...args);
}
/** `velox.shutdown` (src/shutdown.ts, loaded with the first call). */
function shutdown(server, options = {}) {
    return loadShutdown().shutdown(server, options);
}
/** `velox.shutdownOnSignal` (src/shutdown.ts, loaded with the first call). */
function shutdownOnSignal(server, options = {}) {
    return loadShutdown().shutdownOnSignal(server, options);
}
}];
definitions["lib/application.js"] = [{"../application":"application.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/application')`: the application prototype every app mixes in. */
const application_1 = require("../application");
module.exports = application_1.application;
}];
definitions["lib/construct.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
/**
 * Express 4's constructors (Layer, View) are plain functions: real packages
 * call them without `new` (`Layer(path, options, fn)`) or from function-style
 * subclasses (`View.call(this, name, options)` after `util.inherits`). Velox's
 * are classes, which throw on both. The deep-path modules export a function
 * that shares the class's prototype (so `Layer.prototype.x = …` patches the
 * object Velox's router really uses, and `instanceof` holds both ways) and
 * builds through the class in every calling style.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.construct = construct;
/**
 * Builds an instance of `Class` the way the calling style asks:
 * `new F()` / `class extends F` (`newTarget` set): constructed with that target's prototype;
 * `F.call(self)` on an instance (function-style subclass): the instance is initialized in place;
 * `F()`: a new instance, as Express's `if (!(this instanceof Layer)) return new Layer(…)`.
 */
function construct(Class, args, newTarget, self) {
    if (newTarget !== undefined)
        return Reflect.construct(Class, args, newTarget);
    if (self instanceof Class) {
        // The class runs with the subclass's prototype (its overridden methods, as
        // Express's constructor would see them), then its fields move onto `self`.
        const target = function target() { };
        target.prototype = Object.getPrototypeOf(self);
        const built = Reflect.construct(Class, args, target);
        Object.defineProperties(self, Object.getOwnPropertyDescriptors(built));
        return undefined;
    }
    return new Class(...args);
}
}];
definitions["lib/express.js"] = [{"../index":"index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/express')`: the factory itself, as `require('express')`. */
const velox = require("../index");
module.exports = velox;
}];
definitions["lib/middleware/init.js"] = [{"../../symbols":"symbols.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.init = init;
const symbols_1 = require("../../symbols");
function init(app) {
    return function expressInit(req, res, next) {
        const request = req;
        if (app.enabled('x-powered-by'))
            res.setHeader('X-Powered-By', 'Velox');
        request.res = res;
        res.req = req;
        request.next = next;
        // `req.query` parses with the parser of the first app that saw the request.
        if (request[symbols_1.kQueryParser] === undefined)
            request[symbols_1.kQueryParser] = app.get('query parser fn');
        Object.setPrototypeOf(req, app.request);
        Object.setPrototypeOf(res, app.response);
        next();
    };
}
}];
definitions["lib/middleware/query.js"] = [{"../../query":"query.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/middleware/query')`: the query middleware (`require('express').query`). */
const query_1 = require("../../query");
module.exports = query_1.query;
}];
definitions["lib/request.js"] = [{"../request":"request.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/request')`: the request prototype (`require('express').request`). */
const request_1 = require("../request");
module.exports = request_1.request;
}];
definitions["lib/response.js"] = [{"../response":"response/index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/response')`: the response prototype (`require('express').response`). */
const response_1 = require("../response");
module.exports = response_1.response;
}];
definitions["lib/router/index.js"] = [{"../../router/router":"router/router.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/router')`: Velox's Router, the prototype of every router (as Express 4's `proto`). */
const router_1 = require("../../router/router");
module.exports = router_1.Router;
}];
definitions["lib/router/layer.js"] = [{"../../router/layer":"router/layer.js","../construct":"lib/construct.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/**
 * `require('express/lib/router/layer')` with Velox installed as `express`:
 * the Layer whose prototype Velox's routers and routes use. Patches such as
 * `Layer.prototype.handle_request = …` take effect; express-async-errors'
 * `handle` accessor on the prototype is shadowed by each layer's own `handle`
 * (harmless: Velox already sends a rejected promise to `next(err)`).
 */
const layer_1 = require("../../router/layer");
const construct_1 = require("../construct");
const Layer = function Layer(path, options, fn) {
    return (0, construct_1.construct)(layer_1.Layer, [path, options || {}, fn], new.target, this);
};
Layer.prototype = layer_1.Layer.prototype;
module.exports = Layer;
}];
definitions["lib/router/route.js"] = [{"../../router/route":"router/route.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** `require('express/lib/router/route')`: Velox's Route, the same object as `require('express').Route`. */
const route_1 = require("../../router/route");
module.exports = route_1.Route;
}];
definitions["lib/utils.js"] = [{"content-type":"~content-type/index.js","depd":"~depd/index.js","../response/format":"response/format.js","../settings":"settings.js","../utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.contentDisposition = exports.flatten = exports.wetag = exports.etag = exports.normalizeType = exports.compileTrust = exports.compileQueryParser = exports.compileETag = void 0;
exports.isAbsolute = isAbsolute;
exports.normalizeTypes = normalizeTypes;
exports.setCharset = setCharset;
/**
 * `require('express/lib/utils')`: Express 4's utilities, backed by the
 * functions Velox itself uses where it has them (`etag`, `wetag`,
 * `compileETag`, `compileQueryParser`, `compileTrust`, `normalizeType`).
 * Results match express@4's for the same input (pinned by a differential test).
 */
const content_disposition_1 = __importDefault(require("content-disposition"));
const content_type_1 = __importDefault(require("content-type"));
const depd_1 = __importDefault(require("depd"));
const format_1 = require("../response/format");
Object.defineProperty(exports, "normalizeType", { enumerable: true, get: function () { return format_1.normalizeType; } });
const settings_1 = require("../settings");
Object.defineProperty(exports, "compileETag", { enumerable: true, get: function () { return settings_1.compileETag; } });
Object.defineProperty(exports, "compileQueryParser", { enumerable: true, get: function () { return settings_1.compileQueryParser; } });
Object.defineProperty(exports, "compileTrust", { enumerable: true, get: function () { return settings_1.compileTrust; } });
const utils_1 = require("../utils");
const deprecate = (0, depd_1.default)('express');
/** Strong ETag of a body. */
exports.etag = settings_1.strongETag;
/** Weak ETag of a body. */
exports.wetag = settings_1.weakETag;
/** POSIX, Windows drive (`C:\`) and UNC (`\\host`) paths; `undefined` (not `false`) otherwise, as Express. */
function isAbsolute(path) {
    if (path[0] === '/')
        return true;
    if (path[1] === ':' && (path[2] === '\\' || path[2] === '/'))
        return true;
    if (path.substring(0, 2) === '\\\\')
        return true;
    return undefined;
}
exports.flatten = deprecate.function(function flatten(values) {
    return (0, utils_1.flatten)(values);
}, 'utils.flatten: use array-flatten npm module instead');
function normalizeTypes(types) {
    const result = [];
    for (let i = 0; i < types.length; ++i)
        result.push((0, format_1.normalizeType)(types[i]));
    return result;
}
exports.contentDisposition = deprecate.function(content_disposition_1.default, 'utils.contentDisposition: use content-disposition npm module instead');
/** Sets the `charset` parameter of a Content-Type. */
function setCharset(type, charset) {
    if (!type || !charset)
        return type;
    const parsed = content_type_1.default.parse(type);
    parsed.parameters.charset = charset;
    return content_type_1.default.format(parsed);
}
}];
definitions["lib/view.js"] = [{"../view":"view.js","./construct":"lib/construct.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
/**
 * `require('express/lib/view')`: Velox's View (the default `view` setting)
 * behind a function that also works without `new` and from function-style
 * subclasses (`View.call(this, name, options)`, as kraken-style view lookups do).
 * `class MyView extends View` works as well; the prototype is the real one.
 */
const view_1 = require("../view");
const construct_1 = require("./construct");
const View = function View(name, options) {
    return (0, construct_1.construct)(view_1.View, [name, options], new.target, this);
};
View.prototype = view_1.View.prototype;
module.exports = View;
}];
definitions["model.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["otel.js"] = [{"./tracing":"tracing.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AttributeNames = void 0;
exports.instrument = instrument;
/**
 * OpenTelemetry for Velox: `require('velox/otel')`.
 *
 * Subscribes to Velox's `velox:` diagnostics channels (tracing.ts) and makes
 * the spans OpenTelemetry's Express instrumentation makes for Express 4, with
 * the same names and attributes, so dashboards and alerts built for Express
 * keep working: `middleware - jsonParser`, `router - /api`,
 * `request handler - /users/:id`, each with `http.route`, `express.name` and
 * `express.type`. Nothing is patched; `@opentelemetry/api` is an optional
 * peer dependency, loaded only by this entry point.
 *
 * @example
 * const { instrument } = require('velox/otel');
 * const handle = instrument({ tracerProvider });
 * // … later: handle.disable();
 */
const node_diagnostics_channel_1 = __importDefault(require("node:diagnostics_channel"));
const api_1 = require("@opentelemetry/api");
const tracing_1 = require("./tracing");
/** Attribute names, as the Express instrumentation and the HTTP semantic conventions spell them. */
exports.AttributeNames = {
    HTTP_ROUTE: 'http.route',
    EXPRESS_NAME: 'express.name',
    EXPRESS_TYPE: 'express.type',
    HTTP_METHOD: 'http.request.method',
    URL_PATH: 'url.path',
    HTTP_STATUS: 'http.response.status_code',
};
const SCOPE = 'velox';
/** Starts making Express-style spans for Velox requests. */
function instrument(options = {}) {
    const provider = options.tracerProvider ?? api_1.trace.getTracerProvider();
    const tracer = provider.getTracer(SCOPE);
    const ignored = new Set(options.ignoreLayersType ?? []);
    const requestSpan = options.requestSpan !== false;
    const requests = new WeakMap();
    const layers = new WeakMap();
    const onRequestStart = (message) => {
        const request = message;
        const parent = api_1.context.active();
        const active = api_1.trace.getSpan(parent);
        const method = request.req.method ?? 'GET';
        if (active !== undefined || !requestSpan) {
            requests.set(request, { ctx: parent, routeSpan: active, own: undefined, method });
            return;
        }
        const url = request.req.url ?? '/';
        const query = url.indexOf('?');
        const own = tracer.startSpan(method, { kind: api_1.SpanKind.SERVER, attributes: { [exports.AttributeNames.HTTP_METHOD]: method, [exports.AttributeNames.URL_PATH]: query === -1 ? url : url.slice(0, query) } }, parent);
        requests.set(request, { ctx: api_1.trace.setSpan(parent, own), routeSpan: own, own, method });
    };
    const onRequestError = (message) => {
        const request = message;
        const state = requests.get(request);
        if (state?.own !== undefined)
            recordError(state.own, request.error);
    };
    const onRequestEnd = (message) => {
        const request = message;
        const state = requests.get(request);
        if (state === undefined)
            return;
        requests.delete(request);
        const own = state.own;
        if (own === undefined)
            return;
        if (request.statusCode !== undefined) {
            own.setAttribute(exports.AttributeNames.HTTP_STATUS, request.statusCode);
            if (request.statusCode >= 500)
                own.setStatus({ code: api_1.SpanStatusCode.ERROR });
        }
        own.end();
    };
    const onLayerStart = (message) => {
        const layer = message;
        // As the Express instrumentation: no spans for error middleware or a route's own handlers.
        if (layer.type === 'handler' || layer.error !== undefined)
            return;
        const state = requests.get(layer.request);
        if (state === undefined)
            return;
        const type = layer.type === 'route' ? 'request_handler' : layer.type === 'router' ? 'router' : 'middleware';
        const route = layer.route;
        if (type === 'request_handler' && state.routeSpan !== undefined) {
            state.routeSpan.setAttribute(exports.AttributeNames.HTTP_ROUTE, route);
            state.routeSpan.updateName(state.method + ' ' + route);
        }
        // As the Express instrumentation: layer spans only under a request span.
        if (ignored.has(type) || api_1.trace.getSpan(state.ctx) === undefined)
            return;
        const name = type === 'request_handler' ? route : type === 'router' ? layer.path : layer.name;
        const spanName = type === 'request_handler' ? 'request handler - ' + route : type + ' - ' + name;
        const attributes = {
            [exports.AttributeNames.HTTP_ROUTE]: route,
            [exports.AttributeNames.EXPRESS_NAME]: name,
            [exports.AttributeNames.EXPRESS_TYPE]: type,
        };
        layers.set(layer, tracer.startSpan(spanName, { attributes }, state.ctx));
    };
    const onLayerError = (message) => {
        const layer = message;
        const span = layers.get(layer);
        if (span !== undefined)
            recordError(span, layer.error);
    };
    const onLayerEnd = (message) => {
        const layer = message;
        const span = layers.get(layer);
        if (span === undefined)
            return;
        layers.delete(layer);
        span.end();
    };
    const subscriptions = [
        [tracing_1.channelNames.requestStart, onRequestStart],
        [tracing_1.channelNames.requestError, onRequestError],
        [tracing_1.channelNames.requestEnd, onRequestEnd],
        [tracing_1.channelNames.layerStart, onLayerStart],
        [tracing_1.channelNames.layerError, onLayerError],
        [tracing_1.channelNames.layerEnd, onLayerEnd],
    ];
    for (const [name, listener] of subscriptions)
        node_diagnostics_channel_1.default.subscribe(name, listener);
    let enabled = true;
    return {
        disable() {
            if (!enabled)
                return;
            enabled = false;
            for (const [name, listener] of subscriptions)
                node_diagnostics_channel_1.default.unsubscribe(name, listener);
        },
    };
}
function recordError(span, error) {
    if (error instanceof Error) {
        span.recordException(error);
        span.setStatus({ code: api_1.SpanStatusCode.ERROR, message: error.message });
    }
    else {
        span.recordException(String(error));
        span.setStatus({ code: api_1.SpanStatusCode.ERROR, message: String(error) });
    }
}
}];
definitions["query.js"] = [{"./lazy":"lazy.js","./url":"url.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.query = query;
const lazy_1 = require("./lazy");
const url_1 = require("./url");
function query(options) {
    let parse = (0, lazy_1.loadQs)().parse;
    let opts = Object.assign({}, options);
    if (typeof options === 'function') {
        parse = options;
        opts = undefined;
    }
    if (opts !== undefined && opts.allowPrototypes === undefined)
        opts.allowPrototypes = true;
    return function query(req, _res, next) {
        if (!req.query)
            req.query = parse((0, url_1.queryStringOf)(req.url), opts);
        next();
    };
}
}];
definitions["request.js"] = [{"./lazy":"lazy.js","depd":"~depd/index.js","fresh":"~fresh/index.js","range-parser":"~range-parser/index.js","./symbols":"symbols.js","./timeout":"timeout.js","./url":"url.js","./errors":"errors.js","./utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.request = void 0;
/**
 * The request prototype (`velox.request`): node's IncomingMessage plus
 * Express 4's members, with Express 4.22's behaviour to the byte. Each app's
 * `app.request` inherits it (and carries `app`), so a helper added here shows
 * up on every request.
 *
 * Every getter computes on read and caches nothing, as in Express: a request
 * pays only for what it reads, and a value read twice follows any change made
 * in between (headers, `trust proxy` of a mounted sub-app, the response status).
 * `req.query` is the exception, computed once as Express does (see below).
 * Getters read `this.headers` directly where Express calls `this.get(name)`:
 * the same value without a call, lower-casing and a switch per read.
 */
const lazy_1 = require("./lazy");
const node_http_1 = require("node:http");
const node_net_1 = require("node:net");
const node_url_1 = require("node:url");
const depd_1 = __importDefault(require("depd"));
const fresh_1 = __importDefault(require("fresh"));
const range_parser_1 = __importDefault(require("range-parser"));
const symbols_1 = require("./symbols");
const timeout_1 = require("./timeout");
const url_1 = require("./url");
const errors_1 = require("./errors");
const utils_1 = require("./utils");
const deprecate = (0, depd_1.default)('velox');
exports.request = Object.create(node_http_1.IncomingMessage.prototype);
/** A getter as Express's `defineGetter` makes it: configurable, enumerable, no setter (assignment throws in strict code). */
function defineGetter(name, getter) {
    Object.defineProperty(exports.request, name, { configurable: true, enumerable: true, get: getter });
}
// A plain read of `settings` follows the sub-app settings chain exactly as
// `app.get(name)` does for these names, without its own-property walk.
function trustOf(req) {
    return req.app.settings['trust proxy fn'];
}
function remoteAddressOf(req) {
    return req.socket.remoteAddress;
}
/**
 * A request header, case-insensitive; `Referer` and `Referrer` are interchangeable. Aliased as `req.header`.
 *
 * @example
 * req.get('content-type'); // => 'text/plain'
 */
function header(name) {
    if (!name)
        throw (0, errors_1.veloxError)('VELOX_ERR_REQ_GET_NAME_REQUIRED');
    if (typeof name !== 'string')
        throw (0, errors_1.veloxError)('VELOX_ERR_REQ_GET_NAME_TYPE');
    const lc = name.toLowerCase();
    switch (lc) {
        case 'referer':
        case 'referrer':
            return this.headers.referrer || this.headers.referer;
        default:
            return this.headers[lc];
    }
}
exports.request.get = header;
exports.request.header = header;
// Negotiation objects are built only when a negotiation method is called.
/**
 * The best of the given types the client accepts (extensions or MIME types), `false` if none;
 * with no argument, the accepted types in preference order.
 *
 * @example
 * // Accept: text/*, application/json
 * req.accepts('html', 'json'); // => 'html'
 */
exports.request.accepts = function acceptsTypes(...types) {
    const accept = (0, lazy_1.loadAccepts)()(this);
    return accept.types.apply(accept, types);
};
/**
 * The first accepted of the given encodings, `false` if none; with no argument, the accepted encodings.
 *
 * @example
 * req.acceptsEncodings('gzip', 'deflate'); // => 'gzip'
 */
exports.request.acceptsEncodings = function acceptsEncodings(...encodings) {
    const accept = (0, lazy_1.loadAccepts)()(this);
    return accept.encodings.apply(accept, encodings);
};
exports.request.acceptsEncoding = deprecate.function(exports.request.acceptsEncodings, 'req.acceptsEncoding: Use acceptsEncodings instead');
/**
 * The first accepted of the given charsets, `false` if none; with no argument, the accepted charsets.
 *
 * @example
 * req.acceptsCharsets('utf-8'); // => 'utf-8'
 */
exports.request.acceptsCharsets = function acceptsCharsets(...charsets) {
    const accept = (0, lazy_1.loadAccepts)()(this);
    return accept.charsets.apply(accept, charsets);
};
exports.request.acceptsCharset = deprecate.function(exports.request.acceptsCharsets, 'req.acceptsCharset: Use acceptsCharsets instead');
/**
 * The first accepted of the given languages, `false` if none; with no argument, the accepted languages.
 *
 * @example
 * req.acceptsLanguages('en', 'fr'); // => 'fr' for Accept-Language: fr
 */
exports.request.acceptsLanguages = function acceptsLanguages(...languages) {
    const accept = (0, lazy_1.loadAccepts)()(this);
    return accept.languages.apply(accept, languages);
};
exports.request.acceptsLanguage = deprecate.function(exports.request.acceptsLanguages, 'req.acceptsLanguage: Use acceptsLanguages instead');
/**
 * The `Range` header parsed against `size`: an array of `{ start, end }` with a `type`,
 * `-1` when unsatisfiable, `-2` when malformed, undefined without the header.
 *
 * @example
 * req.range(1000, { combine: true }); // => [{ start: 0, end: 99 }] with type 'bytes'
 */
exports.request.range = function range(size, options) {
    const value = this.headers.range;
    if (!value)
        return undefined;
    return (0, range_parser_1.default)(size, value, options);
};
/**
 * Deprecated: the value of `name` from the route params, then the body, then the query, else `defaultValue`.
 *
 * @example
 * req.param('id'); // prefer req.params.id, req.body.id or req.query.id
 */
exports.request.param = function param(...args) {
    const name = args[0];
    const params = (this.params || {});
    const body = (this.body || {});
    const query = (this.query || {});
    // Express names the signature by argument count: `name` for exactly one, `name, default` otherwise.
    deprecate('req.param(' + (args.length === 1 ? 'name' : 'name, default') + '): Use req.params, req.body, or req.query instead');
    // Express calls `params.hasOwnProperty(name)`, which throws for a route param named `hasOwnProperty`; safer here.
    if (null != params[name] && (0, utils_1.hasOwn)(params, name))
        return params[name];
    if (null != body[name])
        return body[name];
    if (null != query[name])
        return query[name];
    return args[1];
};
/**
 * The matched type when the request has a body whose `Content-Type` is one of `types`
 * (extensions, MIME types, wildcards), `false` when none matches, `null` without a body.
 *
 * @example
 * // Content-Type: application/json
 * req.is('json'); // => 'json'
 */
exports.request.is = function is(...types) {
    const first = types[0];
    return (0, lazy_1.loadTypeIs)()(this, (Array.isArray(first) ? first : types));
};
/**
 * `http`, or `https` over TLS; from a peer `trust proxy` trusts, the first `X-Forwarded-Proto` value.
 *
 * @example
 * app.set('trust proxy', 'loopback'); // behind a local TLS-terminating proxy
 * req.protocol; // => 'https'
 */
defineGetter('protocol', function protocol() {
    const proto = this.socket.encrypted ? 'https' : 'http';
    if (!trustOf(this)(remoteAddressOf(this), 0))
        return proto;
    // X-Forwarded-Proto is normally a single value; take the first to be safe (as Express).
    const value = this.headers['x-forwarded-proto'] || proto;
    const index = value.indexOf(',');
    return index !== -1 ? value.substring(0, index).trim() : value.trim();
});
/**
 * `req.protocol === 'https'`.
 *
 * @example
 * if (!req.secure) res.redirect('https://' + req.hostname + req.originalUrl);
 */
defineGetter('secure', function secure() {
    return this.protocol === 'https';
});
/**
 * The client address: the peer's, or with `trust proxy` the untrusted `X-Forwarded-For` entry nearest to the server.
 *
 * @example
 * req.ip; // => '203.0.113.7'
 */
defineGetter('ip', function ip() {
    const trust = trustOf(this);
    // Without X-Forwarded-For the answer is the peer address and proxy-addr would not
    // call `trust`: skip its array building (most requests).
    if (!this.headers['x-forwarded-for'] && trust)
        return remoteAddressOf(this);
    return (0, lazy_1.loadProxyAddr)()(this, trust);
});
/**
 * With `trust proxy`, the `X-Forwarded-For` addresses from the client to the furthest trusted proxy; otherwise `[]`.
 *
 * @example
 * // X-Forwarded-For: client, proxy1, proxy2 (all trusted)
 * req.ips; // => ['client', 'proxy1', 'proxy2']
 */
defineGetter('ips', function ips() {
    // Without X-Forwarded-For there is only the peer address, which is removed: `[]`.
    if (!this.headers['x-forwarded-for'])
        return [];
    const addresses = (0, lazy_1.loadProxyAddr)().all(this, trustOf(this));
    // Farthest to closest, without the socket address.
    addresses.reverse().pop();
    return addresses;
});
/**
 * The subdomains of `req.hostname`, most specific last, after removing `subdomain offset` parts; `[]` for an IP.
 *
 * @example
 * // Host: tobi.ferrets.example.com
 * req.subdomains; // => ['ferrets', 'tobi']
 */
defineGetter('subdomains', function subdomains() {
    const hostname = this.hostname;
    if (!hostname)
        return [];
    const offset = this.app.settings['subdomain offset'];
    const parts = !(0, node_net_1.isIP)(hostname) ? hostname.split('.').reverse() : [hostname];
    return parts.slice(offset);
});
/**
 * The pathname of `req.url` (without the mount path inside mounted middleware).
 *
 * @example
 * // GET /users/1?sort=desc
 * req.path; // => '/users/1'
 */
defineGetter('path', function path() {
    const url = this.url;
    const pathname = (0, url_1.pathnameOf)(url);
    if (pathname !== undefined || typeof url !== 'string')
        return pathname;
    // parseurl's answer when the URL has no pathname (null), or its throw for an unparsable URL.
    return (0, node_url_1.parse)(url).pathname;
});
/**
 * The `Host` header without its port (IPv6 literals kept whole); with a trusted peer, the first `X-Forwarded-Host` value.
 *
 * @example
 * // Host: example.com:3000
 * req.hostname; // => 'example.com'
 */
defineGetter('hostname', function hostname() {
    let host = this.headers['x-forwarded-host'];
    if (!host || !trustOf(this)(remoteAddressOf(this), 0)) {
        // HTTP/2 clients send `:authority` instead of Host (never present on HTTP/1).
        host = this.headers.host ?? this.headers[':authority'];
    }
    else if (host.indexOf(',') !== -1) {
        // X-Forwarded-Host is normally a single value; take the first to be safe (as Express).
        host = host.substring(0, host.indexOf(',')).trimEnd();
    }
    if (!host)
        return undefined;
    // IPv6 literal support: the port colon comes after the closing bracket.
    const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0;
    const index = host.indexOf(':', offset);
    return index !== -1 ? host.substring(0, index) : host;
});
/**
 * Deprecated alias of `req.hostname` (Express 4 wording in the warning).
 *
 * @example
 * req.host; // prefer req.hostname
 */
defineGetter('host', deprecate.function(function host() {
    return this.hostname;
}, 'req.host: Use req.hostname instead'));
/**
 * Whether the client's cached copy is still valid (ETag / Last-Modified against the conditional
 * request headers, for GET, HEAD or QUERY and a 2xx or 304 status; never with `Cache-Control: no-cache`).
 *
 * @example
 * res.set('ETag', tag);
 * if (req.fresh) return res.sendStatus(304);
 */
defineGetter('fresh', function isFresh() {
    const method = this.method;
    const res = this.res;
    const status = res.statusCode;
    // GET, HEAD or QUERY for weak freshness validation only (Express 4.22).
    if ('GET' !== method && 'HEAD' !== method && 'QUERY' !== method)
        return false;
    // 2xx or 304, as per RFC 2616 14.26.
    if ((status >= 200 && status < 300) || 304 === status) {
        const headers = this.headers;
        // Hot path (every res.send): `fresh` answers false without conditional request
        // headers; checking them first skips two getHeader calls and an object.
        if (!headers['if-none-match'] && !headers['if-modified-since'])
            return false;
        return (0, fresh_1.default)(headers, { etag: res.getHeader('ETag'), 'last-modified': res.getHeader('Last-Modified') });
    }
    return false;
});
/**
 * `!req.fresh`.
 *
 * @example
 * if (req.stale) res.send(body);
 */
defineGetter('stale', function stale() {
    return !this.fresh;
});
/**
 * Whether `X-Requested-With` is `XMLHttpRequest` (any case).
 *
 * @example
 * if (req.xhr) res.json(data);
 */
defineGetter('xhr', function xhr() {
    const value = this.headers['x-requested-with'] || '';
    return value.toLowerCase() === 'xmlhttprequest';
});
function defineOwnQuery(req, value) {
    Object.defineProperty(req, 'query', { configurable: true, enumerable: true, writable: true, value });
}
/**
 * The parsed query string, per the `query parser` setting (`{}` when disabled). Untrusted input.
 *
 * @example
 * // GET /search?q=velox&tags[]=fast
 * req.query; // => { q: 'velox', tags: ['fast'] }
 */
// `req.query` is parsed on first read, not per request: most requests never
// read it. The parser is the one of the app whose router saw the request first
// (Express parses there) and the URL is the original one, so the value is what
// Express would have computed eagerly. The value then becomes an own data
// property, as Express's is: later reads are plain reads and assignment
// replaces it, as in Express.
Object.defineProperty(exports.request, 'query', {
    configurable: true,
    enumerable: true,
    get() {
        const parse = this[symbols_1.kQueryParser];
        if (parse === undefined)
            return undefined;
        const value = parse((0, url_1.queryStringOf)(this.originalUrl ?? this.url));
        defineOwnQuery(this, value);
        return value;
    },
    set(value) {
        defineOwnQuery(this, value);
    },
});
/**
 * An `AbortSignal` that aborts when the client goes away before the response
 * finished, or when `velox.timeout` fires; made on first read (see timeout.ts).
 *
 * @example
 * const data = await fetch(upstream, { signal: req.signal });
 */
Object.defineProperty(exports.request, 'signal', timeout_1.signalDescriptor);
}];
definitions["response/cookie.js"] = [{"depd":"~depd/index.js","../errors":"errors.js","../lazy":"lazy.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.clearCookie = clearCookie;
exports.cookie = cookie;
const depd_1 = __importDefault(require("depd"));
const errors_1 = require("../errors");
// cookie and cookie-signature (with node:crypto) load with the first res.cookie (startup; see lazy.ts).
const lazy_1 = require("../lazy");
const deprecate = (0, depd_1.default)('velox');
/** `utils-merge`, as Express 4 copies cookie options: every enumerable key, inherited ones too. */
function merge(target, source) {
    if (target && source) {
        const from = source;
        const to = target;
        for (const key in from)
            to[key] = from[key];
    }
    return target;
}
const clearCookieMaxAgeMessage = 'res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
const clearCookieExpiresMessage = 'res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';
/**
 * Clears a cookie: the same name and options (path defaults to `/`) with an
 * Expires date in the past.
 *
 * @example
 * res.clearCookie('session', { path: '/admin' });
 */
function clearCookie(name, options) {
    if (options) {
        if (options.maxAge)
            deprecate(clearCookieMaxAgeMessage);
        if (options.expires)
            deprecate(clearCookieExpiresMessage);
    }
    const opts = merge({ expires: new Date(1), path: '/' }, options);
    return this.cookie(name, '', opts);
}
/**
 * Sets a cookie. Objects are serialised as `j:` + JSON; `signed` signs with
 * `req.secret` (cookie-parser); `maxAge` (ms) sets Expires and Max-Age (s).
 * An invalid name, value, path, domain or option throws a TypeError rather
 * than injecting attributes.
 *
 * @example
 * res.cookie('remember', '1', { maxAge: 900000, httpOnly: true });
 */
function cookie(name, value, options) {
    const opts = merge({}, options);
    const secret = this.req.secret;
    const signed = opts.signed;
    if (signed && !secret)
        throw (0, errors_1.veloxError)('VELOX_ERR_SIGNED_COOKIE_SECRET');
    let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
    if (signed)
        val = 's:' + (0, lazy_1.loadCookieSignature)().sign(val, secret);
    if (opts.maxAge != null) {
        // `- 0` as Express: numeric strings count, anything else leaves maxAge as given.
        const maxAge = opts.maxAge - 0;
        if (!Number.isNaN(maxAge)) {
            opts.expires = new Date(Date.now() + maxAge);
            opts.maxAge = Math.floor(maxAge / 1000);
        }
    }
    if (opts.path == null)
        opts.path = '/';
    return this.append('Set-Cookie', (0, lazy_1.loadCookie)().serialize(name, String(val), opts));
}
}];
definitions["response/fast-headers.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.setContentType = setContentType;
exports.setContentLength = setContentLength;
exports.setETag = setETag;
exports.setPoweredBy = setPoweredBy;
exports.getContentType = getContentType;
exports.getETag = getETag;
exports.removeErrorPageHeaders = removeErrorPageHeaders;
exports.setErrorPageHeaders = setErrorPageHeaders;
/**
 * The headers `res.send` sets on every response (Content-Type, Content-Length,
 * ETag), stored the way node's own `setHeader` stores them, without its
 * per-call checks.
 *
 * Measured (in-process, node 20, the machine shared): four `setHeader` calls
 * cost 3–4× the same four stores made directly — each call validates the
 * name against the token grammar, the value against the header-character
 * grammar, and lower-cases the name. For names that are constants and
 * values Velox made itself (a decimal length, a hash, a MIME type from its
 * own table) those checks cannot fail, so they are skipped.
 *
 * Nothing observable changes:
 * - the store is node's own table (`getHeader`, `getHeaders`, `hasHeader`,
 *   `removeHeader`, `writeHead` and the head node writes read it as if
 *   `setHeader` had been called), checked once at startup on a real
 *   ServerResponse: if this node stores headers differently, every call goes
 *   through `setHeader`;
 * - a response whose `setHeader` was replaced or wrapped (by a middleware,
 *   a test spy, an agent patching the prototype before or after Velox
 *   loads) gets the call, as in Express;
 * - once the head is sent, `setHeader` runs and throws ERR_HTTP_HEADERS_SENT
 *   exactly as Express's `res.set` would.
 */
const node_http_1 = require("node:http");
/**
 * An empty header table in V8's fast mode: node makes its table with
 * `{ __proto__: null }`, a dictionary from the start; an instance of this
 * constructor gets named properties along one shared chain of hidden classes
 * (X-Powered-By, Content-Type, Content-Length, ETag in the same order on
 * every response), cheaper to fill and to walk when node writes the head.
 * Measured (new ServerResponse, the four headers of a `res.send`, `writeHead`;
 * medians of 9, shared machine): 9.9 µs with node's table, 4.2 µs with this
 * one; in bench/micro.js a hello request went from 1.20× raw node's CPU to
 * 1.01×. Its prototype is an empty object with no prototype of its own, so a lookup
 * of any name that was not set is `undefined`, as in node's table
 * (`hasHeader('constructor')` is false).
 */
// The one bridge here: TypeScript gives a function expression no construct signature.
const FastTable = function HeaderTable() { };
FastTable.prototype = Object.create(null);
const nodeSetHeader = node_http_1.ServerResponse.prototype.setHeader;
const nodeGetHeader = node_http_1.ServerResponse.prototype.getHeader;
const nodeRemoveHeader = node_http_1.ServerResponse.prototype.removeHeader;
/** Node's symbol for the header table of an outgoing message, or undefined when it cannot be used. */
const kOutHeaders = findHeaderTable();
function findHeaderTable() {
    // A `setHeader` wrapped before Velox loaded (an APM agent preloaded with
    // `-r`, say) must keep seeing every call: node's own has this check in it.
    if (!Function.prototype.toString.call(nodeSetHeader).includes('validateHeaderName'))
        return undefined;
    try {
        const probe = new node_http_1.ServerResponse(new node_http_1.IncomingMessage(null));
        const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'kOutHeaders');
        if (symbol === undefined)
            return undefined;
        const table = new FastTable();
        table['content-length'] = ['Content-Length', '12'];
        probe[symbol] = table;
        probe.setHeader('ETag', '"x"');
        const same = probe.getHeader('content-length') === '12' &&
            probe.hasHeader('Content-Length') &&
            !probe.hasHeader('constructor') &&
            probe.getHeaderNames().join() === 'content-length,etag' &&
            probe.getRawHeaderNames().join() === 'Content-Length,ETag';
        // The head node builds from the table (its for…in walk).
        probe.writeHead(200);
        const head = probe._header ?? '';
        return same && head.includes('\r\nContent-Length: 12\r\nETag: "x"\r\n') ? symbol : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * The table `setHeader` would store into, for a direct store; undefined when `setHeader` must be
 * called (no usable table symbol, the head already written, or `setHeader` replaced). `_header`
 * is what the `headersSent` getter reads; the table is made with the same literal as node's.
 * Measured with a new ServerResponse per iteration (medians of 9 runs, shared machine): four
 * `setHeader` calls 1.5–2.1 µs, four direct stores 0.3–0.5 µs.
 */
function writableTable(res) {
    const holder = res;
    if (kOutHeaders === undefined || holder._header !== null || res.setHeader !== nodeSetHeader)
        return undefined;
    let table = holder[kOutHeaders];
    if (table === null) {
        table = new FastTable();
        holder[kOutHeaders] = table;
    }
    return table;
}
/** The table `getHeader` reads (null: no header set yet); undefined when `getHeader` must be called. */
function readableTable(res) {
    if (kOutHeaders === undefined || res.getHeader !== nodeGetHeader)
        return undefined;
    return res[kOutHeaders] ?? null;
}
// The headers of every `res.send`, one function each, so that each store and load names its
// key in the code: V8 then compiles a named property access with its own inline cache at each
// site, where one shared `table[lower]` would be one keyed access for every header
// (megamorphic: ~190 instructions a store, ~240 a load, callgrind). Measured (bench/count.js:
// callgrind, 4,000 requests after 20,000, instructions per request, against one shared
// keyed setter and getter): hello 43,162 → 42,201, json 56,020 → 54,920, rest 83,358 → 82,244, notfound
// 55,499 → 54,929.
/** `res.setHeader('Content-Type', value)` for a valid `value`. */
function setContentType(res, value) {
    const table = writableTable(res);
    if (table === undefined)
        res.setHeader('Content-Type', value);
    else
        table['content-type'] = ['Content-Type', value];
}
/** `res.setHeader('Content-Length', value)` for a length (a number stays a number, as with `setHeader`). */
function setContentLength(res, value) {
    const table = writableTable(res);
    if (table === undefined)
        res.setHeader('Content-Length', value);
    else
        table['content-length'] = ['Content-Length', value];
}
/** `res.setHeader('ETag', value)` for an ETag Velox computed. */
function setETag(res, value) {
    const table = writableTable(res);
    if (table === undefined)
        res.setHeader('ETag', value);
    else
        table.etag = ['ETag', value];
}
/** `res.setHeader('X-Powered-By', value)` for a constant `value`. */
function setPoweredBy(res, value) {
    const table = writableTable(res);
    if (table === undefined)
        res.setHeader('X-Powered-By', value);
    else
        table['x-powered-by'] = ['X-Powered-By', value];
}
/** `res.getHeader('content-type')`. */
function getContentType(res) {
    const table = readableTable(res);
    if (table === undefined)
        return res.getHeader('content-type');
    const entry = table === null ? undefined : table['content-type'];
    return entry === undefined ? undefined : entry[1];
}
/** `res.getHeader('etag')`. */
function getETag(res) {
    const table = readableTable(res);
    if (table === undefined)
        return res.getHeader('etag');
    const entry = table === null ? undefined : table.etag;
    return entry === undefined ? undefined : entry[1];
}
/**
 * The final handler's three removals (`res.removeHeader` of Content-Encoding, Content-Language,
 * Content-Range, in that order): none of them is a name node's `removeHeader` gives a meaning
 * of its own, and removing a header that is not set changes nothing, so the common case is three
 * lookups; a header that is set, a replaced `removeHeader` or a sent head gets node's call.
 */
function removeErrorPageHeaders(res) {
    const holder = res;
    if (kOutHeaders !== undefined && holder._header === null && res.removeHeader === nodeRemoveHeader) {
        const table = holder[kOutHeaders];
        if (table === null || (table['content-encoding'] === undefined && table['content-language'] === undefined && table['content-range'] === undefined))
            return;
    }
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Language');
    res.removeHeader('Content-Range');
}
/** The final handler's `Content-Security-Policy: default-src 'none'` and `X-Content-Type-Options: nosniff`. */
function setErrorPageHeaders(res) {
    const table = writableTable(res);
    if (table === undefined) {
        res.setHeader('Content-Security-Policy', "default-src 'none'");
        res.setHeader('X-Content-Type-Options', 'nosniff');
        return;
    }
    table['content-security-policy'] = ['Content-Security-Policy', "default-src 'none'"];
    table['x-content-type-options'] = ['X-Content-Type-Options', 'nosniff'];
}
}];
definitions["response/format.js"] = [{"../errors":"errors.js","../lazy":"lazy.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.format = format;
exports.normalizeType = normalizeType;
/**
 * `res.format`: content negotiation over `Accept` with Express 4's rules.
 */
const errors_1 = require("../errors");
const lazy_1 = require("../lazy");
/**
 * Runs the callback of the best type for `Accept` (the first when `Accept`
 * is absent), setting Content-Type and `Vary: Accept`; with no match it runs
 * `default`, or passes a 406 error to `next`.
 *
 * @example
 * res.format({ text: () => res.send('hey'), json: () => res.send({ message: 'hey' }) });
 */
function format(object) {
    const req = this.req;
    const next = req.next;
    const keys = Object.keys(object).filter((key) => key !== 'default');
    // Given a list, `accepts` answers one of it or false.
    const key = keys.length > 0 ? req.accepts(keys) : false;
    this.vary('Accept');
    if (key) {
        this.set('Content-Type', normalizeType(key).value);
        object[key](req, this, next);
    }
    else if (object.default) {
        object.default(req, this, next);
    }
    else {
        next((0, errors_1.requestError)('VELOX_ERR_NOT_ACCEPTABLE', [], { types: keys.map((name) => normalizeType(name).value) }));
    }
    return this;
}
/** Express's `utils.normalizeType`: a MIME type with its parameters, or an extension looked up. */
function normalizeType(type) {
    if (type.indexOf('/') === -1)
        return { value: (0, lazy_1.loadMime)().lookup(type), params: {} };
    const parts = type.split(/ *; */);
    const result = { value: parts[0], quality: 1, params: {} };
    for (let i = 1; i < parts.length; ++i) {
        const pair = parts[i].split(/ *= */);
        if (pair[0] === 'q')
            result.quality = Number.parseFloat(pair[1]);
        else
            result.params[pair[0]] = pair[1];
    }
    return result;
}
}];
definitions["response/index.js"] = [{"content-type":"~content-type/index.js","depd":"~depd/index.js","statuses":"~statuses/index.js","vary":"~vary/index.js","../errors":"errors.js","../lazy":"lazy.js","../settings":"settings.js","../utils":"utils.js","./cookie":"response/cookie.js","./fast-headers":"response/fast-headers.js","./format":"response/format.js","./json":"response/json.js","./redirect":"response/redirect.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.response = void 0;
/**
 * The response prototype (`velox.response`): node's ServerResponse plus
 * Express 4's members, byte-compatible with express@4.22 — status codes,
 * header values and their order, bodies, deprecation messages. Each app's
 * `app.response` inherits it and carries `app`; `req` is set per request.
 */
const node_http_1 = require("node:http");
const node_path_1 = require("node:path");
const content_type_1 = __importDefault(require("content-type"));
const depd_1 = __importDefault(require("depd"));
const statuses_1 = __importDefault(require("statuses"));
const vary_1 = __importDefault(require("vary"));
const errors_1 = require("../errors");
// The file engine, mime, content-disposition: loaded with their first use (startup; see lazy.ts).
const lazy_1 = require("../lazy");
const settings_1 = require("../settings");
const utils_1 = require("../utils");
const cookie_1 = require("./cookie");
const fast_headers_1 = require("./fast-headers");
const format_1 = require("./format");
const json_1 = require("./json");
const redirect_1 = require("./redirect");
const deprecate = (0, depd_1.default)('velox');
exports.response = Object.create(node_http_1.ServerResponse.prototype);
const charsetRegExp = /;\s*charset\s*=/;
// mime@1's `charsets.lookup` takes an optional fallback its types call required.
const mimeCharsets = () => (0, lazy_1.loadMime)().charsets;
// mime@1's extension table, untyped by @types/mime.
const mimeTypes = () => (0, lazy_1.loadMime)();
/**
 * Sets the status code. Chainable. As in express@4.22 a string or fractional
 * code between 100 and 999 warns; any value is assigned, and node rejects an
 * invalid one when the head is written.
 *
 * @example
 * res.status(404).send('Not here');
 */
function status(code) {
    const value = code;
    if ((typeof value === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
        deprecate('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
    }
    this.statusCode = code;
    return this;
}
/**
 * Appends `<url>; rel="name"` entries to the `Link` header.
 *
 * @example
 * res.links({ next: '/users?page=2', last: '/users?page=5' });
 */
function links(links) {
    let link = this.get('Link') || '';
    if (link)
        link += ', ';
    const entries = Object.keys(links).map((rel) => '<' + links[rel] + '>; rel="' + rel + '"');
    return this.set('Link', link + entries.join(', '));
}
/**
 * Sends the response: strings as HTML (utf-8), Buffers as octet-stream,
 * anything else as JSON; sets Content-Length and the ETag the `etag` setting
 * asks for; answers 304 when the request is fresh; no body for HEAD, 204, 304.
 *
 * Hot path — change with care: settings are read straight off `app.settings`
 * (what `app.get` returns for these keys: own or inherited from a parent
 * app); a rest parameter, not `arguments`, detects the deprecated
 * two-argument forms exactly (measured: no cost against a fixed parameter);
 * the common Content-Type is set with one `setHeader`; the ETag is computed
 * only when the `etag` setting asks for one. Kept in one piece on purpose:
 * split into named steps (a string step and a Buffer step each setting
 * Content-Length and the ETag, then `endSend`; see this file's history) it
 * measured, with callgrind (4,000 requests after 20,000 of warm-up, `node
 * --predictable`, bench/apps scenarios), -0.5% (hello) to 0.0% (rest) but
 * +1.0% on routes outside V8's compiler and GC (+2.9% in all, repeated),
 * more than noise.
 *
 * @example
 * res.send('<p>hello</p>');
 * res.send({ ok: true });
 */
function send(body, ...rest) {
    let chunk = rest.length === 1 ? (0, json_1.twoArgumentBody)(this, 'send', body, rest[0], deprecate) : body;
    let encoding;
    const req = this.req;
    // res.send(status): the status message as text (deprecated)
    if (typeof chunk === 'number' && rest.length === 0) {
        if (!this.getHeader('Content-Type'))
            this.type('txt');
        deprecate('res.send(status): Use res.sendStatus(status) instead');
        this.statusCode = chunk;
        chunk = statuses_1.default.message[chunk];
    }
    switch (typeof chunk) {
        case 'string': {
            encoding = 'utf8';
            const type = (0, fast_headers_1.getContentType)(this);
            if (!type)
                setDefaultHtmlType(this);
            else
                setUtf8Charset(this, type);
            break;
        }
        case 'boolean':
        case 'number':
        case 'object':
            if (chunk === null) {
                // Express sends null as an empty string, typed only if a type was set.
                chunk = '';
                encoding = 'utf8';
                setUtf8Charset(this, this.getHeader('Content-Type'));
            }
            else if (Buffer.isBuffer(chunk)) {
                if (!this.getHeader('Content-Type'))
                    this.type('bin');
            }
            else {
                return this.json(chunk);
            }
            break;
    }
    // ETag only when the setting compiled to a function and none was set.
    const etagFn = this.app.settings['etag fn'];
    const generateETag = typeof etagFn === 'function' && !(0, fast_headers_1.getETag)(this);
    if (chunk !== undefined) {
        let length;
        let etag;
        if (typeof chunk === 'string') {
            length = Buffer.byteLength(chunk, 'utf8');
            if (generateETag || chunk.length >= 1000) {
                // Express turns the string into a Buffer here, so node writes the
                // head on its own, latin1-encoded: a header value with U+0080–U+00FF
                // (`res.set('X-Name', 'José')`, a Content-Disposition fallback
                // filename) goes out as one byte each. Writing a string instead
                // makes node glue the head to the body in the body's encoding
                // (UTF-8: C3 A9 for é). An ASCII body (byte length = string length)
                // is written as a latin1 string: the same body bytes, the head as
                // Express sends it, no Buffer made and one write, not two. Any other
                // body becomes a Buffer, as in Express.
                etag = generateETag ? (0, settings_1.builtInETagOfString)(etagFn, chunk, length) : undefined;
                if (length === chunk.length)
                    encoding = 'latin1';
                else {
                    chunk = Buffer.from(chunk, 'utf8');
                    encoding = undefined;
                }
            }
        }
        else if (Buffer.isBuffer(chunk)) {
            length = chunk.length;
        }
        else {
            // Express fails here the same way for a body that is neither (a Symbol…).
            chunk = Buffer.from(chunk, encoding);
            encoding = undefined;
            length = chunk.length;
        }
        (0, fast_headers_1.setContentLength)(this, String(length));
        if (generateETag) {
            if (etag !== undefined)
                (0, fast_headers_1.setETag)(this, etag);
            else {
                chunk = setCustomETag(this, etagFn, chunk, encoding);
                encoding = undefined;
            }
        }
    }
    endSend(this, req, chunk, encoding);
    return this;
}
/**
 * A custom `etag fn` gets a Buffer (and no encoding), as in Express; its value goes through
 * node's checks. Returns the body as a Buffer, which is then written as is.
 */
function setCustomETag(res, etagFn, chunk, encoding) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    const custom = etagFn(buffer, undefined);
    if (custom)
        res.setHeader('ETag', String(custom));
    return buffer;
}
/**
 * The last step of `res.send`: 304 for a fresh request, no body (and no body headers) for
 * 204 and 304, an empty one for 205, none for HEAD.
 */
function endSend(res, req, body, encoding) {
    let chunk = body;
    if (req.fresh)
        res.statusCode = 304;
    // strip irrelevant headers
    const statusCode = res.statusCode;
    if (statusCode === 204 || statusCode === 304) {
        res.removeHeader('Content-Type');
        res.removeHeader('Content-Length');
        res.removeHeader('Transfer-Encoding');
        chunk = '';
    }
    if (statusCode === 205) {
        res.setHeader('Content-Length', '0');
        res.removeHeader('Transfer-Encoding');
        chunk = '';
    }
    if (req.method === 'HEAD')
        res.end();
    else
        res.end(chunk, encoding);
}
/**
 * `res.send` of a string with no Content-Type: Express calls `type('html')`
 * then adds the charset (two `setHeader`s); this sets the same final value once.
 */
function setDefaultHtmlType(res) {
    // A remapped `html` extension (mime.define) takes Express's general path.
    if (mimeTypes().types.html === 'text/html')
        (0, fast_headers_1.setContentType)(res, 'text/html; charset=utf-8');
    else
        setUtf8Charset(res.type('html'), res.getHeader('Content-Type'));
}
/**
 * Adds `charset=utf-8` to a string Content-Type, as Express's `send` does.
 * The values Velox itself sets already carry it (`setCharset` would return
 * them unchanged), so the usual path skips a parse and a same-value `setHeader`.
 */
function setUtf8Charset(res, type) {
    if (typeof type !== 'string')
        return;
    if (type === 'application/json; charset=utf-8' ||
        type === 'text/html; charset=utf-8' ||
        type === 'text/plain; charset=utf-8' ||
        type === 'text/javascript; charset=utf-8') {
        return;
    }
    res.set('Content-Type', setCharset(type, 'utf-8'));
}
/** Express's `utils.setCharset`: parse, set the `charset` parameter, format. */
function setCharset(type, charset) {
    if (!type || !charset)
        return type;
    const parsed = content_type_1.default.parse(type);
    parsed.parameters.charset = charset;
    return content_type_1.default.format(parsed);
}
/**
 * Sets the status and sends its registered message as text (or the number
 * itself for an unknown code).
 *
 * @example
 * res.sendStatus(404); // "Not Found"
 */
function sendStatus(statusCode) {
    const body = statuses_1.default.message[statusCode] || String(statusCode);
    this.statusCode = statusCode;
    this.type('txt');
    return this.send(body);
}
/**
 * Sets Content-Type: a value with `/` as is, otherwise looked up as an
 * extension (`velox.static.mime.lookup`). Alias: `res.contentType`.
 *
 * @example
 * res.type('json'); // application/json; charset=utf-8
 */
function type(type) {
    const value = type.indexOf('/') === -1 ? (0, lazy_1.loadMime)().lookup(type) : type;
    return this.set('Content-Type', value);
}
/**
 * Sets `Content-Disposition: attachment`, with the filename (encoded as
 * RFC 6266 requires) and the Content-Type of its extension when given.
 *
 * @example
 * res.attachment('report.pdf');
 */
function attachment(filename) {
    if (filename)
        this.type((0, node_path_1.extname)(filename));
    this.set('Content-Disposition', (0, lazy_1.loadContentDisposition)()(filename));
    return this;
}
/**
 * Appends a value (or values) to a header, creating it if unset.
 *
 * @example
 * res.append('Warning', '199 Miscellaneous warning');
 */
function append(field, value) {
    const previous = this.get(field);
    let next = value;
    if (previous) {
        next = Array.isArray(previous) ? previous.concat(value) : Array.isArray(value) ? [previous].concat(value) : [previous, value];
    }
    return this.set(field, next);
}
/**
 * Sets a header (values are stringified; arrays allowed except for
 * Content-Type, which gets a charset like Express), or several from an
 * object. A value with CR or LF is rejected by node (ERR_INVALID_CHAR),
 * never split into two headers. Alias: `res.header`.
 *
 * @example
 * res.set('Cache-Control', 'no-store').set({ 'X-Id': '7' });
 */
function header(field, ...rest) {
    if (rest.length === 1) {
        const raw = rest[0];
        let value = Array.isArray(raw) ? raw.map(String) : String(raw);
        if (field.toLowerCase() === 'content-type') {
            if (Array.isArray(value))
                throw (0, errors_1.veloxError)('VELOX_ERR_CONTENT_TYPE_ARRAY');
            if (!charsetRegExp.test(value)) {
                const charset = mimeCharsets().lookup(value.split(';')[0]);
                if (charset)
                    value += '; charset=' + charset.toLowerCase();
            }
        }
        this.setHeader(field, value);
    }
    else {
        // Express 4 iterates with for…in (inherited enumerable keys too).
        const fields = field;
        for (const key in fields)
            this.set(key, fields[key]);
    }
    return this;
}
/**
 * Returns a response header (case-insensitive).
 *
 * @example
 * res.get('Content-Type');
 */
function get(field) {
    return this.getHeader(field);
}
/**
 * Adds a field to `Vary` unless already listed.
 *
 * @example
 * res.vary('Accept-Encoding');
 */
function varyField(field) {
    if (!field || (Array.isArray(field) && !field.length)) {
        deprecate('res.vary(): Provide a field name');
        return this;
    }
    (0, vary_1.default)(this, field);
    return this;
}
/**
 * Renders a view with `app.render` (with `res.locals`), sending the HTML
 * unless a callback is given; a rendering error goes to `next` then.
 *
 * @example
 * res.render('profile', { user });
 */
function render(view, options, callback) {
    const req = this.req;
    const app = req.app;
    let done = callback;
    let opts = (options || {});
    if (typeof options === 'function') {
        done = options;
        opts = {};
    }
    opts._locals = this.locals;
    if (!done) {
        const res = this;
        done = function sendRendered(err, html) {
            if (err)
                req.next(err);
            else
                res.send(html);
        };
    }
    app.render(view, opts, done);
}
exports.response.status = status;
exports.response.links = links;
exports.response.send = send;
exports.response.json = json_1.json;
exports.response.jsonp = json_1.jsonp;
exports.response.sendStatus = sendStatus;
exports.response.contentType = type;
exports.response.type = type;
exports.response.format = format_1.format;
exports.response.attachment = attachment;
exports.response.append = append;
exports.response.set = header;
exports.response.header = header;
exports.response.get = get;
exports.response.clearCookie = cookie_1.clearCookie;
exports.response.cookie = cookie_1.cookie;
exports.response.location = redirect_1.location;
exports.response.redirect = redirect_1.redirect;
exports.response.vary = varyField;
exports.response.render = render;
// File transfers live with the file-sending engine (src/send).
exports.response.sendFile = lazy_1.sendFile;
exports.response.download = lazy_1.download;
// Express 4's deprecated lower-case form, with its own warning.
exports.response.sendfile = lazy_1.sendfile;
// `res.locals` is created on first use rather than for every request.
Object.defineProperty(exports.response, 'locals', {
    configurable: true,
    enumerable: true,
    get() {
        // Read on a prototype (`velox.response`, an app's `app.response`, which
        // owns `app`), it is undefined as in Express: materialising it there
        // would share one object between all later requests.
        if (this === exports.response || (0, utils_1.hasOwn)(this, 'app'))
            return undefined;
        const locals = Object.create(null);
        Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value: locals });
        return locals;
    },
    set(value) {
        Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
    },
});
}];
definitions["response/json.js"] = [{"depd":"~depd/index.js","./fast-headers":"response/fast-headers.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.json = json;
exports.jsonp = jsonp;
exports.twoArgumentBody = twoArgumentBody;
/**
 * `res.json` and `res.jsonp`, with the `json escape`, `json replacer` and
 * `json spaces` settings.
 */
const depd_1 = __importDefault(require("depd"));
const fast_headers_1 = require("./fast-headers");
const deprecate = (0, depd_1.default)('velox');
const jsonEscapeRegExp = /[<>&]/g;
const jsonpCallbackRegExp = /[^[\]\w$.]/g;
const lineSeparatorRegExp = /\u2028/g;
const paragraphSeparatorRegExp = /\u2029/g;
/**
 * Sends `body` as JSON, with the `json replacer`, `json spaces` and
 * `json escape` settings.
 *
 * @example
 * res.status(201).json({ id: 7 });
 */
function json(obj, ...rest) {
    const value = rest.length === 1 ? twoArgumentBody(this, 'json', obj, rest[0], deprecate) : obj;
    // Hot path: settings read directly (own or inherited from a parent app).
    const settings = this.app.settings;
    const body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
    // What `set('Content-Type', 'application/json')` yields, in one call.
    if (!(0, fast_headers_1.getContentType)(this))
        (0, fast_headers_1.setContentType)(this, 'application/json; charset=utf-8');
    // Through `this.send`, as Express, so a wrapped `res.send` sees JSON bodies.
    return this.send(body);
}
/**
 * Sends JSON wrapped in the callback named by the query parameter of the
 * `jsonp callback name` setting (default `callback`).
 *
 * @example
 * // GET /user?callback=show  →  /**\/ typeof show === 'function' && show({"name":"tobi"});
 * res.jsonp({ name: 'tobi' });
 */
function jsonp(obj, ...rest) {
    const value = rest.length === 1 ? twoArgumentBody(this, 'jsonp', obj, rest[0], deprecate) : obj;
    const settings = this.app.settings;
    let body = stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape']);
    // As in Express, `req.query` is taken to be an object (the query parser's, or a middleware's).
    let callback = this.req.query[settings['jsonp callback name']];
    if (!this.getHeader('Content-Type')) {
        this.setHeader('X-Content-Type-Options', 'nosniff');
        this.set('Content-Type', 'application/json');
    }
    if (Array.isArray(callback))
        callback = callback[0];
    if (typeof callback === 'string' && callback.length !== 0) {
        this.setHeader('X-Content-Type-Options', 'nosniff');
        this.set('Content-Type', 'text/javascript');
        // Security: the callback name cannot carry script.
        const name = callback.replace(jsonpCallbackRegExp, '');
        if (body === undefined) {
            body = '';
        }
        else {
            // U+2028 and U+2029 are valid in JSON but end a JavaScript string literal.
            body = body.replace(lineSeparatorRegExp, '\\u2028').replace(paragraphSeparatorRegExp, '\\u2029');
        }
        // Security: `/**/` defeats "Rosetta Flash" JSONP abuse; the typeof check only quiets client errors.
        body = '/**/ typeof ' + name + " === 'function' && " + name + '(' + body + ');';
    }
    return this.send(body);
}
/**
 * Express 4's deprecated `(body, status)` and `(status, body)` forms of `res.send`, `res.json`
 * and `res.jsonp`: warns in Express's words, sets the status and returns the body. A number
 * second means `(body, status)`, except that `res.send` reads two numbers as `(status, body)`,
 * as Express does. `warn` is the calling module's depd: depd then reports the user's call
 * site, as Express's warnings do (one `warn` call per form keeps them reported apart).
 */
function twoArgumentBody(res, method, first, second, warn) {
    const noun = method === 'send' ? 'body' : 'obj';
    const advice = ': Use res.status(status).' + method + '(' + noun + ') instead';
    if (typeof second === 'number' && (method !== 'send' || typeof first !== 'number')) {
        warn('res.' + method + '(' + noun + ', status)' + advice);
        res.statusCode = second;
        return first;
    }
    warn('res.' + method + '(status, ' + noun + ')' + advice);
    res.statusCode = first;
    return second;
}
/**
 * `JSON.stringify` with the app's settings; `json escape` turns `<`, `>`
 * and `&` into `\u003c`, `\u003e`, `\u0026` against HTML sniffing.
 */
function stringify(value, replacer, spaces, escapeHtmlCharacters) {
    // The one-argument call is V8's fast path (as Express notes).
    let json = replacer || spaces
        ? JSON.stringify(value, replacer, spaces)
        : JSON.stringify(value);
    if (escapeHtmlCharacters && typeof json === 'string')
        json = json.replace(jsonEscapeRegExp, escapeJsonCharacter);
    return json;
}
function escapeJsonCharacter(character) {
    switch (character.charCodeAt(0)) {
        case 0x3c:
            return '\\u003c';
        case 0x3e:
            return '\\u003e';
        default:
            return '\\u0026';
    }
}
}];
definitions["response/redirect.js"] = [{"depd":"~depd/index.js","encodeurl":"~encodeurl/index.js","escape-html":"~escape-html/index.js","statuses":"~statuses/index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.location = location;
exports.redirect = redirect;
/**
 * `res.location` and `res.redirect`: encoded but not validated, exactly as
 * Express 4.21+; the redirect body is negotiated (HTML with the URL escaped,
 * plain text, nothing for HEAD).
 */
const depd_1 = __importDefault(require("depd"));
const encodeurl_1 = __importDefault(require("encodeurl"));
const escape_html_1 = __importDefault(require("escape-html"));
const statuses_1 = __importDefault(require("statuses"));
const deprecate = (0, depd_1.default)('velox');
/**
 * Sets `Location`, percent-encoding what is not yet encoded (no validation,
 * as Express 4). `back` (deprecated) means the Referer, or `/`.
 *
 * @example
 * res.location('/login');
 */
function location(url) {
    let loc;
    if (url === 'back') {
        deprecate('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices');
        // Only `Set-Cookie` comes as a list.
        loc = this.req.get('Referrer') || '/';
    }
    else {
        loc = String(url);
    }
    return this.set('Location', (0, encodeurl_1.default)(loc));
}
/**
 * Redirects (302 unless a status is given) with a body chosen by `Accept`:
 * HTML with the URL escaped, plain text, or empty; no body for HEAD.
 *
 * @example
 * res.redirect(301, '/new-home');
 */
function redirect(url, ...rest) {
    let address = url;
    let code = 302;
    let body = '';
    if (rest.length === 1) {
        if (typeof url === 'number') {
            code = url;
            address = rest[0];
        }
        else {
            deprecate('res.redirect(url, status): Use res.redirect(status, url) instead');
            code = rest[0];
        }
    }
    address = this.location(address).get('Location');
    const message = statuses_1.default.message[code];
    this.format({
        text() {
            body = message + '. Redirecting to ' + address;
        },
        html() {
            // Security: the URL is escaped in the HTML body (javascript:, quotes, tags).
            body = '<p>' + message + '. Redirecting to ' + (0, escape_html_1.default)(address) + '</p>';
        },
        default() {
            body = '';
        },
    });
    this.statusCode = code;
    this.set('Content-Length', Buffer.byteLength(body));
    if (this.req.method === 'HEAD')
        this.end();
    else
        this.end(body);
}
}];
definitions["response/types.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["router/candidates.js"] = [{"./layer":"router/layer.js","./segment-index":"router/segment-index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.kRouteIndex = exports.IndexedCursor = exports.LinearCursor = void 0;
exports.cursorFor = cursorFor;
/**
 * Which stack positions a router traversal tries for the path it is at, in
 * stack order: the route index behind one small interface, with Express's
 * linear walk as the other implementation. The dispatch (dispatch.ts) knows
 * only `CandidateCursor`; a layer's own `match` always has the final word.
 */
const layer_1 = require("./layer");
const segment_index_1 = require("./segment-index");
/** Every position in turn, as Express 4 walks its stack (layers pushed meanwhile included). */
class LinearCursor {
    stack;
    position = 0;
    constructor(stack) {
        this.stack = stack;
    }
    seek(_path, from) {
        this.position = from;
    }
    next() {
        const position = this.position;
        if (position >= this.stack.length)
            return -1;
        this.position = position + 1;
        return position;
    }
}
exports.LinearCursor = LinearCursor;
/**
 * The positions of the index's candidates for the path in stack order, then
 * (past the positions indexed when the traversal began) every layer pushed
 * during the request, linearly.
 */
class IndexedCursor {
    index;
    stack;
    limit;
    /** The one candidate list (the common case), or null. */
    single = null;
    singleHead = 0;
    /** Several lists, merged as they are read (a walk that took more than one branch). */
    lists = null;
    heads = null;
    /** The first position not yet returned or skipped since the last `seek`. */
    floor = 0;
    /** From here on the walk is linear (-1: reading the index's lists). */
    linear = -1;
    constructor(index, stack, 
    /** Positions from here were not indexed when the traversal began. */
    limit) {
        this.index = index;
        this.stack = stack;
        this.limit = limit;
    }
    seek(path, from) {
        this.floor = from;
        this.linear = -1;
        this.single = null;
        this.lists = null;
        const count = this.index.stale ? -1 : this.index.collect(path, scratch);
        if (count === 1) {
            this.single = scratch[0];
            this.singleHead = from === 0 ? 0 : lowerBound(scratch[0], from);
        }
        else if (count > 1) {
            const lists = scratch.slice(0, count);
            const heads = [];
            for (let i = 0; i < count; i++)
                heads.push(lowerBound(lists[i], from));
            this.lists = lists;
            this.heads = heads;
        }
        else if (count === -1) {
            this.linear = from;
        }
        // Count 0: no candidates (the linear tail past `limit` still follows).
    }
    next() {
        if (this.linear === -1 && this.index.assignments !== (0, layer_1.regexpAssignmentCount)()) {
            // A regexp was assigned to a layer (`layer.regexp = …`) since the index filed the layers,
            // perhaps by the handler that just ran: walk linearly from here, rebuild for the next request.
            this.index.stale = true;
            this.linear = this.floor;
        }
        if (this.linear === -1) {
            const position = this.single !== null ? this.nextOfSingle() : this.lists !== null ? this.nextOfMany() : -1;
            if (position !== -1) {
                if (this.stack[position] === this.index.layers[position]) {
                    this.floor = position + 1;
                    return position;
                }
                // A layer was replaced or moved in place (`router.stack[i] = layer`), which no
                // cheap check at the start of the traversal sees: the index is out of date. Walk
                // linearly from where the index took over, and rebuild it for the next request.
                this.index.stale = true;
                this.linear = this.floor;
            }
            else {
                // The index's candidates are exhausted; layers pushed during the request lie past `limit`.
                this.linear = Math.max(this.floor, this.limit);
            }
        }
        const position = this.linear;
        if (position >= this.stack.length)
            return -1;
        this.linear = position + 1;
        return position;
    }
    nextOfSingle() {
        const list = this.single;
        const head = this.singleHead;
        if (head >= list.length || list[head] >= this.limit)
            return -1;
        this.singleHead = head + 1;
        return list[head];
    }
    /** The smallest head among the lists, advancing every list at it (lists may share positions). */
    nextOfMany() {
        const lists = this.lists;
        const heads = this.heads;
        let best = this.limit;
        for (let i = 0; i < lists.length; i++) {
            const list = lists[i];
            const head = heads[i];
            if (head < list.length && list[head] < best)
                best = list[head];
        }
        if (best === this.limit)
            return -1;
        for (let i = 0; i < lists.length; i++) {
            const head = heads[i];
            if (head < lists[i].length && lists[i][head] === best)
                heads[i] = head + 1;
        }
        return best;
    }
}
exports.IndexedCursor = IndexedCursor;
// `collect` writes here; `seek` copies out what it keeps (collect never re-enters).
const scratch = [];
/** First position in `list` holding a value ≥ `value`. */
function lowerBound(list, value) {
    let low = 0;
    let high = list.length;
    while (low < high) {
        const mid = (low + high) >>> 1;
        if (list[mid] < value)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}
/** Where a router keeps its index. */
exports.kRouteIndex = Symbol('velox.routeIndex');
// Below this many layers a linear walk costs no more than a lookup (bench/routing-micro.js).
const MIN_INDEXED_LAYERS = 16;
/**
 * Test-only switch, read once: `VELOX_ROUTE_INDEX=linear` walks every stack
 * linearly, `VELOX_ROUTE_INDEX=indexed` indexes every stack however small,
 * so one test suite runs against each implementation.
 */
const mode = process.env.VELOX_ROUTE_INDEX;
const minIndexedLayers = mode === 'linear' ? Number.POSITIVE_INFINITY : mode === 'indexed' ? 0 : MIN_INDEXED_LAYERS;
/** A cursor over `router.stack` for one traversal. */
function cursorFor(router) {
    const stack = router.stack;
    const length = stack.length;
    if (length < minIndexedLayers)
        return new LinearCursor(stack);
    return new IndexedCursor(indexOf(router, stack, length), stack, length);
}
function indexOf(router, stack, length) {
    const index = router[exports.kRouteIndex];
    if (index !== undefined && index.stack === stack && !index.stale && index.assignments === (0, layer_1.regexpAssignmentCount)()) {
        const layers = index.layers;
        const filed = layers.length;
        // Two loads per traversal: code that edits `router.stack` directly (splice a layer
        // out, move one to the front, push some) changes its length or its ends. A layer
        // replaced in the middle is caught when a traversal visits its position (IndexedCursor).
        if (filed === length && stack[0] === layers[0] && stack[length - 1] === layers[length - 1])
            return index;
        if (filed !== 0 && filed < length && stack[0] === layers[0] && stack[filed - 1] === layers[filed - 1]) {
            // Layers were pushed since (routes registered after the first request): file only those.
            index.extend();
            return index;
        }
    }
    const built = new segment_index_1.SegmentIndex(stack);
    router[exports.kRouteIndex] = built;
    return built;
}
}];
definitions["router/dispatch.js"] = [{"../final-handler":"final-handler.js","../url":"url.js","./candidates":"router/candidates.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Dispatch = exports.kFinalHandler = void 0;
const final_handler_1 = require("../final-handler");
const url_1 = require("../url");
const candidates_1 = require("./candidates");
/** Called when the stack is exhausted and no `out` was given (the app's final handler). */
exports.kFinalHandler = Symbol('velox.finalHandler');
class Dispatch {
    router;
    req;
    res;
    out;
    /** `req.next` and every handler's `next`. */
    next;
    stack;
    cursor;
    protohost;
    parentParams;
    parentUrl;
    savedBaseUrl;
    savedNext;
    /** The next stack position to consider. */
    idx = 0;
    /** The path the cursor was positioned for. */
    cursorPath = undefined;
    /** The `req.url` whose pathname `path` is (see `step`). */
    url = undefined;
    path = undefined;
    /** The mount path stripped from `req.url` for the current middleware. */
    removed = '';
    slashAdded = false;
    /** Synchronous `next` calls in a row (deep chains yield to the event loop). */
    sync = 0;
    paramCalled = undefined;
    /** Methods of the routes an OPTIONS request matched by path. */
    options = undefined;
    /** The error pending after `findMatch` (a layer's match may throw one). */
    pendingError = undefined;
    /** The route of the layer `findMatch` returned, if any. */
    matchedRoute = undefined;
    constructor(router, req, res, out) {
        this.router = router;
        this.req = req;
        this.res = res;
        this.out = out;
        this.stack = router.stack;
        this.cursor = (0, candidates_1.cursorFor)(router);
        this.protohost = (0, url_1.protohostOf)(req.url) || '';
        this.parentParams = req.params;
        this.parentUrl = req.baseUrl || '';
        this.savedBaseUrl = req.baseUrl;
        this.savedNext = req.next;
        const dispatch = this;
        // A plain function rather than `step.bind(this)`: Express's `req.next` is named `next`
        // (stack traces, and code that checks it), and V8 creates a closure faster.
        this.next = function next(err) {
            dispatch.step(err);
        };
        req.next = this.next;
        req.baseUrl = this.parentUrl;
        req.originalUrl = req.originalUrl || req.url;
    }
    /**
     * Express's `next(err)`; `router.handle` makes the first call. Stack depth
     * matters here (nested routers recurse through it, Express 4 goes 1,000
     * deep): `step` calls the layer's handler directly, no frame between.
     */
    step(err) {
        // Hot path: `err` is usually undefined. Compared with a string directly, a value of any type
        // makes V8 call its generic StrictEqual builtin (~16 instructions, ~20 a request through
        // six layers, bench/annotate.js); behind `typeof`, it is an inlined string compare. With the
        // two `=== undefined` checks below, bench/count.js: middleware 44,543 → 44,230 instructions
        // per request, rest 70,542 → 70,309.
        let layerError = typeof err === 'string' && err === 'route' ? null : err;
        this.restoreUrl();
        if (typeof layerError === 'string' && layerError === 'router') {
            setImmediate(finishLater, this, null);
            return;
        }
        if (this.idx >= this.stack.length) {
            setImmediate(finishLater, this, layerError);
            return;
        }
        // Deep synchronous chains yield to the event loop instead of overflowing the stack.
        if (++this.sync > 100) {
            setImmediate(this.next, err);
            return;
        }
        // Hot path: `req.url` is the same string at every layer unless a middleware rewrote it (or
        // `trimPrefix`/`restoreUrl` rebuilt it), so its pathname is scanned once per traversal, not
        // once per layer. An equal string gives the same pathname, so the comparison may be by value.
        // Measured (bench/count.js: callgrind, 4,000 requests after 20,000; with url.ts's new loop):
        // rest (three layers entered) 85,034 → 83,354 instructions per request, middleware (six)
        // 49,759 → 49,388.
        const url = this.req.url;
        let path = this.path;
        if (this.url === undefined || url !== this.url) {
            path = (0, url_1.pathnameOf)(url);
            this.url = url;
            this.path = path;
        }
        if (path == null) {
            this.done(layerError);
            return;
        }
        const layer = this.findMatch(path, layerError);
        layerError = this.pendingError;
        this.pendingError = undefined;
        if (layer === undefined) {
            this.done(layerError);
            return;
        }
        const route = this.matchedRoute;
        if (this.enter(layer, route, layerError, path)) {
            // `proceed`, written out: one frame less per nested router.
            const req = this.req;
            if (route)
                layer.handle_request(req, this.res, this.next);
            else if (!this.trimPrefix(layer.path, path))
                this.next(layerError);
            else if (layerError)
                layer.handle_error(layerError, req, this.res, this.next);
            else
                layer.handle_request(req, this.res, this.next);
        }
        this.sync = 0;
    }
    /**
     * The next layer that matches `path` and takes the request (a route must
     * handle the method, and no route takes a pending error), as Express's
     * loop finds it; undefined when there is none. Leaves the pending error
     * (`layerError`, or one a matcher threw) in `pendingError`.
     */
    findMatch(path, layerError) {
        const stack = this.stack;
        const cursor = this.cursor;
        if (this.cursorPath === undefined || path !== this.cursorPath) {
            // First call, or a middleware rewrote `req.url`: candidates for the new path, from here.
            cursor.seek(path, this.idx);
            this.cursorPath = path;
        }
        for (;;) {
            const position = cursor.next();
            if (position === -1) {
                this.idx = stack.length;
                this.pendingError = layerError;
                return undefined;
            }
            this.idx = position + 1;
            const layer = stack[position];
            let match;
            try {
                match = layer.match(path);
            }
            catch (e) {
                match = e;
            }
            if (match !== true) {
                if (typeof match !== 'boolean')
                    layerError = layerError || match;
                continue;
            }
            const route = layer.route;
            if (route) {
                // Routes do not match with a pending error.
                if (layerError)
                    continue;
                const method = this.req.method;
                if (!route._handles_method(method)) {
                    if (method === 'OPTIONS')
                        appendMethods((this.options ??= []), route._options());
                    // Express lets HEAD into a route with neither GET nor HEAD (which then passes it on).
                    if (method !== 'HEAD')
                        continue;
                }
            }
            this.matchedRoute = route;
            this.pendingError = layerError;
            return layer;
        }
    }
    /**
     * Sets `req.route` and `req.params`; true to go on to the layer at once,
     * false when param callbacks run first (they call `proceed`).
     */
    enter(layer, route, layerError, path) {
        const req = this.req;
        const router = this.router;
        if (route)
            req.route = route;
        req.params = router.mergeParams ? mergeParams(layer.params, this.parentParams) : layer.params;
        if (!hasParamCallbacks(router, layer))
            return true;
        const layerPath = layer.path;
        if (this.paramCalled === undefined)
            this.paramCalled = {};
        router.process_params(layer, this.paramCalled, req, this.res, (paramError) => {
            if (paramError)
                this.next(layerError || paramError);
            else
                this.proceed(layer, route, layerError, layerPath, path);
            this.sync = 0;
        });
        return false;
    }
    /** Runs the layer: a route, or middleware with its mount path trimmed (error handlers for an error). */
    proceed(layer, route, layerError, layerPath, path) {
        if (route)
            layer.handle_request(this.req, this.res, this.next);
        else if (!this.trimPrefix(layerPath, path))
            this.next(layerError);
        else if (layerError)
            layer.handle_error(layerError, this.req, this.res, this.next);
        else
            layer.handle_request(this.req, this.res, this.next);
    }
    /** Middleware sees `req.url` without its mount path; false if the path does not break there. */
    trimPrefix(layerPath, path) {
        if (layerPath.length === 0)
            return true;
        // Validate path is a prefix match, breaking on a path separator.
        if (layerPath !== path.slice(0, layerPath.length))
            return false;
        const c = path[layerPath.length];
        if (c && c !== '/' && c !== '.')
            return false;
        const req = this.req;
        const protohost = this.protohost;
        this.removed = layerPath;
        req.url = protohost + req.url.slice(protohost.length + layerPath.length);
        if (!protohost && req.url[0] !== '/') {
            req.url = '/' + req.url;
            this.slashAdded = true;
        }
        req.baseUrl = this.parentUrl + (layerPath[layerPath.length - 1] === '/' ? layerPath.substring(0, layerPath.length - 1) : layerPath);
        return true;
    }
    /** Undoes `trimPrefix` when control comes back from the middleware. */
    restoreUrl() {
        const req = this.req;
        if (this.slashAdded) {
            req.url = req.url.slice(1);
            this.slashAdded = false;
        }
        if (this.removed.length !== 0) {
            req.baseUrl = this.parentUrl;
            req.url = this.protohost + this.removed + req.url.slice(this.protohost.length);
            this.removed = '';
        }
    }
    /** The stack is done: the automatic OPTIONS answer if it applies, else `finish`. */
    done(err) {
        const options = this.options;
        if (options !== undefined && !err && options.length !== 0) {
            sendOptionsResponse(this.res, options, (error) => this.finish(error));
            return;
        }
        this.finish(err);
    }
    /** Restores what the traversal changed on `req` and leaves the router. */
    finish(err) {
        const req = this.req;
        req.baseUrl = this.savedBaseUrl;
        req.next = this.savedNext;
        req.params = this.parentParams;
        if (this.out !== undefined)
            this.out(err);
        else if (this.router[exports.kFinalHandler] !== undefined)
            this.router[exports.kFinalHandler](req, this.res, err);
        // Safer than Express 4, which throws here (and crashes the process) for a bare
        // router used as the server's listener: answer like finalhandler's defaults.
        else
            (0, final_handler_1.finalHandle)(req, this.res, err, process.env.NODE_ENV || 'development', undefined);
    }
}
exports.Dispatch = Dispatch;
function finishLater(dispatch, err) {
    dispatch.done(err);
}
function hasParamCallbacks(router, layer) {
    const keys = layer.keys;
    if (keys.length === 0)
        return false;
    const params = router.params;
    for (let i = 0; i < keys.length; i++) {
        if (params[keys[i].name] !== undefined)
            return true;
    }
    return false;
}
function appendMethods(list, addition) {
    for (const method of addition) {
        if (list.indexOf(method) === -1)
            list.push(method);
    }
}
/** `mergeParams`: the parent's params under the layer's, numeric captures shifted past the parent's. */
function mergeParams(params, parent) {
    if (typeof parent !== 'object' || !parent)
        return params;
    const obj = Object.assign({}, parent);
    if (!(0 in params) || !(0 in parent))
        return Object.assign(obj, params);
    let i = 0;
    let o = 0;
    while (i in params)
        i++;
    while (o in parent)
        o++;
    for (i--; i >= 0; i--) {
        params[i + o] = params[i];
        if (i < o)
            delete params[i];
    }
    return Object.assign(obj, params);
}
function sendOptionsResponse(res, options, next) {
    try {
        const body = options.join(',');
        const response = res;
        if (typeof response.set === 'function' && typeof response.send === 'function') {
            response.set('Allow', body);
            response.send(body);
        }
        else {
            res.setHeader('Allow', body);
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.setHeader('Content-Length', Buffer.byteLength(body));
            res.end(body);
        }
    }
    catch (err) {
        next(err);
    }
}
}];
definitions["router/layer.js"] = [{"../errors":"errors.js","./matcher":"router/matcher.js","../tracing":"tracing.js","../utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Layer = exports.kPattern = void 0;
exports.regexpAssignmentCount = regexpAssignmentCount;
exports.isThenable = isThenable;
exports.forwardRejection = forwardRejection;
exports.decodeParam = decodeParam;
const errors_1 = require("../errors");
const matcher_1 = require("./matcher");
const tracing_1 = require("../tracing");
const utils_1 = require("../utils");
/** On a layer: the path exactly as written at registration (route listing, tracing). */
exports.kPattern = Symbol('velox.pattern');
const kRegexp = Symbol('velox.regexp');
const kRunner = Symbol('velox.runner');
/** Regexps assigned to a layer after its construction, in this process (route indexes compare it). */
let regexpAssignments = 0;
function regexpAssignmentCount() {
    return regexpAssignments;
}
/**
 * `layer.regexp`: an own, enumerable accessor in Express's key order, shared by every layer (one
 * getter and setter, so all layers keep one V8 shape in fast mode). Code that reaches into the
 * stack may assign a new regexp (route rewriting, case folding); from then on the layer matches
 * with it as Express's `match` would — its `fast_slash`/`fast_star` flags, else `exec` — and
 * route indexes see that a layer changed (segment-index.ts files layers by their regexp).
 */
const regexpProperty = {
    configurable: true,
    enumerable: true,
    get() {
        return this[kRegexp];
    },
    set(value) {
        this[kRegexp] = value;
        this[kRunner] = undefined;
        this.kind = value?.fast_slash ? 0 /* MatchKind.Slash */ : value?.fast_star ? 1 /* MatchKind.Star */ : 3 /* MatchKind.Regexp */;
        regexpAssignments++;
    },
};
class Layer {
    handle;
    name;
    params = undefined;
    path = undefined;
    keys = [];
    constructor(path, options, fn) {
        this.handle = fn;
        this.name = fn.name || '<anonymous>';
        const regexp = (0, matcher_1.pathToRegexp)(path, this.keys, options);
        regexp.fast_star = path === '*';
        regexp.fast_slash = path === '/' && options.end === false;
        this[kRegexp] = regexp;
        Object.defineProperty(this, 'regexp', regexpProperty);
        this.method = undefined;
        this.route = undefined;
        this[exports.kPattern] = path;
        this.end = options.end !== false;
        this.strict = options.strict === true;
        this.sensitive = options.sensitive === true;
        if (regexp.fast_slash) {
            this.kind = 0 /* MatchKind.Slash */;
            this.literal = '';
        }
        else if (regexp.fast_star) {
            this.kind = 1 /* MatchKind.Star */;
            this.literal = '';
        }
        else if ((0, matcher_1.isLiteralPath)(path) && (this.end || !this.strict)) {
            this.kind = 2 /* MatchKind.Literal */;
            // Strict routes keep the trailing slash; otherwise it is optional in both directions.
            this.literal = !this.strict && path.length > 0 && path.charCodeAt(path.length - 1) === 0x2f ? path.slice(0, -1) : path;
        }
        else {
            this.kind = 3 /* MatchKind.Regexp */;
            this.literal = '';
        }
        this[kRunner] = this.kind === 3 /* MatchKind.Regexp */ && !(path instanceof RegExp) ? new RegExp(regexp.source, regexp.flags) : undefined;
    }
    /** Express's `layer.match(path)`: sets `params` and `path`; throws a 400 error on a malformed escape. */
    match(path) {
        if (path == null) {
            this.params = undefined;
            this.path = undefined;
            return false;
        }
        switch (this.kind) {
            case 0 /* MatchKind.Slash */:
                this.params = {};
                this.path = '';
                return true;
            case 1 /* MatchKind.Star */:
                this.params = { 0: decodeParam(path) };
                this.path = path;
                return true;
            case 2 /* MatchKind.Literal */: {
                const matched = this.matchLiteral(path);
                if (matched === undefined) {
                    this.params = undefined;
                    this.path = undefined;
                    return false;
                }
                this.params = {};
                this.path = matched;
                return true;
            }
        }
        const match = (this[kRunner] ?? this[kRegexp]).exec(path);
        if (match === null) {
            this.params = undefined;
            this.path = undefined;
            return false;
        }
        const params = {};
        this.params = params;
        this.path = match[0];
        const keys = this.keys;
        for (let i = 1; i < match.length; i++) {
            const prop = keys[i - 1].name;
            const value = decodeParam(match[i]);
            if (value !== undefined || !(0, utils_1.hasOwn)(params, prop))
                params[prop] = value;
        }
        return true;
    }
    /** The matched prefix of `path` for a literal layer, or undefined (same result as its regexp). */
    matchLiteral(path) {
        const literal = this.literal;
        const length = literal.length;
        if (this.sensitive ? !path.startsWith(literal) : !(0, matcher_1.regionEqualsIgnoreCase)(path, 0, literal))
            return undefined;
        if (this.end) {
            if (path.length === length)
                return path;
            if (!this.strict && path.length === length + 1 && path.charCodeAt(length) === 0x2f)
                return path;
            return undefined;
        }
        // Non-ending (`use`): `^literal\/?(?=\/|$)`.
        if (path.length === length)
            return path;
        if (path.charCodeAt(length) !== 0x2f)
            return undefined;
        if (path.length === length + 1 || path.charCodeAt(length + 1) === 0x2f)
            return path.slice(0, length + 1);
        return path.slice(0, length);
    }
    // Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts): wrapped
    // by APM agents and OpenTelemetry-style instrumentation, as `handle_request` below.
    handle_error(error, req, res, next) {
        const fn = this.handle;
        if (fn.length !== 4) {
            next(error);
            return;
        }
        if (tracing_1.tracing.active !== 0 && (0, tracing_1.traceLayer)(this, error, req, res, next))
            return;
        try {
            const result = fn(error, req, res, next);
            if (isThenable(result))
                forwardRejection(result, next);
        }
        catch (err) {
            next(err);
        }
    }
    // Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts):
    // express-async-errors replaces `Layer.prototype.handle_request`; every layer, route
    // layers included, is entered through it so such a patch sees all of them.
    handle_request(req, res, next) {
        const fn = this.handle;
        if (fn.length > 3) {
            next();
            return;
        }
        if (tracing_1.tracing.active !== 0 && (0, tracing_1.traceLayer)(this, undefined, req, res, next))
            return;
        try {
            const result = fn(req, res, next);
            if (isThenable(result))
                forwardRejection(result, next);
        }
        catch (err) {
            next(err);
        }
    }
}
exports.Layer = Layer;
/**
 * What `console.log(layer)` and `util.inspect(router.stack)` show: the layer's own enumerable
 * properties as values, in their order, without the two internal copies behind `regexp`.
 * `regexp` is an accessor, which node would print as `[Getter/Setter]`; route listings and
 * debugging sessions read the pattern there, as in Express.
 */
const LayerView = { Layer: class {
    } }.Layer;
Object.defineProperty(Layer.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    configurable: true,
    writable: true,
    value: function inspectLayer() {
        const view = new LayerView();
        const self = this;
        for (const key of Reflect.ownKeys(this)) {
            if (key !== kRegexp && key !== kRunner && Object.prototype.propertyIsEnumerable.call(this, key))
                view[key] = self[key];
        }
        return view;
    },
});
/** Beyond Express 4: a handler's rejected promise goes to `next(err)`. */
function isThenable(value) {
    return value !== undefined && value !== null && typeof value.then === 'function';
}
function forwardRejection(promise, next) {
    promise.then(undefined, (reason) => {
        next((0, errors_1.toError)(reason));
    });
}
/** URI-decodes a parameter; a malformed escape becomes a 400 error, as in Express. */
function decodeParam(value) {
    // Hot path: most params have no escape at all.
    if (typeof value !== 'string' || value.length === 0 || value.indexOf('%') === -1)
        return value;
    try {
        return decodeURIComponent(value);
    }
    catch (err) {
        if (err instanceof URIError) {
            err.message = (0, errors_1.formatMessage)(errors_1.errorCatalog.VELOX_ERR_PARAM_DECODE.message, [value]);
            err.status = 400;
            err.statusCode = 400;
        }
        throw err;
    }
}
}];
definitions["router/matcher.js"] = [{"../errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pathToRegexp = pathToRegexp;
exports.isLiteralPath = isLiteralPath;
exports.regionEqualsIgnoreCase = regionEqualsIgnoreCase;
/**
 * Express 4 path syntax, compiled once per layer.
 *
 * `pathToRegexp` is path-to-regexp 0.1.13 (the version express@4.22 uses),
 * ported to TypeScript so the syntax is Express's to the byte, including its
 * backtrack protection against the `/:a-:b` ReDoS class. On top of the regular
 * expression, `compileMatcher` recognises the shapes that need no regular
 * expression at all (a literal path, `/`, `*`) so the hot path can compare
 * strings instead (see `Layer.match`).
 */
const errors_1 = require("../errors");
const MATCHING_GROUP_REGEXP = /\\.|\((?:\?<(.*?)>)?(?!\?)/g;
const TOKEN_REGEXP = /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g;
function pathToRegexp(path, keys, options) {
    const strict = options.strict;
    const end = options.end !== false;
    const flags = options.sensitive ? '' : 'i';
    let extraOffset = 0;
    const keysOffset = keys.length;
    let i = 0;
    let name = 0;
    let pos = 0;
    let backtrack = '';
    let m;
    if (path instanceof RegExp) {
        const groups = new RegExp(MATCHING_GROUP_REGEXP.source, 'g');
        while ((m = groups.exec(path.source))) {
            if (m[0][0] === '\\')
                continue;
            keys.push({ name: m[1] || name++, optional: false, offset: m.index });
        }
        return path;
    }
    if (Array.isArray(path)) {
        const sources = path.map((value) => pathToRegexp(value, keys, options).source);
        return new RegExp(sources.join('|'), flags);
    }
    if (typeof path !== 'string') {
        throw (0, errors_1.veloxError)('VELOX_ERR_PATH_TYPE');
    }
    const source = path;
    let result = source.replace(new RegExp(TOKEN_REGEXP.source, 'g'), (match, slash, format, key, capture, star, optional, offset) => {
        if (match[0] === '\\') {
            backtrack += match;
            pos += 2;
            return match;
        }
        if (match === '.') {
            backtrack += '\\.';
            extraOffset += 1;
            pos += 1;
            return '\\.';
        }
        if (slash || format) {
            backtrack = '';
        }
        else {
            backtrack += source.slice(pos, offset);
        }
        pos = offset + match.length;
        if (match === '*') {
            backtrack = '';
            extraOffset += 3;
            return '(.*)';
        }
        if (match === '/(') {
            backtrack += '/';
            extraOffset += 2;
            return '/(?:';
        }
        const slashPart = slash || '';
        const formatPart = format ? '\\.' : '';
        const optionalPart = optional || '';
        const capturePart = capture
            ? capture.replace(/\\.|\*/, (c) => (c === '*' ? '(.*)' : c))
            : backtrack
                ? '((?:(?!/|' + backtrack + ').)+?)'
                : '([^/' + formatPart + ']+?)';
        keys.push({ name: key, optional: !!optional, offset: offset + extraOffset });
        const out = '(?:' + formatPart + slashPart + capturePart + (star ? '((?:[/' + formatPart + '].+?)?)' : '') + ')' + optionalPart;
        backtrack = '';
        extraOffset += out.length - match.length;
        return out;
    });
    // Unnamed capturing groups become numbered keys, in order.
    const groups = new RegExp(MATCHING_GROUP_REGEXP.source, 'g');
    while ((m = groups.exec(result))) {
        if (m[0][0] === '\\')
            continue;
        if (keysOffset + i === keys.length || keys[keysOffset + i].offset > m.index) {
            keys.splice(keysOffset + i, 0, { name: name++, optional: false, offset: m.index });
        }
        i++;
    }
    result += strict ? '' : result[result.length - 1] === '/' ? '?' : '/?';
    if (end) {
        result += '$';
    }
    else if (result[result.length - 1] !== '/') {
        result += '(?=/|$)';
    }
    return new RegExp('^' + result, flags);
}
/** Characters that path-to-regexp 0.1 leaves literal (everything else may be syntax). */
const LITERAL_PATH = /^[A-Za-z0-9_\-./~%!@&=;,'"<>`#]*$/;
function isLiteralPath(path) {
    return typeof path === 'string' && LITERAL_PATH.test(path);
}
/** ASCII case-insensitive equality of `a` and `b` from `offset` of `a`, as the `i` flag without `u` compares ASCII. */
function regionEqualsIgnoreCase(a, offset, b) {
    const length = b.length;
    if (a.length - offset < length)
        return false;
    for (let i = 0; i < length; i++) {
        let x = a.charCodeAt(offset + i);
        let y = b.charCodeAt(i);
        if (x === y)
            continue;
        if (x >= 0x41 && x <= 0x5a)
            x += 0x20;
        if (y >= 0x41 && y <= 0x5a)
            y += 0x20;
        if (x !== y)
            return false;
    }
    return true;
}
}];
definitions["router/methods.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.methods = void 0;
exports.lowerCaseMethod = lowerCaseMethod;
/** The HTTP methods Velox routes: node's own list, lower-cased (as the `methods` package gives Express). */
const node_http_1 = require("node:http");
exports.methods = node_http_1.METHODS.map((method) => method.toLowerCase());
// Hot path: `req.method` is one of a few strings; a table avoids a toLowerCase allocation per request.
const lowerCaseMethods = new Map(node_http_1.METHODS.map((method) => [method, method.toLowerCase()]));
function lowerCaseMethod(method) {
    // The two methods most requests carry, by comparison rather than a table lookup (a route
    // lower-cases the request's method twice: matching, then dispatching).
    if (method === 'GET')
        return 'get';
    if (method === 'POST')
        return 'post';
    return lowerCaseMethods.get(method) ?? method.toLowerCase();
}
}];
definitions["router/route.js"] = [{"../utils":"utils.js","./layer":"router/layer.js","./methods":"router/methods.js","../errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Route = void 0;
const utils_1 = require("../utils");
const layer_1 = require("./layer");
const methods_1 = require("./methods");
const errors_1 = require("../errors");
const objectToString = Object.prototype.toString;
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above names the adders put on the prototype at load time (below)
class Route {
    path;
    stack = [];
    methods = {};
    constructor(path) {
        this.path = path;
    }
    _handles_method(method) {
        if (this.methods._all)
            return true;
        return Boolean(this.methods[handledMethod(this, method)]);
    }
    _options() {
        const list = Object.keys(this.methods);
        if (this.methods.get && !this.methods.head)
            list.push('head');
        for (let i = 0; i < list.length; i++)
            list[i] = list[i].toUpperCase();
        return list;
    }
    dispatch(req, res, done) {
        const stack = this.stack;
        if (stack.length === 0) {
            done();
            return;
        }
        const request = req;
        const method = handledMethod(this, request.method);
        request.route = this;
        // Hot path: a route with one handler for this method needs no inner `next`:
        // what that handler's `next` would do ('route', 'router', errors, the end of
        // the stack) is exactly what the router's `next` does.
        if (stack.length === 1) {
            const layer = stack[0];
            if (layer.method === undefined || layer.method === method) {
                layer.handle_request(req, res, done);
            }
            else {
                done();
            }
            return;
        }
        stepHandlers(stack, method, req, res, done);
    }
    all(...args) {
        return addHandlers(this, undefined, args);
    }
}
exports.Route = Route;
/**
 * The method a route's layers are matched against: lower case, and a HEAD request served by
 * the GET handlers when the route has no HEAD handler of its own (as Express 4).
 */
function handledMethod(route, method) {
    const name = typeof method === 'string' ? (0, methods_1.lowerCaseMethod)(method) : method;
    return name === 'head' && !route.methods.head ? 'get' : name;
}
/**
 * Runs a route's handlers in order through one `next`: layers of another method are
 * skipped, an error goes to the error handlers (arity 4) only, `next('route')` leaves the
 * route and `next('router')` the router.
 */
function stepHandlers(stack, method, req, res, done) {
    let index = 0;
    let sync = 0;
    const next = (err) => {
        if (err && err === 'route') {
            done();
            return;
        }
        if (err && err === 'router') {
            done(err);
            return;
        }
        // Deep synchronous chains: yield to avoid a stack overflow (as Express).
        if (++sync > 100) {
            setImmediate(next, err);
            return;
        }
        const layer = stack[index++];
        if (!layer) {
            done(err);
            return;
        }
        if (layer.method && layer.method !== method) {
            next(err);
        }
        else if (err) {
            layer.handle_error(err, req, res, next);
        }
        else {
            layer.handle_request(req, res, next);
        }
        sync = 0;
    };
    next();
}
/**
 * `route.all(...)` (`method` undefined) and `route.METHOD(...)`: one layer per handler, after
 * checking each is a function, with Express 4's error (a TypeError naming `Route.all()`, an
 * Error naming the method).
 */
function addHandlers(route, method, args) {
    for (const handle of (0, utils_1.flatten)(args)) {
        if (typeof handle !== 'function') {
            if (method === undefined)
                throw (0, errors_1.veloxError)('VELOX_ERR_ROUTE_ALL_CALLBACK', objectToString.call(handle));
            throw (0, errors_1.veloxError)('VELOX_ERR_ROUTE_METHOD_CALLBACK', method, objectToString.call(handle));
        }
        const layer = new layer_1.Layer('/', {}, handle);
        layer.method = method;
        route.methods[method ?? '_all'] = true;
        route.stack.push(layer);
    }
    return route;
}
for (const method of methods_1.methods) {
    Route.prototype[method] = function addMethodHandlers(...args) {
        return addHandlers(this, method, args);
    };
}
}];
definitions["router/router.js"] = [{"depd":"~depd/index.js","../utils":"utils.js","./candidates":"router/candidates.js","./dispatch":"router/dispatch.js","./layer":"router/layer.js","./methods":"router/methods.js","./route":"router/route.js","../routes":"routes.js","../errors":"errors.js","../symbols":"symbols.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Router = exports.kFinalHandler = void 0;
exports.initRoutingState = initRoutingState;
const depd_1 = __importDefault(require("depd"));
const utils_1 = require("../utils");
const candidates_1 = require("./candidates");
const dispatch_1 = require("./dispatch");
Object.defineProperty(exports, "kFinalHandler", { enumerable: true, get: function () { return dispatch_1.kFinalHandler; } });
const layer_1 = require("./layer");
const methods_1 = require("./methods");
const route_1 = require("./route");
const routes_1 = require("../routes");
const errors_1 = require("../errors");
const symbols_1 = require("../symbols");
const deprecate = (0, depd_1.default)('velox');
/**
 * Creates on `req`, unless an outer app already did, the own properties the router sets before
 * any handler runs, and the query parser `req.query` will use; returns whether it did. Called by
 * `app.handle` (HTTP/1) and the HTTP/2 entry before they swap the request's prototype.
 * Hot path — measured (http.createServer(app)): properties first added after a prototype swap
 * cost ~15 µs per request in all, so they are created before it.
 */
function initRoutingState(req, queryParser) {
    if (req.originalUrl !== undefined)
        return false;
    req.next = undefined;
    req.baseUrl = undefined;
    req.originalUrl = req.url;
    req.params = undefined;
    req.route = undefined;
    req[symbols_1.kQueryParser] = queryParser;
    return true;
}
const objectRegExp = /^\[object (\S+)\]$/;
function gettype(obj) {
    const type = typeof obj;
    if (type !== 'object')
        return type;
    return Object.prototype.toString.call(obj).replace(objectRegExp, '$1');
}
/** The router factory, also the prototype of every router (as in Express 4). */
exports.Router = function Router(options) {
    const opts = options || {};
    // Load-bearing name: `layer.name === 'router'` is how express-list-endpoints and the
    // OpenTelemetry Express instrumentation recognise a mounted router (and recurse into `handle.stack`).
    const router = function router(req, res, next) {
        router.handle(req, res, next);
    };
    Object.setPrototypeOf(router, Router);
    router.params = {};
    router._params = [];
    router.caseSensitive = opts.caseSensitive;
    router.mergeParams = opts.mergeParams;
    router.strict = opts.strict;
    router.stack = [];
    return router;
};
exports.Router.param = function param(name, fn) {
    if (typeof name === 'function') {
        deprecate('router.param(fn): Refactor to use path params');
        this._params.push(name);
        return undefined;
    }
    const factories = this._params;
    if (name[0] === ':') {
        deprecate('router.param(' + JSON.stringify(name) + ', fn): Use router.param(' + JSON.stringify(name.slice(1)) + ', fn) instead');
        name = name.slice(1);
    }
    for (const factory of factories) {
        const result = factory(name, fn);
        if (result)
            fn = result;
    }
    if (typeof fn !== 'function') {
        throw (0, errors_1.veloxError)('VELOX_ERR_PARAM_CALLBACK', name, fn);
    }
    if (this.params[name] === undefined)
        this.params[name] = [];
    this.params[name].push(fn);
    return this;
};
exports.Router.handle = function handle(req, res, out) {
    new dispatch_1.Dispatch(this, req, res, out).step(undefined);
};
// Load-bearing name (Express 4 internal, pinned by test/compat.load-bearing.test.ts): dd-trace
// wraps `process_params`.
exports.Router.process_params = function process_params(layer, called, req, res, done) {
    const keys = layer.keys;
    if (!keys || keys.length === 0) {
        done();
        return;
    }
    new ParamWalk(this.params, keys, called, req, res, done).nextParam(undefined);
};
/**
 * One run of `process_params`: the layer's keys in order, each with the router's callbacks
 * for it, in order, then `done`. Its state is shared by all the keys, as Express 4's
 * closures share theirs: a callback that calls its `next` twice moves the walk on from
 * wherever it is by then, as in Express. Only requests whose layer has a key with callbacks
 * get here. Measured against the two closures it replaced (callgrind, 4,000 requests after
 * 20,000 of warm-up, `node --predictable`, two `app.param` callbacks on a two-key route):
 * +0.4% of the instructions outside V8's compiler and GC, one object and one closure per
 * walk where there were two closures.
 */
class ParamWalk {
    params;
    keys;
    called;
    req;
    res;
    done;
    /** The `next` every param callback gets. */
    next;
    keyIndex = 0;
    callbackIndex = 0;
    name = '';
    value = undefined;
    callbacks = undefined;
    current = undefined;
    // Calls of `next` so far: a callback's rejected promise is forwarded only if it has not
    // called its `next` already (a wrapper such as express-async-errors' both calls
    // `next(err)` and returns the rejected promise: one error, not two).
    calls = 0;
    constructor(params, keys, called, req, res, done) {
        this.params = params;
        this.keys = keys;
        this.called = called;
        this.req = req;
        this.res = res;
        this.done = done;
        this.next = (err) => this.nextCallback(err);
    }
    /**
     * The next key: passed over without a value or callbacks; given the outcome of an earlier
     * layer's callbacks for the same value (or their error); else its callbacks run.
     */
    nextParam(err) {
        if (err) {
            this.done(err);
            return;
        }
        if (this.keyIndex >= this.keys.length) {
            this.done();
            return;
        }
        this.callbackIndex = 0;
        const name = this.keys[this.keyIndex++].name;
        const params = this.req.params;
        const value = params[name];
        const current = this.called[name];
        this.name = name;
        this.value = value;
        this.callbacks = this.params[name];
        this.current = current;
        if (value === undefined || !this.callbacks) {
            this.nextParam(undefined);
            return;
        }
        // Param previously called with the same value, or an error occurred.
        if (current && (current.match === value || (current.error && current.error !== 'route'))) {
            params[name] = current.value;
            this.nextParam(current.error);
            return;
        }
        this.current = this.called[name] = { error: null, match: value, value };
        this.nextCallback(undefined);
    }
    /** The current key's next callback, or the next key after the last one or an error. */
    nextCallback(err) {
        this.calls++;
        const fn = this.callbacks[this.callbackIndex++];
        const current = this.current;
        current.value = this.req.params[this.name];
        if (err) {
            current.error = err;
            this.nextParam(err);
            return;
        }
        if (!fn) {
            this.nextParam(undefined);
            return;
        }
        try {
            const before = this.calls;
            const result = fn(this.req, this.res, this.next, this.value, this.name);
            if ((0, layer_1.isThenable)(result)) {
                result.then(undefined, (reason) => {
                    if (this.calls === before)
                        this.nextCallback((0, errors_1.toError)(reason));
                });
            }
        }
        catch (e) {
            this.nextCallback(e);
        }
    }
}
exports.Router.use = function use(...args) {
    const { path, handlers: callbacks } = (0, utils_1.splitUseArguments)(args);
    if (callbacks.length === 0) {
        throw (0, errors_1.veloxError)('VELOX_ERR_ROUTER_USE_MIDDLEWARE');
    }
    for (const fn of callbacks) {
        if (typeof fn !== 'function') {
            throw (0, errors_1.veloxError)('VELOX_ERR_ROUTER_USE_TYPE', gettype(fn));
        }
        const layer = new layer_1.Layer(path, { sensitive: this.caseSensitive, strict: false, end: false }, fn);
        layer.route = undefined;
        this.stack.push(layer);
    }
    return this;
};
exports.Router.routes = function routes() {
    return (0, routes_1.listRoutes)(this.stack);
};
exports.Router.route = function route(path) {
    const created = new route_1.Route(path);
    // Load-bearing name: a bound function's name, `bound dispatch`, is how the OpenTelemetry
    // Express instrumentation tells a route's layer ("request handler") from middleware.
    const layer = new layer_1.Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, created.dispatch.bind(created));
    layer.route = created;
    this.stack.push(layer);
    return created;
};
for (const method of [...methods_1.methods, 'all']) {
    exports.Router[method] = function addRoute(path, ...handlers) {
        const route = this.route(path);
        route[method].apply(route, handlers);
        return this;
    };
}
}];
definitions["router/segment-index.js"] = [{"./layer":"router/layer.js","./segment-keys":"router/segment-keys.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SegmentIndex = void 0;
/**
 * The route index: a trie over the path segments every match of a layer must
 * have (segment-keys.ts). Each layer is filed once, at the node where its keys
 * end; a layer with no keys (`use(fn)`, `*`, most regular expressions) sits at
 * the root. A request path walks the trie segment by segment, taking the
 * literal child and the parameter child, and its candidates are the layers of
 * every node it reaches, in stack order; an *exact* layer (a route whose keys
 * are its whole path, segment-keys.ts) only at the node where the path ends.
 *
 * Exact filing (measured on the GitHub table grown to 5,000 routes, see
 * bench/README.md): `GET /repos/:owner/:repo` used to be a candidate for every
 * `/repos/o/r/…` request, three layers (GET, PATCH, DELETE) matched in vain
 * before the route; and `app.get('/')` for every request to any path. Now a
 * lookup visits the answering route alone, and a walk whose second branch
 * (`/repos/:owner/:repo/:archive_format/:ref`) holds nothing for the path
 * adds no list, so the cursor stays on its one-list path.
 *
 * Hot path — change with care: the walk costs one hash and one small-integer
 * map lookup per segment, whatever the number of routes. A node keeps, once
 * reached, its *chain*: the sorted positions of its own layers and all its
 * ancestors' (up to `MAX_CHAIN`), so the common walk (one branch all the way
 * down) hands the cursor one sorted list and nothing is merged per request.
 * The layers' own matchers still decide; a layer missing from the candidates
 * is one that cannot match.
 */
const layer_1 = require("./layer");
const segment_keys_1 = require("./segment-keys");
class TrieNode {
    parent;
    key;
    /** Literal children while there are few of them, compared key by key. */
    few = null;
    /**
     * Literal children once there are many: an open-addressing table by `segmentHash` of
     * their key (linear probing, a power of two long, at most half full).
     */
    children = null;
    /** How many children `children` holds. */
    childCount = 0;
    param = null;
    /** Stack positions of the layers filed here, ascending: candidates for every path through this node. */
    positions = [];
    /** Positions of the exact layers filed here (segment-keys.ts): candidates only for a path that ends here. */
    exact = [];
    /** This node's and its ancestors' positions, ascending; null when longer than `MAX_CHAIN`. */
    chain = null;
    /** The index version `chain` was computed for (-1: never). */
    chainVersion = -1;
    /** `chain` and this node's exact positions, ascending (the candidates of a path ending here); null when too long. */
    endChain = null;
    endChainVersion = -1;
    /** `segmentHash(key)`. */
    hash;
    constructor(parent, 
    /** The literal segment leading here (lower-cased ASCII); '' for the root and parameter nodes. */
    key) {
        this.parent = parent;
        this.key = key;
        this.hash = segmentHash(key);
    }
}
// Chains longer than this are not kept (memory: a node's chain repeats its ancestors'
// positions); such a node hands out its ancestors' lists and its own instead.
const MAX_CHAIN = 1024;
// A walk that reaches more nodes, or ends with more lists, than these (a table with a literal
// and a parameter branch at level after level, and a request that takes both every time)
// gives up: the cursor walks the stack linearly for that path, which is always correct.
const MAX_REACHED = 64;
const MAX_LISTS = 32;
// Up to this many literal children are compared key by key (mostly a length check each),
// cheaper than hashing the segment; more go into a hash table.
const MAX_FEW_CHILDREN = 8;
// Hashes stay small integers (Smis): stored on the node and compared without boxing.
const HASH_MASK = 0x3fffffff;
// Reused by every branching walk: `collect` runs to completion synchronously, never re-entered.
let frontier = [];
let nextFrontier = [];
class SegmentIndex {
    stack;
    root = new TrieNode(null, '');
    /** The layer at each filed position, to notice a layer replaced in place. */
    layers = [];
    /** Set when a visited position no longer holds the filed layer: rebuild before the next request. */
    stale = false;
    /** `regexpAssignmentCount()` when the layers were filed: a regexp assigned since makes the index out of date. */
    assignments = (0, layer_1.regexpAssignmentCount)();
    /** Bumped when layers are filed: chains computed before are recomputed on next use. */
    version = 0;
    constructor(stack) {
        this.stack = stack;
        this.extend();
    }
    /** Files the layers pushed onto the stack since the last call (positions only grow). */
    extend() {
        const stack = this.stack;
        for (let position = this.layers.length; position < stack.length; position++) {
            const layer = stack[position];
            this.layers.push(layer);
            let node = this.root;
            // A foreign object in the stack has no readable regexp: no keys, always a candidate.
            const read = (0, segment_keys_1.readCached)(layer?.regexp);
            for (const key of read.keys)
                node = key === segment_keys_1.PARAM ? (node.param ??= new TrieNode(node, '')) : childOf(node, key);
            (read.exact ? node.exact : node.positions).push(position);
        }
        this.version++;
    }
    /**
     * Sorted position lists whose union holds every layer that may match
     * `path` (a position may be in several), written into `out` from index 0;
     * returns how many, or -1 if the walk gave up.
     */
    collect(path, out) {
        let node = this.root;
        // Not a path from the root (`*`, ''): every layer the walk could reach from the root is offered.
        if (path.charCodeAt(0) !== 0x2f)
            return this.endChains(node, out, 0);
        const length = path.length;
        let start = 1;
        for (;;) {
            if (node.few === null && node.children === null && node.param === null)
                break;
            const end = segmentEnd(path, start);
            const child = childFor(node, path, start, end);
            // A parameter takes any non-empty segment.
            const param = end !== start ? node.param : null;
            if (child !== undefined) {
                if (param !== null && end === length && isPassThrough(param)) {
                    // The last segment, and the parameter child has no layers of its own (the `:archive_format`
                    // of `/repos/:owner/:repo/:archive_format/:ref` for `/repos/o/r/issues`): it would add only
                    // its ancestors' layers, which the literal child's list holds too. No second branch.
                    node = child;
                }
                else if (param !== null && end === length && isPassThrough(child)) {
                    node = param;
                }
                else if (param !== null || start === length) {
                    // Both branches, or an empty last segment (a trailing slash) that a child takes while
                    // this node's exact layers match it too: the general walk.
                    return this.collectBranches(path, out, node, start);
                }
                else {
                    node = child;
                }
            }
            else if (param !== null) {
                node = param;
            }
            else {
                break;
            }
            if (end === length)
                return this.endChains(node, out, 0);
            start = end + 1;
        }
        // The walk stopped before the segment at `start`: exact layers here match only if that is
        // the empty last segment (a trailing slash).
        return start === length ? this.endChains(node, out, 0) : this.chains(node, out, 0);
    }
    /** `collect` from `node` at `start` on, where the walk takes more than one branch. */
    collectBranches(path, out, node, start) {
        const length = path.length;
        let count = 0;
        let width = 1;
        let reached = 1;
        frontier[0] = node;
        for (;;) {
            const end = segmentEnd(path, start);
            let nextWidth = 0;
            for (let i = 0; i < width; i++) {
                const current = frontier[i];
                const before = nextWidth;
                const child = childFor(current, path, start, end);
                if (child !== undefined)
                    nextFrontier[nextWidth++] = child;
                if (current.param !== null && end !== start)
                    nextFrontier[nextWidth++] = current.param;
                // A node the walk goes no further from, or one at the empty last segment (its exact
                // layers take the trailing slash): its candidates are part of the answer.
                if (nextWidth === before || start === length)
                    count = start === length ? this.endChains(current, out, count) : this.chains(current, out, count);
            }
            reached += nextWidth;
            if (reached > MAX_REACHED || count > MAX_LISTS)
                return -1;
            if (end === length) {
                for (let i = 0; i < nextWidth; i++)
                    count = this.endChains(nextFrontier[i], out, count);
                break;
            }
            if (nextWidth === 0)
                break;
            const swap = frontier;
            frontier = nextFrontier;
            nextFrontier = swap;
            width = nextWidth;
            start = end + 1;
        }
        return count > MAX_LISTS ? -1 : count;
    }
    /**
     * Appends to `out` (at `count`) lists holding the positions of `node` and
     * its ancestors, the candidates of a path that goes on below `node`; an
     * empty list is left out (so that one non-empty list keeps the cursor on
     * its single-list path).
     */
    chains(node, out, count) {
        const chain = this.chainOf(node);
        if (chain !== null) {
            if (chain.length !== 0)
                out[count++] = chain;
            return count;
        }
        count = this.chains(node.parent, out, count);
        if (node.positions.length !== 0)
            out[count++] = node.positions;
        return count;
    }
    /** `chains`, and the exact layers of `node`: the candidates of a path that ends at `node`. */
    endChains(node, out, count) {
        if (node.exact.length === 0)
            return this.chains(node, out, count);
        if (node.endChainVersion !== this.version) {
            const chain = this.chainOf(node);
            node.endChain = chain === null || chain.length + node.exact.length > MAX_CHAIN ? null : mergeSorted(chain, node.exact);
            node.endChainVersion = this.version;
        }
        if (node.endChain !== null) {
            out[count++] = node.endChain;
            return count;
        }
        count = this.chains(node, out, count);
        out[count++] = node.exact;
        return count;
    }
    chainOf(node) {
        if (node.chainVersion === this.version)
            return node.chain;
        let chain;
        if (node.parent === null) {
            chain = node.positions;
        }
        else {
            const inherited = this.chainOf(node.parent);
            if (node.positions.length === 0)
                chain = inherited;
            else if (inherited === null || inherited.length + node.positions.length > MAX_CHAIN)
                chain = null;
            else
                chain = mergeSorted(inherited, node.positions);
        }
        node.chain = chain;
        node.chainVersion = this.version;
        return chain;
    }
}
exports.SegmentIndex = SegmentIndex;
/** A node with no layers of its own: a path ending there has its parent's candidates. */
function isPassThrough(node) {
    return node.positions.length === 0 && node.exact.length === 0;
}
/**
 * Where the segment starting at `start` ends (the next `/` or the end).
 * Separate from the hash so that a walk at a node without literal children
 * (a parameter level) does not hash.
 */
function segmentEnd(path, start) {
    const end = path.indexOf('/', start);
    return end === -1 ? path.length : end;
}
/** The literal child of `node` whose key is the segment `start`..`end` of `path`, ASCII case folded. */
function childFor(node, path, start, end) {
    const few = node.few;
    if (few !== null) {
        for (let i = 0; i < few.length; i++) {
            if (isSegment(few[i].key, path, start, end))
                return few[i];
        }
        return undefined;
    }
    const children = node.children;
    if (children === null)
        return undefined;
    // Hot path: a hash computed over the path in place, folding ASCII case as the keys are
    // folded: no substring, no lower-cased copy. A segment that matches a key case-insensitively
    // is ASCII (without the `u` flag no other character folds onto an ASCII one), so folding
    // ASCII alone is exact. Then the node's own open-addressing table: an array load and a
    // hash compare per probe, where a `Map<number, TrieNode>` of thousands of children cost
    // a Map lookup (bench/README.md, "GitHub table at N routes").
    let hash = 0;
    for (let i = start; i < end; i++) {
        let c = path.charCodeAt(i);
        if (c >= 0x41 && c <= 0x5a)
            c += 0x20;
        hash = (Math.imul(hash, 31) + c) | 0;
    }
    hash = mix(hash);
    const mask = children.length - 1;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
        const child = children[slot];
        if (child === null)
            return undefined;
        if (child.hash === hash && isSegment(child.key, path, start, end))
            return child;
    }
}
/** The hash `childFor` computes for a request segment equal to `key`. */
function segmentHash(key) {
    let hash = 0;
    for (let i = 0; i < key.length; i++)
        hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
    return mix(hash);
}
/**
 * Spreads a polynomial string hash over its bits before it picks a slot: keys that differ in
 * their last characters (`r4998`, `r4999`, `r49990`) have nearby hashes, which linear probing
 * piles into long runs (measured: 141 probes for `r4998` among `r0`…`r4999` without this, at
 * most 10 and 1.2 on average with it).
 */
function mix(hash) {
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x45d9f3b);
    hash ^= hash >>> 16;
    return hash & HASH_MASK;
}
/** Whether `path` from `start` to `end`, ASCII letters folded to lower case, is `key`. */
function isSegment(key, path, start, end) {
    if (key.length !== end - start)
        return false;
    for (let i = 0; i < key.length; i++) {
        let c = path.charCodeAt(start + i);
        if (c >= 0x41 && c <= 0x5a)
            c += 0x20;
        if (c !== key.charCodeAt(i))
            return false;
    }
    return true;
}
function childOf(node, key) {
    if (node.children === null) {
        const few = (node.few ??= []);
        for (const child of few) {
            if (child.key === key)
                return child;
        }
        const child = new TrieNode(node, key);
        if (few.length < MAX_FEW_CHILDREN) {
            few.push(child);
            return child;
        }
        node.children = new Array(4 * MAX_FEW_CHILDREN).fill(null);
        node.few = null;
        for (const sibling of few)
            addHashed(node, sibling);
        addHashed(node, child);
        return child;
    }
    const children = node.children;
    const mask = children.length - 1;
    for (let slot = segmentHash(key) & mask;; slot = (slot + 1) & mask) {
        const child = children[slot];
        if (child === null)
            break;
        if (child.key === key)
            return child;
    }
    const child = new TrieNode(node, key);
    addHashed(node, child);
    return child;
}
/** Puts `child` into `node.children`, doubling the table first if it would be more than half full. */
function addHashed(node, child) {
    let children = node.children;
    if (2 * (node.childCount + 1) > children.length) {
        const old = children;
        children = node.children = new Array(2 * old.length).fill(null);
        for (const sibling of old)
            if (sibling !== null)
                insert(children, sibling);
    }
    insert(children, child);
    node.childCount++;
}
function insert(children, child) {
    const mask = children.length - 1;
    let slot = child.hash & mask;
    while (children[slot] !== null)
        slot = (slot + 1) & mask;
    children[slot] = child;
}
function mergeSorted(a, b) {
    const merged = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length)
        merged.push(a[i] <= b[j] ? a[i++] : b[j++]);
    while (i < a.length)
        merged.push(a[i++]);
    while (j < b.length)
        merged.push(b[j++]);
    return merged;
}
}];
definitions["router/segment-keys.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
/**
 * Which request path segments every match of a layer must have: the keys the
 * route index files a layer under (segment-index.ts).
 *
 * Read from the layer's compiled regular expression, not from the path
 * pattern, so string paths, arrays and user regular expressions are treated
 * alike and the answer is about what the matcher actually accepts. The index
 * only ever *excludes* a layer from a request's candidates, so this must be
 * exact about what it promises and may promise less: a layer it cannot read
 * gets no keys and stays a candidate for every request.
 *
 * A key is a literal segment (ASCII, lower-cased: the request side folds the
 * same way, which can only add candidates for a case-sensitive layer) or
 * `PARAM`: one non-empty segment, whatever it holds (a bare `/:name`).
 *
 * A layer is *exact* when its keys are all its matches have: one alternative,
 * every segment a key, then the end of the path (`$`, or `\/?$`: an optional
 * trailing slash). Every route layer of a plain path (`/users/:id/posts`) is.
 * An exact layer matches only paths of exactly its segments (and possibly one
 * trailing slash), so the index offers it only to paths that end at its node,
 * not to every longer path below it (segment-index.ts).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.PARAM = void 0;
exports.segmentKeysOf = segmentKeysOf;
exports.readCached = readCached;
exports.readSegmentKeys = readSegmentKeys;
/** A segment key standing for any one non-empty segment (a bare `/:name` parameter). */
exports.PARAM = Symbol('velox.paramSegment');
const NO_KEYS = [];
const UNREADABLE = { keys: NO_KEYS, exact: false };
const cache = new WeakMap();
/** The keys of `regexp`, computed once per regular expression (source and flags are immutable). */
function segmentKeysOf(regexp) {
    return readCached(regexp).keys;
}
/** The keys of `regexp` and whether it is exact, computed once per regular expression. */
function readCached(regexp) {
    if (!(regexp instanceof RegExp))
        return UNREADABLE;
    let read = cache.get(regexp);
    if (read === undefined) {
        read = readKeys(regexp.source, regexp.flags);
        cache.set(regexp, read);
    }
    return read;
}
// Flags that leave `^`, `$` and literal characters meaning what they mean here. `m` moves
// `^`/`$` to line breaks, `u`/`v` change case folding (`ſ` matches `s`) and escapes, and
// `g`/`y` make `exec` stateful: a layer the index skipped would not advance `lastIndex`
// as Express's linear walk does.
const READABLE_FLAGS = /^[isd]*$/;
// What path-to-regexp 0.1 writes for a bare `/:name` (`[^/]` as V8 prints the source of
// `new RegExp`; `[^\/]` as a literal may be written), and for `/:id(\\d+)` and kin: a slash,
// then one or more characters none of which is a slash.
const PARAM_GROUPS = ['(?:\\/([^/]+?))', '(?:\\/([^\\/]+?))', '(?:\\/(\\d+))', '(?:\\/([0-9]+))', '(?:\\/(\\w+))'];
// What can follow a matched path: its end, an optional trailing slash, or a segment
// boundary (the lookahead of `end: false` layers, which leave the rest of the path alone).
const END_TAILS = ['$', '\\/?$', '(?=\\/|$)', '\\/?(?=\\/|$)'];
// The tails after which nothing of the path is left: the end, or an optional trailing slash then the end.
const EXACT_TAILS = ['$', '\\/?$'];
function readSegmentKeys(source, flags) {
    return readKeys(source, flags).keys;
}
function readKeys(source, flags) {
    if (!READABLE_FLAGS.test(flags))
        return UNREADABLE;
    const alternatives = splitAlternatives(source);
    if (alternatives === null)
        return UNREADABLE;
    // `['/a/:x', '/a/b']` compiles to `^…|^…`: a match has the keys every alternative has.
    let common = null;
    let exact = false;
    for (const alternative of alternatives) {
        if (alternative.charCodeAt(0) !== 0x5e /* ^ */)
            return UNREADABLE;
        const read = { exact: false };
        const keys = keysOfAlternative(alternative, 1, read);
        if (common === null) {
            common = keys;
            exact = read.exact;
            continue;
        }
        exact = false;
        let shared = 0;
        while (shared < common.length && shared < keys.length && common[shared] === keys[shared])
            shared++;
        common.length = shared;
    }
    if (common === null)
        return UNREADABLE;
    return { keys: common.length === 0 ? NO_KEYS : common, exact };
}
/**
 * Keys of one `^`-anchored alternative, reading from `position` (just past
 * the `^`); sets `read.exact` when they are all a match has.
 */
function keysOfAlternative(source, position, read) {
    const keys = [];
    for (;;) {
        const run = literalRun(source, position);
        const text = run.text;
        // Segments start at a slash: at the start of the path, and after a parameter.
        if (text.length !== 0 && text.charCodeAt(0) !== 0x2f)
            return keys;
        const segments = text.length === 0 ? [] : text.slice(1).split('/');
        const rest = source.slice(run.end);
        if (END_TAILS.includes(rest)) {
            // The path ends, or a slash follows, right after the literal text: its last segment is whole.
            keys.push(...segments);
            read.exact = EXACT_TAILS.includes(rest);
            return keys;
        }
        const group = PARAM_GROUPS.find((candidate) => rest.startsWith(candidate));
        if (group === undefined) {
            // Whatever follows may continue the last segment (`/file.:ext`, `/a(b)?`): only the
            // segments a slash closes are whole, literal or at the start of a group that must match.
            keys.push(...(startsWithRequiredSlash(source, run.end) ? segments : segments.slice(0, -1)));
            return keys;
        }
        const after = run.end + group.length;
        if (isQuantifier(source.charCodeAt(after))) {
            // An optional parameter (`/:name?`): the slash it starts with may be absent, so the
            // last literal segment is whole only if the path ends right after the group.
            keys.push(...(END_TAILS.includes(source.slice(after + 1)) ? segments : segments.slice(0, -1)));
            return keys;
        }
        // A bare parameter: a slash (closing the last literal segment), then at least one
        // character that is not a slash: one non-empty segment.
        keys.push(...segments, exports.PARAM);
        position = after;
        // Go on only when a slash, another parameter or the end follows: in `/:name.json` or
        // `/:a-:b` the segment goes on, and PARAM already says all that is certain about it.
        const tail = source.slice(after);
        if (END_TAILS.includes(tail)) {
            read.exact = EXACT_TAILS.includes(tail);
            return keys;
        }
        if (!tail.startsWith('\\/') && !tail.startsWith('/') && !PARAM_GROUPS.some((candidate) => tail.startsWith(candidate)))
            return keys;
    }
}
/**
 * Whether the source at `position` is a group that must match and begins with
 * a slash in every alternative it has: `(?:\/…)` or `(\/…)` with no `|` at its
 * top level and no quantifier after it (`/a/:rest*` compiles to one).
 */
function startsWithRequiredSlash(source, position) {
    if (source.charCodeAt(position) !== 0x28)
        return false;
    const close = groupEnd(source, position);
    if (close === -1 || isQuantifier(source.charCodeAt(close + 1)))
        return false;
    let inner = source.slice(position + 1, close);
    if (inner.startsWith('?:'))
        inner = inner.slice(2);
    if (!inner.startsWith('\\/'))
        return false;
    const alternatives = splitAlternatives(inner);
    return alternatives !== null && alternatives.length === 1;
}
/** The position of the `)` closing the group opened at `open`, or -1. */
function groupEnd(source, open) {
    let depth = 0;
    let inClass = false;
    for (let i = open; i < source.length; i++) {
        const c = source.charCodeAt(i);
        if (c === 0x5c)
            i++;
        else if (inClass)
            inClass = c !== 0x5d;
        else if (c === 0x5b)
            inClass = true;
        else if (c === 0x28)
            depth++;
        else if (c === 0x29 && --depth === 0)
            return i;
    }
    return -1;
}
/** `?`, `*`, `+` or `{`: the atom before may be absent or repeated. */
function isQuantifier(c) {
    return c === 0x3f || c === 0x2a || c === 0x2b || c === 0x7b;
}
/**
 * The longest run of characters at `position` that match only themselves.
 * An atom followed by a quantifier (`?`, `*`, `+`, `{`) is left out: it may
 * be absent or repeated.
 */
function literalRun(source, position) {
    let text = '';
    while (position < source.length) {
        const c = source.charCodeAt(position);
        let width = 1;
        let atom;
        if (c === 0x5c /* \ */) {
            // `\/`, `\.`, `\-`: an escaped punctuation character is itself; `\d`, `\b`, `\u0041`
            // and friends are classes or other syntax.
            const escaped = source.charCodeAt(position + 1);
            if (Number.isNaN(escaped) || isAsciiAlphanumeric(escaped) || escaped > 0x7e)
                break;
            atom = escaped;
            width = 2;
        }
        else if (isPlainLiteral(c)) {
            atom = c;
        }
        else {
            break;
        }
        if (isQuantifier(source.charCodeAt(position + width)))
            break;
        text += String.fromCharCode(atom >= 0x41 && atom <= 0x5a ? atom + 0x20 : atom);
        position += width;
    }
    return { text, end: position };
}
function isAsciiAlphanumeric(c) {
    return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}
/** Printable ASCII that a regular expression without the `u` flag reads as itself. */
function isPlainLiteral(c) {
    if (c < 0x20 || c > 0x7e)
        return false;
    switch (c) {
        case 0x24: // $
        case 0x28: // (
        case 0x29: // )
        case 0x2a: // *
        case 0x2b: // +
        case 0x2e: // .
        case 0x3f: // ?
        case 0x5b: // [
        case 0x5c: // \
        case 0x5d: // ]
        case 0x5e: // ^
        case 0x7b: // {
        case 0x7c: // |
        case 0x7d: // }
            return false;
        default:
            return true;
    }
}
/** The top-level alternatives of a regular expression source, or null if it cannot be read. */
function splitAlternatives(source) {
    const alternatives = [];
    let depth = 0;
    let inClass = false;
    let start = 0;
    for (let i = 0; i < source.length; i++) {
        const c = source.charCodeAt(i);
        if (c === 0x5c) {
            i++;
        }
        else if (inClass) {
            if (c === 0x5d)
                inClass = false;
        }
        else if (c === 0x5b) {
            inClass = true;
        }
        else if (c === 0x28) {
            depth++;
        }
        else if (c === 0x29) {
            if (--depth < 0)
                return null;
        }
        else if (c === 0x7c && depth === 0) {
            alternatives.push(source.slice(start, i));
            start = i + 1;
        }
    }
    if (depth !== 0 || inClass)
        return null;
    alternatives.push(source.slice(start));
    return alternatives;
}
}];
definitions["routes.js"] = [{"./router/layer":"router/layer.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RouteList = exports.kMountedApp = void 0;
exports.listRoutes = listRoutes;
exports.joinPath = joinPath;
exports.formatRoutes = formatRoutes;
/**
 * Route listing (beyond Express 4): `app.routes()` and `router.routes()`.
 *
 * Walks the router stacks at call time (routes added later appear) and
 * returns every middleware, route, mounted router and mounted app in
 * registration order, depth first, with the path as written, the full path
 * through every mount point, the methods and the handler names. Reads only
 * what the layers already hold, so it costs nothing until called.
 *
 * @example
 * console.log(app.routes().toString());
 */
const layer_1 = require("./router/layer");
/** On the function `app.use` mounts for a sub-app: the sub-app (listing, tracing). */
exports.kMountedApp = Symbol('velox.mountedApp');
/** The list `routes()` returns: an array with a table form for printing at startup. */
class RouteList extends Array {
    /** `map`, `filter` and `slice` give plain arrays. */
    static get [Symbol.species]() {
        return Array;
    }
    /** One line per entry: methods, full path, kind and handlers, aligned in columns. */
    toString() {
        return formatRoutes(this);
    }
}
exports.RouteList = RouteList;
/** The entries of a router stack (`app._router.stack` or `router.stack`). */
function listRoutes(stack) {
    const list = new RouteList();
    if (stack !== undefined)
        walk(stack, [''], 0, list, new Set([stack]));
    return list;
}
function walk(stack, prefixes, depth, list, seen) {
    for (const layer of stack) {
        const route = layer.route;
        const pattern = patternOf(layer);
        const paths = Array.isArray(pattern) ? pattern.map(pathText) : [pathText(pattern)];
        const fullPaths = [];
        for (const prefix of prefixes)
            for (const path of paths)
                fullPaths.push(joinPath(prefix, path));
        const handle = layer.handle;
        const sub = handle[exports.kMountedApp];
        let kind;
        let handlers;
        let methods = [];
        let children;
        if (route !== undefined) {
            kind = 'route';
            methods = routeMethods(route);
            handlers = route.stack.map((inner) => inner.name);
        }
        else if (sub !== undefined) {
            kind = 'app';
            handlers = [layer.name];
            children = stackOf(sub._router?.stack);
        }
        else if (Array.isArray(handle.stack)) {
            kind = 'router';
            handlers = [layer.name];
            children = handle.stack;
        }
        else {
            kind = 'middleware';
            handlers = [layer.name];
        }
        list.push({ kind, methods, pattern, paths, fullPath: fullPaths[0], fullPaths, handlers, depth });
        // A router mounted inside itself would recurse forever: list it once.
        if (children !== undefined && !seen.has(children)) {
            seen.add(children);
            walk(children, fullPaths, depth + 1, list, seen);
            seen.delete(children);
        }
    }
}
function stackOf(value) {
    return Array.isArray(value) ? value : undefined;
}
/** The path as written; a layer built by another router (express.Router) falls back to its route path or regexp. */
function patternOf(layer) {
    const written = layer[layer_1.kPattern];
    if (written !== undefined)
        return written;
    if (layer.route !== undefined)
        return layer.route.path;
    return layer.regexp;
}
function pathText(path) {
    return typeof path === 'string' ? path : String(path);
}
function routeMethods(route) {
    const methods = [];
    for (const name of Object.keys(route.methods)) {
        if (route.methods[name])
            methods.push(name === '_all' ? 'ALL' : name.toUpperCase());
    }
    return methods;
}
/** `/api` + `/users` = `/api/users`; `/api` + `/` = `/api`; `` + `/x` = `/x`. */
function joinPath(prefix, path) {
    if (prefix === '' || prefix === '/')
        return path === '' ? '/' : path;
    if (path === '/' || path === '')
        return prefix;
    const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return path.startsWith('/') ? base + path : base + '/' + path;
}
/** The table form: `METHODS  PATH  KIND  HANDLERS`, nested entries indented by depth. */
function formatRoutes(entries) {
    const rows = [['METHOD', 'PATH', 'KIND', 'HANDLERS']];
    for (const entry of entries) {
        const methods = entry.methods.length > 6 ? entry.methods.slice(0, 5).join(',') + ',…' : entry.methods.join(',');
        rows.push([methods || '*', '  '.repeat(entry.depth) + entry.fullPaths.join(' | '), entry.kind, entry.handlers.join(', ')]);
    }
    const widths = [0, 0, 0];
    for (const row of rows)
        for (let i = 0; i < 3; i++)
            widths[i] = Math.max(widths[i], row[i].length);
    return rows
        .map((row) => row
        .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell))
        .join('  ')
        .trimEnd())
        .join('\n');
}
}];
definitions["send/config.js"] = [{"depd":"~depd/index.js","ms":"~ms/index.js","../errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseMaxAge = parseMaxAge;
exports.compileSendConfig = compileSendConfig;
/**
 * Options of the file-sending engine, validated and normalised once: at
 * registration for `velox.static`, per call for `res.sendFile`. Defaults,
 * coercions and TypeError messages are those of `send` 0.19, the engine
 * behind Express 4.
 */
const node_path_1 = require("node:path");
const depd_1 = __importDefault(require("depd"));
const ms_1 = __importDefault(require("ms"));
const errors_1 = require("../errors");
const deprecate = (0, depd_1.default)('send');
/** One year, send's ceiling for `maxAge`. */
const MAX_MAX_AGE = 60 * 60 * 24 * 365 * 1000;
function toBoolean(value, fallback) {
    return value !== undefined ? Boolean(value) : fallback;
}
/** As send's `normalizeList`: falsy gives [], a string gives [string], anything but strings throws. */
function normalizeList(value, name) {
    const list = [].concat(value || []);
    for (const item of list) {
        if (typeof item !== 'string')
            throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_STRING_ARRAY', name);
    }
    return list;
}
/** Milliseconds from a number or an `ms` duration string, clamped to [0, one year]; invalid gives 0. */
function parseMaxAge(value) {
    // ms() returns undefined for a string it cannot read (its types promise a number).
    const milliseconds = typeof value === 'string' ? (0, ms_1.default)(value) : Number(value);
    if (typeof milliseconds !== 'number' || Number.isNaN(milliseconds))
        return 0;
    return Math.min(Math.max(0, milliseconds), MAX_MAX_AGE);
}
/**
 * Validates and normalises engine options.
 *
 * @example
 * const config = compileSendConfig({ root: 'public', maxAge: '1d' });
 */
function compileSendConfig(options) {
    const opts = options || {};
    const dotfiles = opts.dotfiles !== undefined ? opts.dotfiles : 'ignore';
    if (dotfiles !== 'ignore' && dotfiles !== 'allow' && dotfiles !== 'deny') {
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_DOTFILES');
    }
    const hidden = Boolean(opts.hidden);
    if (opts.hidden !== undefined)
        deprecate("hidden: use dotfiles: '" + (hidden ? 'allow' : 'ignore') + "' instead");
    const maxAge = parseMaxAge(opts.maxAge || opts.maxage);
    let cacheControl = null;
    if (toBoolean(opts.cacheControl, true)) {
        cacheControl = 'public, max-age=' + Math.floor(maxAge / 1000);
        if (toBoolean(opts.immutable, false))
            cacheControl += ', immutable';
    }
    let root = opts.root ? (0, node_path_1.resolve)(opts.root) : null;
    if (root === null && opts.from) {
        deprecate('send.from: pass root as option');
        root = (0, node_path_1.resolve)(String(opts.from));
    }
    return {
        acceptRanges: toBoolean(opts.acceptRanges, true),
        cacheControl,
        dotfiles: opts.dotfiles === undefined ? undefined : dotfiles,
        etag: toBoolean(opts.etag, true),
        extensions: opts.extensions !== undefined ? normalizeList(opts.extensions, 'extensions option') : [],
        hidden,
        index: opts.index !== undefined ? normalizeList(opts.index, 'index option') : ['index.html'],
        lastModified: toBoolean(opts.lastModified, true),
        root,
        start: opts.start || 0,
        end: opts.end,
    };
}
}];
definitions["send/file-errors.js"] = [{"../errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.httpError = httpError;
exports.wrapError = wrapError;
exports.fileSystemError = fileSystemError;
/**
 * Errors of the file-sending engine, shaped as send 0.19 shapes them with
 * http-errors: a status alone gives a fresh `HttpError` (`expose: true` for
 * 4xx); a file system error keeps its identity (`code`, `errno`, `syscall`,
 * `path`) and gains `status`/`statusCode` with `expose: false`, so that its
 * message, which names a server path, is never shown to the client.
 */
const errors_1 = require("../errors");
function httpError(status, props) {
    return (0, errors_1.requestError)('VELOX_ERR_FILE_STATUS', [], props, status);
}
/** An Error (fs or other) turned into an HttpError in place, hidden from clients. */
function wrapError(status, err) {
    const wrapped = err;
    // As http-errors when given an Error: a status already on it wins.
    const existing = typeof wrapped.status === 'number' ? wrapped.status : wrapped.statusCode;
    const code = typeof existing === 'number' && existing >= 400 && existing < 600 ? existing : status;
    wrapped.status = code;
    wrapped.statusCode = code;
    wrapped.expose = false;
    return wrapped;
}
/** send's onStatError: a missing file is 404, anything else is 500. */
function fileSystemError(err) {
    switch (err.code) {
        case 'ENAMETOOLONG':
        case 'ENOENT':
        case 'ENOTDIR':
            return wrapError(404, err);
        default:
            return wrapError(500, err);
    }
}
}];
definitions["send/headers.js"] = [{"fresh":"~fresh/index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.setFileHeaders = setFileHeaders;
exports.setContentType = setContentType;
exports.isConditionalGet = isConditionalGet;
exports.isPreconditionFailure = isPreconditionFailure;
exports.isCacheable = isCacheable;
exports.isFresh = isFresh;
exports.isRangeFresh = isRangeFresh;
exports.isBytesRange = isBytesRange;
exports.removeContentHeaders = removeContentHeaders;
const etag_1 = __importDefault(require("etag"));
const fresh_1 = __importDefault(require("fresh"));
const mime_1 = __importDefault(require("mime"));
/** Sets Accept-Ranges, Cache-Control, Last-Modified and ETag, each unless already present. */
function setFileHeaders(res, stat, config) {
    if (config.acceptRanges && !res.getHeader('Accept-Ranges'))
        res.setHeader('Accept-Ranges', 'bytes');
    if (config.cacheControl !== null && !res.getHeader('Cache-Control'))
        res.setHeader('Cache-Control', config.cacheControl);
    if (config.lastModified && !res.getHeader('Last-Modified'))
        res.setHeader('Last-Modified', stat.mtime.toUTCString());
    if (config.etag && !res.getHeader('ETag'))
        res.setHeader('ETag', (0, etag_1.default)(stat));
}
/** Sets Content-Type from the file extension (with the charset of text types) unless already set. */
function setContentType(res, path) {
    if (res.getHeader('Content-Type'))
        return;
    // Looked up per request, not cached: users may `velox.static.mime.define()` at any time.
    const type = mime_1.default.lookup(path);
    if (!type)
        return;
    const charset = mime_1.default.charsets.lookup(type, '');
    res.setHeader('Content-Type', charset ? type + '; charset=' + charset : type);
}
function isConditionalGet(req) {
    const headers = req.headers;
    return Boolean(headers['if-match'] || headers['if-unmodified-since'] || headers['if-none-match'] || headers['if-modified-since']);
}
function parseHttpDate(date) {
    return date ? Date.parse(String(date)) : Number.NaN;
}
/** Splits a comma-separated token list, dropping spaces around entries (send's parseTokenList). */
function parseTokenList(value) {
    let end = 0;
    let start = 0;
    const list = [];
    for (let i = 0; i < value.length; i++) {
        switch (value.charCodeAt(i)) {
            case 0x20:
                if (start === end)
                    start = end = i + 1;
                break;
            case 0x2c:
                if (start !== end)
                    list.push(value.substring(start, end));
                start = end = i + 1;
                break;
            default:
                end = i + 1;
                break;
        }
    }
    if (start !== end)
        list.push(value.substring(start, end));
    return list;
}
/** If-Match / If-Unmodified-Since failed: the response is 412. */
function isPreconditionFailure(req, res) {
    const match = req.headers['if-match'];
    if (match) {
        const tag = res.getHeader('ETag');
        if (!tag)
            return true;
        if (match === '*')
            return false;
        for (const candidate of parseTokenList(match)) {
            if (candidate === tag || candidate === 'W/' + tag || 'W/' + candidate === tag)
                return false;
        }
        return true;
    }
    const unmodifiedSince = parseHttpDate(req.headers['if-unmodified-since']);
    if (!Number.isNaN(unmodifiedSince)) {
        const lastModified = parseHttpDate(res.getHeader('Last-Modified'));
        return Number.isNaN(lastModified) || lastModified > unmodifiedSince;
    }
    return false;
}
/** 2xx and 304 responses are cacheable (RFC 7232); others never answer 304. */
function isCacheable(res) {
    const status = res.statusCode;
    return (status >= 200 && status < 300) || status === 304;
}
function isFresh(req, res) {
    return (0, fresh_1.default)(req.headers, { etag: res.getHeader('ETag'), 'last-modified': res.getHeader('Last-Modified') });
}
/** If-Range matches the response's ETag (a header value with a quote) or Last-Modified date. */
function isRangeFresh(req, res) {
    const ifRange = req.headers['if-range'];
    if (!ifRange)
        return true;
    if (ifRange.indexOf('"') !== -1) {
        const tag = res.getHeader('ETag');
        return tag ? ifRange.indexOf(String(tag)) !== -1 : false;
    }
    return parseHttpDate(res.getHeader('Last-Modified')) <= parseHttpDate(ifRange);
}
/** A `Range` header of the bytes unit: send's /^ *bytes=/ as a scan. */
function isBytesRange(range) {
    if (range === undefined)
        return false;
    let i = 0;
    while (range.charCodeAt(i) === 0x20)
        i++;
    return range.startsWith('bytes=', i);
}
/**
 * Removes the headers that describe a body, for a 304.
 */
function removeContentHeaders(res) {
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Language');
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Range');
    res.removeHeader('Content-Type');
}
}];
definitions["send/redirect.js"] = [{"encodeurl":"~encodeurl/index.js","escape-html":"~escape-html/index.js","../html":"html.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.collapseLeadingSlashes = collapseLeadingSlashes;
exports.directoryLocation = directoryLocation;
exports.redirectToDirectory = redirectToDirectory;
const node_url_1 = require("node:url");
const encodeurl_1 = __importDefault(require("encodeurl"));
const escape_html_1 = __importDefault(require("escape-html"));
const html_1 = require("../html");
/**
 * Collapses leading slashes into one. Security: `//evil.example/` as a
 * Location would be a protocol-relative URL to another host (open redirect).
 * Beyond serve-static, backslashes in that leading run count too: browsers
 * read `/\evil.example` as `//evil.example`.
 */
function collapseLeadingSlashes(path) {
    let i = 0;
    let hasBackslash = false;
    for (; i < path.length; i++) {
        const code = path.charCodeAt(i);
        if (code === 0x5c)
            hasBackslash = true;
        else if (code !== 0x2f)
            break;
    }
    return i > 1 || hasBackslash ? '/' + path.slice(i) : path;
}
/** The URLs that parseurl parses by hand (a path with no whitespace or `#`), the rest goes to url.parse. */
const NOT_SIMPLE_PATH = /[\t\n\f\r #\u00a0\ufeff]/;
/** The original request URL with `/` appended to its pathname, formatted as serve-static does. */
function directoryLocation(originalUrl) {
    if (originalUrl.charCodeAt(0) === 0x2f && !NOT_SIMPLE_PATH.test(originalUrl)) {
        const query = originalUrl.indexOf('?');
        return query === -1 ? collapseLeadingSlashes(originalUrl + '/') : collapseLeadingSlashes(originalUrl.slice(0, query) + '/') + originalUrl.slice(query);
    }
    const url = (0, node_url_1.parse)(originalUrl);
    url.pathname = collapseLeadingSlashes(url.pathname + '/');
    url.path = null;
    return (0, node_url_1.format)(url);
}
/**
 * Answers 301 to the directory URL with a trailing slash.
 *
 * @example
 * redirectToDirectory(req, res); // GET /docs → 301 Location: /docs/
 */
function redirectToDirectory(req, res) {
    const original = typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '');
    const location = (0, encodeurl_1.default)(directoryLocation(original));
    const doc = (0, html_1.createHtmlDocument)('Redirecting', 'Redirecting to ' + (0, escape_html_1.default)(location));
    res.statusCode = 301;
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.setHeader('Content-Length', Buffer.byteLength(doc));
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Location', location);
    res.end(doc);
}
}];
definitions["send/resolve-path.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.resolvePath = resolvePath;
/**
 * From a URL-encoded request path to a file system path, with send 0.19's
 * checks in send's order: malformed encoding and NUL bytes give 400, a `..`
 * segment gives 403, dotfiles follow the `dotfiles` option. With a root, the
 * result never leaves it: the path is normalised as a relative path first,
 * so no `..` survives to climb out, whatever its encoding.
 */
const node_path_1 = require("node:path");
/** decodeURIComponent, or null for malformed percent-encoding. */
function decodePath(path) {
    // Hot path: most request paths have nothing to decode, and decodeURIComponent
    // only ever changes a string at a `%`.
    if (path.indexOf('%') === -1)
        return path;
    try {
        return decodeURIComponent(path);
    }
    catch {
        return null;
    }
}
function isSeparator(code) {
    return code === 0x2f || code === 0x5c;
}
/**
 * Whether a path has a `..` segment, split on `/` and `\` (send's
 * UP_PATH_REGEXP). Security: a `\` is refused too, so a path that is safe on
 * POSIX stays refused the way it must be on Windows.
 */
function hasUpSegment(path) {
    let index = path.indexOf('..');
    while (index !== -1) {
        const before = index === 0 || isSeparator(path.charCodeAt(index - 1));
        const after = index + 2 === path.length || isSeparator(path.charCodeAt(index + 2));
        if (before && after)
            return true;
        index = path.indexOf('..', index + 1);
    }
    return false;
}
/** 0: no dotfile part; 1: a dotfile part, but not the last; 2: the last part is a dotfile. */
function dotfilePosition(parts) {
    // send's containsDotFile over path.split(sep), as a scan: a part counts when
    // it starts with '.' and is longer than '.' itself.
    let found = 0;
    let start = 0;
    while (start <= parts.length) {
        let end = parts.indexOf(node_path_1.sep, start);
        if (end === -1)
            end = parts.length;
        if (end - start > 1 && parts.charCodeAt(start) === 0x2e)
            found = end === parts.length ? 2 : 1;
        start = end + 1;
    }
    return found;
}
/**
 * Resolves and validates a URL-encoded path against the engine options.
 *
 * @example
 * resolvePath('/css/site.css', config); // '/srv/public/css/site.css'
 * resolvePath('/%2e%2e/etc/passwd', config); // 403
 */
function resolvePath(encodedPath, config) {
    let path = decodePath(encodedPath);
    if (path === null)
        return 400;
    if (path.indexOf('\0') !== -1)
        return 400;
    let parts;
    if (config.root !== null) {
        if (path !== '')
            path = (0, node_path_1.normalize)('.' + node_path_1.sep + path);
        if (hasUpSegment(path))
            return 403;
        parts = path;
        path = (0, node_path_1.join)(config.root, path);
    }
    else {
        // Without a root, any `..` is malicious.
        if (hasUpSegment(path))
            return 403;
        parts = (0, node_path_1.normalize)(path);
        path = (0, node_path_1.resolve)(path);
    }
    const dotfile = dotfilePosition(parts);
    if (dotfile !== 0) {
        let access = config.dotfiles;
        if (access === undefined) {
            // send's legacy default: only a dotfile in the last part is hidden.
            access = dotfile === 2 ? (config.hidden ? 'allow' : 'ignore') : 'allow';
        }
        if (access === 'deny')
            return 403;
        if (access === 'ignore')
            return 404;
    }
    return path;
}
}];
definitions["send/response-methods.js"] = [{"depd":"~depd/index.js","../errors":"errors.js","./config":"send/config.js","./transfer":"send/transfer.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.sendfile = void 0;
exports.sendFile = sendFile;
exports.legacySendfile = legacySendfile;
exports.download = download;
const node_path_1 = require("node:path");
const content_disposition_1 = __importDefault(require("content-disposition"));
const depd_1 = __importDefault(require("depd"));
const errors_1 = require("../errors");
const config_1 = require("./config");
const transfer_1 = require("./transfer");
const deprecate = (0, depd_1.default)('velox');
/** The catalog error `entry` with Express's own `code` (`EISDIR`, `ECONNABORTED`) set as Express sets it. */
function codedError(entry, code) {
    const err = (0, errors_1.veloxError)(entry);
    err.code = code;
    return err;
}
/** Express's `isAbsolute`: POSIX, Windows drive (`C:\`) and UNC (`\\host`) paths. */
function isAbsolute(path) {
    if (path.charCodeAt(0) === 0x2f)
        return true;
    if (path[1] === ':' && (path[2] === '\\' || path[2] === '/'))
        return true;
    return path.startsWith('\\\\');
}
/**
 * One `res.sendFile` transfer: its callback runs exactly once, on the end of
 * the body, an error, or the client going away (as Express's `sendfile`).
 */
class ResponseFileTransfer extends transfer_1.FileTransfer {
    #headers;
    #done;
    /** Kept: node detaches `res.socket` when the response closes, and its error is read then. */
    #socket;
    #isDone = false;
    /** undefined until the file is known; then false, and true once the body streams. */
    #isStreaming = undefined;
    constructor(res, path, options, done) {
        super(res.req, res, path, (0, config_1.compileSendConfig)(options));
        this.#headers = options.headers ? options.headers : null;
        this.#done = done;
        this.#socket = res.socket ?? res.req.socket ?? null;
        this.watchClose();
    }
    #finish(err) {
        if (this.#isDone)
            return;
        this.#isDone = true;
        this.#done(err);
    }
    onHeaders(_path, _stat) {
        const headers = this.#headers;
        if (headers === null)
            return;
        for (const name of Object.keys(headers))
            this.res.setHeader(name, headers[name]);
    }
    onFile() {
        this.#isStreaming = false;
    }
    onStream() {
        this.#isStreaming = true;
    }
    onEnd() {
        this.#finish();
    }
    onDirectory() {
        this.#finish(codedError('VELOX_ERR_SENDFILE_IS_DIRECTORY', 'EISDIR'));
    }
    onError(err) {
        this.#finish(err);
    }
    onResponseClose() {
        // A response that finished without a body (304, HEAD, 412 handled elsewhere)
        // completes the transfer; any other close is the client going away, reported as
        // Express does (on-finished): the socket's own error, or ECONNABORTED for a reset or
        // a close without an error.
        if (this.res.writableFinished && this.#isStreaming === false) {
            this.#finish();
            return;
        }
        const socketError = socketErrorOf(this.#socket);
        if (socketError instanceof Error && socketError.code !== 'ECONNRESET')
            this.#finish(socketError);
        else
            this.#finish(codedError('VELOX_ERR_SENDFILE_ABORTED', 'ECONNABORTED'));
    }
}
/** The error a socket was destroyed with, if any (HTTP/2's socket stand-in may refuse the read). */
function socketErrorOf(socket) {
    if (socket === null)
        return null;
    try {
        return socket.errored;
    }
    catch {
        return null;
    }
}
/**
 * Transfers the file at `path`, with `Content-Type` from its extension.
 * `path` must be absolute unless `options.root` is given. `callback(err)` runs
 * when the transfer ends or fails; without it, errors go to `next(err)`.
 *
 * @example
 * app.get('/report', (req, res) => res.sendFile('report.pdf', { root: __dirname + '/files' }));
 */
function sendFile(path, options, callback) {
    let done = callback;
    const next = this.req.next;
    let opts = options || {};
    if (!path)
        throw (0, errors_1.veloxError)('VELOX_ERR_SENDFILE_PATH_REQUIRED');
    if (typeof path !== 'string')
        throw (0, errors_1.veloxError)('VELOX_ERR_SENDFILE_PATH_TYPE');
    if (typeof options === 'function') {
        done = options;
        opts = {};
    }
    if (!opts.root && !isAbsolute(path))
        throw (0, errors_1.veloxError)('VELOX_ERR_SENDFILE_PATH_RELATIVE');
    // As Express: the path goes through encodeURI (a lone surrogate throws URIError here)
    // and the engine decodes it like a URL path.
    transferFile(this, encodeURI(path), opts, done, next);
}
/** Runs one transfer; its end goes to `done`, or else errors to `next` as Express 4 routes them. */
function transferFile(res, urlPath, options, done, next) {
    const transfer = new ResponseFileTransfer(res, urlPath, options, (err) => {
        if (done) {
            done(err);
            return;
        }
        if (err && err.code === 'EISDIR') {
            if (next)
                next();
            return;
        }
        // next() all but write errors
        if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write' && next)
            next(err);
    });
    transfer.start();
}
function legacySendfile(path, options, callback) {
    let done = callback;
    let opts = options || {};
    if (typeof options === 'function') {
        done = options;
        opts = {};
    }
    // Express 4 hands this path to send as is: it is URL-decoded and need not be absolute.
    transferFile(this, path, opts, done, this.req.next);
}
/**
 * Express 4's deprecated `res.sendfile`: like `sendFile`, but the path is
 * taken as a URL path (percent-decoded) and may be relative to the working directory.
 *
 * @deprecated Use `res.sendFile`.
 * @example
 * res.sendfile('public/index.html');
 */
exports.sendfile = deprecate.function(legacySendfile, 'res.sendfile: Use res.sendFile instead');
/**
 * Transfers the file at `path` as an attachment: `Content-Disposition` names
 * `filename` (or the file's own name), and the `headers` option cannot
 * override it.
 *
 * @example
 * app.get('/invoice', (req, res) => res.download('/srv/invoices/42.pdf', 'invoice.pdf'));
 */
function download(path, filename, options, callback) {
    let done = callback;
    let name = filename;
    let opts = options || null;
    if (typeof filename === 'function') {
        done = filename;
        name = null;
        opts = null;
    }
    else if (typeof options === 'function') {
        done = options;
        opts = null;
    }
    // The filename may be left out, with the options in its place.
    if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
        name = null;
        opts = filename;
    }
    const headers = { 'Content-Disposition': (0, content_disposition_1.default)((name || path)) };
    if (opts && opts.headers) {
        for (const key of Object.keys(opts.headers)) {
            if (key.toLowerCase() !== 'content-disposition')
                headers[key] = opts.headers[key];
        }
    }
    // Inherit the caller's options without changing them.
    const fileOptions = Object.create(opts);
    fileOptions.headers = headers;
    const fullPath = !fileOptions.root ? (0, node_path_1.resolve)(path) : path;
    const send = typeof this.sendFile === 'function' ? this.sendFile : sendFile;
    send.call(this, fullPath, fileOptions, done);
}
}];
definitions["send/transfer.js"] = [{"range-parser":"~range-parser/index.js","../errors":"errors.js","./file-errors":"send/file-errors.js","./headers":"send/headers.js","./resolve-path":"send/resolve-path.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.FileTransfer = exports.SMALL_FILE_SIZE = void 0;
/**
 * The file-sending engine shared by `velox.static`, `res.sendFile` and
 * `res.download`: one `FileTransfer` per request resolves the path, stats the
 * file once (trying index files and extensions as send 0.19 does), sets the
 * headers, answers conditional and range requests, and sends the body. What
 * send reports as events (`headers`, `file`, `directory`, `stream`, `end`,
 * `error`) are hook methods that `velox.static` and `res.sendFile` override.
 */
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const range_parser_1 = __importDefault(require("range-parser"));
const errors_1 = require("../errors");
const file_errors_1 = require("./file-errors");
const headers_1 = require("./headers");
const resolve_path_1 = require("./resolve-path");
/**
 * Bodies up to this size are read with one `fs.read` into one buffer and
 * written once. Hot path — change with care: for small files the cost is the
 * stream machinery, not the I/O (same syscalls: open, read, close). Measured
 * as server CPU per request (velox.static on a bare node server, 10
 * connections, node 20): 1 KB 136 µs vs 148 µs with a ReadStream + pipe,
 * 10 KB 140 vs 147, 60 KB 178 vs 190; `send` itself costs 153 µs on 1 KB.
 * 64 KB is a ReadStream's own chunk size, so memory per request is no more
 * than streaming would hold. Larger bodies stream with back-pressure.
 */
// Bound: that buffer belongs to one response; nothing is kept between requests or per file.
exports.SMALL_FILE_SIZE = 64 * 1024;
const SEPARATOR_CODE = node_path_1.sep.charCodeAt(0);
function ignoreCloseError() {
    // A failed close of a read-only descriptor loses nothing.
}
class FileTransfer {
    req;
    res;
    /** The URL-encoded path as requested; a trailing slash asks for an index file. */
    path;
    config;
    #stream = null;
    #isWatchingClose = false;
    constructor(req, res, path, config) {
        this.req = req;
        this.res = res;
        this.path = path;
        this.config = config;
    }
    /** Headers are about to be computed for `path` (send's `headers` event). */
    onHeaders(_path, _stat) { }
    /** The file to send is known (send's `file` event). */
    onFile(_path, _stat) { }
    /** The body transfer begins (send's `stream` event). */
    onStream() { }
    /** The whole body was handed to the response (send's `end` event). */
    onEnd() { }
    /** The response closed, after finishing or because the client went away. */
    onResponseClose() { }
    hasTrailingSlash() {
        return this.path.charCodeAt(this.path.length - 1) === 0x2f;
    }
    /** Fails the transfer with a fresh HttpError of `status`. */
    error(status, props) {
        this.onError((0, file_errors_1.httpError)(status, props));
    }
    /** Starts the transfer (send's `pipe`). */
    start() {
        const path = (0, resolve_path_1.resolvePath)(this.path, this.config);
        if (typeof path === 'number') {
            this.error(path);
            return;
        }
        if (this.config.index.length !== 0 && this.hasTrailingSlash()) {
            this.#sendFirst(path, true, 0, null);
            return;
        }
        this.#sendFile(path);
    }
    /** Calls `onResponseClose` when the response closes; once per transfer. */
    watchClose() {
        if (this.#isWatchingClose)
            return;
        this.#isWatchingClose = true;
        const onClose = () => {
            // The fd is closed on every path: a client abort destroys the read stream.
            if (this.#stream !== null) {
                this.#stream.destroy();
                this.#stream = null;
            }
            this.onResponseClose();
        };
        // A response that is already closed will not emit 'close' again (on-finished defers the same way).
        if (this.res.destroyed)
            setImmediate(onClose);
        else
            this.res.once('close', onClose);
    }
    #sendFile(path) {
        (0, node_fs_1.stat)(path, (err, stats) => {
            if (err !== null) {
                if (err.code === 'ENOENT' && (0, node_path_1.extname)(path) === '' && path.charCodeAt(path.length - 1) !== SEPARATOR_CODE) {
                    this.#sendFirst(path, false, 0, err);
                }
                else {
                    this.onError((0, file_errors_1.fileSystemError)(err));
                }
                return;
            }
            if (stats.isDirectory())
                this.onDirectory(path);
            else
                this.#sendStat(path, stats);
        });
    }
    /**
     * Sends the first candidate that is a file, trying in order `path.ext` for each configured
     * extension (`asIndex` false) or `path/name` for each index file (`asIndex` true);
     * directories are skipped. None: the last stat error, or 404.
     */
    #sendFirst(path, asIndex, index, lastError) {
        const names = asIndex ? this.config.index : this.config.extensions;
        if (index >= names.length) {
            if (lastError !== null)
                this.onError((0, file_errors_1.fileSystemError)(lastError));
            else
                this.error(404);
            return;
        }
        const candidate = asIndex ? (0, node_path_1.join)(path, names[index]) : path + '.' + names[index];
        (0, node_fs_1.stat)(candidate, (err, stats) => {
            if (err !== null)
                this.#sendFirst(path, asIndex, index + 1, err);
            else if (stats.isDirectory())
                this.#sendFirst(path, asIndex, index + 1, null);
            else
                this.#sendStat(candidate, stats);
        });
    }
    #sendStat(path, stats) {
        this.onFile(path, stats);
        const res = this.res;
        if (res.headersSent) {
            this.onError((0, file_errors_1.wrapError)(500, (0, errors_1.veloxError)('VELOX_ERR_HEADERS_SENT')));
            return;
        }
        try {
            this.onHeaders(path, stats);
        }
        catch (err) {
            // Express would crash the process here (the hook runs in an fs callback).
            this.onError((0, file_errors_1.wrapError)(500, err instanceof Error ? err : new Error(String(err))));
            return;
        }
        this.#sendHeadersAndBody(path, stats);
    }
    #sendHeadersAndBody(path, stats) {
        const req = this.req;
        const res = this.res;
        const config = this.config;
        (0, headers_1.setFileHeaders)(res, stats, config);
        (0, headers_1.setContentType)(res, path);
        if ((0, headers_1.isConditionalGet)(req)) {
            if ((0, headers_1.isPreconditionFailure)(req, res)) {
                this.error(412);
                return;
            }
            if ((0, headers_1.isCacheable)(res) && (0, headers_1.isFresh)(req, res)) {
                (0, headers_1.removeContentHeaders)(res);
                res.statusCode = 304;
                res.end();
                return;
            }
        }
        let offset = config.start;
        let length = Math.max(0, stats.size - offset);
        if (config.end !== undefined)
            length = Math.max(0, Math.min(length, config.end - offset + 1));
        const range = req.headers.range;
        if (config.acceptRanges && (0, headers_1.isBytesRange)(range)) {
            // combine: overlapping and adjacent ranges merge, so a header of hundreds of ranges
            // costs one parse and never yields more body than the file.
            let ranges = (0, range_parser_1.default)(length, range, { combine: true });
            if (!(0, headers_1.isRangeFresh)(req, res))
                ranges = -2;
            if (ranges === -1) {
                const contentRange = 'bytes */' + length;
                res.setHeader('Content-Range', contentRange);
                this.error(416, { headers: { 'Content-Range': contentRange } });
                return;
            }
            // As send 0.19 (Express 4): invalid and multiple ranges get the whole file with 200.
            if (ranges !== -2 && ranges.length === 1) {
                const { start, end } = ranges[0];
                res.statusCode = 206;
                res.setHeader('Content-Range', 'bytes ' + start + '-' + end + '/' + length);
                offset += start;
                length = end - start + 1;
            }
        }
        res.setHeader('Content-Length', length);
        if (req.method === 'HEAD') {
            res.end();
            return;
        }
        this.#sendBody(path, offset, length);
    }
    #sendBody(path, offset, length) {
        // The client is gone: nothing to open the file for.
        if (this.res.destroyed)
            return;
        this.onStream();
        if (length === 0) {
            this.res.end();
            this.onEnd();
        }
        else if (length <= exports.SMALL_FILE_SIZE) {
            (0, node_fs_1.open)(path, 'r', (err, fd) => {
                if (err !== null)
                    this.#bodyError(err);
                else
                    this.#readWhole(path, fd, Buffer.allocUnsafe(length), 0, offset);
            });
        }
        else {
            this.#streamBody(path, offset, length);
        }
    }
    /** Fills `buffer` from `fd` at `position`, closes `fd`, then ends the response with it. */
    #readWhole(path, fd, buffer, filled, position) {
        (0, node_fs_1.read)(fd, buffer, filled, buffer.length - filled, position, (err, bytesRead) => {
            if (err === null && bytesRead !== 0 && filled + bytesRead < buffer.length) {
                this.#readWhole(path, fd, buffer, filled + bytesRead, position + bytesRead);
                return;
            }
            (0, node_fs_1.close)(fd, ignoreCloseError);
            if (err !== null)
                this.#bodyError(err);
            else if (bytesRead === 0)
                this.#bodyError(truncatedError(path));
            else if (!this.res.destroyed) {
                // write + end, not end(buffer): given the body in end(), node 20 re-encodes a
                // Content-Disposition value and mangles non-ASCII filenames (nodejs/node#46528);
                // the headers and the body still leave in one writev.
                this.res.write(buffer);
                this.res.end();
                this.onEnd();
            }
        });
    }
    #streamBody(path, offset, length) {
        const stream = (0, node_fs_1.createReadStream)(path, { start: offset, end: offset + length - 1 });
        this.#stream = stream;
        this.watchClose();
        stream.on('error', (err) => {
            stream.destroy();
            this.#stream = null;
            this.#bodyError(err);
        });
        stream.on('end', () => {
            this.#stream = null;
            if (stream.bytesRead < length) {
                // The file shrank after the stat: the promised Content-Length cannot be
                // met, and a short body on a kept-alive connection would corrupt the next response.
                this.res.destroy();
                this.onError((0, file_errors_1.wrapError)(500, truncatedError(path)));
                return;
            }
            this.res.end();
            this.onEnd();
        });
        // end: false, so that a short read can still be told from a complete body.
        stream.pipe(this.res, { end: false });
    }
    #bodyError(err) {
        // Once the client is gone the abort is what the transfer reports, not the read error.
        if (this.res.destroyed)
            return;
        this.onError((0, file_errors_1.fileSystemError)(err));
    }
}
exports.FileTransfer = FileTransfer;
function truncatedError(filePath) {
    return (0, errors_1.veloxError)('VELOX_ERR_FILE_CHANGED', filePath);
}
}];
definitions["settings.js"] = [{"./lazy":"lazy.js","./errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.weakETag = exports.strongETag = void 0;
exports.builtInETagOfString = builtInETagOfString;
exports.isBuiltInETag = isBuiltInETag;
exports.compileETag = compileETag;
exports.parseExtendedQueryString = parseExtendedQueryString;
exports.parseQueryStringWithoutSetting = parseQueryStringWithoutSetting;
exports.compileQueryParser = compileQueryParser;
exports.compileTrust = compileTrust;
/**
 * Settings compiled once, when they are set, into the functions the request
 * path calls (`etag fn`, `query parser fn`, `trust proxy fn`), exactly as
 * Express 4 compiles them — never re-interpreted per request.
 */
const node_querystring_1 = __importDefault(require("node:querystring"));
// node:crypto, etag and proxy-addr load with their first use (startup; see lazy.ts).
const lazy_1 = require("./lazy");
const errors_1 = require("./errors");
// Node ≥ 20.12 has a one-shot `crypto.hash`: measured ~2× faster than the
// createHash().update().digest() chain the `etag` package runs, for the small
// bodies `res.send` hashes on every response. Same bytes, same ETag. It takes
// a string as is (hashing its UTF-8 bytes), so `res.send` of a string needs
// no Buffer to be hashed. node:crypto is read when the first generator is
// made (the first ETag), not at startup.
// Measured (in-process, node 20, per call; bench/micro.js confirms on the
// whole request): a 512-entry Map memo keyed by the body cost ~6 µs per
// varying 1 KB JSON body (V8 hashes the whole string for the lookup, the
// table churns and keeps up to 512 bodies alive) against ~2.2 µs hashing
// directly. What is kept is one entry per generator — "the same body as last
// time" — checked with `===` (a pointer compare for a constant string, a
// length compare or a short memcmp otherwise): a constant `res.send('…')`
// skips the hash, a varying body pays one failed compare. Bounded: bodies
// over MEMO_MAX_LENGTH characters are not kept, so at most one 2 KB string
// per generator stays alive. The ETag is a pure function of the bytes, so a
// remembered value is exactly the computed one.
const MEMO_MAX_LENGTH = 2048;
function createETagGenerator(weak) {
    const oneShotHash = (0, lazy_1.loadCrypto)().hash;
    const createETag = (0, lazy_1.loadEtag)();
    const prefix = weak ? 'W/"' : '"';
    let lastBody;
    let lastETag = '';
    // The `etag` package's format: length in hex, then 27 characters of base64 SHA-1.
    const format = (length, data) => prefix + length.toString(16) + '-' + oneShotHash('sha1', data, 'base64').substring(0, 27) + '"';
    const hashBuffer = typeof oneShotHash === 'function' ? (buffer) => format(buffer.length, buffer) : (buffer) => createETag(buffer, { weak });
    const ofString = typeof oneShotHash === 'function'
        ? (body, byteLength) => {
            if (body === lastBody)
                return lastETag;
            const etag = format(byteLength, body);
            if (body.length <= MEMO_MAX_LENGTH) {
                lastBody = body;
                lastETag = etag;
            }
            return etag;
        }
        : (body) => createETag(Buffer.from(body, 'utf8'), { weak });
    const ofBody = function generateETag(body, encoding) {
        if (Buffer.isBuffer(body))
            return hashBuffer(body);
        if (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8')
            return hashBuffer(Buffer.from(body, encoding));
        return ofString(body, Buffer.byteLength(body, 'utf8'));
    };
    return { ofBody, ofString };
}
// Made with the first ETag (node:crypto with them): one `undefined` check per response.
let weakGenerator;
let strongGenerator;
function weakOnes() {
    if (weakGenerator === undefined)
        weakGenerator = createETagGenerator(true);
    return weakGenerator;
}
function strongOnes() {
    if (strongGenerator === undefined)
        strongGenerator = createETagGenerator(false);
    return strongGenerator;
}
/** Strong ETag of a body, as Express's `utils.etag`. */
const strongETag = function generateETag(body, encoding) {
    return strongOnes().ofBody(body, encoding);
};
exports.strongETag = strongETag;
/** Weak ETag of a body, as Express's `utils.wetag`. */
const weakETag = function generateETag(body, encoding) {
    return weakOnes().ofBody(body, encoding);
};
exports.weakETag = weakETag;
/**
 * The ETag of a UTF-8 string body of `byteLength` bytes when `fn` is one of
 * Velox's own generators (no Buffer is made), or `undefined` for a custom
 * `etag fn` (which gets a Buffer, as in Express).
 */
function builtInETagOfString(fn, body, byteLength) {
    if (fn === exports.weakETag)
        return (weakGenerator ?? weakOnes()).ofString(body, byteLength);
    if (fn === exports.strongETag)
        return (strongGenerator ?? strongOnes()).ofString(body, byteLength);
    return undefined;
}
/** Whether `fn` is one of Velox's own generators (they accept strings directly). */
function isBuiltInETag(fn) {
    return fn === exports.weakETag || fn === exports.strongETag;
}
/** Compiles the `etag` setting; `undefined` means no ETag. */
function compileETag(value) {
    if (typeof value === 'function')
        return value;
    switch (value) {
        case true:
        case 'weak':
            return exports.weakETag;
        case false:
            return undefined;
        case 'strong':
            return exports.strongETag;
        default:
            throw (0, errors_1.veloxError)('VELOX_ERR_ETAG_SETTING', value);
    }
}
function newObject() {
    return {};
}
/** The `extended` parser: qs with Express 4's options. */
function parseExtendedQueryString(query) {
    return (0, lazy_1.loadQs)().parse(query, { allowPrototypes: true, arrayLimit: 1000 });
}
/**
 * What parses the query string when the `query parser fn` setting is absent (deleted from
 * `app.settings`): Express 4 then builds its `query` middleware without a parser, which is qs
 * with `allowPrototypes` and qs's own defaults otherwise (so not quite `extended`: arrayLimit 20).
 */
function parseQueryStringWithoutSetting(query) {
    return (0, lazy_1.loadQs)().parse(query, { allowPrototypes: true });
}
/** Compiles the `query parser` setting. */
function compileQueryParser(value) {
    if (typeof value === 'function')
        return value;
    switch (value) {
        case true:
        case 'simple':
            return node_querystring_1.default.parse;
        case false:
            return newObject;
        case 'extended':
            return parseExtendedQueryString;
        default:
            throw (0, errors_1.veloxError)('VELOX_ERR_QUERY_PARSER_SETTING', value);
    }
}
function trustNone() {
    return false;
}
/** Compiles the `trust proxy` setting (Boolean, hop count, address list, function). */
function compileTrust(value) {
    if (typeof value === 'function')
        return value;
    if (value === true)
        return () => true;
    if (typeof value === 'number')
        return (_address, hop) => hop < value;
    let list = value;
    if (typeof list === 'string')
        list = list.split(',').map((item) => item.trim());
    // What proxy-addr compiles an empty list to, without loading it at `velox()` for the default (false).
    if (!list || (Array.isArray(list) && list.length === 0))
        return trustNone;
    return (0, lazy_1.loadProxyAddr)().compile(list);
}
}];
definitions["shutdown.js"] = [{"./errors":"errors.js","./utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.trackHttp2Session = trackHttp2Session;
exports.shutdown = shutdown;
exports.shutdownOnSignal = shutdownOnSignal;
const errors_1 = require("./errors");
const utils_1 = require("./utils");
const kShutdown = Symbol('velox.shutdown');
const kSessions = Symbol('velox.http2Sessions');
/** node's list of HTTP/1 connections on an http, https or allowHTTP1 server (undefined elsewhere). */
function httpSockets(server) {
    const symbol = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connections');
    if (symbol === undefined)
        return [];
    const list = server[symbol];
    if (list === undefined || typeof list.all !== 'function')
        return [];
    const sockets = [];
    for (const parser of list.all())
        if (parser.socket)
            sockets.push(parser.socket);
    return sockets;
}
function sessionsOf(server) {
    const tracked = server;
    let sessions = tracked[kSessions];
    if (sessions === undefined) {
        const created = new Set();
        sessions = created;
        tracked[kSessions] = sessions;
        server.on('session', (session) => {
            addSession(created, session);
            // A session whose handshake ended during a shutdown is ended at once.
            if (tracked[kShutdown] !== undefined)
                session.close();
        });
    }
    return sessions;
}
function addSession(sessions, session) {
    if (sessions.has(session) || session.destroyed)
        return;
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
}
const seenSessions = new WeakSet();
/**
 * Called by http2.ts for each HTTP/2 request's session: from the first one
 * on, the server's sessions are tracked (for GOAWAY at shutdown).
 */
function trackHttp2Session(session) {
    if (session === undefined || seenSessions.has(session))
        return;
    seenSessions.add(session);
    const server = session.socket?.server;
    if (server)
        addSession(sessionsOf(server), session);
}
function toMilliseconds(time) {
    const value = (0, utils_1.durationOf)(time);
    if (value === undefined)
        throw (0, errors_1.veloxError)('VELOX_ERR_SHUTDOWN_TIMEOUT', time);
    return value;
}
function isHttp2(req) {
    return req.httpVersionMajor === 2;
}
/** The response will close its connection: `Connection: close` if its head is not out, else close once it finished. */
function closeAfter(server, res) {
    if (!res.headersSent) {
        res.shouldKeepAlive = false;
        return;
    }
    if (res.writableFinished)
        return;
    res.once('finish', () => setImmediate(closeIdle, server));
}
function closeIdle(server) {
    if (typeof server.closeIdleConnections === 'function')
        server.closeIdleConnections();
}
/**
 * Stops `server` gracefully: no new connections, requests in flight answered,
 * idle connections closed at once, HTTP/2 sessions sent GOAWAY; what is left
 * at `timeout` (default 10 s) is destroyed. Calling it again returns the same promise.
 *
 * @example
 * const server = app.listen(3000);
 * process.on('SIGTERM', async () => {
 *   await velox.shutdown(server, { timeout: '10s' });
 *   await db.close();
 * });
 */
function shutdown(server, options = {}) {
    const target = server;
    const tracked = target;
    const running = tracked[kShutdown];
    if (running !== undefined)
        return running;
    const deadline = toMilliseconds(options.timeout ?? 10_000);
    const sessions = sessionsOf(target);
    const promise = new Promise((resolve) => {
        let finished = false;
        let timer;
        const finish = () => {
            if (finished)
                return;
            finished = true;
            if (timer !== undefined)
                clearTimeout(timer);
            target.off('request', onRequest);
            resolve();
        };
        // Requests that arrive from now on (kept-alive HTTP/1 connections) close their connection.
        function onRequest(req, res) {
            if (!isHttp2(req))
                closeAfter(target, res);
        }
        target.prependListener('request', onRequest);
        // Stop accepting; resolves when every connection is gone.
        target.close(() => finish());
        for (const socket of httpSockets(target)) {
            const res = socket._httpMessage;
            if (res && !res.writableFinished)
                closeAfter(target, res);
            // A connection that never sent a byte is idle too (node counts it as
            // waiting for a request head, so closeIdleConnections keeps it).
            else if (!res && socket.bytesRead === 0)
                socket.destroy();
        }
        closeIdle(target);
        for (const session of sessions)
            if (!session.closed && !session.destroyed)
                session.close();
        timer = setTimeout(() => {
            for (const socket of httpSockets(target))
                socket.destroy();
            for (const session of sessions)
                session.destroy();
            // Anything not reached (see above) does not hold the promise.
            setImmediate(finish);
        }, deadline);
        timer.unref();
    });
    tracked[kShutdown] = promise;
    return promise;
}
/**
 * On the first of `signals` (default SIGTERM and SIGINT), shuts `server`
 * down, runs `onShutdown`, then re-raises the signal so the process exits as
 * it would have (unless `exit: false`). A second signal meanwhile exits at
 * once. Returns a function that removes the handlers.
 *
 * @example
 * const server = app.listen(3000);
 * velox.shutdownOnSignal(server, { timeout: '10s', onShutdown: () => db.close() });
 */
function shutdownOnSignal(server, options = {}) {
    const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
    toMilliseconds(options.timeout ?? 10_000);
    let received;
    const remove = () => {
        for (const signal of signals)
            process.off(signal, onSignal);
    };
    function onSignal(signal) {
        if (received !== undefined) {
            // Second signal: give up waiting.
            remove();
            process.kill(process.pid, signal);
            return;
        }
        received = signal;
        shutdown(server, options)
            .then(() => (options.onShutdown ? options.onShutdown() : undefined))
            .catch((err) => {
            console.error(err);
            process.exitCode = 1;
        })
            .finally(() => {
            remove();
            if (options.exit !== false)
                process.kill(process.pid, signal);
        });
    }
    for (const signal of signals)
        process.on(signal, onSignal);
    return remove;
}
}];
definitions["static.js"] = [{"./errors":"errors.js","./send/config":"send/config.js","./send/redirect":"send/redirect.js","./send/transfer":"send/transfer.js","./url":"url.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_path_1 = require("node:path");
const mime_1 = __importDefault(require("mime"));
const errors_1 = require("./errors");
const config_1 = require("./send/config");
const redirect_1 = require("./send/redirect");
const transfer_1 = require("./send/transfer");
const url_1 = require("./url");
class StaticTransfer extends transfer_1.FileTransfer {
    #settings;
    #next;
    /** Whether an error goes to `next(err)` rather than `next()`: always once a file was found. */
    #forwardError;
    constructor(req, res, path, settings, next) {
        super(req, res, path, settings.config);
        this.#settings = settings;
        this.#next = next;
        this.#forwardError = !settings.fallthrough;
    }
    onHeaders(path, stat) {
        const setHeaders = this.#settings.setHeaders;
        if (setHeaders !== null)
            setHeaders(this.res, path, stat);
    }
    onFile() {
        this.#forwardError = true;
    }
    onDirectory() {
        if (!this.#settings.redirect || this.hasTrailingSlash())
            this.error(404);
        else
            (0, redirect_1.redirectToDirectory)(this.req, this.res);
    }
    onError(err) {
        if (this.#forwardError || !(err.statusCode < 500))
            this.#next(err);
        else
            this.#next();
    }
}
/**
 * Creates a middleware serving the files below `root`.
 *
 * @example
 * app.use('/assets', velox.static('public', { maxAge: '1d', immutable: true }));
 */
function serveStatic(root, options) {
    if (!root)
        throw (0, errors_1.veloxError)('VELOX_ERR_STATIC_ROOT_REQUIRED');
    if (typeof root !== 'string')
        throw (0, errors_1.veloxError)('VELOX_ERR_STATIC_ROOT_TYPE');
    const opts = options || {};
    const setHeaders = opts.setHeaders;
    if (setHeaders && typeof setHeaders !== 'function')
        throw (0, errors_1.veloxError)('VELOX_ERR_OPTION_SET_HEADERS');
    // Inherit the caller's options, as serve-static does, with the root resolved once.
    const sendOptions = Object.create(opts);
    sendOptions.root = (0, node_path_1.resolve)(root);
    let settings = null;
    let configError = null;
    try {
        settings = {
            config: (0, config_1.compileSendConfig)(sendOptions),
            fallthrough: opts.fallthrough !== false,
            redirect: opts.redirect !== false,
            setHeaders: setHeaders ? setHeaders : null,
        };
    }
    catch (err) {
        // Express 4 validates send's options per request, so a bad option reaches `next(err)`
        // on each GET/HEAD instead of throwing here.
        configError = err;
    }
    return function serveStatic(req, res, next) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
            if (settings === null || settings.fallthrough) {
                next();
                return;
            }
            res.statusCode = 405;
            res.setHeader('Allow', 'GET, HEAD');
            res.setHeader('Content-Length', '0');
            res.end();
            return;
        }
        if (settings === null) {
            next(configError);
            return;
        }
        let path = (0, url_1.pathnameOf)(req.url) ?? '';
        // The mount point itself (`/static` for a middleware on `/static`) must redirect to `/static/`.
        if (path === '/' && !originalPathEndsWithSlash(req))
            path = '';
        new StaticTransfer(req, res, path, settings, next).start();
    };
}
function originalPathEndsWithSlash(req) {
    const pathname = (0, url_1.pathnameOf)(typeof req.originalUrl === 'string' ? req.originalUrl : req.url) ?? '';
    return pathname.charCodeAt(pathname.length - 1) === 0x2f;
}
/** The `mime` (v1) module, as `express.static.mime`: `lookup`, `define`, `extension`, `charsets.lookup`. */
serveStatic.mime = mime_1.default;
exports.default = serveStatic;
}];
definitions["symbols.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
/** Internal state behind symbols, so it never collides with user properties. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.kServedBy = exports.kResponseClass = exports.kRequestClass = exports.kQueryParser = void 0;
/** On a request: the compiled `query parser fn` of the app whose router saw it first (Express parses there). */
exports.kQueryParser = Symbol('velox.queryParser');
/** On an app: request/response constructors handed to node by `app.listen`. */
exports.kRequestClass = Symbol('velox.requestClass');
exports.kResponseClass = Symbol('velox.responseClass');
/** On a server given an app as `http.createServer(app)`: the app that checked it could hand it its classes. */
exports.kServedBy = Symbol('velox.servedBy');
}];
definitions["timeout.js"] = [{"./errors":"errors.js","./utils":"utils.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.signalDescriptor = void 0;
exports.timeout = timeout;
const errors_1 = require("./errors");
const utils_1 = require("./utils");
const kController = Symbol('velox.abortController');
const kTimer = Symbol('velox.timeoutTimer');
const kGuarded = Symbol('velox.lateWritesGuarded');
function clientClosedError() {
    const error = (0, errors_1.veloxError)('VELOX_ERR_CLIENT_CLOSED');
    error.name = 'AbortError';
    error.code = 'ECONNRESET';
    return error;
}
function timeoutError(delay) {
    const error = (0, errors_1.veloxError)('VELOX_ERR_TIMEOUT');
    error.name = 'TimeoutError';
    error.status = 503;
    error.statusCode = 503;
    error.code = 'ETIMEDOUT';
    error.timeout = delay;
    error.expose = false;
    return error;
}
/** Whether the response already closed (HTTP/1: node marks it destroyed; HTTP/2: its stream). */
function isClosed(res) {
    return res.destroyed === true || res.stream?.destroyed === true;
}
/**
 * Whether the response was ended by the app and flushed. Both: an HTTP/2
 * stream reset by the client reports `writableFinished` without an `end()`.
 */
function isComplete(res) {
    return res.writableEnded && res.writableFinished;
}
function controllerOf(req) {
    let controller = req[kController];
    if (controller !== undefined)
        return controller;
    const created = new AbortController();
    controller = created;
    req[kController] = controller;
    const res = req.res;
    if (res !== undefined && !isComplete(res)) {
        if (isClosed(res)) {
            created.abort(clientClosedError());
        }
        else {
            res.once('close', () => {
                if (!isComplete(res) && !created.signal.aborted)
                    created.abort(clientClosedError());
            });
        }
    }
    return controller;
}
/** `req.signal`: defined on `velox.request` (see request.ts). */
exports.signalDescriptor = {
    configurable: true,
    enumerable: true,
    get() {
        // On a prototype (`velox.request`, an app's `app.request`) there is no request to watch.
        if (this.res === undefined)
            return undefined;
        return controllerOf(this).signal;
    },
};
/** Aborts `req.signal` (made now if it was never read) with `reason`. */
function abortRequest(req, reason) {
    const controller = controllerOf(req);
    if (!controller.signal.aborted)
        controller.abort(reason);
}
/**
 * After a timeout, the response's head and body methods become no-ops once
 * the answer went out (the slow handler's late `res.send`), instead of
 * throwing. Own properties of this one response: other responses keep the
 * prototype's methods.
 */
function guardLateWrites(res) {
    if (res[kGuarded] === true)
        return;
    res[kGuarded] = true;
    const target = res;
    const headerMethod = (name) => {
        const original = target[name];
        target[name] = function guardedHeader(...args) {
            if (this.headersSent)
                return this;
            return original.apply(this, args);
        };
    };
    const bodyMethod = (name, ignored) => {
        const original = target[name];
        target[name] = function guardedBody(...args) {
            if (this.writableEnded) {
                const last = args[args.length - 1];
                if (typeof last === 'function')
                    process.nextTick(last);
                return ignored(this);
            }
            return original.apply(this, args);
        };
    };
    headerMethod('setHeader');
    headerMethod('appendHeader');
    headerMethod('removeHeader');
    headerMethod('writeHead');
    bodyMethod('write', () => true);
    bodyMethod('end', (self) => self);
}
function clearTimer() {
    const req = this.req;
    if (req === undefined)
        return;
    const timer = req[kTimer];
    if (timer !== undefined) {
        clearTimeout(timer);
        req[kTimer] = undefined;
    }
}
function onTimeout(req, res, next, delay) {
    req[kTimer] = undefined;
    // A response that started (headers out) or closed is left alone.
    if (res.headersSent || res.writableEnded || isClosed(res))
        return;
    const error = timeoutError(delay);
    abortRequest(req, error);
    guardLateWrites(res);
    next(error);
}
function toMilliseconds(time) {
    const value = (0, utils_1.durationOf)(time);
    if (value === undefined || value === 0)
        throw (0, errors_1.veloxError)('VELOX_ERR_TIMEOUT_TIME', time);
    return value;
}
/**
 * Middleware that answers 503 through the error path when no response has
 * started within `time` (milliseconds, or an `ms` string such as '5s'),
 * aborting `req.signal` first. A later `velox.timeout` on the same request
 * (a route's own) replaces an earlier one (the app's).
 *
 * @example
 * app.use(velox.timeout('5s'));
 * app.get('/report', async (req, res) => res.json(await buildReport({ signal: req.signal })));
 */
function timeout(time) {
    const delay = toMilliseconds(time);
    return function veloxTimeout(req, res, next) {
        const request = req;
        const previous = request[kTimer];
        if (previous !== undefined)
            clearTimeout(previous);
        else
            res.once('close', clearTimer);
        const timer = setTimeout(onTimeout, delay, request, res, next, delay);
        timer.unref();
        request[kTimer] = timer;
        next();
    };
}
}];
definitions["tracing.js"] = [{"./router/layer":"router/layer.js","./routes":"routes.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.tracing = exports.channelNames = void 0;
exports.isTracing = isTracing;
exports.traceRequest = traceRequest;
exports.traceUnhandled = traceUnhandled;
exports.traceLayer = traceLayer;
/**
 * Tracing through `node:diagnostics_channel` (beyond Express 4): APM agents
 * and OpenTelemetry subscribe to stable channel names instead of patching
 * the framework's internals. See docs/api/tracing.md for the messages.
 *
 * Cost when nobody listens: the app's request entry reads `hasSubscribers`
 * of each channel (a prototype getter returning false); layers read one
 * number (`tracing.active`, the count of requests being traced) and skip.
 * Everything below runs only for requests that began while a channel had a
 * subscriber.
 */
const node_diagnostics_channel_1 = __importDefault(require("node:diagnostics_channel"));
const layer_1 = require("./router/layer");
const routes_1 = require("./routes");
/** Channel names; stable, documented in docs/api/tracing.md. */
exports.channelNames = {
    requestStart: 'velox:request:start',
    requestEnd: 'velox:request:end',
    requestError: 'velox:request:error',
    layerStart: 'velox:layer:start',
    layerEnd: 'velox:layer:end',
    layerError: 'velox:layer:error',
};
const requestStart = node_diagnostics_channel_1.default.channel(exports.channelNames.requestStart);
const requestEnd = node_diagnostics_channel_1.default.channel(exports.channelNames.requestEnd);
const requestError = node_diagnostics_channel_1.default.channel(exports.channelNames.requestError);
const layerStart = node_diagnostics_channel_1.default.channel(exports.channelNames.layerStart);
const layerEnd = node_diagnostics_channel_1.default.channel(exports.channelNames.layerEnd);
const layerError = node_diagnostics_channel_1.default.channel(exports.channelNames.layerError);
/** `active`: how many requests are being traced now (layers skip all work while it is 0). */
exports.tracing = { active: 0 };
const kTrace = Symbol('velox.trace');
/** Whether any `velox:` channel has a subscriber: checked once per request, at the app's entry. */
function isTracing() {
    return (requestStart.hasSubscribers ||
        requestEnd.hasSubscribers ||
        layerStart.hasSubscribers ||
        layerEnd.hasSubscribers ||
        layerError.hasSubscribers ||
        requestError.hasSubscribers);
}
/** The app's request entry: begins tracing this request (once; a sub-app's entry finds it begun). */
function traceRequest(app, req, res) {
    const traced = req;
    if (traced[kTrace] !== undefined)
        return;
    const message = { req, res, app, route: undefined, statusCode: undefined, error: undefined };
    const trace = { message, mounts: [], open: new Set(), ended: false };
    traced[kTrace] = trace;
    exports.tracing.active++;
    const onDone = () => {
        if (trace.ended)
            return;
        trace.ended = true;
        exports.tracing.active--;
        res.removeListener('finish', onDone);
        res.removeListener('close', onDone);
        for (const endLayer of trace.open)
            endLayer();
        message.statusCode = res.statusCode;
        if (requestEnd.hasSubscribers)
            requestEnd.publish(message);
    };
    res.on('finish', onDone);
    res.on('close', onDone);
    if (requestStart.hasSubscribers)
        requestStart.publish(message);
}
/** The app's final handler got an error: no layer handled it. */
function traceUnhandled(req, error) {
    const trace = req[kTrace];
    if (trace === undefined)
        return;
    trace.message.error = error;
    if (requestError.hasSubscribers)
        requestError.publish(trace.message);
}
/**
 * Calls `layer`'s handler as `handle_request`/`handle_error` would, publishing its
 * start, end and errors. Returns false (and does nothing) for an untraced request.
 */
function traceLayer(layer, error, req, res, next) {
    const trace = req[kTrace];
    if (trace === undefined || trace.ended)
        return false;
    const type = layerTypeOf(layer);
    const path = patternText(layer);
    const mounts = trace.mounts;
    const depth = mounts.length;
    const mounting = type === 'middleware' || type === 'router' || type === 'app';
    if (mounting)
        mounts.push(path);
    let route;
    if (type === 'route') {
        route = joinRoute(mounts, path);
        trace.message.route = route;
    }
    else if (type === 'handler' && trace.message.route !== undefined) {
        route = trace.message.route;
    }
    else {
        route = joinRoute(mounts, '');
    }
    const message = {
        req,
        res,
        request: trace.message,
        layer,
        name: layer.name,
        type,
        path,
        mountPath: req.baseUrl || '',
        route,
        error,
    };
    let ended = false;
    const end = (raised) => {
        if (ended)
            return;
        ended = true;
        trace.open.delete(onFinish);
        if (raised !== undefined) {
            message.error = raised;
            if (layerError.hasSubscribers)
                layerError.publish(message);
        }
        else {
            message.error = undefined;
        }
        if (layerEnd.hasSubscribers)
            layerEnd.publish(message);
    };
    const onFinish = () => end(undefined);
    const tracedNext = (err) => {
        // A new error is this layer's; passing on the error it was given is not.
        end(err !== undefined && err !== null && err !== 'route' && err !== 'router' && err !== error ? err : undefined);
        if (mounting && mounts.length > depth)
            mounts.length = depth;
        next(err);
    };
    if (layerStart.hasSubscribers)
        layerStart.publish(message);
    try {
        const result = error === undefined ? layer.handle(req, res, tracedNext) : layer.handle(error, req, res, tracedNext);
        if ((0, layer_1.isThenable)(result))
            (0, layer_1.forwardRejection)(result, tracedNext);
    }
    catch (err) {
        tracedNext(err);
    }
    if (!ended)
        trace.open.add(onFinish);
    return true;
}
function layerTypeOf(layer) {
    if (layer.route !== undefined)
        return 'route';
    // Only `use` layers do not end: route handlers are built with `end: true`.
    if (layer.end)
        return 'handler';
    const handle = layer.handle;
    if (handle[routes_1.kMountedApp] !== undefined)
        return 'app';
    if (Array.isArray(handle.stack))
        return 'router';
    return 'middleware';
}
function patternText(layer) {
    const pattern = layer[layer_1.kPattern];
    if (Array.isArray(pattern))
        return pattern.map(String).join(',');
    return String(pattern);
}
/** Mount paths + `last`, `/` ignored, duplicate slashes collapsed; `/` when empty. */
function joinRoute(mounts, last) {
    let route = '';
    for (const mount of mounts)
        if (mount !== '/')
            route += mount;
    if (last !== '/' || route === '')
        route += last;
    route = route.replace(/\/{2,}/g, '/');
    return route === '' ? '/' : route;
}
}];
definitions["types.js"] = [{"./types/application":"types/application.js","./types/global":"types/global.js","./types/handlers":"types/handlers.js","./types/middleware":"types/middleware.js","./types/params":"types/params.js","./types/request":"types/request.js","./types/response":"types/response.js","./types/router":"types/router.js","./types/tooling":"types/tooling.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * Public types of Velox: a superset of @types/express@4 (and of the
 * express-serve-static-core names people import through it), with the same
 * type parameters and defaults, plus what Velox adds (route parameters read
 * from the path literal with their modifiers, the static and query option
 * types). Velox's request, response and application extend the global
 * `Express.*` interfaces that middleware typings augment.
 *
 * One file per object under `types/`; this module gathers them.
 */
__exportStar(require("./types/application"), exports);
__exportStar(require("./types/global"), exports);
__exportStar(require("./types/handlers"), exports);
__exportStar(require("./types/middleware"), exports);
__exportStar(require("./types/params"), exports);
__exportStar(require("./types/request"), exports);
__exportStar(require("./types/response"), exports);
__exportStar(require("./types/router"), exports);
__exportStar(require("./types/tooling"), exports);
}];
definitions["types/application.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/beyond.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/global.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/handlers.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/middleware.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/params.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
// biome-ignore-all lint/suspicious/noExplicitAny: public types mirror @types/express, whose open slots are `any`
/**
 * Route paths, route parameters and the parsed query string.
 *
 * `RouteParameters` follows @types/express-serve-static-core@4: the keys of a
 * path literal become the keys of `req.params`, a path without parameters
 * gives `{}`, and a path with a regular-expression group (`(`) or a path that
 * is not a literal gives the open `ParamsDictionary`. On top of that, Velox
 * reads path-to-regexp 0.1's modifiers: `:name?` and `:name*` may be absent,
 * `:name+` is always present (named `name`, not `name+`).
 *
 * Written without `infer X extends …` and other recent syntax so that older
 * compilers read it (see docs/design.md, "Public types").
 */
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/request.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/response.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/router.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["types/tooling.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
}];
definitions["url.js"] = [{}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pathnameOf = pathnameOf;
exports.queryStringOf = queryStringOf;
exports.protohostOf = protohostOf;
/**
 * Pathname and query string of a request URL, with parseurl's semantics and
 * without its allocations on the common case (a `/`-rooted URL with no
 * whitespace or `#`): that case is a scan and at most one `slice`.
 */
const node_url_1 = require("node:url");
// The characters that send a URL to the legacy parser: tab, LF, FF, CR, space, `#`, U+00A0 and
// U+FEFF (where it would trim, split off a hash, or escape).
const LEGACY_CHARACTERS = /[\t\n\f\r #\u00a0\ufeff]/;
/** The index of `?` (or `url.length`) in a `/`-rooted URL, or -1 when the legacy parser must decide. */
function isFastPathUrl(url) {
    if (url.charCodeAt(0) !== 0x2f)
        return -1;
    // Hot path: a regular expression and `indexOf` scan the URL in V8's native code, where a
    // JavaScript loop over `charCodeAt` with the same tests ran before. Measured: 82 → 51 ns a
    // call in process (3,000 URLs of 17-40 characters); bench/count.js, the GitHub table 62,108 →
    // 61,805 instructions per request, the REST read unchanged.
    if (LEGACY_CHARACTERS.test(url))
        return -1;
    const query = url.indexOf('?');
    return query === -1 ? url.length : query;
}
/** The pathname of a URL, as `parseurl(req).pathname`; undefined when it cannot be parsed. */
function pathnameOf(url) {
    if (typeof url !== 'string')
        return undefined;
    const end = isFastPathUrl(url);
    if (end === url.length)
        return url;
    if (end !== -1)
        return url.slice(0, end);
    try {
        return (0, node_url_1.parse)(url).pathname ?? undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * The query string of a URL without the `?`, as `parseurl(req).query`: null
 * when the URL has no `?` (custom query parsers see exactly what Express gives them).
 */
function queryStringOf(url) {
    if (typeof url !== 'string')
        return null;
    const end = isFastPathUrl(url);
    if (end === url.length)
        return null;
    if (end !== -1)
        return url.slice(end + 1);
    try {
        const query = (0, node_url_1.parse)(url).query;
        return typeof query === 'string' ? query : null;
    }
    catch {
        return null;
    }
}
/**
 * `protocol://host` of an absolute-form request URL, as Express's router computes it;
 * undefined for a missing URL (a request stand-in without `url` goes to `next()`, as in Express).
 */
function protohostOf(url) {
    if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f)
        return undefined;
    const searchIndex = url.indexOf('?');
    const pathLength = searchIndex !== -1 ? searchIndex : url.length;
    const fqdnIndex = url.slice(0, pathLength).indexOf('://');
    return fqdnIndex !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdnIndex)) : undefined;
}
}];
definitions["utils.js"] = [{"ms":"~ms/index.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.flatten = flatten;
exports.splitUseArguments = splitUseArguments;
exports.hasOwn = hasOwn;
exports.defineOwn = defineOwn;
exports.durationOf = durationOf;
/** Small shared helpers with no better home. */
const ms_1 = __importDefault(require("ms"));
/** Flattens nested arrays of handlers, as `array-flatten@1` does for Express 4. */
function flatten(values) {
    const result = [];
    flattenInto(values, result);
    return result;
}
function flattenInto(values, result) {
    for (const value of values) {
        if (Array.isArray(value))
            flattenInto(value, result);
        else
            result.push(value);
    }
}
/**
 * `use([path,] ...handlers)` arguments as Express reads them: the first
 * argument is the path unless it (or the first leaf of nested arrays) is a
 * function; the default path is `/`. Handlers come back flattened.
 */
function splitUseArguments(args) {
    let offset = 0;
    let path = '/';
    const first = args[0];
    if (typeof first !== 'function') {
        let arg = first;
        while (Array.isArray(arg) && arg.length !== 0)
            arg = arg[0];
        if (typeof arg !== 'function') {
            offset = 1;
            path = first;
        }
    }
    return { path, handlers: flatten(args.slice(offset)) };
}
const objectHasOwn = Object.prototype.hasOwnProperty;
/** Whether `key` is an own property of `object`, even one without a prototype or with its own `hasOwnProperty`. */
function hasOwn(object, key) {
    return objectHasOwn.call(object, key);
}
/**
 * Stores a symbol-keyed value on an app as an assignment would (enumerable, writable,
 * configurable), for the request path's sake. Measured: an app function carries ~86 own
 * properties, and a computed-key store adding one more makes V8 turn its properties into a
 * dictionary (every later `app.handle`, `app._router`, `app.settings` read is then a hash
 * lookup, ~1,000 instructions per request); defining the property keeps them fast.
 */
function defineOwn(target, key, value) {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
/**
 * A duration as the timeout options take it: milliseconds, or a string `ms` reads (`'5s'`,
 * `'1m'`); `undefined` for anything else (NaN, Infinity, a negative number, an unreadable string).
 */
function durationOf(time) {
    let value = time;
    if (typeof time === 'string') {
        try {
            value = (0, ms_1.default)(time);
        }
        catch {
            return undefined;
        }
    }
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
}];
definitions["view.js"] = [{"./errors":"errors.js"}, function (exports, require, module, __filename, __dirname) {
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.View = void 0;
/**
 * View lookup and engine dispatch: Express 4's `View` (lib/view.js), the
 * class `app.render` instantiates through the `view` setting. A view resolves
 * its file at construction; `app.render` reports a view whose `path` stayed
 * undefined as `Failed to lookup view …`.
 */
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const errors_1 = require("./errors");
/**
 * A template file and the engine that renders it.
 *
 * Lookup uses synchronous `fs.statSync`, as Express does: it runs when a view
 * is first rendered, not per byte served, and with `view cache` enabled (the
 * default in production) `app.render` keeps the View, so each name is looked
 * up once.
 *
 * @example
 * const view = new View('user', { defaultEngine: 'ejs', root: 'views', engines: app.engines });
 * if (view.path) view.render({ name: 'tobi' }, (err, html) => {});
 */
class View {
    defaultEngine;
    /** The extension with its dot, from the name or else from `defaultEngine`. */
    ext;
    name;
    root;
    /** Undefined only for a name that cannot be a file (a NUL byte), whose engine is never loaded. */
    engine;
    /** The resolved file, or undefined when no root holds it. */
    path;
    constructor(name, options) {
        // A view name is a file path chosen by the application. Express 4 lets a
        // non-string reach `path.extname`, whose TypeError names an argument the
        // caller never saw; say what is wrong instead.
        if (typeof name !== 'string') {
            throw (0, errors_1.veloxError)('VELOX_ERR_VIEW_NAME_TYPE', name === null ? 'null' : typeof name);
        }
        this.defaultEngine = options.defaultEngine;
        this.ext = (0, node_path_1.extname)(name);
        this.name = name;
        // The `views` setting as the user set it: a string or an array of strings.
        this.root = options.root;
        if (!this.ext && !this.defaultEngine) {
            throw (0, errors_1.veloxError)('VELOX_ERR_VIEW_NO_ENGINE');
        }
        let fileName = name;
        if (!this.ext) {
            const engineName = String(this.defaultEngine);
            this.ext = engineName[0] !== '.' ? '.' + engineName : engineName;
            fileName += this.ext;
        }
        const engines = options.engines;
        if (name.includes('\0')) {
            // No file name holds a NUL byte, so this is a failed lookup, reported
            // through the render callback. Express 4 gets there by statSync throwing,
            // except for a NUL in the extension, which it hands to require() and
            // throws "Cannot find module"; Velox never requires such a name.
            this.engine = engines[this.ext];
            this.path = undefined;
            return;
        }
        if (!engines[this.ext]) {
            engines[this.ext] = loadEngine(this.ext.slice(1));
        }
        this.engine = engines[this.ext];
        this.path = this.lookup(fileName);
    }
    /** Finds `name` under each root in order; the first root holding it wins. */
    lookup(name) {
        const roots = [].concat(this.root);
        for (const root of roots) {
            const location = (0, node_path_1.resolve)(root, name);
            const found = this.resolve((0, node_path_1.dirname)(location), (0, node_path_1.basename)(location));
            if (found !== undefined)
                return found;
        }
        return undefined;
    }
    /**
     * Hands the file to the engine. Express 4.22 calls the engine directly, so an
     * engine that calls back synchronously does so before `render` returns (the
     * deferral is an Express 5 change); a synchronous throw is caught by `app.render`.
     */
    render(options, callback) {
        if (this.engine === undefined) {
            callback((0, errors_1.veloxError)('VELOX_ERR_VIEW_NOT_RESOLVED', this.name));
            return;
        }
        this.engine(this.path, options, callback);
    }
    /** `<dir>/<file>` when it is a file, else `<dir>/<file without ext>/index<ext>`. */
    resolve(dir, file) {
        let path = (0, node_path_1.join)(dir, file);
        if (isFile(path))
            return path;
        path = (0, node_path_1.join)(dir, (0, node_path_1.basename)(file, this.ext), 'index' + this.ext);
        if (isFile(path))
            return path;
        return undefined;
    }
}
exports.View = View;
/**
 * `require(mod).__express`. Express resolves `mod` from its own install location, which
 * sees the application's packages (both live in the app's node_modules) and Express's own
 * dependencies. Velox resolves from its own location first, then from the application's
 * working directory: a Velox that is linked, installed globally or kept in a strict
 * (pnpm-style) layout still finds the engines, and the modules Express would find among its
 * own dependencies (the app's, when Express is installed beside Velox) are found alike.
 */
function loadEngine(mod) {
    const loaded = requireEngineModule(mod);
    const engine = loaded == null ? undefined : loaded.__express;
    if (typeof engine !== 'function') {
        throw (0, errors_1.veloxError)('VELOX_ERR_VIEW_ENGINE_MODULE', mod);
    }
    return engine;
}
function requireEngineModule(mod) {
    try {
        return require(mod);
    }
    catch (err) {
        if (err.code !== 'MODULE_NOT_FOUND')
            throw err;
        let fromApp;
        try {
            fromApp = require.resolve(mod, { paths: [process.cwd()] });
        }
        catch {
            // Not there either: require's own error (code MODULE_NOT_FOUND), as in Express 4.
            throw err;
        }
        return require(fromApp);
    }
}
function isFile(path) {
    try {
        // throwIfNoEntry: a missing candidate is the common case in a multi-root
        // lookup; returning undefined spares building an exception for it.
        const stat = (0, node_fs_1.statSync)(path, { throwIfNoEntry: false });
        return stat !== undefined && stat.isFile();
    }
    catch {
        // ENOTDIR, EACCES, ELOOP…: not a usable file, as in Express's tryStat.
        return false;
    }
}
}];
definitions["~depd/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * depd
 * Copyright(c) 2014-2018 Douglas Christopher Wilson
 * MIT Licensed
 */

/**
 * Module dependencies.
 */

var relative = require('path').relative

/**
 * Module exports.
 */

module.exports = depd

/**
 * Get the path to base files on.
 */

var basePath = process.cwd()

/**
 * Determine if namespace is contained in the string.
 */

function containsNamespace (str, namespace) {
  var vals = str.split(/[ ,]+/)
  var ns = String(namespace).toLowerCase()

  for (var i = 0; i < vals.length; i++) {
    var val = vals[i]

    // namespace contained
    if (val && (val === '*' || val.toLowerCase() === ns)) {
      return true
    }
  }

  return false
}

/**
 * Convert a data descriptor to accessor descriptor.
 */

function convertDataDescriptorToAccessor (obj, prop, message) {
  var descriptor = Object.getOwnPropertyDescriptor(obj, prop)
  var value = descriptor.value

  descriptor.get = function getter () { return value }

  if (descriptor.writable) {
    descriptor.set = function setter (val) { return (value = val) }
  }

  delete descriptor.value
  delete descriptor.writable

  Object.defineProperty(obj, prop, descriptor)

  return descriptor
}

/**
 * Create arguments string to keep arity.
 */

function createArgumentsString (arity) {
  var str = ''

  for (var i = 0; i < arity; i++) {
    str += ', arg' + i
  }

  return str.substr(2)
}

/**
 * Create stack string from stack.
 */

function createStackString (stack) {
  var str = this.name + ': ' + this.namespace

  if (this.message) {
    str += ' deprecated ' + this.message
  }

  for (var i = 0; i < stack.length; i++) {
    str += '\n    at ' + stack[i].toString()
  }

  return str
}

/**
 * Create deprecate for namespace in caller.
 */

function depd (namespace) {
  if (!namespace) {
    throw new TypeError('argument namespace is required')
  }

  var stack = getStack()
  var site = callSiteLocation(stack[1])
  var file = site[0]

  function deprecate (message) {
    // call to self as log
    log.call(deprecate, message)
  }

  deprecate._file = file
  deprecate._ignored = isignored(namespace)
  deprecate._namespace = namespace
  deprecate._traced = istraced(namespace)
  deprecate._warned = Object.create(null)

  deprecate.function = wrapfunction
  deprecate.property = wrapproperty

  return deprecate
}

/**
 * Determine if event emitter has listeners of a given type.
 *
 * The way to do this check is done three different ways in Node.js >= 0.8
 * so this consolidates them into a minimal set using instance methods.
 *
 * @param {EventEmitter} emitter
 * @param {string} type
 * @returns {boolean}
 * @private
 */

function eehaslisteners (emitter, type) {
  var count = typeof emitter.listenerCount !== 'function'
    ? emitter.listeners(type).length
    : emitter.listenerCount(type)

  return count > 0
}

/**
 * Determine if namespace is ignored.
 */

function isignored (namespace) {
  if (process.noDeprecation) {
    // --no-deprecation support
    return true
  }

  var str = process.env.NO_DEPRECATION || ''

  // namespace ignored
  return containsNamespace(str, namespace)
}

/**
 * Determine if namespace is traced.
 */

function istraced (namespace) {
  if (process.traceDeprecation) {
    // --trace-deprecation support
    return true
  }

  var str = process.env.TRACE_DEPRECATION || ''

  // namespace traced
  return containsNamespace(str, namespace)
}

/**
 * Display deprecation message.
 */

function log (message, site) {
  var haslisteners = eehaslisteners(process, 'deprecation')

  // abort early if no destination
  if (!haslisteners && this._ignored) {
    return
  }

  var caller
  var callFile
  var callSite
  var depSite
  var i = 0
  var seen = false
  var stack = getStack()
  var file = this._file

  if (site) {
    // provided site
    depSite = site
    callSite = callSiteLocation(stack[1])
    callSite.name = depSite.name
    file = callSite[0]
  } else {
    // get call site
    i = 2
    depSite = callSiteLocation(stack[i])
    callSite = depSite
  }

  // get caller of deprecated thing in relation to file
  for (; i < stack.length; i++) {
    caller = callSiteLocation(stack[i])
    callFile = caller[0]

    if (callFile === file) {
      seen = true
    } else if (callFile === this._file) {
      file = this._file
    } else if (seen) {
      break
    }
  }

  var key = caller
    ? depSite.join(':') + '__' + caller.join(':')
    : undefined

  if (key !== undefined && key in this._warned) {
    // already warned
    return
  }

  this._warned[key] = true

  // generate automatic message from call site
  var msg = message
  if (!msg) {
    msg = callSite === depSite || !callSite.name
      ? defaultMessage(depSite)
      : defaultMessage(callSite)
  }

  // emit deprecation if listeners exist
  if (haslisteners) {
    var err = DeprecationError(this._namespace, msg, stack.slice(i))
    process.emit('deprecation', err)
    return
  }

  // format and write message
  var format = process.stderr.isTTY
    ? formatColor
    : formatPlain
  var output = format.call(this, msg, caller, stack.slice(i))
  process.stderr.write(output + '\n', 'utf8')
}

/**
 * Get call site location as array.
 */

function callSiteLocation (callSite) {
  var file = callSite.getFileName() || '<anonymous>'
  var line = callSite.getLineNumber()
  var colm = callSite.getColumnNumber()

  if (callSite.isEval()) {
    file = callSite.getEvalOrigin() + ', ' + file
  }

  var site = [file, line, colm]

  site.callSite = callSite
  site.name = callSite.getFunctionName()

  return site
}

/**
 * Generate a default message from the site.
 */

function defaultMessage (site) {
  var callSite = site.callSite
  var funcName = site.name

  // make useful anonymous name
  if (!funcName) {
    funcName = '<anonymous@' + formatLocation(site) + '>'
  }

  var context = callSite.getThis()
  var typeName = context && callSite.getTypeName()

  // ignore useless type name
  if (typeName === 'Object') {
    typeName = undefined
  }

  // make useful type name
  if (typeName === 'Function') {
    typeName = context.name || typeName
  }

  return typeName && callSite.getMethodName()
    ? typeName + '.' + funcName
    : funcName
}

/**
 * Format deprecation message without color.
 */

function formatPlain (msg, caller, stack) {
  var timestamp = new Date().toUTCString()

  var formatted = timestamp +
    ' ' + this._namespace +
    ' deprecated ' + msg

  // add stack trace
  if (this._traced) {
    for (var i = 0; i < stack.length; i++) {
      formatted += '\n    at ' + stack[i].toString()
    }

    return formatted
  }

  if (caller) {
    formatted += ' at ' + formatLocation(caller)
  }

  return formatted
}

/**
 * Format deprecation message with color.
 */

function formatColor (msg, caller, stack) {
  var formatted = '\x1b[36;1m' + this._namespace + '\x1b[22;39m' + // bold cyan
    ' \x1b[33;1mdeprecated\x1b[22;39m' + // bold yellow
    ' \x1b[0m' + msg + '\x1b[39m' // reset

  // add stack trace
  if (this._traced) {
    for (var i = 0; i < stack.length; i++) {
      formatted += '\n    \x1b[36mat ' + stack[i].toString() + '\x1b[39m' // cyan
    }

    return formatted
  }

  if (caller) {
    formatted += ' \x1b[36m' + formatLocation(caller) + '\x1b[39m' // cyan
  }

  return formatted
}

/**
 * Format call site location.
 */

function formatLocation (callSite) {
  return relative(basePath, callSite[0]) +
    ':' + callSite[1] +
    ':' + callSite[2]
}

/**
 * Get the stack as array of call sites.
 */

function getStack () {
  var limit = Error.stackTraceLimit
  var obj = {}
  var prep = Error.prepareStackTrace

  Error.prepareStackTrace = prepareObjectStackTrace
  Error.stackTraceLimit = Math.max(10, limit)

  // capture the stack
  Error.captureStackTrace(obj)

  // slice this function off the top
  var stack = obj.stack.slice(1)

  Error.prepareStackTrace = prep
  Error.stackTraceLimit = limit

  return stack
}

/**
 * Capture call site stack from v8.
 */

function prepareObjectStackTrace (obj, stack) {
  return stack
}

/**
 * Return a wrapped function in a deprecation message.
 */

function wrapfunction (fn, message) {
  if (typeof fn !== 'function') {
    throw new TypeError('argument fn must be a function')
  }

  var args = createArgumentsString(fn.length)
  var stack = getStack()
  var site = callSiteLocation(stack[1])

  site.name = fn.name

  // eslint-disable-next-line no-new-func
  var deprecatedfn = new Function('fn', 'log', 'deprecate', 'message', 'site',
    '"use strict"\n' +
    'return function (' + args + ') {' +
    'log.call(deprecate, message, site)\n' +
    'return fn.apply(this, arguments)\n' +
    '}')(fn, log, this, message, site)

  return deprecatedfn
}

/**
 * Wrap property in a deprecation message.
 */

function wrapproperty (obj, prop, message) {
  if (!obj || (typeof obj !== 'object' && typeof obj !== 'function')) {
    throw new TypeError('argument obj must be object')
  }

  var descriptor = Object.getOwnPropertyDescriptor(obj, prop)

  if (!descriptor) {
    throw new TypeError('must call property on owner object')
  }

  if (!descriptor.configurable) {
    throw new TypeError('property must be configurable')
  }

  var deprecate = this
  var stack = getStack()
  var site = callSiteLocation(stack[1])

  // set site name
  site.name = prop

  // convert data descriptor
  if ('value' in descriptor) {
    descriptor = convertDataDescriptorToAccessor(obj, prop, message)
  }

  var get = descriptor.get
  var set = descriptor.set

  // wrap getter
  if (typeof get === 'function') {
    descriptor.get = function getter () {
      log.call(deprecate, message, site)
      return get.apply(this, arguments)
    }
  }

  // wrap setter
  if (typeof set === 'function') {
    descriptor.set = function setter () {
      log.call(deprecate, message, site)
      return set.apply(this, arguments)
    }
  }

  Object.defineProperty(obj, prop, descriptor)
}

/**
 * Create DeprecationError for deprecation
 */

function DeprecationError (namespace, message, stack) {
  var error = new Error()
  var stackString

  Object.defineProperty(error, 'constructor', {
    value: DeprecationError
  })

  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    value: message,
    writable: true
  })

  Object.defineProperty(error, 'name', {
    enumerable: false,
    configurable: true,
    value: 'DeprecationError',
    writable: true
  })

  Object.defineProperty(error, 'namespace', {
    configurable: true,
    enumerable: false,
    value: namespace,
    writable: true
  })

  Object.defineProperty(error, 'stack', {
    configurable: true,
    enumerable: false,
    get: function () {
      if (stackString !== undefined) {
        return stackString
      }

      // prepare stack trace
      return (stackString = createStackString.call(this, stack))
    },
    set: function setter (val) {
      stackString = val
    }
  })

  return error
}
}];
definitions["~statuses/index.js"] = [{"./codes.json":"~statuses/codes.json"}, function (exports, require, module, __filename, __dirname) {
/*!
 * statuses
 * Copyright(c) 2014 Jonathan Ong
 * Copyright(c) 2016 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * Module dependencies.
 * @private
 */

var codes = require('./codes.json')

/**
 * Module exports.
 * @public
 */

module.exports = status

// status code to message map
status.message = codes

// status message (lower-case) to code map
status.code = createMessageToStatusCodeMap(codes)

// array of status codes
status.codes = createStatusCodeList(codes)

// status codes for redirects
status.redirect = {
  300: true,
  301: true,
  302: true,
  303: true,
  305: true,
  307: true,
  308: true
}

// status codes for empty bodies
status.empty = {
  204: true,
  205: true,
  304: true
}

// status codes for when you should retry the request
status.retry = {
  502: true,
  503: true,
  504: true
}

/**
 * Create a map of message to status code.
 * @private
 */

function createMessageToStatusCodeMap (codes) {
  var map = {}

  Object.keys(codes).forEach(function forEachCode (code) {
    var message = codes[code]
    var status = Number(code)

    // populate map
    map[message.toLowerCase()] = status
  })

  return map
}

/**
 * Create a list of all status codes.
 * @private
 */

function createStatusCodeList (codes) {
  return Object.keys(codes).map(function mapCode (code) {
    return Number(code)
  })
}

/**
 * Get the status code for given message.
 * @private
 */

function getStatusCode (message) {
  var msg = message.toLowerCase()

  if (!Object.prototype.hasOwnProperty.call(status.code, msg)) {
    throw new Error('invalid status message: "' + message + '"')
  }

  return status.code[msg]
}

/**
 * Get the status message for given code.
 * @private
 */

function getStatusMessage (code) {
  if (!Object.prototype.hasOwnProperty.call(status.message, code)) {
    throw new Error('invalid status code: ' + code)
  }

  return status.message[code]
}

/**
 * Get the status code.
 *
 * Given a number, this will throw if it is not a known status
 * code, otherwise the code will be returned. Given a string,
 * the string will be parsed for a number and return the code
 * if valid, otherwise will lookup the code assuming this is
 * the status message.
 *
 * @param {string|number} code
 * @returns {number}
 * @public
 */

function status (code) {
  if (typeof code === 'number') {
    return getStatusMessage(code)
  }

  if (typeof code !== 'string') {
    throw new TypeError('code must be a number or string')
  }

  // '403'
  var n = parseInt(code, 10)
  if (!isNaN(n)) {
    return getStatusMessage(n)
  }

  return getStatusCode(code)
}
}];
definitions["~content-type/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * content-type
 * Copyright(c) 2015 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * RegExp to match *( ";" parameter ) in RFC 7231 sec 3.1.1.1
 *
 * parameter     = token "=" ( token / quoted-string )
 * token         = 1*tchar
 * tchar         = "!" / "#" / "$" / "%" / "&" / "'" / "*"
 *               / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
 *               / DIGIT / ALPHA
 *               ; any VCHAR, except delimiters
 * quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
 * qdtext        = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
 * obs-text      = %x80-FF
 * quoted-pair   = "\" ( HTAB / SP / VCHAR / obs-text )
 */
var PARAM_REGEXP = /; *([!#$%&'*+.^_`|~0-9A-Za-z-]+) *= *("(?:[\u000b\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u000b\u0020-\u00ff])*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+) */g // eslint-disable-line no-control-regex
var TEXT_REGEXP = /^[\u000b\u0020-\u007e\u0080-\u00ff]+$/ // eslint-disable-line no-control-regex
var TOKEN_REGEXP = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * RegExp to match quoted-pair in RFC 7230 sec 3.2.6
 *
 * quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
 * obs-text    = %x80-FF
 */
var QESC_REGEXP = /\\([\u000b\u0020-\u00ff])/g // eslint-disable-line no-control-regex

/**
 * RegExp to match chars that must be quoted-pair in RFC 7230 sec 3.2.6
 */
var QUOTE_REGEXP = /([\\"])/g

/**
 * RegExp to match type in RFC 7231 sec 3.1.1.1
 *
 * media-type = type "/" subtype
 * type       = token
 * subtype    = token
 */
var TYPE_REGEXP = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * Module exports.
 * @public
 */

exports.format = format
exports.parse = parse

/**
 * Format object to media type.
 *
 * @param {object} obj
 * @return {string}
 * @public
 */

function format (obj) {
  if (!obj || typeof obj !== 'object') {
    throw new TypeError('argument obj is required')
  }

  var parameters = obj.parameters
  var type = obj.type

  if (!type || !TYPE_REGEXP.test(type)) {
    throw new TypeError('invalid type')
  }

  var string = type

  // append parameters
  if (parameters && typeof parameters === 'object') {
    var param
    var params = Object.keys(parameters).sort()

    for (var i = 0; i < params.length; i++) {
      param = params[i]

      if (!TOKEN_REGEXP.test(param)) {
        throw new TypeError('invalid parameter name')
      }

      string += '; ' + param + '=' + qstring(parameters[param])
    }
  }

  return string
}

/**
 * Parse media type to object.
 *
 * @param {string|object} string
 * @return {Object}
 * @public
 */

function parse (string) {
  if (!string) {
    throw new TypeError('argument string is required')
  }

  // support req/res-like objects as argument
  var header = typeof string === 'object'
    ? getcontenttype(string)
    : string

  if (typeof header !== 'string') {
    throw new TypeError('argument string is required to be a string')
  }

  var index = header.indexOf(';')
  var type = index !== -1
    ? header.slice(0, index).trim()
    : header.trim()

  if (!TYPE_REGEXP.test(type)) {
    throw new TypeError('invalid media type')
  }

  var obj = new ContentType(type.toLowerCase())

  // parse parameters
  if (index !== -1) {
    var key
    var match
    var value

    PARAM_REGEXP.lastIndex = index

    while ((match = PARAM_REGEXP.exec(header))) {
      if (match.index !== index) {
        throw new TypeError('invalid parameter format')
      }

      index += match[0].length
      key = match[1].toLowerCase()
      value = match[2]

      if (value.charCodeAt(0) === 0x22 /* " */) {
        // remove quotes
        value = value.slice(1, -1)

        // remove escapes
        if (value.indexOf('\\') !== -1) {
          value = value.replace(QESC_REGEXP, '$1')
        }
      }

      obj.parameters[key] = value
    }

    if (index !== header.length) {
      throw new TypeError('invalid parameter format')
    }
  }

  return obj
}

/**
 * Get content-type from req/res objects.
 *
 * @param {object}
 * @return {Object}
 * @private
 */

function getcontenttype (obj) {
  var header

  if (typeof obj.getHeader === 'function') {
    // res-like
    header = obj.getHeader('content-type')
  } else if (typeof obj.headers === 'object') {
    // req-like
    header = obj.headers && obj.headers['content-type']
  }

  if (typeof header !== 'string') {
    throw new TypeError('content-type header is missing from object')
  }

  return header
}

/**
 * Quote a string if necessary.
 *
 * @param {string} val
 * @return {string}
 * @private
 */

function qstring (val) {
  var str = String(val)

  // no need to quote tokens
  if (TOKEN_REGEXP.test(str)) {
    return str
  }

  if (str.length > 0 && !TEXT_REGEXP.test(str)) {
    throw new TypeError('invalid parameter value')
  }

  return '"' + str.replace(QUOTE_REGEXP, '\\$1') + '"'
}

/**
 * Class to represent a content type.
 * @private
 */
function ContentType (type) {
  this.parameters = Object.create(null)
  this.type = type
}
}];
definitions["~encodeurl/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * encodeurl
 * Copyright(c) 2016 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * Module exports.
 * @public
 */

module.exports = encodeUrl

/**
 * RegExp to match non-URL code points, *after* encoding (i.e. not including "%")
 * and including invalid escape sequences.
 * Group up to 1024 character and percent runs per replacement to reduce calls
 * to encodeURI while bounding RegExp stack use. Character runs stay intact so
 * surrogate pairs are never split between replacements.
 * @private
 */

var ENCODE_CHARS_REGEXP = /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]+|%+(?![0-9A-Fa-f]{2})){1,1024}/g

/**
 * RegExp to match surrogate pairs and unpaired surrogates.
 * @private
 */

var SURROGATE_REGEXP = /([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g

/**
 * Encode a URL to a percent-encoded form, excluding already-encoded sequences.
 *
 * This function will take an already-encoded URL and encode all the non-URL
 * code points. This function will not encode the "%" character unless it is
 * not part of a valid sequence (`%20` will be left as-is, but `%foo` will
 * be encoded as `%25foo`).
 *
 * This encode is meant to be "safe" and does not throw errors. It will try as
 * hard as it can to properly encode the given URL, including replacing any raw,
 * unpaired surrogate pairs with the Unicode replacement character prior to
 * encoding.
 *
 * @param {string} url
 * @return {string}
 * @public
 */

function encodeUrl (url) {
  return String(url)
    .replace(SURROGATE_REGEXP, function (_, pair) {
      return pair || '\uFFFD'
    })
    .replace(ENCODE_CHARS_REGEXP, encodeURI)
}
}];
definitions["~escape-html/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * escape-html
 * Copyright(c) 2012-2013 TJ Holowaychuk
 * Copyright(c) 2015 Andreas Lubbe
 * Copyright(c) 2015 Tiancheng "Timothy" Gu
 * MIT Licensed
 */

'use strict';

/**
 * Module variables.
 * @private
 */

var matchHtmlRegExp = /["'&<>]/;

/**
 * Module exports.
 * @public
 */

module.exports = escapeHtml;

/**
 * Escape special characters in the given string of html.
 *
 * @param  {string} string The string to escape for inserting into HTML
 * @return {string}
 * @public
 */

function escapeHtml(string) {
  var str = '' + string;
  var match = matchHtmlRegExp.exec(str);

  if (!match) {
    return str;
  }

  var escape;
  var html = '';
  var index = 0;
  var lastIndex = 0;

  for (index = match.index; index < str.length; index++) {
    switch (str.charCodeAt(index)) {
      case 34: // "
        escape = '&quot;';
        break;
      case 38: // &
        escape = '&amp;';
        break;
      case 39: // '
        escape = '&#39;';
        break;
      case 60: // <
        escape = '&lt;';
        break;
      case 62: // >
        escape = '&gt;';
        break;
      default:
        continue;
    }

    if (lastIndex !== index) {
      html += str.substring(lastIndex, index);
    }

    lastIndex = index + 1;
    html += escape;
  }

  return lastIndex !== index
    ? html + str.substring(lastIndex, index)
    : html;
}
}];
definitions["~fresh/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * fresh
 * Copyright(c) 2012 TJ Holowaychuk
 * Copyright(c) 2016-2017 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * RegExp to check for no-cache token in Cache-Control.
 * @private
 */

var CACHE_CONTROL_NO_CACHE_REGEXP = /(?:^|,)\s*?no-cache\s*?(?:,|$)/

/**
 * Module exports.
 * @public
 */

module.exports = fresh

/**
 * Check freshness of the response using request and response headers.
 *
 * @param {Object} reqHeaders
 * @param {Object} resHeaders
 * @return {Boolean}
 * @public
 */

function fresh (reqHeaders, resHeaders) {
  // fields
  var modifiedSince = reqHeaders['if-modified-since']
  var noneMatch = reqHeaders['if-none-match']

  // unconditional request
  if (!modifiedSince && !noneMatch) {
    return false
  }

  // Always return stale when Cache-Control: no-cache
  // to support end-to-end reload requests
  // https://tools.ietf.org/html/rfc2616#section-14.9.4
  var cacheControl = reqHeaders['cache-control']
  if (cacheControl && CACHE_CONTROL_NO_CACHE_REGEXP.test(cacheControl)) {
    return false
  }

  // if-none-match
  if (noneMatch && noneMatch !== '*') {
    var etag = resHeaders['etag']

    if (!etag) {
      return false
    }

    var etagStale = true
    var matches = parseTokenList(noneMatch)
    for (var i = 0; i < matches.length; i++) {
      var match = matches[i]
      if (match === etag || match === 'W/' + etag || 'W/' + match === etag) {
        etagStale = false
        break
      }
    }

    if (etagStale) {
      return false
    }
  }

  // if-modified-since
  if (modifiedSince) {
    var lastModified = resHeaders['last-modified']
    var modifiedStale = !lastModified || !(parseHttpDate(lastModified) <= parseHttpDate(modifiedSince))

    if (modifiedStale) {
      return false
    }
  }

  return true
}

/**
 * Parse an HTTP Date into a number.
 *
 * @param {string} date
 * @private
 */

function parseHttpDate (date) {
  var timestamp = date && Date.parse(date)

  // istanbul ignore next: guard against date.js Date.parse patching
  return typeof timestamp === 'number'
    ? timestamp
    : NaN
}

/**
 * Parse a HTTP token list.
 *
 * @param {string} str
 * @private
 */

function parseTokenList (str) {
  var end = 0
  var list = []
  var start = 0

  // gather tokens
  for (var i = 0, len = str.length; i < len; i++) {
    switch (str.charCodeAt(i)) {
      case 0x20: /*   */
        if (start === end) {
          start = end = i + 1
        }
        break
      case 0x2c: /* , */
        list.push(str.substring(start, end))
        start = end = i + 1
        break
      default:
        end = i + 1
        break
    }
  }

  // final token
  list.push(str.substring(start, end))

  return list
}
}];
definitions["~range-parser/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * range-parser
 * Copyright(c) 2012-2014 TJ Holowaychuk
 * Copyright(c) 2015-2016 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * Module exports.
 * @public
 */

module.exports = rangeParser

/**
 * Parse "Range" header `str` relative to the given file `size`.
 *
 * @param {Number} size
 * @param {String} str
 * @param {Object} [options]
 * @return {Array}
 * @public
 */

function rangeParser (size, str, options) {
  if (typeof str !== 'string') {
    throw new TypeError('argument str must be a string')
  }

  var index = str.indexOf('=')

  if (index === -1) {
    return -2
  }

  // split the range string
  var arr = str.slice(index + 1).split(',')
  var ranges = []

  // add ranges type
  ranges.type = str.slice(0, index)

  // parse all ranges
  for (var i = 0; i < arr.length; i++) {
    var range = arr[i].split('-')
    var start = parseInt(range[0], 10)
    var end = parseInt(range[1], 10)

    // -nnn
    if (isNaN(start)) {
      start = size - end
      end = size - 1
    // nnn-
    } else if (isNaN(end)) {
      end = size - 1
    }

    // limit last-byte-pos to current length
    if (end > size - 1) {
      end = size - 1
    }

    // invalid or unsatisifiable
    if (isNaN(start) || isNaN(end) || start > end || start < 0) {
      continue
    }

    // add range
    ranges.push({
      start: start,
      end: end
    })
  }

  if (ranges.length < 1) {
    // unsatisifiable
    return -1
  }

  return options && options.combine
    ? combineRanges(ranges)
    : ranges
}

/**
 * Combine overlapping & adjacent ranges.
 * @private
 */

function combineRanges (ranges) {
  var ordered = ranges.map(mapWithIndex).sort(sortByRangeStart)

  for (var j = 0, i = 1; i < ordered.length; i++) {
    var range = ordered[i]
    var current = ordered[j]

    if (range.start > current.end + 1) {
      // next range
      ordered[++j] = range
    } else if (range.end > current.end) {
      // extend range
      current.end = range.end
      current.index = Math.min(current.index, range.index)
    }
  }

  // trim ordered array
  ordered.length = j + 1

  // generate combined range
  var combined = ordered.sort(sortByRangeIndex).map(mapWithoutIndex)

  // copy ranges type
  combined.type = ranges.type

  return combined
}

/**
 * Map function to add index value to ranges.
 * @private
 */

function mapWithIndex (range, index) {
  return {
    start: range.start,
    end: range.end,
    index: index
  }
}

/**
 * Map function to remove index value from ranges.
 * @private
 */

function mapWithoutIndex (range) {
  return {
    start: range.start,
    end: range.end
  }
}

/**
 * Sort function to sort ranges by index.
 * @private
 */

function sortByRangeIndex (a, b) {
  return a.index - b.index
}

/**
 * Sort function to sort ranges by start position.
 * @private
 */

function sortByRangeStart (a, b) {
  return a.start - b.start
}
}];
definitions["~vary/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/*!
 * vary
 * Copyright(c) 2014-2017 Douglas Christopher Wilson
 * MIT Licensed
 */

'use strict'

/**
 * Module exports.
 */

module.exports = vary
module.exports.append = append

/**
 * RegExp to match field-name in RFC 7230 sec 3.2
 *
 * field-name    = token
 * token         = 1*tchar
 * tchar         = "!" / "#" / "$" / "%" / "&" / "'" / "*"
 *               / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
 *               / DIGIT / ALPHA
 *               ; any VCHAR, except delimiters
 */

var FIELD_NAME_REGEXP = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Append a field to a vary header.
 *
 * @param {String} header
 * @param {String|Array} field
 * @return {String}
 * @public
 */

function append (header, field) {
  if (typeof header !== 'string') {
    throw new TypeError('header argument is required')
  }

  if (!field) {
    throw new TypeError('field argument is required')
  }

  // get fields array
  var fields = !Array.isArray(field)
    ? parse(String(field))
    : field

  // assert on invalid field names
  for (var j = 0; j < fields.length; j++) {
    if (!FIELD_NAME_REGEXP.test(fields[j])) {
      throw new TypeError('field argument contains an invalid header name')
    }
  }

  // existing, unspecified vary
  if (header === '*') {
    return header
  }

  // enumerate current values
  var val = header
  var vals = parse(header.toLowerCase())

  // unspecified vary
  if (fields.indexOf('*') !== -1 || vals.indexOf('*') !== -1) {
    return '*'
  }

  for (var i = 0; i < fields.length; i++) {
    var fld = fields[i].toLowerCase()

    // append value (case-preserving)
    if (vals.indexOf(fld) === -1) {
      vals.push(fld)
      val = val
        ? val + ', ' + fields[i]
        : fields[i]
    }
  }

  return val
}

/**
 * Parse a vary header into an array.
 *
 * @param {String} header
 * @return {Array}
 * @private
 */

function parse (header) {
  var end = 0
  var list = []
  var start = 0

  // gather tokens
  for (var i = 0, len = header.length; i < len; i++) {
    switch (header.charCodeAt(i)) {
      case 0x20: /*   */
        if (start === end) {
          start = end = i + 1
        }
        break
      case 0x2c: /* , */
        list.push(header.substring(start, end))
        start = end = i + 1
        break
      default:
        end = i + 1
        break
    }
  }

  // final token
  list.push(header.substring(start, end))

  return list
}

/**
 * Mark that a request is varied on a header field.
 *
 * @param {Object} res
 * @param {String|Array} field
 * @public
 */

function vary (res, field) {
  if (!res || !res.getHeader || !res.setHeader) {
    // quack quack
    throw new TypeError('res argument is required')
  }

  // get existing header
  var val = res.getHeader('Vary') || ''
  var header = Array.isArray(val)
    ? val.join(', ')
    : String(val)

  // set new header
  if ((val = append(header, field))) {
    res.setHeader('Vary', val)
  }
}
}];
definitions["~ms/index.js"] = [{}, function (exports, require, module, __filename, __dirname) {
/**
 * Helpers.
 */

var s = 1000;
var m = s * 60;
var h = m * 60;
var d = h * 24;
var w = d * 7;
var y = d * 365.25;

/**
 * Parse or format the given `val`.
 *
 * Options:
 *
 *  - `long` verbose formatting [false]
 *
 * @param {String|Number} val
 * @param {Object} [options]
 * @throws {Error} throw an error if val is not a non-empty string or a number
 * @return {String|Number}
 * @api public
 */

module.exports = function (val, options) {
  options = options || {};
  var type = typeof val;
  if (type === 'string' && val.length > 0) {
    return parse(val);
  } else if (type === 'number' && isFinite(val)) {
    return options.long ? fmtLong(val) : fmtShort(val);
  }
  throw new Error(
    'val is not a non-empty string or a valid number. val=' +
      JSON.stringify(val)
  );
};

/**
 * Parse the given `str` and return milliseconds.
 *
 * @param {String} str
 * @return {Number}
 * @api private
 */

function parse(str) {
  str = String(str);
  if (str.length > 100) {
    return;
  }
  var match = /^(-?(?:\d+)?\.?\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)?$/i.exec(
    str
  );
  if (!match) {
    return;
  }
  var n = parseFloat(match[1]);
  var type = (match[2] || 'ms').toLowerCase();
  switch (type) {
    case 'years':
    case 'year':
    case 'yrs':
    case 'yr':
    case 'y':
      return n * y;
    case 'weeks':
    case 'week':
    case 'w':
      return n * w;
    case 'days':
    case 'day':
    case 'd':
      return n * d;
    case 'hours':
    case 'hour':
    case 'hrs':
    case 'hr':
    case 'h':
      return n * h;
    case 'minutes':
    case 'minute':
    case 'mins':
    case 'min':
    case 'm':
      return n * m;
    case 'seconds':
    case 'second':
    case 'secs':
    case 'sec':
    case 's':
      return n * s;
    case 'milliseconds':
    case 'millisecond':
    case 'msecs':
    case 'msec':
    case 'ms':
      return n;
    default:
      return undefined;
  }
}

/**
 * Short format for `ms`.
 *
 * @param {Number} ms
 * @return {String}
 * @api private
 */

function fmtShort(ms) {
  var msAbs = Math.abs(ms);
  if (msAbs >= d) {
    return Math.round(ms / d) + 'd';
  }
  if (msAbs >= h) {
    return Math.round(ms / h) + 'h';
  }
  if (msAbs >= m) {
    return Math.round(ms / m) + 'm';
  }
  if (msAbs >= s) {
    return Math.round(ms / s) + 's';
  }
  return ms + 'ms';
}

/**
 * Long format for `ms`.
 *
 * @param {Number} ms
 * @return {String}
 * @api private
 */

function fmtLong(ms) {
  var msAbs = Math.abs(ms);
  if (msAbs >= d) {
    return plural(ms, msAbs, d, 'day');
  }
  if (msAbs >= h) {
    return plural(ms, msAbs, h, 'hour');
  }
  if (msAbs >= m) {
    return plural(ms, msAbs, m, 'minute');
  }
  if (msAbs >= s) {
    return plural(ms, msAbs, s, 'second');
  }
  return ms + ' ms';
}

/**
 * Pluralization helper.
 */

function plural(ms, msAbs, n, name) {
  var isPlural = msAbs >= n * 1.5;
  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');
}
}];
definitions["~statuses/codes.json"] = [{}, function (exports, require, module, __filename, __dirname) {
module.exports = {
  "100": "Continue",
  "101": "Switching Protocols",
  "102": "Processing",
  "103": "Early Hints",
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "203": "Non-Authoritative Information",
  "204": "No Content",
  "205": "Reset Content",
  "206": "Partial Content",
  "207": "Multi-Status",
  "208": "Already Reported",
  "226": "IM Used",
  "300": "Multiple Choices",
  "301": "Moved Permanently",
  "302": "Found",
  "303": "See Other",
  "304": "Not Modified",
  "305": "Use Proxy",
  "307": "Temporary Redirect",
  "308": "Permanent Redirect",
  "400": "Bad Request",
  "401": "Unauthorized",
  "402": "Payment Required",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "406": "Not Acceptable",
  "407": "Proxy Authentication Required",
  "408": "Request Timeout",
  "409": "Conflict",
  "410": "Gone",
  "411": "Length Required",
  "412": "Precondition Failed",
  "413": "Payload Too Large",
  "414": "URI Too Long",
  "415": "Unsupported Media Type",
  "416": "Range Not Satisfiable",
  "417": "Expectation Failed",
  "418": "I'm a Teapot",
  "421": "Misdirected Request",
  "422": "Unprocessable Entity",
  "423": "Locked",
  "424": "Failed Dependency",
  "425": "Too Early",
  "426": "Upgrade Required",
  "428": "Precondition Required",
  "429": "Too Many Requests",
  "431": "Request Header Fields Too Large",
  "451": "Unavailable For Legal Reasons",
  "500": "Internal Server Error",
  "501": "Not Implemented",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
  "505": "HTTP Version Not Supported",
  "506": "Variant Also Negotiates",
  "507": "Insufficient Storage",
  "508": "Loop Detected",
  "509": "Bandwidth Limit Exceeded",
  "510": "Not Extended",
  "511": "Network Authentication Required"
};
}];

const instances = Object.create(null);
const outside = require;
const { join, dirname } = require('node:path');
function load(id) {
	const cached = instances[id];
	if (cached !== undefined) return cached.exports;
	const [links, define] = definitions[id];
	const filename = join(__dirname, id.startsWith('~') ? 'node_modules/' + id.slice(1) : id);
	const module = { id: filename, filename, exports: {}, loaded: false };
	instances[id] = module;
	let relative;
	function ownRequire(request) {
		const target = links[request];
		if (target !== undefined) return load(target);
		if (request.startsWith('./') || request.startsWith('../')) {
			if (relative === undefined) relative = require('node:module').createRequire(filename);
			return relative(request);
		}
		return outside(request);
	}
	ownRequire.resolve = outside.resolve;
	ownRequire.cache = outside.cache;
	try {
		define.call(module.exports, module.exports, ownRequire, module, filename, dirname(filename));
	} catch (error) {
		// As node drops a module that threw from its cache: the next require runs it again.
		delete instances[id];
		throw error;
	}
	module.loaded = true;
	return module.exports;
}
/** The modules that have run so far (test/startup.lazy.test.ts reads it). */
load.loaded = () => Object.keys(instances);
module.exports = load;
/* content-type@1.0.5 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2015 Douglas Christopher Wilson

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* depd@2.0.0 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2014-2018 Douglas Christopher Wilson

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* encodeurl@2.0.3 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2016 Douglas Christopher Wilson

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* escape-html@1.0.3 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2012-2013 TJ Holowaychuk
Copyright (c) 2015 Andreas Lubbe
Copyright (c) 2015 Tiancheng "Timothy" Gu

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* fresh@0.5.2 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2012 TJ Holowaychuk <tj@vision-media.ca>
Copyright (c) 2016-2017 Douglas Christopher Wilson <doug@somethingdoug.com>

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* ms@2.1.3 (MIT), license.md:
The MIT License (MIT)

Copyright (c) 2020 Vercel, Inc.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
/* range-parser@1.2.1 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2012-2014 TJ Holowaychuk <tj@vision-media.ca>
Copyright (c) 2015-2016 Douglas Christopher Wilson <doug@somethingdoug.com

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
/* statuses@2.0.2 (MIT), LICENSE:
The MIT License (MIT)

Copyright (c) 2014 Jonathan Ong <me@jongleberry.com>
Copyright (c) 2016 Douglas Christopher Wilson <doug@somethingdoug.com>

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
*/
/* vary@1.1.2 (MIT), LICENSE:
(The MIT License)

Copyright (c) 2014-2017 Douglas Christopher Wilson

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
'Software'), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
