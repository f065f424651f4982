import type { BodyParserMiddleware, UrlencodedOptions } from './types';
/**
 * Creates a middleware that parses `application/x-www-form-urlencoded` bodies (UTF-8 only;
 * gzip, deflate and br inflated) into an object on `req.body`: with qs when `extended` (nested
 * keys such as `a[b]=1`, depth-bounded), with node's querystring otherwise.
 *
 * @example
 * app.use(velox.urlencoded({ extended: false }));
 * app.post('/login', (req, res) => res.send(req.body.user));
 */
export declare function urlencoded(options?: UrlencodedOptions): BodyParserMiddleware;
