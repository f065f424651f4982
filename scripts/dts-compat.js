// Keeps the published declarations readable by the oldest TypeScript Velox supports (4.1, see
// docs/design.md, Public types): inline `type` modifiers in import/export lists (TypeScript 4.5+),
// which tsc copies from the implementation's sources into lib/*.d.ts, are dropped; in a
// declaration file every import is a type-level one anyway.
const fs = require('node:fs');
const path = require('node:path');

const lib = path.join(__dirname, '..', 'lib');
const LIST = /^(import|export) \{([^}]*)\}( from '[^']+';)$/gm;

function rewrite(text) {
	return text.replace(LIST, (_line, keyword, names, tail) => `${keyword} {${names.replace(/\btype /g, '')}}${tail}`);
}

function walk(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) walk(file);
		else if (entry.name.endsWith('.d.ts') || entry.name.endsWith('.d.mts')) {
			const text = fs.readFileSync(file, 'utf8');
			const next = rewrite(text);
			if (next !== text) fs.writeFileSync(file, next);
		}
	}
}

walk(lib);
