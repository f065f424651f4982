// Writes the ESM entry points next to the CommonJS build: `import velox, { Router, json } from 'velox'`,
// and their types: the same names as the CommonJS types (every type of `declare namespace velox`
// in lib/express.d.ts), with `Router` both a value and a type. The ESM entry imports lib/express.js,
// so `import` loads Express's module paths as `require` does (APM agents hook them).
const fs = require('node:fs');
const path = require('node:path');

const lib = path.join(__dirname, '..', 'lib');
const values = [
	'application',
	'request',
	'response',
	'Route',
	'Router',
	'json',
	'raw',
	'text',
	'urlencoded',
	'query',
	'timeout',
	'shutdown',
	'shutdownOnSignal',
	'migrationReport',
];
const lines = [
	"import velox from './express.js';",
	'export default velox;',
	...values.map((name) => `export const ${name} = velox.${name};`),
	"const serveStatic = velox['static'];",
	'export { serveStatic as static };',
	'',
];
fs.writeFileSync(path.join(lib, 'express.mjs'), lines.join('\n'));

/** The type names declared in `declare namespace velox { … }` of the CommonJS declaration file. */
function typeNames(declarations) {
	const start = declarations.indexOf('declare namespace velox {');
	if (start === -1) throw new Error('lib/express.d.ts: no `declare namespace velox` block');
	const end = declarations.indexOf('\n}', start);
	const block = declarations.slice(start, end);
	const names = [...block.matchAll(/^\s*(?:export\s+)?(?:type|interface)\s+([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]);
	if (names.length === 0) throw new Error('lib/express.d.ts: no types in `declare namespace velox`');
	return [...new Set(names)].sort();
}

// Members Express 5 removed: Velox 5's declarations leave them out of `velox` (src/core/types/line.ts),
// and its export of the name is `undefined`, as at run time.
const line4Only = ['query'];
const valueType = (name) => (line4Only.includes(name) ? `typeof velox extends { ${name}: infer T } ? T : undefined` : `typeof velox.${name}`);

const names = typeNames(fs.readFileSync(path.join(lib, 'express.d.ts'), 'utf8'));
// A name that is both a value and a type is declared twice locally and exported once.
const both = values.filter((name) => names.includes(name));
const types = [
	"import velox = require('./express.js');",
	'export default velox;',
	...values.filter((name) => !both.includes(name)).map((name) => `export declare const ${name}: ${valueType(name)};`),
	...both.flatMap((name) => [`declare const ${name}: typeof velox.${name};`, `type ${name} = velox.${name};`, `export { ${name} };`]),
	"declare const serveStatic: typeof velox['static'];",
	'export { serveStatic as static };',
	`export type { ${names.filter((name) => !both.includes(name)).join(', ')} } from './express.js';`,
	'',
];
fs.writeFileSync(path.join(lib, 'express.d.mts'), types.join('\n'));
