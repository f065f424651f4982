/**
 * Velox installed under the name `express`, as `"express": "npm:velox@…"` in
 * an app's package.json does it: a temporary directory whose
 * `node_modules/express` is a link to this package (its package.json, its
 * "exports" map, its built lib/), next to copies of the third-party packages
 * under test.
 *
 * Why copies and not links: node resolves a module's own `require('express')`
 * from the module's real path. A linked package would resolve from this
 * repository's node_modules and find the real express@4 devDependency; a copied
 * one resolves from the temporary node_modules and finds Velox. Velox itself
 * is reached through the link, so its runtime dependencies resolve from here.
 * Nothing is hooked (no Module._resolveFilename patch): node's own resolution
 * of "exports" is what is tested.
 *
 * @example
 * const alias = createAliasedExpress(['express-async-errors']);
 * const Layer = alias.require('express/lib/router/layer');
 * alias.remove();
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** This package's root (the tests run from build/test/). */
export const packageRoot = path.resolve(__dirname, '..', '..', '..');

export interface AliasedExpress {
	/** The temporary project directory. */
	dir: string;
	/** `require` as code in that project sees it. */
	require: NodeJS.Require;
	/** Deletes the directory. */
	remove(): void;
}

export function createAliasedExpress(packages: string[] = []): AliasedExpress {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-alias-'));
	const modules = path.join(dir, 'node_modules');
	fs.mkdirSync(modules);
	fs.symlinkSync(packageRoot, path.join(modules, 'express'), 'junction');
	for (const name of packages) {
		fs.cpSync(path.join(packageRoot, 'node_modules', name), path.join(modules, name), { recursive: true, dereference: true });
	}
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'aliased-app', private: true, dependencies: { express: 'npm:velox@*' } }));
	return {
		dir,
		require: createRequire(path.join(dir, 'index.js')),
		remove: () => fs.rmSync(dir, { recursive: true, force: true }),
	};
}
