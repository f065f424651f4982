// Keeps the published declarations readable by the oldest TypeScript Velox supports (4.1, see
// docs/design.md, Public types): inline `type` modifiers in import/export lists (TypeScript 4.5+),
// which tsc copies from the implementation's sources into lib/*.d.ts, are dropped; in a
// declaration file every import is a type-level one anyway.
// And the scripts declaring the module express-serve-static-core (src/core/types/*.ts, see
// docs/design.md, Public types) are referenced from each declaration that imports or augments it:
// tsc drops `/// <reference path>` directives from its output, and without them a user's
// program would resolve that name to @types/express-serve-static-core, or to nothing.
// And a class with ECMAScript private members (`#res`) is emitted with a `#private;` line, which a
// program targeting ES5 rejects (TS18028) even in a declaration file when skipLibCheck is false:
// it becomes `private "#private";`, a TypeScript-private member the class keeps nominal with,
// as `#private` did. The JavaScript keeps its # members (truly private, not on any key list).
const fs = require('node:fs');
const path = require('node:path');

const lib = path.join(__dirname, '..', 'lib');
const CORE = path.join(lib, 'core', 'types');
const CORE_SCRIPTS = ['application', 'handlers', 'line', 'params', 'request', 'response', 'router'];
const LIST = /^(import|export) \{([^}]*)\}( from '[^']+';)$/gm;
const PRIVATE_NAMES = /^(\s*)#private;$/gm;

function rewrite(file, text) {
	let next = text
		.replace(LIST, (_line, keyword, names, tail) => `${keyword} {${names.replace(/\btype /g, '')}}${tail}`)
		.replace(PRIVATE_NAMES, '$1private "#private";');
	if (/['"]express-serve-static-core['"]/.test(next) && !/^\/\/\/ <reference path=/.test(next)) {
		const references = CORE_SCRIPTS.map((name) => path.join(CORE, name + '.d.ts'))
			.filter((script) => script !== file)
			.map(
				(script) =>
					`/// <reference path="${path
						.relative(path.dirname(file), script)
						.split(path.sep)
						.join('/')
						.replace(/^(?!\.)/, './')}" />\n`,
			);
		next = references.join('') + next;
	}
	return next;
}

function walk(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) walk(file);
		else if (entry.name.endsWith('.d.ts') || entry.name.endsWith('.d.mts')) {
			const text = fs.readFileSync(file, 'utf8');
			const next = rewrite(file, text);
			if (next !== text) fs.writeFileSync(file, next);
		}
	}
}

walk(lib);
