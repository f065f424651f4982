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
export * from './types/application';
export * from './types/global';
export * from './types/handlers';
export * from './types/middleware';
export * from './types/params';
export * from './types/request';
export * from './types/response';
export * from './types/router';
export * from './types/tooling';
