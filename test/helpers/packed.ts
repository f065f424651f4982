/**
 * The packed package (`npm pack`), made once per build and shared by the test files that install
 * it (types.helpers.ts's `cleanProject`, apm.ts's projects), instead of once per file: the tarball
 * is kept in `<tmpdir>/velox-packed-<hash>`, the hash of what npm packs (package.json, the README
 * and licence, and the `files` of package.json: index.js and lib/), so the test files of one run,
 * and later runs of the same build, reuse it; a changed build packs again. A lock folder makes
 * concurrent test files wait for the one packing. `sharedProject` keeps a project installed from
 * that tarball in the same folder, for files that install the same project (the APM tests).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from './package-root';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** This process's environment without NODE_V8_COVERAGE: for npm, tsc or jest, which never load build/src (c8's only include), so their coverage is only cost. */
export function withoutCoverage(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const copy = { ...env };
	delete copy.NODE_V8_COVERAGE;
	return copy;
}

function files(dir: string, rel = ''): string[] {
	const full = path.join(dir, rel);
	if (!fs.statSync(full).isDirectory()) return [rel];
	return fs
		.readdirSync(full)
		.sort()
		.flatMap((name) => files(dir, path.join(rel, name)));
}

/** The hash of what `npm pack` puts in the tarball. */
export function packedHash(): string {
	const root = packageRoot();
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] };
	const always = fs.readdirSync(root).filter((name) => /^(package\.json|readme(\..*)?|licen[cs]e(\..*)?)$/i.test(name));
	const hash = createHash('sha256');
	for (const file of [...always, ...manifest.files.flatMap((entry) => files(root, entry))].sort()) {
		hash.update(file + '\0');
		hash.update(fs.readFileSync(path.join(root, file)));
		hash.update('\0');
	}
	return hash.digest('hex').slice(0, 16);
}

function sleep(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Makes `dir` once with `make` (which returns why it could not, or undefined), a `.complete` file
 * inside marking it done; concurrent callers wait on `dir.lock`, taken as left behind after `staleMs`.
 */
export function once(dir: string, staleMs: number, make: (dir: string) => string | undefined): string | undefined {
	const complete = path.join(dir, '.complete');
	const lock = dir + '.lock';
	while (!fs.existsSync(complete)) {
		fs.mkdirSync(path.dirname(dir), { recursive: true });
		try {
			fs.mkdirSync(lock);
		} catch {
			try {
				if (Date.now() - fs.statSync(lock).mtimeMs > staleMs) fs.rmSync(lock, { recursive: true, force: true });
			} catch {}
			sleep(200);
			continue;
		}
		try {
			fs.rmSync(dir, { recursive: true, force: true });
			fs.mkdirSync(dir);
			const error = make(dir);
			if (error !== undefined) {
				fs.rmSync(dir, { recursive: true, force: true });
				return error;
			}
			fs.writeFileSync(complete, '');
		} finally {
			fs.rmSync(lock, { recursive: true, force: true });
		}
	}
	return undefined;
}

/** The folder of this build's tarball and shared projects. */
function packedDir(): string {
	return path.join(os.tmpdir(), 'velox-packed-' + packedHash());
}

/** The tarball of this build, packed on the first call of a run (or of an earlier run of the same build). */
export function packedTarball(): string {
	const dir = path.join(packedDir(), 'tarball');
	once(dir, 180_000, (into) => {
		execFileSync(npm, ['pack', '--silent', '--pack-destination', into], { cwd: packageRoot(), encoding: 'utf8', timeout: 120_000, env: withoutCoverage() });
		return undefined;
	});
	const tarball = fs.readdirSync(dir).find((name) => name.endsWith('.tgz'));
	if (!tarball) throw new Error('no tarball in ' + dir);
	return path.join(dir, tarball);
}

/**
 * A project named `name` installed from this build's tarball by `install` (given the folder and the
 * tarball; returns why it could not, or undefined), once for every file that asks for it; its
 * folder, or why it could not be installed. Its users must not write into it.
 */
export function sharedProject(name: string, install: (dir: string, tarball: string) => string | undefined): { dir: string; error?: string } {
	const tarball = packedTarball();
	const dir = path.join(packedDir(), name);
	const error = once(dir, 600_000, (into) => install(into, tarball));
	return { dir, error };
}
