/** The documentation the docs tests read: README.md, then every `.md` below docs/ in name order. */
import fs from 'node:fs';
import path from 'node:path';

export function markdownFiles(root: string): string[] {
	const files = [path.join(root, 'README.md')];
	const walk = (dir: string): void => {
		if (!fs.existsSync(dir)) return;
		for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.md')) files.push(full);
		}
	};
	walk(path.join(root, 'docs'));
	return files;
}
