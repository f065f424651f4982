/**
 * The NestJS 11 app of test/fixtures/nest11 on two installs (test/compat.nest11-v5.test.ts):
 * - express@5.3.0, the express Velox 5 answers as: the fixture's lockfile installed once with
 *   `npm ci` into a cache folder (fixture-cache.ts; `VELOX_NEST11_CACHE` overrides the cache
 *   folder). @nestjs/platform-express 11 pins express 5.2.1; the fixture's `overrides` gives it the
 *   top-level express, as an app does to run Nest on another express;
 * - Velox 5: this build packed by `npm run pack:5` (scripts/pack-line.js) and installed as
 *   `express` beside the same packages, through the same `overrides`; made once per build and
 *   fixture lockfile, in a folder beside the first named by both hashes.
 * `runDir` gives a folder for one run: the app's source compiled with the fixture's TypeScript,
 * and `node_modules` a link to one of the installs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fixtureCacheDir, installFixture } from './fixture-cache';
import { packageRoot } from './package-root';
import { once, packedHash, withoutCoverage } from './packed';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const nest11Fixture = path.join(packageRoot(), 'test', 'fixtures', 'nest11');

export type Framework = 'express5' | 'velox5';
export type Nest11Installs = { dirs: Record<Framework, string>; skip?: undefined } | { skip: string };

function npmUnavailable(): string | false {
	const version = spawnSync(npm, ['--version'], { encoding: 'utf8' });
	return version.error || version.status !== 0 ? 'npm is not available: ' + (version.error?.message ?? version.stderr) : false;
}

function run(command: string, args: string[], cwd: string): string | undefined {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000, env: withoutCoverage() });
	if (result.status === 0) return undefined;
	const npmError = result.stderr?.split('\n').find((line) => /ERR/.test(line));
	return `${path.basename(command)} ${args[0]} in ${cwd} failed: ${result.error?.message ?? npmError ?? result.stderr ?? 'exit ' + result.status}`;
}

/** Velox 5 packed and installed as express beside the fixture's packages, in `dir`. */
function installVelox5(dir: string): string | undefined {
	const packError = run(
		process.execPath,
		[path.join(packageRoot(), 'scripts', 'pack-line.js'), '5', '--pack-destination', path.join(dir, 'pack')],
		packageRoot(),
	);
	if (packError !== undefined) return packError;
	const tarball = fs.readdirSync(path.join(dir, 'pack')).find((name) => name.endsWith('.tgz'));
	if (tarball === undefined) return 'pack-line.js wrote no tarball in ' + path.join(dir, 'pack');
	const manifest = JSON.parse(fs.readFileSync(path.join(nest11Fixture, 'package.json'), 'utf8')) as {
		dependencies: Record<string, string>;
		overrides?: Record<string, string>;
	};
	manifest.dependencies.express = 'file:' + path.join(dir, 'pack', tarball);
	manifest.overrides = { express: '$express' };
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
	fs.copyFileSync(path.join(nest11Fixture, 'package-lock.json'), path.join(dir, 'package-lock.json'));
	return run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], dir);
}

let installs: Nest11Installs | undefined;

/** Both installs, made on the first call (minutes, then cached), or why they could not be. */
export function nest11Installs(): Nest11Installs {
	installs ??= install();
	return installs;
}

function install(): Nest11Installs {
	const options = {
		fixture: nest11Fixture,
		name: 'nest11',
		cacheVariable: 'VELOX_NEST11_CACHE',
		timeoutMs: 600_000,
		staleLockMs: 600_000,
		stdio: 'pipe' as const,
		unavailable: npmUnavailable,
	};
	const what = 'the packages of test/fixtures/nest11 (`npm ci` there, into ' + fixtureCacheDir(options) + ')';
	const express5 = installFixture(options);
	if (express5.error !== undefined) return { skip: express5.error + '; install ' + what };
	const velox5 = express5.dir + '-velox5-' + packedHash();
	const error = once(velox5, 600_000, installVelox5);
	if (error !== undefined)
		return { skip: error + '; install ' + what + ' and Velox 5 as express beside them (`npm run pack:5`, `npm install <tarball>` with overrides.express)' };
	return { dirs: { express5: express5.dir, velox5 } };
}

/** A folder under `work` for `framework`: the fixture's src/ and tsconfig.json, node_modules linked to its install. */
export function runDir(work: string, framework: Framework, install: string): string {
	const dir = path.join(work, framework);
	fs.mkdirSync(dir, { recursive: true });
	fs.cpSync(path.join(nest11Fixture, 'src'), path.join(dir, 'src'), { recursive: true });
	fs.copyFileSync(path.join(nest11Fixture, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
	fs.symlinkSync(path.join(install, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	return dir;
}

/** The fixture's TypeScript compiler on `dir`'s tsconfig.json (`--noEmit` or not): its output, empty when it passes. */
export function compile(dir: string, noEmit: boolean): { ok: boolean; output: string } {
	const tsc = path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
	const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', ...(noEmit ? ['--noEmit'] : [])], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 120_000,
		env: withoutCoverage(),
	});
	return { ok: result.status === 0, output: (result.stdout + result.stderr).trim() || (result.error?.message ?? '') };
}
