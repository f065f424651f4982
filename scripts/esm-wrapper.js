// Writes the ESM entry points next to the CommonJS build: `import velox, { Router, json } from 'velox'`.
const fs = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
const names = ['application', 'request', 'response', 'Route', 'Router', 'json', 'raw', 'text', 'urlencoded', 'query'];
const lines = [
	"import velox from './index.js';",
	'export default velox;',
	...names.map((name) => `export const ${name} = velox.${name};`),
	"const serveStatic = velox['static'];",
	'export { serveStatic as static };',
	'',
];
fs.writeFileSync(path.join(dist, 'index.mjs'), lines.join('\n'));
const types = [
	"import velox = require('./index.js');",
	'export default velox;',
	...names.map((name) => `export declare const ${name}: typeof velox.${name};`),
	"declare const serveStatic: typeof velox['static'];",
	'export { serveStatic as static };',
	"export type { Application, Express, Request, Response, NextFunction, RequestHandler, ErrorRequestHandler, Router as RouterInstance, RouterOptions, CookieOptions, SendFileOptions, ParamsDictionary, ParsedQs, PathParams, IRoute, RouteParameters, ParamKeys, RouteEntry, RouteKind, RouteList, InjectOptions, InjectResponse, LayerMessage, LayerType, RequestMessage } from './index.js';",
	'',
];
fs.writeFileSync(path.join(dist, 'index.d.mts'), types.join('\n'));
