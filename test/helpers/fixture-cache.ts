/**
 * A fixture project (a package.json and its lockfile under test/fixtures) installed once with
 * `npm ci` into a cache folder keyed by the lockfile's hash, and reused after: the Node binaries of
 * test/fixtures/node-lines (scripts/test-lines.js) and the agents of test/fixtures/apm-node22
 * (test/helpers/apm.ts). The folder is `<cache>/<name>-<hash>`, where `<cache>` is the environment
 * variable the caller names, else `$XDG_CACHE_HOME/velox`, else `~/.cache/velox`. A lock folder
 * beside it makes concurrent callers wait for the one installing; a `.complete` file inside marks a
 * finished install, so an interrupted one is started again.
 */
import { type StdioOptions, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FixtureCacheOptions {
	/** The folder holding the fixture's package.json and package-lock.json. */
	fixture: string;
	/** The install folder's name before the lockfile hash. */
	name: string;
	/** The environment variable that overrides the cache folder. */
	cacheVariable: string;
	/** How long `npm ci` may take. */
	timeoutMs: number;
	/** After how long another caller's lock folder is taken as left behind. */
	staleLockMs: number;
	/** npm's output: `inherit` shows its progress, `pipe` keeps it for the error. */
	stdio: 'inherit' | 'pipe';
	/** Said before installing; returns why it cannot be done, or false. */
	unavailable?: () => string | false;
	/** Called once when this caller starts an install. */
	onInstall?: (dir: string) => void;
}

/** The install folder, or why it could not be installed. */
export type FixtureInstall = { dir: string; error?: undefined } | { dir: string; error: string };

/** The folder `installFixture` installs into, without installing. */
export function fixtureCacheDir(options: Pick<FixtureCacheOptions, 'fixture' | 'name' | 'cacheVariable'>): string {
	const lock = fs.readFileSync(path.join(options.fixture, 'package-lock.json'));
	const hash = createHash('sha256').update(lock).digest('hex').slice(0, 12);
	const cacheRoot = process.env[options.cacheVariable] ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'velox');
	return path.join(cacheRoot, options.name + '-' + hash);
}

function sleep(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Installs the fixture unless a finished install is there; synchronous, so test files can call it as they load. */
export function installFixture(options: FixtureCacheOptions): FixtureInstall {
	const dir = fixtureCacheDir(options);
	const complete = path.join(dir, '.complete');
	const installing = dir + '.lock';
	while (!fs.existsSync(complete)) {
		fs.mkdirSync(path.dirname(dir), { recursive: true });
		try {
			fs.mkdirSync(installing);
		} catch {
			// Another caller is installing: wait for it, or for its lock to go stale.
			try {
				if (Date.now() - fs.statSync(installing).mtimeMs > options.staleLockMs) fs.rmSync(installing, { recursive: true, force: true });
			} catch {}
			sleep(500);
			continue;
		}
		try {
			const unavailable = options.unavailable?.();
			if (unavailable) return { dir, error: unavailable };
			options.onInstall?.(dir);
			fs.rmSync(dir, { recursive: true, force: true });
			fs.mkdirSync(dir);
			for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(options.fixture, file), path.join(dir, file));
			const stdio: StdioOptions = options.stdio === 'inherit' ? 'inherit' : 'pipe';
			const install = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
				cwd: dir,
				stdio,
				encoding: 'utf8',
				timeout: options.timeoutMs,
			});
			if (install.status !== 0) {
				fs.rmSync(dir, { recursive: true, force: true });
				const npmError = install.stderr?.split('\n').find((line) => /ERR/.test(line));
				return { dir, error: `npm ci in ${dir} failed: ${install.error?.message ?? npmError ?? 'exit ' + install.status}` };
			}
			fs.writeFileSync(complete, '');
		} finally {
			fs.rmSync(installing, { recursive: true, force: true });
		}
	}
	return { dir };
}
