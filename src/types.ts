/**
 * Public types of Velox. They follow the shape of Express 4's typings so that
 * existing typed code keeps compiling: Velox's `Request`, `Response` and
 * `Application` are assignable to @types/express's, and extend the global
 * `Express.*` interfaces that middleware typings augment. They add one thing
 * Express lacks: route parameters typed from the path literal
 * (`app.get('/users/:id', (req) => req.params.id)`).
 *
 * One file per object under `types/`; this module gathers them.
 */
export * from './types/application';
export * from './types/global';
export * from './types/handlers';
export * from './types/params';
export * from './types/request';
export * from './types/response';
export * from './types/router';
export * from './types/tooling';
