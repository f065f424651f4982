/**
 * `require('velox/lib/router')` (Express 4's path): Velox's Router, the prototype of every
 * router (as Express 4's `proto`).
 */
import { Router } from '../core/router/router';
// Loaded with the router, as Express 4's router/index.js loads them: APM agents patch
// `Layer.prototype` and `Route.prototype` when these files load.
import './layer';
import './route';

export = Router;
