import type { BodyParserMiddleware, RawOptions } from './types';
/**
 * Creates a middleware that reads `application/octet-stream` bodies (inflating gzip, deflate
 * and br) into a Buffer on `req.body`.
 *
 * @example
 * app.use(velox.raw({ type: 'image/*', limit: '5mb' }));
 * app.put('/avatar', (req, res) => res.send(`${req.body.length} bytes`));
 */
export declare function raw(options?: RawOptions): BodyParserMiddleware;
