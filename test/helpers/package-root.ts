import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package root: the nearest directory above this compiled file whose package.json names velox. */
export function packageRoot(): string {
	let dir = __dirname;
	while (dirname(dir) !== dir) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'velox') return dir;
		dir = dirname(dir);
	}
	throw new Error('package root not found above ' + __dirname);
}
