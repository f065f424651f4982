// `node scripts/clean.js DIR...`: removes each build output directory before tsc writes it again,
// so a module whose source was deleted or renamed does not stay behind (and get published).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
for (const dir of process.argv.slice(2)) {
	const target = path.resolve(root, dir);
	if (path.relative(root, target).startsWith('..') || target === root) throw new Error(`refusing to remove ${dir}: not inside the project`);
	fs.rmSync(target, { recursive: true, force: true });
}
